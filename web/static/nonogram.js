// The Nonogram tab: open, paste or draw a puzzle, solve it, and watch the
// picture fill in following the solver's deductions, step by step; or
// play it (nonoplay.js), with hints from those deductions.
"use strict";

Puzzle.register("nonogram", (root) => {
  const {el, svg, api, message} = Puzzle;
  const {save, load, shared} = Puzzle.play;

  // Samples, in the plain format ("ROWS COLS", row clues, column clues).
  const samples = {
    "Heart": "# heart: unique and line-solvable\n8 9\n2 2\n4 4\n9\n9\n7\n5\n3\n1\n3\n5\n6\n6\n6\n6\n6\n5\n3\n",
    "Duck": "# duck\n10 10\n3\n5\n2 2\n7\n4\n5 2\n9\n8\n6\n4\n1\n1 2\n8\n10\n2 7\n10\n3 5\n3\n3\n2\n",
    "Cat": "# cat\n10 10\n1 1\n2 2\n9\n1 2 2 1\n9\n2 2\n7\n5 1\n7 1\n10\n6 1\n2 3 2\n3 4\n3 4\n1 1 4\n3 4\n3 4\n2 3 2\n6 1\n3\n",
    "Needs probing": "# Unique, but line solving alone stalls: probing a cell finishes it.\n5 5\n3\n1\n2 1\n1\n1\n1 1\n1 1\n1\n2\n1 1\n",
    "Rocket (several pictures)": "# rocket\n14 12\n2\n4\n1 1\n1 1\n4\n6\n2 2\n2 2\n8\n3 2 3\n2 2 2\n2\n1 1\n1 1\n1\n2\n2\n5 1\n8 1\n2 2 4\n2 2 4\n8 1\n5 1\n2\n2\n1\n",
    "No solution": "# none: the top row is full, but the first column must stay empty\n2 2\n2\n0\n0\n2\n"
  };

  const formats = ["auto", "plain", "xml", "non", "nin", "cwd", "mk", "taai", "picross"];
  const speeds = {slow: 500, normal: 150, fast: 30, instant: 0};

  // ---- layout ----
  const text = el("textarea", {id: "nonogram-text", rows: 10, spellcheck: "false",
    placeholder: "Paste a nonogram in any supported format, open a file, or draw a picture."});
  const fileInput = el("input", {type: "file", id: "nonogram-file", "aria-label": "Open a puzzle file"});
  const formatSel = el("select", {id: "nonogram-format", "aria-label": "Format"},
    formats.map((f) => el("option", {value: f}, f === "auto" ? "format: detect" : f)));
  const sampleSel = el("select", {id: "nonogram-sample", "aria-label": "Samples"},
    el("option", {value: ""}, "Samples…"), Object.keys(samples).map((k) => el("option", {value: k}, k)));
  const speedSel = el("select", {id: "nonogram-speed", "aria-label": "Animation speed"},
    Object.keys(speeds).map((s) => el("option", {value: s, selected: s === "normal"}, s)));
  const status = el("p", {class: "message", id: "nonogram-status", role: "status", hidden: true});
  const badge = el("span", {class: "badge", id: "nonogram-badge", hidden: true});
  const stepText = el("p", {class: "step-text", id: "nonogram-step", "aria-live": "polite"});
  const counter = el("span", {class: "counter", id: "nonogram-counter"});
  const boardBox = el("div", {class: "nonogram-board", id: "nonogram-board"});
  const playBox = el("div", {class: "nonogram-play", id: "nonogram-playbox", hidden: true});
  const watchBar = el("div", {class: "toolbar"});
  const playMine = el("button", {type: "button", id: "nonogram-playmine", disabled: true, onclick: () => togglePlayMine(),
    title: "Fill and cross the cells yourself"}, "Play it yourself");
  const playBtn = el("button", {type: "button", id: "nonogram-play", onclick: togglePlay, disabled: true}, "Pause");
  const stepBtn = el("button", {type: "button", id: "nonogram-stepbtn", onclick: () => { pause(); advance(); }, disabled: true}, "Step");
  const endBtn = el("button", {type: "button", id: "nonogram-end", onclick: () => { pause(); while (advance()); }, disabled: true}, "Show all");

  const drawW = el("input", {type: "number", id: "nonogram-width", min: 1, max: 60, value: 10, "aria-label": "Width"});
  const drawH = el("input", {type: "number", id: "nonogram-height", min: 1, max: 60, value: 10, "aria-label": "Height"});
  const drawBox = el("div", {class: "draw-board", id: "nonogram-draw"});
  // A picture file, made a drawing by the server (POST /api/nonogram/from-image).
  const imageInput = el("input", {type: "file", id: "nonogram-image", accept: "image/png,image/gif,image/jpeg,.png,.gif,.jpg,.jpeg"});
  const imageMode = el("select", {id: "nonogram-image-mode"},
    el("option", {value: "auto"}, "automatic threshold"),
    el("option", {value: "0.65"}, "darker: more cells filled"),
    el("option", {value: "0.35"}, "lighter: fewer cells filled"),
    el("option", {value: "dither"}, "dithered (photographs)"));
  // 2: a black-and-white drawing; 3 or more: a colour puzzle, solved at once.
  const imageColors = el("select", {id: "nonogram-image-colors"},
    el("option", {value: "2"}, "2: black and white"),
    [3, 4, 5, 6, 8].map((k) => el("option", {value: String(k)}, k + " (background included)")));
  imageColors.addEventListener("change", () => { imageMode.disabled = imageColors.value !== "2"; });
  const textPane = el("div", {class: "pane", id: "nonogram-textpane"},
    el("div", {class: "toolbar"}, sampleSel, formatSel),
    text,
    el("div", {class: "toolbar"}, el("label", {class: "file"}, "Open file… ", fileInput)));
  const drawPane = el("div", {class: "pane", id: "nonogram-drawpane", hidden: true},
    el("div", {class: "toolbar"},
      el("label", {}, "Width ", drawW), el("label", {}, "Height ", drawH),
      el("button", {type: "button", onclick: () => newDrawing(), title: "Start a new, empty drawing"}, "New"),
      el("button", {type: "button", id: "nonogram-clues", onclick: cluesOfDrawing, class: "primary",
        title: "Make the clues of this picture"}, "Get clues")),
    el("div", {class: "toolbar"},
      el("label", {class: "file"}, "Load a picture… ", imageInput),
      el("label", {}, "Colours ", imageColors),
      el("label", {}, "Black and white by ", imageMode)),
    drawBox,
    el("p", {class: "help"}, "Click or drag to fill cells; drag from a filled cell to clear. A picture (PNG, GIF or JPEG) " +
      "loads at the drawing's width, up to 60 cells a side; with 3 colours or more it becomes a colour puzzle, solved and " +
      "ready to play."));
  const modeText = el("button", {type: "button", role: "tab", id: "nonogram-mode-text", "aria-selected": "true",
    onclick: () => setMode("text")}, "Puzzle text");
  const modeDraw = el("button", {type: "button", role: "tab", id: "nonogram-mode-draw", "aria-selected": "false",
    onclick: () => setMode("draw")}, "Draw a picture");

  // Downloads: the clues of the puzzle on the board, with its picture
  // when the solve found it the only one (sheet, set by each solve).
  let sheet = null; // {rows, cols, rowClues, colClues, palette, solution, name, status}
  const downloads = Puzzle.download.box("nonogram", {
    puzzle: async () => Puzzle.download.nonogram({...sheet, solution: null}),
    solution: async () => Puzzle.download.nonogram(sheet),
    why: (which) => !sheet ? "Solve a puzzle first (or get the clues of a drawing): the download draws the puzzle on the board"
      : which === "puzzle" || sheet.solution ? ""
      : {multiple: "Several pictures meet these clues: there is no one solution to draw",
        none: "No picture meets these clues",
        drawn: "Solve the clues first: only then is the drawing known to be their only picture"}[sheet.status] ||
        "The solver found no picture (" + sheet.status + ")",
  });
  function setSheet(s) {
    sheet = s;
    downloads.refresh();
  }

  root.append(el("div", {class: "layout"},
    el("div", {class: "side-col"},
      el("div", {class: "modes", role: "tablist"}, modeText, modeDraw),
      textPane, drawPane,
      el("div", {class: "toolbar"},
        el("button", {type: "button", id: "nonogram-solve", class: "primary", onclick: () => solve()}, "Solve"),
        playMine,
        el("label", {}, "Speed ", speedSel)),
      status, downloads.element),
    el("div", {class: "board-col"},
      watchBar,
      boardBox, stepText, playBox)));
  watchBar.append(badge, playBtn, stepBtn, endBtn, counter);

  function setMode(mode) {
    textPane.hidden = mode !== "text";
    drawPane.hidden = mode !== "draw";
    modeText.setAttribute("aria-selected", String(mode === "text"));
    modeDraw.setAttribute("aria-selected", String(mode === "draw"));
    if (mode === "draw" && !drawing) newDrawing();
  }

  let fileName = ""; // the name of an opened file, which tells its format
  let fileBytes = null; // its bytes, sent as they are (a Latin-1 XML file stays Latin-1)
  sampleSel.addEventListener("change", () => {
    if (!sampleSel.value) return;
    text.value = samples[sampleSel.value];
    fileName = "";
    fileBytes = null;
    formatSel.value = "auto";
    solve();
  });
  fileInput.addEventListener("change", async () => {
    const f = fileInput.files[0];
    if (!f) return;
    if (f.size > 1 << 20) {
      message(status, "error", f.name + " is larger than 1 MB, the server's limit.");
      return;
    }
    fileBytes = await f.arrayBuffer();
    text.value = new TextDecoder().decode(fileBytes);
    fileName = f.name;
    message(status, "info", "Opened " + f.name + ".");
    solve();
  });
  text.addEventListener("input", () => { fileName = ""; fileBytes = null; });

  // ---- the board ----
  const C = 24; // cell size in SVG units
  let board = null; // {w, h, rects, rowClues, colClues, focus}
  let steps = [], next = 0, timer = null, finish = null;

  function drawBoard(w, h, rows, cols) {
    const slots = (cl) => Math.max(1, ...cl.map((c) => Math.max(1, c.length)));
    const rs = slots(rows), cs = slots(cols);
    const left = rs * C * 0.9 + 6, top = cs * C * 0.9 + 6;
    const width = left + w * C + 2, height = top + h * C + 2;
    const root = svg("svg", {viewBox: `0 0 ${width} ${height}`, class: "nono", id: "nonogram-svg",
      "data-width": w, "data-height": h, "data-state": "idle", role: "img",
      "aria-label": `a ${w} by ${h} nonogram`});
    root.style.setProperty("--cols", w);
    const rowClues = [], colClues = [];
    rows.forEach((clue, r) => {
      const nums = clue.length ? clue : [0];
      const g = svg("g", {class: "clue row-clue"});
      nums.forEach((v, k) => g.append(svg("text", {x: left - 6 - (nums.length - 1 - k) * C * 0.9, y: top + r * C + C * 0.68,
        "text-anchor": "end"}, String(v))));
      rowClues.push(g);
      root.append(g);
    });
    cols.forEach((clue, c) => {
      const nums = clue.length ? clue : [0];
      const g = svg("g", {class: "clue col-clue"});
      nums.forEach((v, k) => g.append(svg("text", {x: left + c * C + C / 2, y: top - 6 - (nums.length - 1 - k) * C * 0.9,
        "text-anchor": "middle"}, String(v))));
      colClues.push(g);
      root.append(g);
    });
    const cellsG = svg("g", {class: "cells"});
    const rects = [];
    for (let r = 0; r < h; r++) {
      for (let c = 0; c < w; c++) {
        const rect = svg("rect", {x: left + c * C, y: top + r * C, width: C, height: C, class: "cell unknown",
          "data-r": r, "data-c": c});
        rects.push(rect);
        cellsG.append(rect);
      }
    }
    root.append(cellsG);
    const lines = svg("g", {class: "rules"});
    for (let c = 0; c <= w; c++) {
      lines.append(svg("line", {x1: left + c * C, y1: top, x2: left + c * C, y2: top + h * C,
        class: c % 5 === 0 || c === w ? "thick" : "thin"}));
    }
    for (let r = 0; r <= h; r++) {
      lines.append(svg("line", {x1: left, y1: top + r * C, x2: left + w * C, y2: top + r * C,
        class: r % 5 === 0 || r === h ? "thick" : "thin"}));
    }
    root.append(lines);
    const focus = svg("rect", {class: "focus", x: 0, y: 0, width: 0, height: 0, visibility: "hidden"});
    root.append(focus);
    boardBox.replaceChildren(root);
    board = {w, h, rects, rowClues, colClues, focus, left, top, root, last: []};
  }

  function setCell(r, c, kind) {
    const rect = board.rects[r * board.w + c];
    rect.setAttribute("class", "cell " + kind);
    return rect;
  }

  function showFocus(step) {
    const {focus, left, top, w, h} = board;
    for (const g of [...board.rowClues, ...board.colClues]) g.classList.remove("active");
    if (step.row !== undefined || step.col !== undefined) { // a step on a line, from 0
      const row = step.row !== undefined;
      const i = row ? step.row : step.col;
      (row ? board.rowClues : board.colClues)[i].classList.add("active");
      focus.setAttribute("x", row ? left : left + i * C);
      focus.setAttribute("y", row ? top + i * C : top);
      focus.setAttribute("width", row ? w * C : C);
      focus.setAttribute("height", row ? C : h * C);
      focus.setAttribute("visibility", "visible");
    } else if (step.cell) {
      focus.setAttribute("x", left + step.cell.col * C);
      focus.setAttribute("y", top + step.cell.row * C);
      focus.setAttribute("width", C);
      focus.setAttribute("height", C);
      focus.setAttribute("visibility", "visible");
    } else {
      focus.setAttribute("visibility", "hidden");
    }
  }

  // advance applies the next step; it returns false when there is none.
  function advance() {
    if (!board || next >= steps.length) {
      if (finish) {
        const f = finish;
        finish = null;
        f();
      }
      return false;
    }
    const step = steps[next++];
    for (const rect of board.last) rect.classList.remove("new");
    board.last = [];
    for (const {row, col} of step.filled_cells || []) board.last.push(setCell(row, col, "filled new"));
    for (const {row, col} of step.empty_cells || []) board.last.push(setCell(row, col, "empty new"));
    showFocus(step);
    stepText.textContent = step.text.charAt(0).toUpperCase() + step.text.slice(1);
    counter.textContent = "step " + next + " of " + steps.length;
    return true;
  }

  function pause() {
    clearTimeout(timer);
    timer = null;
    playBtn.textContent = "Play";
  }

  function play() {
    let delay = speeds[speedSel.value];
    if (speedSel.value === "normal") delay = Math.max(10, Math.min(delay, 15000 / Math.max(1, steps.length))); // long solves in about 15 s
    playBtn.textContent = "Pause";
    if (delay === 0) {
      while (advance());
      return;
    }
    const tick = () => {
      timer = advance() ? setTimeout(tick, delay) : null;
      if (!timer) playBtn.textContent = "Play";
    };
    timer = setTimeout(tick, delay);
  }

  function togglePlay() {
    if (timer) pause();
    else play();
  }

  function controls(on) {
    for (const b of [playBtn, stepBtn, endBtn]) b.disabled = !on;
  }

  // ---- solving ----
  const statusWords = {
    unique: ["ok", "Unique: exactly one picture"],
    multiple: ["warn", "Several pictures meet these clues"],
    none: ["error", "No picture meets these clues"],
    solved: ["ok", "Solved"],
    timeout: ["warn", "Timed out"],
    invalid: ["error", "Invalid puzzle"],
  };

  function setBadge(st) {
    const [kind, words] = statusWords[st] || ["info", st];
    badge.className = "badge " + kind;
    badge.textContent = words;
    badge.hidden = false;
    boardBox.dataset.status = st;
  }

  // solve solves the puzzle text and animates the deductions; with
  // opt.play it opens the game instead (opt.progress: a shared one).
  async function solve(opt = {}) {
    if (board) board.root.dataset.state = "busy"; // until this solve draws its board
    pause();
    controls(false);
    finish = null;
    game = null;
    setSheet(null);
    playMine.disabled = true;
    showPlay(false);
    const body = fileBytes || text.value;
    if (!text.value.trim()) {
      message(status, "error", "Paste a puzzle, open a file or pick a sample first.");
      return;
    }
    const query = {format: formatSel.value === "auto" ? "" : formatSel.value, name: fileName};
    lastSolve = {body, query};
    delete stepText.dataset.suggest;
    message(status, "info", "Solving…");
    badge.hidden = true;
    let solved, explained;
    try {
      [solved, explained] = await Promise.all([
        api("/api/nonogram/solve", {body, query: {...query, limit: 2, undecided: true}}),
        api("/api/nonogram/explain", {body, query}),
      ]);
    } catch (err) {
      message(status, "error", err.message);
      return;
    }
    const rec = solved.data;
    if (solved.status === 400 || solved.status === 413 || solved.status === 503) {
      message(status, "error", rec.error || "the server answered " + solved.status);
      boardBox.replaceChildren();
      board = null;
      stepText.textContent = "";
      counter.textContent = "";
      return;
    }
    const ex = explained.data;
    game = gameOf(rec, ex, opt.progress);
    setSheet(sheetOf(rec, ex));
    playMine.disabled = !game;
    if (opt.play && game) {
      setBadge(rec.status);
      message(status, "info", "Fill the cells the clues call for.");
      showPlay(true);
      return;
    }
    if (!ex.row_clues) { // no explanation (colour puzzles have none): draw the solver's picture
      setBadge(rec.status);
      message(status, "warn", "No step-by-step explanation: " + (ex.error || "the server answered " + explained.status));
      if (!rec.solution) return;
      const drawn = await api("/api/nonogram/render", {body, query: {...query, to: "svg"}});
      if (drawn.status !== 200) return;
      const doc = new DOMParser().parseFromString(drawn.data, "image/svg+xml");
      const picture = doc.documentElement;
      if (picture.nodeName !== "svg") return;
      picture.setAttribute("class", "rendered");
      boardBox.replaceChildren(document.importNode(picture, true));
      board = null;
      return;
    }
    drawBoard(ex.cols, ex.rows, ex.row_clues, ex.col_clues);
    setBadge(rec.status);
    board.root.dataset.status = rec.status;
    board.root.dataset.state = "playing";
    steps = ex.steps;
    next = 0;
    stepText.textContent = "";
    counter.textContent = steps.length + " steps";
    const name = ex.name ? "“" + ex.name + "”, " : "";
    const size = ex.rows + "×" + ex.cols;
    const time = rec.stats ? " in " + rec.stats.time_ms.toFixed(2) + " ms" : "";
    message(status, statusWords[rec.status] ? statusWords[rec.status][0] : "info",
      name + size + ": " + (statusWords[rec.status] || ["", rec.status])[1].toLowerCase() + time +
      (rec.line_solvable ? ", line-solvable: no guessing needed." : ".") + (rec.error ? " " + rec.error : ""));
    finish = () => finishBoard(rec, ex);
    controls(true);
    play();
  }

  // suggestUnique asks the server for the fewest cells to print on the
  // grid (and picture edits) that make the puzzle unique, each checked by
  // its solve, and adds them to the step text.
  let lastSolve = null;
  function suggestUnique() {
    const asked = lastSolve;
    if (!asked) return;
    const cell = ({row, col}) => "r" + (row + 1) + "c" + (col + 1);
    api("/api/nonogram/solve", {body: asked.body, query: {...asked.query, suggest: true}}).then((res) => {
      const s = res.status === 200 && res.data.suggest;
      if (lastSolve !== asked || !s || !s.hints) return;
      const pic = s.intended || res.data.solution;
      const give = s.hints.map((c) => cell(c) + "=" + pic[c.row][c.col]).join(" ");
      let more = " To make it unique, print " + give + " on the grid" +
        (s.exact ? " (the fewest)" : " (at most " + s.hints.length + "; at least " + s.at_least + " needed)");
      if (s.edits && s.edits.length) {
        const e = s.edits[0];
        more += ", or flip " + e.cells.map(cell).join(" ") + " in the picture" + (e.line_solvable ? " (then line-solvable)" : "");
      }
      stepText.textContent += more + ".";
      stepText.dataset.suggest = give;
    }).catch(() => {});
  }

  // finishBoard completes the picture after the last deduction: the cells
  // the deductions left open come from the solver's search.
  function finishBoard(rec, ex) {
    showFocus({});
    for (const rect of board.last) rect.classList.remove("new");
    board.last = [];
    const open = board.rects.filter((r) => r.getAttribute("class").includes("unknown")).length;
    if (ex.contradiction) {
      stepText.textContent = ex.summary + " " + (ex.steps.length ? ex.steps[ex.steps.length - 1].text : "");
    } else if (ex.solved) {
      stepText.textContent = ex.summary;
    } else if (rec.solution) {
      // The cells whose value differs between some two pictures are
      // undecided; every other cell is the same in all, the first's.
      const a = rec.solution;
      const undecided = new Set((rec.undecided || []).map(({row, col}) => row * board.w + col));
      let differ = 0;
      for (let r = 0; r < board.h; r++) {
        for (let c = 0; c < board.w; c++) {
          if (!board.rects[r * board.w + c].getAttribute("class").includes("unknown")) continue;
          if (undecided.has(r * board.w + c)) {
            setCell(r, c, "undecided");
            differ++;
          } else {
            setCell(r, c, a[r][c] === "#" ? "filled guessed" : "empty guessed");
          }
        }
      }
      stepText.textContent = ex.summary + " The search decides the other " + open + " cells" +
        (differ ? ": blue where every picture agrees, amber on the " + differ + " cells where pictures differ."
          : ", shown in blue.");
      if (rec.status === "multiple") suggestUnique();
    } else {
      stepText.textContent = ex.summary;
    }
    if (ex.error) stepText.textContent = ex.error + ". " + stepText.textContent;
    counter.textContent = ex.steps.length + " steps";
    board.root.dataset.state = "done";
    controls(false);
  }

  // ---- drawing ----
  let drawing = null; // {w, h, cells: [bool], rects}
  // newDrawing starts a drawing of the size the inputs give, empty or with
  // the cells given (rows of '#' and '.'); the undecided cells (a
  // picture's whose clues have several pictures: where they differ) are
  // outlined until the drawing is edited.
  function newDrawing(picture, undecided = []) {
    const w = Math.max(1, Math.min(60, Number(drawW.value) || 10));
    const h = Math.max(1, Math.min(60, Number(drawH.value) || 10));
    drawW.value = w;
    drawH.value = h;
    const D = 20;
    const root = svg("svg", {viewBox: `0 0 ${w * D + 2} ${h * D + 2}`, class: "draw", id: "nonogram-draw-svg"});
    const rects = [];
    drawing = {w, h, cells: new Array(w * h).fill(false), rects};
    let paint = null;
    for (let r = 0; r < h; r++) {
      for (let c = 0; c < w; c++) {
        const i = r * w + c;
        const rect = svg("rect", {x: 1 + c * D, y: 1 + r * D, width: D, height: D, class: "dcell", "data-i": i});
        rect.addEventListener("pointerdown", (ev) => {
          ev.preventDefault();
          paint = !drawing.cells[i];
          set(i, paint);
        });
        rect.addEventListener("pointerenter", () => { if (paint !== null) set(i, paint); });
        rects.push(rect);
        root.append(rect);
      }
    }
    for (let c = 5; c < w; c += 5) root.append(svg("line", {x1: 1 + c * D, y1: 1, x2: 1 + c * D, y2: 1 + h * D, class: "thick"}));
    for (let r = 5; r < h; r += 5) root.append(svg("line", {x1: 1, y1: 1 + r * D, x2: 1 + w * D, y2: 1 + r * D, class: "thick"}));
    let marks = null;
    if (undecided.length) {
      marks = svg("g", {class: "undecided-cells"}, undecided.filter(({row, col}) => row < h && col < w).map(({row, col}) =>
        svg("rect", {class: "undecided", x: 1 + col * D + 2.5, y: 1 + row * D + 2.5, width: D - 5, height: D - 5,
          "data-i": row * w + col})));
      root.append(marks);
    }
    document.addEventListener("pointerup", () => { paint = null; });
    drawBox.replaceChildren(root);
    function set(i, on) {
      drawing.cells[i] = on;
      rects[i].setAttribute("class", on ? "dcell on" : "dcell");
    }
    if (picture) picture.forEach((row, r) => [...row].forEach((ch, c) => { if (ch === "#") set(r * w + c, true); }));
    // An edit changes the clues: the outlines were the old clues'.
    root.addEventListener("pointerdown", () => { if (marks) marks.remove(); marks = null; });
  }

  // loadImage sends a picture file to the server, which scales it to the
  // drawing's width (keeping its aspect ratio, at most 60 cells a side)
  // and makes it black and white; the drawing becomes that picture.
  async function loadImage(f) {
    if (f.size > 1 << 20) {
      message(status, "error", f.name + " is larger than 1 MB, the server's limit.");
      return;
    }
    const bytes = await f.arrayBuffer();
    const colors = Number(imageColors.value) || 2;
    const mode = colors > 2 ? "auto" : imageMode.value;
    const query = {width: Math.max(1, Math.min(60, Number(drawW.value) || 10)), name: f.name,
      colors: colors > 2 ? colors : "",
      dither: mode === "dither" ? "true" : "", threshold: mode === "auto" || mode === "dither" ? "" : mode};
    message(status, "info", "Converting " + f.name + "…");
    let res;
    try {
      res = await api("/api/nonogram/from-image", {body: bytes, query});
      // A tall picture: 60 rows, and the width that keeps its shape (also
      // when the solve of the first timed out: its record has the size).
      if ((res.status === 200 || res.status === 504) && res.data.rows > 60) {
        const {width, height} = res.data.image;
        res = await api("/api/nonogram/from-image", {body: bytes,
          query: {...query, height: 60, width: Math.max(1, Math.min(60, Math.round(60 * width / height)))}});
      }
    } catch (err) {
      message(status, "error", err.message);
      return;
    }
    const rec = res.data;
    if (res.status !== 200 && !(res.status === 504 && rec.picture)) { // a picture whose solve timed out still loads
      message(status, "error", (rec && rec.error) || "the server answered " + res.status);
      return;
    }
    drawW.value = rec.cols;
    drawH.value = rec.rows;
    if (colors > 2) {
      loadColourPuzzle(f.name, rec);
      return;
    }
    newDrawing(rec.picture, rec.undecided || []);
    drawBox.dataset.loaded = f.name;
    const how = {otsu: "an automatic threshold", threshold: "a threshold", dither: "dithering"}[rec.method] || rec.method;
    const differ = (rec.undecided || []).length;
    const verdict = rec.status === "unique"
      ? "its clues have one picture, " + (rec.line_solvable ? "line-solvable, " : "") + (rec.difficulty || "not rated")
      : rec.status === "multiple" ? "several pictures meet its clues" +
        (differ ? ", which differ on the " + differ + " cells outlined in amber" : "") + ": edit it to make it unique"
      : "no verdict on its clues (" + rec.error + ")";
    message(status, rec.status === "unique" ? "ok" : "warn", "Loaded " + f.name + " (" + rec.image.width + "×" + rec.image.height +
      " pixels) as a " + rec.rows + "×" + rec.cols + " picture by " + how + ": " + verdict + ". Edit it, then Get clues.");
  }
  // loadColourPuzzle puts the colour puzzle of a picture (its xml) in the
  // puzzle text and solves it: the drawing holds black and white only.
  async function loadColourPuzzle(name, rec) {
    text.value = rec.text;
    fileName = "";
    fileBytes = null;
    formatSel.value = "xml";
    setMode("text");
    drawBox.dataset.loaded = name;
    const verdict = rec.status === "unique"
      ? "its clues have one picture" + (rec.line_solvable ? ", line-solvable" : "")
      : rec.status === "multiple" ? "several pictures meet its clues (the cells where they differ are marked)"
      : "no verdict on its clues (" + rec.error + ")";
    const loaded = "Loaded " + name + " (" + rec.image.width + "×" + rec.image.height + " pixels) as a " + rec.rows + "×" +
      rec.cols + " picture in " + rec.colors.length + " colours (" + rec.colors.map((c) => c.name).join(", ") + "): " + verdict + ".";
    await solve();
    // The solve's own message names the status; the picture's comes first.
    message(status, rec.status === "unique" ? "ok" : "warn", loaded + " " + status.textContent);
  }

  imageInput.addEventListener("change", () => {
    const f = imageInput.files[0];
    imageInput.value = ""; // the same file again loads again
    if (f) loadImage(f);
  });

  async function cluesOfDrawing() {
    const {w, h, cells} = drawing;
    const rows = [];
    for (let r = 0; r < h; r++) rows.push(cells.slice(r * w, r * w + w).map((f) => (f ? "#" : ".")).join(""));
    if (!cells.some((f) => f)) {
      message(status, "error", "The drawing is empty: fill some cells first.");
      return;
    }
    let res;
    try {
      res = await api("/api/nonogram/clues", {body: rows.join("\n") + "\n", query: {title: "my drawing"}});
    } catch (err) {
      message(status, "error", err.message);
      return;
    }
    if (res.status !== 200) {
      message(status, "error", res.data.error || "the server answered " + res.status);
      return;
    }
    const cl = res.data;
    text.value = cl.text;
    fileName = "";
    fileBytes = null;
    formatSel.value = "auto";
    pause();
    controls(false);
    drawBoard(cl.cols, cl.rows, cl.row_clues, cl.col_clues);
    setSheet({rows: cl.rows, cols: cl.cols, rowClues: cl.row_clues.map((l) => l.map((n) => [n, 1])),
      colClues: cl.col_clues.map((l) => l.map((n) => [n, 1])), palette: blackAndWhite, solution: null, name: "", status: "drawn"});
    badge.hidden = true;
    stepText.textContent = "";
    counter.textContent = "";
    message(status, "info", "The clues of your " + cl.rows + "×" + cl.cols +
      " picture are on the board and in the puzzle text. Solve them to see whether they have one picture.");
    setMode("text");
  }

  // ---- play ----
  let game = null; // what nonoplay.mount needs, from the last solve
  let playing = null; // the game mounted

  // gameOf makes a game of a solve record and an explanation (absent for
  // colour puzzles: their clues are read off the solution, which meets
  // them), or null when there is nothing to play.
  function gameOf(rec, ex, progress) {
    let palette, rowClues, colClues, steps = null;
    if (ex.row_clues) { // black and white: the API explains only those
      palette = [{char: "."}, {char: "#"}];
      rowClues = ex.row_clues.map((cl) => cl.map((n) => [n, 1]));
      colClues = ex.col_clues.map((cl) => cl.map((n) => [n, 1]));
      steps = ex.steps || [];
    } else if (rec.solution && rec.colors && rec.colors.length >= 2) {
      palette = rec.colors;
      const index = new Map(palette.map((p, k) => [p.char, k]));
      const at = (r, c) => index.get(rec.solution[r][c]) || 0;
      const h = rec.solution.length, w = rec.solution[0].length;
      const clues = (n, m, get) => Array.from({length: n}, (_, i) => Puzzle.nonoplay.runs(Array.from({length: m}, (_, j) => get(i, j))));
      rowClues = clues(h, w, at);
      colClues = clues(w, h, (c, r) => at(r, c));
    } else {
      return null;
    }
    if (!rec.solution && rec.status !== "unique") return null;
    const h = rowClues.length, w = colClues.length;
    let solution = null;
    if (rec.solution && (rec.status === "unique" || rec.status === "solved")) {
      const index = new Map(palette.map((p, k) => [p.char, k]));
      solution = new Int8Array(w * h);
      for (let r = 0; r < h; r++) for (let c = 0; c < w; c++) solution[r * w + c] = index.get(rec.solution[r][c]) || 0;
    }
    return {rows: h, cols: w, rowClues, colClues, palette, steps, solution, progress,
      key: JSON.stringify([rowClues, colClues, palette.map((p) => p.rgb || p.char)]),
      text: text.value, format: formatSel.value === "auto" ? "" : formatSel.value};
  }

  const blackAndWhite = [{char: "."}, {char: "#"}];

  // sheetOf is what the downloads draw of a solve: the game's clues and
  // solution, or the explained clues of a puzzle without a game (no
  // picture), or null.
  function sheetOf(rec, ex) {
    const name = ex.name || rec.name || "";
    if (game) return {rows: game.rows, cols: game.cols, rowClues: game.rowClues, colClues: game.colClues,
      palette: game.palette, solution: game.solution, name, status: rec.status};
    if (!ex.row_clues) return null;
    return {rows: ex.rows, cols: ex.cols, rowClues: ex.row_clues.map((l) => l.map((n) => [n, 1])),
      colClues: ex.col_clues.map((l) => l.map((n) => [n, 1])), palette: blackAndWhite, solution: null, name, status: rec.status};
  }

  function showPlay(on) {
    if (playing) {
      playing.stop();
      playing = null;
    }
    playBox.hidden = !on;
    boardBox.hidden = stepText.hidden = on;
    for (const e of [playBtn, stepBtn, endBtn, counter]) e.style.display = on ? "none" : "";
    playMine.textContent = on ? "Watch the solver" : "Play it yourself";
    playMine.setAttribute("aria-pressed", String(on));
    if (!on) {
      playBox.replaceChildren();
      return;
    }
    pause();
    save("nonogram", "last", {t: game.text, f: game.format, play: true});
    playing = Puzzle.nonoplay.mount(playBox, game, (what, time) => {
      if (what === "solved") message(status, "ok", "Solved in " + time + ": every line meets its clue.");
    });
    game.progress = null; // a shared progress is used once
  }

  function togglePlayMine() {
    if (!game) return;
    const on = playBox.hidden;
    if (!on) save("nonogram", "last", {t: game.text, f: game.format, play: false});
    showPlay(on);
    if (on) playing.focus();
    else if (board) {
      board.root.dataset.state = "done";
      while (advance());
    }
  }

  // A share link, or the game played last, opens as it was left.
  const link = shared("nonogram");
  const last = load("nonogram", "last");
  if (link && link.t) {
    text.value = link.t;
    formatSel.value = formats.includes(link.f) ? link.f || "auto" : "auto";
    solve({play: true, progress: link.p || null});
  } else if (last && last.play && typeof last.t === "string") {
    text.value = last.t;
    formatSel.value = formats.includes(last.f) ? last.f || "auto" : "auto";
    solve({play: true});
  } else {
    text.value = samples.Heart;
  }
});
