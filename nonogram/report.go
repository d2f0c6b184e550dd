package nonogram

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/puzzlesolvers/puzzle/status"
)

// Report is the record of one solved puzzle: the JSON object that
// `puzzle nonogram solve --json` prints on a line and that the web API
// returns. Pictures are rows of '#' (filled) and '.' (empty); in a colour
// puzzle rows of the palette's characters, and Colors lists the palette.
type Report struct {
	File         string        `json:"file"`
	Line         int           `json:"line"`
	Name         string        `json:"name,omitempty"`
	Width        int           `json:"width,omitempty"`
	Height       int           `json:"height,omitempty"`
	Status       status.Status `json:"status"`
	Solution     []string      `json:"solution,omitempty"`
	Solutions    [][]string    `json:"solutions,omitempty"`
	Colors       []ReportColor `json:"colors,omitempty"`
	Count        int           `json:"count"`
	LineSolvable bool          `json:"line_solvable"`
	Error        string        `json:"error,omitempty"`
	Steps        []Step        `json:"steps,omitempty"`
	Explained    *bool         `json:"explained,omitempty"`
	Stats        *ReportStats  `json:"stats,omitempty"`
}

// ReportColor is one colour of a colour puzzle's palette, background
// first.
type ReportColor struct {
	Char string `json:"char"`
	Name string `json:"name"`
	RGB  string `json:"rgb,omitempty"`
}

// ReportStats is the work a solve took, as a Report shows it.
type ReportStats struct {
	LineSolves int64   `json:"line_solves"`
	Probes     int64   `json:"probes"`
	Nodes      int64   `json:"nodes"`
	MaxDepth   int     `json:"max_depth"`
	Conflicts  int64   `json:"conflicts,omitempty"`
	TimeMS     float64 `json:"time_ms"`
}

// ReportOptions control SolveReport.
type ReportOptions struct {
	// Limit is Options.Limit: 0 proves uniqueness, 1 finds any picture, a
	// negative value finds them all.
	Limit int
	// ListAll lists every picture found in Solutions, besides the first
	// in Solution.
	ListAll bool
	// Explain adds the steps of Explain.
	Explain bool
	// Timeout bounds the solve and the explanation together; 0 leaves the
	// limit to ctx. It is named in the error of a timed-out report.
	Timeout time.Duration
}

// ErrorReport is the report of a puzzle that could not be read: err is the
// *SyntaxError or *ClueError of the Reader.
func ErrorReport(file string, err error) *Report {
	line := 0
	var se *SyntaxError
	var ce *ClueError
	switch {
	case errors.As(err, &se):
		line = se.Line
	case errors.As(err, &ce):
		line = ce.Line
	}
	return &Report{File: file, Line: line, Status: status.Invalid, Error: err.Error()}
}

// SolveReport solves p, read from file, and reports on it. With
// opt.Explain it also returns the Explanation (nil otherwise), and the error
// that cut it short, for callers that show more than the report.
func SolveReport(ctx context.Context, file string, p *Puzzle, opt ReportOptions) (*Report, *Explanation, error) {
	rec := &Report{File: file, Line: p.Line, Name: p.Name, Width: p.Width(), Height: p.Height()}
	if opt.Timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, opt.Timeout)
		defer cancel()
	}
	res, err := Solve(ctx, p, Options{Limit: opt.Limit})
	rec.Status, rec.Count, rec.LineSolvable = res.Status, len(res.Solutions), res.LineSolvable
	switch {
	case res.Status == status.Invalid:
		rec.Error = err.Error()
		return rec, nil, nil
	case res.Status == status.Timeout:
		rec.Error = fmt.Sprintf("no answer within %v", opt.Timeout)
	case err != nil:
		rec.Error = err.Error()
	}
	rec.Stats = &ReportStats{LineSolves: res.Stats.LineSolves, Probes: res.Stats.Probes, Nodes: res.Stats.Nodes,
		MaxDepth: res.Stats.MaxDepth, Conflicts: res.Stats.Conflicts, TimeMS: float64(res.Stats.Time) / float64(time.Millisecond)}
	rows := (*Grid).Rows
	if p.IsColor() {
		rows = func(g *Grid) []string { return g.ColorRows(p.Colors) }
		for _, c := range p.Colors {
			rec.Colors = append(rec.Colors, ReportColor{Char: string(c.Char), Name: c.Name, RGB: c.RGB})
		}
	}
	if len(res.Solutions) > 0 {
		rec.Solution = rows(res.Solutions[0])
	}
	if opt.ListAll {
		for _, g := range res.Solutions {
			rec.Solutions = append(rec.Solutions, rows(g))
		}
	}
	if !opt.Explain || res.Status == status.Timeout {
		return rec, nil, nil
	}
	ex, err := Explain(ctx, p)
	rec.Steps = ex.Steps
	solved := ex.Solved
	rec.Explained = &solved
	return rec, &ex, err
}
