package nonogram

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// RenderOptions controls drawing. The zero value draws the clues with the
// default cell size.
type RenderOptions struct {
	// CellSize is the side of a cell in pixels (PNG) or user units (SVG);
	// the text renderer ignores it. Zero or negative means 16. PNG clamps it
	// to 1..256 and then shrinks it until the image is at most 8000 pixels
	// on each side; SVG clamps it to 4..256.
	CellSize int
	// NoClues draws only the grid.
	NoClues bool
}

// Cell is the state of one cell of a partly solved picture.
type Cell uint8

// The states of a cell. The zero value is Unknown. In a colour puzzle a
// filled cell of colour k (an index into the palette, k ≥ 1) is
// ColorCell(k): Filled for colour 1, Filled+1 for colour 2, and so on.
const (
	Unknown Cell = iota
	Empty
	Filled
)

// ColorCell returns the state of a cell of colour col: Empty for the
// background (0), Filled+col-1 otherwise.
func ColorCell(col int) Cell {
	if col == 0 {
		return Empty
	}
	return Filled + Cell(col-1)
}

// cellColor returns the colour index of a filled cell state.
func cellColor(v Cell) int { return int(v-Filled) + 1 }

// Board is a partial picture: Height rows of Width cells in row-major order.
// It is what the renderers draw, so that a half-solved puzzle can be shown.
type Board struct {
	Width, Height int
	Cells         []Cell
}

// BoardOf returns the board of a solved picture: every cell Filled or Empty.
// It returns nil for a nil grid.
func BoardOf(g *Grid) *Board {
	if g == nil {
		return nil
	}
	b := &Board{Width: g.Width, Height: g.Height, Cells: make([]Cell, len(g.Cells))}
	for i := range g.Cells {
		b.Cells[i] = ColorCell(g.ColorAt(i/g.Width, i%g.Width))
	}
	return b
}

// CommonBoard returns the board of the cells on which every picture
// agrees, the others Unknown: what several solutions have in common. It
// returns nil when there is no picture.
func CommonBoard(gs ...*Grid) *Board {
	if len(gs) == 0 {
		return nil
	}
	b := BoardOf(gs[0])
	for _, g := range gs[1:] {
		o := BoardOf(g)
		for i := range b.Cells {
			if o.Cells[i] != b.Cells[i] {
				b.Cells[i] = Unknown
			}
		}
	}
	return b
}

const (
	renderDefaultCell = 16
	renderMaxCell     = 256
)

// renderCheck validates what the renderers are asked to draw and returns
// the board to draw: b itself, or an all-Unknown board when b is nil.
func renderCheck(p *Puzzle, b *Board) (*Board, error) {
	if p == nil {
		return nil, fmt.Errorf("nonogram: no puzzle to draw")
	}
	h, w := p.Height(), p.Width()
	if h < 1 || w < 1 || h > MaxSide || w > MaxSide {
		return nil, fmt.Errorf("nonogram: grid is %d×%d: cannot draw it (sides must be 1 to %d)", h, w, MaxSide)
	}
	for k, lines := range [2][][]int{p.Rows, p.Cols} {
		for i, clue := range lines {
			for _, n := range clue {
				if n < 0 {
					kind := "row"
					if k == 1 {
						kind = "column"
					}
					return nil, fmt.Errorf("nonogram: %s %d clue has run length %d: cannot draw it", kind, i+1, n)
				}
			}
		}
	}
	if b == nil {
		return &Board{Width: w, Height: h, Cells: make([]Cell, w*h)}, nil
	}
	if b.Width != w || b.Height != h {
		return nil, fmt.Errorf("nonogram: board is %d×%d, puzzle %d×%d", b.Height, b.Width, h, w)
	}
	if len(b.Cells) != w*h {
		return nil, fmt.Errorf("nonogram: board is %d×%d but has %d cells, not %d", h, w, len(b.Cells), w*h)
	}
	top, states := Filled, "Unknown, Empty or Filled"
	if p.IsColor() {
		top, states = ColorCell(len(p.Colors)-1), "Unknown, Empty or a colour of the puzzle"
	}
	for i, c := range b.Cells {
		if c > top {
			return nil, fmt.Errorf("nonogram: board cell at row %d, column %d has state %d: not %s", i/w+1, i%w+1, c, states)
		}
	}
	return b, nil
}

// renderClueNums returns the numbers drawn for a clue: the clue itself, or
// a single 0 for an empty line, as formatClue writes it.
func renderClueNums(clue []int) []int {
	if len(clue) == 0 {
		return []int{0}
	}
	return clue
}

// renderDigits returns the number of decimal digits of n ≥ 0.
func renderDigits(n int) int {
	d := 1
	for n >= 10 {
		n /= 10
		d++
	}
	return d
}

// renderClueStats are the sizes of the clue margins: the most numbers in a
// row (column) clue and the most digits of a row (column) number.
type renderClueStats struct {
	rowSlots, colSlots   int
	rowDigits, colDigits int
}

func renderStatsOf(p *Puzzle) renderClueStats {
	var s renderClueStats
	for _, clue := range p.Rows {
		nums := renderClueNums(clue)
		s.rowSlots = max(s.rowSlots, len(nums))
		for _, n := range nums {
			s.rowDigits = max(s.rowDigits, renderDigits(n))
		}
	}
	for _, clue := range p.Cols {
		nums := renderClueNums(clue)
		s.colSlots = max(s.colSlots, len(nums))
		for _, n := range nums {
			s.colDigits = max(s.colDigits, renderDigits(n))
		}
	}
	return s
}

// renderRunColor returns the colour index of run i of a row (side 0) or
// column (side 1) clue: 1 in black and white.
func renderRunColor(p *Puzzle, side, line, i int) int {
	if !p.IsColor() {
		return 1
	}
	if side == 0 {
		return p.RowColors[line][i]
	}
	return p.ColColors[line][i]
}

// renderRunText returns run i of a clue as text: its length, followed in a
// colour puzzle by its colour's character.
func renderRunText(p *Puzzle, side, line, i, n int) string {
	t := strconv.Itoa(n)
	if p.IsColor() && n > 0 {
		t += string(p.Colors[renderRunColor(p, side, line, i)].Char)
	}
	return t
}

// renderRGB returns the colour of palette entry col as "#rrggbb": its RGB
// when the source gave one, else one of a few distinct colours.
func renderRGB(p *Puzzle, col int) string {
	if !p.IsColor() {
		return [...]string{"#ffffff", "#000000"}[min(col, 1)]
	}
	if rgb := p.Colors[col].RGB; len(rgb) == 6 {
		return "#" + strings.ToLower(rgb)
	}
	if col == 0 {
		return "#ffffff"
	}
	fallback := [...]string{"#000000", "#d62728", "#1f77b4", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2", "#17becf", "#bcbd22"}
	return fallback[(col-1)%len(fallback)]
}

// renderTextCell is the text of each cell state.
var renderTextCell = [...]string{Unknown: "?", Empty: ".", Filled: "#"}

// RenderText draws the puzzle as text: the row clues right-aligned to the
// left of the grid, the column clues stacked above it, '#' for a filled
// cell, '.' for an empty one and '?' for an unknown one (so that a solved
// board reads like Grid.String). A ruler of '|', '-' and '+' separates the
// clues from the grid and every block of 5 rows or columns. Every column is
// as wide as the largest column-clue number plus a space, at least 2
// characters, so that numbers of several digits line up with their cells.
// An empty clue is drawn as 0. A nil board draws every cell unknown. Lines
// carry no trailing spaces. In a colour puzzle each cell shows its colour's
// character and each clue number is followed by it.
func RenderText(w io.Writer, p *Puzzle, b *Board, opt RenderOptions) error {
	b, err := renderCheck(p, b)
	if err != nil {
		return err
	}
	width, height := b.Width, b.Height
	clues := !opt.NoClues
	st := renderStatsOf(p)

	cw := 2 // characters per column, a leading space included
	margin := 0
	var rowText []string
	if clues {
		cw = max(cw, st.colDigits+1)
		if p.IsColor() {
			cw++ // the colour character after each number
		}
		rowText = make([]string, height)
		for r, clue := range p.Rows {
			rowText[r] = formatClue(clue)
			if p.IsColor() && len(clue) > 0 {
				runs := make([]string, len(clue))
				for i, n := range clue {
					runs[i] = renderRunText(p, 0, r, i, n)
				}
				rowText[r] = strings.Join(runs, " ")
			}
			margin = max(margin, len(rowText[r]))
		}
	}
	cellText := func(v Cell) string {
		if p.IsColor() && v >= Filled {
			return string(p.Colors[cellColor(v)].Char)
		}
		if p.IsColor() && v == Empty {
			return string(p.Colors[0].Char)
		}
		return renderTextCell[v]
	}

	bw := bufio.NewWriter(w)
	line := make([]byte, 0, margin+2+width*cw+2*(width/5))
	emit := func() {
		for len(line) > 0 && line[len(line)-1] == ' ' {
			line = line[:len(line)-1]
		}
		line = append(line, '\n')
		bw.Write(line)
		line = line[:0]
	}
	// field appends s right-aligned in the field of column c, after the
	// block separator when c starts a block of 5. Without clues the first
	// column loses its leading space.
	field := func(c int, s string, pad, sep byte) {
		if c > 0 && c%5 == 0 {
			line = append(line, pad, sep)
		}
		n := cw - len(s)
		if c == 0 && !clues {
			n--
		}
		for range n {
			line = append(line, pad)
		}
		line = append(line, s...)
	}
	ruler := func() {
		if clues {
			for range margin + 1 {
				line = append(line, '-')
			}
			line = append(line, '+')
		}
		for c := range width {
			field(c, "", '-', '+')
		}
		emit()
	}

	if clues {
		for k := range st.colSlots {
			for range margin + 1 {
				line = append(line, ' ')
			}
			line = append(line, '|')
			for c, clue := range p.Cols {
				nums := renderClueNums(clue)
				s := ""
				if i := k - (st.colSlots - len(nums)); i >= 0 {
					s = renderRunText(p, 1, c, i, nums[i])
				}
				field(c, s, ' ', ' ')
			}
			emit()
		}
		ruler()
	}
	for r := range height {
		if r > 0 && r%5 == 0 {
			ruler()
		}
		if clues {
			for range margin - len(rowText[r]) {
				line = append(line, ' ')
			}
			line = append(line, rowText[r]...)
			line = append(line, ' ', '|')
		}
		for c, v := range b.Cells[r*width : (r+1)*width] {
			field(c, cellText(v), ' ', '|')
		}
		emit()
	}
	return bw.Flush()
}
