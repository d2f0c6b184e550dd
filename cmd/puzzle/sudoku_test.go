package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/puzzlesolvers/puzzle/internal/record"
	"github.com/puzzlesolvers/puzzle/internal/schematest"
	"github.com/puzzlesolvers/puzzle/status"
	"github.com/puzzlesolvers/puzzle/sudoku"
)

// jsonRecord mirrors record.SudokuSolve for decoding.
type jsonRecord struct {
	File      string    `json:"file"`
	Line      int       `json:"line"`
	Name      string    `json:"name"`
	Rows      int       `json:"rows"`
	Cols      int       `json:"cols"`
	Box       int       `json:"box"`
	Status    string    `json:"status"`
	Solution  [][]int   `json:"solution"`
	Solutions [][][]int `json:"solutions"`
	Count     int       `json:"count"`
	// LimitReached: the search stopped at the limit of solutions.
	LimitReached bool        `json:"limit_reached"`
	Error        string      `json:"error"`
	Stats        *jsonStats  `json:"stats"`
	Extra        *json.Token `json:"-"`
}

type jsonStats struct {
	Nodes  int64   `json:"nodes"`
	Solver string  `json:"solver"`
	TimeMS float64 `json:"time_ms"`
}

// parseLines decodes JSON Lines output of sudoku solve, one record per
// line, and validates each against the schema.
func parseLines(t *testing.T, out string) []jsonRecord {
	t.Helper()
	schematest.ValidateLines(t, "sudoku.json#/$defs/solve", []byte(out))
	var recs []jsonRecord
	sc := bufio.NewScanner(strings.NewReader(out))
	sc.Buffer(nil, 1<<24)
	for sc.Scan() {
		var r jsonRecord
		if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
			t.Fatalf("line %d is not JSON: %v\n%s", len(recs)+1, err, sc.Text())
		}
		recs = append(recs, r)
	}
	return recs
}

func flatten(g [][]int) []uint8 {
	var cells []uint8
	for _, row := range g {
		for _, v := range row {
			cells = append(cells, uint8(v))
		}
	}
	return cells
}

// readFixture returns the valid puzzles of a file by line.
func readFixture(t *testing.T, path string) map[int]*sudoku.Puzzle {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	ps := map[int]*sudoku.Puzzle{}
	rd := sudoku.NewReader(f, path)
	for {
		p, err := rd.Next()
		if err == io.EOF {
			return ps
		}
		if errors.As(err, new(*sudoku.SyntaxError)) {
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		ps[p.Line] = p
	}
}

// brute counts the solutions of a grid up to limit by plain backtracking
// on the cell with fewest candidates, and returns the first one. It shares
// nothing with package sudoku: it is the oracle the tests trust.
func brute(cells []uint8, box, limit int) (count int, first []uint8) {
	n := box * box
	g := slices.Clone(cells)
	allowed := func(c int) []uint8 {
		r, col := c/n, c%n
		var used [65]bool
		for i := range n {
			used[g[r*n+i]] = true
			used[g[i*n+col]] = true
		}
		br, bc := r/box*box, col/box*box
		for i := range box {
			for j := range box {
				used[g[(br+i)*n+bc+j]] = true
			}
		}
		var ds []uint8
		for d := 1; d <= n; d++ {
			if !used[d] {
				ds = append(ds, uint8(d))
			}
		}
		return ds
	}
	var rec func()
	rec = func() {
		best, bestDs := -1, []uint8(nil)
		for c := range g {
			if g[c] != 0 {
				continue
			}
			ds := allowed(c)
			if best < 0 || len(ds) < len(bestDs) {
				best, bestDs = c, ds
				if len(ds) == 0 {
					return
				}
			}
		}
		if best < 0 {
			count++
			if first == nil {
				first = slices.Clone(g)
			}
			return
		}
		for _, d := range bestDs {
			g[best] = d
			rec()
			g[best] = 0
			if count >= limit {
				return
			}
		}
	}
	rec()
	return count, first
}

// checkRecords checks every solved record against the puzzle of its line:
// the solutions must be valid, and for grids up to 9×9 the status must
// agree with the brute-force count.
func checkRecords(t *testing.T, recs []jsonRecord) {
	t.Helper()
	fixtures := map[string]map[int]*sudoku.Puzzle{}
	for _, r := range recs {
		if r.Status == "invalid" {
			if !strings.Contains(r.Error, fmt.Sprintf("%s:%d", r.File, r.Line)) {
				t.Errorf("%s:%d: error %q does not name the file and line", r.File, r.Line, r.Error)
			}
			continue
		}
		ps, ok := fixtures[r.File]
		if !ok {
			ps = readFixture(t, r.File)
			fixtures[r.File] = ps
		}
		p := ps[r.Line]
		if p == nil {
			t.Errorf("%s:%d: no puzzle starts on that line", r.File, r.Line)
			continue
		}
		if r.Rows != p.Size() || r.Cols != p.Size() || r.Box != p.Box || r.Name != p.Name {
			t.Errorf("%s:%d: %d×%d box %d name %q, want %d %q", r.File, r.Line, r.Rows, r.Cols, r.Box, r.Name, p.Size(), p.Name)
		}
		if r.Stats == nil || r.Stats.Solver == "" {
			t.Errorf("%s:%d: no stats", r.File, r.Line)
		}
		sols := [][][]int{}
		if r.Solution != nil {
			sols = append(sols, r.Solution)
		}
		sols = append(sols, r.Solutions...)
		for _, s := range sols {
			if !p.IsSolutionOf(flatten(s)) {
				t.Errorf("%s:%d: %v is not a solution", r.File, r.Line, s)
			}
		}
		if p.Box > 3 { // the brute force takes too long from 16×16 up
			continue
		}
		want := []string{"none", "unique", "multiple"}
		if n, first := brute(p.Cells, p.Box, 2); r.Status != want[n] {
			t.Errorf("%s:%d: status %s, brute force says %s", r.File, r.Line, r.Status, want[n])
		} else if n == 1 && !slices.Equal(flatten(r.Solution), first) {
			t.Errorf("%s:%d: solution differs from the brute-force one", r.File, r.Line)
		}
	}
}

func statuses(recs []jsonRecord) string {
	var s []string
	for _, r := range recs {
		s = append(s, r.Status)
	}
	return strings.Join(s, " ")
}

func TestSolveJSON(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		files    []string
		statuses string
		code     int
	}{
		{[]string{"unique9.txt"}, "unique unique", exitOK},
		{[]string{"multiple9.txt"}, "multiple", exitOK},
		{[]string{"none9.txt"}, "none none", exitFail},
		{[]string{"malformed.txt"}, "invalid invalid invalid invalid unique", exitFail},
		{[]string{"big16.txt"}, "unique", exitOK},
		{[]string{"small4.txt"}, "unique", exitOK},
		{[]string{"euler5.txt"}, "unique unique unique unique unique", exitOK},
		{[]string{"unique9.txt", "malformed.txt", "small4.txt", "none9.txt", "big16.txt", "multiple9.txt"},
			"unique unique invalid invalid invalid invalid unique unique none none unique multiple", exitFail},
	} {
		t.Run(strings.Join(tc.files, ","), func(t *testing.T) {
			t.Parallel()
			args := []string{"sudoku", "solve", "--json"}
			for _, f := range tc.files {
				args = append(args, filepath.Join("testdata", f))
			}
			out, errOut, code := runCmd(t, "", args...)
			if code != tc.code {
				t.Errorf("exit %d, want %d; stderr %q", code, tc.code, errOut)
			}
			if errOut != "" {
				t.Errorf("stderr %q, want nothing", errOut)
			}
			recs := parseLines(t, out)
			if got := statuses(recs); got != tc.statuses {
				t.Errorf("statuses %q, want %q", got, tc.statuses)
			}
			// Input order: files in argument order, lines increasing in each.
			fi := 0
			for i, r := range recs {
				for fi < len(tc.files) && r.File != filepath.Join("testdata", tc.files[fi]) {
					fi++
				}
				if fi == len(tc.files) {
					t.Fatalf("record %d (%s:%d) out of order", i, r.File, r.Line)
				}
				if i > 0 && recs[i-1].File == r.File && recs[i-1].Line >= r.Line {
					t.Errorf("record %d (%s:%d) out of order", i, r.File, r.Line)
				}
			}
			checkRecords(t, recs)
		})
	}
}

func TestSolveMalformedMessages(t *testing.T) {
	t.Parallel()
	out, _, _ := runCmd(t, "", "sudoku", "solve", "--json", "testdata/malformed.txt")
	recs := parseLines(t, out)
	want := []struct {
		line int
		msg  string
	}{
		{2, "row has 12 values"},
		{5, `'?' is not a cell value`},
		{7, "digit 1 appears twice in row 1"},
		{13, "grid ends after 3 rows, want 9"},
	}
	if len(recs) != 5 {
		t.Fatalf("%d records, want 5", len(recs))
	}
	for i, w := range want {
		r := recs[i]
		if r.Line != w.line || !strings.Contains(r.Error, w.msg) || !strings.HasPrefix(r.Error, "sudoku: testdata/malformed.txt:") {
			t.Errorf("record %d: line %d error %q, want line %d and %q", i, r.Line, r.Error, w.line, w.msg)
		}
		if r.Solution != nil || r.Stats != nil {
			t.Errorf("record %d: an invalid puzzle has a solution or stats", i)
		}
	}
}

func TestSolveStdin(t *testing.T) {
	t.Parallel()
	in, err := os.ReadFile("testdata/unique9.txt")
	if err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{
		{"sudoku", "solve", "--json"},
		{"sudoku", "solve", "--json", "-"},
		{"sudoku", "solve", "-", "--json"},
	} {
		out, errOut, code := runCmd(t, string(in), args...)
		if code != exitOK || errOut != "" {
			t.Fatalf("%q: exit %d, stderr %q", args, code, errOut)
		}
		recs := parseLines(t, out)
		if statuses(recs) != "unique unique" || recs[0].File != stdinName || recs[1].Name != "Grid 01" || recs[1].Line != 3 {
			t.Errorf("%q: got %+v", args, recs)
		}
	}
}

func TestSolveMissingFile(t *testing.T) {
	t.Parallel()
	out, errOut, code := runCmd(t, "", "sudoku", "solve", "--json", "testdata/no-such-file.txt", "testdata/small4.txt")
	if code != exitFail {
		t.Errorf("exit %d, want 1", code)
	}
	if !strings.Contains(errOut, "no-such-file.txt") {
		t.Errorf("stderr %q does not name the file", errOut)
	}
	if recs := parseLines(t, out); statuses(recs) != "unique" {
		t.Errorf("the other file was not solved: %q", out)
	}
}

func TestSolveLimits(t *testing.T) {
	t.Parallel()
	empty4 := strings.Repeat(".", 16) + "\n"
	t.Run("all", func(t *testing.T) {
		out, _, code := runCmd(t, empty4, "sudoku", "solve", "--json", "--all")
		recs := parseLines(t, out)
		if code != exitOK || len(recs) != 1 {
			t.Fatalf("exit %d, %d records", code, len(recs))
		}
		r := recs[0]
		if r.Status != "multiple" || r.Count != 288 || len(r.Solutions) != 288 {
			t.Fatalf("status %s count %d, %d solutions; want multiple 288", r.Status, r.Count, len(r.Solutions))
		}
		p, _ := sudoku.New(2)
		seen := map[string]bool{}
		for _, s := range r.Solutions {
			cells := flatten(s)
			if !p.IsSolutionOf(cells) {
				t.Errorf("not a solution: %v", s)
			}
			seen[string(cells)] = true
		}
		if len(seen) != 288 {
			t.Errorf("%d different solutions, want 288", len(seen))
		}
	})
	t.Run("limit 1", func(t *testing.T) {
		out, _, code := runCmd(t, "", "sudoku", "solve", "--json", "--limit", "1", "testdata/multiple9.txt", "testdata/small4.txt")
		recs := parseLines(t, out)
		if code != exitOK || statuses(recs) != "solved solved" || recs[0].Solutions != nil {
			t.Errorf("exit %d, %+v", code, recs)
		}
		checkSolutions(t, recs)
	})
	t.Run("limit 5", func(t *testing.T) {
		out, _, code := runCmd(t, "", "sudoku", "solve", "--json", "--limit=5", "testdata/multiple9.txt", "testdata/small4.txt")
		recs := parseLines(t, out)
		if code != exitOK || statuses(recs) != "multiple unique" {
			t.Fatalf("exit %d, %q", code, statuses(recs))
		}
		if n, _ := brute(flatten(recs[0].Solution), 3, 1); recs[0].Count != len(recs[0].Solutions) || n != 1 {
			t.Errorf("count %d with %d solutions", recs[0].Count, len(recs[0].Solutions))
		}
		p := readFixture(t, "testdata/multiple9.txt")[2]
		if want, _ := brute(p.Cells, 3, 5); recs[0].Count != want {
			t.Errorf("count %d, brute force finds %d", recs[0].Count, want)
		}
		if len(recs[1].Solutions) != 1 {
			t.Errorf("unique puzzle: %d solutions listed", len(recs[1].Solutions))
		}
		checkSolutions(t, recs)
	})
}

func checkSolutions(t *testing.T, recs []jsonRecord) {
	t.Helper()
	for _, r := range recs {
		p := readFixture(t, r.File)[r.Line]
		if !p.IsSolutionOf(flatten(r.Solution)) {
			t.Errorf("%s:%d: bad solution", r.File, r.Line)
		}
	}
}

func TestSolveTimeout(t *testing.T) {
	t.Parallel()
	empty25 := strings.Repeat(".", 625) + "\n"
	out, errOut, code := runCmd(t, empty25, "sudoku", "solve", "--json", "--all", "--timeout", "50ms")
	recs := parseLines(t, out)
	if code != exitFail || len(recs) != 1 || recs[0].Status != "timeout" || recs[0].Error != "no answer within 50ms" {
		t.Errorf("exit %d, stderr %q, records %+v", code, errOut, recs)
	}
}

func TestSolveInterrupted(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, errOut, code := runCtx(t, ctx, "", "sudoku", "solve", "testdata/unique9.txt")
	if code != exitFail || !strings.Contains(errOut, "interrupted") {
		t.Errorf("exit %d, stderr %q", code, errOut)
	}
}

// TestGolden checks the human output, with times replaced by T.
func TestGolden(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name string
		args []string
	}{
		{"solve-unique9", []string{"sudoku", "solve", "testdata/unique9.txt"}},
		{"solve-multiple9", []string{"sudoku", "solve", "testdata/multiple9.txt"}},
		{"solve-suggest9", []string{"sudoku", "solve", "--suggest", "testdata/multiple9.txt", "testdata/unique9.txt", "testdata/none9.txt"}},
		{"solve-suggest-usage", []string{"sudoku", "solve", "--suggest", "--all", "testdata/multiple9.txt"}},
		{"solve-none9", []string{"sudoku", "solve", "testdata/none9.txt"}},
		{"solve-malformed", []string{"sudoku", "solve", "testdata/malformed.txt"}},
		{"solve-small4-grid", []string{"sudoku", "solve", "--format", "grid", "testdata/small4.txt"}},
		{"solve-big16-line", []string{"sudoku", "solve", "--format=line", "testdata/big16.txt"}},
		{"solve-big16-pretty", []string{"sudoku", "solve", "testdata/big16.txt"}},
		{"solve-euler-format", []string{"sudoku", "solve", "-format", "euler", "testdata/unique9.txt"}},
		{"solve-all4", []string{"sudoku", "solve", "--all", "--format", "line", "testdata/small4.txt", "testdata/multiple9.txt"}},
		{"format-line", []string{"sudoku", "format", "--to", "line", "testdata/unique9.txt", "testdata/small4.txt", "testdata/big16.txt"}},
		{"format-grid", []string{"sudoku", "format", "--to", "grid", "testdata/unique9.txt", "testdata/small4.txt", "testdata/big16.txt"}},
		{"format-euler", []string{"sudoku", "convert", "--to", "euler", "testdata/unique9.txt", "testdata/multiple9.txt"}},
		{"format-pretty", []string{"sudoku", "format", "--to", "pretty", "testdata/small4.txt", "testdata/big16.txt"}},
		{"format-malformed", []string{"sudoku", "format", "testdata/malformed.txt"}},
		{"format-euler-16", []string{"sudoku", "format", "--to", "euler", "testdata/big16.txt", "testdata/small4.txt"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			out, errOut, code := runCmd(t, "", tc.args...)
			got := fmt.Sprintf("$ puzzle %s\n%s-- stderr --\n%s-- exit %d --\n", strings.Join(tc.args, " "), out, errOut, code)
			checkGolden(t, tc.name+".golden", normalise(got))
		})
	}
}

// TestFormatRoundTrip converts the fixtures to every layout and reads them back.
func TestFormatRoundTrip(t *testing.T) {
	t.Parallel()
	for _, file := range []string{"unique9.txt", "multiple9.txt", "none9.txt", "small4.txt", "big16.txt", "euler5.txt"} {
		orig := readFixture(t, filepath.Join("testdata", file))
		var want []*sudoku.Puzzle
		for _, p := range orig {
			want = append(want, p)
		}
		slices.SortFunc(want, func(a, b *sudoku.Puzzle) int { return a.Line - b.Line })
		for _, to := range []string{"line", "grid", "euler", "pretty"} {
			out, errOut, code := runCmd(t, "", "sudoku", "format", "--to", to, filepath.Join("testdata", file))
			if to == "euler" && want[0].Size() > 9 {
				if code != exitUsage || !strings.Contains(errOut, "big16.txt:2: --to euler holds grids up to 9×9") {
					t.Errorf("%s to euler: exit %d, stderr %q", file, code, errOut)
				}
				continue
			}
			if code != exitOK {
				t.Errorf("%s to %s: exit %d, stderr %q", file, to, code, errOut)
				continue
			}
			got, err := readAllPuzzles(strings.NewReader(out), "out")
			if err != nil {
				t.Errorf("%s to %s: reading back: %v\n%s", file, to, err, out)
				continue
			}
			if len(got) != len(want) {
				t.Errorf("%s to %s: %d puzzles back, want %d", file, to, len(got), len(want))
				continue
			}
			for i := range got {
				if got[i].Box != want[i].Box || !slices.Equal(got[i].Cells, want[i].Cells) {
					t.Errorf("%s to %s: puzzle %d changed", file, to, i+1)
				}
			}
		}
	}
}

func TestEuler(t *testing.T) {
	t.Parallel()
	ps, err := readAllPuzzles(must(os.Open("testdata/euler5.txt")), "euler5.txt")
	if err != nil {
		t.Fatal(err)
	}
	want := 0
	for _, p := range ps {
		n, sol := brute(p.Cells, 3, 2)
		if n != 1 {
			t.Fatalf("%s: brute force finds %d solutions", p.Name, n)
		}
		want += 100*int(sol[0]) + 10*int(sol[1]) + int(sol[2])
	}
	out, errOut, code := runCmd(t, "", "sudoku", "euler", "testdata/euler5.txt")
	if code != exitOK || errOut != "" || out != fmt.Sprintln(want) {
		t.Errorf("exit %d, stdout %q, stderr %q; want %d", code, out, errOut, want)
	}

	for _, tc := range []struct{ file, msg string }{
		{"multiple9.txt", "multiple9.txt:2: multiple, want exactly one solution"},
		{"none9.txt", "none9.txt:2: none"},
		{"small4.txt", "small4.txt:2: a 4×4 grid"},
		{"malformed.txt", "malformed.txt:2: row has 12 values"},
		{"no-such-file.txt", "no-such-file.txt"},
	} {
		out, errOut, code := runCmd(t, "", "sudoku", "euler", "testdata/euler5.txt", filepath.Join("testdata", tc.file))
		if code != exitFail || out != "" || !strings.Contains(errOut, tc.msg) {
			t.Errorf("%s: exit %d, stdout %q, stderr %q; want exit 1 and %q", tc.file, code, out, errOut, tc.msg)
		}
	}
}

// readAllPuzzles reads every puzzle of r; the first error ends it.
func readAllPuzzles(r io.Reader, name string) ([]*sudoku.Puzzle, error) {
	var ps []*sudoku.Puzzle
	for p, err := range sudoku.NewReader(r, name).All() {
		if err != nil {
			return ps, err
		}
		ps = append(ps, p)
	}
	return ps, nil
}

func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}

// sharedData returns the shared data directory, or skips the test.
func sharedData(t testing.TB) string {
	t.Helper()
	dir := os.Getenv("PUZZLE_DATA")
	if dir == "" {
		dir = filepath.Join("..", "..", "..", "shared", "data")
	}
	if _, err := os.Stat(filepath.Join(dir, "sudoku")); err != nil {
		t.Skipf("no shared data: %v", err)
	}
	return dir
}

func TestEulerShared(t *testing.T) {
	t.Parallel()
	file := filepath.Join(sharedData(t), "sudoku", "project-euler-96", "p096_sudoku.txt")
	out, errOut, code := runCmd(t, "", "sudoku", "euler", file)
	if code != exitOK || out != "24702\n" {
		t.Errorf("exit %d, stdout %q, stderr %q; want 24702", code, out, errOut)
	}
}

type benchJSON struct {
	Status string         `json:"status"`
	Set    string         `json:"set"`
	Count  int            `json:"count"`
	Tally  map[string]int `json:"tally"`
	Stats  struct {
		TimeMS    float64 `json:"time_ms"`
		PerSecond float64 `json:"puzzles_per_s"`
		NodesEach float64 `json:"nodes_per_puzzle"`
	} `json:"stats"`
}

func TestBench(t *testing.T) {
	// Not parallel: bench sets GOMAXPROCS while timing.
	out, errOut, code := runCmd(t, "", "sudoku", "bench", "--data", "testdata/benchdata", "--set", "norvig-top95", "--json")
	if code != exitOK || errOut != "" {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	schematest.ValidateLines(t, "sudoku.json#/$defs/bench", []byte(out))
	var r benchJSON
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatalf("%v: %q", err, out)
	}
	if r.Status != "solved" || r.Set != "norvig-top95" || r.Count != 3 || r.Tally["unique"] != 2 || r.Tally["multiple"] != 1 || r.Stats.PerSecond <= 0 || r.Stats.TimeMS <= 0 {
		t.Errorf("got %+v", r)
	}

	// A malformed puzzle is counted, as invalid: the tally adds up to the count.
	out, _, code = runCmd(t, "", "sudoku", "bench", "--data", "testdata/benchbad", "--set", "norvig-top95", "--json")
	schematest.ValidateLines(t, "sudoku.json#/$defs/bench", []byte(out))
	r = benchJSON{}
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatalf("%v: %q", err, out)
	}
	if code != exitFail || r.Status != "invalid" || r.Count != 2 || r.Tally["unique"] != 1 || r.Tally["invalid"] != 1 {
		t.Errorf("a malformed puzzle: exit %d, %+v", code, r)
	}

	t.Setenv("PUZZLE_DATA", "testdata/benchdata")
	out, errOut, code = runCmd(t, "", "sudoku", "bench", "--set", "top95.txt", "--max", "2")
	if code != exitOK || errOut != "" {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if last := strings.Fields(lines[len(lines)-1]); len(lines) != 4 || !strings.HasPrefix(lines[2], "set ") || last[0] != "norvig-top95" || last[1] != "2" || last[2] != "1" {
		t.Errorf("table:\n%s", out)
	}

	_, errOut, code = runCmd(t, "", "sudoku", "bench", "--set", "norvig-hardest")
	if code != exitFail || !strings.Contains(errOut, filepath.Join("norvig", "hardest.txt")) {
		t.Errorf("missing set file: exit %d, stderr %q", code, errOut)
	}
	_, errOut, code = runCmd(t, "", "sudoku", "bench", "--data", "testdata/nowhere")
	if code != exitFail || !strings.Contains(errOut, "no sudoku data at") || !strings.Contains(errOut, "nowhere") {
		t.Errorf("missing data: exit %d, stderr %q", code, errOut)
	}
}

func TestBenchShared(t *testing.T) {
	dir := sharedData(t)
	out, errOut, code := runCmd(t, "", "sudoku", "bench", "--data", dir, "--max", "20", "--json",
		"--set", "norvig-hardest,gecode-9x9,gecode-16x16,17-clue")
	if code != exitOK || errOut != "" {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	schematest.ValidateLines(t, "sudoku.json#/$defs/bench", []byte(out))
	var sets []string
	for line := range strings.Lines(out) {
		var r benchJSON
		if err := json.Unmarshal([]byte(line), &r); err != nil {
			t.Fatal(err)
		}
		if r.Status != "solved" || r.Count == 0 || r.Count > 20 || r.Tally["unique"]+r.Tally["multiple"]+r.Tally["none"] != r.Count || r.Tally["timeout"] != 0 {
			t.Errorf("%+v", r)
		}
		sets = append(sets, r.Set)
	}
	if strings.Join(sets, ",") != "norvig-hardest,gecode-9x9,gecode-16x16,17-clue" {
		t.Errorf("sets %q", sets)
	}
}

// TestSudokuExitCodes gives every sudoku verb a case of each exit code it
// can return: 0 ok, 1 a puzzle invalid, without solution or timed out (or
// an input unreadable), 2 usage.
func TestSudokuExitCodes(t *testing.T) {
	t.Parallel()
	unique := "testdata/unique9.txt"
	for _, tc := range []struct {
		args []string
		code int
	}{
		{[]string{"solve", unique}, exitOK},
		{[]string{"solve", "testdata/multiple9.txt"}, exitOK},
		{[]string{"solve", "--limit", "1", unique}, exitOK},
		{[]string{"solve", "testdata/none9.txt"}, exitFail},
		{[]string{"solve", "testdata/malformed.txt"}, exitFail},
		{[]string{"solve", "testdata/no-such-file.txt"}, exitFail},
		{[]string{"solve", "--limit", "-1", unique}, exitUsage},
		{[]string{"solve", "--all", "--limit", "2", unique}, exitOK},
		{[]string{"solve", "--format", "euler", "testdata/big16.txt"}, exitUsage},
		{[]string{"solve", "--frobnicate", unique}, exitUsage},

		{[]string{"euler", "testdata/euler5.txt"}, exitOK},
		{[]string{"euler", "testdata/multiple9.txt"}, exitFail},
		{[]string{"euler", "testdata/malformed.txt"}, exitFail},
		{[]string{"euler", "--json", unique}, exitUsage},

		{[]string{"format", "--to", "grid", unique}, exitOK},
		{[]string{"format", "testdata/malformed.txt"}, exitFail},
		{[]string{"format", "--to", "euler", "testdata/big16.txt"}, exitUsage},
		{[]string{"format", "--to", "bogus", unique}, exitUsage},

		{[]string{"rate", unique}, exitOK},
		{[]string{"rate", "testdata/multiple9.txt"}, exitOK},
		{[]string{"rate", "testdata/none9.txt"}, exitFail},
		{[]string{"rate", "testdata/malformed.txt"}, exitFail},
		{[]string{"rate", "--timeout", "-1s", unique}, exitUsage},

		{[]string{"generate", "--size", "4", "--seed", "1"}, exitOK},
		{[]string{"generate", "--size", "4", "--seed", "1", "--difficulty", "expert"}, exitFail}, // missed
		{[]string{"generate", "--size", "10"}, exitUsage},

		{[]string{"bench", "--data", "testdata/benchdata", "--set", "norvig-top95", "--max", "2"}, exitOK},
		{[]string{"bench", "--data", "testdata/nowhere"}, exitFail},
		{[]string{"bench", "--data", "testdata/benchdata", "--set", "nope"}, exitUsage},
	} {
		args := append([]string{"sudoku"}, tc.args...)
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			if tc.args[0] != "bench" { // bench sets GOMAXPROCS while timing
				t.Parallel()
			}
			_, errOut, code := runCmd(t, "", args...)
			if code != tc.code {
				t.Errorf("exit %d, want %d; stderr %q", code, tc.code, errOut)
			}
			if code == exitUsage && !strings.Contains(errOut, "Run 'puzzle help sudoku "+tc.args[0]+"' for usage.") {
				t.Errorf("usage error without its hint: stderr %q", errOut)
			}
		})
	}
}

// TestSudokuTimeoutRecords checks the timeout records of rate and generate.
func TestSudokuTimeoutRecords(t *testing.T) {
	t.Parallel()
	empty25 := strings.Repeat(".", 625) + "\n"
	// A limit that has run out before the work starts: the solver must
	// notice it however fast the work would be.
	out, errOut, code := runCmd(t, empty25, "sudoku", "rate", "--json", "--timeout", "1ns")
	schematest.ValidateLines(t, "sudoku.json#/$defs/rate", []byte(out))
	if code != exitFail || !strings.Contains(out, `"status":"timeout","error":"no answer within 1ns"`) {
		t.Errorf("rate: exit %d, stdout %q, stderr %q", code, out, errOut)
	}

	ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
	defer cancel()
	out, errOut, code = runCtx(t, ctx, "", "sudoku", "generate", "--json", "--size", "25", "--seed", "1", "--budget", "1m")
	schematest.ValidateLines(t, "sudoku.json#/$defs/generate", []byte(out))
	if code != exitFail || !strings.Contains(out, `"status":"timeout","error":"interrupted","seed":"1"`) || !strings.Contains(errOut, "interrupted") {
		t.Errorf("generate: exit %d, stdout %q, stderr %q", code, out, errOut)
	}
}

// TestSolveAnswersBeforeMoreInput checks that the answer to a puzzle read
// from a pipe comes out while the program waits for the next one: the
// records that wait in the output buffer are flushed before the input is
// read again. Each puzzle's record is read before the next puzzle is
// written, so a record held back would block the test (and fail it at its
// deadline) rather than pass.
func TestSolveAnswersBeforeMoreInput(t *testing.T) {
	t.Parallel()
	for _, workers := range []string{"1", "2"} { // one core, and the pipeline
		t.Run(workers, func(t *testing.T) { answersBeforeMoreInput(t, workers) })
	}
}

func answersBeforeMoreInput(t *testing.T, workers string) {
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	done := make(chan int, 1)
	go func() {
		done <- run(context.Background(), inR, outW, io.Discard, []string{"sudoku", "solve", "--json", "--workers", workers})
		outW.Close()
	}()
	lines := bufio.NewScanner(outR)
	for i, p := range []string{"53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79", "1...............", "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"} {
		if _, err := io.WriteString(inW, p+"\n"); err != nil {
			t.Fatal(err)
		}
		if !lines.Scan() {
			t.Fatalf("puzzle %d: no record before more input: %v", i+1, lines.Err())
		}
		var r record.SudokuSolve
		if err := json.Unmarshal(lines.Bytes(), &r); err != nil || r.Line != i+1 || !r.Status.Solved() {
			t.Fatalf("puzzle %d: record %s (%v)", i+1, lines.Bytes(), err)
		}
	}
	inW.Close()
	if lines.Scan() {
		t.Errorf("a record too many: %s", lines.Bytes())
	}
	if code := <-done; code != exitOK {
		t.Errorf("exit %d", code)
	}
}

// TestSolveJSONBothWriters checks that a record written by encoding/json,
// because its file name needs escaping, holds the same solution as one
// written by the record's own appender, and that both pass the schema.
func TestSolveJSONBothWriters(t *testing.T) {
	t.Parallel()
	in, err := os.ReadFile("testdata/unique9.txt")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	plain, odd := filepath.Join(dir, "plain.txt"), filepath.Join(dir, "é \"q\".txt")
	for _, f := range []string{plain, odd} {
		if err := os.WriteFile(f, in, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	out, errOut, code := runCmd(t, "", "sudoku", "solve", "--json", plain, odd)
	if code != exitOK || errOut != "" {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	recs := parseLines(t, out)
	if len(recs) != 4 {
		t.Fatalf("%d records, want 4:\n%s", len(recs), out)
	}
	for i := range 2 {
		a, b := recs[i], recs[i+2]
		if a.File != plain || b.File != odd || len(a.Solution) != 9 || !slices.EqualFunc(a.Solution, b.Solution, slices.Equal) {
			t.Errorf("puzzle %d: %+v and %+v", i+1, a, b)
		}
	}
}

// TestSudokuSolveUndecided: --undecided gives exactly the cells where the
// solutions differ, as the full listing of --all shows them, in JSON and
// in the human output; a unique puzzle gets none; --all with it is a usage
// error.
func TestSudokuSolveUndecided(t *testing.T) {
	const several = "...85....9..76..........85..1...65..5.9.2...7....4....3....2..976.3....22......8.\n12..34..........\n"
	out, errOut, code := runCmd(t, several, "sudoku", "solve", "--json", "--all", "-")
	if code != 0 {
		t.Fatalf("--all: exit %d, %s", code, errOut)
	}
	var want [][]record.Cell
	dec := json.NewDecoder(strings.NewReader(out))
	for dec.More() {
		var rec struct {
			Rows      int
			Solutions [][][]int
		}
		if err := dec.Decode(&rec); err != nil {
			t.Fatal(err)
		}
		var cells []record.Cell
		for r := range rec.Rows {
			for c := range rec.Rows {
				for _, s := range rec.Solutions {
					if s[r][c] != rec.Solutions[0][r][c] {
						cells = append(cells, record.Cell{Row: r, Col: c})
						break
					}
				}
			}
		}
		if len(rec.Solutions) < 2 || len(cells) == 0 {
			t.Fatalf("--all listed %d solutions", len(rec.Solutions))
		}
		want = append(want, cells)
	}
	out, errOut, code = runCmd(t, several+"..685....9..76..........85..1...65..5.9.2...7....4....3....2..976.3....22......8.\n",
		"sudoku", "solve", "--json", "--undecided", "-")
	if code != 0 {
		t.Fatalf("--undecided: exit %d, %s", code, errOut)
	}
	dec = json.NewDecoder(strings.NewReader(out))
	for i := 0; dec.More(); i++ {
		var rec struct {
			Status    string
			Undecided []record.Cell
		}
		if err := dec.Decode(&rec); err != nil {
			t.Fatal(err)
		}
		switch {
		case i < len(want) && (rec.Status != "multiple" || !slices.Equal(rec.Undecided, want[i])):
			t.Errorf("puzzle %d: %s, undecided %v; the listing says %v", i+1, rec.Status, rec.Undecided, want[i])
		case i == len(want) && (rec.Status != "unique" || rec.Undecided != nil):
			t.Errorf("the unique puzzle: %s, undecided %v", rec.Status, rec.Undecided)
		}
	}
	out, _, _ = runCmd(t, "12..34..........\n", "sudoku", "solve", "--undecided", "-")
	if !strings.Contains(out, fmt.Sprintf("undecided: %d cells, where solutions differ", len(want[1]))) || !strings.Contains(out, want[1][0].String()) {
		t.Errorf("human output:\n%s", out)
	}
	if _, errOut, code := runCmd(t, several, "sudoku", "solve", "--undecided", "--all", "-"); code != 2 || !strings.Contains(errOut, "--undecided") {
		t.Errorf("--undecided --all: exit %d, %q", code, errOut)
	}
}

// TestSudokuSuggestJSON checks --suggest --json by solving again: the
// hints, given from the record's solution, leave one solution, and each
// removable given can go with the puzzle staying unique.
func TestSudokuSuggestJSON(t *testing.T) {
	t.Parallel()
	out, _, code := runCmd(t, "", "sudoku", "solve", "--suggest", "--json", "testdata/multiple9.txt", "testdata/unique9.txt")
	if code != exitOK {
		t.Fatalf("exit %d", code)
	}
	seen := map[string]int{}
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		var rec struct {
			Status   string
			Solution [][]int
			Puzzle   string
			Line     int
			File     string
			Suggest  *struct {
				Hints, Removable []struct{ Row, Col int }
				Exact, Minimal   *bool
			}
		}
		if err := json.Unmarshal([]byte(line), &rec); err != nil {
			t.Fatal(err)
		}
		f, err := os.Open(rec.File)
		if err != nil {
			t.Fatal(err)
		}
		var p *sudoku.Puzzle
		for q, err := range sudoku.NewReader(f, rec.File).All() {
			if err == nil && q.Line == rec.Line {
				p = q
			}
		}
		f.Close()
		s := rec.Suggest
		if p == nil || s == nil {
			t.Fatalf("%s:%d: no puzzle or no suggestions", rec.File, rec.Line)
		}
		seen[rec.Status]++
		solve := func(q *sudoku.Puzzle) status.Status {
			r, err := sudoku.Solve(context.Background(), q, sudoku.Options{})
			if err != nil {
				t.Fatal(err)
			}
			return r.Status
		}
		switch rec.Status {
		case "multiple":
			q := p.Clone()
			for _, c := range s.Hints {
				q.Cells[c.Row*9+c.Col] = uint8(rec.Solution[c.Row][c.Col])
			}
			if len(s.Hints) == 0 || !*s.Exact || solve(q) != status.Unique {
				t.Errorf("%s:%d: hints %v do not make it unique", rec.File, rec.Line, s.Hints)
			}
		case "unique":
			if *s.Minimal != (len(s.Removable) == 0) {
				t.Errorf("%s:%d: minimal %v with %d removable", rec.File, rec.Line, *s.Minimal, len(s.Removable))
			}
			for _, c := range s.Removable {
				q := p.Clone()
				q.Cells[c.Row*9+c.Col] = 0
				if solve(q) != status.Unique {
					t.Errorf("%s:%d: without %v not unique", rec.File, rec.Line, c)
				}
			}
		}
	}
	if seen["multiple"] != 1 || seen["unique"] != 2 {
		t.Errorf("statuses %v", seen)
	}
}
