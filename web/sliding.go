package web

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"net/http"
	"strconv"
	"strings"
	"sync"

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
	return &sliding.Store{Dir: sliding.CacheDir(), MayBuild: func(h sliding.Heuristic) bool { return quickPDB[h] }}
})

// quickPDB lists the pattern databases a request may build when they are
// missing or bad: 5-5-5 and 6-6-3 are built in well under a second. 7-8
// and 6-6-6-6 take about 10 s of two cores and 830 or 440 MB, too much for
// one request: those are used only once 'puzzle sliding pdb build' (or a
// CLI solve) has made them, and a bad file is refused, not rebuilt.
var quickPDB = map[sliding.Heuristic]bool{sliding.PDB555: true, sliding.PDB663: true}

// pdbSide is the board side of each pattern database set.
var pdbSide = map[sliding.Heuristic]int{sliding.PDB555: 4, sliding.PDB663: 4, sliding.PDB78: 4, sliding.PDB6666: 5}

// slidingHeuristic is the web's automatic choice of a heuristic for IDA*:
// the CLI's (7-8 on 4×4 once built, else 6-6-3, built in a moment); on
// 5×5 6-6-6-6 if present, else linear conflict; walking distance with
// linear conflict on smaller boards, linear conflict on others.
func slidingHeuristic(st *sliding.Store, rows, cols int) sliding.Heuristic {
	switch {
	case rows == 4 && cols == 4:
		if st.Present(sliding.PDB78) {
			return sliding.PDB78
		}
		return sliding.PDB663
	case rows == 5 && cols == 5:
		if st.Present(sliding.PDB6666) {
			return sliding.PDB6666
		}
		return sliding.LinearConflict
	case rows <= 4 && cols <= 4:
		return sliding.WalkingDistance + "+" + sliding.LinearConflict
	}
	return sliding.LinearConflict
}

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
			description: "Returns the object `puzzle sliding solve --json` prints: file, line, rows, cols, board, goal, status " +
				"(solved, unsolvable, invalid, timeout), optimal, length, moves (of the blank: U, D, L, R), algorithm, heuristic, " +
				"initial_estimate, error and stats (generated, expanded, max_frontier, iterations, elapsed_ms). An unsolvable board " +
				"is answered at once (200, status unsolvable). algo auto is IDA* up to 4×4 and row-by-row reduction (not optimal) " +
				"beyond. heuristic auto takes 7-8 once built, else 6-6-3 (built in a moment); a pattern database that would take " +
				"longer to build than a request may take is refused (422) when it is missing or its file is bad: build it once " +
				"with `puzzle sliding pdb build`. Status 400 carries the record of an unreadable board, 422 that of " +
				"options the board cannot take, 504 that of a timeout.",
			params: []param{
				nameParam, goalParam,
				{name: "algo", kind: "string", description: "auto (default), idastar (optimal) or reduce (fast, not optimal)", choices: slideAlgos},
				{name: "heuristic", kind: "string", description: "lower bound for IDA*: auto (default), manhattan, linear-conflict, " +
					"walking-distance, pdb-555, pdb-663, pdb-78, pdb-6666, or several joined by '+' (their maximum)"},
			},
			body:   "one board: its tiles in reading order, 0 for the blank, on one line (a square board), or one row per line (any rectangle from 2×2 to 10×10)",
			result: "the solve record", heavy: true,
			refuses: "a heuristic for another board size, or pattern databases not built that take longer to build than a request may (the record says which)",
			handle:  slidingSolve,
		},
		{
			method: "GET", path: "/api/sliding/shuffle",
			summary:     "A random solvable board",
			description: "Returns the object `puzzle sliding shuffle --json` prints (rows, cols, goal, board) and the seed: every solvable position is equally likely, and the same size, goal and seed give the same board.",
			params: []param{
				{name: "size", kind: "integer", description: fmt.Sprintf("board side N, 2..%d (default 4)", sliding.MaxSide)},
				{name: "seed", kind: "integer", description: "random seed (default: drawn at random)"},
				goalParam,
			},
			result: `{"rows": 4, "cols": 4, "goal": "blank-last", "board": "5 1 3 ... 0", "seed": 7}`,
			handle: slidingShuffle,
		},
	}
}

// seedParam reads the seed parameter, or draws one.
func seedParam(c *call) uint64 {
	v, ok := c.query["seed"]
	if !ok {
		return rand.Uint64() >> 1
	}
	s, err := strconv.ParseUint(v, 10, 64)
	if err != nil {
		c.fail("parameter seed: %q is not a non-negative integer", v)
	}
	return s
}

func slidingShuffle(c *call) reply {
	size := c.integer("size", 4, 2, sliding.MaxSide)
	goal, _ := sliding.ParseGoal(c.choice("goal", "blank-last", goalParam.choices))
	seed := seedParam(c)
	if c.bad != nil {
		return reply{}
	}
	// As `puzzle sliding shuffle --seed S`: the first board of the seed.
	b := sliding.Shuffle(rand.New(rand.NewPCG(seed, 0)), size, size, goal)
	return jsonReply(http.StatusOK, struct {
		Rows  int    `json:"rows"`
		Cols  int    `json:"cols"`
		Goal  string `json:"goal"`
		Board string `json:"board"`
		Seed  uint64 `json:"seed"`
	}{size, size, goal.String(), b.Line(), seed})
}

func slidingSolve(c *call) reply {
	name := c.text("name", "request")
	goal, _ := sliding.ParseGoal(c.choice("goal", "blank-last", goalParam.choices))
	algo := c.choice("algo", "auto", slideAlgos)
	heuristic := c.text("heuristic", "auto")
	if heuristic != "auto" {
		for _, h := range strings.Split(heuristic, "+") {
			if !knownSlidingHeuristic(h) {
				c.fail("parameter heuristic: unknown heuristic %q (want auto, manhattan, linear-conflict, walking-distance, pdb-555, pdb-663, pdb-78, pdb-6666, or several joined by '+')", h)
			}
		}
	}
	if c.bad != nil {
		return reply{}
	}
	entries, err := sliding.Read(bytes.NewReader(c.body), name)
	switch {
	case err != nil:
		return failf(http.StatusBadRequest, "%v", err)
	case len(entries) == 0:
		return failf(http.StatusBadRequest, "no board in the request body: send the tiles in reading order, 0 for the blank")
	case len(entries) > 1:
		return failf(http.StatusBadRequest, "the body holds more than one board (another starts at line %d): send one per request", entries[1].Line)
	case entries[0].Err != nil:
		return jsonReply(http.StatusBadRequest, sliding.ErrorReport(name, entries[0].Line, goal, entries[0].Err))
	}
	b := entries[0].Board
	st := slidingStore()
	opt := sliding.Options{Goal: goal, Algorithm: sliding.Algorithm(algo), Store: st}
	if algo == "auto" {
		opt.Algorithm = sliding.IDAStar
		if b.Rows*b.Cols > maxOptimalTiles {
			opt.Algorithm = sliding.Reduce
		}
	}
	if opt.Algorithm == sliding.IDAStar {
		opt.Heuristic = sliding.Heuristic(heuristic)
		if heuristic == "auto" {
			opt.Heuristic = slidingHeuristic(st, b.Rows, b.Cols)
		}
		if msg := slidingRefuse(st, opt.Heuristic, b); msg != "" && b.Solvable(goal) {
			rep := &sliding.Report{File: name, Line: entries[0].Line, Rows: b.Rows, Cols: b.Cols, Board: b.Line(),
				Goal: goal.String(), Status: status.Invalid, Error: msg}
			return jsonReply(http.StatusUnprocessableEntity, rep)
		}
	}
	rep := sliding.SolveReport(c.ctx, name, entries[0].Line, b, opt, c.timeout)
	if rep.Status == status.Timeout {
		// The request's own limit ran out (the report names only a limit
		// of its own): as the CLI's --timeout says it.
		rep.Error = fmt.Sprintf("no answer within %v", c.timeout)
	}
	code := codeOf(rep.Status)
	if rep.Status == status.Invalid {
		code = http.StatusUnprocessableEntity // the board was read; the options do not suit it
	}
	return jsonReply(code, rep)
}

func knownSlidingHeuristic(h string) bool {
	for _, x := range sliding.Heuristics {
		if string(x) == h && x != sliding.Auto {
			return true
		}
	}
	return false
}

// slidingRefuse says why heuristic h cannot serve board b here: a pattern
// database for another board size, or one too slow to build in a request.
func slidingRefuse(st *sliding.Store, h sliding.Heuristic, b *sliding.Board) string {
	for _, part := range strings.Split(string(h), "+") {
		p := sliding.Heuristic(part)
		side, ok := pdbSide[p]
		switch {
		case !ok:
			if p == sliding.WalkingDistance && (b.Rows > 4 || b.Cols > 4) {
				return fmt.Sprintf("walking-distance is for boards up to 4×4, not %d×%d", b.Rows, b.Cols)
			}
		case b.Rows != side || b.Cols != side:
			return fmt.Sprintf("%s is for %d×%d boards, not %d×%d", p, side, side, b.Rows, b.Cols)
		case !quickPDB[p] && !st.Present(p):
			return fmt.Sprintf("the %s pattern databases are not built, and building them takes longer than a request may (%s); "+
				"run 'puzzle sliding pdb build %s' once, or use heuristic=auto", p, map[sliding.Heuristic]string{
				sliding.PDB78: "about 10 s of two cores and 830 MB", sliding.PDB6666: "about 12 s of two cores and 440 MB"}[p], p)
		}
	}
	return ""
}
