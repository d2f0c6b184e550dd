package main

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"os"
	"slices"
	"testing"

	"github.com/puzzlesolvers/puzzle/internal/record"
	"github.com/puzzlesolvers/puzzle/nonogram"
)

// enumeratePictures returns every picture of the small puzzle p, black and
// white or colour, by brute force: each row takes, in turn, every line of
// its width whose runs are its clue, and a grid of such rows is kept when
// it meets the column clues as well. It knows nothing of the solvers.
func enumeratePictures(t *testing.T, p *nonogram.Puzzle) []*nonogram.Grid {
	t.Helper()
	w, h := p.Width(), p.Height()
	k := 2
	if p.IsColor() {
		k = len(p.Colors)
	}
	newGrid := func(w, h int) *nonogram.Grid {
		g := nonogram.NewGrid(w, h)
		if p.IsColor() {
			g.Colors = make([]uint8, w*h)
		}
		return g
	}
	set := func(g *nonogram.Grid, i, v int) {
		g.Cells[i] = v != 0
		if g.Colors != nil {
			g.Colors[i] = uint8(v)
		}
	}
	// rows[r] lists the lines that meet row r's clue.
	rows := make([][][]int, h)
	line := make([]int, w)
	var next func(c int)
	next = func(c int) {
		if c == w {
			g := newGrid(w, 1)
			for i, v := range line {
				set(g, i, v)
			}
			q := g.Clues()
			if p.IsColor() {
				q = g.ColorClues(p.Colors)
			}
			for r := range h {
				if slices.Equal(q.Rows[0], p.Rows[r]) && (!p.IsColor() || slices.Equal(q.RowColors[0], p.RowColors[r])) {
					rows[r] = append(rows[r], slices.Clone(line))
				}
			}
			return
		}
		for v := range k {
			line[c] = v
			next(c + 1)
		}
	}
	next(0)
	var out []*nonogram.Grid
	g := newGrid(w, h)
	var place func(r int)
	place = func(r int) {
		if r == h {
			if p.Satisfies(g) {
				c := newGrid(w, h)
				copy(c.Cells, g.Cells)
				if g.Colors != nil {
					copy(c.Colors, g.Colors)
				}
				out = append(out, c)
			}
			return
		}
		for _, l := range rows[r] {
			for c, v := range l {
				set(g, r*w+c, v)
			}
			place(r + 1)
		}
	}
	place(0)
	return out
}

// differingCells returns the cells whose value differs between some two
// of pictures, row by row.
func differingCells(pictures []*nonogram.Grid) []record.Cell {
	var cells []record.Cell
	if len(pictures) == 0 {
		return nil
	}
	w, h := pictures[0].Width, pictures[0].Height
	for i := range w * h {
		for _, g := range pictures[1:] {
			if g.ColorAt(i/w, i%w) != pictures[0].ColorAt(i/w, i%w) {
				cells = append(cells, record.Cell{Row: i / w, Col: i % w})
				break
			}
		}
	}
	return cells
}

// paintColorGrid writes g, a picture of colour indexes, as a PNG of
// cell×cell pixels a cell, each index painted in palette's colour.
func paintColorGrid(t *testing.T, g *nonogram.Grid, palette []color.RGBA, cell int, path string) {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, g.Width*cell, g.Height*cell))
	for y := range g.Height * cell {
		for x := range g.Width * cell {
			img.SetRGBA(x, y, palette[g.ColorAt(y/cell, x/cell)])
		}
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}

// testPalette is white (the background), red and blue, then green.
var testPalette = []color.RGBA{{255, 255, 255, 255}, {200, 30, 30, 255}, {30, 40, 200, 255}, {30, 160, 40, 255}}
