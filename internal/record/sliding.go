package record

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/puzzlesolvers/puzzle/sliding"
	"github.com/puzzlesolvers/puzzle/status"
)

// SlidingOptions are the options of a sliding solve record: the engine's,
// and a time limit of the record's own.
type SlidingOptions struct {
	sliding.Options
	// Timeout, if positive, bounds the solve; the error of a record that
	// runs out of it names the limit.
	Timeout time.Duration
}

// SlidingSolve is the record of one sliding board solved: what
// `puzzle sliding solve --json` prints on a line and what
// POST /api/sliding/solve returns.
type SlidingSolve struct {
	Head
	Rows  int    `json:"rows,omitempty"`
	Cols  int    `json:"cols,omitempty"`
	Board string `json:"board,omitempty"` // the tiles in reading order, 0 for the blank
	Goal  string `json:"goal"`
	// Optimal, Length and Moves are there when a solution is.
	Optimal   *bool   `json:"optimal,omitempty"`
	Length    *int    `json:"length,omitempty"`
	Moves     *string `json:"moves,omitempty"` // the blank's moves: U, D, L, R
	Algorithm string  `json:"algorithm,omitempty"`
	Heuristic string  `json:"heuristic,omitempty"`
	// Estimate is the heuristic's value of the board.
	Estimate *int          `json:"initial_estimate,omitempty"`
	Stats    *SlidingStats `json:"stats,omitempty"`

	// Puzzle is the puzzle solved, nil when it could not be read; Cause
	// then says why (a *sliding.SyntaxError).
	Puzzle *sliding.Puzzle `json:"-"`
	Cause  error           `json:"-"`
}

// SlidingStats is the work of a search.
type SlidingStats struct {
	Generated   int64   `json:"generated"`
	Expanded    int64   `json:"expanded"`
	MaxFrontier int64   `json:"max_frontier"`
	Iterations  int     `json:"iterations,omitempty"`
	TimeMS      float64 `json:"time_ms"`
}

// NewSlidingSolve solves p, read from file, and reports on it. Every
// solution reported has been replayed to the goal.
func NewSlidingSolve(ctx context.Context, file string, p *sliding.Puzzle, opt SlidingOptions) *SlidingSolve {
	b := p.Board
	rec := &SlidingSolve{Head: Head{File: file, Line: p.Line, Name: p.Name}, Goal: p.Goal.String(),
		Rows: b.Rows, Cols: b.Cols, Board: b.Line(), Puzzle: p}
	sctx := ctx
	if opt.Timeout > 0 {
		var cancel context.CancelFunc
		sctx, cancel = context.WithTimeout(ctx, opt.Timeout)
		defer cancel()
	}
	res, err := sliding.Solve(sctx, p, opt.Options)
	rec.Status = res.Status
	switch res.Status {
	case status.None:
		rec.Reason = res.Reason
		return rec
	case status.Invalid:
		rec.Error = errorText(err, res.Status)
		return rec
	case status.Timeout:
		rec.Error = errorText(err, res.Status)
		switch {
		case opt.Timeout > 0 && ctx.Err() == nil && sctx.Err() != nil:
			rec.Error = fmt.Sprintf("no answer within %v", opt.Timeout)
		case errors.Is(err, context.Canceled):
			rec.Error = "interrupted" // as the other families say it
		}
	}
	rec.Algorithm, rec.Heuristic = string(res.Algorithm), string(res.Heuristic)
	if res.Heuristic != "" {
		rec.Estimate = &res.Initial
	}
	rec.Stats = &SlidingStats{Generated: res.Stats.Generated, Expanded: res.Stats.Expanded, MaxFrontier: res.Stats.MaxFrontier,
		Iterations: res.Stats.Iterations, TimeMS: Millis(res.Stats.Time)}
	if res.Status == status.Solved {
		if err := b.Check(res.Moves, p.Goal); err != nil {
			rec.Status, rec.Error = status.Invalid, "internal error: "+err.Error()
			return rec
		}
		n, m, o := len(res.Moves), res.Moves.String(), res.Optimal
		rec.Length, rec.Moves, rec.Optimal = &n, &m, &o
	}
	return rec
}

// NewSlidingInvalid is the record of a board that could not be read (err,
// a *sliding.SyntaxError) from file, for goal g.
func NewSlidingInvalid(file string, err error, g sliding.Goal) *SlidingSolve {
	return &SlidingSolve{Head: Invalid(file, err), Goal: g.String(), Cause: err}
}

// errorText is the text of err, or the status's name when there is none.
func errorText(err error, s status.Status) string {
	if err != nil {
		return err.Error()
	}
	return s.String()
}

// SlidingShuffle is a random solvable board: a record of `puzzle sliding
// shuffle --json` and of GET /api/sliding/shuffle. Its status is solved.
type SlidingShuffle struct {
	Head
	Rows  int    `json:"rows"`
	Cols  int    `json:"cols"`
	Goal  string `json:"goal"`
	Board string `json:"board"`
	// Seed makes the same board again (the first board of the seed).
	Seed Seed `json:"seed"`
}

// NewSlidingShuffle is the record of board b, made from seed for goal g.
func NewSlidingShuffle(b *sliding.Board, g sliding.Goal, seed Seed) *SlidingShuffle {
	return &SlidingShuffle{Head: Head{Status: status.Solved}, Rows: b.Rows, Cols: b.Cols, Goal: g.String(), Board: b.Line(), Seed: seed}
}

// SlidingBenchInstance is one benchmark instance solved by `puzzle sliding
// bench --json --verbose`.
type SlidingBenchInstance struct {
	Head
	Set       string `json:"set"`
	Heuristic string `json:"heuristic"`
	ID        int    `json:"id"`
	// Length is the length found, Want the published one.
	Length     int               `json:"length"`
	Want       int               `json:"want"`
	Published  int64             `json:"korf_felner_nodes,omitempty"`
	Clausecker int64             `json:"clausecker_6666_expansions,omitempty"`
	Stats      SlidingBenchStats `json:"stats"`
}

// SlidingBenchStats is the work of one instance.
type SlidingBenchStats struct {
	Generated int64   `json:"generated"`
	Expanded  int64   `json:"expanded"`
	TimeMS    float64 `json:"time_ms"`
}

// SlidingBench is the row of one heuristic of `puzzle sliding bench
// --json`: solved when every instance was solved to its published length.
type SlidingBench struct {
	Head
	Set       string `json:"set"`
	Heuristic string `json:"heuristic"`
	// Instances is the number of instances run (count, as in every
	// family's bench), Tally counts them by status, and Solved is
	// Tally[status.Solved].
	Instances   int                   `json:"count"`
	Tally       map[status.Status]int `json:"tally"`
	Solved      int                   `json:"-"`
	Checked     int                   `json:"lengths_checked"`
	Wrong       int                   `json:"lengths_wrong"`
	TotalLength int                   `json:"total_length"`
	// Slowest is the id of the slowest instance.
	Slowest int                    `json:"slowest"`
	Stats   SlidingBenchTotalStats `json:"stats"`
}

// SlidingBenchTotalStats is the work of a heuristic over the instances:
// TimeMS the wall time, InstancesMS the sum of the instances' times,
// CPUMS the process's CPU time during the searches. Merged from shards
// ('puzzle merge'), TimeMS is the slowest shard's wall time, ShardsMS
// each shard's (in shard order), TablesMS the slowest shard's and CPUMS
// the shards' sum.
type SlidingBenchTotalStats struct {
	Generated   int64     `json:"generated"`
	Expanded    int64     `json:"expanded"`
	TimeMS      float64   `json:"time_ms"`
	InstancesMS float64   `json:"instances_ms"`
	SlowestMS   float64   `json:"slowest_ms"`
	TablesMS    float64   `json:"tables_ms"`
	RatePerCore float64   `json:"mnodes_per_s_per_core"`
	CPUMS       float64   `json:"cpu_ms"`
	ShardsMS    []float64 `json:"shards_ms,omitempty"`
}
