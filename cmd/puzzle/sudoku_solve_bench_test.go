package main

import (
	"context"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/puzzlesolvers/puzzle/sudoku"
)

// BenchmarkSolveJSON measures `puzzle sudoku solve --json` in-process on
// the first 10,000 puzzles of the 17-clue set (shared data), against the
// solves alone, per puzzle: the difference is the work around the solver
// (reading, checking, the record, the JSON, the output). Run it with
// -cpu 1; --workers 1 keeps the command on one core.
func BenchmarkSolveJSON(b *testing.B) {
	data, err := os.ReadFile(filepath.Join(sharedData(b), "sudoku", "tdoku", "puzzles2_17_clue"))
	if err != nil {
		b.Fatal(err)
	}
	lines := strings.SplitAfter(string(data), "\n")
	in := strings.Join(lines[:min(len(lines), 10000)], "")
	var puzzles []*sudoku.Puzzle
	for p, err := range sudoku.NewReader(strings.NewReader(in), "17-clue").All() {
		if err != nil {
			b.Fatal(err)
		}
		puzzles = append(puzzles, p)
	}
	n := float64(len(puzzles))
	report := func(b *testing.B, mallocs uint64) {
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/n, "ns/puzzle")
		b.ReportMetric(float64(mallocs)/float64(b.N)/n, "allocs/puzzle")
	}
	var ms runtime.MemStats
	b.Run("command", func(b *testing.B) {
		runtime.ReadMemStats(&ms)
		before := ms.Mallocs
		for b.Loop() {
			code := run(context.Background(), strings.NewReader(in), io.Discard, io.Discard,
				[]string{"sudoku", "solve", "--json", "--workers", "1"})
			if code != exitOK {
				b.Fatalf("exit %d", code)
			}
		}
		runtime.ReadMemStats(&ms)
		report(b, ms.Mallocs-before)
	})
	b.Run("solve", func(b *testing.B) {
		runtime.ReadMemStats(&ms)
		before := ms.Mallocs
		for b.Loop() {
			for _, p := range puzzles {
				sudoku.Solve(context.Background(), p, sudoku.Options{})
			}
		}
		runtime.ReadMemStats(&ms)
		report(b, ms.Mallocs-before)
	})
}
