package nonogram

import (
	"context"
	"errors"
	"slices"

	"github.com/puzzlesolvers/puzzle/status"
)

// UniqueColorEdits is UniqueEdits for a colour picture g with palette
// (palette[0] the background): up to max edits that recolour one or two
// cells, each to the colour of one of its eight neighbours or to the
// background, after which the picture's clues have it alone, each checked
// by solving the edited puzzle. Edits whose puzzle is line-solvable come
// first, then those of one cell, then row-major. It returns none for a
// picture whose puzzle is unique already.
//
// Only cells that can matter are tried, as in UniqueEdits: the cells
// where pictures differ (Undecided) and their neighbours, one at a time
// in every colour allowed, then, while fewer than max line-solvable edits
// are found, pairs of them with at least one undecided cell, up to
// maxEditTries solves in all. When ctx ends the edits found so far are
// returned with ctx's error.
func UniqueColorEdits(ctx context.Context, g *Grid, palette []Color, max int) ([]Edit, error) {
	if g.Colors == nil || len(palette) < 2 {
		return nil, errors.New("nonogram: colour edits are for colour pictures")
	}
	p := g.ColorClues(palette)
	b, err := undecidedUnlessUnique(ctx, p, g)
	if b == nil {
		return nil, err
	}
	w, h := g.Width, g.Height
	// alternatives[i] are the colours cell i may take: its neighbours'
	// and the background's, not its own.
	alternatives := make([][]uint8, w*h)
	var cand []int
	for i, ok := range nearUndecided(b) {
		if !ok {
			continue
		}
		r, c := i/w, i%w
		alt := []uint8{0}
		for dr := -1; dr <= 1; dr++ {
			for dc := -1; dc <= 1; dc++ {
				if rr, cc := r+dr, c+dc; rr >= 0 && rr < h && cc >= 0 && cc < w && !slices.Contains(alt, g.Colors[rr*w+cc]) {
					alt = append(alt, g.Colors[rr*w+cc])
				}
			}
		}
		alt = slices.DeleteFunc(alt, func(k uint8) bool { return k == g.Colors[i] })
		slices.Sort(alt)
		if len(alt) > 0 {
			alternatives[i] = alt
			cand = append(cand, i)
		}
	}
	var edits []Edit
	tries := 0
	e := &Grid{Width: w, Height: h, Cells: slices.Clone(g.Cells), Colors: slices.Clone(g.Colors)}
	set := func(i int, k uint8) {
		e.Colors[i], e.Cells[i] = k, k != 0
	}
	try := func(cells []int, colors []uint8) error {
		tries++
		for x, i := range cells {
			set(i, colors[x])
		}
		r, err := Solve(ctx, e.ColorClues(palette), Options{})
		for _, i := range cells {
			set(i, g.Colors[i])
		}
		if err != nil {
			return err
		}
		if r.Status == status.Unique {
			ks := make([]int, len(colors))
			for x, k := range colors {
				ks[x] = int(k)
			}
			edits = append(edits, Edit{Cells: slices.Clone(cells), Colors: ks, LineSolvable: r.LineSolvable})
		}
		return nil
	}
	for _, i := range cand {
		for _, k := range alternatives[i] {
			if err := try([]int{i}, []uint8{k}); err != nil {
				return sortEdits(edits, max), err
			}
		}
	}
pairs:
	for x, i := range cand {
		for _, j := range cand[x+1:] {
			if b.Cells[i] != Unknown && b.Cells[j] != Unknown {
				continue
			}
			for _, ki := range alternatives[i] {
				for _, kj := range alternatives[j] {
					if countLineSolvable(edits) >= max || tries >= maxEditTries {
						break pairs
					}
					if err := try([]int{i, j}, []uint8{ki, kj}); err != nil {
						return sortEdits(edits, max), err
					}
				}
			}
		}
	}
	return sortEdits(edits, max), nil
}
