package nonogram

import (
	"context"
	"errors"
	"fmt"
)

// Undecided returns the board of the cells on which every picture of p
// agrees, with Unknown at exactly the cells whose value differs between
// some two pictures. known holds pictures already found, the first of them
// the reference; it must not be empty, and every picture Undecided finds
// is returned in found.
//
// The answer is exact (the complement of the puzzle's backbone). A cell
// is undecided as soon as some picture differs from the reference there,
// so every picture found settles many cells at once. Cells that line
// solving decides from the clues alone are decided. Every other cell no
// picture yet disagrees on is asked directly: p solved for one picture
// with that cell fixed the other way (Options.Fixed), in a colour puzzle
// once for each other colour. When none has a picture, the cell is
// decided, and it stays fixed the reference's way for the solves that
// follow, which loses no picture and narrows their search. ctx bounds
// every solve.
func Undecided(ctx context.Context, p *Puzzle, known []*Grid) (b *Board, found []*Grid, err error) {
	if len(known) == 0 {
		return nil, nil, errors.New("nonogram: Undecided needs a picture to start from")
	}
	ref := known[0]
	if !p.Satisfies(ref) {
		return nil, nil, errors.New("nonogram: Undecided's first picture does not meet the clues")
	}
	b = BoardOf(ref)
	mark := func(g *Grid) {
		o := BoardOf(g)
		for i, v := range o.Cells {
			if v != b.Cells[i] {
				b.Cells[i] = Unknown
			}
		}
	}
	for _, g := range known[1:] {
		mark(g)
	}
	forced := p.lineSolvedCells()
	states := []Cell{Empty, Filled}
	if p.IsColor() {
		states = states[:0]
		for col := range p.Colors {
			states = append(states, ColorCell(col))
		}
	}
	fixed := &Board{Width: b.Width, Height: b.Height, Cells: make([]Cell, len(b.Cells))}
	want := BoardOf(ref)
	for i := range b.Cells {
		if b.Cells[i] == Unknown || forced != nil && forced[i] {
			continue
		}
		decided := true
		for _, v := range states {
			if v == want.Cells[i] {
				continue
			}
			fixed.Cells[i] = v
			res, err := Solve(ctx, p, Options{Limit: 1, Fixed: fixed})
			fixed.Cells[i] = Unknown
			if err != nil {
				return nil, found, fmt.Errorf("nonogram: deciding r%dc%d: %w", i/b.Width+1, i%b.Width+1, err)
			}
			if len(res.Solutions) > 0 {
				found = append(found, res.Solutions[0])
				mark(res.Solutions[0])
				decided = false
				break
			}
		}
		if decided {
			// Every picture has the cell as the reference has it, so
			// fixing it loses none and helps the solves that follow.
			fixed.Cells[i] = want.Cells[i]
		}
	}
	return b, found, nil
}

// lineSolvedCells reports, for a black-and-white puzzle, the cells that
// line solving from the empty grid decides: every picture has them alike.
// It returns nil for a colour puzzle.
func (p *Puzzle) lineSolvedCells() []bool {
	if p.IsColor() {
		return nil
	}
	g := newGrid(p)
	pr := newPropagator(g)
	defer pr.cache.release()
	st := g.newState()
	pr.pushAll()
	if !pr.run(st) {
		return nil
	}
	known := make([]bool, g.w*g.h)
	for i := range known {
		known[i], _ = g.cell(st, i/g.w, i%g.w)
	}
	return known
}
