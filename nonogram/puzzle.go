package nonogram

import (
	"fmt"
	"strings"
)

// Puzzle is a nonogram: a clue for every row (top to bottom) and every
// column (left to right). A clue lists the lengths of the runs of filled
// cells in order; an empty clue means the line is empty. A colour puzzle
// also gives each run a colour (see color.go).
type Puzzle struct {
	Rows [][]int
	Cols [][]int

	// Colors is the palette of a colour puzzle, nil in black and white:
	// Colors[0] is the background, the others are the runs' colours.
	Colors []Color
	// RowColors[r][i] is the colour (an index into Colors, at least 1) of
	// run i of row r, and ColColors the same for columns; nil in black and
	// white.
	RowColors [][]int
	ColColors [][]int

	// Name is the puzzle's title in its source, if it had one.
	Name string
	// Author, Copyright and License are carried over from formats that
	// store them (webpbn XML, .non); they are empty otherwise.
	Author    string
	Copyright string
	License   string
	// Goal is the picture stored with the puzzle (webpbn's solution, the
	// goal of a .non file), nil if the file had none. It is what the author
	// drew, not necessarily the only solution.
	Goal *Grid

	// File is the name of the input and Line the 1-based line where the
	// puzzle starts; RowLine and ColLine give the line of each clue when the
	// format puts one clue per line. All are zero when unknown; they exist
	// so that errors can say where a bad clue is.
	File    string
	Line    int
	RowLine []int
	ColLine []int
}

// Height returns the number of rows.
func (p *Puzzle) Height() int { return len(p.Rows) }

// Width returns the number of columns.
func (p *Puzzle) Width() int { return len(p.Cols) }

// Grid is a solved picture: Height rows of Width cells in row-major order,
// true for a filled cell. A colour picture also has the colour of every
// cell, an index into its puzzle's palette (0 the background).
type Grid struct {
	Width, Height int
	Cells         []bool
	Colors        []uint8 // nil in black and white
}

// NewGrid returns an empty (all white) grid.
func NewGrid(width, height int) *Grid {
	return &Grid{Width: width, Height: height, Cells: make([]bool, width*height)}
}

// At reports whether the cell at row r, column c (0-based) is filled.
func (g *Grid) At(r, c int) bool { return g.Cells[r*g.Width+c] }

// Set fills (true) or clears the cell at row r, column c.
func (g *Grid) Set(r, c int, filled bool) { g.Cells[r*g.Width+c] = filled }

// Rows returns the picture as one string per row, '#' filled and '.' empty,
// the form used in JSON output.
func (g *Grid) Rows() []string {
	rows := make([]string, g.Height)
	var b strings.Builder
	for r := range g.Height {
		b.Reset()
		for c := range g.Width {
			if g.At(r, c) {
				b.WriteByte('#')
			} else {
				b.WriteByte('.')
			}
		}
		rows[r] = b.String()
	}
	return rows
}

// String returns the rows joined by newlines, with a final newline.
func (g *Grid) String() string { return strings.Join(g.Rows(), "\n") + "\n" }

// Equal reports whether two grids have the same shape and cells.
func (g *Grid) Equal(h *Grid) bool {
	if g.Width != h.Width || g.Height != h.Height {
		return false
	}
	for i := range g.Cells {
		if g.Cells[i] != h.Cells[i] {
			return false
		}
	}
	for i := range g.Colors {
		if h.Colors == nil || g.Colors[i] != h.Colors[i] {
			return false
		}
	}
	return h.Colors == nil || g.Colors != nil
}

// Clues returns the puzzle whose clues the picture satisfies.
func (g *Grid) Clues() *Puzzle {
	p := &Puzzle{Rows: make([][]int, g.Height), Cols: make([][]int, g.Width)}
	line := make([]bool, max(g.Width, g.Height))
	for r := range g.Height {
		for c := range g.Width {
			line[c] = g.At(r, c)
		}
		p.Rows[r] = lineClue(line[:g.Width])
	}
	for c := range g.Width {
		for r := range g.Height {
			line[r] = g.At(r, c)
		}
		p.Cols[c] = lineClue(line[:g.Height])
	}
	return p
}

// lineClue returns the run lengths of filled cells in line.
func lineClue(line []bool) []int {
	clue := []int{}
	run := 0
	for _, f := range line {
		if f {
			run++
		} else if run > 0 {
			clue = append(clue, run)
			run = 0
		}
	}
	if run > 0 {
		clue = append(clue, run)
	}
	return clue
}

// Satisfies reports whether the picture g meets every clue of p.
func (p *Puzzle) Satisfies(g *Grid) bool {
	if g == nil || g.Width != p.Width() || g.Height != p.Height() {
		return false
	}
	if p.IsColor() {
		return p.satisfiesColors(g)
	}
	q := g.Clues()
	for r := range p.Rows {
		if !equalClue(p.Rows[r], q.Rows[r]) {
			return false
		}
	}
	for c := range p.Cols {
		if !equalClue(p.Cols[c], q.Cols[c]) {
			return false
		}
	}
	return true
}

func equalClue(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// MaxSide bounds the width and height of a puzzle.
const MaxSide = 4096

// ClueError reports a clue that cannot be right, and where it is.
type ClueError struct {
	File string // name of the input, "" if unknown
	Line int    // 1-based line of the clue, 0 if unknown
	Msg  string
}

func (e *ClueError) Error() string { return fmtPosError(e.File, e.Line, e.Msg) }

// Position returns the file and line the error is about.
func (e *ClueError) Position() (file string, line int) { return e.File, e.Line }

// Validate checks the shape of the puzzle and every clue: sizes between 1
// and MaxSide, run lengths at least 1, each clue fitting in its line, and
// the same number of filled cells by rows as by columns. The error is a
// *ClueError naming the line of the offending clue when it is known.
func (p *Puzzle) Validate() error {
	errorf := func(line int, format string, args ...any) error {
		if line == 0 {
			line = p.Line
		}
		return &ClueError{File: p.File, Line: line, Msg: fmt.Sprintf(format, args...)}
	}
	h, w := p.Height(), p.Width()
	if h < 1 || w < 1 {
		return errorf(0, "grid is %d×%d: needs at least one row and one column", h, w)
	}
	if h > MaxSide || w > MaxSide {
		return errorf(0, "grid is %d×%d: larger than %d", h, w, MaxSide)
	}
	sums := [2]int{}
	for k, lines := range [2][][]int{p.Rows, p.Cols} {
		kind, length, where := "row", w, p.RowLine
		if k == 1 {
			kind, length, where = "column", h, p.ColLine
		}
		for i, clue := range lines {
			at := 0
			if i < len(where) {
				at = where[i]
			}
			need := 0
			for _, n := range clue {
				if n < 1 {
					return errorf(at, "%s %d clue %s: run length %d is not positive", kind, i+1, formatClue(clue), n)
				}
				need += n + 1
				sums[k] += n
			}
			if need-1 > length && !p.IsColor() {
				return errorf(at, "%s %d clue %s needs %d cells, the %s has %d", kind, i+1, formatClue(clue), need-1, kind, length)
			}
		}
	}
	if p.IsColor() {
		if err := p.validateColors(errorf); err != nil {
			return err
		}
	} else if sums[0] != sums[1] {
		return errorf(0, "rows fill %d cells but columns fill %d", sums[0], sums[1])
	}
	if p.Goal != nil && (p.Goal.Width != w || p.Goal.Height != h) {
		return errorf(0, "goal picture is %d×%d, the grid %d×%d", p.Goal.Height, p.Goal.Width, h, w)
	}
	return nil
}

// formatClue writes a clue as space-separated numbers, "0" for an empty clue.
func formatClue(clue []int) string {
	if len(clue) == 0 {
		return "0"
	}
	var b strings.Builder
	for i, n := range clue {
		if i > 0 {
			b.WriteByte(' ')
		}
		fmt.Fprint(&b, n)
	}
	return b.String()
}

// checkFixed checks that the cells given before solving (Options.Fixed)
// fit p: the same size, and states p can hold.
func (p *Puzzle) checkFixed(b *Board) error {
	if b == nil {
		return nil
	}
	if b.Width != p.Width() || b.Height != p.Height() || len(b.Cells) != b.Width*b.Height {
		return fmt.Errorf("nonogram: fixed cells are %d×%d, the grid %d×%d", b.Height, b.Width, p.Height(), p.Width())
	}
	top := Filled
	if p.IsColor() {
		top = ColorCell(len(p.Colors) - 1)
	}
	for i, v := range b.Cells {
		if v > top {
			return fmt.Errorf("nonogram: fixed cell r%dc%d has state %d, beyond the palette", i/b.Width+1, i%b.Width+1, v)
		}
	}
	return nil
}
