// The Sliding tab: shuffle a board, solve it optimally and watch the moves
// slide, or play by clicking the tiles next to the blank.
"use strict";

Puzzle.register("sliding", (root) => {
  const {el, api, message} = Puzzle;
  const speeds = {slow: 500, normal: 220, fast: 60, instant: 0};

  // ---- layout ----
  const sizeSel = el("select", {id: "sliding-size", "aria-label": "Board size"},
    [[3, "3×3 (8-puzzle)"], [4, "4×4 (15-puzzle)"], [5, "5×5 (24-puzzle)"]].map(([n, t]) => el("option", {value: n, selected: n === 4}, t)));
  // Seeds stay strings (the input's value, the reply's seed): 64-bit
  // numbers do not survive JavaScript's numbers.
  const seedIn = el("input", {type: "text", inputmode: "numeric", pattern: "[0-9]*", id: "sliding-seed", class: "seed",
    placeholder: "seed", "aria-label": "Seed (empty: random)", autocomplete: "off",
    title: "The same size and seed give the same board; leave empty for a random one"});
  const algoSel = el("select", {id: "sliding-algo", "aria-label": "Method"},
    el("option", {value: "auto"}, "method: auto"),
    el("option", {value: "idastar"}, "optimal (IDA*)"),
    el("option", {value: "reduce"}, "fast (row by row)"));
  const speedSel = el("select", {id: "sliding-speed", "aria-label": "Animation speed"},
    Object.keys(speeds).map((s) => el("option", {value: s, selected: s === "normal"}, s)));
  const status = el("p", {class: "message", id: "sliding-status", role: "status", hidden: true});
  const stats = el("dl", {class: "stats", id: "sliding-stats", hidden: true});
  const movesBox = el("p", {class: "moves", id: "sliding-moves"});
  const boardBox = el("div", {class: "slide-board", id: "sliding-board", role: "grid", "aria-label": "Sliding board"});
  const counter = el("span", {class: "counter", id: "sliding-counter"});
  const text = el("textarea", {id: "sliding-text", rows: 3, spellcheck: "false",
    placeholder: "Tiles in reading order, 0 for the blank: 8 6 7 2 5 4 3 0 1"});
  const button = (label, id, onclick, title, cls) => el("button", {type: "button", id, onclick, title, class: cls}, label);

  root.append(el("div", {class: "layout"},
    el("div", {class: "board-col"},
      el("div", {class: "toolbar"}, sizeSel, seedIn,
        button("Shuffle", "sliding-shuffle", shuffle, "A random solvable board"),
        button("Same seed", "sliding-reseed", () => { seedIn.value = boardBox.dataset.seed || ""; }, "Put the seed of the board shown in the seed field"),
        button("Reset", "sliding-reset", reset, "Back to the board before the moves"),
        counter),
      boardBox,
      el("p", {class: "help"}, "Click a tile next to the blank to slide it; the blank's moves are U, D, L, R.")),
    el("div", {class: "side-col"},
      el("div", {class: "toolbar"},
        button("Solve", "sliding-solve", solve, "Find a shortest solution and play it", "primary"),
        button("Stop", "sliding-stop", stop, "Stop the animation"),
        algoSel, el("label", {}, "Speed ", speedSel)),
      status, stats, movesBox,
      el("details", {class: "import"},
        el("summary", {}, "Board text"),
        text,
        el("div", {class: "toolbar"},
          button("Load", "sliding-load", loadText, "Read the board from the text above"),
          button("Show current", "sliding-export", () => { text.value = tiles.join(" "); }, "Write the board as one line"))))));

  // ---- model ----
  let rows = 4, cols = 4;
  let tiles = [];       // tiles in reading order, 0 for the blank
  let start = [];       // the board before the moves (Reset)
  let timer = null;
  let busy = false;     // a solve is on its way
  const nodes = new Map(); // tile → its element

  const solved = () => tiles.every((t, i) => t === (i === tiles.length - 1 ? 0 : i + 1));

  function setBoard(r, c, ts) {
    stop();
    rows = r;
    cols = c;
    tiles = ts.slice();
    start = ts.slice();
    delete boardBox.dataset.seed;
    build();
    stats.hidden = true;
    movesBox.textContent = "";
    counter.textContent = "";
    message(status, "", "");
    boardBox.dataset.state = solved() ? "solved" : "idle";
  }

  // ---- drawing: tiles are placed by their cell, so a move slides ----
  function build() {
    boardBox.replaceChildren();
    nodes.clear();
    boardBox.style.setProperty("--rows", rows);
    boardBox.style.setProperty("--cols", cols);
    for (const t of tiles) {
      if (t === 0) continue;
      const d = el("button", {type: "button", class: "tile", "data-tile": t, "aria-label": "tile " + t,
        onclick: () => clickTile(t)}, String(t));
      nodes.set(t, d);
      boardBox.append(d);
    }
    draw();
  }

  function draw() {
    tiles.forEach((t, i) => {
      const d = nodes.get(t);
      if (!d) return;
      const r = Math.floor(i / cols), c = i % cols;
      d.style.left = (c * 100 / cols) + "%";
      d.style.top = (r * 100 / rows) + "%";
      d.dataset.i = i;
      d.classList.toggle("home", t === i + 1);
    });
    boardBox.dataset.tiles = tiles.join(" ");
  }

  // move slides the blank one step: "U", "D", "L" or "R". It reports
  // whether the move was on the board.
  function move(m) {
    const b = tiles.indexOf(0);
    const r = Math.floor(b / cols), c = b % cols;
    const to = {U: [r - 1, c], D: [r + 1, c], L: [r, c - 1], R: [r, c + 1]}[m];
    if (!to || to[0] < 0 || to[0] >= rows || to[1] < 0 || to[1] >= cols) return false;
    const j = to[0] * cols + to[1];
    tiles[b] = tiles[j];
    tiles[j] = 0;
    return true;
  }

  let played = 0;
  function clickTile(t) {
    if (timer || busy) return;
    boardBox.style.setProperty("--slide", "160ms");
    const i = tiles.indexOf(t), b = tiles.indexOf(0);
    const ri = Math.floor(i / cols), ci = i % cols, rb = Math.floor(b / cols), cb = b % cols;
    if (Math.abs(ri - rb) + Math.abs(ci - cb) !== 1) return; // not next to the blank
    const m = ri < rb ? "U" : ri > rb ? "D" : ci < cb ? "L" : "R";
    move(m);
    played++;
    draw();
    counter.textContent = played + (played === 1 ? " move" : " moves");
    stats.hidden = true;
    if (solved()) {
      boardBox.dataset.state = "solved";
      message(status, "ok", "Solved in " + played + (played === 1 ? " move" : " moves") + "!");
    } else {
      boardBox.dataset.state = "playing";
      if (status.classList.contains("ok")) message(status, "", "");
    }
  }

  // ---- actions ----
  async function shuffle() {
    const size = Number(sizeSel.value);
    const r = await call(api("/api/sliding/shuffle", {query: {size, seed: seedIn.value.trim()}}));
    if (!r) return;
    setBoard(r.rows, r.cols, r.board.split(" ").map(Number));
    played = 0;
    boardBox.dataset.seed = r.seed;
    message(status, "info", `A random ${r.rows}×${r.cols} board (seed ${r.seed}: the same size and seed give it again). Solve it, or play.`);
  }

  function reset() {
    setBoard(rows, cols, start);
    played = 0;
  }

  // parseBoard reads a board's text: one line of tiles (a square board),
  // or one row per line or between slashes ("1 2 3 / 4 0 5"), any
  // rectangle. It returns {rows, cols, tiles} or null.
  function parseBoard(src) {
    const lines = src.split(/[\n\/]/).map((l) => l.replace(/#.*/, "").trim()).filter((l) => l);
    const grid = lines.map((l) => l.split(/[\s,]+/).map(Number));
    let r, c, ts;
    if (grid.length === 1) {
      ts = grid[0];
      r = c = Math.round(Math.sqrt(ts.length));
    } else {
      r = grid.length;
      c = grid[0].length;
      ts = grid.flat();
    }
    const sorted = ts.slice().sort((a, b) => a - b);
    if (r < 2 || c < 2 || r * c !== ts.length || grid.some((row) => grid.length > 1 && row.length !== c) ||
      sorted.some((v, i) => v !== i)) return null;
    return {rows: r, cols: c, tiles: ts};
  }

  // boardText writes a board as the engine reads any rectangle: one row a
  // line.
  const boardText = (r, c, ts) => Array.from({length: r}, (_, i) => ts.slice(i * c, i * c + c).join(" ")).join("\n") + "\n";

  function loadText() {
    const b = parseBoard(text.value);
    if (!b) {
      message(status, "error", "A board is the numbers 0 to N−1 once each (0 for the blank): one line for a square board, or one row per line (or rows between slashes: 1 2 3 / 4 0 5).");
      return;
    }
    setBoard(b.rows, b.cols, b.tiles);
    played = 0;
  }

  // call awaits an API answer: the data of a success, or null after
  // showing the error.
  async function call(promise) {
    try {
      const r = await promise;
      if (r.status >= 400 && !(r.data && r.data.status)) {
        message(status, "error", (r.data && r.data.error) || "Error " + r.status);
        return null;
      }
      return r.data;
    } catch (err) {
      message(status, "error", err.message);
      return null;
    }
  }

  async function solve() {
    if (busy) return;
    stop();
    if (solved()) {
      message(status, "ok", "The board is already solved.");
      return;
    }
    busy = true;
    boardBox.dataset.state = "solving";
    message(status, "info", "Solving…");
    const rec = await call(api("/api/sliding/solve", {body: boardText(rows, cols, tiles), query: {algo: algoSel.value}}));
    busy = false;
    if (!rec) {
      boardBox.dataset.state = "idle";
      return;
    }
    showStats(rec);
    if (rec.status === "none") {
      // No solution, known without a search: the reason says why.
      boardBox.dataset.state = "unsolvable";
      message(status, "error", (rec.reason || "").startsWith("parity")
        ? "Unsolvable: no sequence of moves reaches the goal (the tiles' order has the wrong parity). Found at once, without a search."
        : "Unsolvable: " + (rec.reason || "no sequence of moves reaches the goal") + ".");
      return;
    }
    if (rec.status !== "solved") {
      boardBox.dataset.state = "idle";
      message(status, rec.status === "timeout" ? "warn" : "error", rec.error || rec.status);
      return;
    }
    const what = rec.optimal ? "an optimal solution: no shorter one exists" : "a solution, not necessarily the shortest";
    message(status, "ok", `${rec.length} ${rec.length === 1 ? "move" : "moves"}: ${what}.`);
    play(rec.moves);
  }

  function showStats(rec) {
    const row = (k, v) => [el("dt", {}, k), el("dd", {}, v)];
    const s = rec.stats || {};
    const items = [];
    if (rec.length !== undefined) items.push(row("moves", String(rec.length) + (rec.optimal ? " (optimal)" : " (not optimal)")));
    if (rec.algorithm) items.push(row("method", rec.algorithm === "idastar" ? "IDA*" : rec.algorithm === "reduce" ? "row-by-row reduction" : rec.algorithm));
    if (rec.heuristic) items.push(row("heuristic", rec.heuristic + (rec.initial_estimate !== undefined ? ` (estimate ${rec.initial_estimate})` : "")));
    if (s.generated !== undefined) items.push(row("nodes", `${s.generated.toLocaleString("en")} generated, ${s.expanded.toLocaleString("en")} expanded`));
    if (s.time_ms !== undefined) items.push(row("time", s.time_ms < 1000 ? s.time_ms.toFixed(1) + " ms" : (s.time_ms / 1000).toFixed(2) + " s"));
    stats.replaceChildren(...items.flat());
    stats.hidden = items.length === 0;
  }

  function play(moves) {
    const delay = speeds[speedSel.value];
    let k = 0;
    boardBox.dataset.state = "playing";
    boardBox.classList.toggle("instant", delay === 0);
    // A tile slides in less time than the next move waits.
    boardBox.style.setProperty("--slide", Math.min(160, Math.round(delay * 0.7)) + "ms");
    const show = () => {
      movesBox.replaceChildren(el("span", {class: "done"}, moves.slice(0, k)), el("span", {class: "todo"}, moves.slice(k)));
      counter.textContent = `move ${k} of ${moves.length}`;
    };
    const finish = () => {
      timer = null;
      draw();
      void boardBox.offsetWidth; // lay out the last positions before transitions come back
      boardBox.classList.remove("instant");
      show();
      boardBox.dataset.state = solved() ? "solved" : "idle";
      played = 0;
    };
    if (delay === 0) {
      for (; k < moves.length; k++) move(moves[k]);
      finish();
      return;
    }
    show();
    timer = setInterval(() => {
      if (k >= moves.length) {
        clearInterval(timer);
        finish();
        return;
      }
      move(moves[k++]);
      draw();
      show();
    }, delay);
  }

  function stop() {
    if (timer) {
      clearInterval(timer);
      timer = null;
      boardBox.dataset.state = solved() ? "solved" : "idle";
    }
  }

  setBoard(3, 3, [8, 6, 7, 2, 5, 4, 3, 0, 1]);
  sizeSel.value = "3";
  message(status, "info", "Shuffle a board, then solve it or play it.");
});
