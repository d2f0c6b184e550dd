package nonogram

import (
	"math/bits"
	"math/rand/v2"
	"slices"
	"testing"
)

// recoloured returns g with cells recoloured.
func recoloured(g *Grid, cells, colors []int) *Grid {
	e := &Grid{Width: g.Width, Height: g.Height, Cells: slices.Clone(g.Cells), Colors: slices.Clone(g.Colors)}
	for x, i := range cells {
		e.Colors[i], e.Cells[i] = uint8(colors[x]), colors[x] != 0
	}
	return e
}

// bruteColorLineSolvable decides by enumeration whether line reasoning
// alone settles the colour puzzle p: each cell keeps the set of colours
// some colouring of its row, and of its column, that meets the line's clue
// and the sets so far gives it, until nothing changes. It shares no code
// with the solver.
func bruteColorLineSolvable(p *Puzzle) bool {
	w, h, k := p.Width(), p.Height(), len(p.Colors)
	colourings := func(n int, runs, colors []int) [][]uint8 {
		var out [][]uint8
		line := make([]uint8, n)
		total := 1
		for range n {
			total *= k
		}
		for code := range total {
			x := code
			for i := range line {
				line[i] = uint8(x % k)
				x /= k
			}
			r, c := colorLineClue(line)
			if slices.Equal(r, runs) && slices.Equal(c, colors) {
				out = append(out, slices.Clone(line))
			}
		}
		return out
	}
	type lineOf struct {
		cells []int
		all   [][]uint8
	}
	var lines []lineOf
	for r := range h {
		l := lineOf{all: colourings(w, p.Rows[r], p.RowColors[r])}
		for c := range w {
			l.cells = append(l.cells, r*w+c)
		}
		lines = append(lines, l)
	}
	for c := range w {
		l := lineOf{all: colourings(h, p.Cols[c], p.ColColors[c])}
		for r := range h {
			l.cells = append(l.cells, r*w+c)
		}
		lines = append(lines, l)
	}
	may := make([]uint32, w*h)
	for i := range may {
		may[i] = 1<<k - 1
	}
	for changed := true; changed; {
		changed = false
		for _, l := range lines {
			union := make([]uint32, len(l.cells))
			for _, cand := range l.all {
				fits := true
				for x, i := range l.cells {
					fits = fits && may[i]&(1<<cand[x]) != 0
				}
				if fits {
					for x := range l.cells {
						union[x] |= 1 << cand[x]
					}
				}
			}
			for x, i := range l.cells {
				if may[i]&union[x] != may[i] {
					may[i] &= union[x]
					changed = true
				}
			}
		}
	}
	for _, m := range may {
		if bits.OnesCount32(m) != 1 {
			return false
		}
	}
	return true
}

// TestUniqueColorEditsMatchesBruteForce checks UniqueColorEdits on small
// random colour pictures with several pictures, by enumeration: every
// edit recolours one or two cells to a neighbour's colour or the
// background and leaves the edited picture the only one, line-solvable
// exactly when line reasoning settles it; every single-cell edit that
// enumeration finds among the cells tried (undecided cells and their
// neighbours) is listed; line-solvable edits come first.
func TestUniqueColorEditsMatchesBruteForce(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(17, 6))
	tested, withEdits, lineSolvable := 0, 0, 0
	for range 1000 {
		if tested >= 50 {
			break
		}
		side, k := 3+rng.IntN(2), 3
		g := NewGrid(side, side)
		g.Colors = make([]uint8, side*side)
		for i := range g.Colors {
			if rng.IntN(3) > 0 {
				g.Colors[i] = uint8(1 + rng.IntN(k-1))
				g.Cells[i] = true
			}
		}
		palette := testPalette[:k]
		all := bruteColor(g.ColorClues(palette))
		if len(all) < 2 {
			continue
		}
		tested++
		edits, err := UniqueColorEdits(t.Context(), g, palette, 1000)
		if err != nil {
			t.Fatal(err)
		}
		allowed := func(i, to int) bool {
			if to == int(g.Colors[i]) {
				return false
			}
			if to == 0 {
				return true
			}
			for j := range g.Colors {
				if j != i && abs(i/side-j/side) <= 1 && abs(i%side-j%side) <= 1 && int(g.Colors[j]) == to {
					return true
				}
			}
			return false
		}
		for _, e := range edits {
			if len(e.Cells) < 1 || len(e.Cells) > 2 || len(e.Colors) != len(e.Cells) {
				t.Fatalf("%s: edit %v %v", g.ColorRows(palette), e.Cells, e.Colors)
			}
			for x, i := range e.Cells {
				if !allowed(i, e.Colors[x]) {
					t.Fatalf("%s: edit recolours r%dc%d to %d, neither a neighbour's colour nor the background", g.ColorRows(palette), i/side+1, i%side+1, e.Colors[x])
				}
			}
			edited := recoloured(g, e.Cells, e.Colors)
			q := edited.ColorClues(palette)
			sols := bruteColor(q)
			if len(sols) != 1 || !slices.Equal(sols[0].Colors, edited.Colors) {
				t.Fatalf("%s: edit %v %v leaves %d pictures", g.ColorRows(palette), e.Cells, e.Colors, len(sols))
			}
			if want := bruteColorLineSolvable(q); e.LineSolvable != want {
				t.Fatalf("%s: edit %v %v: line-solvable %v, enumeration says %v", g.ColorRows(palette), e.Cells, e.Colors, e.LineSolvable, want)
			}
			if e.LineSolvable {
				lineSolvable++
			}
		}
		differ := differingCells(all)
		near := func(i int) bool {
			return slices.ContainsFunc(differ, func(j int) bool {
				return abs(i/side-j/side) <= 1 && abs(i%side-j%side) <= 1
			})
		}
		type single struct{ cell, color int }
		var want, got []single
		for i := range g.Colors {
			for to := range k {
				if near(i) && allowed(i, to) && len(bruteColor(recoloured(g, []int{i}, []int{to}).ColorClues(palette))) == 1 {
					want = append(want, single{i, to})
				}
			}
		}
		for _, e := range edits {
			if len(e.Cells) == 1 {
				got = append(got, single{e.Cells[0], e.Colors[0]})
			}
		}
		slices.SortFunc(got, func(a, b single) int { return (a.cell*k + a.color) - (b.cell*k + b.color) })
		if !slices.Equal(got, want) {
			t.Fatalf("%s: single edits %v, enumeration %v", g.ColorRows(palette), got, want)
		}
		for x := 1; x < len(edits); x++ {
			if edits[x].LineSolvable && !edits[x-1].LineSolvable {
				t.Fatalf("%s: a line-solvable edit after one that is not", g.ColorRows(palette))
			}
		}
		if len(edits) > 0 {
			withEdits++
		}
	}
	if tested < 30 || withEdits < 10 || lineSolvable == 0 {
		t.Errorf("%d pictures with several, %d with edits, %d line-solvable edits: the cases do not tell", tested, withEdits, lineSolvable)
	}
	t.Logf("%d colour pictures with several, %d with edits, %d line-solvable edits", tested, withEdits, lineSolvable)
}
