package nonogram

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// flipped returns g with cells flipped.
func flipped(g *Grid, cells ...int) *Grid {
	e := &Grid{Width: g.Width, Height: g.Height, Cells: slices.Clone(g.Cells)}
	for _, i := range cells {
		e.Cells[i] = !e.Cells[i]
	}
	return e
}

// TestUniqueEditsMatchesBruteForce checks UniqueEdits on small random
// pictures with several pictures: every edit makes the puzzle unique by
// brute force, and every single-cell edit brute force finds among the
// cells it tries (undecided cells and their neighbours) is listed.
func TestUniqueEditsMatchesBruteForce(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(17, 5))
	tested, withEdits := 0, 0
	for range 300 {
		side := 4 + rng.IntN(2)
		g := NewGrid(side, side)
		for i := range g.Cells {
			g.Cells[i] = rng.IntN(2) == 0
		}
		all := bruteCount(g.Clues(), 1<<20)
		if len(all) < 2 {
			continue
		}
		tested++
		edits, err := UniqueEdits(t.Context(), g, 1000)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range edits {
			sols := bruteCount(flipped(g, e.Cells...).Clues(), 2)
			if len(sols) != 1 || len(e.Cells) < 1 || len(e.Cells) > 2 {
				t.Fatalf("%s edit %v: %d pictures", g, e.Cells, len(sols))
			}
		}
		differ := differingCells(all)
		near := func(i int) bool {
			return slices.ContainsFunc(differ, func(j int) bool {
				return abs(i/side-j/side) <= 1 && abs(i%side-j%side) <= 1
			})
		}
		var want, got []int
		for i := range g.Cells {
			if near(i) && len(bruteCount(flipped(g, i).Clues(), 2)) == 1 {
				want = append(want, i)
			}
		}
		for _, e := range edits {
			if len(e.Cells) == 1 {
				got = append(got, e.Cells[0])
			}
		}
		slices.Sort(got)
		if !slices.Equal(got, want) {
			t.Fatalf("%s: single edits %v, brute force %v", g, got, want)
		}
		for k := 1; k < len(edits); k++ {
			if edits[k].LineSolvable && !edits[k-1].LineSolvable {
				t.Fatalf("%s: a line-solvable edit after one that is not", g)
			}
		}
		if len(edits) > 0 {
			withEdits++
		}
	}
	if tested < 40 || withEdits < 10 {
		t.Errorf("%d pictures with several, %d with edits: the cases do not tell", tested, withEdits)
	}
}

func abs(x int) int { return max(x, -x) }

func TestUniqueEditsRocket(t *testing.T) {
	t.Parallel()
	p, err := Parse(strings.NewReader(rocket))
	if err != nil {
		t.Fatal(err)
	}
	g := bruteCount(p, 100)[0]
	edits, err := UniqueEdits(t.Context(), g, 5)
	if err != nil {
		t.Fatal(err)
	}
	if len(edits) == 0 {
		t.Fatal("no edit makes the rocket unique")
	}
	for _, e := range edits {
		res := bruteCount(flipped(g, e.Cells...).Clues(), 2)
		if len(res) != 1 {
			t.Errorf("edit %v: %d pictures", e.Cells, len(res))
		}
		t.Logf("flip %v: line-solvable %v", e.Cells, e.LineSolvable)
	}
	// A unique picture needs no edit; a colour picture is refused.
	if e, err := UniqueEdits(t.Context(), flipped(g, edits[0].Cells...), 5); err != nil || len(e) != 0 {
		t.Errorf("unique picture: %v %v", e, err)
	}
	c := flipped(g)
	c.Colors = make([]uint8, len(c.Cells))
	if _, err := UniqueEdits(t.Context(), c, 5); err == nil {
		t.Error("no error for a colour picture")
	}
}
