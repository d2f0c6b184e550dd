package nonogram

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/puzzlesolvers/puzzle/status"
)

// readAll returns every good puzzle of a shared-data file.
func readAll(tb testing.TB, path string) []*Puzzle {
	tb.Helper()
	f, err := os.Open(path)
	if err != nil {
		tb.Skipf("shared data not found (set PUZZLE_DATA): %v", err)
	}
	defer f.Close()
	var ps []*Puzzle
	rd := NewReader(f, path, "")
	for {
		p, err := rd.Next()
		if err != nil {
			break
		}
		ps = append(ps, p)
	}
	return ps
}

// The free webpbn puzzles and mikix's collection are all unique; mikix's
// are also known to be solvable by logic, which here means without search
// beyond probing (one node).
func TestSharedDataKnownUnique(t *testing.T) {
	dir := nonogramData(t)
	var files []string
	for _, g := range []string{"webpbn-survey-free/xml/*.xml", "webpbn-survey-free/non/*.non", "mikix-nonogram-db/*/*.non", "mikix-nonogram-db/*/*/*.non"} {
		m, _ := filepath.Glob(filepath.Join(dir, g))
		files = append(files, m...)
	}
	if len(files) < 50 {
		t.Fatalf("only %d files found under %s", len(files), dir)
	}
	for _, file := range files {
		for _, p := range readAll(t, file) {
			res, err := Solve(context.Background(), p, Options{})
			if err != nil || res.Status != status.Unique || !p.Satisfies(res.Solutions[0]) {
				t.Errorf("%s: %v, %v; known unique", file, res.Status, err)
				continue
			}
			if p.Goal != nil && !p.Goal.Equal(res.Solutions[0]) {
				t.Errorf("%s: the unique picture differs from the goal", file)
			}
		}
	}
}

// picross-solver's grids against its validation.csv (statuses and, for
// several pictures, the exact count); the two largest domino puzzles are
// left to the bench command.
func TestSharedDataPicrossValidation(t *testing.T) {
	dir := nonogramData(t)
	want := map[string]struct {
		st    status.Status
		count int
	}{
		"Fish": {status.Unique, 1}, "Two Notes": {status.Multiple, 2}, "Note": {status.Unique, 1},
		"Asterisk": {status.Unique, 1}, "Two Cakes": {status.Multiple, 2}, "Dots": {status.Multiple, 16},
		"Smile": {status.Unique, 1}, "Snake": {status.Unique, 1}, "Centerpiece edge": {status.Multiple, 3},
		"Centerpiece corner": {status.Multiple, 33}, "Flip": {status.Multiple, 2}, "Switch": {status.Multiple, 2},
		"Cross": {status.Multiple, 3}, "Impossible": {status.None, 0}, "Zero": {status.None, 0},
		"3-Dom": {status.Unique, 1}, "4-Dom": {status.Unique, 1}, "5-Dom": {status.Unique, 1},
		"6-Dom": {status.Unique, 1}, "7-Dom": {status.Unique, 1},
	}
	files, _ := filepath.Glob(filepath.Join(dir, "picross-solver", "inputs", "*.txt"))
	seen := 0
	for _, file := range files {
		for _, p := range readAll(t, file) {
			w, ok := want[p.Name]
			if p.Name == "Katakana" { // two grids share the name: 1 and 109 pictures
				res, _ := Solve(context.Background(), p, Options{Limit: -1})
				if n := len(res.Solutions); n != 1 && n != 109 {
					t.Errorf("%s Katakana: %d pictures, want 1 or 109", file, n)
				}
				seen++
				continue
			}
			if !ok {
				continue
			}
			seen++
			res, _ := Solve(context.Background(), p, Options{})
			if res.Status != w.st {
				t.Errorf("%s %s: %v, want %v", file, p.Name, res.Status, w.st)
			}
			all, _ := Solve(context.Background(), p, Options{Limit: -1})
			if len(all.Solutions) != w.count {
				t.Errorf("%s %s: %d pictures, want %d", file, p.Name, len(all.Solutions), w.count)
			}
			for _, g := range all.Solutions {
				if !p.Satisfies(g) {
					t.Errorf("%s %s: a picture does not meet the clues", file, p.Name)
				}
			}
		}
	}
	if seen < 22 {
		t.Errorf("checked only %d grids", seen)
	}
}
