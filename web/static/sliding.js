// The Sliding tab: shuffle or type a board (any rectangle the engine
// takes), play it with the keyboard or the mouse, with hints, undo and a
// timer, kept across reloads and shared by link; or let the solver play a
// shortest solution.
"use strict";

Puzzle.register("sliding", (root) => {
  const {el, api, message} = Puzzle;
  const {History, Timer, save, load, shared, shareBox} = Puzzle.play;
  const speeds = {slow: 500, normal: 220, fast: 60, instant: 0};

  // ---- layout ----
  // Sizes are "N" (square) or "RxC": any rectangle the engine takes can
  // be shuffled (or typed, below).
  const sizeSel = el("select", {id: "sliding-size", "aria-label": "Board size"},
    [["3", "3×3 (8-puzzle)"], ["4", "4×4 (15-puzzle)"], ["5", "5×5 (24-puzzle)"], ["2x3", "2×3 (5-puzzle)"],
      ["3x4", "3×4 (11-puzzle)"], ["4x5", "4×5 (19-puzzle)"], ["3x5", "3×5 (14-puzzle)"]]
      .map(([n, t]) => el("option", {value: n, selected: n === "4"}, t)));
  // Seeds stay strings (the field's text, the reply's seed): 64-bit
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
  const said = el("p", {class: "sr-only", id: "sliding-said", "aria-live": "polite"});
  const stats = el("dl", {class: "stats", id: "sliding-stats", hidden: true});
  const movesBox = el("p", {class: "moves", id: "sliding-moves"});
  const help = el("p", {class: "help", id: "sliding-help"},
    "Arrow keys or WASD slide a tile into the blank (click the board first), or click a tile in the blank's row or column. ",
    "U undoes, Y redoes, H asks for a hint.");
  const boardBox = el("div", {class: "slide-board", id: "sliding-board", tabindex: 0, role: "application",
    "aria-roledescription": "sliding puzzle", "aria-describedby": "sliding-help"});
  const counter = el("span", {class: "counter", id: "sliding-counter", "aria-label": "Moves"});
  const clock = el("span", {class: "counter clock", id: "sliding-timer", "aria-label": "Time"});
  const text = el("textarea", {id: "sliding-text", rows: 3, spellcheck: "false", "aria-label": "Board text",
    placeholder: "Tiles in reading order, 0 for the blank: 8 6 7 2 5 4 3 0 1 (a square), or rows: 1 2 3 / 4 0 5"});
  const button = (label, id, onclick, title, cls) => el("button", {type: "button", id, onclick, title, class: cls}, label);
  const undoBtn = button("Undo", "sliding-undo", () => undo(), "Take back the last move (U)");
  const redoBtn = button("Redo", "sliding-redo", () => redo(), "Play the move taken back again (Y)");
  const stopBtn = button("Stop", "sliding-stop", () => stop(), "Stop the animation");
  const hintBtn = button("Hint", "sliding-hint", () => hint(), "The next move of a shortest solution from here (H)");

  // Downloads: the start board, and the goal with the moves of a
  // shortest solution from the start (of a solution, beyond what IDA*
  // solves at once), asked of the server once a puzzle.
  let answer = null; // {board: canonical(), rec}
  const downloads = Puzzle.download.box("sliding", {
    puzzle: async () => Puzzle.download.sliding({rows, cols, tiles: start, seed}),
    solution: async () => {
      const board = canonical();
      if (!answer || answer.board !== board) {
        const r = await api("/api/sliding/solve", {body: boardText(rows, cols, start), query: {algo: "auto"}});
        if (r.status >= 400 && !(r.data && r.data.status)) throw new Error((r.data && r.data.error) || "the server answered " + r.status);
        answer = {board, rec: r.data};
      }
      const rec = answer.rec;
      if (rec.status === "none") throw new Error("no sequence of moves reaches the goal (the tiles' order has the wrong parity)");
      if (rec.status !== "solved") throw new Error(rec.error || "the solver answered " + rec.status);
      const goal = Array.from({length: rows * cols}, (_, i) => (i === rows * cols - 1 ? 0 : i + 1));
      return Puzzle.download.sliding({rows, cols, tiles: goal, moves: rec.moves, optimal: rec.optimal, seed});
    },
  });

  root.append(el("div", {class: "layout"},
    el("div", {class: "board-col"},
      el("div", {class: "toolbar"}, sizeSel, seedIn,
        button("Shuffle", "sliding-shuffle", shuffle, "A random solvable board"),
        button("Same seed", "sliding-reseed", () => { seedIn.value = seed || ""; }, "Put the seed of the board shown in the seed field")),
      el("div", {class: "toolbar"},
        undoBtn, redoBtn, hintBtn,
        button("Restart", "sliding-reset", restart, "Back to the board before the moves"),
        counter, clock),
      boardBox, help, said),
    el("div", {class: "side-col"},
      el("div", {class: "toolbar"},
        button("Solve", "sliding-solve", solve, "Find a shortest solution and play it", "primary"),
        stopBtn,
        algoSel, el("label", {}, "Speed ", speedSel)),
      status, stats, movesBox,
      shareBox("sliding", (withProgress) => ({board: canonical(), seed, moves: withProgress ? history.done.join("") : ""})),
      downloads.element,
      el("details", {class: "import"},
        el("summary", {}, "Board text"),
        text,
        el("div", {class: "toolbar"},
          button("Load", "sliding-load", loadText, "Read the board from the text above"),
          button("Show current", "sliding-export", () => { text.value = boardText(rows, cols, tiles).trim(); }, "Write the board as rows"))))));

  // ---- model ----
  let rows = 3, cols = 3;
  let tiles = [];         // tiles in reading order, 0 for the blank
  let start = [];         // the board before the moves: the puzzle
  let seed = "";          // the seed of a shuffled board, a string
  let anim = null;        // the solver's moves being played
  let busy = false;       // a request is on its way
  let helped = false;     // the solver played moves of this game
  let plan = null;        // {pos, moves, optimal}: a solution from pos, for hints
  let optimum = null;     // {length, optimal} of the puzzle, once asked
  const history = new History();
  const timer = new Timer((t) => { clock.textContent = "time " + t; });
  const nodes = new Map(); // tile → its element

  const solved = () => tiles.every((t, i) => t === (i === tiles.length - 1 ? 0 : i + 1));
  const plural = (k, one) => k + " " + one + (k === 1 ? "" : "s");

  // boardText writes a board as the engine reads any rectangle: one row a
  // line. The puzzle's canonical text, its start board so written, keys its
  // saved progress.
  const boardText = (r, c, ts) => Array.from({length: r}, (_, i) => ts.slice(i * c, i * c + c).join(" ")).join("\n") + "\n";
  const canonical = () => boardText(rows, cols, start).trim().split("\n").join(" / ");

  // parseBoard reads a board's text: one line of tiles (a square board),
  // or one row per line or between slashes ("1 2 3 / 4 0 5"), any
  // rectangle. It returns {rows, cols, tiles} or null.
  function parseBoard(src) {
    const lines = String(src).split(/[\n/]/).map((l) => l.replace(/#.*/, "").trim()).filter((l) => l);
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
    if (r < 2 || c < 2 || r > 10 || c > 10 || r * c !== ts.length || (grid.length > 1 && grid.some((row) => row.length !== c)) ||
      sorted.some((v, i) => v !== i)) return null;
    return {rows: r, cols: c, tiles: ts};
  }

  // setBoard starts a puzzle, and takes up the progress saved for it
  // (or the moves given, from a share link).
  function setBoard(r, c, ts, {seed: s = "", moves = null} = {}) {
    stop();
    rows = r;
    cols = c;
    tiles = ts.slice();
    start = ts.slice();
    seed = s;
    plan = null;
    optimum = null;
    helped = false;
    history.clear();
    timer.reset();
    build();
    stats.hidden = true;
    movesBox.textContent = "";
    message(status, "", "");
    const kept = load("sliding", canonical());
    const replay = moves !== null ? {moves, redo: "", ms: 0} : kept;
    if (replay) {
      for (const m of replay.moves || "") if (move(m)) history.push(m);
      for (const m of [...(replay.redo || "")].reverse()) history.undone.push(m);
      timer.reset(replay.ms || 0);
      optimum = kept && kept.optimum || null;
      draw();
    }
    save("sliding", "last", {board: canonical(), seed});
    update();
    return replay ? history.done.length : 0;
  }

  function keep() {
    save("sliding", canonical(), {moves: history.done.join(""), redo: history.undone.join(""), ms: Math.round(timer.ms),
      solved: solved(), optimum});
  }

  // ---- drawing: tiles are placed by their cell, so a move slides ----
  function build() {
    boardBox.replaceChildren();
    nodes.clear();
    boardBox.style.setProperty("--rows", rows);
    boardBox.style.setProperty("--cols", cols);
    boardBox.setAttribute("aria-label", `Sliding board, ${rows} by ${cols}`);
    for (const t of tiles) {
      if (t === 0) continue;
      const d = el("button", {type: "button", class: "tile", tabindex: -1, "data-tile": t, "aria-label": "tile " + t,
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
      d.classList.remove("hinted");
    });
    delete boardBox.dataset.hint;
    if (!solved()) delete boardBox.dataset.optimum;
    boardBox.dataset.tiles = tiles.join(" ");
  }

  // update shows the move count, the buttons' state and the board's.
  function update() {
    const k = history.done.length;
    counter.textContent = plural(k, "move");
    boardBox.dataset.moves = k;
    undoBtn.disabled = !history.canUndo || anim !== null;
    redoBtn.disabled = !history.canRedo || anim !== null;
    hintBtn.disabled = solved() || anim !== null;
    stopBtn.disabled = anim === null;
    if (anim === null && !busy) boardBox.dataset.state = solved() ? "solved" : k ? "playing" : "idle";
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

  const opposite = {U: "D", D: "U", L: "R", R: "L"};
  // The way a tile goes when the blank makes move m.
  const tileWay = {U: "down", D: "up", L: "right", R: "left"};
  const tileAt = (m) => { // the tile the blank's move m slides
    const b = tiles.indexOf(0);
    const j = b + {U: -cols, D: cols, L: -1, R: 1}[m];
    return tiles[j];
  };

  // play makes the player's moves (of the blank), one history step each.
  function play(ms) {
    if (anim || busy) return;
    let made = 0;
    for (const m of ms) {
      const t = tileAt(m);
      if (!move(m)) break;
      history.push(m);
      made++;
      said.textContent = `tile ${t} ${tileWay[m]}`;
      if (plan && plan.moves[0] === m) plan = {moves: plan.moves.slice(1), optimal: plan.optimal, pos: tiles.join(" ")};
      else plan = null;
    }
    if (!made) return;
    timer.start();
    draw();
    stats.hidden = true;
    if (solved()) won();
    else if (status.classList.contains("ok") || status.classList.contains("info")) message(status, "", "");
    update();
    keep();
  }

  function undo() {
    if (anim || busy) return;
    const m = history.undo();
    if (m === undefined) return;
    move(opposite[m]);
    plan = null;
    draw();
    update();
    keep();
  }

  function redo() {
    if (anim || busy) return;
    const m = history.redo();
    if (m === undefined) return;
    move(m);
    plan = null;
    draw();
    if (solved()) won();
    update();
    keep();
  }

  function restart() {
    stop();
    tiles = start.slice();
    history.clear();
    plan = null;
    helped = false;
    timer.reset();
    draw();
    stats.hidden = true;
    movesBox.textContent = "";
    message(status, "", "");
    update();
    keep();
  }

  // won reports a board solved by the player, against the optimum: the
  // length of a shortest solution of the puzzle, asked of the server once.
  async function won() {
    timer.stop();
    const k = history.done.length;
    const when = ` in ${plural(k, "move")}, ${timer.text}`;
    said.textContent = "Solved!";
    if (helped) {
      message(status, "ok", `Solved${when}, with the solver's help.`);
      return;
    }
    message(status, "ok", `Solved${when}!`);
    if (!optimum) {
      const rec = await call(api("/api/sliding/solve", {body: boardText(rows, cols, start), query: {algo: "auto"}}), true);
      if (!rec || rec.status !== "solved") return;
      optimum = {length: rec.length, optimal: rec.optimal};
      keep();
    }
    if (!solved() || helped || history.done.length !== k) return;
    const o = optimum.length;
    message(status, "ok", `Solved${when}! ` + (optimum.optimal
      ? (k === o ? `That is the optimum: no solution is shorter.` : `The shortest solution has ${plural(o, "move")}: ${k - o} more than needed.`)
      : `The solver's row-by-row solution has ${plural(o, "move")} (not necessarily the shortest).`));
    boardBox.dataset.optimum = o;
  }

  // clickTile slides the tile clicked, and those between it and the
  // blank when it is in the blank's row or column.
  function clickTile(t) {
    boardBox.style.setProperty("--slide", "160ms");
    const i = tiles.indexOf(t), b = tiles.indexOf(0);
    const ri = Math.floor(i / cols), ci = i % cols, rb = Math.floor(b / cols), cb = b % cols;
    if (ri !== rb && ci !== cb) return; // not in line with the blank
    const m = ri < rb ? "U" : ri > rb ? "D" : ci < cb ? "L" : "R";
    play(m.repeat(Math.abs(ri - rb) + Math.abs(ci - cb)));
  }

  // The keys slide the tile next to the blank their way: the tile below
  // the blank goes up when the blank goes down, as on the terminal.
  const keyMoves = {ArrowUp: "D", w: "D", ArrowDown: "U", s: "U", ArrowLeft: "R", a: "R", ArrowRight: "L", d: "L"};
  boardBox.addEventListener("keydown", (ev) => {
    if (ev.altKey || ev.metaKey) return;
    const k = ev.key.length === 1 ? ev.key.toLowerCase() : ev.key;
    if (ev.ctrlKey) {
      if (k === "z" && !ev.shiftKey) undo();
      else if (k === "y" || (k === "z" && ev.shiftKey)) redo();
      else return;
    } else if (keyMoves[k]) {
      boardBox.style.setProperty("--slide", "120ms");
      play(keyMoves[k]);
    } else if (k === "u") undo();
    else if (k === "y") redo();
    else if (k === "h" || k === "?") hint();
    else return;
    ev.preventDefault();
  });

  // ---- actions ----
  async function shuffle() {
    const [r0, c0] = sizeSel.value.split("x").map(Number);
    const r = await call(api("/api/sliding/shuffle", {query: {rows: r0, cols: c0 || r0, seed: seedIn.value.trim()}}));
    if (!r) return;
    const resumed = setBoard(r.rows, r.cols, r.board.split(" ").map(Number), {seed: r.seed});
    message(status, "info", `A random ${r.rows}×${r.cols} board (seed ${r.seed}: the same size and seed give it again). ` +
      (resumed ? `Your ${plural(resumed, "move")} on it were kept.` : "Play it, or let the solver."));
  }

  function loadText() {
    const b = parseBoard(text.value);
    if (!b) {
      message(status, "error", "A board is the numbers 0 to N−1 once each (0 for the blank): one line for a square board, or one row per line (or rows between slashes: 1 2 3 / 4 0 5).");
      return;
    }
    const k = setBoard(b.rows, b.cols, b.tiles);
    if (k) message(status, "info", `You played this board before: your ${plural(k, "move")} on it were kept (Restart to begin again).`);
  }

  // call awaits an API answer: the data of a success, or null after
  // showing the error (unless quiet).
  async function call(promise, quiet) {
    try {
      const r = await promise;
      if (r.status >= 400 && !(r.data && r.data.status)) {
        if (!quiet) message(status, "error", (r.data && r.data.error) || "Error " + r.status);
        return null;
      }
      return r.data;
    } catch (err) {
      if (!quiet) message(status, "error", err.message);
      return null;
    }
  }

  // hint names the next move of a shortest solution from here (of a
  // solution, beyond 4×4), and its length: the solution is asked of the
  // server once, and followed while the player follows it.
  async function hint() {
    if (anim || busy || solved()) return;
    const pos = tiles.join(" ");
    if (!plan || plan.pos !== pos) {
      busy = true;
      boardBox.dataset.state = "thinking";
      message(status, "info", "Looking for a shortest solution from here…");
      const rec = await call(api("/api/sliding/solve", {body: boardText(rows, cols, tiles), query: {algo: "auto"}}));
      busy = false;
      update();
      if (!rec) return;
      if (rec.status === "none") {
        message(status, "error", "No hint: no sequence of moves reaches the goal from here (the tiles' order has the wrong parity).");
        return;
      }
      if (rec.status !== "solved") {
        message(status, "warn", "No hint: " + (rec.error || rec.status) + ".");
        return;
      }
      if (tiles.join(" ") !== pos) return; // the player moved meanwhile
      plan = {pos, moves: rec.moves, optimal: rec.optimal};
    }
    const m = plan.moves[0], t = tileAt(m);
    draw();
    nodes.get(t).classList.add("hinted");
    const what = plan.optimal ? "a shortest solution from here has" : "a solution from here (not the shortest) has";
    message(status, "info", `Hint: slide ${t} ${tileWay[m]}; ${what} ${plural(plan.moves.length, "move")}.`);
    boardBox.dataset.hint = `${t} ${tileWay[m]} ${plan.moves.length}`;
  }

  // solve lets the solver play a solution from the position.
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
      update();
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
      update();
      message(status, rec.status === "timeout" ? "warn" : "error", rec.error || rec.status);
      return;
    }
    const what = rec.optimal ? "an optimal solution: no shorter one exists" : "a solution, not necessarily the shortest";
    message(status, "ok", `${plural(rec.length, "move")}: ${what}.`);
    animate(rec.moves);
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

  // animate plays the solver's moves; they join the history, so Undo
  // takes them back.
  function animate(moves) {
    const delay = speeds[speedSel.value];
    let k = 0;
    helped = true;
    plan = null;
    timer.stop();
    boardBox.classList.toggle("instant", delay === 0);
    // A tile slides in less time than the next move waits.
    boardBox.style.setProperty("--slide", Math.min(160, Math.round(delay * 0.7)) + "ms");
    const show = () => {
      movesBox.replaceChildren(el("span", {class: "done"}, moves.slice(0, k)), el("span", {class: "todo"}, moves.slice(k)));
      counter.textContent = `move ${k} of ${moves.length}`;
    };
    const step = () => {
      move(moves[k]);
      history.push(moves[k]);
      k++;
    };
    const finish = () => {
      anim = null;
      draw();
      void boardBox.offsetWidth; // lay out the last positions before transitions come back
      boardBox.classList.remove("instant");
      update();
      show();
      keep();
    };
    if (delay === 0) {
      while (k < moves.length) step();
      finish();
      return;
    }
    boardBox.dataset.state = "playing";
    anim = setInterval(() => {
      if (k >= moves.length) {
        clearInterval(anim);
        finish();
        return;
      }
      step();
      draw();
      show();
    }, delay);
    update();
    show();
  }

  function stop() {
    if (anim) {
      clearInterval(anim);
      anim = null;
      update();
      keep();
    }
  }

  // ---- start: a shared board, else the last one played, else a classic ----
  const link = shared("sliding");
  const last = load("sliding", "last");
  const from = link && parseBoard(link.board || "");
  if (from) {
    setBoard(from.rows, from.cols, from.tiles, {seed: link.seed || "", moves: link.moves ? link.moves.replace(/[^UDLR]/g, "") : null});
    message(status, "info", "The board of the link" + (link.moves ? `, with ${plural(history.done.length, "move")} played.` : "."));
  } else if (last && parseBoard(last.board)) {
    const b = parseBoard(last.board);
    const k = setBoard(b.rows, b.cols, b.tiles, {seed: last.seed || ""});
    const sz = b.rows === b.cols ? String(b.rows) : b.rows + "x" + b.cols;
    if ([...sizeSel.options].some((o) => o.value === sz)) sizeSel.value = sz;
    message(status, "info", k ? `Your game goes on: ${plural(k, "move")} played.` : "Shuffle a board, then play it or solve it.");
  } else {
    setBoard(3, 3, [8, 6, 7, 2, 5, 4, 3, 0, 1]);
    sizeSel.value = "3";
    message(status, "info", "Shuffle a board, then play it or solve it.");
  }
});
