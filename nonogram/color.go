package nonogram

import (
	"fmt"
	"strings"
)

// Colour nonograms: each run of a clue has a colour as well as a length,
// and two consecutive runs need a gap between them only when they have the
// same colour. A Puzzle is a colour puzzle when its Colors palette is set;
// RowColors and ColColors then give the colour of every run.

// Color is one colour of a colour puzzle's palette.
type Color struct {
	Name string // the name in the source, such as "red"
	Char byte   // the character that stands for it in pictures
	RGB  string // six hexadecimal digits such as "FF0000", "" if unknown
}

// IsColor reports whether p is a colour puzzle.
func (p *Puzzle) IsColor() bool { return p.Colors != nil }

// ColorAt returns the colour index of the cell at row r, column c: for a
// black-and-white grid 1 for filled and 0 for empty.
func (g *Grid) ColorAt(r, c int) int {
	if g.Colors != nil {
		return int(g.Colors[r*g.Width+c])
	}
	if g.At(r, c) {
		return 1
	}
	return 0
}

// ColorRows returns the picture as text rows, one palette character per
// cell.
func (g *Grid) ColorRows(palette []Color) []string {
	rows := make([]string, g.Height)
	var b strings.Builder
	for r := range g.Height {
		b.Reset()
		for c := range g.Width {
			b.WriteByte(palette[g.ColorAt(r, c)].Char)
		}
		rows[r] = b.String()
	}
	return rows
}

// colorLineClue returns the runs of line (colour indexes, 0 the
// background) and their colours.
func colorLineClue(line []uint8) (runs, colors []int) {
	runs, colors = []int{}, []int{}
	for i, col := range line {
		if col == 0 {
			continue
		}
		if i > 0 && line[i-1] == col {
			runs[len(runs)-1]++
			continue
		}
		runs = append(runs, 1)
		colors = append(colors, int(col))
	}
	return runs, colors
}

// ColorClues returns the colour puzzle whose clues the picture satisfies,
// with the given palette.
func (g *Grid) ColorClues(palette []Color) *Puzzle {
	p := &Puzzle{Colors: palette,
		Rows: make([][]int, g.Height), RowColors: make([][]int, g.Height),
		Cols: make([][]int, g.Width), ColColors: make([][]int, g.Width)}
	line := make([]uint8, max(g.Width, g.Height))
	for r := range g.Height {
		for c := range g.Width {
			line[c] = uint8(g.ColorAt(r, c))
		}
		p.Rows[r], p.RowColors[r] = colorLineClue(line[:g.Width])
	}
	for c := range g.Width {
		for r := range g.Height {
			line[r] = uint8(g.ColorAt(r, c))
		}
		p.Cols[c], p.ColColors[c] = colorLineClue(line[:g.Height])
	}
	return p
}

// satisfiesColors reports whether g meets the runs and colours of every
// clue of the colour puzzle p.
func (p *Puzzle) satisfiesColors(g *Grid) bool {
	q := g.ColorClues(p.Colors)
	for r := range p.Rows {
		if !equalClue(p.Rows[r], q.Rows[r]) || !equalClue(p.RowColors[r], q.RowColors[r]) {
			return false
		}
	}
	for c := range p.Cols {
		if !equalClue(p.Cols[c], q.Cols[c]) || !equalClue(p.ColColors[c], q.ColColors[c]) {
			return false
		}
	}
	return true
}

// validateColors checks a colour puzzle's palette and run colours, that
// each clue fits its line, and that rows and columns use each colour
// equally often.
func (p *Puzzle) validateColors(errorf func(line int, format string, args ...any) error) error {
	k := len(p.Colors)
	if k < 2 || k > maxColors {
		return errorf(0, "%d colours: a colour puzzle needs a background and 1 to %d colours", k, maxColors-1)
	}
	sums := make([][2]int, k)
	for side, lines := range [2][][]int{p.Rows, p.Cols} {
		kind, length, where, colors := "row", p.Width(), p.RowLine, p.RowColors
		if side == 1 {
			kind, length, where, colors = "column", p.Height(), p.ColLine, p.ColColors
		}
		if len(colors) != len(lines) {
			return errorf(0, "%d %s clues but %d %s colour lists", len(lines), kind, len(colors), kind)
		}
		for i, clue := range lines {
			at := 0
			if i < len(where) {
				at = where[i]
			}
			if len(colors[i]) != len(clue) {
				return errorf(at, "%s %d clue %s has %d runs but %d colours", kind, i+1, formatClue(clue), len(clue), len(colors[i]))
			}
			need := 0
			for j, n := range clue {
				col := colors[i][j]
				if col < 1 || col >= k {
					return errorf(at, "%s %d clue %s: run %d has colour %d, outside the palette 1..%d", kind, i+1, formatClue(clue), j+1, col, k-1)
				}
				need += n
				if j > 0 && colors[i][j-1] == col {
					need++
				}
				sums[col][side] += n
			}
			if need > length {
				return errorf(at, "%s %d clue %s needs %d cells, the %s has %d", kind, i+1, formatClue(clue), need, kind, length)
			}
		}
	}
	for col := 1; col < k; col++ {
		if sums[col][0] != sums[col][1] {
			return errorf(0, "rows have %d cells of colour %s but columns %d", sums[col][0], fmt.Sprintf("%q", p.Colors[col].Name), sums[col][1])
		}
	}
	return nil
}

// maxColors bounds the palette of a colour puzzle, background included.
const maxColors = 64
