package main

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// allGrids4 lists every solution of a 4×4 grid by plain backtracking
// (the oracle: it shares nothing with package sudoku).
func allGrids4(cells []uint8) [][]uint8 {
	g := slices.Clone(cells)
	var out [][]uint8
	ok := func(i int, d uint8) bool {
		r, c := i/4, i%4
		for k := range 4 {
			if (k != c && g[r*4+k] == d) || (k != r && g[k*4+c] == d) {
				return false
			}
			if j := (r/2*2+k/2)*4 + c/2*2 + k%2; j != i && g[j] == d {
				return false
			}
		}
		return true
	}
	var place func(i int)
	place = func(i int) {
		if i == 16 {
			out = append(out, slices.Clone(g))
			return
		}
		if cells[i] != 0 {
			if ok(i, g[i]) {
				place(i + 1)
			}
			return
		}
		for d := uint8(1); d <= 4; d++ {
			if ok(i, d) {
				g[i] = d
				place(i + 1)
				g[i] = 0
			}
		}
	}
	place(0)
	return out
}

// gridText writes a grid one row per line, digits apart, as a person
// would type it.
func gridText(cells []uint8, n int) string {
	var b strings.Builder
	for r := range n {
		for c := range n {
			if c > 0 {
				b.WriteByte(' ')
			}
			fmt.Fprint(&b, cells[r*n+c])
		}
		b.WriteByte('\n')
	}
	return b.String()
}

// TestSudokuIntended gives 4×4 puzzles with several solutions an
// intended solution other than the first and checks --suggest by
// enumeration: the hints, with the intended digits, leave the intended
// solution alone, and no fewer cells do.
func TestSudokuIntended(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	rng := rand.New(rand.NewPCG(17, 3))
	full := allGrids4(make([]uint8, 16))
	if len(full) != 288 {
		t.Fatalf("%d 4×4 grids, want 288", len(full))
	}
	for k := 0; k < 12; {
		cells := slices.Clone(full[rng.IntN(len(full))])
		for _, i := range rng.Perm(16)[:9+rng.IntN(4)] {
			cells[i] = 0
		}
		sols := allGrids4(cells)
		if len(sols) < 2 {
			continue
		}
		k++
		intended := sols[1+rng.IntN(len(sols)-1)] // not the first: the one the record shows
		puzzle, mine := filepath.Join(dir, "puzzle.txt"), filepath.Join(dir, "mine.txt")
		line := strings.Map(func(r rune) rune {
			if r == '0' {
				return '.'
			}
			return r
		}, fmt.Sprint(cells))
		line = strings.NewReplacer("[", "", "]", "", " ", "").Replace(line)
		os.WriteFile(puzzle, []byte(line+"\n"), 0o644)
		os.WriteFile(mine, []byte("# the grid I mean\n"+gridText(intended, 4)), 0o644)
		out, errOut, code := runCmd(t, "", "sudoku", "solve", "--suggest", "--intended", mine, "--json", puzzle)
		var rec struct {
			Status  string
			Suggest struct {
				Hints []struct{ Row, Col int }
				Exact bool
			}
		}
		if err := json.Unmarshal([]byte(out), &rec); err != nil || code != exitOK || rec.Status != "multiple" {
			t.Fatalf("%s: exit %d, %v: %s%s", line, code, err, out, errOut)
		}
		withHints := func(cells []uint8, hints []int) []uint8 {
			q := slices.Clone(cells)
			for _, i := range hints {
				q[i] = intended[i]
			}
			return q
		}
		var hints []int
		for _, h := range rec.Suggest.Hints {
			i := h.Row*4 + h.Col
			if cells[i] != 0 {
				t.Fatalf("%s: hint r%dc%d is a given", line, h.Row+1, h.Col+1)
			}
			hints = append(hints, i)
		}
		if got := allGrids4(withHints(cells, hints)); len(got) != 1 || !slices.Equal(got[0], intended) || !rec.Suggest.Exact {
			t.Errorf("%s: hints %v with the intended digits leave %d solutions (exact %v)", line, hints, len(got), rec.Suggest.Exact)
		}
		// No set of one cell fewer does.
		var empty []int
		for i, v := range cells {
			if v == 0 {
				empty = append(empty, i)
			}
		}
		var choose func(from, left int, set []int)
		choose = func(from, left int, set []int) {
			if left == 0 {
				if len(allGrids4(withHints(cells, set))) == 1 {
					t.Errorf("%s: %v, fewer than the %d hints suggested, makes it unique", line, set, len(hints))
				}
				return
			}
			for j := from; j < len(empty); j++ {
				choose(j+1, left-1, append(set, empty[j]))
			}
		}
		choose(0, len(hints)-1, nil)
		// The text names the intended solution and its digits.
		out, _, _ = runCmd(t, "", "sudoku", "solve", "--suggest", "--intended", mine, puzzle)
		h := rec.Suggest.Hints[0]
		if want := fmt.Sprintf("r%dc%d=%d", h.Row+1, h.Col+1, intended[h.Row*4+h.Col]); !strings.Contains(out, want) ||
			!strings.Contains(out, "the intended solution ("+mine+":2) the only one") {
			t.Errorf("the text does not give %s from the intended solution:\n%s", want, out)
		}
	}
}

// TestSudokuIntendedBad: an intended grid that cannot be read, is not
// complete, breaks the rules, is not one grid, has another size or is not
// a solution of the givens gives exit 1 and a message naming file and
// line; --intended without --suggest is a usage error.
func TestSudokuIntendedBad(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	puzzle := filepath.Join(dir, "puzzle.txt")
	os.WriteFile(puzzle, []byte("# two solutions at least\n12..............\n"), 0o644)
	good := "1 2 3 4\n3 4 1 2\n2 1 4 3\n4 3 2 1\n"
	cases := []struct{ name, text, want string }{
		{"empty.txt", "# no grid here\n", "empty.txt:1: no grid: the intended solution is one complete grid"},
		{"open.txt", "1 2 3 4\n3 4 . 2\n2 1 4 3\n4 3 2 1\n", "open.txt:1: the intended solution has 1 empty cell (the first r2c3): give a complete grid"},
		{"twice.txt", "1 2 3 4\n3 4 1 2\n2 1 4 3\n4 3 1 2\n", "twice.txt:4: digit 1 appears twice in column 3"},
		{"two.txt", good + "\n" + good, "two.txt:6: another grid after the one at line 1: the intended solution is one grid"},
		{"bad.txt", "1 2 3 4\n3 4 1\n", "bad.txt:"},
		{"nine.txt", "123456789456789123789123456214365897365897214897214365531642978642978531978531642\n",
			"nine.txt:1: the intended solution is 9×9, the puzzle at " + puzzle + ":2 4×4"},
		{"other.txt", "2 1 3 4\n3 4 1 2\n1 2 4 3\n4 3 2 1\n", "other.txt:1: the intended solution is not a solution of the givens at " +
			puzzle + ":2: it differs from 2 givens (r1c1 r1c2); r1c1 is 2 where the given is 1"},
	}
	for _, c := range cases {
		path := filepath.Join(dir, c.name)
		os.WriteFile(path, []byte(c.text), 0o644)
		for _, asJSON := range []bool{false, true} {
			args := []string{"sudoku", "solve", "--suggest", "--intended", path, puzzle}
			if asJSON {
				args = append(args, "--json")
			}
			out, errOut, code := runCmd(t, "", args...)
			if code != exitFail || !strings.Contains(out+errOut, strings.Replace(c.want, c.name, path, 1)) {
				t.Errorf("%s (json %v): exit %d\nstdout %s\nstderr %s\nwant %q", c.name, asJSON, code, out, errOut, c.want)
			}
		}
	}
	_, errOut, code := runCmd(t, "", "sudoku", "solve", "--intended", filepath.Join(dir, "other.txt"), puzzle)
	if code != exitUsage || !strings.Contains(errOut, "--intended goes with --suggest") {
		t.Errorf("--intended without --suggest: exit %d, %s", code, errOut)
	}
	_, errOut, code = runCmd(t, "", "sudoku", "solve", "--suggest", "--intended", filepath.Join(dir, "missing.txt"), puzzle)
	if code != exitFail || !strings.Contains(errOut, "missing.txt: no such file") {
		t.Errorf("a missing --intended file: exit %d, %s", code, errOut)
	}
}

// TestSudokuIntended9 takes the second of the two solutions of a 9×9
// puzzle as the intended one: the givens suggested are its digits, and
// with them the brute-force oracle finds it alone.
func TestSudokuIntended9(t *testing.T) {
	t.Parallel()
	out, _, code := runCmd(t, "", "sudoku", "solve", "--all", "--json", "testdata/multiple9.txt")
	var all struct{ Solutions [][][]int }
	if err := json.Unmarshal([]byte(out), &all); err != nil || code != exitOK || len(all.Solutions) != 2 {
		t.Fatalf("exit %d, %v: %s", code, err, out)
	}
	var intended []uint8
	for _, row := range all.Solutions[1] {
		for _, d := range row {
			intended = append(intended, uint8(d))
		}
	}
	mine := filepath.Join(t.TempDir(), "mine.txt")
	os.WriteFile(mine, []byte(strings.Trim(strings.Join(strings.Fields(fmt.Sprint(intended)), ""), "[]")+"\n"), 0o644)
	out, errOut, code := runCmd(t, "", "sudoku", "solve", "--suggest", "--intended", mine, "--json", "testdata/multiple9.txt")
	var rec struct {
		Suggest struct{ Hints []struct{ Row, Col int } }
	}
	if err := json.Unmarshal([]byte(out), &rec); err != nil || code != exitOK || len(rec.Suggest.Hints) == 0 {
		t.Fatalf("exit %d, %v: %s%s", code, err, out, errOut)
	}
	f, _ := os.ReadFile("testdata/multiple9.txt")
	var cells []uint8
	for _, line := range strings.Split(string(f), "\n") {
		if len(line) == 81 {
			for _, ch := range line {
				cells = append(cells, uint8(ch-'0'))
			}
		}
	}
	for _, h := range rec.Suggest.Hints {
		cells[h.Row*9+h.Col] = intended[h.Row*9+h.Col]
	}
	if n, first := brute(cells, 3, 2); n != 1 || !slices.Equal(first, intended) {
		t.Errorf("with hints %v: %d solutions", rec.Suggest.Hints, n)
	}
}
