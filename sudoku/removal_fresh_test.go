package sudoku

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestRemovalCheckFresh solves the removal checks written by
// TestRemovalMeasure's PUZZLE_REMOVAL_DUMP (the files named by the glob
// PUZZLE_CHECKS; a third line "solution GRID" spares solving for it) each
// with a fresh solver, its givens and the digit ruled out as facts of level
// 0, or with PUZZLE_CHECKS_RACE=1 by the generator's race of two searches
// (raceCheck). A measurement aid, skipped unless asked for.
func TestRemovalCheckFresh(t *testing.T) {
	glob := os.Getenv("PUZZLE_CHECKS")
	if glob == "" {
		t.Skip("set PUZZLE_CHECKS to measure")
	}
	files, _ := filepath.Glob(glob)
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(string(data), "\n")
		p, err := NewReader(strings.NewReader(lines[0]), f).Next()
		if err != nil {
			t.Fatal(err)
		}
		var g, d int
		if _, err := fmt.Sscanf(lines[1], "not %d %d", &g, &d); err != nil {
			t.Fatal(err)
		}
		timeout := 5 * time.Minute
		if d, err := time.ParseDuration(os.Getenv("PUZZLE_CHECKS_TIMEOUT")); err == nil {
			timeout = d
		}
		if os.Getenv("PUZZLE_CHECKS_RACE") == "1" {
			// The generator's check: a race of two searches.
			sol := solutionOfCheck(t, f, lines, p, g, d)
			grid, _ := New(p.Box)
			start, cpu0 := time.Now(), cpuTime()
			v, conflicts := raceCheck(t.Context(), p, g, sol, grid, timeout, 2)
			t.Logf("%s: %s, %d conflicts, %.2fs (cpu %.2fs)", filepath.Base(f),
				verdictNames[v], conflicts,
				time.Since(start).Seconds(), (cpuTime() - cpu0).Seconds())
			continue
		}
		ctx, cancel := context.WithTimeout(context.Background(), timeout)
		start, cpu0 := time.Now(), cpuTime()
		s := newCDCLFor(ctx, p.Box, false, p.Cells)
		s.policy = cdclPolicyFromEnv(t)
		if os.Getenv("PUZZLE_CHECKS_PHASES") == "1" {
			// The phases of the puzzle's solution; with anchored=1 in
			// PUZZLE_CDCL25_POLICY the search keeps them, as the race's
			// anchored search does.
			s.setPhases(solutionOfCheck(t, f, lines, p, g, d))
		}
		s.fix(s.cellLit(g, uint8(d)) ^ 1)
		sols := s.solve(p.Cells, 1)
		el, cpu := time.Since(start), cpuTime()-cpu0
		cancel()
		if len(sols) == 1 && (!p.IsSolutionOf(sols[0]) || sols[0][g] == uint8(d)) {
			t.Fatalf("%s: wrong solution", f)
		}
		t.Logf("%s: %d solutions, err %v, %d conflicts, %.2fs (cpu %.2fs), %.0f conflicts/cpu s",
			filepath.Base(f), len(sols), s.err, s.conflicts, el.Seconds(), cpu.Seconds(), float64(s.conflicts)/cpu.Seconds())
	}
}

// solutionOfCheck returns the solution of a dumped check's puzzle with its
// given g (digit d) back: the file's third line ("solution" and the grid
// in the one-line format) if it has one, else Solve's.
func solutionOfCheck(t *testing.T, name string, lines []string, p *Puzzle, g, d int) []uint8 {
	t.Helper()
	if len(lines) > 2 {
		if text, ok := strings.CutPrefix(lines[2], "solution "); ok {
			q, err := NewReader(strings.NewReader(text), name).Next()
			if err != nil || q.Givens() != len(q.Cells) || !p.IsSolutionOf(q.Cells) || q.Cells[g] != uint8(d) {
				t.Fatalf("%s: the solution line is not a solution of the check's puzzle with its given back (%v)", name, err)
			}
			return q.Cells
		}
	}
	full := p.Clone()
	full.Cells[g] = uint8(d)
	res, err := Solve(t.Context(), full, Options{Workers: 1})
	if err != nil || len(res.Solutions) != 1 {
		t.Fatalf("%s: the full puzzle: %v", name, err)
	}
	return res.Solutions[0]
}
