package web

import (
	"fmt"
	"io"
	"math/bits"
	"math/rand/v2"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/puzzlesolvers/puzzle/internal/record"
	"github.com/puzzlesolvers/puzzle/status"
	"github.com/puzzlesolvers/puzzle/sudoku"
)

func init() {
	register(family{name: "sudoku", title: "Sudoku", order: 10, routes: sudokuRoutes})
}

// maxListed bounds the solutions a solve lists over HTTP (the limit
// parameter); --all has no counterpart, as an empty grid has more
// solutions than memory.
const maxListed = 1000

var (
	nameParam = param{name: "name", kind: "string",
		description: "the file name of the puzzle, as the record's \"file\" (default \"request\")"}
	limitParam = param{name: "limit", kind: "integer", min: 0, max: maxListed,
		description: fmt.Sprintf("find at most K solutions (1..%d) and list them; 0 or absent looks for 2 to prove uniqueness, 1 finds any one. A count below K is exact.", maxListed)}
	explainParam   = param{name: "explain", kind: "boolean", description: "add the logical steps a person would take"}
	undecidedParam = param{name: "undecided", kind: "boolean",
		description: "with status multiple, add undecided: exactly the cells whose digit differs between some two solutions (not with limit)"}
	suggestParam = param{name: "suggest", kind: "boolean",
		description: "add suggest: with status multiple, the fewest givens (hints, from solution) that make it the only solution; with status unique, minimal and the removable givens (not with limit). The search for the fewest has half the time limit; after it the best found is given with exact false and at_least"}
	intendedParam = param{name: "intended", kind: "string", check: checkIntended,
		description: "with suggest, the solution the author means, one complete grid in any layout a puzzle is read in (such as 81 digits): the hints are its digits. A grid that is not a solution of the puzzle (another size, a given it differs from) makes the record invalid (400), its error saying where"}
)

// checkIntended checks that intended is one complete grid that keeps the
// rules.
func checkIntended(v string) error {
	_, err := record.ReadSudokuIntended(strings.NewReader(v), "intended")
	return err
}

// suggestTime is the time for suggestions on the web: half the request's,
// so that the best set found is still answered as a bound.
func suggestTime(c *call) time.Duration { return c.timeout / 2 }

const sudokuBody = "one Sudoku puzzle in any layout the CLI reads: 81 characters for 9×9 ('.' or 0 for empty), " +
	"a Project Euler \"Grid NN\" block, or one row per line; sizes 4×4 to 64×64"

func sudokuRoutes() []*route {
	return []*route{
		{
			method: "POST", path: "/api/sudoku/solve",
			summary: "Solve a Sudoku, proving uniqueness",
			description: "Returns the record `puzzle sudoku solve --json` prints: file, line, name, status " +
				"(unique, multiple, none, solved, invalid, timeout), error (invalid and timeout only), rows, cols, box, " +
				"solution (rows of digits), solutions (with limit ≥ 2), count, undecided (with undecided and status multiple), suggest (with suggest), steps and stuck (with explain; reason with status none " +
				"is the contradiction logic found) and stats. Status 400 carries the record of an invalid puzzle, 504 that of a timeout.",
			params: []param{nameParam, limitParam, explainParam, undecidedParam, suggestParam, intendedParam},
			body:   sudokuBody,
			result: "the solve record", schema: "sudoku.json#/$defs/solve", heavy: true,
			cheap:  smallSudokuSolve,
			check:  checkSudokuSolve,
			handle: sudokuSolve, precheck: precheckSudoku(invalidSudokuSolve),
		},
		{
			method: "POST", path: "/api/sudoku/hint",
			summary: "The next logical step for a partly filled grid, with its reason",
			description: "Applies the simplest technique that makes progress until one places a digit, and returns those steps " +
				"(technique, placements, eliminations, units, cells as {row, col}, digits and a sentence). When no technique applies, the " +
				"step is a guess taken from the solution. status says whether the grid as given has one solution, several or " +
				"none (a digit entered is wrong); complete says the grid is full. 400 carries the record of an invalid grid, 504 that of a timeout.",
			params: []param{},
			body:   sudokuBody,
			result: `{"file": "request", "line": 1, "status": "unique", "rows": 9, "cols": 9, "box": 3, "complete": false, "steps": [...], "message": "..."}`,
			schema: "sudoku.json#/$defs/hint", heavy: true,
			cheap:  smallSudoku,
			handle: sudokuHint, precheck: precheckSudoku(invalidSudokuHint),
		},
		{
			method: "POST", path: "/api/sudoku/rate",
			summary:     "Grade a Sudoku by the hardest technique it needs",
			description: "Returns the record of `puzzle sudoku rate --json`: status unique with difficulty (easy ... extreme), hardest technique, length (logical steps), score and se_rating (our estimate on Sudoku Explainer's scale, not SE's own rating). A puzzle without exactly one solution cannot be rated: 422 with its record, status multiple or none. 400 carries the record of an invalid puzzle, 504 that of a timeout.",
			params:      []param{nameParam},
			body:        sudokuBody,
			result:      `{"file": "request", "line": 1, "status": "unique", "rows": 9, "cols": 9, "box": 3, "difficulty": "hard", "hardest": "hidden pair", "length": 57, "score": 2.4, "se_rating": 3.4, "stats": {"time_ms": 3.1}}`,
			schema:      "sudoku.json#/$defs/rate",
			heavy:       true,
			cheap:       smallSudoku,
			refuses:     "a puzzle without exactly one solution",
			handle:      sudokuRate, precheck: precheckSudoku(invalidSudokuRate),
		},
		{
			method: "GET", path: "/api/sudoku/generate",
			summary:     "Make a new puzzle of a given size and difficulty",
			description: "Returns the record `puzzle sudoku generate --json` prints: status (unique; timeout, 504, when the time ran out), seed (a string), rows, cols, box, target and missed (the difficulty asked for was not reached), givens, text (one line), puzzle, solution, difficulty, hardest, length, score, se_rating, minimal, and stats (time_ms, attempts, checks).",
			params: []param{
				{name: "size", kind: "integer", min: 4, max: 25, choices: []string{"4", "9", "16", "25"}, description: "grid size: 4, 9 (default), 16 or 25"},
				{name: "difficulty", kind: "string", description: "wanted level (default any)", choices: []string{"any", "easy", "medium", "hard", "expert", "extreme"}},
				{name: "seed", kind: "string", check: checkSeed, description: "random seed, a decimal integer below 2^64 (default: drawn at random); the same options and seed give the same puzzle"},
				{name: "symmetric", kind: "boolean", description: "keep the givens symmetric under a half turn"},
			},
			result: "the generated puzzle", schema: "sudoku.json#/$defs/generate", heavy: true,
			cheap:  paramAtMost("size", 4),
			handle: sudokuGenerate,
		},
	}
}

// smallSudoku: a body under 256 bytes holds fewer than 256 cells (a
// character each at least), a grid of at most 9×9, solved, explained or
// rated in milliseconds.
var smallSudoku = bodyUnder(256, "a grid of at most 9×9")

// smallSudokuSolve is smallSudoku without suggestions, which may take
// their whole time.
var smallSudokuSolve = &estimate{smallSudoku.when[:len(smallSudoku.when)-1] + ", without suggest)",
	func(c *call) bool { return smallSudoku.small(c) && !c.flag("suggest") }}

// The invalid records of the routes that read a Sudoku.
func invalidSudokuSolve(h record.Head, err error) record.Record { return &record.SudokuSolve{Head: h} }
func invalidSudokuHint(h record.Head, err error) record.Record  { return &record.SudokuHint{Head: h} }
func invalidSudokuRate(h record.Head, err error) record.Record  { return &record.SudokuRate{Head: h} }

// precheckSudoku is the precheck of a route that reads a Sudoku.
func precheckSudoku(invalid func(h record.Head, err error) record.Record) func(c *call) *reply {
	return func(c *call) *reply {
		_, _, bad := readSudoku(c, invalid)
		return bad
	}
}

// readSudoku reads the one puzzle of the body (see readBody); invalid
// makes the record of a malformed one.
func readSudoku(c *call, invalid func(h record.Head, err error) record.Record) (string, *sudoku.Puzzle, *reply) {
	return readBody(c, func(r io.Reader, file string) puzzleReader[*sudoku.Puzzle] { return sudoku.NewReader(r, file) },
		func(p *sudoku.Puzzle) int { return p.Line }, invalid)
}

// checkSudokuSolve checks the parameters of a solve that go together, so
// that a request that mixes them is answered before it waits for a worker.
func checkSudokuSolve(c *call) {
	limit := c.integer("limit", 0, 0, maxListed)
	undecided, suggest := c.flag("undecided"), c.flag("suggest")
	switch _, intended := c.query["intended"]; {
	case undecided && limit != 0:
		c.fail("parameter undecided goes with the default search, not with limit")
	case suggest && limit != 0:
		c.fail("parameter suggest goes with the default search, not with limit")
	case intended && !suggest:
		c.fail("parameter intended goes with suggest: it is the solution the hints come from")
	}
}

func sudokuSolve(c *call) reply {
	limit := c.integer("limit", 0, 0, maxListed)
	explain := c.flag("explain")
	undecided, suggest := c.flag("undecided"), c.flag("suggest")
	var intended *record.SudokuIntended
	if v, ok := c.query["intended"]; ok { // checked by checkIntended and checkSudokuSolve
		intended, _ = record.ReadSudokuIntended(strings.NewReader(v), "intended")
	}
	if c.bad != nil {
		return reply{}
	}
	name, p, bad := readSudoku(c, invalidSudokuSolve)
	if bad != nil {
		return *bad
	}
	rec := record.NewSudokuSolve(c.ctx, name, p, record.SudokuOptions{
		Limit: limit, ListAll: limit >= 2, Explain: explain, Undecided: undecided, Timeout: c.timeout,
		Suggest: suggest, SuggestTime: suggestTime(c), Intended: intended,
	})
	return answer(c, rec)
}

func sudokuHint(c *call) reply {
	name, p, bad := readSudoku(c, invalidSudokuHint)
	if bad != nil {
		return *bad
	}
	n := p.Size()
	h := &record.SudokuHint{Head: record.Head{File: name, Line: p.Line, Name: p.Name}, Rows: n, Cols: n, Box: p.Box}
	timeout := func() reply {
		h.Status, h.Error, h.Steps = status.Timeout, fmt.Sprintf("no answer within %v", c.timeout), nil
		return jsonReply(http.StatusGatewayTimeout, h)
	}
	if p.Givens() == n*n {
		h.Status, h.Complete, h.Message = status.Unique, true, "The grid is complete and correct."
		return jsonReply(http.StatusOK, h)
	}
	res, err := sudoku.Solve(c.ctx, p, sudoku.Options{})
	switch res.Status {
	case status.Timeout:
		return timeout()
	case status.None:
		h.Status, h.Message = status.None, "This grid has no solution: a digit in it is wrong."
		return jsonReply(http.StatusOK, h)
	case status.Unique, status.Multiple:
	default:
		return failf(http.StatusInternalServerError, "%v", err) // the reader checked the puzzle
	}
	ex, err := sudoku.Explain(c.ctx, p)
	if err != nil && c.ctx.Err() != nil {
		return timeout()
	}
	h.Status = res.Status
	for i, s := range ex.Steps {
		if len(s.Placements) > 0 {
			h.Steps = ex.Steps[:i+1]
			break
		}
	}
	if h.Steps == nil {
		// Logic is stuck before placing anything: guess the cell with the
		// fewest candidates left, from the (first) solution.
		h.Steps = append(h.Steps, ex.Steps...)
		h.Steps = append(h.Steps, guessStep(ex, res.Solutions[0], n))
	}
	last := h.Steps[len(h.Steps)-1]
	h.Message = last.Text
	if len(h.Steps) > 1 {
		h.Message = fmt.Sprintf("After %d elimination steps: %s", len(h.Steps)-1, last.Text)
	}
	if res.Status == status.Multiple {
		h.Message += " (This grid has more than one solution.)"
	}
	return jsonReply(http.StatusOK, h)
}

// guessStep places, in the empty cell with the fewest candidates after the
// explanation, the digit of a solution.
func guessStep(ex sudoku.Explanation, solution []uint8, n int) sudoku.Step {
	best, fewest := -1, n+1
	for i, v := range ex.Grid {
		if k := bits.OnesCount64(ex.Candidates[i]); v == 0 && k < fewest {
			best, fewest = i, k
		}
	}
	cand := sudoku.Candidate{Row: best / n, Col: best % n, Digit: int(solution[best])}
	cell := sudoku.Cell{Row: cand.Row, Col: cand.Col}
	return sudoku.Step{
		Technique:  sudoku.Guess,
		Placements: []sudoku.Candidate{cand},
		Cells:      []sudoku.Cell{cell},
		Digits:     []int{cand.Digit},
		Text: fmt.Sprintf("No technique applies: a guess is needed. %s has %d candidates; the solution has %s there.",
			cell, fewest, digitName(cand.Digit)),
	}
}

// digitName writes a digit as the one-line format does: 1-9, then A = 10.
func digitName(d int) string {
	if d < 10 {
		return strconv.Itoa(d)
	}
	return string(rune('A' + d - 10))
}

func sudokuRate(c *call) reply {
	name, p, bad := readSudoku(c, invalidSudokuRate)
	if bad != nil {
		return *bad
	}
	rec := record.NewSudokuRate(c.ctx, name, p, c.timeout)
	switch rec.Status {
	case status.Multiple, status.None:
		return jsonReply(http.StatusUnprocessableEntity, rec)
	}
	return answer(c, rec)
}

func sudokuGenerate(c *call) reply {
	size := c.integer("size", 9, 4, 25)
	diff, err := sudoku.ParseDifficulty(c.choice("difficulty", "any", []string{"any", "easy", "medium", "hard", "expert", "extreme"}))
	if err != nil || diff.String() == "any" {
		diff = 0
	}
	symmetric := c.flag("symmetric")
	seed := record.Seed(rand.Uint64() >> 1)
	if v, ok := c.query["seed"]; ok {
		s, err := record.ParseSeed(v)
		if err != nil {
			c.fail("parameter seed: %v", err)
		}
		seed = s
	}
	box := map[int]int{4: 2, 9: 3, 16: 4, 25: 5}[size]
	if box == 0 {
		c.fail("parameter size: %d is not 4, 9, 16 or 25", size)
	}
	if c.bad != nil {
		return reply{}
	}
	rec, err := record.NewSudokuGenerate(c.ctx, sudoku.GenerateOptions{Box: box, Difficulty: diff, Seed: uint64(seed), Symmetric: symmetric})
	if err != nil {
		return failf(http.StatusInternalServerError, "%v", err)
	}
	if rec.Status == status.Timeout {
		rec.Error = fmt.Sprintf("no puzzle within %v", c.timeout)
	}
	return answer(c, rec)
}
