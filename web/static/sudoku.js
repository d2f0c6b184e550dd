// The Sudoku tab: an editable grid, solve, hint, check, rate and generate;
// pencil marks, undo/redo and a timer for play; progress kept per puzzle
// and share links; for an author, the verdict on the givens typed (unique,
// several with the cells where the solutions found differ, or none with the
// cells of the contradiction).
"use strict";

Puzzle.register("sudoku", (root) => {
  const {el, api, message} = Puzzle;
  const {History, Timer, save, load, shared, shareBox} = Puzzle.play;

  // The grid: n×n cells of {value, kind, notes}, kind "given", "user",
  // "solved", "hint" or "" for an empty cell; notes is a bit mask of the
  // candidates pencilled in (bit v for digit v).
  let box = 3, n = 9;
  let cells = [];
  let selected = 0;
  let solution = null; // of the givens, fetched on demand
  let marks = {};      // cell index → class for the current hint

  const symbols = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
  const show = (v) => (v ? symbols[v - 1] : "");

  // ---- layout ----
  const sizeSel = el("select", {id: "sudoku-size", "aria-label": "Grid size"},
    [[2, "4×4"], [3, "9×9"], [4, "16×16"], [5, "25×25"]].map(([b, t]) => el("option", {value: b, selected: b === 3}, t)));
  const diffSel = el("select", {id: "sudoku-difficulty", "aria-label": "Difficulty"},
    ["easy", "medium", "hard", "expert", "extreme"].map((d) => el("option", {value: d, selected: d === "medium"}, d)));
  // Seeds stay strings: 64-bit numbers do not survive JavaScript's numbers.
  const seedIn = el("input", {type: "text", inputmode: "numeric", pattern: "[0-9]*", id: "sudoku-seed", class: "seed",
    placeholder: "seed", "aria-label": "Seed (empty: random)", autocomplete: "off",
    title: "The same size, difficulty and seed give the same puzzle; leave empty for a random one"});
  const status = el("p", {class: "message", id: "sudoku-status", role: "status", hidden: true});
  const hintBox = el("div", {class: "hint", id: "sudoku-hint", hidden: true});
  const grid = el("div", {class: "sudoku-grid", id: "sudoku-grid", tabindex: 0, role: "grid", "aria-label": "Sudoku grid"});
  const pad = el("div", {class: "numpad", "aria-label": "Digits"});
  const importText = el("textarea", {id: "sudoku-text", rows: 4, spellcheck: "false",
    placeholder: "Paste a puzzle: 81 characters ('.' or 0 for empty), a grid of rows, or a Project Euler block"});

  const button = (label, id, onclick, title) => el("button", {type: "button", id, onclick, title}, label);
  // Play: every change of the player's is a step of the history (a
  // digit, with the pencil marks it clears from its peers, or a mark).
  const history = new History();
  const clock = el("span", {class: "counter", id: "sudoku-clock"}, "time 0:00");
  const timer = new Timer((t) => { clock.textContent = "time " + t; });
  let pencil = false;
  const pencilBtn = el("button", {type: "button", id: "sudoku-pencil", "aria-pressed": "false",
    title: "Pencil marks: digits typed are candidates (P)", onclick: () => setPencil(!pencil)}, "✎ Pencil");
  const undoBtn = button("Undo", "sudoku-undo", () => undo(), "Undo (Ctrl+Z)");
  const redoBtn = button("Redo", "sudoku-redo", () => redo(), "Redo (Ctrl+Y)");
  // In setter mode, typed digits are givens: to copy a puzzle from paper.
  const setter = el("input", {type: "checkbox", id: "sudoku-setter"});
  // A share link carries the givens (g) and, if asked, the entries (p).
  const share = shareBox("sudoku", (withProgress) => ({g: line(true), p: withProgress ? entries() : ""}));

  // Downloads: the givens, and the solution of the givens (asked of the
  // server when the tab has none). When the givens have several
  // solutions, both outline the undecided cells (where they differ) and
  // the solution sheet is one of them.
  const downloads = Puzzle.download.box("sudoku", {
    puzzle: async () => sheet(null, await undecidedCells().catch(() => [])),
    solution: async () => {
      const rec = await solutionOfGivens();
      return sheet(rec.solution.flat(), await undecidedCells());
    },
  });
  const sheet = (sol, undecided) => Puzzle.download.sudoku({box, show, solution: sol, undecided,
    givens: cells.map((c) => (c.kind === "given" ? c.value : 0))});

  root.append(
    el("div", {class: "layout"},
      el("div", {class: "board-col"},
        el("div", {class: "toolbar"},
          sizeSel, diffSel, seedIn, button("New puzzle", "sudoku-generate", generate, "Generate a puzzle of this size and difficulty")),
        el("div", {class: "toolbar"}, pencilBtn, undoBtn, redoBtn, clock),
        grid, pad,
        el("label", {class: "help", title: "Typed digits become givens: use it to enter a puzzle from paper"},
          setter, " Type givens (to enter a puzzle of your own)"),
        el("p", {class: "help"}, "Click a cell or use the arrow keys; type a digit to fill it, Backspace or 0 to clear it. ",
          "Digits above 9 are letters (A = 10). P switches pencil marks; Ctrl+Z undoes, Ctrl+Y redoes.")),
      el("div", {class: "side-col"},
        el("div", {class: "toolbar"},
          button("Solve", "sudoku-solve", solve, "Solve the givens and show the solution"),
          button("Hint", "sudoku-hint-btn", hint, "The next logical step, with its reason"),
          button("Check", "sudoku-check", check, "Mark the digits you entered that are wrong"),
          button("Rate", "sudoku-rate", rate, "Grade the puzzle by the techniques it needs"),
          button("Clear entries", "sudoku-clear", clearEntries, "Remove every digit you entered")),
        status, hintBox,
        downloads.element,
        el("details", {class: "import"},
          el("summary", {}, "Puzzle text"),
          importText,
          el("div", {class: "toolbar"},
            button("Load", "sudoku-load", loadText, "Read the puzzle from the text above"),
            button("Show current", "sudoku-export", exportText, "Write the givens as one line"),
            button("Empty grid", "sudoku-empty", () => setGivens(box, new Array(n * n).fill(0)), "Start from an empty grid"))),
        share)));

  // ---- model ----
  // setGivens starts a puzzle and takes up the progress saved for it (or
  // progress, a shared one: entries as entries() writes them). It returns
  // how many entries were taken up.
  function setGivens(b, values, progress) {
    box = b;
    n = b * b;
    cells = values.map((v) => ({value: v, kind: v ? "given" : "", notes: 0}));
    solution = null;
    history.clear();
    timer.reset();
    solvedAt = null;
    selected = Math.min(selected, n * n - 1);
    sizeSel.value = String(b);
    setter.checked = !values.some((v) => v); // an empty grid is for entering a puzzle
    clearHint();
    const kept = progress !== undefined ? {p: progress, ms: 0} : load("sudoku", line(true));
    const taken = kept ? restore(String(kept.p || ""), kept.notes || [], kept.hints || []) : 0;
    if (kept) timer.reset(kept.ms || 0);
    build();
    buttons();
    save("sudoku", "last", {g: line(true)});
    return taken;
  }

  // ---- saved progress: under the givens' line, the entries as one
  // character per cell ('.' for none), the cells a hint filled, and the
  // pencil marks as numbers ----
  const entries = () => cells.map((c) => (c.kind === "user" || c.kind === "hint" ? show(c.value) : ".")).join("");

  function restore(text, notes, hints) {
    let taken = 0;
    [...text].forEach((ch, i) => {
      const v = symbols.indexOf(ch.toUpperCase()) + 1;
      if (i >= cells.length || cells[i].kind === "given" || v < 1 || v > n) return;
      cells[i].value = v;
      cells[i].kind = "user";
      taken++;
    });
    for (const i of hints) if (cells[i] && cells[i].kind === "user") cells[i].kind = "hint";
    notes.forEach((m, i) => {
      if (i < cells.length && !cells[i].value) cells[i].notes = m & ((2 << n) - 2);
    });
    return taken;
  }

  function keep() {
    if (!cells.some((c) => c.kind === "given")) return; // an empty grid is being set, not played
    const notes = cells.map((c) => c.notes);
    const hints = [];
    cells.forEach((c, i) => { if (c.kind === "hint") hints.push(i); });
    save("sudoku", line(true), {p: entries(), hints, notes: notes.some((m) => m) ? notes : [], ms: Math.round(timer.ms),
      solved: solvedAt !== null});
  }

  const line = (onlyGivens) => cells.map((c) => (c.value && (!onlyGivens || c.kind === "given") ? show(c.value) : ".")).join("");
  const rc = (i) => "r" + (Math.floor(i / n) + 1) + "c" + ((i % n) + 1);

  function peers(i) {
    const r = Math.floor(i / n), c = i % n;
    const br = r - (r % box), bc = c - (c % box);
    const out = [];
    for (let k = 0; k < n; k++) {
      out.push(r * n + k, k * n + c, (br + Math.floor(k / box)) * n + bc + (k % box));
    }
    return out.filter((j) => j !== i);
  }

  // ---- play ----
  let solvedAt = null; // the time the grid was completed, right

  function setPencil(on) {
    pencil = on;
    pencilBtn.setAttribute("aria-pressed", String(on));
    grid.dataset.pencil = String(on);
  }

  const stateOf = (c) => ({value: c.value, kind: c.kind, notes: c.notes});

  // play records one step: the cells' new states, with their old ones.
  function play(changes) {
    const step = changes.map(([i, to]) => ({i, from: stateOf(cells[i]), to}));
    if (!step.length) return;
    history.push(step);
    setStep(step, "to");
    if (!timer.running && solvedAt === null) timer.start();
  }

  function setStep(step, which) {
    for (const ch of step) Object.assign(cells[ch.i], ch[which], {wrong: false});
    clearHint();
    draw();
    buttons();
    keep();
    completed();
  }

  function undo() {
    const s = history.undo();
    if (s) setStep(s, "from");
  }
  function redo() {
    const s = history.redo();
    if (s) setStep(s, "to");
  }
  function buttons() {
    undoBtn.disabled = !history.canUndo;
    redoBtn.disabled = !history.canRedo;
  }

  // completed stops the clock when the grid is full and right.
  async function completed() {
    if (solvedAt !== null || cells.some((c) => !c.value) || !cells.some((c) => c.kind === "user")) return;
    let sol;
    try {
      sol = (await solutionOfGivens()).solution.flat();
    } catch {
      return;
    }
    if (cells.some((c, i) => c.value !== sol[i])) return;
    timer.stop();
    solvedAt = timer.text;
    grid.dataset.state = "solved";
    keep();
    message(status, "ok", "Solved in " + solvedAt + "! Every digit is right.");
  }

  // ---- drawing ----
  function build() {
    grid.replaceChildren();
    grid.style.setProperty("--n", n);
    grid.style.setProperty("--box", box);
    delete grid.dataset.state;
    grid.dataset.size = n;
    // Rows for assistive technology (role row, laid out as if absent: the
    // cells are the CSS grid's items); the grid keeps the focus and names
    // the selected cell as its active descendant.
    let row = null;
    for (let i = 0; i < n * n; i++) {
      const r = Math.floor(i / n), c = i % n;
      if (c === 0) grid.append(row = el("div", {role: "row", class: "sudoku-row"}));
      const cls = ["cell"];
      if (c % box === box - 1 && c !== n - 1) cls.push("box-right");
      if (r % box === box - 1 && r !== n - 1) cls.push("box-bottom");
      row.append(el("div", {class: cls.join(" "), role: "gridcell", id: "sudoku-cell-" + i, "data-i": i, "aria-label": rc(i),
        onmousedown: (ev) => { ev.preventDefault(); select(i); grid.focus(); }}));
    }
    grid.setAttribute("aria-activedescendant", "sudoku-cell-" + selected);
    pad.replaceChildren(...Array.from({length: n}, (_, k) => button(show(k + 1), null, () => enter(k + 1))),
      button("⌫", null, () => enter(0), "Clear the cell"));
    draw();
  }

  function draw() {
    const sel = cells[selected];
    const near = new Set(peers(selected));
    const counts = new Map();
    cells.forEach((c, i) => {
      if (!c.value) return;
      for (const j of peers(i)) {
        if (cells[j].value === c.value) counts.set(i, true);
      }
    });
    grid.querySelectorAll(".cell").forEach((d, i) => {
      const c = cells[i];
      if (!c.value && c.notes) {
        const marks = [];
        for (let v = 1; v <= n; v++) marks.push(el("span", {}, c.notes & (1 << v) ? show(v) : ""));
        d.replaceChildren(el("span", {class: "notes", "aria-hidden": "true"}, marks));
      } else {
        d.textContent = show(c.value);
      }
      const noted = [];
      for (let v = 1; v <= n; v++) if (c.notes & (1 << v)) noted.push(show(v));
      d.setAttribute("aria-label", "row " + (Math.floor(i / n) + 1) + ", column " + (i % n + 1) + ", " +
        (c.value ? show(c.value) + (c.kind === "given" ? " (given)" : "") : "empty" + (noted.length ? ", candidates " + noted.join(" ") : "")));
      d.className = d.className.split(" ").filter((k) => k === "cell" || k.startsWith("box-")).join(" ");
      if (c.kind) d.classList.add(c.kind);
      d.setAttribute("aria-selected", String(i === selected));
      if (i === selected) d.classList.add("selected");
      else if (near.has(i)) d.classList.add("peer");
      if (sel.value && c.value === sel.value && i !== selected) d.classList.add("same");
      if (counts.get(i)) d.classList.add("conflict");
      if (c.wrong) d.classList.add("wrong");
      if (marks[i]) d.classList.add(...marks[i].split(" "));
    });
  }

  function select(i) {
    selected = i;
    grid.setAttribute("aria-activedescendant", "sudoku-cell-" + i);
    draw();
  }

  function enter(v) {
    const c = cells[selected];
    if (setter.checked) {
      c.value = v;
      c.kind = v ? "given" : "";
      c.wrong = false;
      solution = null;
      clearHint();
      draw();
      save("sudoku", "last", {g: line(true)});
      return;
    }
    if (c.kind === "given") {
      message(status, "info", rc(selected) + " is a given: it cannot change.");
      return;
    }
    if (pencil && !c.value) {
      play([[selected, {value: 0, kind: "", notes: v ? c.notes ^ (1 << v) : 0}]]);
      return;
    }
    if (c.value === v && !c.notes) return;
    const changes = [[selected, {value: v, kind: v ? "user" : "", notes: 0}]];
    if (v) { // the digit leaves its peers' candidates
      for (const j of new Set(peers(selected))) {
        if (cells[j].notes & (1 << v)) changes.push([j, {...stateOf(cells[j]), notes: cells[j].notes & ~(1 << v)}]);
      }
    }
    play(changes);
  }

  grid.addEventListener("keydown", (ev) => {
    const r = Math.floor(selected / n), c = selected % n;
    if ((ev.ctrlKey || ev.metaKey) && (ev.key === "z" || ev.key === "y" || ev.key === "Z")) {
      ev.preventDefault();
      if (ev.key === "y" || ev.shiftKey) redo();
      else undo();
      return;
    }
    if (ev.key === "p" || ev.key === "P") {
      ev.preventDefault();
      setPencil(!pencil);
      return;
    }
    const move = {ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1]}[ev.key];
    if (move) {
      select(((r + move[0] + n) % n) * n + ((c + move[1] + n) % n));
    } else if (ev.key === "Backspace" || ev.key === "Delete" || ev.key === "0" || ev.key === "." || ev.key === " ") {
      enter(0);
    } else if (ev.key.length === 1 && symbols.indexOf(ev.key.toUpperCase()) >= 0 &&
      symbols.indexOf(ev.key.toUpperCase()) < n) {
      enter(symbols.indexOf(ev.key.toUpperCase()) + 1);
    } else if (ev.key === "Home") {
      select(r * n);
    } else if (ev.key === "End") {
      select(r * n + n - 1);
    } else {
      return;
    }
    ev.preventDefault();
  });

  // ---- hint display ----
  function clearHint() {
    marks = {};
    delete grid.dataset.contradiction;
    delete grid.dataset.ambiguous;
    hintBox.hidden = true;
    hintBox.replaceChildren();
  }

  function mark(i, cls) {
    marks[i] = (marks[i] ? marks[i] + " " : "") + cls;
  }

  // markCells outlines the cells a message names (r7c9, from 1) and
  // returns how many.
  function markCells(text) {
    const at = [...text.matchAll(/\br(\d+)c(\d+)\b/g)].map((m) => [Number(m[1]) - 1, Number(m[2]) - 1])
      .filter(([r, c]) => r < n && c < n);
    for (const [r, c] of at) mark(r * n + c, "contradiction");
    grid.dataset.contradiction = at.map(([r, c]) => "r" + (r + 1) + "c" + (c + 1)).join(" ");
    return at.length;
  }

  // ---- actions ----
  async function call(what, fn) {
    try {
      await fn();
    } catch (err) {
      message(status, "error", what + ": " + err.message);
    }
  }

  function errorText(res) {
    return (res.data && res.data.error) || ("the server answered " + res.status);
  }

  // undecidedCells lists the cells (indices) where the givens' solutions
  // differ: none when they have one, asked of the server once per givens.
  let undecidedOf = {givens: "", cells: []};
  async function undecidedCells() {
    const rec = await solutionOfGivens();
    if (rec.status !== "multiple") return [];
    const givens = line(true);
    if (undecidedOf.givens !== givens) {
      const res = await api("/api/sudoku/solve", {body: givens, query: {undecided: true}});
      if (res.status !== 200 || !res.data.undecided) throw new Error(errorText(res));
      undecidedOf = {givens, cells: res.data.undecided.map(({row, col}) => row * n + col)};
    }
    return undecidedOf.cells;
  }

  async function solutionOfGivens() {
    if (solution) return solution;
    const res = await api("/api/sudoku/solve", {body: line(true)});
    if (res.status !== 200) throw new Error(errorText(res));
    if (res.data.status === "none") throw new Error("the givens have no solution");
    solution = res.data;
    return solution;
  }

  function solve() {
    return call("Solve", async () => {
      message(status, "info", "Solving…");
      const res = await api("/api/sudoku/solve", {body: line(true)});
      const rec = res.data;
      clearHint();
      if (res.status !== 200) {
        const at = markCells(errorText(res));
        message(status, "error", errorText(res) + (at ? " (outlined in red)" : ""));
        draw();
        return;
      }
      if (!rec.solution) {
        // Where: the explained solve names the cell logic left without a
        // candidate.
        const why = await api("/api/sudoku/solve", {body: line(true), query: {explain: true}});
        const reason = why.status === 200 && why.data.reason ? why.data.reason : "";
        const at = markCells(reason);
        message(status, "error", "No solution: the givens contradict each other" + (reason ? ": " + reason : "") + "." +
          (at ? " The cell" + (at > 1 ? "s are" : " is") + " outlined in red." : ""));
        draw();
        return;
      }
      solution = rec;
      const flat = rec.solution.flat();
      // Several: outline exactly the cells where solutions differ (the
      // undecided cells), the places a given more would settle.
      // With them, the fewest givens (from the solution shown, checked by
      // the server's solve) that make it the only one.
      let differ = [], undecidedError = "", suggest = "";
      if (rec.status === "multiple") {
        const und = await api("/api/sudoku/solve", {body: line(true), query: {undecided: true, suggest: true}});
        if (und.status === 200 && und.data.undecided) differ = und.data.undecided.map(({row, col}) => row * n + col);
        else undecidedError = errorText(und);
        const s = und.status === 200 && und.data.suggest;
        if (s && s.hints) {
          const give = s.hints.map(({row, col}) => rc(row * n + col) + "=" + und.data.solution[row][col]).join(" ");
          grid.dataset.suggest = give;
          suggest = " · to make it unique, give " + give + (s.exact ? " (the fewest)" : " (at most " + s.hints.length +
            "; at least " + s.at_least + " needed)");
        }
      } else {
        delete grid.dataset.suggest;
      }
      // Every cell shows the solution's digit; the player's wrong ones are
      // corrected and marked in red.
      cells.forEach((c, i) => {
        if (c.kind === "given") return;
        c.wrong = c.kind === "user" && c.value !== flat[i];
        c.value = flat[i];
        c.notes = 0;
        c.kind = c.kind === "user" ? "user" : "solved";
      });
      history.clear();
      buttons();
      timer.stop();
      const st = rec.stats;
      const what = rec.status === "unique" ? "Unique solution" : "More than one solution: showing one";
      const wrong = cells.filter((c) => c.wrong).length;
      for (const i of differ) mark(i, "ambiguous");
      grid.dataset.ambiguous = differ.map(rc).join(" ");
      message(status, rec.status === "unique" && !wrong ? "ok" : "warn",
        what + " · " + st.time_ms.toFixed(2) + " ms · " + st.nodes + " search nodes (" + st.solver + " solver)" +
        (wrong ? " · " + wrong + " of your digits were wrong: corrected, in red" : "") +
        (differ.length ? " · " + differ.length + " undecided cells, outlined in amber: solutions differ there and agree " +
          "everywhere else, so a given in one of them narrows the puzzle" : "") +
        (undecidedError ? " · the undecided cells could not be found: " + undecidedError : "") + suggest);
      draw();
    });
  }

  function hint() {
    return call("Hint", async () => {
      const res = await api("/api/sudoku/hint", {body: line(false)});
      if (res.status !== 200) {
        message(status, "error", errorText(res));
        return;
      }
      const h = res.data;
      clearHint();
      if (h.complete) {
        message(status, "ok", h.message);
        draw();
        return;
      }
      if (h.status === "none") {
        const sol = (await solutionOfGivens()).solution.flat();
        let wrong = 0;
        cells.forEach((c, i) => {
          c.wrong = c.kind !== "given" && c.value !== 0 && c.value !== sol[i];
          if (c.wrong) wrong++;
        });
        message(status, "error", h.message + (wrong ? " The wrong digits are marked in red." : ""));
        draw();
        return;
      }
      const last = h.steps[h.steps.length - 1];
      for (const s of h.steps) {
        for (const c of s.cells || []) mark(c.row * n + c.col, "pattern");
        for (const e of s.eliminations || []) mark(e.row * n + e.col, "elim");
      }
      for (const p of last.placements) mark(p.row * n + p.col, "target");
      hintBox.replaceChildren(
        el("ol", {class: "steps"}, h.steps.map((s) => el("li", {}, s.text + (s.se ? " (SE " + s.se.toFixed(1) + ")" : "")))),
        el("div", {class: "toolbar"},
          button("Apply", "sudoku-apply", () => {
            play(last.placements.map((p) => [p.row * n + p.col, {value: p.digit, kind: "hint", notes: 0}]));
          }, "Place the digit the hint found"),
          button("Dismiss", null, () => { clearHint(); draw(); })));
      hintBox.hidden = false;
      message(status, h.status === "unique" ? "info" : "warn", h.status === "unique"
        ? "Next step: " + last.technique + (h.steps.length > 1 ? ", after " + (h.steps.length - 1) + " eliminations" : "") +
          ". The cell is outlined in green; Apply places its digit."
        : h.message);
      draw();
    });
  }

  function check() {
    return call("Check", async () => {
      const sol = (await solutionOfGivens()).solution.flat();
      let wrong = 0, entered = 0, empty = 0;
      cells.forEach((c, i) => {
        if (c.kind === "given") return;
        if (!c.value) { empty++; return; }
        entered++;
        c.wrong = c.value !== sol[i];
        if (c.wrong) wrong++;
      });
      message(status, wrong ? "error" : "ok", wrong ? wrong + " of your " + entered + " digits are wrong (red)."
        : empty ? "So far so good: every digit is right; " + empty + " cells to go." : "Solved! Every digit is right.");
      draw();
    });
  }

  function rate() {
    return call("Rate", async () => {
      const res = await api("/api/sudoku/rate", {body: line(true)});
      const r = res.data;
      if (res.status !== 200) {
        const why = r && r.status === "multiple" ? "the givens have more than one solution"
          : r && r.status === "none" ? "the givens have no solution" : errorText(res);
        message(status, "warn", "Cannot rate: " + why);
        return;
      }
      message(status, "info", "Difficulty: " + r.difficulty + " (hardest technique: " + r.hardest + ", " +
        r.length + " steps, score " + r.score.toFixed(1) + "; about " + r.se_rating.toFixed(1) +
        " on Sudoku Explainer's scale, our estimate)");
    });
  }

  function clearEntries() {
    cells.forEach((c) => {
      if (c.kind !== "given") {
        c.value = 0;
        c.kind = "";
        c.wrong = false;
        c.notes = 0;
      }
    });
    history.clear();
    buttons();
    timer.reset();
    solvedAt = null;
    delete grid.dataset.state;
    clearHint();
    message(status, "info", "");
    draw();
    keep();
  }

  function generate() {
    return call("New puzzle", async () => {
      const b = Number(sizeSel.value);
      message(status, "info", "Generating a " + diffSel.value + " " + b * b + "×" + b * b + " puzzle…");
      const res = await api("/api/sudoku/generate", {query: {size: b * b, difficulty: diffSel.value, seed: seedIn.value.trim()}});
      if (res.status !== 200) {
        message(status, "error", errorText(res));
        return;
      }
      const g = res.data; // g.seed is a string: 64-bit seeds do not fit JavaScript's numbers
      setGivens(b, g.puzzle.flat());
      message(status, g.missed ? "warn" : "ok", "New " + g.difficulty + " puzzle: " + g.givens + " givens, hardest technique " +
        g.hardest + " (seed " + g.seed + ")" + (g.missed ? " · no " + g.target + " puzzle found: this is the closest" : ""));
    });
  }

  // parseText reads the layouts of the CLI: one line of n² characters, rows
  // of space-separated numbers, or rows of characters (with the pretty
  // layout's | - + rulers), ignoring comments and "Grid NN" titles.
  function parseText(text) {
    const lines = text.split(/\r?\n/).map((l) => l.trim())
      .filter((l) => l && !l.startsWith("#") && !/^grid\b/i.test(l) && !/^[-+|\s]+$/.test(l));
    let values;
    if (lines.length > 1 && lines.every((l) => /^\d+(\s+\d+)+$/.test(l.replace(/\|/g, " ").trim()) ||
      /^[\d.]+$/.test(l))) {
      const rows = lines.map((l) => l.replace(/\|/g, " ").trim().split(/\s+/));
      values = rows.every((r) => r.length === lines.length) ? rows.flat().map(Number) : null;
    }
    if (!values) {
      const chars = lines.join("").replace(/[\s|+-]/g, "");
      values = [...chars].map((ch) => (ch === "." || ch === "0" ? 0 : symbols.indexOf(ch.toUpperCase()) + 1));
    }
    const b = Math.round(Math.sqrt(Math.sqrt(values.length)));
    if (b < 2 || b > 5 || b ** 4 !== values.length) {
      throw new Error("found " + values.length + " cells; the page edits 4×4 (16), 9×9 (81), 16×16 (256) and 25×25 (625) grids");
    }
    const bad = values.findIndex((v) => v < 0 || v > b * b);
    if (bad >= 0) throw new Error("cell " + (bad + 1) + " is not a digit of a " + b * b + "×" + b * b + " grid");
    return [b, values];
  }

  function loadText() {
    try {
      const [b, values] = parseText(importText.value);
      setGivens(b, values);
      message(status, "ok", "Loaded a " + n + "×" + n + " puzzle with " + values.filter((v) => v).length + " givens.");
    } catch (err) {
      message(status, "error", "Load: " + err.message);
    }
  }

  function exportText() {
    importText.value = line(true) + "\n";
    importText.closest("details").open = true;
  }

  sizeSel.addEventListener("change", () => setGivens(Number(sizeSel.value), new Array(Number(sizeSel.value) ** 4).fill(0)));

  // ---- start: a shared puzzle, else the last one played, else a first
  // puzzle to play with ----
  const link = shared("sudoku");
  const last = load("sudoku", "last");
  const tryText = (text) => {
    try {
      return parseText(text || "");
    } catch {
      return null;
    }
  };
  const fromLink = link && tryText(link.g);
  const fromLast = last && tryText(last.g);
  if (fromLink) {
    const taken = setGivens(fromLink[0], fromLink[1], link.p ? link.p : undefined);
    message(status, "info", "The puzzle of the link" + (link.p ? ", with " + taken + " digits entered." : "."));
  } else if (fromLast) {
    const taken = setGivens(fromLast[0], fromLast[1]);
    if (taken) message(status, "info", "Your game goes on: " + taken + " digits entered.");
  } else {
    setGivens(3, [...("..685....9..76..........85..1...65..5.9.2...7....4....3....2..976.3....22......8.")]
      .map((ch) => (ch === "." ? 0 : Number(ch))));
  }
});
