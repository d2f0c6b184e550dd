package sudoku

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestCDCLNumberingSameSearch checks that numbering the candidates first
// changes where the engine keeps its variables and nothing else: on random
// 9×9 and 16×16 puzzles, with and without segment variables, both
// numberings make the same decisions, meet the same conflicts and find the
// same solutions in the same order.
func TestCDCLNumberingSameSearch(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(21, 8))
	work := int64(0)
	for trial := range 40 {
		box, keep := 3, 0.25
		if trial%5 == 4 {
			box, keep = 4, 0.45
		}
		p := randomPuzzle(t, rng, box, keep)
		for _, segments := range []bool{false, true} {
			plain := newCDCL(t.Context(), p.Box, segments)
			plain.policy.reduceInterval = 10
			want := plain.solve(p.Cells, 4)
			numbered := newCDCLFor(t.Context(), p.Box, segments, p.Cells)
			numbered.policy.reduceInterval = 10
			checkNumbering(t, numbered, p)
			got := numbered.solve(p.Cells, 4)
			if plain.conflicts != numbered.conflicts || plain.decisions != numbered.decisions || plain.props != numbered.props {
				t.Fatalf("segments %v: cell order: %d conflicts, %d decisions, %d propagations; candidates first: %d, %d, %d\n%v",
					segments, plain.conflicts, plain.decisions, plain.props, numbered.conflicts, numbered.decisions, numbered.props, p)
			}
			if !slices.EqualFunc(want, got, slices.Equal[[]uint8]) {
				t.Fatalf("segments %v: the numberings found different solutions\n%v", segments, p)
			}
			work += plain.conflicts
		}
	}
	if work < 200 {
		t.Fatalf("%d conflicts in all: the test no longer exercises the search", work)
	}
}

// checkNumbering checks that a search numbered for p's givens numbers
// every cell-digit pair once, the pairs the givens leave open first.
func checkNumbering(t *testing.T, s *cdcl, p *Puzzle) {
	t.Helper()
	n := s.n
	// isOpen: the cell is empty and no cell of its row, column or box
	// holds the digit.
	isOpen := func(c, d int) bool {
		if p.Cells[c] != 0 {
			return false
		}
		r, col, b := c/n, c%n, p.Box
		for q := range n * n {
			qr, qc := q/n, q%n
			same := qr == r || qc == col || (qr/b == r/b && qc/b == col/b)
			if same && int(p.Cells[q]) == d {
				return false
			}
		}
		return true
	}
	open := 0
	for c := range n * n {
		for d := 1; d <= n; d++ {
			if isOpen(c, d) {
				open++
			}
		}
	}
	seen := make([]bool, s.numCell)
	for v := range int32(s.numCell) {
		pair := s.pairOfVar(v)
		if seen[pair] || s.cellVar(int(pair)) != v {
			t.Fatalf("variable %d: pair %d numbered twice or not back to %d", v, pair, v)
		}
		seen[pair] = true
		c, d := int(pair)/n, int(pair)%n+1
		if o := isOpen(c, d); o != (int(v) < open) {
			t.Fatalf("variable %d (cell %d, digit %d, open %v): %d open pairs come first", v, c, d, o, open)
		}
	}
}
