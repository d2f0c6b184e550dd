// Package web serves the puzzle families over HTTP: a JSON API that
// mirrors the command line (POST /api/{family}/solve takes a puzzle in any
// format the CLI reads and returns the object `puzzle {family} solve
// --json` prints, plus the family's other verbs), its OpenAPI 3
// description at /api/openapi.json, and one page with a tab per family,
// written in plain HTML, CSS and JavaScript and embedded in the binary.
//
// The server holds nothing puzzle-specific beyond calling the family
// packages: each family is one file (sudoku.go, nonogram.go, sliding.go,
// queens.go) that registers its routes and the name of its tab, whose
// script is static/{family}.js.
//
// What the tabs share for play is static/play.js: an undo/redo history, a
// timer, progress kept in the browser's localStorage under
// "puzzle:{family}:{the puzzle's canonical text}", share links that carry a
// puzzle in the URL fragment ("/#sliding?board=1+2+3+%2F+4+0+5&moves=R",
// "/#queens?n=8&queens=0:3,1:6"; the moves or queens only when the player
// asks to share the progress), and a keyboard grid (role grid, one cell in
// the tab order, arrows to move, Enter or Space to act, cells labelled
// "row 3, column 5, queen"). The style sheet follows prefers-color-scheme
// and prints the board alone.
//
// Every tab has Download buttons (static/download.js): the puzzle, and its
// solution (the tab's, or one asked of the API; none when the puzzle has
// several or none), as a standalone black-on-white SVG document or as a
// PNG drawn from it at twice its size, named like sudoku-9x9-puzzle.svg.
//
// Nonogram play is static/nonoplay.js: cells filled (in the colour picked),
// crossed or cleared by click, drag (the first cell's new state along its
// row or column, one undo step), touch and keys; clue numbers greyed by a
// rule written at the top of that file; check against the solution the
// API found; hints that are the next of the API's explained deductions
// that settles a cell the player has not (a cell of the solution once the
// deductions run out, and for colour puzzles, which the API does not
// explain). Colour clues are read off the solution, which meets them. The
// share link is "/#nonogram?t={puzzle text}&f={format}&p={cells}".
//
// Sudoku play (static/sudoku.js) adds pencil marks (a digit placed clears
// it from its peers' marks, in the same undo step), undo/redo, a timer that
// stops when the grid is full and right, Solve that shows the solution with
// the player's wrong digits corrected in red, and, for givens without a
// solution, the cells named by the explained solve's reason outlined. It
// plays 4×4 to 25×25 grids; progress is kept under the givens' line and
// the share link is "/#sudoku?g={givens}&p={entries}". For an author who
// types givens, Solve gives the verdict: unique; several, with exactly the
// cells where solutions differ outlined (the API's undecided); or none,
// with the cells of the contradiction. The
// grid keeps the focus and names the selected cell as its
// aria-activedescendant; its cells sit in rows laid out with display:
// contents, so that assistive technology sees a grid of rows.
//
// The page names its files by the start of their SHA-256
// (/static/app.js?v=…, page.go): such an address is served as immutable,
// so a browser keeps the files until the binary changes them; any other
// address of a file is served with no-cache and its hash as ETag.
//
// The browser tests (browser_*_test.go, headless Chromium through chromedp)
// play every family by keyboard and pointer, reload, follow share links,
// check every tab at 1280, 390 and 360 px in light and dark for sideways
// scrolling and contrast, audit every tab with axe-core (testdata/axe-core,
// never served), and report the page's first paint and the cost of each
// interaction on a 25×25 nonogram, measured in the page with
// performance.now().
//
// Every request body is capped (Config.MaxBody, 413 beyond it). Work that
// can take long (solving, generating, explaining) runs under a time limit
// (Config.Timeout, 504 when it runs out) and through a bounded pool of
// workers with a bounded queue in front (Config.Workers, Config.Queue):
// a request that finds the queue full, or waits longer than the time
// limit for a worker, gets 503 with a Retry-After header. Bad input gets
// 400 and a JSON object with an "error" message; a panic in a handler is
// caught, logged and answered with 500, so that one bad request cannot take
// the server down. Every request is logged with log/slog.
//
// The design follows the usual shape of a Go HTTP service: net/http's
// pattern-matching ServeMux, http.MaxBytesReader for the body limit, a
// channel semaphore for the worker pool, and http.Server.Shutdown for a
// graceful stop (Serve).
package web
