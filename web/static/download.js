// Downloads: every tab saves its puzzle, and its solution, as a
// standalone SVG document (black on white, for printing) or as a PNG made
// from it. Plain script, loaded after play.js: Puzzle.download.
//
// A family's tab hands box() two functions that make a sheet, the
// drawing of its puzzle or of its solution (sudoku, nonogram, sliding and
// queens below turn the tab's model into one), and box() builds the
// buttons. The last file made is kept in Puzzle.download.last ({name,
// type, blob, text}), and its name in the buttons' group's data-last, for
// the browser tests.
"use strict";

Puzzle.download = (() => {
  const {el, message} = Puzzle;
  const SVGNS = "http://www.w3.org/2000/svg";
  // Fonts every system has, or a metric twin of them.
  const FONT = "Arial, Helvetica, 'Liberation Sans', sans-serif";
  const MONO = "'Courier New', Courier, 'Liberation Mono', monospace";
  const MARGIN = 16, HEAD = 58; // the page's margin; the height of the title and note above the board
  const SCALE = 2;              // PNG pixels per SVG px
  const MAX_SIDE = 16384, MAX_PIXELS = 1 << 26; // what a canvas takes

  // ---- SVG text ----
  const esc = (s) => String(s).replace(/[&<>"']/g, (c) => ({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;"})[c]);
  const num = (x) => String(Math.round(x * 100) / 100);

  // tag writes an element: attributes escaped (numbers rounded), the
  // content as given (already SVG).
  function tag(name, attrs, ...content) {
    let a = "";
    for (const [k, v] of Object.entries(attrs || {})) {
      if (v === null || v === undefined || v === false) continue;
      a += " " + k + '="' + (typeof v === "number" ? num(v) : esc(v)) + '"';
    }
    const inner = content.flat().join("");
    return inner ? "<" + name + a + ">" + inner + "</" + name + ">" : "<" + name + a + "/>";
  }

  // text writes a <text> centred on (x, y), its words escaped.
  const text = (x, y, size, words, attrs = {}) =>
    tag("text", {x, y: y + size * 0.35, "font-size": size, "text-anchor": "middle", ...attrs}, esc(words));

  // A rough width of a line of text, to make the page wide enough for it.
  const textWidth = (s, size) => String(s).length * size * 0.6;

  // svgDocument writes a sheet as a standalone SVG document: the title and a
  // note on top, the board (width×height px, drawn from 0,0) below.
  function svgDocument({title, note, width, height, body}) {
    const W = Math.ceil(Math.max(width + 2 * MARGIN, textWidth(title, 18) + 2 * MARGIN, textWidth(note || "", 13) + 2 * MARGIN));
    const H = Math.ceil(HEAD + height + MARGIN);
    return '<?xml version="1.0" encoding="UTF-8"?>\n' +
      tag("svg", {xmlns: SVGNS, version: "1.1", width: W, height: H, viewBox: `0 0 ${W} ${H}`, "font-family": FONT},
        tag("title", {}, esc(title + (note ? ": " + note : ""))),
        tag("rect", {class: "page", x: 0, y: 0, width: W, height: H, fill: "#fff"}),
        tag("text", {class: "title", x: MARGIN, y: 28, "font-size": 18, "font-weight": "bold", fill: "#000"}, esc(title)),
        note ? tag("text", {class: "note", x: MARGIN, y: 47, "font-size": 13, fill: "#000"}, esc(note)) : "",
        tag("g", {class: "board", transform: `translate(${num((W - width) / 2)} ${HEAD})`}, body)) + "\n";
  }

  // fileName is "<family>-<rows>x<cols>-<puzzle|solution>.<svg|png>".
  const fileName = (sheet, ext) => `${sheet.family}-${sheet.size}-${sheet.which}.${ext}`;
  const plural = (k, one, many) => k + " " + (k === 1 ? one : many || one + "s");
  const clamp = (x, lo, hi) => Math.max(lo, Math.min(hi, x));

  // ---- the families' drawings ----

  // sudoku draws the givens (values, 0 for empty, in reading order) of a
  // box²×box² grid, and with solution the solved digits, lighter. show(v)
  // is the symbol the page shows for v. undecided lists the cells (indices
  // in reading order) where the givens' solutions differ, outlined; with
  // them, solution is one of several.
  function sudoku({box, givens, solution, show, undecided = []}) {
    const n = box * box, C = n <= 9 ? 40 : n <= 16 ? 30 : 26, fs = C * 0.56;
    const cells = [], digits = [], rules = [];
    for (let i = 0; i < n * n; i++) {
      const r = Math.floor(i / n), c = i % n, x = c * C, y = r * C;
      cells.push(tag("rect", {class: "cell", x, y, width: C, height: C, fill: "#fff", stroke: "#000", "stroke-width": 0.6}));
      if (givens[i]) digits.push(text(x + C / 2, y + C / 2, fs, show(givens[i]), {class: "given", fill: "#000", "font-weight": "bold"}));
      else if (solution) digits.push(text(x + C / 2, y + C / 2, fs, show(solution[i]), {class: "solved", fill: "#666"}));
    }
    for (let k = 0; k <= box; k++) {
      const at = k * box * C, w = k === 0 || k === box ? 3 : 2;
      rules.push(tag("line", {x1: at, y1: 0, x2: at, y2: n * C, stroke: "#000", "stroke-width": w, "stroke-linecap": "square"}));
      rules.push(tag("line", {x1: 0, y1: at, x2: n * C, y2: at, stroke: "#000", "stroke-width": w, "stroke-linecap": "square"}));
    }
    const outlines = undecided.map((i) => tag("rect", {class: "undecided", x: (i % n) * C + 2.5, y: Math.floor(i / n) * C + 2.5,
      width: C - 5, height: C - 5, fill: "none", stroke: "#b45309", "stroke-width": 3, "stroke-dasharray": "5 3"}));
    const given = givens.filter((v) => v).length;
    const several = undecided.length > 0;
    let note = solution ? `the ${given} givens in black, the digits found in grey` : `${plural(given, "given")}: fill every row, column and box with ${show(1)} to ${show(n)}`;
    if (several) note += `; ${plural(undecided.length, "undecided cell")} outlined: the solutions differ there`;
    return {family: "sudoku", size: n + "x" + n, which: solution ? "solution" : "puzzle",
      title: `Sudoku ${n}×${n}, ${solution ? (several ? "one of several solutions" : "solution") : "puzzle"}`,
      note, width: n * C, height: n * C,
      body: tag("g", {class: "cells"}, cells) + tag("g", {class: "digits"}, digits) + tag("g", {class: "rules"}, rules) +
        (several ? tag("g", {class: "undecided-cells"}, outlines) : "")};
  }

  // nonogram draws the clues (each line's runs, [length, colour index]
  // each; index 1 is black in a black-and-white puzzle) and the grid:
  // empty for the puzzle, the picture with solution (a colour index per
  // cell, in reading order, 0 for the background). palette[k].rgb is a
  // colour's hex, absent in black and white.
  function nonogram({rows, cols, rowClues, colClues, palette, solution, name}) {
    const C = clamp(Math.floor(640 / Math.max(rows, cols)), 6, 22), fs = C * 0.55;
    const colour = (k) => (palette[k] && palette[k].rgb ? "#" + palette[k].rgb : k ? "#000" : "#fff");
    const light = (k) => { // whether black text reads on the colour
      const hex = colour(k).slice(1), v = (i) => parseInt(hex.length === 3 ? hex[i] + hex[i] : hex.slice(2 * i, 2 * i + 2), 16) / 255;
      return 0.2126 * v(0) + 0.7152 * v(1) + 0.0722 * v(2) > 0.45;
    };
    const coloured = palette.some((p) => p.rgb);
    const slots = (lines) => Math.max(1, ...lines.map((l) => l.length));
    const left = slots(rowClues) * C + 4, top = slots(colClues) * C + 4;
    const clues = [];
    // clue draws one number of a clue, centred on (x, y).
    const clue = (x, y, [len, k]) => {
      if (!coloured || !k) return text(x, y, fs, String(len), {class: "clue", fill: "#000"});
      return tag("rect", {x: x - C * 0.45, y: y - C * 0.45, width: C * 0.9, height: C * 0.9, rx: C * 0.15, fill: colour(k), stroke: "#000", "stroke-width": 0.5}) +
        text(x, y, fs, String(len), {class: "clue", fill: light(k) ? "#000" : "#fff"});
    };
    rowClues.forEach((line, r) => {
      const runs = line.length ? line : [[0, 0]];
      runs.forEach((run, k) => clues.push(clue(left - 4 - (runs.length - 1 - k) * C - C / 2, top + r * C + C / 2, run)));
    });
    colClues.forEach((line, c) => {
      const runs = line.length ? line : [[0, 0]];
      runs.forEach((run, k) => clues.push(clue(left + c * C + C / 2, top - 4 - (runs.length - 1 - k) * C - C / 2, run)));
    });
    const cells = [];
    for (let r = 0; r < rows; r++) {
      for (let c = 0; c < cols; c++) {
        const k = solution ? solution[r * cols + c] : 0;
        cells.push(tag("rect", {class: k ? "cell filled" : "cell", x: left + c * C, y: top + r * C, width: C, height: C,
          fill: colour(k), stroke: "#000", "stroke-width": 0.4, "data-color": k ? (palette[k].rgb || "000000") : null}));
      }
    }
    const rules = [];
    for (let c = 0; c <= cols; c += 5) rules.push(tag("line", {x1: left + c * C, y1: top, x2: left + c * C, y2: top + rows * C, stroke: "#000", "stroke-width": 1.6}));
    for (let r = 0; r <= rows; r += 5) rules.push(tag("line", {x1: left, y1: top + r * C, x2: left + cols * C, y2: top + r * C, stroke: "#000", "stroke-width": 1.6}));
    if (cols % 5) rules.push(tag("line", {x1: left + cols * C, y1: top, x2: left + cols * C, y2: top + rows * C, stroke: "#000", "stroke-width": 1.6}));
    if (rows % 5) rules.push(tag("line", {x1: left, y1: top + rows * C, x2: left + cols * C, y2: top + rows * C, stroke: "#000", "stroke-width": 1.6}));
    const which = solution ? "solution" : "puzzle";
    return {family: "nonogram", size: rows + "x" + cols, which,
      title: `Nonogram ${rows}×${cols}, ${which}`,
      note: (name ? "“" + name + "”, " : "") + (solution ? "the picture the clues call for" :
        "fill the cells so that each row and column has the runs its clue lists, in order"),
      width: left + cols * C, height: top + rows * C,
      body: tag("g", {class: "clues"}, clues) + tag("g", {class: "cells"}, cells) + tag("g", {class: "rules"}, rules)};
  }

  const movesHeading = "Moves of the blank (U up, D down, L left, R right), from the start:";

  // sliding draws a rows×cols board (tiles in reading order, 0 for the
  // blank); with moves (the blank's, "U", "D", "L", "R") it is the goal
  // and the moves that reach it are written below.
  function sliding({rows, cols, tiles, moves, optimal, seed}) {
    const C = clamp(Math.floor(480 / Math.max(rows, cols)), 36, 64), fs = C * 0.42;
    const solution = typeof moves === "string";
    const lines = [];
    let width = cols * C;
    if (solution) {
      const per = 40; // moves a line: eight groups of five
      const groups = moves.match(/.{1,5}/g) || [];
      for (let i = 0; i < groups.length; i += per / 5) lines.push(groups.slice(i, i + per / 5).join(" "));
      width = Math.max(width, textWidth("x".repeat(per + per / 5 - 1), 14), textWidth(movesHeading, 13));
    }
    const x0 = (width - cols * C) / 2;
    const parts = [tag("rect", {class: "frame", x: x0 - 3, y: -3, width: cols * C + 6, height: rows * C + 6, rx: 6, fill: "#fff", stroke: "#000", "stroke-width": 3})];
    tiles.forEach((t, i) => {
      const x = x0 + (i % cols) * C, y = Math.floor(i / cols) * C;
      if (t === 0) {
        parts.push(tag("rect", {class: "blank", x: x + 3, y: y + 3, width: C - 6, height: C - 6, rx: 5, fill: "#fff", stroke: "#999", "stroke-width": 1, "stroke-dasharray": "4 3"}));
        return;
      }
      parts.push(tag("g", {class: "tile", "data-tile": t},
        tag("rect", {x: x + 3, y: y + 3, width: C - 6, height: C - 6, rx: 5, fill: "#fff", stroke: "#000", "stroke-width": 2}),
        text(x + C / 2, y + C / 2, fs, String(t), {fill: "#000", "font-weight": "bold"})));
    });
    let height = rows * C + 3;
    if (solution) {
      height += 28;
      parts.push(tag("text", {class: "moves-heading", x: 0, y: height, "font-size": 13, fill: "#000"}, esc(movesHeading)));
      for (const l of lines) {
        height += 19;
        parts.push(tag("text", {class: "moves", x: 0, y: height, "font-size": 14, "font-family": MONO, fill: "#000"}, esc(l)));
      }
      height += 6;
    }
    const seedNote = seed ? ", seed " + seed : "";
    return {family: "sliding", size: rows + "x" + cols, which: solution ? "solution" : "puzzle",
      title: `Sliding puzzle ${rows}×${cols}, ${solution ? "solution" : "puzzle"}`,
      note: solution ? `the goal, reached in ${plural(moves.length, "move")} (${optimal ? "the fewest possible" : "not necessarily the fewest"})${seedNote}`
        : `slide the tiles into order, the blank last${seedNote}`,
      width, height, body: parts.join("")};
  }

  // queenPath draws a queen: a crown on its base, in a C×C square at x, y.
  function queenPath(x, y, C) {
    const p = (u, v) => num(x + u * C) + " " + num(y + v * C);
    return "M" + p(0.2, 0.74) + " L" + p(0.12, 0.32) + " L" + p(0.33, 0.52) + " L" + p(0.5, 0.2) + " L" + p(0.67, 0.52) +
      " L" + p(0.88, 0.32) + " L" + p(0.8, 0.74) + " Z M" + p(0.2, 0.78) + " L" + p(0.8, 0.78) + " L" + p(0.8, 0.86) +
      " L" + p(0.2, 0.86) + " Z";
  }

  // queens draws an n×n board and its queens ({row, col, given}): those
  // given in black, those a solution adds in outline.
  function queens({n, queens: list, solution}) {
    const C = clamp(Math.floor(480 / n), 14, 48);
    const parts = [];
    for (let r = 0; r < n; r++) {
      for (let c = 0; c < n; c++) {
        parts.push(tag("rect", {class: "square", x: c * C, y: r * C, width: C, height: C, fill: (r + c) % 2 ? "#d4d4d4" : "#fff"}));
      }
    }
    parts.push(tag("rect", {class: "frame", x: 0, y: 0, width: n * C, height: n * C, fill: "none", stroke: "#000", "stroke-width": 2}));
    for (const q of list) {
      parts.push(tag("path", {class: q.given ? "queen given" : "queen", "data-row": q.row, "data-col": q.col,
        d: queenPath(q.col * C, q.row * C, C), fill: q.given ? "#000" : "#fff", stroke: "#000", "stroke-width": q.given ? 0.8 : 1.6,
        "stroke-linejoin": "round"}));
    }
    const given = list.filter((q) => q.given).length;
    return {family: "queens", size: n + "x" + n, which: solution ? "solution" : "puzzle",
      title: `${n}-Queens, ${solution ? "solution" : "puzzle"}`,
      note: solution ? `${plural(n, "queen")}, no two on a row, column or diagonal` + (given ? ` (the ${given} given in black)` : "")
        : (given ? `${plural(given, "queen")} given: ` : "") + `place ${n} queens, no two on a row, column or diagonal`,
      width: n * C, height: n * C, body: parts.join("")};
  }

  // ---- files ----
  const api = {sudoku, nonogram, sliding, queens, svgDocument, fileName, last: null};

  // save hands a file to the browser, which downloads it.
  function save(blob, name, textOf) {
    const url = URL.createObjectURL(blob);
    const a = el("a", {href: url, download: name, hidden: true});
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 60000);
    api.last = {name, type: blob.type, blob, text: textOf};
  }

  // png draws an SVG document on a canvas at SCALE (less for a sheet a
  // canvas could not hold) and resolves to the PNG's Blob.
  async function png(svgText) {
    const doc = new DOMParser().parseFromString(svgText, "image/svg+xml").documentElement;
    const w = Number(doc.getAttribute("width")), h = Number(doc.getAttribute("height"));
    const scale = Math.min(SCALE, MAX_SIDE / w, MAX_SIDE / h, Math.sqrt(MAX_PIXELS / (w * h)));
    const img = new Image();
    const url = URL.createObjectURL(new Blob([svgText], {type: "image/svg+xml"}));
    try {
      await new Promise((ok, fail) => {
        img.onload = ok;
        img.onerror = () => fail(new Error("the browser could not draw the SVG"));
        img.src = url;
      });
      const canvas = el("canvas", {width: Math.round(w * scale), height: Math.round(h * scale)});
      const g = canvas.getContext("2d");
      g.fillStyle = "#fff";
      g.fillRect(0, 0, canvas.width, canvas.height);
      g.drawImage(img, 0, 0, canvas.width, canvas.height);
      return await new Promise((ok, fail) => canvas.toBlob((b) => (b ? ok(b) : fail(new Error("the canvas made no PNG"))), "image/png"));
    } finally {
      URL.revokeObjectURL(url);
    }
  }

  // make draws a sheet into a file of the format ("svg" or "png") and
  // saves it; it resolves to the file's name.
  async function make(sheet, format) {
    const svgText = svgDocument(sheet);
    const name = fileName(sheet, format);
    if (format === "svg") save(new Blob([svgText], {type: "image/svg+xml"}), name, svgText);
    else save(await png(svgText), name, null);
    return name;
  }

  // box builds a tab's download buttons. source.puzzle() and
  // source.solution() resolve to a sheet (or reject with the reason
  // there is none: the reason is shown); source.why(which), when given,
  // tells why a sheet cannot be had now ("" when it can), which disables
  // its buttons with the reason as their title. refresh() asks it again.
  function box(family, source) {
    const status = el("p", {class: "message", id: family + "-download-status", role: "status", hidden: true});
    const buttons = [];
    const group = el("div", {class: "toolbar", role: "group", "aria-label": "Download", id: family + "-download"},
      el("span", {class: "download-label", "aria-hidden": "true"}, "Download:"));
    const titles = {
      puzzle: "The puzzle, ready to print",
      solution: "The solution, ready to print (found by the server when the tab has none yet)",
    };
    for (const which of ["puzzle", "solution"]) {
      for (const format of ["svg", "png"]) {
        const words = (which === "puzzle" ? "Puzzle " : "Solution ") + format.toUpperCase();
        const b = el("button", {type: "button", id: `${family}-download-${which}-${format}`, "aria-label": "Download " + words.toLowerCase(),
          "data-which": which, "data-format": format, onclick: () => run(which, format)}, words);
        buttons.push(b);
        group.append(b);
      }
    }
    // While a file is made, clicks wait: the buttons stay enabled, so
    // that the focus stays on the one pressed.
    let busy = false;
    function refresh() {
      for (const b of buttons) {
        const why = source.why ? source.why(b.dataset.which) : "";
        b.disabled = Boolean(why);
        b.title = why || titles[b.dataset.which] + (b.dataset.format === "png" ? ", as a PNG image" : ", as an SVG drawing");
      }
    }
    async function run(which, format) {
      if (busy) return;
      delete group.dataset.last;
      busy = true;
      group.setAttribute("aria-busy", "true");
      message(status, "", "");
      try {
        const name = await make(await source[which](), format);
        group.dataset.last = name;
        message(status, "ok", "Saved " + name + ".");
      } catch (err) {
        group.dataset.last = "error";
        message(status, "error", `No ${which} to download: ${err.message}.`);
      } finally {
        busy = false;
        group.removeAttribute("aria-busy");
      }
    }
    refresh();
    return {element: el("div", {class: "download"}, group, status), refresh};
  }

  api.box = box;
  return api;
})();
