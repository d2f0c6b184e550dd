package sliding

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/puzzlesolvers/puzzle/status"
)

// Report is the record of one board: the JSON object that `puzzle sliding
// solve --json` prints on a line and that the web API returns.
type Report struct {
	File      string        `json:"file"`
	Line      int           `json:"line,omitempty"`
	Rows      int           `json:"rows,omitempty"`
	Cols      int           `json:"cols,omitempty"`
	Board     string        `json:"board,omitempty"`
	Goal      string        `json:"goal"`
	Status    status.Status `json:"status"`
	Optimal   bool          `json:"optimal"`
	Length    *int          `json:"length,omitempty"`
	Moves     *string       `json:"moves,omitempty"`
	Algorithm string        `json:"algorithm,omitempty"`
	Heuristic string        `json:"heuristic,omitempty"`
	Estimate  *int          `json:"initial_estimate,omitempty"`
	Error     string        `json:"error,omitempty"`
	Stats     *ReportStats  `json:"stats,omitempty"`
}

// ReportStats is the work a solve took, as a Report shows it.
type ReportStats struct {
	Generated   int64   `json:"generated"`
	Expanded    int64   `json:"expanded"`
	MaxFrontier int64   `json:"max_frontier"`
	Iterations  int     `json:"iterations,omitempty"`
	ElapsedMS   float64 `json:"elapsed_ms"`
}

// ErrorReport is the report of a board that could not be read (err, from
// Read or ParseTiles), at line of file.
func ErrorReport(file string, line int, goal Goal, err error) *Report {
	rec := &Report{File: file, Line: line, Goal: goal.String(), Status: status.Invalid,
		Error: strings.TrimPrefix(err.Error(), "sliding: ")}
	var se *SyntaxError
	if errors.As(err, &se) {
		rec.Error = se.Msg
	}
	return rec
}

// SolveReport solves b, read at line of file, and reports on it. A
// positive timeout bounds the solve and is named in the error of a
// timed-out report. Every solution reported has been replayed to the goal.
func SolveReport(ctx context.Context, file string, line int, b *Board, opt Options, timeout time.Duration) *Report {
	rec := &Report{File: file, Line: line, Goal: opt.Goal.String(), Rows: b.Rows, Cols: b.Cols, Board: b.Line()}
	sctx := ctx
	if timeout > 0 {
		var cancel context.CancelFunc
		sctx, cancel = context.WithTimeout(ctx, timeout)
		defer cancel()
	}
	res, err := Solve(sctx, b, opt)
	rec.Status, rec.Optimal = res.Status, res.Optimal
	if res.Status == status.Unsolvable {
		rec.Error = "unsolvable: the permutation's parity differs from the blank's distance to its goal"
		return rec
	}
	switch {
	case res.Status == status.Timeout && timeout > 0 && ctx.Err() == nil:
		rec.Error = fmt.Sprintf("no answer within %v", timeout)
	case err != nil:
		rec.Error = strings.TrimPrefix(err.Error(), "sliding: ")
	}
	if res.Status == status.Invalid {
		return rec
	}
	rec.Algorithm, rec.Heuristic = string(res.Algorithm), string(res.Heuristic)
	if res.Heuristic != "" {
		rec.Estimate = &res.Initial
	}
	rec.Stats = &ReportStats{Generated: res.Stats.Generated, Expanded: res.Stats.Expanded, MaxFrontier: res.Stats.MaxFrontier,
		Iterations: res.Stats.Iterations, ElapsedMS: float64(res.Stats.Elapsed) / float64(time.Millisecond)}
	if res.Status == status.Solved {
		if err := b.Check(res.Moves, opt.Goal); err != nil {
			rec.Status, rec.Error = status.Invalid, "internal error: "+err.Error()
			return rec
		}
		n, m := len(res.Moves), res.Moves.String()
		rec.Length, rec.Moves = &n, &m
	}
	return rec
}
