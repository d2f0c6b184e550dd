// The play machinery every family's tab shares: an undo/redo history, a
// timer, progress kept in localStorage per puzzle, share links that carry
// a puzzle in the URL fragment, and a keyboard grid (roving tabindex, ARIA
// roles and labels). Plain script, loaded after app.js: Puzzle.play.
"use strict";

Puzzle.play = (() => {
  const {el} = Puzzle;

  // History is an undo/redo stack of steps, whatever a family calls a
  // step (a move, a cell change): undo and redo return the step to take
  // back or take again, and the family applies it.
  class History {
    constructor(done = [], undone = []) {
      this.done = done.slice();
      this.undone = undone.slice();
    }
    push(step) {
      this.done.push(step);
      this.undone.length = 0;
    }
    undo() {
      if (!this.done.length) return undefined;
      const s = this.done.pop();
      this.undone.push(s);
      return s;
    }
    redo() {
      if (!this.undone.length) return undefined;
      const s = this.undone.pop();
      this.done.push(s);
      return s;
    }
    get canUndo() { return this.done.length > 0; }
    get canRedo() { return this.undone.length > 0; }
    clear() {
      this.done.length = 0;
      this.undone.length = 0;
    }
  }

  // Timer counts the time played; onTick gets the elapsed text once a
  // second while it runs, and on every start, stop and reset.
  class Timer {
    constructor(onTick) {
      this.onTick = onTick || (() => {});
      this.base = 0;      // ms counted before the current run
      this.since = null;  // performance.now() at the current run's start
      this.tick = null;
    }
    get ms() { return this.base + (this.since === null ? 0 : performance.now() - this.since); }
    get running() { return this.since !== null; }
    get text() { return Timer.format(this.ms); }
    start() {
      if (this.running) return;
      this.since = performance.now();
      this.tick = setInterval(() => this.onTick(this.text), 1000);
      this.onTick(this.text);
    }
    stop() {
      if (!this.running) return;
      this.base = this.ms;
      this.since = null;
      clearInterval(this.tick);
      this.onTick(this.text);
    }
    reset(ms = 0) {
      if (this.running) clearInterval(this.tick);
      this.base = ms;
      this.since = null;
      this.onTick(this.text);
    }
    static format(ms) {
      const s = Math.floor(ms / 1000), h = Math.floor(s / 3600), m = Math.floor(s / 60) % 60;
      const two = (x) => String(x).padStart(2, "0");
      return (h ? h + ":" + two(m) : String(m)) + ":" + two(s % 60);
    }
  }

  // The progress of a puzzle is kept under "puzzle:<family>:<key>", the
  // key being the puzzle's canonical text, so the same puzzle, however it
  // was reached (shuffled, typed, shared), finds its progress again.
  const storeKey = (family, key) => "puzzle:" + family + ":" + key;
  function save(family, key, value) {
    try {
      localStorage.setItem(storeKey(family, key), JSON.stringify(value));
      return true;
    } catch {
      return false; // storage disabled or full: play goes on unsaved
    }
  }
  function load(family, key) {
    try {
      const v = localStorage.getItem(storeKey(family, key));
      return v === null ? null : JSON.parse(v);
    } catch {
      return null;
    }
  }
  function forget(family, key) {
    try {
      localStorage.removeItem(storeKey(family, key));
    } catch {
      // nothing kept, nothing to forget
    }
  }

  // A share link is the page's address with the fragment
  // "#<family>?<params>": the tab, then what the family needs to rebuild
  // the puzzle (and, if asked, the progress).
  function shareURL(family, params) {
    const q = new URLSearchParams(Object.entries(params).filter(([, v]) => v !== undefined && v !== null && v !== ""));
    return location.origin + location.pathname + "#" + family + "?" + q.toString();
  }

  // shared returns the params of a share link for the family the page was
  // opened with, or null.
  function shared(family) {
    const h = location.hash.slice(1), i = h.indexOf("?");
    if (i < 0 || h.slice(0, i) !== family) return null;
    return Object.fromEntries(new URLSearchParams(h.slice(i + 1)));
  }

  // shareBox builds the share controls: a button that makes the link
  // (params() gives the puzzle; withProgress tells whether to add the
  // progress), shows it in a read-only field and copies it when it can.
  function shareBox(family, params) {
    const prog = el("input", {type: "checkbox", id: family + "-share-progress"});
    const out = el("input", {type: "text", readonly: true, id: family + "-share-link", class: "share-link",
      "aria-label": "Share link", hidden: true});
    const make = () => {
      out.value = shareURL(family, params(prog.checked));
      out.hidden = false;
      out.select();
      if (navigator.clipboard && window.isSecureContext) navigator.clipboard.writeText(out.value).catch(() => {});
    };
    return el("div", {class: "share"},
      el("div", {class: "toolbar"},
        el("button", {type: "button", id: family + "-share", onclick: make, title: "A link that opens this puzzle"}, "Share link"),
        el("label", {}, prog, " with my progress")),
      out);
  }

  // grid makes box a keyboard grid of rows×cols cells: role grid, rows
  // and gridcells, one cell in the tab order (roving tabindex), arrows,
  // Home/End and PageUp/PageDown to move, Enter or Space to activate.
  // opt.label(r, c) names a cell for screen readers ("row 3, column 5,
  // queen"); opt.activate(r, c, ev) runs on Enter, Space and click;
  // opt.key(r, c, ev) sees other keys first and returns true when it took
  // one. Cells carry data-r and data-c from 0.
  function grid(box, opt) {
    let rows = 0, cols = 0, cur = 0;
    let cells = [];
    box.setAttribute("role", "grid");
    const at = (r, c) => cells[r * cols + c];

    function build(r, c, cellAttrs) {
      rows = r;
      cols = c;
      cells = [];
      const lines = [];
      for (let i = 0; i < r; i++) {
        const line = el("div", {role: "row", class: "grid-row"});
        for (let j = 0; j < c; j++) {
          const d = el("div", {role: "gridcell", tabindex: -1, "data-r": i, "data-c": j, ...(cellAttrs ? cellAttrs(i, j) : {})});
          cells.push(d);
          line.append(d);
        }
        lines.push(line);
      }
      box.replaceChildren(...lines);
      cur = 0;
      if (cells.length) cells[0].tabIndex = 0;
      refresh();
    }

    function focus(r, c, take = true) {
      r = Math.max(0, Math.min(rows - 1, r));
      c = Math.max(0, Math.min(cols - 1, c));
      if (cells[cur]) cells[cur].tabIndex = -1;
      cur = r * cols + c;
      cells[cur].tabIndex = 0;
      if (take) cells[cur].focus();
    }

    function refresh() {
      if (!opt.label) return;
      for (let i = 0; i < cells.length; i++) cells[i].setAttribute("aria-label", opt.label(Math.floor(i / cols), i % cols));
    }

    const cellOf = (ev) => {
      const d = ev.target.closest("[role=gridcell]");
      return d && box.contains(d) ? [Number(d.dataset.r), Number(d.dataset.c)] : null;
    };

    box.addEventListener("keydown", (ev) => {
      const p = cellOf(ev);
      if (!p) return;
      let [r, c] = p;
      if (opt.key && opt.key(r, c, ev)) {
        ev.preventDefault();
        return;
      }
      switch (ev.key) {
        case "ArrowUp": r--; break;
        case "ArrowDown": r++; break;
        case "ArrowLeft": c--; break;
        case "ArrowRight": c++; break;
        case "Home": c = 0; if (ev.ctrlKey) r = 0; break;
        case "End": c = cols - 1; if (ev.ctrlKey) r = rows - 1; break;
        case "PageUp": r = 0; break;
        case "PageDown": r = rows - 1; break;
        case "Enter": case " ":
          ev.preventDefault();
          if (opt.activate) opt.activate(r, c, ev);
          return;
        default: return;
      }
      ev.preventDefault();
      focus(r, c);
    });
    box.addEventListener("click", (ev) => {
      const p = cellOf(ev);
      if (!p) return;
      focus(p[0], p[1], false);
      if (opt.activate) opt.activate(p[0], p[1], ev);
    });

    return {
      build, focus, refresh, at,
      get cells() { return cells; },
      get rows() { return rows; },
      get cols() { return cols; },
      get current() { return [Math.floor(cur / cols), cur % cols]; },
    };
  }

  return {History, Timer, save, load, forget, shareURL, shared, shareBox, grid};
})();
