package sudoku

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"
)

// blank returns the logic of an empty 9×9 grid: every candidate everywhere.
func blankLogic(t *testing.T) *logic {
	t.Helper()
	p, err := New(3)
	if err != nil {
		t.Fatal(err)
	}
	return newLogic(p)
}

// cellIndex parses "r3c5" into a 9×9 row-major index.
func cellAt9(t *testing.T, s string) int {
	t.Helper()
	var r, c int
	if _, err := fmt.Sscanf(s, "r%dc%d", &r, &c); err != nil {
		t.Fatalf("bad cell %q", s)
	}
	return (r-1)*9 + c - 1
}

// set gives the cells exactly the digits ds as candidates.
func setCands(t *testing.T, l *logic, ds []int, cells ...string) {
	t.Helper()
	var m uint64
	for _, d := range ds {
		m |= 1 << (d - 1)
	}
	for _, s := range cells {
		l.cand[cellAt9(t, s)] = m
	}
	l.indexed = false
}

// drop removes digit d from every cell of unit u except the cells keep.
func dropDigit(t *testing.T, l *logic, d int, u int, keep ...string) {
	t.Helper()
	var ks []int
	for _, s := range keep {
		ks = append(ks, cellAt9(t, s))
	}
	for _, c := range l.g.units[u] {
		if !slices.Contains(ks, int(c)) {
			l.cand[c] &^= 1 << (d - 1)
		}
	}
	l.indexed = false
}

// Unit numbers of the 9×9 geometry.
func unitRow(i int) int { return i - 1 }
func unitCol(i int) int { return 9 + i - 1 }
func unitBox(i int) int { return 18 + i - 1 }

// cands writes candidates as "r1c8=2 r1c9=2" for comparison.
func candsText(cs []Candidate) string {
	var parts []string
	for _, c := range cs {
		parts = append(parts, c.String())
	}
	return strings.Join(parts, " ")
}

// expand writes the same digits removed from the cells, in the order
// takeElims produces (cell, then digit).
func expandElims(t *testing.T, ds []int, cells ...string) string {
	t.Helper()
	idx := make([]int, len(cells))
	for i, s := range cells {
		idx[i] = cellAt9(t, s)
	}
	slices.Sort(idx)
	var out []Candidate
	for _, c := range idx {
		for _, d := range ds {
			out = append(out, Candidate{c / 9, c % 9, d})
		}
	}
	return candsText(out)
}

func TestTechniquePositions(t *testing.T) {
	tests := []struct {
		name  string
		tech  Technique
		setup func(t *testing.T, l *logic)
		place string // placements, as cands writes them
		elim  func(t *testing.T) string
		text  string // expected sentence, if not empty
	}{
		{
			name: "naked single", tech: NakedSingle,
			setup: func(t *testing.T, l *logic) { setCands(t, l, []int{7}, "r5c5") },
			place: "r5c5=7",
			text:  "Naked single: r5c5 can only be 7",
		},
		{
			name: "hidden single", tech: HiddenSingle,
			setup: func(t *testing.T, l *logic) { dropDigit(t, l, 7, unitBox(2), "r3c5") },
			place: "r3c5=7",
			text:  "Hidden single: 7 can only go in r3c5 within box 2",
		},
		{
			name: "pointing", tech: Pointing,
			setup: func(t *testing.T, l *logic) {
				dropDigit(t, l, 3, unitBox(4), "r5c1", "r5c2", "r5c3")
				for _, c := range []string{"r5c4", "r5c5", "r5c6", "r5c8"} {
					l.cand[cellAt9(t, c)] &^= 1 << 2
				}
			},
			elim: func(t *testing.T) string { return expandElims(t, []int{3}, "r5c7", "r5c9") },
			text: "Pointing: in box 4, 3 lies only in row 5, so 3 is removed from r5c7, r5c9",
		},
		{
			name: "claiming", tech: Claiming,
			setup: func(t *testing.T, l *logic) { dropDigit(t, l, 3, unitRow(5), "r5c1", "r5c2", "r5c3") },
			elim: func(t *testing.T) string {
				return expandElims(t, []int{3}, "r4c1", "r4c2", "r4c3", "r6c1", "r6c2", "r6c3")
			},
			text: "Claiming: in row 5, 3 lies only in box 4, so 3 is removed from r4c1, r4c2, r4c3, r6c1, r6c2, r6c3",
		},
		{
			name: "naked pair", tech: NakedPair,
			setup: func(t *testing.T, l *logic) { setCands(t, l, []int{3, 8}, "r1c2", "r1c7") },
			elim: func(t *testing.T) string {
				return expandElims(t, []int{3, 8}, "r1c1", "r1c3", "r1c4", "r1c5", "r1c6", "r1c8", "r1c9")
			},
			text: "Naked pair: r1c2, r1c7 hold only 3 and 8 within row 1, so 3 and 8 are removed from r1c1, r1c3, r1c4, r1c5, r1c6, r1c8, r1c9",
		},
		{
			name: "locked naked pair", tech: NakedPair,
			setup: func(t *testing.T, l *logic) { setCands(t, l, []int{3, 8}, "r1c1", "r1c2") },
			elim: func(t *testing.T) string {
				return expandElims(t, []int{3, 8}, "r1c3", "r1c4", "r1c5", "r1c6", "r1c7", "r1c8", "r1c9",
					"r2c1", "r2c2", "r2c3", "r3c1", "r3c2", "r3c3")
			},
		},
		{
			name: "naked triple", tech: NakedTriple,
			setup: func(t *testing.T, l *logic) {
				setCands(t, l, []int{1, 2}, "r4c1")
				setCands(t, l, []int{2, 3}, "r4c5")
				setCands(t, l, []int{1, 3}, "r4c9")
			},
			elim: func(t *testing.T) string {
				return expandElims(t, []int{1, 2, 3}, "r4c2", "r4c3", "r4c4", "r4c6", "r4c7", "r4c8")
			},
		},
		{
			name: "naked quad", tech: NakedQuad,
			setup: func(t *testing.T, l *logic) {
				setCands(t, l, []int{1, 2}, "r7c1")
				setCands(t, l, []int{2, 3}, "r7c3")
				setCands(t, l, []int{3, 4}, "r7c5")
				setCands(t, l, []int{1, 4}, "r7c8")
			},
			elim: func(t *testing.T) string {
				return expandElims(t, []int{1, 2, 3, 4}, "r7c2", "r7c4", "r7c6", "r7c7", "r7c9")
			},
		},
		{
			name: "hidden pair", tech: HiddenPair,
			setup: func(t *testing.T, l *logic) {
				dropDigit(t, l, 5, unitCol(4), "r2c4", "r8c4")
				dropDigit(t, l, 6, unitCol(4), "r2c4", "r8c4")
			},
			elim: func(t *testing.T) string { return expandElims(t, []int{1, 2, 3, 4, 7, 8, 9}, "r2c4", "r8c4") },
			text: "Hidden pair: in column 4, 5 and 6 can only go in r2c4, r8c4, so 1, 2, 3, 4, 7, 8 and 9 are removed from r2c4, r8c4",
		},
		{
			name: "hidden triple", tech: HiddenTriple,
			setup: func(t *testing.T, l *logic) {
				for d := 1; d <= 3; d++ {
					dropDigit(t, l, d, unitRow(6), "r6c2", "r6c5", "r6c8")
				}
			},
			elim: func(t *testing.T) string { return expandElims(t, []int{4, 5, 6, 7, 8, 9}, "r6c2", "r6c5", "r6c8") },
		},
		{
			name: "hidden quad", tech: HiddenQuad,
			setup: func(t *testing.T, l *logic) {
				for d := 1; d <= 4; d++ {
					dropDigit(t, l, d, unitRow(9), "r9c1", "r9c3", "r9c6", "r9c9")
				}
			},
			elim: func(t *testing.T) string {
				return expandElims(t, []int{5, 6, 7, 8, 9}, "r9c1", "r9c3", "r9c6", "r9c9")
			},
		},
		{
			name: "x-wing", tech: XWing,
			setup: func(t *testing.T, l *logic) {
				dropDigit(t, l, 5, unitRow(2), "r2c3", "r2c8")
				dropDigit(t, l, 5, unitRow(7), "r7c3", "r7c8")
			},
			elim: func(t *testing.T) string {
				var cs []string
				for _, r := range []int{1, 3, 4, 5, 6, 8, 9} {
					cs = append(cs, fmt.Sprintf("r%dc3", r), fmt.Sprintf("r%dc8", r))
				}
				return expandElims(t, []int{5}, cs...)
			},
		},
		{
			name: "swordfish", tech: Swordfish,
			setup: func(t *testing.T, l *logic) {
				dropDigit(t, l, 4, unitRow(1), "r1c2", "r1c5")
				dropDigit(t, l, 4, unitRow(5), "r5c5", "r5c8")
				dropDigit(t, l, 4, unitRow(9), "r9c2", "r9c8")
			},
			elim: func(t *testing.T) string {
				var cs []string
				for _, r := range []int{2, 3, 4, 6, 7, 8} {
					for _, c := range []int{2, 5, 8} {
						cs = append(cs, fmt.Sprintf("r%dc%d", r, c))
					}
				}
				return expandElims(t, []int{4}, cs...)
			},
		},
		{
			name: "jellyfish", tech: Jellyfish,
			setup: func(t *testing.T, l *logic) {
				dropDigit(t, l, 6, unitRow(1), "r1c1", "r1c4")
				dropDigit(t, l, 6, unitRow(3), "r3c4", "r3c7")
				dropDigit(t, l, 6, unitRow(6), "r6c7", "r6c9")
				dropDigit(t, l, 6, unitRow(8), "r8c1", "r8c9")
			},
			elim: func(t *testing.T) string {
				var cs []string
				for _, r := range []int{2, 4, 5, 7, 9} {
					for _, c := range []int{1, 4, 7, 9} {
						cs = append(cs, fmt.Sprintf("r%dc%d", r, c))
					}
				}
				return expandElims(t, []int{6}, cs...)
			},
		},
		{
			name: "xy-wing", tech: XYWing,
			setup: func(t *testing.T, l *logic) {
				setCands(t, l, []int{1, 2}, "r1c1")
				setCands(t, l, []int{1, 3}, "r1c5")
				setCands(t, l, []int{2, 3}, "r5c1")
			},
			elim: func(t *testing.T) string { return expandElims(t, []int{3}, "r5c5") },
			text: "XY-wing: pivot r1c1 {1,2} with pincers r1c5 {1,3} and r5c1 {2,3}: one pincer is 3, so 3 is removed from r5c5",
		},
		{
			name: "xyz-wing", tech: XYZWing,
			setup: func(t *testing.T, l *logic) {
				setCands(t, l, []int{1, 2, 3}, "r2c2")
				setCands(t, l, []int{1, 3}, "r2c7")
				setCands(t, l, []int{2, 3}, "r1c1")
			},
			elim: func(t *testing.T) string { return expandElims(t, []int{3}, "r2c1", "r2c3") },
		},
		{
			name: "w-wing", tech: WWing,
			setup: func(t *testing.T, l *logic) {
				setCands(t, l, []int{4, 7}, "r1c1", "r5c9")
				dropDigit(t, l, 4, unitRow(3), "r3c1", "r3c9")
			},
			elim: func(t *testing.T) string { return expandElims(t, []int{7}, "r1c9", "r5c1") },
		},
		{
			name: "simple colouring trap", tech: SimpleColouring,
			setup: func(t *testing.T, l *logic) {
				dropDigit(t, l, 9, unitRow(1), "r1c1", "r1c5")
				dropDigit(t, l, 9, unitCol(5), "r1c5", "r6c5")
				dropDigit(t, l, 9, unitBox(5), "r6c5", "r4c6")
			},
			elim: func(t *testing.T) string { return expandElims(t, []int{9}, "r4c1") },
		},
		{
			name: "simple colouring wrap", tech: SimpleColouring,
			setup: func(t *testing.T, l *logic) {
				dropDigit(t, l, 9, unitRow(1), "r1c1", "r1c5")
				dropDigit(t, l, 9, unitCol(5), "r1c5", "r5c5")
				dropDigit(t, l, 9, unitRow(5), "r5c5", "r5c2")
				dropDigit(t, l, 9, unitCol(2), "r5c2", "r2c2")
			},
			elim: func(t *testing.T) string { return expandElims(t, []int{9}, "r1c1", "r2c2", "r5c5") },
		},
		{
			name: "x-chain", tech: XChain,
			setup: func(t *testing.T, l *logic) {
				dropDigit(t, l, 2, unitCol(1), "r1c1", "r8c1")
				dropDigit(t, l, 2, unitCol(7), "r8c7", "r2c7")
			},
			elim: func(t *testing.T) string { return expandElims(t, []int{2}, "r1c8", "r1c9", "r2c2", "r2c3") },
			text: "X-chain on 2: r1c1 = r8c1 - r8c7 = r2c7 (= strong link, - weak link): one end is 2, so 2 is removed from r1c8, r1c9, r2c2, r2c3",
		},
		{
			name: "xy-chain", tech: XYChain,
			setup: func(t *testing.T, l *logic) {
				setCands(t, l, []int{1, 2}, "r1c1")
				setCands(t, l, []int{2, 3}, "r1c5")
				setCands(t, l, []int{3, 4}, "r6c5")
				setCands(t, l, []int{1, 4}, "r6c9")
			},
			elim: func(t *testing.T) string { return expandElims(t, []int{1}, "r1c9", "r6c1") },
			text: "XY-chain: r1c1(1=2) - r1c5(2=3) - r6c5(3=4) - r6c9(4=1): if r1c1 is not 1, r6c9 is, so 1 is removed from r1c9, r6c1",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			l := blankLogic(t)
			if _, ok := l.find(tt.tech); ok {
				t.Fatalf("%v applies to the empty grid", tt.tech)
			}
			tt.setup(t, l)
			s, ok := l.find(tt.tech)
			if !ok {
				t.Fatalf("%v not found", tt.tech)
			}
			if s.Technique != tt.tech {
				t.Errorf("technique %v, want %v", s.Technique, tt.tech)
			}
			if got := candsText(s.Placements); got != tt.place {
				t.Errorf("placements %q, want %q", got, tt.place)
			}
			want := ""
			if tt.elim != nil {
				want = tt.elim(t)
			}
			if got := candsText(s.Eliminations); got != want {
				t.Errorf("eliminations\n got %q\nwant %q", got, want)
			}
			if tt.text != "" && s.Text != tt.text {
				t.Errorf("text\n got %q\nwant %q", s.Text, tt.text)
			}
			// Applying the step must make the same pattern unproductive.
			l.apply(s)
			if s2, ok := l.find(tt.tech); ok && tt.tech != NakedSingle && tt.tech != HiddenSingle {
				t.Errorf("%v still applies after being applied: %s", tt.tech, s2.Text)
			}
		})
	}
}

// checkStep reports a placement or elimination that contradicts sol.
func checkStepSound(t *testing.T, n int, sol []uint8, s Step) {
	t.Helper()
	for _, p := range s.Placements {
		if int(sol[p.Row*n+p.Col]) != p.Digit {
			t.Errorf("wrong placement %v (solution %d): %s", p, sol[p.Row*n+p.Col], s.Text)
		}
	}
	for _, e := range s.Eliminations {
		if int(sol[e.Row*n+e.Col]) == e.Digit {
			t.Errorf("eliminates the solution digit %v: %s", e, s.Text)
		}
	}
	if len(s.Placements)+len(s.Eliminations) == 0 {
		t.Errorf("step without effect: %s", s.Text)
	}
}

// testPuzzles returns unique puzzles of every difficulty: generated minimal
// 9×9 puzzles plus a few well-known ones.
func soundnessPuzzles(t *testing.T, count int) []*Puzzle {
	t.Helper()
	var ps []*Puzzle
	for _, line := range knownLines {
		p, err := Parse(strings.NewReader(line))
		if err != nil {
			t.Fatal(err)
		}
		ps = append(ps, p)
	}
	for s := range count {
		g, err := Generate(context.Background(), GenerateOptions{Seed: uint64(1000 + s)})
		if err != nil {
			t.Fatal(err)
		}
		ps = append(ps, g.Puzzle)
	}
	return ps
}

var knownLines = []string{
	// Project Euler 96, grid 01: singles only.
	"003020600900305001001806400008102900700000008006708200002609500800203009005010300",
	// Arto Inkala's "world's hardest" (2012): stuck early.
	"8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..",
	// The first of Peter Norvig's top95 list.
	"4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
}

// TestSoundness runs Explain on many puzzles and, at every step, asks every
// technique for its move: none may place a wrong digit or remove the
// solution's digit. Solve gives the solution.
func TestSoundness(t *testing.T) {
	count := 120
	if testing.Short() {
		count = 30
	}
	ps := soundnessPuzzles(t, count)
	used := map[Technique]int{}
	for _, p := range ps {
		res, err := Solve(context.Background(), p, Options{})
		if err != nil || len(res.Solutions) != 1 {
			t.Fatalf("%s: %v %v", p, res.Status, err)
		}
		sol := res.Solutions[0]
		l := newLogic(p)
		l.unique = true // checked above: the uniqueness techniques apply
		for l.left > 0 {
			for tech := NakedSingle; tech < Guess; tech++ {
				if s, ok := l.find(tech); ok {
					if s.Technique != tech {
						t.Fatalf("find(%v) returned %v", tech, s.Technique)
					}
					checkStepSound(t, 9, sol, s)
					used[tech]++
				}
			}
			s, ok := l.next()
			if !ok {
				break
			}
			l.apply(s)
			if err := l.contradiction(); err != nil {
				t.Fatalf("%s: contradiction after %s: %v", p, s.Text, err)
			}
		}
		if l.left == 0 && !slices.Equal(l.grid, sol) {
			t.Errorf("%s: logic filled the grid wrongly", p)
		}
	}
	for tech := NakedSingle; tech < Guess; tech++ {
		if used[tech] == 0 && !testing.Short() {
			t.Errorf("%v never applied to the test puzzles", tech)
		}
	}
	t.Logf("technique uses: %v", used)
}

// TestSoundnessLarge checks every step of Explain on 16×16 puzzles.
func TestSoundnessLarge(t *testing.T) {
	for _, d := range []Difficulty{Hard, Expert} {
		g, err := Generate(context.Background(), GenerateOptions{Box: 4, Difficulty: d, Seed: 7})
		if err != nil {
			t.Fatal(err)
		}
		ex, err := Explain(context.Background(), g.Puzzle)
		if err != nil {
			t.Fatal(err)
		}
		if !ex.Solved || !slices.Equal(ex.Grid, g.Solution) {
			t.Errorf("%v 16×16 puzzle not solved by logic", d)
		}
		for _, s := range ex.Steps {
			checkStepSound(t, 16, g.Solution, s)
		}
	}
}

func TestTechniqueTable(t *testing.T) {
	prev := Technique(0)
	for tech := NakedSingle; tech <= Guess; tech++ {
		if prev != 0 {
			if tech.Score() <= prev.Score() {
				t.Errorf("%v scores %v, not above %v's %v", tech, tech.Score(), prev, prev.Score())
			}
			if tech.Difficulty() < prev.Difficulty() {
				t.Errorf("%v is easier than %v", tech, prev)
			}
		}
		prev = tech
		b, err := json.Marshal(tech)
		if err != nil {
			t.Fatal(err)
		}
		var back Technique
		if err := json.Unmarshal(b, &back); err != nil || back != tech {
			t.Errorf("%v: JSON %s decodes to %v, %v", tech, b, back, err)
		}
		if tech < Guess && finders[tech] == nil {
			t.Errorf("%v has no finder", tech)
		}
	}
	if _, err := ParseTechnique("sashimi"); err == nil {
		t.Error("ParseTechnique accepted an unknown name")
	}
	if Technique(0).Difficulty() != 0 || Technique(200).String() != "technique(200)" {
		t.Error("invalid techniques are not reported as such")
	}
}

func TestUnitText(t *testing.T) {
	for _, u := range []Unit{{RowUnit, 0}, {ColumnUnit, 8}, {BoxUnit, 3}} {
		b, err := u.MarshalText()
		if err != nil {
			t.Fatal(err)
		}
		var back Unit
		if err := back.UnmarshalText(b); err != nil || back != u {
			t.Errorf("%v: %q decodes to %v, %v", u, b, back, err)
		}
	}
	for _, bad := range []string{"", "row", "row 0", "band 2", "box x"} {
		var u Unit
		if err := u.UnmarshalText([]byte(bad)); err == nil {
			t.Errorf("UnmarshalText(%q) accepted", bad)
		}
	}
	if got := (Candidate{Row: 2, Col: 4, Digit: 12}).String(); got != "r3c5=C" {
		t.Errorf("Candidate.String = %q, want r3c5=C", got)
	}
}
