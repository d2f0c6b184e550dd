package sudoku

import (
	"bytes"
	"context"
	"fmt"
	"slices"
	"time"

	"github.com/puzzlesolvers/puzzle/status"
)

// Report is the record of one solved puzzle: the JSON object that
// `puzzle sudoku solve --json` prints on a line and that the web API
// returns. Grids are rows of values, 0 for an empty cell.
type Report struct {
	File       string        `json:"file"`
	Line       int           `json:"line"`
	Name       string        `json:"name,omitempty"`
	Size       int           `json:"size,omitempty"`
	Status     status.Status `json:"status"`
	Solution   [][]int       `json:"solution,omitempty"`
	Solutions  [][][]int     `json:"solutions,omitempty"`
	Count      int           `json:"count"`
	Error      string        `json:"error,omitempty"`
	Steps      []string      `json:"steps,omitempty"`
	Stuck      bool          `json:"stuck,omitempty"`
	ExplainErr string        `json:"explain_error,omitempty"`
	Stats      *ReportStats  `json:"stats,omitempty"`
}

// ReportStats is the work a solve took, as a Report shows it.
type ReportStats struct {
	Nodes     int64   `json:"nodes"`
	Conflicts int64   `json:"conflicts"`
	Solver    string  `json:"solver"`
	TimeMS    float64 `json:"time_ms"`
}

// ReportOptions control SolveReport.
type ReportOptions struct {
	// Limit is Options.Limit: 0 proves uniqueness, 1 finds any solution,
	// a negative value finds them all.
	Limit int
	// ListAll lists every solution found in Solutions, besides the first
	// in Solution.
	ListAll bool
	// Explain adds the steps of Explain (as sentences).
	Explain bool
	// Timeout bounds the solve and the explanation together; 0 leaves
	// the limit to ctx. It is named in the error of a timed-out report.
	Timeout time.Duration
}

// SyntaxReport is the report of a puzzle that could not be read.
func SyntaxReport(file string, se *SyntaxError) *Report {
	return &Report{File: file, Line: se.Line, Status: status.Invalid, Error: se.Error()}
}

// SolveReport solves p, read from file, and reports on it. It also returns
// the Result, its solutions sorted so that the report depends only on the
// puzzle, and with opt.Explain the Explanation (nil otherwise), for callers
// that show more than the report.
func SolveReport(ctx context.Context, file string, p *Puzzle, opt ReportOptions) (*Report, Result, *Explanation) {
	n := p.Size()
	rec := &Report{File: file, Line: p.Line, Name: p.Name, Size: n}
	if opt.Timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, opt.Timeout)
		defer cancel()
	}
	res, err := Solve(ctx, p, Options{Limit: opt.Limit})
	// The order in which a search finds solutions is its own business:
	// sorted, the output depends only on the puzzle.
	slices.SortFunc(res.Solutions, bytes.Compare)
	rec.Status = res.Status
	rec.Count = len(res.Solutions)
	switch {
	case res.Status == status.Invalid:
		rec.Error = fmt.Sprintf("sudoku: %s:%d: %v", file, p.Line, err)
		return rec, res, nil
	case res.Status == status.Timeout:
		rec.Error = fmt.Sprintf("no answer within %v", opt.Timeout)
	case err != nil:
		rec.Error = err.Error()
	}
	rec.Stats = &ReportStats{Nodes: res.Stats.Nodes, Conflicts: res.Stats.Conflicts, Solver: res.Stats.Solver,
		TimeMS: float64(res.Stats.Time) / float64(time.Millisecond)}
	if len(res.Solutions) > 0 {
		rec.Solution = GridRows(res.Solutions[0], n)
	}
	if opt.ListAll {
		rec.Solutions = make([][][]int, len(res.Solutions))
		for i, s := range res.Solutions {
			rec.Solutions[i] = GridRows(s, n)
		}
	}
	if !opt.Explain || res.Status == status.Timeout {
		return rec, res, nil
	}
	ex, err := Explain(ctx, p)
	for _, s := range ex.Steps {
		rec.Steps = append(rec.Steps, s.Text)
	}
	rec.Stuck = !ex.Solved
	if err != nil {
		rec.ExplainErr = err.Error()
		rec.Stuck = false
	}
	return rec, res, &ex
}

// GridRows splits a row-major N×N grid into rows of values for JSON.
func GridRows(cells []uint8, n int) [][]int {
	g := make([][]int, n)
	for r := range n {
		g[r] = make([]int, n)
		for c := range n {
			g[r][c] = int(cells[r*n+c])
		}
	}
	return g
}

// GenerateReport is the record of one generated puzzle: the JSON object
// that `puzzle sudoku generate --json` prints on a line and that the web
// API returns.
type GenerateReport struct {
	Seed       uint64  `json:"seed"`
	Size       int     `json:"size"`
	Givens     int     `json:"givens"`
	Line       string  `json:"line,omitempty"`
	Puzzle     [][]int `json:"puzzle"`
	Solution   [][]int `json:"solution"`
	Difficulty string  `json:"difficulty"`
	Rating     Rating  `json:"rating"`
	Minimal    bool    `json:"minimal"`
	Attempts   int     `json:"attempts"`
	Checks     int     `json:"checks"`
	TimeMS     float64 `json:"time_ms"`
	Error      string  `json:"error,omitempty"`
}

// Report returns the record of g, made from seed in the time elapsed.
func (g Generated) Report(seed uint64, elapsed time.Duration) GenerateReport {
	p := g.Puzzle
	n := p.Size()
	rec := GenerateReport{
		Seed: seed, Size: n, Givens: p.Givens(), Puzzle: GridRows(p.Cells, n), Solution: GridRows(g.Solution, n),
		Difficulty: g.Rating.Difficulty.String(), Rating: g.Rating, Minimal: g.Minimal,
		Attempts: g.Attempts, Checks: g.Checks, TimeMS: float64(elapsed) / float64(time.Millisecond),
	}
	if n <= maxLineValues {
		rec.Line = p.String()
	}
	return rec
}
