// The page's shell: tabs, and the helpers every family's script uses.
// Each family's script (static/<family>.js) calls Puzzle.register with a
// function that builds its tab inside the given <section>.
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

  function select(name) {
    for (const b of document.querySelectorAll("[role=tab][data-tab]")) {
      const on = b.dataset.tab === name;
      b.setAttribute("aria-selected", on ? "true" : "false");
      b.tabIndex = on ? 0 : -1;
      document.getElementById("tab-" + b.dataset.tab).hidden = !on;
    }
  }

  document.addEventListener("DOMContentLoaded", () => {
    const buttons = [...document.querySelectorAll("[role=tab][data-tab]")];
    for (const b of buttons) {
      const section = document.getElementById("tab-" + b.dataset.tab);
      const mount = mounts.get(b.dataset.tab);
      if (mount) mount(section);
      else section.append(el("p", {class: "message error"}, "This tab's script did not load."));
      b.addEventListener("click", () => {
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
    select(buttons.some((b) => b.dataset.tab === wanted) ? wanted : buttons[0].dataset.tab);
  });

  return {el, svg, api, message, register};
})();
