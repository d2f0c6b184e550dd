package record

import (
	"context"
	"errors"
	"time"

	"github.com/puzzlesolvers/puzzle/nonogram"
	"github.com/puzzlesolvers/puzzle/status"
	"github.com/puzzlesolvers/puzzle/sudoku"
)

// DefaultSuggestTime bounds the search for the fewest hints when
// SuggestTime is 0; after it the best set found is given as a bound.
const DefaultSuggestTime = 10 * time.Second

// maxEdits is the number of picture edits a nonogram record suggests.
const maxEdits = 5

// Suggest is what makes a puzzle unique, the same in both families:
// `solve --suggest` and suggest=true on the API. Every suggestion was
// checked by solving again.
type Suggest struct {
	// Hints, for a puzzle with several solutions, are the cells to give
	// (a Sudoku's givens, a nonogram's cells printed on the grid), each
	// as the record's solution (or Intended) has it, that make it the
	// only solution.
	// Exact says no fewer do; false when the time ran out first, and
	// AtLeast is then the number proved necessary.
	Hints []Cell `json:"hints,omitempty"`
	// Intended is, when it is not the record's solution, the solution
	// the hints and edits are taken from: a nonogram's goal picture, as
	// its file stores it (rows as in solution).
	Intended []string `json:"intended,omitempty"`
	Exact    *bool    `json:"exact,omitempty"`
	AtLeast  int      `json:"at_least,omitempty"`
	// Edits, for a nonogram with several pictures, are changes of one or
	// two cells to the record's picture (or Intended) whose clues have
	// that picture alone, line-solvable ones first: flips in black and
	// white, in colour recolourings to a neighbour's colour or the
	// background.
	Edits []SuggestEdit `json:"edits,omitempty"`
	// Minimal, for a unique Sudoku, says no given can be removed with the
	// puzzle staying unique; Removable lists those that can (each alone).
	Minimal   *bool  `json:"minimal,omitempty"`
	Removable []Cell `json:"removable,omitempty"`
	// Checks counts the solves made; TimeMS is the time they took.
	Checks int     `json:"checks"`
	TimeMS float64 `json:"time_ms"`
}

// SuggestEdit is a change to a nonogram's picture: the cells to flip,
// or in colour to recolour, each to the colour of Colors (an index into
// the record's colors, 0 the background).
type SuggestEdit struct {
	Cells        []Cell `json:"cells"`
	Colors       []int  `json:"colors,omitempty"`
	LineSolvable bool   `json:"line_solvable"`
}

// errSuggestTime says the time for suggestions ran out before any set
// of hints was proved enough.
type errSuggestTime time.Duration

func (e errSuggestTime) Error() string {
	return "no suggestion proved within " + time.Duration(e).String() + " (the time for suggestions)"
}

// suggestFailed is the error of a record whose suggestions failed: the
// suggestions' own time limit, or the record's.
func suggestFailed(ctx context.Context, timeout time.Duration, err error) string {
	var e errSuggestTime
	if ctx.Err() == nil && errors.As(err, &e) {
		return "suggestions: " + e.Error()
	}
	return "suggestions: " + timeoutText(timeout, err)
}

// suggestContext is the context of the search for suggestions.
func suggestContext(ctx context.Context, limit time.Duration) (context.Context, context.CancelFunc) {
	return context.WithTimeout(ctx, suggestLimit(limit))
}

func suggestLimit(limit time.Duration) time.Duration {
	if limit <= 0 {
		return DefaultSuggestTime
	}
	return limit
}

// suggestErr names the suggestions' time limit when it, not ctx, ended
// the search.
func suggestErr(ctx, sctx context.Context, limit time.Duration, err error) error {
	if ctx.Err() == nil && sctx.Err() != nil {
		return errSuggestTime(suggestLimit(limit))
	}
	return err
}

// sudokuSuggest makes the suggestions for a Sudoku of status unique or
// multiple, with intended its first solution.
func sudokuSuggest(ctx context.Context, p *sudoku.Puzzle, st status.Status, intended []uint8, limit time.Duration) (*Suggest, error) {
	start := time.Now()
	sctx, cancel := suggestContext(ctx, limit)
	defer cancel()
	s := &Suggest{}
	switch st {
	case status.Multiple:
		g, err := sudoku.UniqueGivens(sctx, p, intended)
		if err != nil {
			return nil, suggestErr(ctx, sctx, limit, err)
		}
		s.Exact, s.Checks = &g.Exact, g.Checks
		if !g.Exact {
			s.AtLeast = g.Lower
		}
		for _, c := range g.Cells {
			s.Hints = append(s.Hints, Cell{Row: c.Row, Col: c.Col})
		}
	case status.Unique:
		cells, err := sudoku.Removable(sctx, p)
		if err != nil {
			return nil, suggestErr(ctx, sctx, limit, err)
		}
		minimal := len(cells) == 0
		s.Minimal, s.Checks = &minimal, p.Givens()+1
		for _, c := range cells {
			s.Removable = append(s.Removable, Cell{Row: c.Row, Col: c.Col})
		}
	default:
		return nil, nil
	}
	s.TimeMS = Millis(time.Since(start))
	return s, nil
}

// nonogramSuggest makes the suggestions for a nonogram of status
// multiple, with intended its first picture.
func nonogramSuggest(ctx context.Context, p *nonogram.Puzzle, intended *nonogram.Grid, limit time.Duration) (*Suggest, error) {
	start := time.Now()
	sctx, cancel := suggestContext(ctx, limit)
	defer cancel()
	h, err := nonogram.UniqueHints(sctx, p, intended)
	if err != nil {
		return nil, suggestErr(ctx, sctx, limit, err)
	}
	s := &Suggest{Exact: &h.Exact, Checks: h.Checks}
	if !h.Exact {
		s.AtLeast = h.Lower
	}
	w := p.Width()
	for _, i := range h.Cells {
		s.Hints = append(s.Hints, Cell{Row: i / w, Col: i % w})
	}
	if sctx.Err() == nil {
		// The edits are extra: those found in the time left are given.
		var edits []nonogram.Edit
		if p.IsColor() {
			edits, err = nonogram.UniqueColorEdits(sctx, intended, p.Colors, maxEdits)
		} else {
			edits, err = nonogram.UniqueEdits(sctx, intended, maxEdits)
		}
		if err != nil && sctx.Err() == nil && !errors.Is(err, context.DeadlineExceeded) {
			return nil, err
		}
		for _, e := range edits {
			se := SuggestEdit{Colors: e.Colors, LineSolvable: e.LineSolvable}
			for _, i := range e.Cells {
				se.Cells = append(se.Cells, Cell{Row: i / w, Col: i % w})
			}
			s.Edits = append(s.Edits, se)
		}
	}
	s.TimeMS = Millis(time.Since(start))
	return s, nil
}
