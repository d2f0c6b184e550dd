package sudoku

import (
	"context"
	"errors"
	"fmt"
)

// Undecided returns, in row-major order, the cells whose digit differs
// between some two solutions of p: every other empty cell holds the same
// digit in every solution (the backbone). known holds solutions already
// found, the first of them the reference; it must not be empty, and every
// solution Undecided finds is added to what it returns in found.
//
// The answer is exact. A cell is undecided as soon as some solution
// differs from the reference there, so every solution found settles many
// cells at once; a cell no solution found yet disagrees on is asked
// directly: p with the cell given each other digit it may hold (one not
// given in its row, column or box), solved for one solution each. When
// none has a solution, the cell is decided. At most (N-1) solves per empty
// cell, far fewer in practice; ctx bounds them all.
func Undecided(ctx context.Context, p *Puzzle, known [][]uint8) (cells []Cell, found [][]uint8, err error) {
	if len(known) == 0 {
		return nil, nil, errors.New("sudoku: Undecided needs a solution to start from")
	}
	n := p.Size()
	ref := known[0]
	if len(ref) != n*n || !p.IsSolutionOf(ref) {
		return nil, nil, errors.New("sudoku: Undecided's first solution is not a solution of the puzzle")
	}
	undecided := make([]bool, n*n)
	mark := func(sol []uint8) {
		for i, v := range sol {
			if v != ref[i] {
				undecided[i] = true
			}
		}
	}
	for _, sol := range known[1:] {
		mark(sol)
	}
	q := p.Clone()
	for i := range n * n {
		if p.Cells[i] != 0 || undecided[i] {
			continue
		}
		for d := 1; d <= n; d++ {
			if d == int(ref[i]) || !p.allows(i, d) {
				continue
			}
			q.Cells[i] = uint8(d)
			res, err := Solve(ctx, q, Options{Limit: 1})
			q.Cells[i] = 0
			if err != nil {
				return nil, found, fmt.Errorf("sudoku: deciding r%dc%d: %w", i/n+1, i%n+1, err)
			}
			if len(res.Solutions) > 0 {
				found = append(found, res.Solutions[0])
				mark(res.Solutions[0])
				break
			}
		}
	}
	for i, u := range undecided {
		if u {
			cells = append(cells, Cell{Row: i / n, Col: i % n})
		}
	}
	return cells, found, nil
}

// allows says whether digit d is not given in the row, column or box of
// cell i.
func (p *Puzzle) allows(i, d int) bool {
	n, b := p.Size(), p.Box
	r, c := i/n, i%n
	br, bc := r/b*b, c/b*b
	for k := range n {
		if int(p.Cells[r*n+k]) == d || int(p.Cells[k*n+c]) == d || int(p.Cells[(br+k/b)*n+bc+k%b]) == d {
			return false
		}
	}
	return true
}
