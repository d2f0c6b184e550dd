package record

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/puzzlesolvers/puzzle/nonogram"
	"github.com/puzzlesolvers/puzzle/status"
)

// NonogramOptions control NewNonogramSolve.
type NonogramOptions struct {
	// Limit is nonogram.Options.Limit: 0 proves uniqueness, 1 finds any
	// picture, a negative value finds them all.
	Limit int
	// ListAll lists every picture found in Solutions, besides the first in
	// Solution.
	ListAll bool
	// Explain adds the steps of nonogram.Explain.
	Explain bool
	// Undecided adds, to a record of status multiple, exactly the cells
	// where pictures differ (nonogram.Undecided).
	Undecided bool
	// Suggest adds, to a record of status multiple, the fewest cells to
	// give as hints that make the first picture the only one, and picture
	// edits (record.Suggest). SuggestTime bounds the search for the
	// fewest hints (0: DefaultSuggestTime).
	Suggest     bool
	SuggestTime time.Duration
	// Timeout bounds the solve and the explanation together; 0 leaves the
	// limit to ctx. It is named in the error of a timed-out record.
	Timeout time.Duration
	// Found, when set, receives each picture as it is found (see
	// nonogram.Options.Found), and the record lists none: Solution is
	// the first, Count counts them. The command line streams a long list
	// of pictures this way.
	Found func(*nonogram.Grid) bool
}

// NonogramSolve is the record of one solved nonogram: a line of
// `puzzle nonogram solve --json` and the reply of POST /api/nonogram/solve.
// Pictures are rows of '#' (filled) and '.' (empty); in a colour puzzle
// rows of the palette's characters, and Colors lists the palette. The
// record of an invalid puzzle is its Head alone.
type NonogramSolve struct {
	Head
	Rows      int        `json:"rows,omitempty"`
	Cols      int        `json:"cols,omitempty"`
	Solution  []string   `json:"solution,omitempty"`
	Solutions [][]string `json:"solutions,omitempty"`
	// Undecided is, with NonogramOptions.Undecided and status multiple,
	// exactly the cells whose value differs between some two pictures.
	Undecided []Cell `json:"undecided,omitempty"`
	// Suggest is, with NonogramOptions.Suggest and status multiple, what
	// makes the puzzle unique.
	Suggest *Suggest        `json:"suggest,omitempty"`
	Colors  []NonogramColor `json:"colors,omitempty"`
	Count   int             `json:"count"`
	// LimitReached says that the search stopped at the limit of pictures
	// to list (--all's default cap, or --limit): more may exist.
	LimitReached bool                  `json:"limit_reached,omitempty"`
	LineSolvable bool                  `json:"line_solvable"`
	Steps        []NonogramStep        `json:"steps,omitempty"`
	Explained    *bool                 `json:"explained,omitempty"`
	Stats        *NonogramStats        `json:"stats,omitempty"`
	Explanation  *nonogram.Explanation `json:"-"` // with Explain, for the human output
	// ExplainError is the error that cut the explanation short.
	ExplainError error `json:"-"`
	// Cause is, for an invalid puzzle, the error that says why.
	Cause error `json:"-"`
}

// MarshalJSON writes the record; an invalid puzzle's is its head alone.
func (r NonogramSolve) MarshalJSON() ([]byte, error) {
	if r.Status == status.Invalid {
		return json.Marshal(r.Head)
	}
	type plain NonogramSolve
	return json.Marshal(plain(r))
}

// NonogramColor is one colour of a colour puzzle's palette, background
// first.
type NonogramColor struct {
	Char string `json:"char"`
	Name string `json:"name"`
	RGB  string `json:"rgb,omitempty"`
}

// NonogramStats is the work a solve took.
type NonogramStats struct {
	LineSolves int64   `json:"line_solves"`
	Probes     int64   `json:"probes"`
	Nodes      int64   `json:"nodes"`
	MaxDepth   int     `json:"max_depth"`
	Conflicts  int64   `json:"conflicts,omitempty"`
	TimeMS     float64 `json:"time_ms"`
}

// NonogramStep is one deduction of an explanation. A step on a line names
// it by Row or Col (from 0); a probing step names the Cell it tried.
type NonogramStep struct {
	Rule        string `json:"rule"`
	Row         *int   `json:"row,omitempty"`
	Col         *int   `json:"col,omitempty"`
	Clue        []int  `json:"clue,omitempty"`
	Cell        *Cell  `json:"cell,omitempty"`
	FilledCells []Cell `json:"filled_cells,omitempty"`
	// FilledColors gives, in a colour puzzle, the colour (palette index)
	// of each cell of FilledCells.
	FilledColors []int  `json:"filled_colors,omitempty"`
	EmptyCells   []Cell `json:"empty_cells,omitempty"`
	Text         string `json:"text"`
}

// NewNonogramSolve solves p, read from file, and returns its record.
func NewNonogramSolve(ctx context.Context, file string, p *nonogram.Puzzle, opt NonogramOptions) *NonogramSolve {
	rec := &NonogramSolve{Head: Head{File: file, Line: p.Line, Name: p.Name}, Rows: p.Height(), Cols: p.Width()}
	if opt.Timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, opt.Timeout)
		defer cancel()
	}
	sopt := nonogram.Options{Limit: opt.Limit}
	var first *nonogram.Grid
	if opt.Found != nil {
		sopt.Found = func(g *nonogram.Grid) bool {
			if first == nil {
				first = g
			}
			return opt.Found(g)
		}
	}
	res, err := nonogram.Solve(ctx, p, sopt)
	rec.Status, rec.Count, rec.LineSolvable = res.Status, res.Count, res.LineSolvable
	rec.LimitReached = opt.ListAll && opt.Limit > 0 && res.Count >= opt.Limit
	known := res.Solutions
	if opt.Found == nil && len(res.Solutions) > 0 {
		first = res.Solutions[0]
	} else if first != nil {
		known = []*nonogram.Grid{first}
	}
	switch {
	case res.Status == status.Invalid:
		inv := Invalid(file, err)
		inv.Name = p.Name
		if inv.Line == 0 {
			inv.Line = p.Line
		}
		return &NonogramSolve{Head: inv, Cause: err}
	case res.Status == status.Timeout && opt.Timeout > 0 && ctx.Err() == context.DeadlineExceeded:
		rec.Error = fmt.Sprintf("no answer within %v", opt.Timeout)
	case res.Status == status.Timeout:
		rec.Error = "interrupted"
		if err != nil {
			rec.Error = err.Error()
		}
	}
	rec.Stats = &NonogramStats{LineSolves: res.Stats.LineSolves, Probes: res.Stats.Probes, Nodes: res.Stats.Nodes,
		MaxDepth: res.Stats.MaxDepth, Conflicts: res.Stats.Conflicts, TimeMS: Millis(res.Stats.Time)}
	rows := (*nonogram.Grid).Rows
	if p.IsColor() {
		rows = func(g *nonogram.Grid) []string { return g.ColorRows(p.Colors) }
		for _, c := range p.Colors {
			rec.Colors = append(rec.Colors, NonogramColor{Char: string(c.Char), Name: c.Name, RGB: c.RGB})
		}
	}
	if first != nil {
		rec.Solution = rows(first)
	}
	if opt.ListAll {
		for _, g := range res.Solutions {
			rec.Solutions = append(rec.Solutions, rows(g))
		}
	}
	if opt.Undecided && res.Status == status.Multiple && len(known) > 0 {
		b, _, err := nonogram.Undecided(ctx, p, known)
		if err != nil {
			// The work asked for did not finish: the record says so.
			rec.Status, rec.Error = status.Timeout, "undecided cells: "+timeoutText(opt.Timeout, err)
			return rec
		}
		rec.Undecided = NonogramUndecided(b)
	}
	if opt.Suggest && res.Status == status.Multiple && first != nil {
		// The picture the file stores (its goal), when it meets the
		// clues, is the one the author means; else the first found.
		intended := first
		if g := p.Goal; g != nil && g.Width == p.Width() && g.Height == p.Height() && p.Satisfies(g) {
			intended = g
		}
		s, err := nonogramSuggest(ctx, p, intended, opt.SuggestTime)
		if err == nil && intended != first {
			s.Intended = rows(intended)
		}
		if err != nil {
			rec.Status, rec.Error = status.Timeout, suggestFailed(ctx, opt.Timeout, err)
			return rec
		}
		rec.Suggest = s
	}
	if !opt.Explain || res.Status == status.Timeout {
		return rec
	}
	ex, err := nonogram.Explain(ctx, p)
	rec.Steps = NonogramSteps(ex.Steps)
	solved := ex.Solved
	rec.Explained = &solved
	rec.Explanation, rec.ExplainError = &ex, err
	return rec
}

// NonogramUndecided lists the Unknown cells of a board, row by row.
func NonogramUndecided(b *nonogram.Board) []Cell {
	var cells []Cell
	if b == nil {
		return nil
	}
	for i, v := range b.Cells {
		if v == nonogram.Unknown {
			cells = append(cells, Cell{Row: i / b.Width, Col: i % b.Width})
		}
	}
	return cells
}

// NonogramSteps converts an explanation's steps to records.
func NonogramSteps(steps []nonogram.Step) []NonogramStep {
	out := make([]NonogramStep, len(steps))
	cells := func(list [][]int) []Cell {
		var cs []Cell
		for _, rc := range list {
			cs = append(cs, Cell{Row: rc[0], Col: rc[1]})
		}
		return cs
	}
	for i, s := range steps {
		r := NonogramStep{Rule: s.Rule, Clue: s.Clue, FilledCells: cells(s.Fill), FilledColors: s.Colors,
			EmptyCells: cells(s.Empty), Text: s.Text}
		if len(s.Cell) == 2 {
			r.Cell = &Cell{Row: s.Cell[0], Col: s.Cell[1]}
		}
		var kind string
		var n int
		if _, err := fmt.Sscanf(s.Line, "%s %d", &kind, &n); err == nil && n >= 1 {
			n--
			switch kind {
			case "row":
				r.Row = &n
			case "column":
				r.Col = &n
			}
		}
		out[i] = r
	}
	return out
}

// NonogramExplain is the reply of POST /api/nonogram/explain: the clues and
// the solver's deductions step by step, and the picture after the last one
// ('?' for an undecided cell). Its status is what the deductions prove
// (unique when they decide every cell, none when they end in a
// contradiction), else the solver's.
type NonogramExplain struct {
	Head
	Rows          int            `json:"rows,omitempty"`
	Cols          int            `json:"cols,omitempty"`
	RowClues      [][]int        `json:"row_clues,omitempty"`
	ColClues      [][]int        `json:"col_clues,omitempty"`
	Steps         []NonogramStep `json:"steps"`
	Picture       []string       `json:"picture,omitempty"`
	Solved        bool           `json:"solved"`
	Contradiction bool           `json:"contradiction"`
	Summary       string         `json:"summary,omitempty"`
}

// NewNonogramExplain explains p, read from file; timeout, when positive,
// is named in the error of a timed-out record.
func NewNonogramExplain(ctx context.Context, file string, p *nonogram.Puzzle, timeout time.Duration) *NonogramExplain {
	rec := &NonogramExplain{Head: Head{File: file, Line: p.Line, Name: p.Name}, Rows: p.Height(), Cols: p.Width(),
		RowClues: NonogramClueLists(p.Rows), ColClues: NonogramClueLists(p.Cols)}
	ex, err := nonogram.Explain(ctx, p)
	rec.Steps = NonogramSteps(ex.Steps)
	rec.Picture, rec.Solved, rec.Contradiction, rec.Summary = ex.Rows, ex.Solved, ex.Contradiction, ex.Summary()
	switch {
	case err != nil && ctx.Err() == nil:
		rec.Head = Invalid(file, err)
		rec.Steps = []NonogramStep{}
	case err != nil:
		rec.Status = status.Timeout
		rec.Error = fmt.Sprintf("no full explanation within %v: %d steps so far", timeout, len(ex.Steps))
		if timeout <= 0 {
			rec.Error = fmt.Sprintf("interrupted after %d steps", len(ex.Steps))
		}
	case ex.Contradiction:
		rec.Status = status.None
	case ex.Solved:
		rec.Status = status.Unique
	default:
		res, _ := nonogram.Solve(ctx, p, nonogram.Options{})
		rec.Status = res.Status
		if res.Status == status.Timeout {
			rec.Error = fmt.Sprintf("stuck after %d steps, and no answer from the solver within %v", len(ex.Steps), timeout)
		}
	}
	return rec
}

// NonogramClueLists returns clues with an empty list, not null, for an
// empty line.
func NonogramClueLists(clues [][]int) [][]int {
	out := make([][]int, len(clues))
	for i, c := range clues {
		out[i] = append([]int{}, c...)
	}
	return out
}

// NonogramClues is the reply of POST /api/nonogram/clues: the clues of a
// picture, and the puzzle written in a format. Its status is solved.
type NonogramClues struct {
	Head
	Rows     int     `json:"rows"`
	Cols     int     `json:"cols"`
	RowClues [][]int `json:"row_clues"`
	ColClues [][]int `json:"col_clues"`
	Format   string  `json:"format"`
	Text     string  `json:"text"`
}

// NonogramBench is one set of `puzzle nonogram bench --json`: how its
// puzzles ended and the time they took. Its status is solved when every
// check passed, timeout when a puzzle ran out of time or the run was
// interrupted, invalid (error says what) when a check failed or a file
// could not be read.
type NonogramBench struct {
	Head
	Set string `json:"set"`
	// Count is the number of puzzles read; Tally counts them by status.
	Count        int                   `json:"count"`
	Tally        map[status.Status]int `json:"tally"`
	LineSolvable int                   `json:"line_solvable"`
	Checked      int                   `json:"checked"`
	Worst        string                `json:"worst,omitempty"`
	Stats        NonogramBenchStats    `json:"stats"`
}

// NonogramBenchStats is the time a bench set took: the sum of every
// puzzle's best time, the mean, the slowest, and the search nodes.
type NonogramBenchStats struct {
	TimeMS         float64 `json:"time_ms"`
	MeanMS         float64 `json:"mean_ms"`
	WorstMS        float64 `json:"worst_ms"`
	NodesPerPuzzle float64 `json:"nodes_per_puzzle"`
}

// NonogramRating is the grade of a nonogram (nonogram.Rate), in the same
// words as a Sudoku's.
type NonogramRating struct {
	// Difficulty is easy, medium, hard, expert or extreme.
	Difficulty string `json:"difficulty"`
	// Hardest is the hardest rule the solution needs: overlap, line,
	// contradiction, both-ways, line-trial or search.
	Hardest string `json:"hardest"`
	// Length is the number of steps of the explanation.
	Length int     `json:"length"`
	Score  float64 `json:"score"`
}

// NonogramRate is the record of one rated nonogram: `puzzle nonogram rate
// --json` and POST /api/nonogram/rate. Only a puzzle with exactly one
// picture (status unique) has a rating.
type NonogramRate struct {
	Head
	Rows int `json:"rows,omitempty"`
	Cols int `json:"cols,omitempty"`
	*NonogramRating
	Stats *TimeStats `json:"stats,omitempty"`

	// Cause is the error of an invalid puzzle, for the human output.
	Cause error `json:"-"`
}

// NewNonogramRate rates p, read from file. A puzzle with several pictures
// or none gets status multiple or none and no rating; timeout names the
// limit when there was one (0: ctx's error).
func NewNonogramRate(ctx context.Context, file string, p *nonogram.Puzzle, limit time.Duration) *NonogramRate {
	rec := &NonogramRate{Head: Head{File: file, Line: p.Line, Name: p.Name}, Rows: p.Height(), Cols: p.Width()}
	if limit > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, limit)
		defer cancel()
	}
	start := time.Now()
	rt, err := nonogram.Rate(ctx, p)
	rec.Stats = &TimeStats{TimeMS: Millis(time.Since(start))}
	switch {
	case err == nil:
		rec.Status = status.Unique
		rec.NonogramRating = &NonogramRating{Difficulty: rt.Difficulty.String(), Hardest: rt.Hardest, Length: rt.Length, Score: rt.Score}
	case errors.Is(err, nonogram.ErrNotUnique):
		rec.Status = status.Multiple
	case errors.Is(err, nonogram.ErrNoSolution):
		rec.Status = status.None
	case ctx.Err() != nil:
		rec.Status, rec.Error = status.Timeout, timeoutText(limit, err)
	default:
		rec.Head, rec.Cause = Invalid(file, err), err
		rec.Rows, rec.Cols, rec.Stats = 0, 0, nil
	}
	return rec
}
