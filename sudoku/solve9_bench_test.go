package sudoku

import (
	"context"
	"path/filepath"
	"testing"
)

// s9TdokuSets are the tdoku benchmark files in the data folder's tdoku/.
var s9TdokuSets = []string{
	"puzzles2_17_clue",
	"puzzles3_magictour_top1465",
	"puzzles5_forum_hardest_1905_11+",
	"puzzles6_forum_hardest_1106",
	"puzzles7_serg_benchmark",
}

// BenchmarkSolve9x9 proves uniqueness (limit 2) for every puzzle of each
// tdoku file, one pass over the file per iteration.
//
//	go test -run '^$' -bench Solve9x9 -cpu 1 -count 3 ./sudoku
func BenchmarkSolve9x9(b *testing.B) {
	for _, name := range s9TdokuSets {
		b.Run(name, func(b *testing.B) {
			ps := sharedPuzzles(b, filepath.Join("tdoku", name))
			s9Bench(b, ps, func(p *Puzzle) (Result, error) {
				return solve9x9(context.Background(), p, 2)
			})
		})
	}
}

// BenchmarkGeneral9x9Tdoku runs Solve with Options{General: true} on the
// same files, for comparison. A pass over the larger hard set takes about a
// minute.
func BenchmarkGeneral9x9Tdoku(b *testing.B) {
	for _, name := range s9TdokuSets {
		b.Run(name, func(b *testing.B) {
			ps := sharedPuzzles(b, filepath.Join("tdoku", name))
			s9Bench(b, ps, func(p *Puzzle) (Result, error) {
				return Solve(context.Background(), p, Options{General: true})
			})
		})
	}
}

// s9Bench solves all of ps per iteration and reports puzzles per second and
// search nodes per puzzle.
func s9Bench(b *testing.B, ps []*Puzzle, solve func(*Puzzle) (Result, error)) {
	var nodes, n int64
	for b.Loop() {
		for _, p := range ps {
			r, err := solve(p)
			if err != nil || len(r.Solutions) == 0 {
				b.Fatalf("line %d: %d solutions, %v", p.Line, len(r.Solutions), err)
			}
			nodes += r.Stats.Nodes
		}
		n += int64(len(ps))
	}
	b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "puzzles/s")
	b.ReportMetric(float64(nodes)/float64(n), "nodes/puzzle")
	b.ReportMetric(0, "ns/op") // an op is a whole file
}
