// Nonogram play: a board a person fills and crosses with mouse, touch and
// keyboard, with undo/redo, a timer, saved progress, check and hints.
// Plain script, loaded after play.js: Puzzle.nonoplay.
//
// A cell holds 0 (not yet decided), -1 (crossed: the player says empty)
// or k ≥ 1, filled with colour k of the palette (palette[0] is the
// background; a black-and-white puzzle has one colour, 1).
//
// Greyed clues. A line's clue numbers are all greyed when the runs of its
// filled cells are exactly its clue (same lengths and colours, in order).
// Otherwise a number is greyed when its run is placed and matched from an
// end of the line: walking from the left, past crossed cells, each run
// that is closed on both sides (by a line end, a cross or another colour)
// and preceded only by crossed cells and closed runs is matched to the
// next clue number, while lengths and colours agree; the first undecided
// cell or disagreement ends the walk. The same from the right, for the
// numbers the left walk did not reach.
"use strict";

Puzzle.nonoplay = (() => {
  const {el} = Puzzle;
  const {History, Timer, save, load, forget, shareBox} = Puzzle.play;

  // runs lists the runs of filled cells of a line: [length, colour] each.
  function runs(line) {
    const out = [];
    for (let i = 0; i < line.length;) {
      const v = line[i];
      if (v <= 0) { i++; continue; }
      let j = i;
      while (j < line.length && line[j] === v) j++;
      out.push([j - i, v]);
      i = j;
    }
    return out;
  }

  const same = (a, b) => a[0] === b[0] && a[1] === b[1];

  // matches tells whether the line's filled cells are exactly its clue.
  function matches(line, clue) {
    const r = runs(line);
    return r.length === clue.length && r.every((x, k) => same(x, clue[k]));
  }

  // greyed returns, per clue number, whether it is greyed (see above).
  function greyed(line, clue) {
    const g = clue.map(() => false);
    if (matches(line, clue)) return g.fill(true);
    const n = line.length;
    // walk from one end: step +1 from 0, or -1 from n-1; k walks the clue
    // the same way. It returns the index of the last clue number matched.
    const walk = (dir, k, stopK) => {
      let i = dir > 0 ? 0 : n - 1;
      const inside = (x) => x >= 0 && x < n;
      for (;;) {
        while (inside(i) && line[i] === -1) i += dir;
        if (!inside(i) || line[i] === 0) return;
        const v = line[i];
        let j = i;
        while (inside(j) && line[j] === v) j += dir;
        if (inside(j) && line[j] === 0) return; // not closed
        if (k === stopK || !same([Math.abs(j - i), v], clue[k])) return;
        g[k] = true;
        k += dir;
        i = j;
      }
    };
    walk(1, 0, clue.length);
    let left = g.indexOf(false);
    if (left < 0) return g;
    walk(-1, clue.length - 1, left - 1);
    return g;
  }

  // Board is one game: the clues, the palette, the player's cells, the
  // solution (null when the puzzle has none, or several pictures), and
  // the solver's steps for hints.
  function mount(box, game, onEvent) {
    const {rows: h, cols: w, rowClues, colClues, palette, key} = game;
    const cells = new Int8Array(w * h);
    const history = new History();
    const clock = el("span", {class: "counter", id: "nonogram-clock"}, "time 0:00");
    const timer = new Timer((t) => { clock.textContent = "time " + t; });
    let tool = 1; // colour k ≥ 1 fills, -1 crosses
    let done = false;
    let hint = null; // {step, index} shown by the last hint

    // ---- layout ----
    const rs = Math.max(1, ...rowClues.map((c) => c.length));
    const colour = (k) => "#" + (palette[k].rgb || "000000");
    const clueSpan = (x) => {
      const s = el("span", {class: "num"}, String(x[0]));
      if (palette.length > 2) {
        s.style.background = colour(x[1]);
        s.classList.add("coloured", light(palette[x[1]].rgb) ? "on-light" : "on-dark");
      }
      return s;
    };
    const colBox = el("div", {class: "np-cols", "aria-hidden": "true"});
    const rowBox = el("div", {class: "np-rows", "aria-hidden": "true"});
    const colSpans = colClues.map((cl) => {
      const spans = cl.map(clueSpan);
      colBox.append(el("div", {class: "np-clue"}, spans.length ? spans : el("span", {class: "num zero"}, "0")));
      return spans;
    });
    const rowSpans = rowClues.map((cl) => {
      const spans = cl.map(clueSpan);
      rowBox.append(el("div", {class: "np-clue"}, spans.length ? spans : el("span", {class: "num zero"}, "0")));
      return spans;
    });
    const gridBox = el("div", {class: "np-grid", id: "nonogram-grid", "aria-label": `Nonogram, ${h} rows by ${w} columns`,
      "data-rows": h, "data-cols": w});
    const boardEl = el("div", {class: "np-board", id: "nonogram-playboard"},
      el("div", {class: "np-corner"}), colBox, rowBox, gridBox);
    // The cell size fits the board to the width it has (at least 16 px:
    // a narrower box scrolls the board, not the page).
    const fit = () => {
      const avail = box.clientWidth || 600;
      const cell = Math.max(16, Math.min(30, Math.floor((avail - 8) / (w + rs * 0.9))));
      boardEl.style.setProperty("--cell", cell + "px");
    };
    window.addEventListener("resize", fit);

    const word = (v) => v === 0 ? "empty" : v < 0 ? "crossed"
      : palette.length > 2 ? "filled " + (palette[v].name || "colour " + v) : "filled";
    const label = (r, c) => `row ${r + 1}, column ${c + 1}, ${word(cells[r * w + c])}`;
    const grid = Puzzle.play.grid(gridBox, {
      label,
      activate: (r, c, ev) => { if (ev.type !== "click") apply([r * w + c], toggled(r * w + c, tool)); },
      key: onKey,
    });
    grid.build(h, w, (r, c) => ({class: "np-cell" + (c % 5 === 4 && c < w - 1 ? " b5r" : "") + (r % 5 === 4 && r < h - 1 ? " b5b" : "")}));

    // ---- tools ----
    const toolBtns = [];
    const toolBtn = (k, text, title) => {
      const b = el("button", {type: "button", class: "tool", "data-tool": k, "aria-pressed": String(k === tool), title,
        onclick: () => setTool(k)}, text);
      if (k > 0 && palette.length > 2) {
        const sw = el("span", {class: "swatch"});
        sw.style.background = colour(k); // a style attribute would break the page's content security policy
        b.prepend(sw);
      }
      toolBtns.push(b);
      return b;
    };
    const tools = el("div", {class: "toolbar np-tools", role: "group", "aria-label": "Paint with"},
      palette.slice(1).map((p, i) => toolBtn(i + 1, palette.length > 2 ? (p.name || "colour " + (i + 1)) : "Fill",
        palette.length > 2 ? "Paint " + (p.name || "colour " + (i + 1)) + " (key " + (i + 1) + ")" : "Fill cells (Space)")),
      toolBtn(-1, "✕ Cross", "Mark cells empty (X)"));
    const undoBtn = el("button", {type: "button", id: "nonogram-undo", onclick: undo, title: "Undo (U or Ctrl+Z)"}, "Undo");
    const redoBtn = el("button", {type: "button", id: "nonogram-redo", onclick: redo, title: "Redo (Y or Ctrl+Y)"}, "Redo");
    const checkBtn = el("button", {type: "button", id: "nonogram-check", onclick: check, title: "Mark the wrong cells (C)"}, "Check");
    const hintBtn = el("button", {type: "button", id: "nonogram-hint", onclick: giveHint,
      title: "The next deduction (H); again applies it"}, "Hint");
    const restartBtn = el("button", {type: "button", id: "nonogram-restart", onclick: restart, title: "Clear the board"}, "Restart");
    const msg = el("p", {class: "step-text", id: "nonogram-playmsg", "aria-live": "polite"});
    const share = shareBox("nonogram", (withProgress) => ({t: game.text, f: game.format || "", p: withProgress ? packed() : ""}));
    box.replaceChildren(
      tools,
      el("div", {class: "toolbar"}, undoBtn, redoBtn, checkBtn, hintBtn, restartBtn, clock),
      el("div", {class: "np-scroll"}, boardEl), msg,
      el("p", {class: "help"}, "Click or drag to paint a run (the first cell's new state goes along the row or column); right-click crosses. " +
        "Keys: arrows move, Space or Enter fills, X crosses, Delete clears, 1–9 pick a colour, U undo, Y redo, C check, H hint."),
      share);

    function setTool(k) {
      tool = k;
      for (const b of toolBtns) b.setAttribute("aria-pressed", String(Number(b.dataset.tool) === k));
    }

    // ---- state ----
    // toggled is the state a tool gives a cell: the tool's, or 0 when the
    // cell has it already.
    const toggled = (i, k) => cells[i] === k ? 0 : k;

    // apply sets the cells to v as one step of the history.
    function apply(idx, v, record = true) {
      if (done) return;
      const change = [];
      for (const i of idx) if (cells[i] !== v) change.push([i, cells[i], v]);
      if (!change.length) return;
      if (record) history.push(change);
      set(change, 2);
    }

    // set writes the changes (k: 2 for the new state, 1 for the old one).
    function set(change, k) {
      const lines = new Set();
      for (const ch of change) {
        const i = ch[0];
        cells[i] = ch[k];
        draw(i);
        lines.add("r" + Math.floor(i / w));
        lines.add("c" + (i % w));
      }
      for (const l of lines) greyLine(l[0] === "r", Number(l.slice(1)));
      clearHint();
      if (!timer.running && !done) timer.start();
      buttons();
      finished();
      store();
    }

    function draw(i) {
      const d = grid.cells[i], v = cells[i];
      d.className = "np-cell" + (d.classList.contains("b5r") ? " b5r" : "") + (d.classList.contains("b5b") ? " b5b" : "") +
        (v > 0 ? " filled" : v < 0 ? " crossed" : "");
      d.style.background = v > 0 && palette.length > 2 ? colour(v) : "";
      d.setAttribute("aria-label", label(Math.floor(i / w), i % w));
    }

    const lineOf = (row, j) => {
      const out = [];
      if (row) for (let c = 0; c < w; c++) out.push(cells[j * w + c]);
      else for (let r = 0; r < h; r++) out.push(cells[r * w + j]);
      return out;
    };

    function greyLine(row, j) {
      const clue = (row ? rowClues : colClues)[j];
      const spans = (row ? rowSpans : colSpans)[j];
      const g = greyed(lineOf(row, j), clue);
      for (let k = 0; k < spans.length; k++) spans[k].classList.toggle("done", g[k]);
    }

    function greyAll() {
      for (let r = 0; r < h; r++) greyLine(true, r);
      for (let c = 0; c < w; c++) greyLine(false, c);
    }

    function buttons() {
      undoBtn.disabled = done || !history.canUndo;
      redoBtn.disabled = done || !history.canRedo;
      checkBtn.disabled = hintBtn.disabled = done;
      boardEl.dataset.filled = String(cells.reduce((n, v) => n + (v > 0), 0));
    }

    // finished ends the game when every line's filled cells are its clue.
    function finished() {
      for (let r = 0; r < h; r++) if (!matches(lineOf(true, r), rowClues[r])) return;
      for (let c = 0; c < w; c++) if (!matches(lineOf(false, c), colClues[c])) return;
      done = true;
      timer.stop();
      boardEl.dataset.state = "solved";
      msg.textContent = "Solved in " + timer.text + "!";
      onEvent("solved", timer.text);
      buttons();
    }

    function undo() {
      const s = history.undo();
      if (s) set(s, 1);
    }
    function redo() {
      const s = history.redo();
      if (s) set(s, 2);
    }

    function restart() {
      done = false;
      boardEl.dataset.state = "playing";
      history.clear();
      cells.fill(0);
      for (let i = 0; i < cells.length; i++) draw(i);
      greyAll();
      timer.reset();
      msg.textContent = "";
      buttons();
      forget("nonogram", key);
    }

    // ---- saved progress: cells as one character each ----
    const chars = ".x123456789abcdefghijklmnopqrstuvwxyz";
    const code = (v) => v < 0 ? "x" : chars[v === 0 ? 0 : v + 1];
    const decode = (ch) => ch === "x" ? -1 : Math.max(0, chars.indexOf(ch) - 1);
    function packed() {
      let s = "";
      for (const v of cells) s += code(v);
      return s;
    }
    const packChange = (ch) => ch.map(([i, a, b]) => i + code(a) + code(b)).join(",");
    const unpackChange = (s) => s.split(",").map((x) => [Number(x.slice(0, -2)), decode(x.at(-2)), decode(x.at(-1))]);
    function store() {
      save("nonogram", key, {cells: packed(), ms: Math.round(timer.ms), done,
        undo: history.done.map(packChange), redo: history.undone.map(packChange)});
    }
    function restore(p) {
      if (typeof p.cells !== "string" || p.cells.length !== cells.length) return;
      for (let i = 0; i < cells.length; i++) {
        const v = decode(p.cells[i]);
        cells[i] = v < palette.length ? v : 0;
      }
      try {
        for (const s of p.undo || []) history.done.push(unpackChange(s));
        for (const s of p.redo || []) history.undone.push(unpackChange(s));
      } catch {
        history.clear();
      }
      timer.reset(p.ms || 0);
    }

    // ---- check and hint ----
    function wrongCells() {
      const out = [];
      if (!game.solution) return out;
      for (let i = 0; i < cells.length; i++) {
        const v = cells[i], s = game.solution[i];
        if ((v > 0 && v !== s) || (v < 0 && s > 0)) out.push(i);
      }
      return out;
    }

    function check() {
      for (const d of gridBox.querySelectorAll(".wrong")) d.classList.remove("wrong");
      if (!game.solution) {
        msg.textContent = "Several pictures meet these clues: there is no one answer to check against.";
        return;
      }
      const bad = wrongCells();
      for (const i of bad) grid.cells[i].classList.add("wrong");
      boardEl.dataset.wrong = String(bad.length);
      const open = cells.reduce((n, v, i) => n + (v === 0 && game.solution[i] > 0), 0);
      msg.textContent = bad.length ? bad.length + (bad.length === 1 ? " cell is" : " cells are") + " wrong, marked in red."
        : "No mistakes so far; " + open + " cells still to fill.";
    }

    // want is what the player's cell must hold for a step's cell: filled
    // (any colour the solution gives) or crossed.
    const settled = (i, fill) => fill ? cells[i] > 0 : cells[i] < 0;

    function clearHint() {
      if (!hint) return;
      for (const d of gridBox.querySelectorAll(".hint-fill, .hint-cross")) d.classList.remove("hint-fill", "hint-cross");
      for (const s of boardEl.querySelectorAll(".np-clue.active")) s.classList.remove("active");
      delete boardEl.dataset.hint;
      hint = null;
    }

    // giveHint shows the first of the solver's steps that settles a cell
    // the player has not: its line, why, and the cells; asked again, it
    // applies them.
    function giveHint() {
      if (hint) {
        const {fill, empty} = hint;
        const change = [];
        for (const i of fill) if (cells[i] <= 0) change.push([i, cells[i], game.solution ? game.solution[i] : 1]);
        for (const i of empty) if (cells[i] >= 0) change.push([i, cells[i], -1]);
        clearHint();
        if (change.length) {
          history.push(change);
          set(change, 2);
        }
        return;
      }
      const bad = wrongCells();
      if (bad.length) {
        check();
        msg.textContent = "First fix the " + bad.length + (bad.length === 1 ? " wrong cell" : " wrong cells") + ", marked in red.";
        return;
      }
      for (const step of game.steps || []) {
        const fill = (step.filled_cells || []).map(({row, col}) => row * w + col).filter((i) => !settled(i, true));
        const empty = (step.empty_cells || []).map(({row, col}) => row * w + col).filter((i) => !settled(i, false));
        if (!fill.length && !empty.length) continue;
        const why = step.text.charAt(0).toUpperCase() + step.text.slice(1);
        show(step, fill, empty, /[.!?]$/.test(why) ? why : why + ".");
        return;
      }
      // The deductions are done (or there are none, as for a colour
      // puzzle): the solution settles the next open cell.
      if (game.solution) {
        for (let i = 0; i < cells.length; i++) {
          const s = game.solution[i];
          if ((s > 0 && cells[i] <= 0) || (s === 0 && cells[i] === 0)) {
            const where = "r" + (Math.floor(i / w) + 1) + "c" + (i % w + 1);
            show({cell: {row: Math.floor(i / w), col: i % w}}, s > 0 ? [i] : [], s > 0 ? [] : [i],
              (game.steps ? "The line deductions end here; the solver's search" : "The solution") +
              " settles " + where + ": " + (s > 0 ? word(s) : "empty") + ".");
            return;
          }
        }
      }
      msg.textContent = "No hint: every cell the solver settles is already in place.";
    }

    function show(step, fill, empty, text) {
      hint = {fill, empty};
      for (const i of fill) grid.cells[i].classList.add("hint-fill");
      for (const i of empty) grid.cells[i].classList.add("hint-cross");
      if (step.row !== undefined) rowBox.children[step.row].classList.add("active");
      if (step.col !== undefined) colBox.children[step.col].classList.add("active");
      boardEl.dataset.hint = step.row !== undefined ? "row " + step.row : step.col !== undefined ? "col " + step.col
        : "cell " + step.cell.row + " " + step.cell.col;
      msg.textContent = "Hint: " + text + " It settles " + (fill.length ? fill.length + " filled" : "") +
        (fill.length && empty.length ? " and " : "") + (empty.length ? empty.length + " empty" : "") +
        (fill.length + empty.length === 1 ? " cell" : " cells") + ", outlined; Hint again applies it.";
    }

    // ---- keys and the pointer ----
    function onKey(r, c, ev) {
      const i = r * w + c;
      if (ev.ctrlKey || ev.metaKey) {
        if (ev.key === "z" || ev.key === "Z") { ev.shiftKey ? redo() : undo(); return true; }
        if (ev.key === "y") { redo(); return true; }
        return false;
      }
      switch (ev.key) {
        case " ": case "Enter":
          apply([i], toggled(i, tool > 0 ? tool : 1));
          return true;
        case "x": case "X": apply([i], toggled(i, -1)); return true;
        case "Delete": case "Backspace": apply([i], 0); return true;
        case "u": case "U": undo(); return true;
        case "y": case "Y": redo(); return true;
        case "c": case "C": check(); return true;
        case "h": case "H": giveHint(); return true;
      }
      if (/^[1-9]$/.test(ev.key) && Number(ev.key) < palette.length) {
        setTool(Number(ev.key));
        return true;
      }
      return false;
    }

    // A drag paints a run: the first cell's new state goes to every cell
    // from it to the pointer, along the row or the column the drag
    // started on. The whole drag is one step of the history.
    let drag = null;
    const cellAt = (x, y) => {
      const d = document.elementFromPoint(x, y);
      const cell = d && d.closest(".np-cell");
      return cell && gridBox.contains(cell) ? [Number(cell.dataset.r), Number(cell.dataset.c)] : null;
    };
    gridBox.addEventListener("contextmenu", (ev) => ev.preventDefault());
    gridBox.addEventListener("pointerdown", (ev) => {
      const p = cellAt(ev.clientX, ev.clientY);
      if (!p || done || ev.button > 2) return;
      ev.preventDefault();
      try {
        gridBox.setPointerCapture(ev.pointerId); // touch keeps sending moves here
      } catch {
        // a synthetic event's pointer cannot be captured
      }
      const i = p[0] * w + p[1];
      const k = ev.button === 2 ? -1 : tool;
      drag = {r: p[0], c: p[1], v: toggled(i, k), axis: null, change: new Map()};
      paint([i]);
      grid.focus(p[0], p[1]);
    });
    gridBox.addEventListener("pointermove", (ev) => {
      if (!drag) return;
      const p = cellAt(ev.clientX, ev.clientY);
      if (!p || (p[0] === drag.r && p[1] === drag.c && !drag.axis)) return;
      if (!drag.axis) drag.axis = Math.abs(p[0] - drag.r) >= Math.abs(p[1] - drag.c) ? "col" : "row";
      const idx = [];
      if (drag.axis === "row") {
        const [a, b] = [Math.min(drag.c, p[1]), Math.max(drag.c, p[1])];
        for (let c = a; c <= b; c++) idx.push(drag.r * w + c);
      } else {
        const [a, b] = [Math.min(drag.r, p[0]), Math.max(drag.r, p[0])];
        for (let r = a; r <= b; r++) idx.push(r * w + drag.c);
      }
      paint(idx);
    });
    const endDrag = () => {
      if (!drag) return;
      const change = [...drag.change.values()].filter((ch) => ch[1] !== ch[2]);
      drag = null;
      if (change.length) {
        history.push(change);
        buttons();
        store();
      }
    };
    gridBox.addEventListener("pointerup", endDrag);
    gridBox.addEventListener("pointercancel", endDrag);

    // paint gives the drag's state to the cells, keeping each cell's
    // state before the drag for its history step.
    function paint(idx) {
      if (done) return;
      const change = [];
      for (const i of idx) {
        if (cells[i] === drag.v) continue;
        if (!drag.change.has(i)) drag.change.set(i, [i, cells[i], drag.v]);
        change.push([i, cells[i], drag.v]);
      }
      if (change.length) set(change, 2);
    }

    // ---- start ----
    fit();
    const kept = load("nonogram", key);
    if (game.progress) restore({cells: game.progress});
    else if (kept) restore(kept);
    for (let i = 0; i < cells.length; i++) draw(i);
    greyAll();
    boardEl.dataset.state = "playing";
    buttons();
    if (kept && kept.done) finished();
    if (game.progress) store();

    return {
      cells, grid, check, hint: giveHint, undo, redo,
      stop: () => { timer.stop(); window.removeEventListener("resize", fit); },
      focus: () => grid.focus(...grid.current),
    };
  }

  // light tells whether text on the colour should be black rather than
  // white: the one with more contrast, by WCAG's relative luminance.
  function light(rgb) {
    const n = parseInt(rgb || "000000", 16);
    const f = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
    const l = 0.2126 * f(n >> 16) + 0.7152 * f((n >> 8) & 255) + 0.0722 * f(n & 255);
    return (l + 0.05) / 0.05 > 1.05 / (l + 0.05);
  }

  return {runs, matches, greyed, mount};
})();
