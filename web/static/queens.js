// The N-Queens tab: choose n, place queens by keyboard or mouse, watch
// the backtracking search step by step, browse the solutions, let the
// solver complete a placement, count the solutions, dominate the board.
"use strict";

// queensSearch is the backtracking search the tab animates, one queen per
// column from the left, rows tried from the top: it yields every step,
// {kind: "place"|"conflict"|"backtrack", c, r} (a conflict names the
// queen in the way, by: [c, r]), {kind: "solution", rows, solutions} and
// last {kind: "done", solutions}. The queens given (a Map column → row)
// stay where they are; their columns are skipped.
Puzzle.queensSearch = function* (n, given = new Map()) {
  const rows = new Array(n).fill(-1);
  const attacker = (c, r) => {
    for (let k = 0; k < n; k++) {
      const q = rows[k];
      if (k !== c && q >= 0 && (q === r || Math.abs(q - r) === Math.abs(k - c))) return k;
    }
    return -1;
  };
  for (const [c, r] of given) {
    const a = attacker(c, r);
    if (a >= 0 || rows[c] >= 0) {
      yield {kind: "conflict", c, r, by: [a >= 0 ? a : c, a >= 0 ? rows[a] : rows[c]], given: true};
      yield {kind: "done", solutions: 0};
      return;
    }
    rows[c] = r;
  }
  let solutions = 0;
  function* place(c) {
    while (c < n && given.has(c)) c++;
    if (c === n) {
      solutions++;
      yield {kind: "solution", rows: rows.slice(), solutions};
      return;
    }
    for (let r = 0; r < n; r++) {
      const a = attacker(c, r);
      if (a >= 0) {
        yield {kind: "conflict", c, r, by: [a, rows[a]]};
        continue;
      }
      rows[c] = r;
      yield {kind: "place", c, r};
      yield* place(c + 1);
      rows[c] = -1;
      yield {kind: "backtrack", c, r};
    }
  }
  yield* place(0);
  yield {kind: "done", solutions};
};

Puzzle.register("queens", (root) => {
  const {el, api, message} = Puzzle;
  const {History, save, load, shared, shareBox, grid: makeGrid} = Puzzle.play;
  const MAX_N = 32;

  // ---- layout ----
  const nIn = el("input", {type: "number", id: "queens-n", min: 1, max: MAX_N, value: 8, "aria-label": "Board size n"});
  const rowIn = el("input", {type: "number", id: "queens-first-row", min: 0, placeholder: "any", "aria-label": "First row",
    title: "Only the solutions whose queen of the first column stands on this row (from 0 at the top)"});
  const limitIn = el("input", {type: "number", id: "queens-limit", min: 1, max: 1000, value: 100, "aria-label": "Limit",
    title: "List at most this many solutions (1 to 1000)"});
  const status = el("p", {class: "message", id: "queens-status", role: "status", hidden: true});
  const result = el("div", {class: "qresult", id: "queens-result"});
  const counter = el("span", {class: "counter", id: "queens-counter"});
  const boardBox = el("div", {class: "qboard", id: "queens-board", "aria-label": "Board", "aria-describedby": "queens-help"});
  const grid = makeGrid(boardBox, {activate: (r, c) => clickSquare(c, r), label: (r, c) => squareLabel(c, r),
    key: (r, c, ev) => (ev.key === "Delete" || ev.key === "Backspace") && removeQueen(c, r)});
  const button = (label, id, onclick, title, cls) => el("button", {type: "button", id, onclick, title, class: cls}, label);
  const firstBtn = button("« First", "queens-first", () => showSolution(0), "The first solution listed");
  const prevBtn = button("◀ Previous", "queens-prev", () => showSolution(index - 1), "The solution before");
  const nextBtn = button("Next ▶", "queens-next", () => showSolution(index + 1), "The solution after");
  const undoBtn = button("Undo", "queens-undo", () => undoRedo(history.undo()), "Take back the last queen placed or removed");
  const redoBtn = button("Redo", "queens-redo", () => undoRedo(history.redo()), "Place or remove it again");

  // The search, animated.
  const speeds = {slow: 700, normal: 250, fast: 50, "step by step": -1, instant: 0};
  const exerciseSel = el("select", {id: "queens-exercise", "aria-label": "Exercise"},
    el("option", {value: "all"}, "all solutions"),
    el("option", {value: "from"}, "from my queens"));
  const animSpeed = el("select", {id: "queens-speed", "aria-label": "Animation speed"},
    Object.keys(speeds).map((k) => el("option", {value: k, selected: k === "normal"}, k)));
  const stopAt = el("input", {type: "checkbox", id: "queens-stop-at", checked: true});
  const stepText = el("p", {class: "step-text", id: "queens-step-text", "aria-live": "polite"});
  const stepCount = el("span", {class: "counter", id: "queens-steps"});
  const animBtn = button("Animate", "queens-animate", () => animate(), "Watch the backtracking search", "primary");
  const pauseBtn = button("Pause", "queens-pause", () => pause(), "Pause or go on");
  const stepBtn = button("Step", "queens-step", () => stepOnce(), "One step of the search");

  // Downloads: the board with the queens you placed, and a placement of
  // n queens that keeps them: the one on the board when it is one (a
  // solution shown, a completion), else one the server completes.
  const downloads = Puzzle.download.box("queens", {
    puzzle: async () => Puzzle.download.queens({n, queens: placed().filter((q) => q.given)}),
    solution: async () => {
      const mine = placed().filter((q) => q.given);
      let full = placed();
      const safe = full.length === n && full.every((a) => full.every((b) => a === b || !attacks(a.col, a.row, b.col, b.row)));
      if (!safe) {
        const r = await api("/api/queens/complete", {body: `n ${n}\n${givenList().join(", ")}\n`});
        const rec = r.data;
        if (r.status !== 200 && r.status !== 422) throw new Error((rec && rec.error) || "the server answered " + r.status);
        if (rec.status === "invalid") throw new Error(rec.error);
        if (rec.status !== "solved") throw new Error(mine.length ? `no placement of ${n} queens keeps the ${mine.length} placed` : `${n} queens cannot be placed on a ${n}×${n} board`);
        const at = new Set(mine.map((q) => key(q.col, q.row)));
        full = rec.solutions[0].map((q) => ({row: q.row, col: q.col, given: at.has(key(q.col, q.row))}));
      }
      return Puzzle.download.queens({n, queens: full, solution: true});
    },
  });

  // placed lists the queens on the board: {row, col, kind, given}.
  const placed = () => [...queens.entries()].map(([k, kind]) => {
    const [c, r] = k.split(":").map(Number);
    return {row: r, col: c, kind, given: kind === "given"};
  });

  root.append(el("div", {class: "layout"},
    el("div", {class: "board-col"},
      el("div", {class: "toolbar"},
        el("label", {}, "n ", nIn),
        firstBtn, prevBtn, nextBtn, counter),
      boardBox,
      el("div", {class: "toolbar"}, undoBtn, redoBtn),
      el("p", {class: "help", id: "queens-help"}, "Click a square, or move with the arrow keys and press Enter or Space, to place a queen ",
        "(again, or Delete, to take it away), then Complete. ",
        "Queens that attack each other are red; the squares your queens attack are shaded.")),
    el("div", {class: "side-col"},
      el("div", {class: "toolbar"},
        button("Solutions", "queens-solve", solve, "List the solutions in order", "primary"),
        el("label", {title: "Row of the first column's queen"}, "first row ", rowIn),
        el("label", {}, "limit ", limitIn)),
      el("div", {class: "toolbar"},
        button("Complete", "queens-complete", complete, "Complete the queens you placed into a solution, or prove it impossible"),
        button("Clear", "queens-clear", () => { placing(); history.clear(); draw(); save("queens", "n " + n, {queens: []}); }, "Take every queen away")),
      el("div", {class: "toolbar"},
        button("Count", "queens-count", count, "Count every solution and the fundamental ones (n up to 16)"),
        button("Dominate", "queens-dominate", dominate, "The fewest queens that attack every square (n up to 13)")),
      status, result,
      el("section", {class: "watch", "aria-labelledby": "queens-watch-title"},
        el("h2", {id: "queens-watch-title"}, "Watch the search"),
        el("p", {class: "help"}, "Backtracking, column by column: a queen is placed on the first row no queen attacks; ",
          "when a column has no such row, the queen before moves on."),
        el("div", {class: "toolbar"}, exerciseSel, el("label", {}, "speed ", animSpeed)),
        el("div", {class: "toolbar"}, animBtn, pauseBtn, stepBtn,
          el("label", {title: "Pause the animation at each solution found"}, stopAt, " stop at solutions")),
        stepCount, stepText),
      shareBox("queens", (withProgress) => ({n, queens: withProgress ? givenList().join(",") : ""})),
      downloads.element)));

  // ---- model ----
  let n = 8;
  let solutions = [], index = 0;   // listed solutions, the one shown
  let queens = new Map();          // "c:r" → "given" (placed by you), "solution", "added" (by complete), "dominating"
  let covered = null;              // squares the dominating queens attack
  let mode = "place";              // "place", "solutions", "dominate", "animate"
  let run = null;                  // the animation: {steps, rows, step, timer, paused, count, solutions, given}
  const history = new History();   // "c:r" squares toggled by the player

  const key = (c, r) => c + ":" + r;
  const attacks = (c1, r1, c2, r2) => c1 === c2 || r1 === r2 || Math.abs(c1 - c2) === Math.abs(r1 - r2);

  function readN() {
    const v = Number(nIn.value);
    if (!Number.isInteger(v) || v < 1 || v > MAX_N) {
      message(status, "error", `n is a whole number from 1 to ${MAX_N} here.`);
      return null;
    }
    if (v !== n) {
      n = v;
      placing();
    }
    return v;
  }

  function placing() {
    haltAnimation();
    mode = "place";
    queens = new Map();
    covered = null;
    solutions = [];
    index = 0;
    counter.textContent = "";
    boardBox.dataset.kind = "place";
  }

  // ---- drawing ----
  function build() {
    boardBox.style.setProperty("--n", n);
    grid.build(n, n, (r, c) => ({class: "sq " + ((r + c) % 2 ? "dark" : "light")}));
    boardBox.dataset.n = n;
  }

  // squareLabel names a square for screen readers, rows and columns from 1.
  function squareLabel(c, r) {
    const d = grid.at(r, c);
    const what = d.classList.contains("queen") ? (d.classList.contains("conflict") ? "queen, attacked" : "queen")
      : d.classList.contains("trying") ? "tried, attacked"
      : d.classList.contains("attacked") ? "attacked" : d.classList.contains("covered") ? "covered" : "empty";
    return `row ${r + 1}, column ${c + 1}, ${what}`;
  }

  function draw() {
    if (Number(boardBox.dataset.n) !== n) build();
    const list = [...queens.entries()].map(([k, kind]) => { const [c, r] = k.split(":").map(Number); return {c, r, kind}; });
    const given = list.filter((q) => q.kind === "given");
    const tried = run && run.last && run.last.kind === "conflict" ? run.last : null;
    for (const d of grid.cells) {
      const c = Number(d.dataset.c), r = Number(d.dataset.r);
      const kind = queens.get(key(c, r));
      d.classList.remove("queen", "given", "solution", "added", "dominating", "conflict", "attacked", "covered", "uncovered",
        "searching", "trying", "attacker", "left");
      d.textContent = "";
      if (mode === "animate") {
        if (kind) {
          d.classList.add("queen", kind);
          d.textContent = "♛";
          if (tried && tried.by[0] === c && tried.by[1] === r) d.classList.add("attacker");
        } else if (tried && tried.c === c && tried.r === r) {
          d.classList.add("trying");
          d.textContent = "✕";
        } else if (run.last && run.last.kind === "backtrack" && run.last.c === c && run.last.r === r) {
          d.classList.add("left");
        }
      } else if (kind) {
        d.classList.add("queen", kind);
        d.textContent = "♛";
        if (list.some((q) => (q.c !== c || q.r !== r) && attacks(q.c, q.r, c, r) && (mode !== "dominate"))) d.classList.add("conflict");
      } else if (mode === "place" && given.some((q) => attacks(q.c, q.r, c, r))) {
        d.classList.add("attacked");
      } else if (mode === "dominate" && covered) {
        d.classList.add(covered.has(key(c, r)) ? "covered" : "uncovered");
      }
    }
    grid.refresh();
    undoBtn.disabled = mode !== "place" || !history.canUndo;
    redoBtn.disabled = mode !== "place" || !history.canRedo;
    const browsing = mode === "solutions" && solutions.length > 0;
    firstBtn.disabled = prevBtn.disabled = !browsing || index === 0;
    nextBtn.disabled = !browsing || index >= solutions.length - 1;
  }

  // The queens placed by hand, "c:r" each.
  const givenList = () => [...queens.entries()].filter(([, kind]) => kind === "given").map(([k]) => k);

  function clickSquare(c, r) {
    if (mode !== "place") {
      // A square clicked after a solution or an animation starts afresh.
      placing();
      history.clear();
    }
    toggle(key(c, r));
    history.push(key(c, r));
  }

  function removeQueen(c, r) {
    if (mode !== "place" || !queens.has(key(c, r))) return false;
    clickSquare(c, r);
    return true;
  }

  // toggle places or removes the player's queen on a square.
  function toggle(k) {
    if (queens.get(k) === "given") queens.delete(k);
    else queens.set(k, "given");
    for (const [q, kind] of queens) if (kind === "added") queens.delete(q);
    message(status, "", "");
    result.replaceChildren();
    draw();
    save("queens", "n " + n, {queens: givenList()});
  }

  function undoRedo(k) {
    if (k !== undefined && mode === "place") toggle(k);
  }

  // ---- the search, animated ----
  function animate() {
    if (readN() === null) return;
    const given = new Map();
    if (exerciseSel.value === "from") {
      const mine = mode === "animate" && run ? [...run.given].map(([c, r]) => key(c, r)) : mode === "place" ? givenList() : null;
      if (!mine) {
        message(status, "warn", "Place queens first (the board shows no queens of yours), or choose the exercise all solutions.");
        return;
      }
      for (const k of mine) {
        const [c, r] = k.split(":").map(Number);
        if (given.has(c)) {
          message(status, "warn", `Two of your queens share column ${c + 1}: no solution keeps both.`);
          return;
        }
        given.set(c, r);
      }
    }
    haltAnimation();
    const mine = new Map([...given].map(([c, r]) => [key(c, r), "given"]));
    mode = "animate";
    boardBox.dataset.kind = "animate";
    queens = mine;
    covered = null;
    solutions = [];
    result.replaceChildren();
    message(status, "", "");
    run = {steps: Puzzle.queensSearch(n, given), step: 0, solutions: 0, last: null, timer: null, paused: false, given};
    boardBox.dataset.solutions = "";
    const delay = speeds[animSpeed.value];
    if (delay === 0) {
      const t0 = performance.now();
      while (!advance(false)) { /* to the end, or a solution to stop at */ }
      run.ms = performance.now() - t0;
      draw();
      return;
    }
    if (delay < 0) {
      run.paused = true;
      stepOnce();
      return;
    }
    run.timer = setInterval(() => { if (advance(true)) pause(true); }, delay);
    pauseBtn.textContent = "Pause";
  }

  // advance takes one step of the search; it reports whether the
  // animation should wait (the end, or a solution to stop at).
  function advance(show) {
    const {value: st, done} = run.steps.next();
    if (done) return true;
    run.step++;
    run.last = st;
    let text;
    const sq = (c, r) => `r${r + 1}c${c + 1}`;
    switch (st.kind) {
      case "place":
        queens.set(key(st.c, st.r), "searching");
        text = `Column ${st.c + 1}: a queen on row ${st.r + 1}, which no queen attacks.`;
        break;
      case "conflict": {
        const [bc, br] = st.by;
        const how = br === st.r ? "the same row" : bc === st.c ? "the same column" : "a diagonal";
        text = st.given ? `Your queens on ${sq(st.c, st.r)} and ${sq(bc, br)} attack each other (${how}): no solution.`
          : `Column ${st.c + 1}, row ${st.r + 1}: attacked by the queen on ${sq(bc, br)} (${how}).`;
        break;
      }
      case "backtrack":
        queens.delete(key(st.c, st.r));
        text = `Column ${st.c + 1}: every row after ${st.r + 1} is tried from here; the queen leaves row ${st.r + 1}.`;
        if (st.r === n - 1) text = `Column ${st.c + 1}: no row left; back to the column before.`;
        break;
      case "solution":
        run.solutions = st.solutions;
        text = `Solution ${st.solutions}: a queen in every column, none attacked.`;
        break;
      case "done":
        run.solutions = st.solutions;
        text = `Done: ${fmt(st.solutions)} ${st.solutions === 1 ? "solution" : "solutions"}` +
          (run.given.size ? ` keep your ${run.given.size === 1 ? "queen" : run.given.size + " queens"}` : ` for n=${n}`) +
          `, found in ${fmt(run.step)} steps.`;
        break;
    }
    boardBox.dataset.step = `${st.kind} ${st.c ?? ""} ${st.r ?? ""}`.trim();
    boardBox.dataset.solutions = run.solutions;
    if (show || st.kind === "done" || st.kind === "solution") {
      stepText.textContent = text;
      stepCount.textContent = `step ${fmt(run.step)} · ${fmt(run.solutions)} ${run.solutions === 1 ? "solution" : "solutions"}`;
      if (show) draw();
    }
    if (st.kind === "done") {
      finishAnimation();
      return true;
    }
    return st.kind === "solution" && stopAt.checked;
  }

  function stepOnce() {
    if (!run || !run.steps || mode !== "animate") {
      animSpeed.value = "step by step";
      animate();
      return;
    }
    if (run.timer) pause(true);
    advance(true);
  }

  function pause(hold) {
    if (!run || mode !== "animate" || !run.steps) return;
    if (run.timer) {
      clearInterval(run.timer);
      run.timer = null;
      pauseBtn.textContent = "Go on";
      draw();
      return;
    }
    if (hold === true) return;
    const delay = Math.max(speeds[animSpeed.value], 50);
    run.timer = setInterval(() => { if (advance(true)) pause(true); }, delay);
    pauseBtn.textContent = "Pause";
  }

  function finishAnimation() {
    if (run.timer) clearInterval(run.timer);
    run.timer = null;
    run.steps = null;
    pauseBtn.textContent = "Pause";
    boardBox.dataset.state = "done";
  }

  function haltAnimation() {
    if (run && run.timer) clearInterval(run.timer);
    run = null;
    delete boardBox.dataset.state;
    delete boardBox.dataset.step;
    pauseBtn.textContent = "Pause";
  }

  // call awaits an API answer: its data, or null after showing the error.
  async function call(promise, okCodes = [200]) {
    try {
      const r = await promise;
      if (!okCodes.includes(r.status)) {
        message(status, "error", (r.data && r.data.error) || "Error " + r.status);
        return null;
      }
      return r.data;
    } catch (err) {
      message(status, "error", err.message);
      return null;
    }
  }

  // rowsOf turns a placement, an array of cells, into the row of each
  // column's queen.
  const rowsOf = (cells) => {
    const rows = [];
    for (const q of cells) rows[q.col] = q.row;
    return rows;
  };

  const ms = (t) => (t < 1000 ? t.toFixed(1) + " ms" : (t / 1000).toFixed(2) + " s");
  const fmt = (x) => Number(x).toLocaleString("en");

  // ---- actions ----
  async function solve() {
    if (readN() === null) return;
    const query = {n, limit: limitIn.value};
    if (rowIn.value !== "") query.first_row = rowIn.value;
    message(status, "info", "Searching…");
    const rec = await call(api("/api/queens/solve", {query}));
    if (!rec) return;
    placing();
    mode = "solutions";
    boardBox.dataset.kind = "solutions";
    solutions = rec.solutions;  // each an array of cells {row, col}
    const from = rec.given.length ? ` with the first column's queen on row ${rec.given[0].row}` : "";
    if (rec.count === 0) {
      message(status, "warn", `No solution for n=${n}${from}.`);
      draw();
      return;
    }
    const more = rec.count >= Number(limitIn.value || 1000) ? ` (the first ${fmt(rec.count)}; there may be more: raise the limit or choose a first row)` : "";
    message(status, "ok", `${fmt(rec.count)} ${rec.count === 1 ? "solution" : "solutions"} for n=${n}${from}${more} (${rec.status}); ${fmt(rec.stats.nodes)} nodes, ${ms(rec.stats.time_ms)}.`);
    result.replaceChildren();
    showSolution(0);
  }

  function showSolution(i) {
    if (i < 0 || i >= solutions.length) return;
    index = i;
    queens = new Map();
    solutions[i].forEach((q) => queens.set(key(q.col, q.row), "solution"));
    counter.textContent = `solution ${i + 1} of ${solutions.length}`;
    boardBox.dataset.rows = rowsOf(solutions[i]).join(" ");
    draw();
  }

  async function complete() {
    if (readN() === null) return;
    if (mode !== "place") placing();
    const given = givenList();
    message(status, "info", "Completing…");
    result.replaceChildren();
    const body = `n ${n}\n${given.join(", ")}\n`;
    const rec = await call(api("/api/queens/complete", {body}), [200, 422]);
    if (!rec) return;
    if (rec.status === "invalid") {
      message(status, "error", rec.error);
      return;
    }
    if (rec.status !== "solved") {
      message(status, "warn", `No completion: ${given.length === 0 ? "this board has no solution" :
        "no solution keeps these " + given.length + " queens"} (proved by exhaustive search, ${fmt(rec.stats ? rec.stats.nodes : 0)} nodes).`);
      return;
    }
    const sol = rec.solutions[0];
    sol.forEach((q) => { if (!queens.has(key(q.col, q.row))) queens.set(key(q.col, q.row), "added"); });
    boardBox.dataset.rows = rowsOf(sol).join(" ");
    draw();
    message(status, "ok", `Completed: ${n - given.length} ${n - given.length === 1 ? "queen" : "queens"} added to your ${given.length} (${fmt(rec.stats.nodes)} nodes, ${ms(rec.stats.time_ms)}).`);
  }

  async function count() {
    if (readN() === null) return;
    message(status, "info", "Counting…");
    const rec = await call(api("/api/queens/count", {query: {n}}));
    if (!rec) return;
    message(status, rec.status === "none" ? "warn" : "ok",
      `n=${rec.n}: ${fmt(rec.count)} ${rec.count === 1 ? "solution" : "solutions"}, ${fmt(rec.fundamental)} fundamental.`);
    const row = (k, v) => [el("dt", {}, k), el("dd", {}, v)];
    result.replaceChildren(el("dl", {class: "stats", id: "queens-counts"},
      row("status", rec.status),
      row("solutions", fmt(rec.count)),
      row("fundamental", fmt(rec.fundamental) + " (up to rotation and reflection)"),
      row("classes", `${fmt(rec.sym8)} of 8, ${fmt(rec.sym4)} of 4, ${fmt(rec.sym2)} of 2` + (rec.sym1 ? `, ${rec.sym1} of 1` : "")),
      row("search", `${fmt(rec.stats.nodes)} nodes, ${ms(rec.stats.time_ms)}`)));
  }

  async function dominate() {
    if (readN() === null) return;
    message(status, "info", "Searching…");
    const rec = await call(api("/api/queens/dominate", {query: {n}}));
    if (!rec) return;
    placing();
    mode = "dominate";
    boardBox.dataset.kind = "dominate";
    covered = new Set();
    for (const q of rec.queens) queens.set(key(q.col, q.row), "dominating");
    for (let r = 0; r < n; r++) {
      for (let c = 0; c < n; c++) {
        if (rec.queens.some((q) => attacks(q.col, q.row, c, r))) covered.add(key(c, r));
      }
    }
    draw();
    const row = (k, v) => [el("dt", {}, k), el("dd", {}, v)];
    const cells = rec.queens.map((q) => `r${q.row + 1}c${q.col + 1}`).join(" ");
    result.replaceChildren(el("dl", {class: "stats", id: "queens-domination"},
      row("status", rec.status),
      row("queens", `${fmt(rec.size)} (the fewest that attack every square of the ${n}×${n} board)`),
      row("squares", cells),
      row("proof", rec.proof.map((p) => `${p.k}: ${p.found ? "found" : "none"}`).join(", ")),
      row("search", `${fmt(rec.stats.nodes)} nodes, ${ms(rec.stats.time_ms)}`)));
    const proof = rec.proof.filter((p) => !p.found).map((p) => p.k);
    message(status, "ok", `${rec.size} ${rec.size === 1 ? "queen attacks" : "queens attack"} every square of the ${n}×${n} board` +
      (proof.length ? `; ${proof.length === 1 ? "1 queen is" : "1 to " + proof[proof.length - 1] + " queens are"} too few (proved by exhaustive search, ${fmt(rec.stats.nodes)} nodes).` : "."));
  }

  // restore takes up the queens kept for this n, or those of a link.
  function restore(list) {
    queens = new Map();
    history.clear();
    for (const k of list || []) {
      const [c, r] = String(k).split(":").map(Number);
      if (Number.isInteger(c) && Number.isInteger(r) && c >= 0 && c < n && r >= 0 && r < n) queens.set(key(c, r), "given");
    }
    draw();
  }

  nIn.addEventListener("change", () => {
    if (readN() !== null) {
      placing();
      const kept = load("queens", "n " + n);
      restore(kept && kept.queens);
    }
  });
  const link = shared("queens");
  const linkN = link && Number(link.n);
  if (Number.isInteger(linkN) && linkN >= 1 && linkN <= MAX_N) {
    n = linkN;
    nIn.value = String(n);
  }
  build();
  if (link && link.queens !== undefined) {
    restore(link.queens.split(",").filter((q) => q));
    save("queens", "n " + n, {queens: givenList()});
  } else {
    const kept = load("queens", "n " + n);
    restore(kept && kept.queens);
  }
  message(status, "info", "Place queens with a click or the keyboard, watch the search, or list the solutions.");
});
