package sliding

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync/atomic"
	"time"

	"github.com/puzzlesolvers/puzzle/status"
)

// Algorithm names a search method.
type Algorithm string

// The algorithms.
const (
	// AutoAlgorithm is IDA* for boards up to 5×5 and row-by-row reduction
	// for bigger ones.
	AutoAlgorithm Algorithm = "auto"
	// IDAStar is iterative-deepening A* (Korf, 1985): depth-first searches
	// with a growing bound on g+h, memory linear in the depth.
	IDAStar Algorithm = "idastar"
	// AStar is A* (Hart, Nilsson and Raphael, 1968): best-first search
	// keeping every generated position.
	AStar Algorithm = "astar"
	// BFS is breadth-first search, for tiny boards.
	BFS Algorithm = "bfs"
	// Reduce solves row by row, then column by column, to a 2×2 corner: fast
	// on any board, not optimal.
	Reduce Algorithm = "reduce"
)

// Algorithms lists every algorithm name.
var Algorithms = []Algorithm{AutoAlgorithm, IDAStar, AStar, BFS, Reduce}

// Options control Solve.
type Options struct {
	// Algorithm is the search method; "" is AutoAlgorithm.
	Algorithm Algorithm
	// Heuristic is the lower bound of IDA* and A*; "" is Auto.
	Heuristic Heuristic
	// Store provides the pattern databases; nil means the default store
	// in the user's cache directory.
	Store *Store
	// MaxStates bounds the positions A* and BFS keep (0: 20 million).
	MaxStates int
}

// Stats is the work a search did.
type Stats struct {
	// Generated counts positions made by moves; Expanded counts
	// positions whose moves were made.
	Generated int64
	Expanded  int64
	// MaxFrontier is the most positions waiting at once: the open list of
	// A*, the queue of BFS, the deepest path of IDA*.
	MaxFrontier int64
	// Iterations counts the IDA* bounds tried.
	Iterations int
	// Time is the wall time of the solve.
	Time time.Duration
}

// Result is the outcome of Solve.
type Result struct {
	// Status is Solved, None (the board cannot reach the goal: Reason says
	// why), Invalid or Timeout.
	Status status.Status
	// Reason says why there is no solution, with status None.
	Reason string
	// Optimal reports that Moves is a shortest solution.
	Optimal bool
	// Moves takes the board to the goal.
	Moves     Moves
	Stats     Stats
	Algorithm Algorithm
	Heuristic Heuristic
	// Initial is the heuristic's estimate of the starting position.
	Initial int
}

// ErrTooBig reports that A* or BFS ran out of room (Options.MaxStates).
var ErrTooBig = errors.New("sliding: too many positions for this algorithm (try idastar)")

// parityReason is the Reason of a board that cannot reach its goal.
const parityReason = "parity: the permutation's parity differs from the blank's distance to its goal"

// Solve finds a way from p's board to its goal: the shortest with BFS, A*
// and IDA*, any with Reduce. A board that cannot reach the goal is
// answered at once, by parity: status None with a Reason. A
// cancelled or expired ctx gives status Timeout and ctx.Err().
func Solve(ctx context.Context, p *Puzzle, opt Options) (Result, error) {
	start := time.Now()
	res := Result{Algorithm: opt.Algorithm}
	if p == nil || p.Board == nil {
		res.Status = status.Invalid
		return res, errors.New("sliding: no board")
	}
	b := p.Board
	if len(b.Tiles) != b.Rows*b.Cols || b.Rows < 2 || b.Cols < 2 {
		res.Status = status.Invalid
		return res, errors.New("sliding: malformed board")
	}
	if !b.Solvable(p.Goal) {
		res.Status, res.Reason = status.None, parityReason
		return res, nil
	}
	if res.Algorithm == "" || res.Algorithm == AutoAlgorithm {
		res.Algorithm = IDAStar
		if len(b.Tiles) > 25 {
			res.Algorithm = Reduce
		}
	}
	pr := newProblem(b, p.Goal)
	var err error
	var dirs []int8
	if res.Algorithm == Reduce {
		dirs, err = reduce(ctx, pr, &res.Stats)
		res.Moves = pr.userMoves(dirs)
		return finish(res, err, start, false)
	}
	if res.Algorithm == BFS {
		dirs, err = bfs(ctx, pr, opt.maxStates(), &res.Stats)
		res.Moves = pr.userMoves(dirs)
		return finish(res, err, start, true)
	}
	store := opt.Store
	if store == nil {
		store = DefaultStore()
	}
	var dbs map[Heuristic]*PDBSet
	res.Heuristic, dbs, err = store.prepare(ctx, opt.Heuristic, b.Rows, b.Cols)
	if err != nil {
		if ctx.Err() != nil {
			return finish(res, ctx.Err(), start, true)
		}
		res.Status = status.Invalid
		return res, err
	}
	ev, err := newEvaluator(res.Heuristic, b.Rows, b.Cols, dbs)
	if err != nil {
		res.Status = status.Invalid
		return res, err
	}
	res.Initial = ev.init(pr.cells)
	switch res.Algorithm {
	case IDAStar:
		if set := dbs[res.Heuristic]; set != nil {
			dirs, err = idaStarPDB(ctx, pr, set, &res.Stats)
		} else {
			dirs, err = idaStar(ctx, pr, ev, &res.Stats)
		}
	case AStar:
		dirs, err = aStar(ctx, pr, ev, opt.maxStates(), &res.Stats)
	default:
		res.Status = status.Invalid
		return res, fmt.Errorf("sliding: unknown algorithm %q", res.Algorithm)
	}
	res.Moves = pr.userMoves(dirs)
	return finish(res, err, start, true)
}

// Prepare loads the pattern databases that Solve with heuristic h uses
// on a rows×cols board, building those the store may build, and returns
// the heuristic Solve will take (h, or Auto's choice). A caller that
// gives Solve a short deadline calls it first, so that a build the
// board needs is not cut short and wasted.
func (s *Store) Prepare(ctx context.Context, h Heuristic, rows, cols int) (Heuristic, error) {
	h, _, err := s.prepare(ctx, h, rows, cols)
	return h, err
}

// prepare returns the heuristic for a board and its pattern database
// sets, loaded. Auto passes over a candidate whose databases cannot be
// loaded (a bad file it may not rebuild) to the next, with a warning.
func (s *Store) prepare(ctx context.Context, h Heuristic, rows, cols int) (Heuristic, map[Heuristic]*PDBSet, error) {
	cands := h.candidates(rows, cols, s)
	for i, c := range cands {
		dbs, err := s.loadParts(ctx, c, rows, cols)
		if err == nil {
			return c.h, dbs, nil
		}
		if ctx.Err() != nil || i == len(cands)-1 {
			return c.h, nil, err
		}
		s.warnOnce(fmt.Sprintf("using %s instead of %s: %v", cands[i+1].h, c.h, strings.TrimPrefix(err.Error(), "sliding: ")))
	}
	panic("sliding: no candidate heuristic") // the last candidate needs no database
}

// loadParts loads the pattern database sets of every part of c.h:
// "pdb-663+walking-distance" takes the maximum of both.
func (s *Store) loadParts(ctx context.Context, c candidate, rows, cols int) (map[Heuristic]*PDBSet, error) {
	dbs := map[Heuristic]*PDBSet{}
	for _, part := range strings.Split(string(c.h), "+") {
		h := Heuristic(strings.TrimSpace(part))
		if !h.isPDB() || dbs[h] != nil {
			continue
		}
		mode := loadOrBuild
		if !c.build {
			mode = loadOnly
		}
		set, err := s.loadSet(ctx, h, rows, cols, mode)
		if err != nil {
			return nil, err
		}
		dbs[h] = set
	}
	return dbs, nil
}

// warnOnce logs msg unless it has been logged already.
func (s *Store) warnOnce(msg string) {
	s.mu.Lock()
	seen := s.warned[msg]
	if s.warned == nil {
		s.warned = map[string]bool{}
	}
	s.warned[msg] = true
	s.mu.Unlock()
	if !seen {
		s.logf("%s", msg)
	}
}

func finish(res Result, err error, start time.Time, optimal bool) (Result, error) {
	res.Stats.Time = time.Since(start)
	switch {
	case err == nil:
		res.Status, res.Optimal = status.Solved, optimal
	case errors.Is(err, context.Canceled), errors.Is(err, context.DeadlineExceeded):
		res.Status, res.Moves = status.Timeout, nil
	default:
		res.Status, res.Moves = status.Timeout, nil
	}
	return res, err
}

func (o Options) maxStates() int {
	if o.MaxStates > 0 {
		return o.MaxStates
	}
	return 20_000_000
}

func (h Heuristic) isPDB() bool {
	for _, x := range []Heuristic{PDB555, PDB663, PDB78, PDB6666} {
		if h == x {
			return true
		}
	}
	return false
}

// stopper turns a context into a flag that hot loops can poll.
type stopper struct {
	flag atomic.Bool
	stop func() bool
}

func newStopper(ctx context.Context) *stopper {
	s := &stopper{}
	s.stop = context.AfterFunc(ctx, func() { s.flag.Store(true) })
	if ctx.Err() != nil {
		s.flag.Store(true)
	}
	return s
}

func (s *stopper) release() { s.stop() }

// pollMask sets how often hot loops look at the stop flag.
const pollMask = 1<<14 - 1
