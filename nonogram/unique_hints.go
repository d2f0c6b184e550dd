package nonogram

import (
	"context"
	"errors"
	"fmt"

	"github.com/puzzlesolvers/puzzle/internal/hitset"
	"github.com/puzzlesolvers/puzzle/status"
)

// Hints is a set of cells to print on the grid of a nonogram with several
// pictures so that one of them, the intended picture, becomes its only
// one.
type Hints struct {
	// Fixed holds the hint cells, each as the intended picture has it,
	// and Unknown elsewhere: the Options.Fixed under which the puzzle was
	// checked to be unique. Cells lists the same cells, row-major.
	Fixed *Board
	Cells []int
	// Exact says no fewer hints make the puzzle unique. False when the
	// time ran out first: Cells are then at most what is needed, and at
	// least Lower are needed.
	Exact bool
	Lower int
	// Checks counts the solves made; Alternatives the other pictures they
	// found.
	Checks, Alternatives int
}

// UniqueHints returns the fewest cells of intended (a picture of p; nil
// for the first picture Solve finds) to give as hints so that intended is
// p's only picture. A unique puzzle needs none.
//
// Hints from intended rule out every other picture that differs from it
// on one of them, so the answer is a smallest set of cells meeting the
// difference set of every other picture: an implicit hitting-set search
// (internal/hitset) that solves p with the candidate hints fixed
// (Options.Fixed) to find a picture not yet ruled out, or to prove there
// is none. When ctx ends after a set was proved sufficient, the best such
// set is returned with Exact false and no error; before, ctx's error.
func UniqueHints(ctx context.Context, p *Puzzle, intended *Grid) (Hints, error) {
	if intended == nil {
		res, err := Solve(ctx, p, Options{Limit: 1})
		if err != nil {
			return Hints{}, err
		}
		if len(res.Solutions) == 0 {
			return Hints{}, errors.New("nonogram: the puzzle has no picture to make unique")
		}
		intended = res.Solutions[0]
	}
	if intended.Width != p.Width() || intended.Height != p.Height() || !p.Satisfies(intended) {
		return Hints{}, errors.New("nonogram: the intended picture does not meet the clues")
	}
	want := BoardOf(intended)
	w, size := want.Width, len(want.Cells)
	fixed := &Board{Width: w, Height: want.Height, Cells: make([]Cell, size)}
	check := func(ctx context.Context, chosen []int) ([]int, error) {
		clear(fixed.Cells)
		for _, i := range chosen {
			fixed.Cells[i] = want.Cells[i]
		}
		res, err := Solve(ctx, p, Options{Fixed: fixed})
		switch {
		case err != nil:
			return nil, err
		case res.Status == status.Unique:
			return nil, nil
		}
		for _, g := range res.Solutions {
			var miss []int
			for i, v := range BoardOf(g).Cells {
				if v != want.Cells[i] {
					miss = append(miss, i)
				}
			}
			if miss != nil {
				return miss, nil
			}
		}
		return nil, fmt.Errorf("nonogram: status %v without another picture", res.Status)
	}
	h, err := hitset.Minimize(ctx, size, check)
	if err != nil {
		return Hints{}, err
	}
	out := Hints{Cells: h.Cells, Exact: h.Exact, Lower: h.Lower, Checks: h.Checks, Alternatives: h.Sets,
		Fixed: &Board{Width: w, Height: want.Height, Cells: make([]Cell, size)}}
	for _, i := range h.Cells {
		out.Fixed.Cells[i] = want.Cells[i]
	}
	return out, nil
}
