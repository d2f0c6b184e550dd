package nonogram

import (
	"context"
	"errors"
	"slices"

	"github.com/puzzlesolvers/puzzle/status"
)

// Edit is a small change to a drawn picture whose puzzle (the picture's
// clues) has exactly one picture, the edited one.
type Edit struct {
	// Cells are the cells to flip (filled to empty or back), row-major
	// indices; in a colour picture, the cells to recolour.
	Cells []int
	// Colors are, in a colour picture (UniqueColorEdits), the colour
	// (palette index, 0 the background) each cell of Cells takes; nil in
	// black and white.
	Colors []int
	// LineSolvable says the edited puzzle is solved by line logic alone.
	LineSolvable bool
}

// UniqueEdits returns up to max edits of one or two cells that make the
// puzzle of picture g (a black-and-white picture whose clues have several
// pictures) unique, each checked by solving the edited puzzle. Edits
// whose puzzle is line-solvable come first, then those of one cell, then
// row-major. It returns none for a picture whose puzzle is unique
// already.
//
// Only cells that can matter are tried: the cells where pictures differ
// (Undecided) and their eight neighbours, one at a time, then, while
// fewer than max line-solvable edits are found, pairs of them with at least one
// undecided cell, up to maxEditTries solves in all. When ctx ends the
// edits found so far are returned with ctx's error.
func UniqueEdits(ctx context.Context, g *Grid, max int) ([]Edit, error) {
	if g.Colors != nil {
		return nil, errors.New("nonogram: picture edits are for black-and-white pictures")
	}
	b, err := undecidedUnlessUnique(ctx, g.Clues(), g)
	if b == nil {
		return nil, err
	}
	w, h := g.Width, g.Height
	var cand []int
	for i, ok := range nearUndecided(b) {
		if ok {
			cand = append(cand, i)
		}
	}
	var edits []Edit
	tries := 0
	e := &Grid{Width: w, Height: h, Cells: slices.Clone(g.Cells)}
	try := func(cells ...int) error {
		tries++
		for _, i := range cells {
			e.Cells[i] = !e.Cells[i]
		}
		r, err := Solve(ctx, e.Clues(), Options{})
		for _, i := range cells {
			e.Cells[i] = !e.Cells[i]
		}
		if err != nil {
			return err
		}
		if r.Status == status.Unique {
			edits = append(edits, Edit{Cells: slices.Clone(cells), LineSolvable: r.LineSolvable})
		}
		return nil
	}
	for _, i := range cand {
		if err := try(i); err != nil {
			return sortEdits(edits, max), err
		}
	}
	if countLineSolvable(edits) < max {
		for x, i := range cand {
			for _, j := range cand[x+1:] {
				if b.Cells[i] != Unknown && b.Cells[j] != Unknown {
					continue
				}
				if countLineSolvable(edits) >= max || tries >= maxEditTries {
					break
				}
				if err := try(i, j); err != nil {
					return sortEdits(edits, max), err
				}
			}
		}
	}
	return sortEdits(edits, max), nil
}

// maxEditTries bounds the edited puzzles UniqueEdits solves: the pairs
// of a picture whose pictures differ on a hundred cells are too many.
const maxEditTries = 2000

func sortEdits(edits []Edit, max int) []Edit {
	slices.SortStableFunc(edits, func(a, b Edit) int {
		switch {
		case a.LineSolvable != b.LineSolvable:
			if a.LineSolvable {
				return -1
			}
			return 1
		case len(a.Cells) != len(b.Cells):
			return len(a.Cells) - len(b.Cells)
		}
		if c := slices.Compare(a.Cells, b.Cells); c != 0 {
			return c
		}
		return slices.Compare(a.Colors, b.Colors)
	})
	if len(edits) > max {
		edits = edits[:max]
	}
	return edits
}

// undecidedUnlessUnique solves p, the clues of picture g, and returns the
// cells its pictures do not agree on (Undecided, starting from g); a nil
// board when p is unique already or on error.
func undecidedUnlessUnique(ctx context.Context, p *Puzzle, g *Grid) (*Board, error) {
	res, err := Solve(ctx, p, Options{})
	if err != nil || res.Status == status.Unique {
		return nil, err
	}
	b, _, err := Undecided(ctx, p, []*Grid{g})
	if err != nil {
		return nil, err
	}
	return b, nil
}

// nearUndecided marks the undecided cells of b and their eight
// neighbours: the cells an edit that settles the puzzle is looked for in.
func nearUndecided(b *Board) []bool {
	w, h := b.Width, b.Height
	near := make([]bool, w*h)
	for _, i := range unknownIndices(b) {
		r, c := i/w, i%w
		for dr := -1; dr <= 1; dr++ {
			for dc := -1; dc <= 1; dc++ {
				if rr, cc := r+dr, c+dc; rr >= 0 && rr < h && cc >= 0 && cc < w {
					near[rr*w+cc] = true
				}
			}
		}
	}
	return near
}

func unknownIndices(b *Board) []int {
	var out []int
	for i, v := range b.Cells {
		if v == Unknown {
			out = append(out, i)
		}
	}
	return out
}

// countLineSolvable returns how many of edits are line-solvable.
func countLineSolvable(edits []Edit) int {
	n := 0
	for _, e := range edits {
		if e.LineSolvable {
			n++
		}
	}
	return n
}
