package nonogram

import (
	"context"
	"encoding/csv"
	"math/bits"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
)

// agreeing counts the pictures of all that agree with want on cells.
func agreeing(all []*Grid, want *Board, cells []int) int {
	n := 0
	for _, g := range all {
		b := BoardOf(g)
		if !slices.ContainsFunc(cells, func(i int) bool { return b.Cells[i] != want.Cells[i] }) {
			n++
		}
	}
	return n
}

// oracleFewestHints is the fewest cells on which only want, of every
// picture in all, agrees with want: every subset of the cells where some
// picture differs, enumerated. ok is false when they are too many to
// enumerate.
func oracleFewestHints(all []*Grid, want *Board) (fewest int, ok bool) {
	open := differingCells(all)
	if len(open) > 22 {
		return 0, false
	}
	var diffs []uint32
	for _, g := range all {
		b := BoardOf(g)
		var d uint32
		for k, i := range open {
			if b.Cells[i] != want.Cells[i] {
				d |= 1 << k
			}
		}
		if d != 0 {
			diffs = append(diffs, d)
		}
	}
	best := len(open)
	for mask := uint32(0); mask < 1<<len(open); mask++ {
		if bits.OnesCount32(mask) >= best {
			continue
		}
		if !slices.ContainsFunc(diffs, func(d uint32) bool { return d&mask == 0 }) {
			best = bits.OnesCount32(mask)
		}
	}
	return best, true
}

// checkHints checks hints for p and intended against every picture of p:
// exactly one agrees with them, each is needed, and, where the oracle can
// enumerate, they are the fewest.
func checkHints(t *testing.T, what string, all []*Grid, intended *Grid, h Hints) {
	t.Helper()
	want := BoardOf(intended)
	if n := agreeing(all, want, h.Cells); n != 1 {
		t.Fatalf("%s: %d pictures agree with hints %v", what, n, h.Cells)
	}
	for k := range h.Cells {
		if n := agreeing(all, want, slices.Delete(slices.Clone(h.Cells), k, k+1)); n < 2 {
			t.Fatalf("%s: hint %d of %v is not needed", what, h.Cells[k], h.Cells)
		}
	}
	for i, v := range h.Fixed.Cells {
		if in := slices.Contains(h.Cells, i); in != (v != Unknown) || in && v != want.Cells[i] {
			t.Fatalf("%s: Fixed cell %d is %v", what, i, v)
		}
	}
	if fewest, ok := oracleFewestHints(all, want); ok && (!h.Exact || len(h.Cells) != fewest) {
		t.Fatalf("%s: %d hints (exact %v), the fewest are %d", what, len(h.Cells), h.Exact, fewest)
	}
}

func TestUniqueHintsRocket(t *testing.T) {
	t.Parallel()
	p, err := Parse(strings.NewReader(rocket))
	if err != nil {
		t.Fatal(err)
	}
	all := bruteCount(p, 100)
	for _, intended := range all {
		h, err := UniqueHints(t.Context(), p, intended)
		if err != nil {
			t.Fatal(err)
		}
		checkHints(t, "rocket", all, intended, h)
		// Two independent 2×2 swaps (columns 3–4 and 7–8 of rows 12–13):
		// one hint each.
		if len(h.Cells) != 2 || !h.Exact {
			t.Fatalf("rocket: hints %v exact %v, want 2", h.Cells, h.Exact)
		}
	}
}

// TestUniqueHintsMatchesBruteForce compares UniqueHints with the oracle
// on small random puzzles with several pictures, black and white and in
// colour, from a random intended picture.
func TestUniqueHintsMatchesBruteForce(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(17, 3))
	checked := map[string]int{}
	for iter := range 600 {
		var p *Puzzle
		var all []*Grid
		kind := "black and white"
		if iter%3 == 2 {
			kind = "colour"
			p = randomColorPuzzle(rng, 2+rng.IntN(3), 2+rng.IntN(3), 3+rng.IntN(2), false)
			all = bruteColor(p)
		} else {
			side := 5 + iter%3%2
			p = randomPuzzle(rng, side, side, []float64{0.4, 0.5, 0.6}[iter%3], false)
			all = bruteCount(p, 1<<20)
		}
		if len(all) < 2 {
			continue
		}
		checked[kind]++
		intended := all[rng.IntN(len(all))]
		h, err := UniqueHints(t.Context(), p, intended)
		if err != nil {
			t.Fatal(err)
		}
		checkHints(t, kind, all, intended, h)
	}
	if checked["black and white"] < 50 || checked["colour"] < 20 {
		t.Errorf("too few puzzles with several pictures: %v", checked)
	}
}

// TestUniqueHintsShared takes the puzzles picross-solver's validation set
// lists as MULT, checks the number of pictures against it, and the hints
// against every picture.
func TestUniqueHintsShared(t *testing.T) {
	t.Parallel()
	dir := filepath.Join(nonogramData(t), "picross-solver")
	f, err := os.Open(filepath.Join(dir, "outputs", "validation.csv"))
	if err != nil {
		t.Skip(err)
	}
	defer f.Close()
	rd := csv.NewReader(f)
	rd.FieldsPerRecord = -1
	rows, err := rd.ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	tested := 0
	for _, row := range rows[1:] {
		if row[3] != "MULT" {
			continue
		}
		count, _ := strconv.Atoi(row[5])
		for _, p := range readAll(t, filepath.Join(dir, "inputs", row[0])) {
			if p.Name != row[1] {
				continue
			}
			what := row[0] + " " + row[1]
			res, err := Solve(t.Context(), p, Options{Limit: -1})
			if err != nil || res.Count != count {
				t.Fatalf("%s: %d pictures (%v), validation.csv says %d", what, res.Count, err, count)
			}
			ctx, cancel := context.WithTimeout(t.Context(), 20*time.Second)
			h, err := UniqueHints(ctx, p, nil)
			cancel()
			if err != nil {
				t.Fatalf("%s: %v", what, err)
			}
			intended, err := Solve(t.Context(), p, Options{Limit: 1})
			if err != nil {
				t.Fatal(err)
			}
			checkHints(t, what, res.Solutions, intended.Solutions[0], h)
			tested++
			t.Logf("%s: %d pictures, %d hints (exact %v), %d solves", what, count, len(h.Cells), h.Exact, h.Checks)
		}
	}
	if tested < 8 {
		t.Errorf("only %d puzzles with several pictures", tested)
	}
}

func TestUniqueHintsErrors(t *testing.T) {
	t.Parallel()
	p, err := Parse(strings.NewReader(rocket))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := UniqueHints(t.Context(), p, NewGrid(12, 14)); err == nil {
		t.Error("no error for a picture that does not meet the clues")
	}
	// A small puzzle may be solved before the solver looks at ctx: with
	// an expired ctx, either an error or hints that were checked.
	ctx, cancel := context.WithTimeout(t.Context(), -time.Second)
	defer cancel()
	all := bruteCount(p, 100)
	if h, err := UniqueHints(ctx, p, all[0]); err == nil {
		checkHints(t, "rocket, expired", all, all[0], h)
	}
}

// multiplePuzzles reads the puzzles of picross-solver's validation set
// that it lists with several pictures.
func multiplePuzzles(tb testing.TB) []*Puzzle {
	dir := filepath.Join(nonogramData(tb), "picross-solver")
	f, err := os.Open(filepath.Join(dir, "outputs", "validation.csv"))
	if err != nil {
		tb.Skip(err)
	}
	defer f.Close()
	rd := csv.NewReader(f)
	rd.FieldsPerRecord = -1
	rows, err := rd.ReadAll()
	if err != nil {
		tb.Fatal(err)
	}
	var out []*Puzzle
	for _, row := range rows[1:] {
		if row[3] != "MULT" {
			continue
		}
		for _, p := range readAll(tb, filepath.Join(dir, "inputs", row[0])) {
			if p.Name == row[1] {
				out = append(out, p)
			}
		}
	}
	return out
}

// BenchmarkUniqueHints finds the fewest hints for the rocket and
// picross-solver's puzzles with several pictures, and the picture edits
// of the rocket, reporting solves per puzzle.
func BenchmarkUniqueHints(b *testing.B) {
	rocketP, err := Parse(strings.NewReader(rocket))
	if err != nil {
		b.Fatal(err)
	}
	b.Run("picross-solver-mult", func(b *testing.B) {
		ps := append(multiplePuzzles(b), rocketP)
		checks := 0
		cpu0 := cpuTime()
		for b.Loop() {
			checks = 0
			for _, p := range ps {
				h, err := UniqueHints(context.Background(), p, nil)
				if err != nil || !h.Exact {
					b.Fatal(err, h.Exact)
				}
				checks += h.Checks
			}
		}
		b.ReportMetric(float64(cpuTime()-cpu0)/1e6/float64(len(ps)*b.N), "cpu-ms/puzzle")
		b.ReportMetric(float64(checks)/float64(len(ps)), "solves/puzzle")
		b.ReportMetric(float64(len(ps)*b.N)/b.Elapsed().Seconds(), "puzzles/s")
	})
	b.Run("rocket-edits", func(b *testing.B) {
		g := bruteCount(rocketP, 1)[0]
		cpu0 := cpuTime()
		for b.Loop() {
			if e, err := UniqueEdits(context.Background(), g, 5); err != nil || len(e) == 0 {
				b.Fatal(err)
			}
		}
		b.ReportMetric(float64(cpuTime()-cpu0)/1e6/float64(b.N), "cpu-ms/op")
	})
}
