package main

import (
	"context"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/puzzlesolvers/puzzle/sudoku"
)

// BenchmarkSolveJSON measures `puzzle sudoku solve --json` in-process on
// the first 10,000 puzzles of the 17-clue set and on Serg's 10,000 (shared
// data), against the solves alone, per puzzle: the difference is the work
// around the solver (reading, checking, the record, the JSON, the output).
// cpu-ns/puzzle is the process's CPU time (user and system), which a loaded
// host leaves more stable than the wall time. Run it with -cpu 1; --workers
// 1 keeps the command on one core.
func BenchmarkSolveJSON(b *testing.B) {
	for _, set := range []struct{ name, file string }{
		{"17-clue", "puzzles2_17_clue"},
		{"serg", "puzzles7_serg_benchmark"},
	} {
		data, err := os.ReadFile(filepath.Join(sharedData(b), "sudoku", "tdoku", set.file))
		if err != nil {
			b.Fatal(err)
		}
		lines := strings.SplitAfter(string(data), "\n")
		in := strings.Join(lines[:min(len(lines), 10000)], "")
		var puzzles []*sudoku.Puzzle
		for p, err := range sudoku.NewReader(strings.NewReader(in), set.name).All() {
			if err != nil {
				b.Fatal(err)
			}
			puzzles = append(puzzles, p)
		}
		n := float64(len(puzzles))
		var ms runtime.MemStats
		var before uint64
		var cpu time.Duration
		start := func() {
			runtime.ReadMemStats(&ms)
			before = ms.Mallocs
			cpu = queensCPUTime()
		}
		report := func(b *testing.B) {
			cpu = queensCPUTime() - cpu
			runtime.ReadMemStats(&ms)
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/n, "ns/puzzle")
			b.ReportMetric(float64(cpu.Nanoseconds())/float64(b.N)/n, "cpu-ns/puzzle")
			b.ReportMetric(float64(ms.Mallocs-before)/float64(b.N)/n, "allocs/puzzle")
		}
		b.Run(set.name+"/command", func(b *testing.B) {
			start()
			for b.Loop() {
				code := run(context.Background(), strings.NewReader(in), io.Discard, io.Discard,
					[]string{"sudoku", "solve", "--json", "--workers", "1"})
				if code != exitOK {
					b.Fatalf("exit %d", code)
				}
			}
			report(b)
		})
		b.Run(set.name+"/solve", func(b *testing.B) {
			var res sudoku.Result
			res.Solutions = [][]uint8{make([]uint8, 81), make([]uint8, 81)}
			start()
			for b.Loop() {
				for _, p := range puzzles {
					sudoku.SolveInto(context.Background(), p, sudoku.Options{}, &res)
				}
			}
			report(b)
		})
	}
}
