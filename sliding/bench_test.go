package sliding

import (
	"bufio"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// slidingData returns the shared data directory of the sliding sets, or
// skips the test.
func slidingData(tb testing.TB) string {
	tb.Helper()
	dir := os.Getenv("PUZZLE_DATA")
	if dir == "" {
		dir = filepath.Join("..", "..", "shared", "data")
	}
	dir = filepath.Join(dir, "sliding")
	if _, err := os.Stat(dir); err != nil {
		tb.Skipf("no shared data at %s (set $PUZZLE_DATA)", dir)
	}
	return dir
}

// korf100 reads Korf's 100 instances.
func korf100(tb testing.TB) []*Board {
	f, err := os.Open(filepath.Join(slidingData(tb), "korf100-15puzzle-instances", "korf100.txt"))
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	var boards []*Board
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		if len(fields) != 17 {
			continue
		}
		boards = append(boards, parse(tb, strings.Join(fields[1:], " ")).Board)
	}
	return boards
}

// BenchmarkKorf100 solves Korf's 100 15-puzzles with the 7-8 databases of
// the user's cache (skipped until 'puzzle sliding pdb build' made them),
// one core, the tables on huge pages as 'puzzle sliding bench' has them.
func BenchmarkKorf100(b *testing.B) {
	boards := korf100(b)
	store := &Store{Dir: CacheDir(), HugePages: true}
	if !store.Present(PDB78) {
		b.Skip("the 7-8 databases are not built (puzzle sliding pdb build pdb-78)")
	}
	set, err := store.Load(context.Background(), PDB78, 4, 4)
	if err != nil {
		b.Fatal(err)
	}
	var nodes int64
	cpu0 := cpuTime()
	for b.Loop() {
		for _, board := range boards {
			var st Stats
			if _, err := idaStarPDB(context.Background(), newProblem(board, BlankFirst), set, &st); err != nil {
				b.Fatal(err)
			}
			nodes += st.Generated
		}
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds()/1e6, "Mnodes/s")
	b.ReportMetric(float64(nodes)/(cpuTime()-cpu0).Seconds()/1e6, "Mnodes/cpu-s")
}

// BenchmarkEightPuzzle solves the two hardest 8-puzzles with each
// heuristic.
func BenchmarkEightPuzzle(b *testing.B) {
	hardest := []string{"8 6 7 2 5 4 3 0 1", "6 4 7 8 5 0 3 2 1"}
	for _, h := range []Heuristic{Manhattan, LinearConflict, WalkingDistance} {
		b.Run(string(h), func(b *testing.B) {
			var nodes int64
			var ps []*Puzzle
			for _, s := range hardest {
				ps = append(ps, parse(b, s))
			}
			for b.Loop() {
				for _, p := range ps {
					res, err := Solve(context.Background(), p, Options{Algorithm: IDAStar, Heuristic: h})
					if err != nil {
						b.Fatal(err)
					}
					nodes += res.Stats.Generated
				}
			}
			b.ReportMetric(float64(nodes)/b.Elapsed().Seconds()/1e6, "Mnodes/s")
		})
	}
}
