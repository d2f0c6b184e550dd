package web

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"

	"github.com/puzzlesolvers/puzzle/internal/record"
	"github.com/puzzlesolvers/puzzle/nonogram"
	"github.com/puzzlesolvers/puzzle/status"
)

func init() {
	register(family{name: "nonogram", title: "Nonogram", order: 20, routes: nonogramRoutes})
}

// maxDrawCells bounds the pictures drawn over HTTP: an SVG has an element
// per filled cell.
const maxDrawCells = 512 * 512

func nonogramFormatNames() []string {
	var names []string
	for _, f := range nonogram.Formats {
		names = append(names, string(f))
	}
	return names
}

var (
	formatParam = param{name: "format", kind: "string",
		description: "input format (default auto: detected from the name's extension or the content)",
		choices:     append([]string{"auto"}, nonogramFormatNames()...)}
	nonoUndecidedParam = param{name: "undecided", kind: "boolean",
		description: "with status multiple, add undecided: exactly the cells whose value differs between some two pictures"}
	nonoSuggestParam = param{name: "suggest", kind: "boolean",
		description: "with status multiple, add suggest: the fewest cells to give as hints (from solution) that make it the only picture, and picture edits (not with limit). The search for the fewest has half the time limit; after it the best found is given with exact false and at_least"}
	nonoNameParam = param{name: "name", kind: "string",
		description: "the file name of the puzzle, as the record's \"file\"; its extension (.non, .xml, ...) names the format"}
)

const nonogramBody = "one nonogram in any format the CLI reads: plain, webpbn XML, .non, .nin, .cwd, .mk, TAAI or picross-solver"

func nonogramRoutes() []*route {
	return []*route{
		{
			method: "POST", path: "/api/nonogram/solve",
			summary: "Solve a nonogram, proving uniqueness",
			description: "Returns the object `puzzle nonogram solve --json` prints: file, line, name, status " +
				"(unique, multiple, none, solved, invalid, timeout), error, rows, cols, solution (rows of '#' and '.'), solutions " +
				"(with limit ≥ 2), undecided (with undecided and status multiple), suggest (with suggest and status multiple), colors, count, line_solvable, steps and explained (with " +
				"explain) and stats. Status 400 carries the record of an invalid puzzle, 504 that of a timeout.",
			params: []param{formatParam, nonoNameParam, limitParam, explainParam, nonoUndecidedParam, nonoSuggestParam},
			body:   nonogramBody,
			result: "the solve record", heavy: true,
			schema: "nonogram.json#/$defs/solve",
			check:  checkNonogramSolve,
			handle: nonogramSolve, precheck: precheckNonogram(invalidNonogramSolve),
		},
		{
			method: "POST", path: "/api/nonogram/rate",
			summary: "Grade a nonogram by the hardest reasoning it needs",
			description: "Returns the record of `puzzle nonogram rate --json`: status unique with difficulty (easy: overlaps only; " +
				"medium: complete line solving; hard: cells and lines tried both ways; expert and extreme: search), hardest rule, " +
				"length (steps of the explanation) and score. A puzzle without exactly one picture cannot be rated: 422 with its " +
				"record, status multiple or none. 400 carries the record of an invalid puzzle, 504 that of a timeout.",
			params:  []param{formatParam, nonoNameParam},
			body:    nonogramBody,
			result:  `{"file": "request", "line": 1, "status": "unique", "rows": 10, "cols": 10, "difficulty": "medium", "hardest": "line", "length": 31, "score": 2.6, "stats": {"time_ms": 2.1}}`,
			schema:  "nonogram.json#/$defs/rate",
			heavy:   true,
			refuses: "a puzzle without exactly one picture",
			handle:  nonogramRate, precheck: precheckNonogram(nil),
		},
		{
			method: "POST", path: "/api/nonogram/explain",
			summary: "The puzzle's clues and the solver's deductions, step by step",
			description: "Line solving, then probing single cells both ways and trying the placements of lines, as " +
				"`puzzle nonogram solve --explain` shows it. Each step names its row or col, or the cell it tried, and lists the " +
				"cells it fills and empties ({\"row\", \"col\"}, from 0), so a client can replay the solve line by line. picture " +
				"is the grid after the last step ('?' undecided). status is what the steps prove (unique when they decide every " +
				"cell, none when they end in a contradiction), else the solver's. 504 carries the steps found in time.",
			params:  []param{formatParam, nonoNameParam},
			body:    nonogramBody,
			result:  `{"file": "request", "line": 1, "status": "unique", "rows": 5, "cols": 5, "row_clues": [[3], ...], "col_clues": [...], "steps": [...], "picture": [...], "solved": true, "contradiction": false, "summary": "..."}`,
			schema:  "nonogram.json#/$defs/explain",
			heavy:   true,
			refuses: "a colour puzzle: the page draws it from /api/nonogram/render instead (the CLI explains it)",
			handle:  nonogramExplain, precheck: precheckNonogram(nil),
		},
		{
			method: "POST", path: "/api/nonogram/clues",
			summary: "The clues of a picture",
			description: "The body is a picture, one line per row: '#', 'X', 'x' or '1' for a filled cell, '.', '0', '-', '_' " +
				"or a space for an empty one; short lines end in empty cells. Returns the clues and the puzzle written in a format.",
			params: []param{
				{name: "to", kind: "string", description: "format of the text returned (default plain)", choices: nonogramFormatNames()},
				{name: "title", kind: "string", description: "the puzzle's title, for the formats that store one"},
			},
			body:    "a picture: one line of '#' and '.' per row",
			result:  `{"status": "solved", "rows": 5, "cols": 7, "row_clues": [[2, 2], ...], "col_clues": [...], "format": "plain", "text": "5 7\n2 2\n..."}`,
			schema:  "nonogram.json#/$defs/clues",
			refuses: "a picture the format cannot hold (taai holds square ones only)",
			handle:  nonogramClues,
		},
		nonogramFromImageRoute(),
		{
			method: "POST", path: "/api/nonogram/render",
			summary: "Draw the solved picture with its clues (SVG, PNG or text)",
			description: "Solves the puzzle and draws it as `puzzle nonogram render` does: with several pictures, exactly the " +
				"cells whose value differs between some two pictures are undecided (grey); with none, the empty grid. The header X-Puzzle-Status gives the status. " +
				fmt.Sprintf("Pictures over %d cells are refused (422).", maxDrawCells),
			params: []param{
				formatParam, nonoNameParam,
				{name: "to", kind: "string", description: "svg (default), png or text", choices: []string{"svg", "png", "text"}},
				{name: "cell", kind: "integer", min: 4, max: 64, description: "cell size in pixels, 4..64 (default 16)"},
				{name: "blank", kind: "boolean", description: "draw the empty grid without solving"},
				{name: "no_clues", kind: "boolean", description: "draw the grid only"},
			},
			body:     nonogramBody,
			produces: "image/svg+xml",
			result:   "the drawing: image/svg+xml, image/png or text/plain",
			heavy:    true,
			refuses:  fmt.Sprintf("a picture over %d cells", maxDrawCells),
			handle:   nonogramRender, precheck: precheckNonogram(nil),
		},
		{
			method: "POST", path: "/api/nonogram/convert",
			summary:     "Rewrite a nonogram in another format",
			description: "As `puzzle nonogram convert`: goals, titles and authors are kept where the target format has a place for them.",
			params: []param{
				formatParam,
				{name: "to", kind: "string", required: true, description: "output format (required)", choices: nonogramFormatNames()},
			},
			body:     nonogramBody,
			produces: "text/plain; charset=utf-8",
			result:   "the puzzle in the format asked for",
			refuses:  "a puzzle the format cannot hold (several in a one-puzzle format, a colour puzzle in anything but xml, a non-square one in taai)",
			handle:   nonogramConvert, precheck: precheckNonogram(nil),
		},
	}
}

// readNonogram reads the one puzzle of the body (see readBody) in the
// format the query names; a bad parameter is left in c.bad, and answered
// (an empty reply: the parameter's error is sent) before the body is read.
func readNonogram(c *call, invalid func(h record.Head, err error) record.Record) (string, *nonogram.Puzzle, *reply) {
	format := c.choice("format", "auto", formatParam.choices)
	if format == "auto" {
		format = ""
	}
	if c.bad != nil {
		return "", nil, &reply{}
	}
	return readBody(c, func(r io.Reader, file string) puzzleReader[*nonogram.Puzzle] {
		return nonogram.NewReader(r, file, nonogram.Format(format))
	}, func(p *nonogram.Puzzle) int { return p.Line }, invalid)
}

// invalidNonogramSolve is the invalid record of the solve route.
func invalidNonogramSolve(h record.Head, err error) record.Record {
	return &record.NonogramSolve{Head: h, Cause: err}
}

// precheckNonogram is the precheck of a route that reads a nonogram:
// invalid makes the record of a malformed one (nil: an error message).
func precheckNonogram(invalid func(h record.Head, err error) record.Record) func(c *call) *reply {
	return func(c *call) *reply {
		_, _, bad := readNonogram(c, invalid)
		return bad
	}
}

// nonogramPuzzle reads the one puzzle of the body for the routes that
// answer a malformed one with an error message rather than a record.
func nonogramPuzzle(c *call) (file string, p *nonogram.Puzzle, r *reply) {
	return readNonogram(c, nil)
}

// checkNonogramSolve checks, before a worker is taken, the parameters of
// a solve that go together.
func checkNonogramSolve(c *call) {
	if c.flag("suggest") && c.integer("limit", 0, 0, maxListed) != 0 {
		c.fail("parameter suggest goes with the default search, not with limit")
	}
}

func nonogramSolve(c *call) reply {
	limit := c.integer("limit", 0, 0, maxListed)
	explain, undecided, suggest := c.flag("explain"), c.flag("undecided"), c.flag("suggest")
	if c.bad != nil {
		return reply{}
	}
	file, p, bad := readNonogram(c, invalidNonogramSolve)
	if bad != nil {
		return *bad
	}
	rec := record.NewNonogramSolve(c.ctx, file, p, record.NonogramOptions{
		Limit: limit, ListAll: limit >= 2, Explain: explain, Undecided: undecided, Timeout: c.timeout,
		Suggest: suggest, SuggestTime: suggestTime(c),
	})
	return answer(c, rec)
}

func nonogramRate(c *call) reply {
	name, p, bad := nonogramPuzzle(c)
	if bad != nil {
		return *bad
	}
	rec := record.NewNonogramRate(c.ctx, name, p, c.timeout)
	switch rec.Status {
	case status.Multiple, status.None:
		return jsonReply(http.StatusUnprocessableEntity, rec)
	}
	return answer(c, rec)
}

func nonogramExplain(c *call) reply {
	name, p, bad := nonogramPuzzle(c)
	if bad != nil {
		return *bad
	}
	if p.IsColor() {
		// The page animates in black and white; it draws colour puzzles
		// from /api/nonogram/render instead.
		return failf(http.StatusUnprocessableEntity, "the page does not animate colour puzzles; 'puzzle nonogram solve --explain' explains them")
	}
	rec := record.NewNonogramExplain(c.ctx, name, p, c.timeout)
	return answer(c, rec)
}

// readPicture reads a picture of '#' and '.' lines.
func readPicture(body []byte) (*nonogram.Grid, error) {
	var lines []string
	sc := bufio.NewScanner(bytes.NewReader(body))
	sc.Buffer(nil, nonogram.MaxSide+2)
	for sc.Scan() {
		lines = append(lines, strings.TrimRight(sc.Text(), " \t\r"))
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("line %d: %v (a row has at most %d cells)", len(lines)+1, err, nonogram.MaxSide)
	}
	first := 0
	for first < len(lines) && lines[first] == "" {
		first++
	}
	last := len(lines)
	for last > first && lines[last-1] == "" {
		last--
	}
	lines = lines[first:last]
	width := 0
	for _, l := range lines {
		width = max(width, len([]rune(l)))
	}
	switch {
	case len(lines) == 0 || width == 0:
		return nil, errors.New("the picture is empty: draw at least one row of '#' and '.'")
	case len(lines) > nonogram.MaxSide || width > nonogram.MaxSide:
		return nil, fmt.Errorf("the picture is %d×%d: larger than %d", len(lines), width, nonogram.MaxSide)
	}
	g := nonogram.NewGrid(width, len(lines))
	for r, l := range lines {
		for c, ch := range []rune(l) {
			switch ch {
			case '#', 'X', 'x', '1', '█':
				g.Set(r, c, true)
			case '.', '0', '-', '_', ' ':
			default:
				return nil, fmt.Errorf("line %d, column %d: %q is neither filled ('#') nor empty ('.')", first+r+1, c+1, ch)
			}
		}
	}
	return g, nil
}

func nonogramClues(c *call) reply {
	to := c.choice("to", string(nonogram.FormatPlain), nonogramFormatNames())
	title := c.text("title", "")
	if c.bad != nil {
		return reply{}
	}
	g, err := readPicture(c.body)
	if err != nil {
		return failf(http.StatusBadRequest, "%v", err)
	}
	p := g.Clues()
	p.Name, p.Goal = title, g
	var text bytes.Buffer
	if err := p.Format(&text, nonogram.Format(to)); err != nil {
		return failf(http.StatusUnprocessableEntity, "%v", err)
	}
	return jsonReply(http.StatusOK, &record.NonogramClues{Head: record.Head{Status: status.Solved}, Rows: g.Height, Cols: g.Width,
		RowClues: record.NonogramClueLists(p.Rows), ColClues: record.NonogramClueLists(p.Cols), Format: to, Text: text.String()})
}

func nonogramRender(c *call) reply {
	to := c.choice("to", "svg", []string{"svg", "png", "text"})
	cell := c.integer("cell", 16, 4, 64)
	blank, noClues := c.flag("blank"), c.flag("no_clues")
	_, p, bad := nonogramPuzzle(c)
	if bad != nil {
		return *bad
	}
	if cells := p.Width() * p.Height(); to != "text" && cells > maxDrawCells {
		return failf(http.StatusUnprocessableEntity, "a %d×%d picture is too large to draw here (%d cells, the limit is %d): use puzzle nonogram render",
			p.Height(), p.Width(), cells, maxDrawCells)
	}
	var board *nonogram.Board
	st := status.Unknown
	if !blank {
		res, _ := nonogram.Solve(c.ctx, p, nonogram.Options{})
		st = res.Status
		switch res.Status {
		case status.Unique:
			board = nonogram.BoardOf(res.Solutions[0])
		case status.Multiple:
			b, _, err := nonogram.Undecided(c.ctx, p, res.Solutions)
			if err != nil {
				return failf(http.StatusGatewayTimeout, "several pictures, and no answer on which cells they differ within %v", c.timeout)
			}
			board = b
		case status.Timeout:
			return failf(http.StatusGatewayTimeout, "no answer within %v", c.timeout)
		}
	}
	render, ct := nonogram.RenderSVG, "image/svg+xml"
	switch to {
	case "png":
		render, ct = nonogram.RenderPNG, "image/png"
	case "text":
		render, ct = nonogram.RenderText, "text/plain; charset=utf-8"
	}
	var out bytes.Buffer
	if err := render(&out, p, board, nonogram.RenderOptions{CellSize: cell, NoClues: noClues}); err != nil {
		return failf(http.StatusUnprocessableEntity, "%v", err)
	}
	return reply{contentType: ct, raw: out.Bytes(), header: map[string]string{"X-Puzzle-Status": st.String()}}
}

func nonogramConvert(c *call) reply {
	to := c.choice("to", "", nonogramFormatNames())
	if _, ok := c.query["to"]; !ok {
		return failf(http.StatusBadRequest, "parameter to is required: one of %s", strings.Join(nonogramFormatNames(), ", "))
	}
	_, p, bad := nonogramPuzzle(c)
	if bad != nil {
		return *bad
	}
	var out bytes.Buffer
	if err := p.Format(&out, nonogram.Format(to)); err != nil {
		return failf(http.StatusUnprocessableEntity, "%v", err)
	}
	return reply{contentType: "text/plain; charset=utf-8", raw: out.Bytes()}
}
