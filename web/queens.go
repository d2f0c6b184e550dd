package web

import (
	"fmt"
	"io"
	"net/http"

	"github.com/puzzlesolvers/puzzle/internal/record"
	"github.com/puzzlesolvers/puzzle/queens"
	"github.com/puzzlesolvers/puzzle/status"
)

func init() {
	register(family{name: "queens", title: "N-Queens", order: 40, routes: queensRoutes})
}

// The caps of the web API, below the CLI's: what answers well within the
// default time limit on one core, or keeps the response small.
const (
	// queensMaxCount: counting n=16 takes about 2 s on one core, n=17
	// about 10 s.
	queensMaxCount = 16
	// queensMaxDominate: proving γ(Q_13) takes under a second, γ(Q_14)
	// about 12 s.
	queensMaxDominate = 13
	// queensMaxComplete: completion keeps a bit set of n² squares and an
	// undo log; n=1000 takes 40 MB and 0.1 s, n=4096 0.5 GB.
	queensMaxComplete = 1000
	// queensMaxOne bounds the placement returned: 100,000 queens are
	// about 600 kB of JSON.
	queensMaxOne = 100_000
	// queensCountWorkers: a count runs on one core, as every heavy
	// request does.
	queensCountWorkers = 1
	// queensMaxOneCLI is the CLI's bound on one.
	queensMaxOneCLI = 100_000_000
)

func queensRoutes() []*route {
	nParam := func(lo, hi, cap int, what string) param {
		d := fmt.Sprintf("board size N, %d..%d", lo, cap)
		if hi > cap {
			d += fmt.Sprintf(" here (%s; the CLI takes up to %d; beyond %d the answer is 422)", what, hi, cap)
		}
		return param{name: "n", kind: "integer", description: d, required: true, what: "the board size", min: lo, max: hi, cap: cap, why: what}
	}
	return []*route{
		{
			method: "GET", path: "/api/queens/count",
			summary: "Count the solutions and the fundamental ones",
			description: "Returns the record `puzzle queens count --workers 1 --json N` prints: n, status (none, unique or " +
				"multiple as the board has 0, 1 or more solutions), count (OEIS A000170), fundamental (A002562), sym2, sym4, sym8 " +
				"(classes of 2, 4 and 8 solutions) and stats (nodes, subproblems, total_subproblems, workers, time_ms). The count " +
				"runs on one core.",
			params: []param{nParam(1, queens.MaxCount, queensMaxCount, "n=17 takes about 10 s")},
			result: "the count record", schema: "queens.json#/$defs/count", heavy: true, refuses: fmt.Sprintf("n above %d", queensMaxCount),
			cheap:  paramAtMost("n", 12),
			handle: queensCount,
		},
		{
			method: "GET", path: "/api/queens/solve",
			summary: "List the solutions in lexicographic order, from a first row, up to a limit",
			description: "Returns the record `puzzle queens solve --json` prints: n, given (the queen of first_row, a cell " +
				"{\"row\", \"col\"}), solutions (each an array of cells, one queen per column, rows from 0 at the top), status " +
				"(unique, multiple, none; solved when a limit of 1 stopped the search), count and stats (nodes, time_ms).",
			params: []param{
				nParam(1, queens.MaxCount, queens.MaxCount, ""),
				{name: "first_row", kind: "integer", description: "keep the solutions whose queen of column 0 stands on this row (0..N-1)"},
				{name: "limit", kind: "integer", min: 1, max: maxListed, description: fmt.Sprintf("list at most K solutions, 1..%d (default %d)", maxListed, maxListed)},
			},
			result: "the solve record", schema: "queens.json#/$defs/solve", heavy: true,
			cheap: paramAtMost("n", 10),
			check: func(c *call) { // first_row is a row of the board
				if _, ok := c.query["first_row"]; ok {
					n := c.integer("n", 0, 1, queens.MaxCount)
					if c.integer("first_row", 0, 0, n-1); c.bad != nil {
						c.bad = fmt.Errorf("%v (the rows of the %d×%d board)", c.bad, n, n)
					}
				}
			},
			handle: queensSolve,
		},
		{
			method: "POST", path: "/api/queens/complete",
			summary: "Complete queens placed in advance, or prove it impossible",
			description: "The body is one instance as `puzzle queens complete` reads it: a line \"n N\", then the queens placed, " +
				"\"column:row\" (from 0) separated by commas or spaces. Returns the record `puzzle queens complete --json` prints: " +
				"file, line, n, given (cells), solutions (the completion, an array of cells, or none), status (solved, none, " +
				"invalid, timeout), error, count and " +
				fmt.Sprintf("stats. N up to %d here (the CLI takes up to %d; beyond, 422).", queensMaxComplete, queens.MaxComplete),
			params: []param{nameParam},
			body:   "one instance: \"n 8\" then queens such as \"0:3, 1:6\"",
			result: "the completion record", schema: "queens.json#/$defs/complete", heavy: true,
			refuses: fmt.Sprintf("n above %d, or a queen given twice (the record says why)", queensMaxComplete),
			handle:  queensComplete,
			precheck: func(c *call) *reply {
				_, _, bad := readQueens(c)
				return bad
			},
		},
		{
			method: "GET", path: "/api/queens/dominate",
			summary: "The fewest queens that occupy or attack every square, proved minimal",
			description: "Returns the record `puzzle queens dominate --json` prints: n, status, independent, size (γ(Q_N), OEIS " +
				"A075458; with independent, A075324), queens (cells), proof (each size tried: k, found, nodes, time_ms) and stats.",
			params: []param{
				nParam(1, queens.MaxDominate, queensMaxDominate, "n=14 takes about 12 s"),
				{name: "independent", kind: "boolean", description: "queens that do not attack each other"},
			},
			result: "the domination record", schema: "queens.json#/$defs/dominate", heavy: true, refuses: fmt.Sprintf("n above %d", queensMaxDominate),
			cheap:  paramAtMost("n", 8),
			handle: queensDominate,
		},
		{
			method: "GET", path: "/api/queens/one",
			summary: "One solution for a large board, by construction or local search",
			description: "Returns the record `puzzle queens one --json` prints: n, status, method, seed (of minconflicts, a " +
				"string), queens (cells), verified and stats (time_ms, verify_ms, swaps, tries, restarts). The 2×2 and 3×3 " +
				"boards have no solution: 422 with the record, status none and its reason.",
			params: []param{
				nParam(1, queensMaxOneCLI, queensMaxOne, "to keep the response small"),
				{name: "method", kind: "string", description: "explicit (default: a construction in O(N)) or minconflicts (local search)", choices: []string{"explicit", "minconflicts"}},
				{name: "seed", kind: "string", check: checkSeed, description: "random seed for minconflicts, a decimal integer below 2^64 (default 1)"},
				{name: "quiet", kind: "boolean", description: "leave out the placement"},
			},
			result: "the placement record", schema: "queens.json#/$defs/one", heavy: true,
			cheap:   paramAtMost("n", 1000),
			refuses: fmt.Sprintf("n above %d, or a board without a solution (2, 3)", queensMaxOne),
			handle:  queensOne,
		},
	}
}

// boardSize reads the parameter n: 400 outside the CLI's range lo..hi,
// 422 (returned as a reply) above the web's cap.
func boardSize(c *call, lo, hi, cap int, why string) (int, *reply) {
	if _, ok := c.query["n"]; !ok {
		c.fail("parameter n, the board size, is required")
		return 0, nil
	}
	n := c.integer("n", 0, lo, hi)
	if c.bad == nil && n > cap {
		r := failf(http.StatusUnprocessableEntity, "n=%d is too large to answer here: the web API takes n up to %d (%s); use the command line", n, cap, why)
		return n, &r
	}
	return n, nil
}

func queensCount(c *call) reply {
	n, tooBig := boardSize(c, 1, queens.MaxCount, queensMaxCount, "counting n=17 takes about 10 s")
	if c.bad != nil {
		return reply{}
	}
	if tooBig != nil {
		return *tooBig
	}
	rec := record.NewQueensCount(c.ctx, n, queens.CountOptions{Workers: queensCountWorkers})
	return answer(c, rec)
}

func queensSolve(c *call) reply {
	n, _ := boardSize(c, 1, queens.MaxCount, queens.MaxCount, "")
	limit := c.integer("limit", maxListed, 1, maxListed)
	if c.bad != nil {
		return reply{}
	}
	p := &queens.Puzzle{N: n}
	if _, ok := c.query["first_row"]; ok {
		r := c.integer("first_row", 0, 0, n-1)
		if c.bad != nil {
			return failf(http.StatusBadRequest, "%v (the rows of the %d×%d board)", c.bad, n, n)
		}
		p.Queens = []queens.Queen{{Col: 0, Row: r}}
	}
	rec := record.NewQueensSolve(c.ctx, "", p, record.QueensOptions{Limit: limit})
	return answer(c, rec)
}

// readQueens reads the one completion instance of the body (see readBody).
func readQueens(c *call) (string, *queens.Puzzle, *reply) {
	return readBody(c, func(r io.Reader, file string) puzzleReader[*queens.Puzzle] { return queens.NewReader(r, file) },
		func(p *queens.Puzzle) int { return p.Line },
		func(h record.Head, err error) record.Record { return &record.QueensSolve{Head: h} })
}

func queensComplete(c *call) reply {
	name, p, bad := readQueens(c)
	if bad != nil {
		return *bad
	}
	if p.N > queensMaxComplete {
		if p.N > queens.MaxComplete {
			return failf(http.StatusBadRequest, "line %d: n=%d is out of range 1..%d", p.Line, p.N, queens.MaxComplete)
		}
		return failf(http.StatusUnprocessableEntity, "n=%d is too large to complete here: the web API takes n up to %d (the search keeps n² squares); use the command line", p.N, queensMaxComplete)
	}
	rec := record.NewQueensSolve(c.ctx, name, p, record.QueensOptions{Complete: true, Timeout: c.timeout})
	code := http.StatusOK
	switch rec.Status {
	case status.Invalid:
		code = http.StatusUnprocessableEntity // read, but not a placement: two queens on a square
	case status.Timeout:
		code = http.StatusGatewayTimeout
	}
	return jsonReply(code, rec)
}

func queensDominate(c *call) reply {
	n, tooBig := boardSize(c, 1, queens.MaxDominate, queensMaxDominate, "proving n=14 takes about 12 s")
	independent := c.flag("independent")
	if c.bad != nil {
		return reply{}
	}
	if tooBig != nil {
		return *tooBig
	}
	rec := record.NewQueensDominate(c.ctx, n, queens.DominateOptions{Independent: independent})
	return answer(c, rec)
}

func queensOne(c *call) reply {
	n, tooBig := boardSize(c, 1, queensMaxOneCLI, queensMaxOne, "to keep the response small")
	method := c.choice("method", "explicit", []string{"explicit", "minconflicts"})
	quiet := c.flag("quiet")
	seed := record.Seed(1)
	if v, ok := c.query["seed"]; ok {
		s, err := record.ParseSeed(v)
		if err != nil {
			c.fail("parameter seed: %v", err)
		}
		seed = s
	}
	if c.bad != nil {
		return reply{}
	}
	if tooBig != nil {
		return *tooBig
	}
	rec, err := record.NewQueensOne(c.ctx, n, method, uint64(seed), quiet)
	switch {
	case err != nil:
		return failf(http.StatusBadRequest, "%v", err)
	case rec.Status == status.Timeout:
		return answer(c, rec)
	case rec.Status == status.None:
		return jsonReply(http.StatusUnprocessableEntity, rec) // 2×2 and 3×3: the reason says so
	case rec.Status == status.Invalid:
		return failf(http.StatusInternalServerError, "%s", rec.Error)
	}
	return jsonReply(http.StatusOK, rec)
}
