// The page's shell: tabs, and the helpers every family's script uses.
// Each family's script (static/<family>.js) calls Puzzle.register with a
// function that builds its tab inside the given <section>. The page loads
// only this script; it loads a tab's scripts when the tab is first wanted.
"use strict";

const Puzzle = (() => {
  const mounts = new Map();
  const SVG = "http://www.w3.org/2000/svg";

  // el builds an element: el("button", {class: "x", onclick: f}, "text", child).
  function el(tag, attrs, ...children) {
    const e = document.createElement(tag);
    setAttrs(e, attrs);
    for (const c of children.flat()) {
      if (c !== null && c !== undefined && c !== false) e.append(c);
    }
    return e;
  }

  // svg builds an SVG element with attributes.
  function svg(tag, attrs, ...children) {
    const e = document.createElementNS(SVG, tag);
    setAttrs(e, attrs);
    for (const c of children.flat()) {
      if (c !== null && c !== undefined) e.append(c);
    }
    return e;
  }

  function setAttrs(e, attrs) {
    for (const [k, v] of Object.entries(attrs || {})) {
      if (v === null || v === undefined || v === false) continue;
      if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
      else if (k === "text") e.textContent = v;
      else e.setAttribute(k, v === true ? "" : String(v));
    }
  }

  // api calls the JSON API. It resolves to {status, data, headers} for any
  // answer the server gives (errors included: data.error says why), and
  // rejects only when the server cannot be reached.
  async function api(path, {body, query, method} = {}) {
    const q = query ? "?" + new URLSearchParams(
      Object.entries(query).filter(([, v]) => v !== undefined && v !== null && v !== "")).toString() : "";
    let resp;
    try {
      resp = await fetch(path + q, {
        method: method || (body === undefined ? "GET" : "POST"),
        headers: body === undefined ? {} : {"Content-Type": "text/plain; charset=utf-8"},
        body,
      });
    } catch (err) {
      throw new Error("The server cannot be reached (" + err.message + "). Is 'puzzle serve' still running?");
    }
    const type = resp.headers.get("Content-Type") || "";
    const data = type.startsWith("application/json") ? await resp.json() : await resp.text();
    return {status: resp.status, data, headers: resp.headers};
  }

  // message writes a status line: kind is "ok", "warn", "error" or "info".
  function message(target, kind, text) {
    target.className = "message " + kind;
    target.textContent = text;
    target.hidden = !text;
  }

  function register(name, mount) {
    mounts.set(name, mount);
  }

  // load runs a script once, whoever asks for it first. Scripts added this
  // way run in the order they were asked for (async = false), so a tab's
  // list (the shared play.js and download.js, then its own) runs in order.
  const scripts = new Map();
  function load(src) {
    if (!scripts.has(src)) {
      scripts.set(src, new Promise((done, fail) => {
        const s = el("script", {src});
        s.async = false;
        s.addEventListener("load", done);
        s.addEventListener("error", () => fail(new Error(src + " did not load")));
        document.head.append(s);
      }));
    }
    return scripts.get(src);
  }

  // mount builds a tab the first time it is wanted: the selected one at
  // load, the others when selected or when the browser is idle, so that
  // the first paint waits for neither the other tabs' scripts nor their
  // building. Each tab's button names its scripts (data-scripts); a tab is
  // aria-busy until it is built.
  const mounted = new Map();
  function mount(name) {
    if (!mounted.has(name)) {
      const button = document.getElementById("tabbtn-" + name);
      const section = document.getElementById("tab-" + name);
      const wanted = (button.dataset.scripts || "").split(" ").filter(Boolean);
      mounted.set(name, Promise.all(wanted.map(load)).then(() => true, () => false).then((ok) => {
        const build = mounts.get(name);
        if (ok && build) build(section);
        else section.append(el("p", {class: "message error"}, "This tab's script did not load."));
        section.removeAttribute("aria-busy");
      }));
    }
    return mounted.get(name);
  }

  // select shows a tab; a click also builds it (mount) if it is not yet.
  function select(name) {
    for (const b of document.querySelectorAll("[role=tab][data-tab]")) {
      const on = b.dataset.tab === name;
      b.setAttribute("aria-selected", on ? "true" : "false");
      b.tabIndex = on ? 0 : -1;
      document.getElementById("tab-" + b.dataset.tab).hidden = !on;
    }
  }

  // This script comes inline at the end of the page: its tabs exist.
  const buttons = [...document.querySelectorAll("[role=tab][data-tab]")];
  for (const b of buttons) {
    b.addEventListener("click", () => {
      mount(b.dataset.tab);
      select(b.dataset.tab);
      history.replaceState(null, "", "#" + b.dataset.tab);
    });
    b.addEventListener("keydown", (ev) => {
      const i = buttons.indexOf(b);
      const next = ev.key === "ArrowRight" ? buttons[(i + 1) % buttons.length]
        : ev.key === "ArrowLeft" ? buttons[(i + buttons.length - 1) % buttons.length] : null;
      if (next) {
        next.click();
        next.focus();
      }
    });
  }
  const wanted = location.hash.slice(1).split("?")[0]; // "#sliding?board=..." is a share link
  const first = buttons.some((b) => b.dataset.tab === wanted) ? wanted : buttons[0].dataset.tab;
  select(first);
  // The other tabs are built one at a time when the browser has nothing
  // else to do, so that a later click finds its tab ready.
  const idle = window.requestIdleCallback || ((f) => setTimeout(f, 50));
  const rest = buttons.map((b) => b.dataset.tab).filter((name) => name !== first);
  const next = () => {
    const name = rest.shift();
    if (name !== undefined) mount(name).then(() => idle(next));
  };
  // The selected tab is built once the header and the tabs are on the
  // screen (the first contentful paint), which then waits for the page
  // and its style sheet only; a timer stands in for the paint where the
  // browser does not report it or does not draw the page.
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    mount(first).then(() => idle(next));
  };
  if (window.PerformanceObserver && PerformanceObserver.supportedEntryTypes.includes("paint")) {
    new PerformanceObserver((list, observer) => {
      if (list.getEntriesByName("first-contentful-paint").length) {
        observer.disconnect();
        setTimeout(start);
      }
    }).observe({type: "paint", buffered: true});
    setTimeout(start, 250);
  } else {
    requestAnimationFrame(() => setTimeout(start));
  }

  return {el, svg, api, message, register};
})();
