package web

import (
	"bytes"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"net/http"
	"sync"

	"github.com/puzzlesolvers/puzzle/internal/record"
	"github.com/puzzlesolvers/puzzle/sliding"
	"github.com/puzzlesolvers/puzzle/status"
)

func init() {
	register(family{name: "sliding", title: "Sliding", order: 30, routes: slidingRoutes})
}

// slidingStore is where the pattern databases are found: the CLI's cache
// directory ($PUZZLE_CACHE, else the user cache directory's "puzzle"),
// with only the quick sets built during a request. Tests replace it.
var slidingStore = sync.OnceValue(func() *sliding.Store {
	return &sliding.Store{Dir: sliding.CacheDir(), MayBuild: func(h sliding.Heuristic) bool { return quickPDB[h] },
		Logf: slidingLogf}
})

// slidingLogf logs what the store reports (a bad file passed over by
// heuristic auto, a wait for another builder) as a warning.
func slidingLogf(format string, args ...any) {
	slog.Warn(fmt.Sprintf(format, args...), "family", "sliding")
}

// quickPDB lists the pattern databases a request may build when they are
// missing or bad: 5-5-5 and 6-6-3 are built in well under a second. 7-8
// and 6-6-6-6 take about 10 s of two cores and 830 or 440 MB, too much for
// one request: those are used only once 'puzzle sliding pdb build' (or a
// CLI solve) has made them, and a bad file is refused, not rebuilt.
var quickPDB = map[sliding.Heuristic]bool{sliding.PDB555: true, sliding.PDB663: true}

// maxOptimalTiles is the largest board the automatic algorithm solves
// optimally: a random 24-puzzle takes IDA* minutes to hours, so 5×5 and
// larger boards are solved by reduction, fast and not optimal, unless
// algo=idastar asks for IDA*.
const maxOptimalTiles = 16

var (
	goalParam = param{name: "goal", kind: "string", description: "the solved position (default blank-last: 1 2 3 / 4 5 6 / 7 8 _)",
		choices: []string{"blank-last", "blank-first"}}
	slideAlgos = []string{"auto", "idastar", "reduce"}
)

func slidingRoutes() []*route {
	return []*route{
		{
			method: "POST", path: "/api/sliding/solve",
			summary: "Solve a sliding-tile board, optimally up to 4×4",
			description: "Returns the record `puzzle sliding solve --json` prints: file, line, status (solved, none, invalid, timeout), " +
				"reason (with none), error (with invalid and timeout), rows, cols, board, goal, optimal, length, moves (of the blank: " +
				"U, D, L, R), algorithm, heuristic, initial_estimate and stats (generated, expanded, max_frontier, iterations, time_ms). " +
				"A board that cannot reach the goal (the wrong parity) is answered at once: 200, status none, reason \"parity: ...\". " +
				"algo auto is IDA* up to 4×4 and row-by-row reduction (not optimal) beyond. heuristic auto takes 7-8 once built, " +
				"else 6-6-3 (built in a moment), and passes over a set whose file is bad to the next (7-8, 6-6-3, 5-5-5, " +
				"walking-distance+linear-conflict; the server logs a warning); a heuristic that does not fit the board (pdb-78 on 3×3) is refused (400), and " +
				"a pattern database named that would take longer to build than a request may take is refused (422) when it is " +
				"missing or its file is bad: build it once with `puzzle sliding pdb build`. Status 400 carries the record of an unreadable " +
				"board, 422 that of a board the server cannot take, 504 that of a timeout.",
			params: []param{
				nameParam, goalParam,
				{name: "algo", kind: "string", description: "auto (default), idastar (optimal) or reduce (fast, not optimal)", choices: slideAlgos},
				{name: "heuristic", kind: "string", description: "lower bound for IDA*: auto (default), manhattan, linear-conflict, " +
					"walking-distance, pdb-555, pdb-663, pdb-78, pdb-6666, or several joined by '+' (their maximum)",
					check: func(v string) error { _, err := sliding.ParseHeuristic(v); return err }},
			},
			body:   "one board: its tiles in reading order, 0 for the blank, on one line (a square board), or one row per line (any rectangle from 2×2 to 10×10)",
			result: "the solve record", heavy: true, schema: "sliding.json#/$defs/solve",
			cheap: numbersAtMost(9, "a board of at most 9 tiles"), // solved in milliseconds
			check: func(c *call) { // the heuristic fits the board (the handler reports an unreadable one)
				h, herr := sliding.ParseHeuristic(c.text("heuristic", "auto"))
				p, perr := sliding.Parse(bytes.NewReader(c.body))
				if herr == nil && perr == nil {
					if err := h.Fits(p.Board.Rows, p.Board.Cols); err != nil {
						c.fail("parameter heuristic: %v", err)
					}
				}
			},
			refuses: "pattern databases not built that take longer to build than a request may (the record says which)",
			handle:  slidingSolve,
			precheck: func(c *call) *reply {
				goal, _ := sliding.ParseGoal(c.text("goal", "blank-last"))
				_, _, bad := readBoard(c, goal)
				return bad
			},
		},
		{
			method: "GET", path: "/api/sliding/shuffle",
			summary: "A random solvable board",
			description: "Returns the record `puzzle sliding shuffle --json` prints (status solved, rows, cols, goal, board, seed): " +
				"every solvable position is equally likely, and the same size (or rows and cols), goal and seed give the same board, " +
				"as `puzzle sliding shuffle --rows R --cols C --seed S` does. The seed is a string.",
			params: []param{
				{name: "size", kind: "integer", min: 2, max: sliding.MaxSide, description: fmt.Sprintf("board side N, 2..%d (default 4)", sliding.MaxSide)},
				{name: "rows", kind: "integer", min: 2, max: sliding.MaxSide, description: fmt.Sprintf("rows of a rectangular board, 2..%d (default: size)", sliding.MaxSide)},
				{name: "cols", kind: "integer", min: 2, max: sliding.MaxSide, description: fmt.Sprintf("columns of a rectangular board, 2..%d (default: size)", sliding.MaxSide)},
				{name: "seed", kind: "string", description: "random seed, a decimal integer below 2^64 (default: drawn at random)",
					check: func(v string) error {
						if _, err := record.ParseSeed(v); err != nil {
							return fmt.Errorf("%q is not a non-negative integer below 2^64", v)
						}
						return nil
					}},
				goalParam,
			},
			result: `{"status": "solved", "rows": 4, "cols": 4, "goal": "blank-last", "board": "5 1 3 ... 0", "seed": "7"}`,
			schema: "sliding.json#/$defs/shuffle",
			handle: slidingShuffle,
		},
	}
}

// seedParam reads the seed parameter, or draws one.
func seedParam(c *call) record.Seed {
	v, ok := c.query["seed"]
	if !ok {
		return record.Seed(rand.Uint64())
	}
	s, err := record.ParseSeed(v)
	if err != nil {
		c.fail("parameter seed: %q is not a non-negative integer below 2^64", v)
	}
	return s
}

func slidingShuffle(c *call) reply {
	size := c.integer("size", 4, 2, sliding.MaxSide)
	rows := c.integer("rows", size, 2, sliding.MaxSide)
	cols := c.integer("cols", size, 2, sliding.MaxSide)
	goal, _ := sliding.ParseGoal(c.choice("goal", "blank-last", goalParam.choices))
	seed := seedParam(c)
	if c.bad != nil {
		return reply{}
	}
	// As `puzzle sliding shuffle --seed S`: the first board of the seed.
	b := sliding.Shuffle(rand.New(rand.NewPCG(uint64(seed), 0)), rows, cols, goal)
	return jsonReply(http.StatusOK, record.NewSlidingShuffle(b, goal, seed))
}

// readBoard reads the one board of the body (see readBody) for the goal.
func readBoard(c *call, goal sliding.Goal) (string, *sliding.Puzzle, *reply) {
	return readBody(c, func(r io.Reader, file string) puzzleReader[*sliding.Puzzle] {
		rd := sliding.NewReader(r, file)
		rd.Goal = goal
		return rd
	}, func(p *sliding.Puzzle) int { return p.Line },
		func(h record.Head, err error) record.Record { return record.NewSlidingInvalid(h.File, err, goal) })
}

func slidingSolve(c *call) reply {
	goal, _ := sliding.ParseGoal(c.choice("goal", "blank-last", goalParam.choices))
	algo := c.choice("algo", "auto", slideAlgos)
	heuristic, err := sliding.ParseHeuristic(c.text("heuristic", "auto"))
	if err != nil {
		c.fail("parameter heuristic: %v", err)
	}
	if c.bad != nil {
		return reply{}
	}
	name, p, bad := readBoard(c, goal)
	if bad != nil {
		return *bad
	}
	b := p.Board
	if err := heuristic.Fits(b.Rows, b.Cols); err != nil {
		return failf(http.StatusBadRequest, "parameter heuristic: %v", err)
	}
	opt := record.SlidingOptions{Options: sliding.Options{Algorithm: sliding.Algorithm(algo), Heuristic: heuristic, Store: slidingStore()}}
	if algo == "auto" {
		opt.Algorithm = sliding.IDAStar
		if b.Rows*b.Cols > maxOptimalTiles {
			opt.Algorithm = sliding.Reduce
		}
	}
	rec := record.NewSlidingSolve(c.ctx, name, p, opt)
	if rec.Status == status.Timeout {
		// The request's own limit ran out: as the CLI's --timeout says it.
		rec.Error = fmt.Sprintf("no answer within %v", c.timeout)
	}
	code := codeOf(rec.Status)
	if rec.Status == status.Invalid {
		code = http.StatusUnprocessableEntity // the board was read; the server cannot take it
	}
	return jsonReply(code, rec)
}
