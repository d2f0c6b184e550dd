package main

import (
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"
)

// TestSudokuSolveChecks holds the records of the one-core path, whose
// reader leaves the check of the givens to the solve
// (sudoku.Reader.SolveChecks), to those of the path whose reader makes it
// (two workers): the same records, in JSON and for people, for puzzles of
// every status and digits given twice in a row, a column and a box.
func TestSudokuSolveChecks(t *testing.T) {
	rng := rand.New(rand.NewPCG(28, 11))
	valid := "..685....9..76..........85..1...65..5.9.2...7....4....3....2..976.3....22......8."
	lines := []string{valid, "..." + valid[3:], ".3" + valid[2:], strings.Repeat(".", 81), strings.Repeat(".", 256)}
	for range 60 {
		// A digit given twice: its copy goes to another cell of one of the
		// first given's units, or anywhere.
		cells := []byte(valid)
		i := rng.IntN(81)
		for cells[i] == '.' {
			i = rng.IntN(81)
		}
		var j int
		switch r, c := i/9, i%9; rng.IntN(4) {
		case 0:
			j = 9*r + rng.IntN(9)
		case 1:
			j = 9*rng.IntN(9) + c
		case 2:
			j = (r/3*3+rng.IntN(3))*9 + c/3*3 + rng.IntN(3)
		default:
			j = rng.IntN(81)
		}
		if j != i {
			cells[j] = cells[i]
		}
		lines = append(lines, string(cells))
	}
	in := strings.Join(lines, "\n") + "\n"
	mask := regexp.MustCompile(`"time_ms":[0-9.e+-]+|in [0-9.]+ ms`)
	for _, args := range [][]string{{"--json"}, {}, {"--json", "--limit", "1"}, {"--explain"}} {
		one, _, code1 := runCmd(t, in, append([]string{"sudoku", "solve", "--workers", "1"}, args...)...)
		two, _, code2 := runCmd(t, in, append([]string{"sudoku", "solve", "--workers", "2"}, args...)...)
		if code1 != code2 || mask.ReplaceAllString(one, "M") != mask.ReplaceAllString(two, "M") {
			t.Fatalf("%v: exit %d and %d, records differ:\n%s\nagainst\n%s", args, code1, code2, one, two)
		}
		if !strings.Contains(one, "appears twice") {
			t.Fatalf("%v: no digit given twice reported:\n%s", args, one)
		}
	}
}
