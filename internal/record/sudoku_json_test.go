package record

import (
	"bytes"
	"context"
	"encoding/json"
	"math"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/puzzlesolvers/puzzle/status"
	"github.com/puzzlesolvers/puzzle/sudoku"
)

// encodingJSON is the record as the JSON Lines writer encodes it, without
// the newline.
func encodingJSON(t *testing.T, v any) []byte {
	t.Helper()
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		t.Fatal(err)
	}
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n"))
}

// TestSudokuSolveAppendJSON checks that AppendJSON writes the very bytes
// of encoding/json, or declines and leaves b as it was, on random records
// that try every field's empty and unusual values.
func TestSudokuSolveAppendJSON(t *testing.T) {
	rng := rand.New(rand.NewPCG(15, 1))
	plain := []string{"", "", "a.txt", "<stdin>", "dir/x y&z.txt", "no answer within 1s"}
	odd := []string{`q"uote`, `back\slash`, "tab\t", "é", "\u2028"}
	floats := []float64{0, 0.004762, 1, 12.5, 1e-7, 3.5e-9, 1e21, 1.5e300, 123456789.125, math.NaN(), math.Inf(1)}
	pick := func(s []string) string { return s[rng.IntN(len(s))] }
	str := func() string {
		if rng.IntN(40) == 0 {
			return pick(odd)
		}
		return pick(plain)
	}
	appended, declined := 0, 0
	for range 20000 {
		r := &SudokuSolve{Head: Head{File: str(), Line: rng.IntN(3) * rng.IntN(100000), Name: str(),
			Status: status.Status(rng.IntN(int(status.Timeout) + 3)), Error: str(), Reason: str()}}
		r.Rows, r.Cols, r.Box = rng.IntN(2)*9, rng.IntN(2)*9, rng.IntN(2)*3
		switch rng.IntN(5) {
		case 4: // a 9×9 grid, mostly of values 0..9
			r.Solution = make([][]int, 9)
			for i := range r.Solution {
				r.Solution[i] = make([]int, 9)
				for j := range r.Solution[i] {
					r.Solution[i][j] = rng.IntN(10)
					if rng.IntN(500) == 0 {
						r.Solution[i][j] = 10 + rng.IntN(3)
					}
				}
			}
			if rng.IntN(20) == 0 {
				r.Solution[rng.IntN(9)] = r.Solution[0][:rng.IntN(9)]
			}
		case 0:
		case 1:
			r.Solution = [][]int{}
		default:
			r.Solution = make([][]int, rng.IntN(10))
			for i := range r.Solution {
				if rng.IntN(20) > 0 {
					r.Solution[i] = make([]int, rng.IntN(10))
					for j := range r.Solution[i] {
						r.Solution[i][j] = rng.IntN(70) - 3
					}
				}
			}
		}
		if rng.IntN(8) == 0 {
			r.Solutions = [][][]int{{{1}}}
		}
		if rng.IntN(8) == 0 {
			r.Steps = []sudoku.Step{{}}
		}
		r.Count = rng.IntN(4)
		r.LimitReached, r.Stuck = rng.IntN(2) == 0, rng.IntN(2) == 0
		if rng.IntN(4) > 0 {
			r.Stats = &SudokuStats{TimeMS: floats[rng.IntN(len(floats))] * float64(1-2*rng.IntN(2)),
				Nodes: rng.Int64N(1 << 40), Conflicts: int64(rng.IntN(3)), Solver: pick([]string{"", "9x9", "dfs+cdcl", "é"})}
		}
		var full *SudokuSolve // r as encoding/json sees it, when r keeps a flat grid
		if rng.IntN(3) == 0 && len(r.Solution) > 0 {
			flat := make([]uint8, 0, 81)
			for _, row := range r.Solution {
				for _, v := range row {
					flat = append(flat, uint8(v))
				}
			}
			if len(flat) == len(r.Solution)*len(r.Solution) && slices.Max(flat) <= 12 {
				c := *r
				full = &c
				full.Rows = len(r.Solution)
				full.Solution = SudokuRows(flat, full.Rows)
				r.Rows, r.Solution, r.grid = full.Rows, nil, flat
			}
		}
		prefix := []byte("prefix")
		got, ok := r.AppendJSON(prefix)
		if full != nil {
			// Declined, the record must be whole for encoding/json.
			if !ok && (r.grid != nil || !slices.EqualFunc(r.Solution, full.Solution, slices.Equal)) {
				t.Fatalf("declined and left the solution %v (grid %v), want %v", r.Solution, r.grid, full.Solution)
			}
			r = full
		}
		if !ok {
			declined++
			if string(got) != "prefix" {
				t.Fatalf("declined, yet changed b to %q", got)
			}
			continue
		}
		appended++
		want := encodingJSON(t, r)
		if !bytes.Equal(got[len(prefix):], want) {
			t.Fatalf("AppendJSON:\n%s\nencoding/json:\n%s", got[len(prefix):], want)
		}
	}
	if appended < 1000 || declined < 1000 {
		t.Fatalf("too few of a kind: %d appended, %d declined", appended, declined)
	}
}

// TestSudokuSolveAppendJSONReal checks AppendJSON on the records of real
// solves: unique, multiple, none, invalid and solved.
func TestSudokuSolveAppendJSONReal(t *testing.T) {
	for _, tc := range []struct {
		puzzle string
		opt    SudokuOptions
	}{
		{sudokuClassic, SudokuOptions{}},
		{"1...............", SudokuOptions{}},
		{"123....4........", SudokuOptions{}},
		{"11..............", SudokuOptions{}},
		{sudokuClassic, SudokuOptions{Limit: 1}},
	} {
		r := NewSudokuSolve(context.Background(), "f.txt", parseUnchecked(t, tc.puzzle), tc.opt)
		want := encodingJSON(t, r)
		got, ok := r.AppendJSON(nil)
		if ok && !bytes.Equal(got, want) {
			t.Fatalf("%s: AppendJSON:\n%s\nencoding/json:\n%s", tc.puzzle, got, want)
		}
		if !ok && r.Status != status.Invalid {
			t.Errorf("%s: declined the record of status %v", tc.puzzle, r.Status)
		}
		// A Lean record writes the same bytes, and is whole after Complete.
		lean := tc.opt
		lean.Lean = true
		stats := r.Stats
		r = NewSudokuSolve(context.Background(), "f.txt", parseUnchecked(t, tc.puzzle), lean)
		r.Stats = stats // the time differs from solve to solve
		if got, ok := r.AppendJSON(nil); ok && !bytes.Equal(got, want) {
			t.Fatalf("%s: Lean AppendJSON:\n%s\nencoding/json:\n%s", tc.puzzle, got, want)
		}
		r.Complete()
		if got := encodingJSON(t, r); !bytes.Equal(got, want) {
			t.Fatalf("%s: Lean record, completed:\n%s\nwant:\n%s", tc.puzzle, got, want)
		}
	}
}

// TestAppendMillis checks the integer path of the times against
// encoding/json on times of every magnitude, from 1 ns to 11 days, and
// that it declines floats that are not a whole number of nanoseconds.
func TestAppendMillis(t *testing.T) {
	rng := rand.New(rand.NewPCG(15, 2))
	written := 0
	for i := range 200000 {
		ns := int64(math.Pow(10, rng.Float64()*15.2))
		switch i % 4 {
		case 1:
			ns = ns / 1000 * 1000 // whole microseconds, trailing zeros
		case 2:
			ns = int64(rng.IntN(3)) * int64(math.Pow(10, float64(rng.IntN(16))))
		}
		ms := Millis(time.Duration(ns))
		if i%4 == 3 {
			ms = rng.Float64() * math.Pow(10, float64(rng.IntN(20)-6)) // mostly not a time
		}
		want, err := json.Marshal(ms)
		if err != nil {
			t.Fatal(err)
		}
		got, ok := appendMillis([]byte("x"), ms)
		if !ok {
			if i%4 != 3 && ns >= 1 && ns < 1e15 {
				t.Fatalf("%d ns (%v ms) declined", ns, ms)
			}
			continue
		}
		written++
		if string(got[1:]) != string(want) {
			t.Fatalf("%d ns: appendMillis wrote %s, encoding/json %s", ns, got[1:], want)
		}
	}
	if written < 100000 {
		t.Fatalf("only %d written", written)
	}
}

// TestSudokuRecords checks that the records of SudokuRecords, one reused
// from puzzle to puzzle, are those of NewSudokuSolve, Lean or not, written
// by AppendJSON and by encoding/json (the times set equal).
func TestSudokuRecords(t *testing.T) {
	puzzles := []string{sudokuClassic, "1...............", "123....4........", "11..............",
		sudokuClassic, "9" + sudokuClassic[1:], // no solution or invalid: the 9 clashes or not
		"................................................................................."}
	var recs SudokuRecords
	for _, lean := range []bool{false, true} {
		for _, limit := range []int{0, 1, 2} {
			for _, s := range puzzles {
				opt := SudokuOptions{Limit: limit, Lean: lean}
				want := NewSudokuSolve(context.Background(), "f.txt", parseUnchecked(t, s), opt)
				got := recs.Solve(context.Background(), "f.txt", parseUnchecked(t, s), opt)
				if want.Stats != nil {
					got.Stats.TimeMS = want.Stats.TimeMS
				}
				wb, wok := want.AppendJSON(nil)
				gb, gok := got.AppendJSON(nil)
				if wok != gok || !bytes.Equal(gb, wb) {
					t.Fatalf("%s, limit %d, lean %v: AppendJSON\n%s\nwant\n%s", s, limit, lean, gb, wb)
				}
				want.Complete()
				got.Complete()
				if g, w := encodingJSON(t, got), encodingJSON(t, want); !bytes.Equal(g, w) {
					t.Fatalf("%s, limit %d, lean %v: encoding/json\n%s\nwant\n%s", s, limit, lean, g, w)
				}
			}
		}
	}
}

// TestAppendFlat9 checks the eight-at-a-time grid writer against
// appendGrid of the same rows, on grids of values 0..9 with, in most, one
// to three bytes of any value put anywhere (the writer must then fall back
// to appendGrid).
func TestAppendFlat9(t *testing.T) {
	rng := rand.New(rand.NewPCG(15, 3))
	fallbacks := 0
	for i := range 20000 {
		g := make([]uint8, 81)
		for j := range g {
			g[j] = uint8(rng.IntN(10))
		}
		odd := i%4 != 0
		if odd {
			for range 1 + rng.IntN(3) {
				g[rng.IntN(81)] = uint8(10 + rng.IntN(246))
			}
			fallbacks++
		}
		got := appendFlat9([]byte("x"), g)
		want := appendGrid([]byte("x"), SudokuRows(g, 9))
		if !bytes.Equal(got, want) {
			t.Fatalf("grid %v:\nappendFlat9 %s\nappendGrid  %s", g, got, want)
		}
	}
	if fallbacks < 10000 {
		t.Fatalf("only %d grids with a value over 9", fallbacks)
	}
}
