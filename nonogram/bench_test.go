package nonogram

import (
	"context"
	"path/filepath"
	"testing"
)

func benchSolve(b *testing.B, ps []*Puzzle) {
	b.Helper()
	if len(ps) == 0 {
		b.Skip("no puzzles")
	}
	var lines int64
	for b.Loop() {
		for _, p := range ps {
			res, _ := Solve(context.Background(), p, Options{})
			lines += res.Stats.LineSolves
		}
	}
	b.ReportMetric(float64(b.N*len(ps))/b.Elapsed().Seconds(), "puzzles/s")
	b.ReportMetric(float64(lines)/b.Elapsed().Seconds(), "lines/s")
}

func sharedFile(b *testing.B, path string) []*Puzzle {
	return readAll(b, filepath.Join(nonogramData(b), path))
}

func BenchmarkSolveTAAI100(b *testing.B) {
	ps := sharedFile(b, "generated-taai-style-random25/puzzles.txt")
	benchSolve(b, ps[:min(100, len(ps))])
}

func BenchmarkSolveForever(b *testing.B) {
	benchSolve(b, sharedFile(b, "webpbn-survey-free/xml/webpbn-06574.xml"))
}

func BenchmarkSolveCauldron(b *testing.B) {
	benchSolve(b, sharedFile(b, "picross-solver/inputs/cauldron.non"))
}

func BenchmarkLineSolver25(b *testing.B) {
	clue := []int{3, 1, 4, 2, 2}
	var n int
	for b.Loop() {
		_, _, ok := solveLine1(25, clue, 1<<3, 1<<10)
		if ok {
			n++
		}
	}
	_ = n
}
