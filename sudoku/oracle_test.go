package sudoku

import (
	"math/bits"
	"slices"
	"testing"
)

// An independent oracle for techniques tried on a candidate state (pencil
// marks set by hand rather than a puzzle): a complete search of the grids
// that agree with the marks. An elimination is sound when no such grid
// holds the eliminated candidate.

// completable reports whether some complete grid agrees with the marks
// cand (one mask per cell, a single bit for a filled cell): a depth-first
// search that fills naked and hidden singles, then tries each candidate of
// the cell with the fewest. It counts its nodes in *nodes and gives up
// (reporting true, so that the caller fails safe) past limit.
func completable(g *geometry, cand []uint64, nodes *int, limit int) bool {
	*nodes++
	if *nodes > limit {
		return true
	}
	cand = slices.Clone(cand)
	n := g.n
	for changed := true; changed; {
		changed = false
		for c, m := range cand {
			if m == 0 {
				return false
			}
			if m&(m-1) != 0 {
				continue
			}
			for _, q := range g.peers[c] {
				if cand[q]&m != 0 {
					cand[q] &^= m
					changed = true
					if cand[q] == 0 {
						return false
					}
				}
			}
		}
		for _, unit := range g.units {
			for d := range n {
				bit := uint64(1) << d
				place, count := -1, 0
				for _, c := range unit {
					if cand[c]&bit != 0 {
						place, count = int(c), count+1
					}
				}
				switch {
				case count == 0:
					return false
				case count == 1 && cand[place] != bit:
					cand[place] = bit
					changed = true
				}
			}
		}
	}
	best, fewest := -1, n+1
	for c, m := range cand {
		if k := bits.OnesCount64(m); k > 1 && k < fewest {
			best, fewest = c, k
		}
	}
	if best < 0 {
		return true // every cell single, none seen twice in a unit
	}
	for m := cand[best]; m != 0; m &= m - 1 {
		next := slices.Clone(cand)
		next[best] = m & -m
		if completable(g, next, nodes, limit) {
			return true
		}
	}
	return false
}

// marks returns the candidate state of l as completable takes it.
func marks(l *logic) []uint64 {
	out := slices.Clone(l.cand)
	for c, v := range l.grid {
		if v != 0 {
			out[c] = 1 << (v - 1)
		}
	}
	return out
}

// checkEliminationsByOracle fails the test when the marks of l admit no
// grid at all (the case would prove nothing) or admit one that holds a
// candidate that s removes.
func checkEliminationsByOracle(t *testing.T, l *logic, s Step) {
	t.Helper()
	const limit = 200000
	base := marks(l)
	nodes := 0
	if !completable(l.g, base, &nodes, limit) {
		t.Fatalf("the candidate state has no solution: the case proves nothing")
	}
	for _, e := range s.Eliminations {
		test := slices.Clone(base)
		c := e.Row*l.n + e.Col
		test[c] = 1 << (e.Digit - 1)
		nodes = 0
		ok := completable(l.g, test, &nodes, limit)
		if nodes > limit {
			t.Fatalf("the oracle gave up on %v after %d nodes", e, nodes)
		}
		if ok {
			t.Errorf("%v is removed, but a solution of the marks holds it: %s", e, s.Text)
		}
	}
}

func TestOracle(t *testing.T) {
	// On an X-wing, the oracle agrees with the fish; a cell of the X-wing
	// itself keeps its digit.
	l := blankLogic(t)
	dropDigit(t, l, 5, unitRow(2), "r2c3", "r2c8")
	dropDigit(t, l, 5, unitRow(7), "r7c3", "r7c8")
	base := marks(l)
	for _, tt := range []struct {
		cell string
		want bool
	}{{"r1c3", false}, {"r9c8", false}, {"r2c3", true}, {"r1c1", true}} {
		test := slices.Clone(base)
		test[cellAt9(t, tt.cell)] = 1 << 4
		nodes := 0
		if got := completable(l.g, test, &nodes, 100000); got != tt.want {
			t.Errorf("5 at %s: completable %v, want %v", tt.cell, got, tt.want)
		}
	}
}

// patternCase is a technique tried on a hand-made candidate state of the
// empty 9×9 grid.
type patternCase struct {
	name  string
	tech  Technique
	setup func(t *testing.T, l *logic)
	elim  func(t *testing.T) string // "" when the technique must not apply
	text  string                    // the expected sentence, if not empty
	more  bool                      // the state holds a second application
}

// runPatternCases checks each case's eliminations against the expected ones
// and against the oracle, and that the pattern is spent once applied.
func runPatternCases(t *testing.T, cases []patternCase) {
	for _, tt := range cases {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			l := blankLogic(t)
			if _, ok := l.find(tt.tech); ok {
				t.Fatalf("%v applies to the empty grid", tt.tech)
			}
			tt.setup(t, l)
			s, ok := l.find(tt.tech)
			want := ""
			if tt.elim != nil {
				want = tt.elim(t)
			}
			if want == "" {
				if ok {
					t.Fatalf("%v applies: %s", tt.tech, s.Text)
				}
				return
			}
			if !ok {
				t.Fatalf("%v not found", tt.tech)
			}
			if s.Technique != tt.tech || len(s.Placements) != 0 {
				t.Errorf("technique %v with placements %v, want %v", s.Technique, s.Placements, tt.tech)
			}
			if got := candsText(s.Eliminations); got != want {
				t.Errorf("eliminations\n got %q\nwant %q", got, want)
			}
			if tt.text != "" && s.Text != tt.text {
				t.Errorf("text\n got %q\nwant %q", s.Text, tt.text)
			}
			checkEliminationsByOracle(t, l, s)
			l.apply(s)
			if s2, ok := l.find(tt.tech); ok && !tt.more {
				t.Errorf("%v still applies after being applied: %s", tt.tech, s2.Text)
			}
		})
	}
}
