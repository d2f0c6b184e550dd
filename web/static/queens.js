// The N-Queens tab: choose n, browse the solutions, place queens and let
// the solver complete them, count the solutions, dominate the board.
"use strict";

Puzzle.register("queens", (root) => {
  const {el, api, message} = Puzzle;
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
  const boardBox = el("div", {class: "qboard", id: "queens-board", role: "grid", "aria-label": "Board"});
  const button = (label, id, onclick, title, cls) => el("button", {type: "button", id, onclick, title, class: cls}, label);
  const firstBtn = button("« First", "queens-first", () => showSolution(0), "The first solution listed");
  const prevBtn = button("◀ Previous", "queens-prev", () => showSolution(index - 1), "The solution before");
  const nextBtn = button("Next ▶", "queens-next", () => showSolution(index + 1), "The solution after");

  root.append(el("div", {class: "layout"},
    el("div", {class: "board-col"},
      el("div", {class: "toolbar"},
        el("label", {}, "n ", nIn),
        firstBtn, prevBtn, nextBtn, counter),
      boardBox,
      el("p", {class: "help"}, "Click squares to place queens (click again to take one away), then Complete. ",
        "Queens that attack each other are red; the squares your queens attack are shaded.")),
    el("div", {class: "side-col"},
      el("div", {class: "toolbar"},
        button("Solutions", "queens-solve", solve, "List the solutions in order", "primary"),
        el("label", {title: "Row of the first column's queen"}, "first row ", rowIn),
        el("label", {}, "limit ", limitIn)),
      el("div", {class: "toolbar"},
        button("Complete", "queens-complete", complete, "Complete the queens you placed into a solution, or prove it impossible"),
        button("Clear", "queens-clear", () => { placing(); draw(); }, "Take every queen away")),
      el("div", {class: "toolbar"},
        button("Count", "queens-count", count, "Count every solution and the fundamental ones (n up to 16)"),
        button("Dominate", "queens-dominate", dominate, "The fewest queens that attack every square (n up to 13)")),
      status, result)));

  // ---- model ----
  let n = 8;
  let solutions = [], index = 0;   // listed solutions, the one shown
  let queens = new Map();          // "c:r" → "given" (placed by you), "solution", "added" (by complete), "dominating"
  let covered = null;              // squares the dominating queens attack
  let mode = "place";              // "place", "solutions", "dominate"

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
    boardBox.replaceChildren();
    boardBox.style.setProperty("--n", n);
    for (let r = 0; r < n; r++) {
      for (let c = 0; c < n; c++) {
        boardBox.append(el("div", {class: "sq " + ((r + c) % 2 ? "dark" : "light"), role: "gridcell", "data-c": c, "data-r": r,
          "aria-label": `column ${c}, row ${r}`, onclick: () => clickSquare(c, r)}));
      }
    }
    boardBox.dataset.n = n;
  }

  function draw() {
    if (Number(boardBox.dataset.n) !== n) build();
    const list = [...queens.entries()].map(([k, kind]) => { const [c, r] = k.split(":").map(Number); return {c, r, kind}; });
    const given = list.filter((q) => q.kind === "given");
    for (const d of boardBox.children) {
      const c = Number(d.dataset.c), r = Number(d.dataset.r);
      const kind = queens.get(key(c, r));
      d.classList.remove("queen", "given", "solution", "added", "dominating", "conflict", "attacked", "covered", "uncovered");
      d.textContent = "";
      if (kind) {
        d.classList.add("queen", kind);
        d.textContent = "♛";
        if (list.some((q) => (q.c !== c || q.r !== r) && attacks(q.c, q.r, c, r) && (mode !== "dominate"))) d.classList.add("conflict");
      } else if (mode === "place" && given.some((q) => attacks(q.c, q.r, c, r))) {
        d.classList.add("attacked");
      } else if (mode === "dominate" && covered) {
        d.classList.add(covered.has(key(c, r)) ? "covered" : "uncovered");
      }
    }
    const browsing = mode === "solutions" && solutions.length > 0;
    firstBtn.disabled = prevBtn.disabled = !browsing || index === 0;
    nextBtn.disabled = !browsing || index >= solutions.length - 1;
  }

  function clickSquare(c, r) {
    if (mode !== "place") {
      // Start from the queens shown only if they were placed by hand.
      const keep = mode === "place" ? queens : new Map();
      placing();
      queens = keep;
    }
    const k = key(c, r);
    if (queens.has(k)) queens.delete(k);
    else queens.set(k, "given");
    for (const [q, kind] of queens) if (kind === "added") queens.delete(q);
    message(status, "", "");
    draw();
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
    const given = [...queens.entries()].filter(([, kind]) => kind === "given").map(([k]) => k);
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

  nIn.addEventListener("change", () => { if (readN() !== null) { placing(); draw(); } });
  build();
  draw();
  message(status, "info", "Place queens by clicking squares, or list the solutions.");
});
