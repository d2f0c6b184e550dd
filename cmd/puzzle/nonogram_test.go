package main

import (
	"bytes"
	"context"
	"encoding/json"
	"encoding/xml"
	"errors"
	"flag"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/puzzlesolvers/puzzle/internal/schematest"
	"github.com/puzzlesolvers/puzzle/nonogram"
)

// The nonogram fixtures and golden files live in testdata/nonogram; the
// examples shipped with the module are used as they are.
const (
	nonoData     = "testdata/nonogram"
	nonoExamples = "../../examples/nonogram"
)

func nonoFile(name string) string { return nonoData + "/" + name }
func nonoExample(name string) string {
	return nonoExamples + "/" + name
}

// nonoExampleFiles returns examples/nonogram/*.txt, sorted.
func nonoExampleFiles(t *testing.T) []string {
	t.Helper()
	files, err := filepath.Glob(nonoExamples + "/*.txt")
	if err != nil || len(files) == 0 {
		t.Fatalf("no examples: %v", err)
	}
	slices.Sort(files)
	return files
}

// JSON output: the times change from run to run and the work counters with
// the solver, so golden files hold "T" and "N" instead. The tests below
// check the counters' values where they mean something.
var (
	nonoTimeMSRE  = regexp.MustCompile(`"time_ms":[-+0-9.eE]+`)
	nonoCounterRE = regexp.MustCompile(`"(line_solves|probes|nodes|max_depth|conflicts)":\d+`)
)

func nonoNormalise(s string) string {
	s = timeRE.ReplaceAllString(s, "T")
	s = nonoTimeMSRE.ReplaceAllString(s, `"time_ms":"T"`)
	return nonoCounterRE.ReplaceAllString(s, `"$1":"N"`)
}

// nonoGolden compares got with testdata/nonogram/golden/name, or rewrites
// the file with -update.
func nonoGolden(t *testing.T, name, got string) {
	t.Helper()
	checkGoldenFile(t, filepath.Join(nonoData, "golden", name), got)
}

// nonoRecordJSON mirrors record.NonogramSolve for decoding; the stats are pointers
// so that a missing field shows.
type nonoRecordJSON struct {
	File         string         `json:"file"`
	Line         int            `json:"line"`
	Name         string         `json:"name"`
	Width        int            `json:"cols"`
	Height       int            `json:"rows"`
	Status       string         `json:"status"`
	Solution     []string       `json:"solution"`
	Solutions    [][]string     `json:"solutions"`
	Undecided    []nonoCellJSON `json:"undecided"`
	Count        int            `json:"count"`
	LimitReached bool           `json:"limit_reached"`
	LineSolvable bool           `json:"line_solvable"`
	Error        string         `json:"error"`
	Steps        []nonoStepJSON `json:"steps"`
	Explained    *bool          `json:"explained"`
	Stats        *struct {
		LineSolves *int64   `json:"line_solves"`
		Probes     *int64   `json:"probes"`
		Nodes      *int64   `json:"nodes"`
		MaxDepth   *int     `json:"max_depth"`
		Conflicts  *int64   `json:"conflicts"`
		TimeMS     *float64 `json:"time_ms"`
	} `json:"stats"`
}

type nonoStepJSON struct {
	Rule  string         `json:"rule"`
	Row   *int           `json:"row"`
	Col   *int           `json:"col"`
	Clue  []int          `json:"clue"`
	Cell  *nonoCellJSON  `json:"cell"`
	Fill  []nonoCellJSON `json:"filled_cells"`
	Empty []nonoCellJSON `json:"empty_cells"`
	Text  string         `json:"text"`
}

type nonoCellJSON struct {
	Row int `json:"row"`
	Col int `json:"col"`
}

// parseNono decodes JSON Lines output, rejecting fields the help does not
// document, and validates every record against the schema.
func parseNono(t *testing.T, out string) []nonoRecordJSON {
	t.Helper()
	schematest.ValidateLines(t, "nonogram.json#/$defs/solve", []byte(out))
	var recs []nonoRecordJSON
	for line := range strings.Lines(out) {
		dec := json.NewDecoder(strings.NewReader(line))
		dec.DisallowUnknownFields()
		var r nonoRecordJSON
		if err := dec.Decode(&r); err != nil {
			t.Fatalf("line %d is not a record: %v\n%s", len(recs)+1, err, line)
		}
		recs = append(recs, r)
	}
	return recs
}

func nonoStatuses(recs []nonoRecordJSON) string {
	var s []string
	for _, r := range recs {
		s = append(s, r.Status)
	}
	return strings.Join(s, " ")
}

// runLengths returns the clue of a line: the lengths of its runs of filled
// cells. It shares nothing with package nonogram.
func runLengths(filled []bool) []int {
	var runs []int
	n := 0
	for _, f := range filled {
		if f {
			n++
		} else if n > 0 {
			runs = append(runs, n)
			n = 0
		}
	}
	if n > 0 {
		runs = append(runs, n)
	}
	return runs
}

// cluesOfRows re-derives the row and column clues of a picture given as
// rows of '#' and '.'.
func cluesOfRows(t *testing.T, rows []string) (rc, cc [][]int) {
	t.Helper()
	if len(rows) == 0 {
		t.Fatal("empty picture")
	}
	w := len(rows[0])
	for _, r := range rows {
		if len(r) != w || strings.Trim(r, "#.") != "" {
			t.Fatalf("picture %q is not rows of '#' and '.' of one width", rows)
		}
		line := make([]bool, w)
		for c := range w {
			line[c] = r[c] == '#'
		}
		rc = append(rc, runLengths(line))
	}
	for c := range w {
		line := make([]bool, len(rows))
		for r := range rows {
			line[r] = rows[r][c] == '#'
		}
		cc = append(cc, runLengths(line))
	}
	return rc, cc
}

func sameClues(a, b [][]int) bool {
	return slices.EqualFunc(a, b, func(x, y []int) bool { return slices.Equal(x, y) })
}

// meetsClues reports whether the picture has exactly the puzzle's clues.
func meetsClues(t *testing.T, p *nonogram.Puzzle, rows []string) bool {
	t.Helper()
	rc, cc := cluesOfRows(t, rows)
	return sameClues(rc, p.Rows) && sameClues(cc, p.Cols)
}

// bruteNonogram enumerates all 2^(w·h) pictures of a small grid and
// returns, sorted, those whose rows and columns have the given clues. It is
// the oracle the tests trust.
func bruteNonogram(t *testing.T, rows, cols [][]int) [][]string {
	t.Helper()
	h, w := len(rows), len(cols)
	if w*h > 20 {
		t.Fatalf("%d×%d is too big for the brute force", h, w)
	}
	bits := func(v, n int) []bool {
		line := make([]bool, n)
		for i := range n {
			line[i] = v>>i&1 == 1
		}
		return line
	}
	// rowOK[r][v]: the row pattern v (bit c is column c) meets row r's clue.
	rowOK := make([][]bool, h)
	for r := range h {
		rowOK[r] = make([]bool, 1<<w)
		for v := range 1 << w {
			rowOK[r][v] = slices.Equal(runLengths(bits(v, w)), rows[r])
		}
	}
	var found [][]string
	col := make([]bool, h)
next:
	for m := range 1 << (w * h) {
		for r := range h {
			if !rowOK[r][m>>(r*w)&(1<<w-1)] {
				continue next
			}
		}
		for c := range w {
			for r := range h {
				col[r] = m>>(r*w+c)&1 == 1
			}
			if !slices.Equal(runLengths(col), cols[c]) {
				continue next
			}
		}
		pic := make([]string, h)
		for r := range h {
			var b strings.Builder
			for c := range w {
				b.WriteByte(".#"[m>>(r*w+c)&1])
			}
			pic[r] = b.String()
		}
		found = append(found, pic)
	}
	slices.SortFunc(found, func(a, b []string) int { return strings.Compare(strings.Join(a, "/"), strings.Join(b, "/")) })
	return found
}

func TestBruteNonogram(t *testing.T) {
	t.Parallel()
	// Every permutation matrix, and nothing else, has one cell per line.
	ones := [][]int{{1}, {1}, {1}}
	if got := bruteNonogram(t, ones, ones); len(got) != 6 {
		t.Errorf("3×3 with every clue 1: %d pictures, want 3! = 6", len(got))
	}
	got := bruteNonogram(t, [][]int{{2}, {}}, [][]int{{1}, {1}})
	if len(got) != 1 || strings.Join(got[0], "/") != "##/.." {
		t.Errorf("got %q", got)
	}
	if got := bruteNonogram(t, [][]int{{2}, {}}, [][]int{{}, {2}}); len(got) != 0 {
		t.Errorf("impossible clues give %q", got)
	}
}

// nonoFixtures returns the valid puzzles of a file by starting line.
func nonoFixtures(t *testing.T, path string) map[int]*nonogram.Puzzle {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	ps := map[int]*nonogram.Puzzle{}
	rd := nonogram.NewReader(f, path, "")
	for {
		p, err := rd.Next()
		if err == io.EOF {
			return ps
		}
		if errors.As(err, new(*nonogram.SyntaxError)) {
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		ps[p.Line] = p
	}
}

// nonoReadAll reads every puzzle of text in format f, failing on any error.
func nonoReadAll(t *testing.T, text, name string, f nonogram.Format) []*nonogram.Puzzle {
	t.Helper()
	var ps []*nonogram.Puzzle
	rd := nonogram.NewReader(strings.NewReader(text), name, f)
	for {
		p, err := rd.Next()
		if err == io.EOF {
			return ps
		}
		if err != nil {
			t.Fatalf("reading %s back: %v\n%s", name, err, text)
		}
		ps = append(ps, p)
	}
}

// checkNonoRecords checks every record against the puzzle on its line:
// size and name, every picture meets the clues (re-derived in the test),
// the count agrees with the status and the pictures listed, and the stats
// are there. Puzzles of at most 20 cells are also solved by brute force:
// the status must agree, and with all the count and the pictures must be
// exactly the brute-force ones.
func checkNonoRecords(t *testing.T, recs []nonoRecordJSON, all bool) {
	t.Helper()
	fixtures := map[string]map[int]*nonogram.Puzzle{}
	for _, r := range recs {
		where := fmt.Sprintf("%s:%d", r.File, r.Line)
		if r.Status == "invalid" {
			if !strings.Contains(r.Error, where+": ") {
				t.Errorf("%s: error %q does not name the file and line", where, r.Error)
			}
			if r.Solution != nil || r.Stats != nil || r.Count != 0 || r.Width != 0 || r.Height != 0 {
				t.Errorf("%s: an invalid puzzle has a picture, a size, a count or stats", where)
			}
			continue
		}
		ps, ok := fixtures[r.File]
		if !ok {
			ps = nonoFixtures(t, r.File)
			fixtures[r.File] = ps
		}
		p := ps[r.Line]
		if p == nil {
			t.Errorf("%s: no puzzle starts on that line", where)
			continue
		}
		if r.Width != p.Width() || r.Height != p.Height() || r.Name != p.Name {
			t.Errorf("%s: %d×%d %q, want %d×%d %q", where, r.Height, r.Width, r.Name, p.Height(), p.Width(), p.Name)
		}
		if s := r.Stats; s == nil || s.LineSolves == nil || s.Probes == nil || s.Nodes == nil || s.MaxDepth == nil || s.TimeMS == nil {
			t.Errorf("%s: stats missing or incomplete: %+v", where, r.Stats)
		} else {
			if *s.LineSolves < 1 || *s.TimeMS < 0 || *s.Probes < 0 || *s.MaxDepth < 0 {
				t.Errorf("%s: stats %+v", where, *s)
			}
			if r.LineSolvable && (*s.Nodes != 1 || *s.Probes != 0 || *s.MaxDepth != 0) {
				t.Errorf("%s: line-solvable, yet nodes %d, probes %d, depth %d", where, *s.Nodes, *s.Probes, *s.MaxDepth)
			}
		}
		pics := slices.Clone(r.Solutions)
		if r.Solution != nil {
			if len(pics) > 0 && !slices.Equal(pics[0], r.Solution) {
				t.Errorf("%s: solution is not the first of solutions", where)
			}
			pics = append(pics, r.Solution)
		}
		for _, pic := range pics {
			if !meetsClues(t, p, pic) {
				t.Errorf("%s: picture %q does not meet the clues", where, pic)
			}
		}
		switch {
		case r.Undecided != nil && r.Status != "multiple":
			t.Errorf("%s: status %s with undecided cells", where, r.Status)
		case r.Undecided != nil && p.Width()*p.Height() <= 20 && !p.IsColor():
			// Exactly the cells where two of the brute force's pictures
			// differ.
			brute := bruteNonogram(t, p.Rows, p.Cols)
			var differ []nonoCellJSON
			for y := range brute[0] {
				for x := range brute[0][y] {
					if slices.ContainsFunc(brute[1:], func(b []string) bool { return b[y][x] != brute[0][y][x] }) {
						differ = append(differ, nonoCellJSON{y, x})
					}
				}
			}
			if !slices.Equal(differ, r.Undecided) {
				t.Errorf("%s: undecided cells %v, the pictures differ on %v", where, r.Undecided, differ)
			}
		case r.Undecided != nil && r.Solutions != nil:
			// At least the cells where two listed pictures differ.
			for y := range r.Solutions[0] {
				for x := range r.Solutions[0][y] {
					if slices.ContainsFunc(r.Solutions[1:], func(s []string) bool { return s[y][x] != r.Solutions[0][y][x] }) &&
						!slices.Contains(r.Undecided, nonoCellJSON{y, x}) {
						t.Errorf("%s: pictures differ on row %d col %d, not undecided", where, y, x)
					}
				}
			}
		}
		if r.Solutions != nil {
			if len(r.Solutions) != r.Count {
				t.Errorf("%s: count %d, %d solutions listed", where, r.Count, len(r.Solutions))
			}
			seen := map[string]bool{}
			for _, s := range r.Solutions {
				seen[strings.Join(s, "/")] = true
			}
			if len(seen) != len(r.Solutions) {
				t.Errorf("%s: the same picture is listed twice", where)
			}
		}
		switch want := map[string]int{"none": 0, "unique": 1, "solved": 1}; r.Status {
		case "none", "unique", "solved":
			if r.Count != want[r.Status] || (r.Count == 0) != (r.Solution == nil) {
				t.Errorf("%s: status %s with count %d", where, r.Status, r.Count)
			}
		case "multiple":
			if r.Count < 2 || r.Solution == nil {
				t.Errorf("%s: status multiple with count %d", where, r.Count)
			}
		default:
			t.Errorf("%s: status %q", where, r.Status)
		}
		if p.Width()*p.Height() > 20 || r.Status == "solved" {
			continue
		}
		brute := bruteNonogram(t, p.Rows, p.Cols)
		if want := []string{"none", "unique", "multiple"}[min(len(brute), 2)]; r.Status != want {
			t.Errorf("%s: status %s, the brute force finds %d pictures", where, r.Status, len(brute))
		}
		if all {
			got := slices.Clone(r.Solutions)
			slices.SortFunc(got, func(a, b []string) int { return strings.Compare(strings.Join(a, "/"), strings.Join(b, "/")) })
			if r.Count != len(brute) || !slices.EqualFunc(got, brute, slices.Equal) {
				t.Errorf("%s: count %d, %q; the brute force finds %d, %q", where, r.Count, got, len(brute), brute)
			}
		}
	}
}

// TestNonoGolden checks the human and JSON output, with times replaced by
// T and (in JSON) the solver's counters by N.
func TestNonoGolden(t *testing.T) {
	t.Parallel()
	examples := nonoExampleFiles(t)
	heart, statuses := nonoExample("heart.txt"), nonoExample("statuses.txt")
	for _, tc := range []struct {
		name string
		args []string
	}{
		{"solve-examples", append([]string{"nonogram", "solve"}, examples...)},
		{"solve-examples-json", append([]string{"nonogram", "solve", "--json"}, examples...)},
		{"solve-explain-heart", []string{"nonogram", "solve", "--explain", heart}},
		{"solve-explain-statuses", []string{"nonogram", "solve", "--explain", statuses}},
		{"solve-explain-probing", []string{"nonogram", "solve", "--explain", nonoFile("probing.txt")}},
		{"solve-explain-probing-json", []string{"nonogram", "solve", "--explain", "--json", nonoFile("probing.txt")}},
		{"solve-bad", []string{"nonogram", "solve", nonoFile("bad.txt"), nonoFile("truncated.txt"), nonoFile("bad.non")}},
		{"solve-bad-json", []string{"nonogram", "solve", "--json", nonoFile("bad.txt"), nonoFile("truncated.txt"), nonoFile("bad.non")}},
		{"solve-all-two", []string{"nonogram", "solve", "--all", nonoFile("two.txt"), heart}},
		{"solve-limit3-several", []string{"nonogram", "solve", "--limit", "3", nonoFile("several.txt")}},
		{"solve-suggest", []string{"nonogram", "solve", "--suggest", nonoFile("rocket.txt"), nonoFile("several.txt")}},
		{"solve-limit1-statuses", []string{"nonogram", "solve", "--limit=1", statuses}},
		{"solve-names", []string{"nonogram", "solve", nonoFile("squares.non")}},
		{"render-heart", []string{"nonogram", "render", heart}},
		{"render-heart-blank", []string{"nonogram", "render", "--blank", heart}},
		{"render-heart-no-clues", []string{"nonogram", "render", "--no-clues", heart}},
		{"render-statuses", []string{"nonogram", "render", statuses}},
		{"render-two", []string{"nonogram", "render", nonoFile("two.txt")}},
		{"render-bad", []string{"nonogram", "render", nonoFile("bad.txt")}},
		{"colour-explain", []string{"nonogram", "solve", "--explain", nonoExample("colour.xml")}},
		{"colour-render", []string{"nonogram", "render", nonoExample("colour.xml")}},
		{"colour-convert-xml", []string{"nonogram", "convert", "--to", "xml", nonoExample("colour.xml")}},
		{"colour-convert-non", []string{"nonogram", "convert", "--to", "non", nonoExample("colour.xml")}},
		{"help-nonogram", []string{"help", "nonogram"}},
		{"help-nonogram-solve", []string{"help", "nonogram", "solve"}},
		{"help-nonogram-render", []string{"help", "nonogram", "render"}},
		{"help-nonogram-convert", []string{"help", "nonogram", "convert"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			out, errOut, code := runCmd(t, "", tc.args...)
			got := fmt.Sprintf("$ puzzle %s\n%s-- stderr --\n%s-- exit %d --\n", strings.Join(tc.args, " "), out, errOut, code)
			nonoGolden(t, tc.name+".golden", nonoNormalise(got))
		})
	}
	for _, f := range nonogram.Formats {
		in := nonoFile("squares.non")
		if f == nonogram.FormatNIN || f == nonogram.FormatCWD || f == nonogram.FormatMK {
			in = heart
		}
		args := []string{"nonogram", "convert", "--to", string(f), in}
		t.Run("convert-"+string(f), func(t *testing.T) {
			t.Parallel()
			out, errOut, code := runCmd(t, "", args...)
			got := fmt.Sprintf("$ puzzle %s\n%s-- stderr --\n%s-- exit %d --\n", strings.Join(args, " "), out, errOut, code)
			nonoGolden(t, "convert-"+string(f)+".golden", got)
		})
	}
}

func TestNonoSolveJSON(t *testing.T) {
	t.Parallel()
	examples := nonoExampleFiles(t)
	var exampleStatuses []string
	for _, f := range examples {
		switch filepath.Base(f) {
		case "statuses.txt":
			exampleStatuses = append(exampleStatuses, "unique", "multiple", "none")
		case "rocket.txt": // the author's draft of docs/authors.md: four pictures
			exampleStatuses = append(exampleStatuses, "multiple")
		default:
			exampleStatuses = append(exampleStatuses, "unique")
		}
	}
	for _, tc := range []struct {
		name     string
		files    []string
		statuses string
		code     int
	}{
		{"examples", examples, strings.Join(exampleStatuses, " "), exitFail},
		{"heart", []string{nonoExample("heart.txt")}, "unique", exitOK},
		{"several", []string{nonoFile("several.txt")}, "multiple multiple multiple multiple", exitOK},
		{"two", []string{nonoFile("two.txt")}, "multiple", exitOK},
		{"probing", []string{nonoFile("probing.txt")}, "unique", exitOK},
		{"squares", []string{nonoFile("squares.non")}, "unique unique multiple", exitOK},
		{"bad", []string{nonoFile("bad.txt")}, "invalid unique invalid unique invalid unique", exitFail},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			out, errOut, code := runCmd(t, "", append([]string{"nonogram", "solve", "--json"}, tc.files...)...)
			if code != tc.code || errOut != "" {
				t.Errorf("exit %d, stderr %q; want exit %d and nothing on stderr", code, errOut, tc.code)
			}
			recs := parseNono(t, out)
			if got := nonoStatuses(recs); got != tc.statuses {
				t.Fatalf("statuses %q, want %q", got, tc.statuses)
			}
			// Input order: files in argument order, lines increasing in each.
			fi := 0
			for i, r := range recs {
				for fi < len(tc.files) && r.File != tc.files[fi] {
					fi++
				}
				if fi == len(tc.files) {
					t.Fatalf("record %d (%s:%d) out of order", i, r.File, r.Line)
				}
				if i > 0 && recs[i-1].File == r.File && recs[i-1].Line >= r.Line {
					t.Errorf("record %d (%s:%d) out of order", i, r.File, r.Line)
				}
				if r.Solutions != nil || r.Steps != nil || r.Explained != nil {
					t.Errorf("%s:%d: solutions or steps without --all or --explain", r.File, r.Line)
				}
			}
			checkNonoRecords(t, recs, false)
		})
	}

	// The examples say which puzzles line solving finishes.
	out, _, _ := runCmd(t, "", "nonogram", "solve", "--json", nonoExample("heart.txt"), nonoExample("duck.txt"),
		nonoFile("probing.txt"), nonoFile("two.txt"))
	var ls []bool
	for _, r := range parseNono(t, out) {
		ls = append(ls, r.LineSolvable)
	}
	if want := []bool{true, true, false, false}; !slices.Equal(ls, want) {
		t.Errorf("line_solvable %v, want %v", ls, want)
	}
}

func TestNonoSolveAll(t *testing.T) {
	t.Parallel()
	files := []string{nonoFile("several.txt"), nonoFile("two.txt"), nonoFile("squares.non"), nonoExample("statuses.txt")}
	t.Run("undecided", func(t *testing.T) {
		for _, all := range []bool{false, true} {
			args := []string{"nonogram", "solve", "--json", "--undecided"}
			if all {
				args = append(args, "--all")
			}
			out, _, code := runCmd(t, "", append(args, files...)...)
			if code != exitFail { // statuses.txt has a puzzle with no picture
				t.Errorf("exit %d", code)
			}
			recs := parseNono(t, out)
			multiple := 0
			for _, r := range recs {
				if r.Status == "multiple" {
					multiple++
					if len(r.Undecided) == 0 {
						t.Errorf("%s:%d: status multiple without undecided cells", r.File, r.Line)
					}
				}
			}
			if multiple < 5 {
				t.Errorf("only %d puzzles with several pictures", multiple)
			}
			checkNonoRecords(t, recs, all)
		}
	})
	t.Run("all", func(t *testing.T) {
		out, errOut, code := runCmd(t, "", append([]string{"nonogram", "solve", "--json", "--all"}, files...)...)
		if code != exitFail || errOut != "" { // statuses.txt has a puzzle with no picture
			t.Errorf("exit %d, stderr %q", code, errOut)
		}
		recs := parseNono(t, out)
		if got, want := nonoStatuses(recs), "multiple multiple multiple multiple multiple unique unique multiple unique multiple none"; got != want {
			t.Fatalf("statuses %q, want %q", got, want)
		}
		for _, r := range recs {
			if r.Status != "none" && len(r.Solutions) != r.Count {
				t.Errorf("%s:%d: count %d, %d solutions", r.File, r.Line, r.Count, len(r.Solutions))
			}
		}
		if recs[0].Count != 24 {
			t.Errorf("4×4 with every clue 1: %d pictures, want 4! = 24", recs[0].Count)
		}
		checkNonoRecords(t, recs, true)

		// The human output gives the same counts.
		human, _, _ := runCmd(t, "", append([]string{"nonogram", "solve", "--all"}, files...)...)
		for _, r := range recs {
			head := fmt.Sprintf("%s:%d", r.File, r.Line)
			if r.Name != "" {
				head += " " + r.Name
			}
			want := fmt.Sprintf("%s (%d×%d): %s", head, r.Height, r.Width, r.Status)
			if r.LineSolvable {
				want += ", line-solvable"
			}
			want += ", " + plural(r.Count, "picture") + " in "
			if !strings.Contains(human, "\n"+want) && !strings.HasPrefix(human, want) {
				t.Errorf("human output lacks %q:\n%s", want, human)
			}
		}
		if n := strings.Count(human, "picture 24:\n"); n != 1 {
			t.Errorf("%d pictures numbered 24, want 1", n)
		}
	})
	t.Run("limit 1", func(t *testing.T) {
		out, _, code := runCmd(t, "", "nonogram", "solve", "--json", "--limit", "1", nonoFile("several.txt"), nonoFile("two.txt"), nonoExample("heart.txt"))
		recs := parseNono(t, out)
		if code != exitOK || nonoStatuses(recs) != "solved solved solved solved solved solved" {
			t.Fatalf("exit %d, statuses %q", code, nonoStatuses(recs))
		}
		for _, r := range recs {
			if r.Count != 1 || r.Solutions != nil {
				t.Errorf("%s:%d: count %d, %d solutions listed", r.File, r.Line, r.Count, len(r.Solutions))
			}
		}
		checkNonoRecords(t, recs, false)
	})
	t.Run("limit 5", func(t *testing.T) {
		out, _, code := runCmd(t, "", "nonogram", "solve", "--json", "--limit=5", nonoFile("several.txt"), nonoFile("two.txt"), nonoExample("heart.txt"))
		recs := parseNono(t, out)
		if code != exitOK || nonoStatuses(recs) != "multiple multiple multiple multiple multiple unique" {
			t.Fatalf("exit %d, statuses %q", code, nonoStatuses(recs))
		}
		for _, r := range recs[:5] {
			p := nonoFixtures(t, r.File)[r.Line]
			if want := min(5, len(bruteNonogram(t, p.Rows, p.Cols))); r.Count != want || len(r.Solutions) != want {
				t.Errorf("%s:%d: count %d, %d solutions; want %d", r.File, r.Line, r.Count, len(r.Solutions), want)
			}
		}
		if len(recs[5].Solutions) != 1 {
			t.Errorf("unique puzzle: %d solutions listed", len(recs[5].Solutions))
		}
		checkNonoRecords(t, recs, false)
	})
}

// TestNonoExplain checks that the steps hold together: each decides cells
// not decided before, and together they draw the solution.
func TestNonoExplain(t *testing.T) {
	t.Parallel()
	files := []string{nonoExample("heart.txt"), nonoExample("duck.txt"), nonoFile("probing.txt"), nonoExample("statuses.txt")}
	out, errOut, code := runCmd(t, "", append([]string{"nonogram", "solve", "--json", "--explain"}, files...)...)
	if code != exitFail || errOut != "" {
		t.Errorf("exit %d, stderr %q", code, errOut)
	}
	recs := parseNono(t, out)
	if got, want := nonoStatuses(recs), "unique unique unique unique multiple none"; got != want {
		t.Fatalf("statuses %q, want %q", got, want)
	}
	checkNonoRecords(t, recs, false)
	rules := map[string]bool{"overlap": true, "line": true, "contradiction": true, "both-ways": true, "line-trial": true}
	human, _, _ := runCmd(t, "", append([]string{"nonogram", "solve", "--explain"}, files...)...)
	for i, r := range recs {
		where := fmt.Sprintf("%s:%d", r.File, r.Line)
		if r.Explained == nil {
			t.Errorf("%s: no explained field", where)
			continue
		}
		probed := false
		cells := map[[2]int]byte{}
		for j, s := range r.Steps {
			if !rules[s.Rule] || s.Text == "" {
				t.Errorf("%s: step %d has rule %q, text %q", where, j+1, s.Rule, s.Text)
			}
			probed = probed || s.Rule == "contradiction" || s.Rule == "both-ways" || s.Rule == "line-trial"
			if !strings.Contains(human, fmt.Sprintf("%3d. %s\n", j+1, s.Text)) {
				t.Errorf("%s: step %d %q is not in the human output", where, j+1, s.Text)
			}
			for k, list := range [2][]nonoCellJSON{s.Fill, s.Empty} {
				for _, rc := range list {
					if rc.Row < 0 || rc.Row >= r.Height || rc.Col < 0 || rc.Col >= r.Width {
						t.Fatalf("%s: step %d names cell %v", where, j+1, rc)
					}
					key := [2]int{rc.Row, rc.Col}
					if _, dup := cells[key]; dup {
						t.Errorf("%s: step %d decides r%dc%d again", where, j+1, rc.Row+1, rc.Col+1)
					}
					cells[key] = "#."[k]
				}
			}
		}
		switch {
		case r.Status == "unique" && *r.Explained:
			if len(r.Steps) == 0 {
				t.Errorf("%s: solved by logic without steps", where)
			}
			for y, row := range r.Solution {
				for x := range row {
					if cells[[2]int{y, x}] != row[x] {
						t.Errorf("%s: the steps give r%dc%d %q, the solution %q", where, y+1, x+1, cells[[2]int{y, x}], row[x])
					}
				}
			}
			if probed == r.LineSolvable {
				t.Errorf("%s: line-solvable %v, yet probing steps %v", where, r.LineSolvable, probed)
			}
			summary := fmt.Sprintf("  Solved by logic in %d steps.\n%s\n", len(r.Steps), strings.Join(r.Solution, "\n"))
			if !strings.Contains(human, summary) {
				t.Errorf("%s: human output lacks\n%s", where, summary)
			}
		case r.Status == "multiple":
			if *r.Explained || !strings.Contains(human, "Stuck after") {
				t.Errorf("%s: a puzzle with two pictures explained by logic", where)
			}
		case r.Status == "none":
			if *r.Explained || len(r.Steps) == 0 || r.Steps[len(r.Steps)-1].Rule != "contradiction" ||
				!strings.Contains(human, fmt.Sprintf("No solution: a contradiction after %d steps.", len(r.Steps))) {
				t.Errorf("%s: does not end in a contradiction: %+v", where, r.Steps)
			}
		default:
			t.Errorf("%s: status %s, explained %v", where, r.Status, *r.Explained)
		}
		if i < 2 && !r.LineSolvable {
			t.Errorf("%s: not line-solvable", where)
		}
		if filepath.Base(r.File) == "probing.txt" && (r.LineSolvable || !*r.Explained || !probed) {
			t.Errorf("%s: line-solvable %v, explained %v, probed %v; want false, true, true", where, r.LineSolvable, *r.Explained, probed)
		}
	}
}

func TestNonoBadInput(t *testing.T) {
	t.Parallel()
	bad, trunc, badNON := nonoFile("bad.txt"), nonoFile("truncated.txt"), nonoFile("bad.non")
	out, errOut, code := runCmd(t, "", "nonogram", "solve", "--json", bad, trunc, badNON)
	if code != exitFail || errOut != "" {
		t.Errorf("exit %d, stderr %q; want 1 and nothing", code, errOut)
	}
	recs := parseNono(t, out)
	want := []struct {
		file   string
		line   int
		status string
		msg    string
	}{
		{bad, 3, "invalid", "row 1 clue 3 needs 3 cells, the row has 2"},
		{bad, 9, "unique", ""},
		{bad, 18, "invalid", `row 2 clue "x": "x" is not a number`},
		{bad, 23, "unique", ""},
		{bad, 30, "invalid", "rows fill 2 cells but columns fill 3"},
		{bad, 37, "unique", ""},
		{trunc, 2, "unique", ""},
		{trunc, 10, "invalid", "input ends after 2 of 3 row clues"},
		{badNON, 5, "invalid", "row 1 clue 3 needs 3 cells, the row has 2"},
		{badNON, 11, "unique", ""},
	}
	if len(recs) != len(want) {
		t.Fatalf("%d records, want %d:\n%s", len(recs), len(want), out)
	}
	for i, w := range want {
		r := recs[i]
		if r.File != w.file || r.Line != w.line || r.Status != w.status {
			t.Errorf("record %d: %s:%d %s, want %s:%d %s", i, r.File, r.Line, r.Status, w.file, w.line, w.status)
		}
		if w.msg != "" && r.Error != fmt.Sprintf("nonogram: %s:%d: %s", w.file, w.line, w.msg) {
			t.Errorf("record %d: error %q, want %q at %s:%d", i, r.Error, w.msg, w.file, w.line)
		}
	}
	checkNonoRecords(t, recs, false)

	// The human output names file and line too, and goes on.
	human, _, code := runCmd(t, "", "nonogram", "solve", bad)
	for _, w := range want[:6] {
		prefix := fmt.Sprintf("%s:%d", w.file, w.line)
		if w.status == "invalid" {
			prefix += ": invalid: " + w.msg + "\n"
		} else {
			prefix += " (" // the header of a solved puzzle
		}
		if !strings.Contains(human, prefix) {
			t.Errorf("human output lacks %q:\n%s", prefix, human)
		}
	}
	if code != exitFail || !strings.Contains(human, "6 puzzles: 3 unique, 3 invalid in ") {
		t.Errorf("exit %d, no summary:\n%s", code, human)
	}

	// A good file alone exits 0; one invalid puzzle anywhere makes it 1.
	for _, tc := range []struct {
		files []string
		code  int
	}{
		{[]string{nonoExample("heart.txt")}, exitOK},
		{[]string{nonoExample("heart.txt"), trunc}, exitFail},
		{[]string{badNON, nonoExample("heart.txt")}, exitFail},
	} {
		if _, _, code := runCmd(t, "", append([]string{"nonogram", "solve"}, tc.files...)...); code != tc.code {
			t.Errorf("%q: exit %d, want %d", tc.files, code, tc.code)
		}
	}
}

func TestNonoMissingFile(t *testing.T) {
	t.Parallel()
	missing := nonoFile("no-such-file.txt")
	two := nonoFile("two.txt")
	for _, tc := range []struct {
		args []string
		want string // in stdout: the other file was read
	}{
		{[]string{"nonogram", "solve", "--json", missing, two}, `"file":"` + two + `"`},
		{[]string{"nonogram", "solve", missing, two}, two + ":3 (4×2): multiple"},
		{[]string{"nonogram", "render", missing, two}, "? ?"},
		{[]string{"nonogram", "convert", "--to", "non", missing, two}, "\ncolumns\n1,1\n1,1\n"},
	} {
		out, errOut, code := runCmd(t, "", tc.args...)
		if code != exitFail {
			t.Errorf("%q: exit %d, want 1", tc.args, code)
		}
		if !strings.HasPrefix(errOut, "puzzle nonogram "+tc.args[1]+": open "+missing+": ") {
			t.Errorf("%q: stderr %q does not name the file", tc.args, errOut)
		}
		if !strings.Contains(out, tc.want) {
			t.Errorf("%q: the other file was not read:\n%s", tc.args, out)
		}
	}
	out, _, _ := runCmd(t, "", "nonogram", "solve", "--json", missing, two)
	if recs := parseNono(t, out); nonoStatuses(recs) != "multiple" || recs[0].File != two {
		t.Errorf("the other file was not solved: %q", out)
	}
}

func TestNonoStdin(t *testing.T) {
	t.Parallel()
	heart, err := os.ReadFile(nonoExample("heart.txt"))
	if err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{
		{"nonogram", "solve", "--json"},
		{"nonogram", "solve", "--json", "-"},
		{"nonogram", "solve", "-", "--json"},
		{"nonogram", "solve", "--json", "--from", "plain", "-"},
	} {
		out, errOut, code := runCmd(t, string(heart), args...)
		if code != exitOK || errOut != "" {
			t.Fatalf("%q: exit %d, stderr %q", args, code, errOut)
		}
		recs := parseNono(t, out)
		if nonoStatuses(recs) != "unique" || recs[0].File != stdinName || recs[0].Line != 2 || !recs[0].LineSolvable {
			t.Errorf("%q: got %+v", args, recs)
		}
		p := nonoFixtures(t, nonoExample("heart.txt"))[2]
		if !meetsClues(t, p, recs[0].Solution) {
			t.Errorf("%q: %q does not meet the clues", args, recs[0].Solution)
		}
	}
	// Stdin among files, in argument order.
	out, _, code := runCmd(t, string(heart), "nonogram", "solve", "--json", nonoFile("two.txt"), "-", nonoFile("probing.txt"))
	recs := parseNono(t, out)
	if code != exitOK || len(recs) != 3 || recs[0].File != nonoFile("two.txt") || recs[1].File != stdinName || recs[2].File != nonoFile("probing.txt") {
		t.Errorf("exit %d, records %+v", code, recs)
	}
	// A wrong --from reads the input as that format and says where it fails.
	out, _, code = runCmd(t, string(heart), "nonogram", "solve", "--json", "--from", "non", "-")
	if recs := parseNono(t, out); code != exitFail || len(recs) != 1 || recs[0].Status != "invalid" || !strings.Contains(recs[0].Error, stdinName+":") {
		t.Errorf("--from non on a plain file: exit %d, %q", code, out)
	}
}

// TestNonoTimeout solves, with --all, a puzzle with 30! pictures.
func TestNonoTimeout(t *testing.T) {
	t.Parallel()
	ones30 := "30 30\n" + strings.Repeat("1\n", 60)
	type result struct {
		out, errOut string
		code        int
	}
	done := make(chan result, 1)
	start := time.Now()
	go func() {
		var out, errb bytes.Buffer
		code := run(context.Background(), strings.NewReader(ones30), &out, &errb,
			[]string{"nonogram", "solve", "--json", "--all", "--timeout", "50ms"})
		done <- result{out.String(), errb.String(), code}
	}()
	var res result
	select {
	case res = <-done:
	case <-time.After(30 * time.Second):
		t.Fatal("--timeout 50ms: still running after 30 s")
	}
	if d := time.Since(start); d > 10*time.Second {
		t.Errorf("--timeout 50ms took %v", d)
	}
	recs := parseNono(t, res.out)
	if res.code != exitFail || res.errOut != "" || len(recs) != 1 {
		t.Fatalf("exit %d, stderr %q, %d records", res.code, res.errOut, len(recs))
	}
	r := recs[0]
	if r.Status != "timeout" || r.Error != "no answer within 50ms" || r.Stats == nil {
		t.Errorf("status %s, error %q, stats %v", r.Status, r.Error, r.Stats)
	}
	// The pictures found so far are listed, and are permutation matrices.
	if r.Count != len(r.Solutions) {
		t.Errorf("count %d, %d solutions", r.Count, len(r.Solutions))
	}
	seen := map[string]bool{}
	for _, s := range r.Solutions {
		rc, cc := cluesOfRows(t, s)
		for _, c := range append(rc, cc...) {
			if !slices.Equal(c, []int{1}) {
				t.Fatalf("%q does not have one cell per line", s)
			}
		}
		seen[strings.Join(s, "")] = true
	}
	if len(seen) != len(r.Solutions) {
		t.Errorf("%d pictures, %d different", len(r.Solutions), len(seen))
	}

	// The human output says so too; the limit is per puzzle, so the next
	// puzzle is still solved.
	in := ones30 + "\n2 2\n2\n0\n1\n1\n"
	out, _, code := runCmd(t, in, "nonogram", "solve", "--timeout", "50ms", "--all")
	if code != exitFail || !strings.Contains(out, "<stdin>:1 (30×30): timeout, ") || !strings.Contains(out, "\n  no answer within 50ms\n") ||
		!strings.Contains(out, "<stdin>:63 (2×2): unique, line-solvable, 1 picture in ") {
		t.Errorf("exit %d:\n%.2000s", code, out)
	}
}

func TestNonoInterrupted(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	for _, verb := range []string{"solve", "render"} {
		_, errOut, code := runCtx(t, ctx, "", "nonogram", verb, nonoExample("heart.txt"))
		if code != exitFail || !strings.Contains(errOut, "interrupted") {
			t.Errorf("%s: exit %d, stderr %q", verb, code, errOut)
		}
	}
}

// svgDoc is what the tests look at in an SVG drawing.
type svgDoc struct {
	XMLName xml.Name `xml:"svg"`
	Width   int      `xml:"width,attr"`
	Height  int      `xml:"height,attr"`
	Title   string   `xml:"title"`
	Groups  []struct {
		Class string `xml:"class,attr"`
		Rects []struct {
			X int `xml:"x,attr"`
			Y int `xml:"y,attr"`
		} `xml:"rect"`
		Texts []string `xml:"text"`
	} `xml:"g"`
}

// readSVG parses an SVG file strictly and returns its parts.
func readSVG(t *testing.T, data []byte) svgDoc {
	t.Helper()
	dec := xml.NewDecoder(bytes.NewReader(data))
	for {
		_, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("not XML: %v\n%.500s", err, data)
		}
	}
	var doc svgDoc
	if err := xml.Unmarshal(data, &doc); err != nil {
		t.Fatalf("not SVG: %v", err)
	}
	if doc.XMLName.Space != "http://www.w3.org/2000/svg" {
		t.Errorf("SVG namespace %q", doc.XMLName.Space)
	}
	return doc
}

func (d svgDoc) count(class string) (rects, texts int) {
	for _, g := range d.Groups {
		if g.Class == class {
			rects += len(g.Rects)
			texts += len(g.Texts)
		}
	}
	return rects, texts
}

func readPNG(t *testing.T, data []byte) image.Image {
	t.Helper()
	img, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("not a PNG: %v", err)
	}
	return img
}

// heartSolution returns heart.txt's puzzle and its picture, solved by the
// command.
func heartSolution(t *testing.T) (*nonogram.Puzzle, []string) {
	t.Helper()
	out, _, _ := runCmd(t, "", "nonogram", "solve", "--json", nonoExample("heart.txt"))
	recs := parseNono(t, out)
	if len(recs) != 1 || recs[0].Status != "unique" {
		t.Fatalf("heart.txt: %q", out)
	}
	return nonoFixtures(t, nonoExample("heart.txt"))[2], recs[0].Solution
}

func TestNonoRenderFiles(t *testing.T) {
	t.Parallel()
	heart := nonoExample("heart.txt")
	p, sol := heartSolution(t)
	filled := strings.Count(strings.Join(sol, ""), "#")
	clueNums := 0
	for _, c := range append(slices.Clone(p.Rows), p.Cols...) {
		clueNums += max(1, len(c))
	}

	t.Run("svg", func(t *testing.T) {
		t.Parallel()
		dir := t.TempDir()
		path := filepath.Join(dir, "heart.svg")
		out, errOut, code := runCmd(t, "", "nonogram", "render", "--svg", "-o", path, heart)
		if code != exitOK || out != "" || errOut != "" {
			t.Fatalf("exit %d, stdout %q, stderr %q", code, out, errOut)
		}
		doc := readSVG(t, must(os.ReadFile(path)))
		if doc.Width < 9*16 || doc.Height < 8*16 || doc.Title != "nonogram 8×9" {
			t.Errorf("%d×%d %q", doc.Width, doc.Height, doc.Title)
		}
		if rects, _ := doc.count("filled"); rects != filled {
			t.Errorf("%d filled cells drawn, want %d", rects, filled)
		}
		if rects, _ := doc.count("unknown"); rects != 0 {
			t.Errorf("%d unknown cells drawn in a unique picture", rects)
		}
		if _, texts := doc.count("clues"); texts != clueNums {
			t.Errorf("%d clue numbers drawn, want %d", texts, clueNums)
		}
		assertOnlyFiles(t, dir, "heart.svg")
	})
	t.Run("svg stdout", func(t *testing.T) {
		t.Parallel()
		out, _, code := runCmd(t, "", "nonogram", "render", "--svg", "--blank", "--no-clues", heart)
		if code != exitOK {
			t.Fatalf("exit %d", code)
		}
		doc := readSVG(t, []byte(out))
		if rects, _ := doc.count("unknown"); rects != 72 {
			t.Errorf("--blank: %d unknown cells, want 72", rects)
		}
		if rects, _ := doc.count("filled"); rects != 0 {
			t.Errorf("--blank: %d filled cells", rects)
		}
		if _, texts := doc.count("clues"); texts != 0 {
			t.Errorf("--no-clues: %d clue numbers", texts)
		}
	})
	t.Run("png", func(t *testing.T) {
		t.Parallel()
		dir := t.TempDir()
		path := filepath.Join(dir, "heart.png")
		out, errOut, code := runCmd(t, "", "nonogram", "render", "--png", "-o", path, heart)
		if code != exitOK || out != "" || errOut != "" {
			t.Fatalf("exit %d, stdout %q, stderr %q", code, out, errOut)
		}
		b := readPNG(t, must(os.ReadFile(path))).Bounds()
		if b.Min != (image.Point{}) || b.Dx() <= 9*16 || b.Dy() <= 8*16 || b.Dx() > 1000 || b.Dy() > 1000 {
			t.Errorf("image is %v", b)
		}
		assertOnlyFiles(t, dir, "heart.png")

		// Larger cells, a larger image.
		out, _, _ = runCmd(t, "", "nonogram", "render", "--png", "--cell", "32", heart)
		if b2 := readPNG(t, []byte(out)).Bounds(); b2.Dx() <= b.Dx() || b2.Dy() <= b.Dy() {
			t.Errorf("--cell 32 gives %v, the default %v", b2, b)
		}
	})
	t.Run("png cells", func(t *testing.T) {
		t.Parallel()
		// Without clues the grid is centred in its margin: sample the
		// middle of every cell.
		for _, tc := range []struct {
			file string
			want []string // '#' black, '.' white, '?' grey
		}{
			{heart, sol},
			{nonoFile("two.txt"), []string{"##", "..", "??", "??"}},
		} {
			out, _, _ := runCmd(t, "", "nonogram", "render", "--png", "--no-clues", "--cell", "10", tc.file)
			img := readPNG(t, []byte(out))
			h, w := len(tc.want), len(tc.want[0])
			b := img.Bounds()
			padX, padY := b.Dx()-10*w, b.Dy()-10*h
			if padX != padY || padX <= 0 || padX%2 != 0 || padX > 40 {
				t.Fatalf("%s: image %v for a %d×%d grid of 10 px cells", tc.file, b, h, w)
			}
			pad := padX / 2
			for r := range h {
				for c := range w {
					y := color.GrayModel.Convert(img.At(pad+10*c+5, pad+10*r+5)).(color.Gray).Y
					got := byte('?')
					switch {
					case y < 0x40:
						got = '#'
					case y > 0xf0:
						got = '.'
					}
					if got != tc.want[r][c] {
						t.Errorf("%s: r%dc%d is grey %#x, want %q", tc.file, r+1, c+1, y, tc.want[r][c])
					}
				}
			}
		}
	})
	t.Run("several", func(t *testing.T) {
		t.Parallel()
		statuses := nonoExample("statuses.txt")
		for _, kind := range []string{"png", "svg", "text"} {
			dir := t.TempDir()
			ext := map[string]string{"text": ".txt"}[kind]
			if ext == "" {
				ext = "." + kind
			}
			out, errOut, code := runCmd(t, "", "nonogram", "render", "--"+kind, "-o", filepath.Join(dir, "all"+ext), statuses)
			// The third puzzle has no picture: drawn empty, exit 1.
			if code != exitFail || out != "" || !strings.Contains(errOut, statuses+":29: no picture meets the clues") {
				t.Errorf("%s: exit %d, stdout %q, stderr %q", kind, code, out, errOut)
			}
			assertOnlyFiles(t, dir, "all-1"+ext, "all-2"+ext, "all-3"+ext)
			for i := 1; i <= 3; i++ {
				data := must(os.ReadFile(filepath.Join(dir, fmt.Sprintf("all-%d%s", i, ext))))
				switch kind {
				case "png":
					readPNG(t, data)
				case "svg":
					readSVG(t, data)
				}
			}
			if kind == "text" {
				// Each file holds what rendering that puzzle alone prints.
				alone, _, _ := runCmd(t, "", "nonogram", "render", heart)
				if got := string(must(os.ReadFile(filepath.Join(dir, "all-1.txt")))); got != alone {
					t.Errorf("all-1.txt:\n%s\nwant:\n%s", got, alone)
				}
			}
		}
	})
	t.Run("several images to stdout", func(t *testing.T) {
		t.Parallel()
		// Refused as soon as the second puzzle is read, naming it, and
		// before solving it (two.txt would add a note about its two
		// pictures) or anything after it.
		two := nonoFile("two.txt")
		for _, kind := range []string{"--svg", "--png"} {
			out, errOut, code := runCmd(t, "", "nonogram", "render", kind, heart, two, heart)
			if code != exitUsage || out != "" || !strings.Contains(errOut, "render: "+two+":3: a second puzzle, and ") ||
				!strings.Contains(errOut, "pictures would go to stdout as one stream; use -o FILE") || strings.Contains(errOut, "several pictures") {
				t.Errorf("%s with two puzzles: exit %d, %d bytes on stdout, stderr %q", kind, code, len(out), errOut)
			}
		}
	})
	t.Run("dev null", func(t *testing.T) {
		t.Parallel()
		// /dev/null is a character device, but not a terminal.
		null, err := os.OpenFile(os.DevNull, os.O_WRONLY, 0)
		if err != nil {
			t.Skip(err)
		}
		defer null.Close()
		var errb bytes.Buffer
		code := run(context.Background(), strings.NewReader(""), null, &errb, []string{"nonogram", "render", "--png", heart})
		if code != exitOK || errb.Len() != 0 {
			t.Errorf("--png > /dev/null: exit %d, stderr %q", code, errb.String())
		}
	})
	t.Run("write errors", func(t *testing.T) {
		t.Parallel()
		dir := t.TempDir()
		if err := os.Mkdir(filepath.Join(dir, "taken"), 0o755); err != nil {
			t.Fatal(err)
		}
		for _, tc := range []struct {
			out   string
			files []string
			msg   string
		}{
			{filepath.Join(dir, "nowhere", "heart.svg"), []string{heart}, "write " + filepath.Join(dir, "nowhere", "heart.svg") + ": "},
			{filepath.Join(dir, "nowhere", "x.png"), []string{heart, heart}, "write " + filepath.Join(dir, "nowhere", "x-2.png") + ": "},
			// The temporary file is made, and the rename onto a directory fails.
			{filepath.Join(dir, "taken"), []string{heart}, "write " + filepath.Join(dir, "taken") + ": "},
		} {
			kind := "--svg"
			if strings.HasSuffix(tc.out, ".png") {
				kind = "--png"
			}
			out, errOut, code := runCmd(t, "", append([]string{"nonogram", "render", kind, "-o", tc.out}, tc.files...)...)
			if code != exitFail || out != "" || !strings.Contains(errOut, "puzzle nonogram render: "+tc.msg) || strings.Contains(errOut, ".tmp") {
				t.Errorf("-o %s: exit %d, stdout %q, stderr %q", tc.out, code, out, errOut)
			}
			assertOnlyFiles(t, dir, "taken")
			if ents, _ := os.ReadDir(filepath.Join(dir, "taken")); len(ents) != 0 {
				t.Errorf("files left in taken/: %v", ents)
			}
		}
	})
}

// assertOnlyFiles checks that dir holds exactly the named entries (hidden
// temporary files included).
func assertOnlyFiles(t *testing.T, dir string, names ...string) {
	t.Helper()
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, e := range ents {
		got = append(got, e.Name())
	}
	slices.Sort(names)
	if !slices.Equal(got, names) {
		t.Errorf("%s holds %q, want %q", dir, got, names)
	}
}

// textGrid returns the cells of a text rendering, one string per row.
func textGrid(t *testing.T, out string) []string {
	t.Helper()
	var rows []string
	for line := range strings.Lines(out) {
		_, cells, ok := strings.Cut(strings.TrimSuffix(line, "\n"), "| ")
		if !ok || strings.HasPrefix(line, "-") {
			continue
		}
		if strings.Contains(line, "|") && strings.Trim(strings.SplitN(line, "|", 2)[0], " ") == "" {
			continue // the column clues
		}
		rows = append(rows, strings.NewReplacer(" ", "", "|", "").Replace(cells))
	}
	return rows
}

func TestNonoRenderText(t *testing.T) {
	t.Parallel()
	heart := nonoExample("heart.txt")
	_, sol := heartSolution(t)
	out, errOut, code := runCmd(t, "", "nonogram", "render", heart)
	if code != exitOK || errOut != "" {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	if got := textGrid(t, out); !slices.Equal(got, sol) {
		t.Errorf("drawn %q, solved %q", got, sol)
	}
	for _, clue := range []string{"2 2 |", "4 4 |", "    | 3 5 6 6 6   6 6 5 3\n"} {
		if !strings.Contains(out, clue) {
			t.Errorf("clue %q not drawn:\n%s", clue, out)
		}
	}

	// --blank draws every cell undecided, without solving, so a puzzle
	// with no picture is fine.
	out, errOut, code = runCmd(t, "", "nonogram", "render", "--blank", nonoExample("statuses.txt"))
	if code != exitOK || errOut != "" {
		t.Errorf("--blank: exit %d, stderr %q", code, errOut)
	}
	for _, row := range textGrid(t, out) {
		if strings.Trim(row, "?") != "" {
			t.Errorf("--blank draws %q", row)
		}
	}

	// Two pictures: '?' exactly where they differ, and a note on stderr.
	two := nonoFile("two.txt")
	p := nonoFixtures(t, two)[3]
	pics := bruteNonogram(t, p.Rows, p.Cols)
	if len(pics) != 2 {
		t.Fatalf("two.txt has %d pictures", len(pics))
	}
	out, errOut, code = runCmd(t, "", "nonogram", "render", two)
	if code != exitOK || !strings.Contains(errOut, two+":3: several pictures; the 4 cells where they differ are drawn undecided") {
		t.Errorf("exit %d, stderr %q", code, errOut)
	}
	got := textGrid(t, out)
	for r := range pics[0] {
		for c := range pics[0][r] {
			want := pics[0][r][c]
			if pics[1][r][c] != want {
				want = '?'
			}
			if r >= len(got) || c >= len(got[r]) || got[r][c] != want {
				t.Fatalf("drawn %q, pictures %q", got, pics)
			}
		}
	}

	// No picture: the empty grid, a note, exit 1.
	out, errOut, code = runCmd(t, "2 2\n2\n0\n0\n2\n", "nonogram", "render")
	if code != exitFail || !strings.Contains(errOut, "<stdin>:1: no picture meets the clues") {
		t.Errorf("exit %d, stderr %q", code, errOut)
	}
	if got := textGrid(t, out); !slices.Equal(got, []string{"??", "??"}) {
		t.Errorf("drawn %q", got)
	}

	// An invalid puzzle is reported with its line and skipped.
	out, errOut, code = runCmd(t, "", "nonogram", "render", nonoFile("bad.txt"))
	if code != exitFail || !strings.Contains(errOut, "bad.txt:18: row 2 clue") || strings.Count(out, "bad.txt:") != 3 {
		t.Errorf("exit %d, stderr %q, stdout:\n%s", code, errOut, out)
	}
}

// TestNonoConvert converts to every format and reads the output back.
func TestNonoConvert(t *testing.T) {
	t.Parallel()
	squares := nonoFile("squares.non")
	orig := nonoReadAll(t, string(must(os.ReadFile(squares))), squares, "")
	heartText := string(must(os.ReadFile(nonoExample("heart.txt"))))
	heart := nonoReadAll(t, heartText, "heart.txt", "")
	keepsName := map[nonogram.Format]bool{nonogram.FormatXML: true, nonogram.FormatNON: true, nonogram.FormatPicross: true, nonogram.FormatTAAI: true}

	same := func(t *testing.T, what string, got, want []*nonogram.Puzzle, f nonogram.Format) {
		t.Helper()
		if len(got) != len(want) {
			t.Fatalf("%s: %d puzzles back, want %d", what, len(got), len(want))
		}
		for i := range got {
			if !sameClues(got[i].Rows, want[i].Rows) || !sameClues(got[i].Cols, want[i].Cols) {
				t.Errorf("%s: puzzle %d has rows %v cols %v, want %v %v", what, i+1, got[i].Rows, got[i].Cols, want[i].Rows, want[i].Cols)
			}
			if keepsName[f] && got[i].Name != want[i].Name {
				t.Errorf("%s: puzzle %d is named %q, want %q", what, i+1, got[i].Name, want[i].Name)
			}
		}
	}
	// solveBack solves text through the command with --from f (or the
	// format it detects) and checks the pictures against the original
	// clues.
	solveBack := func(t *testing.T, text string, from nonogram.Format, want []*nonogram.Puzzle) {
		t.Helper()
		args := []string{"nonogram", "solve", "--json", "-"}
		if from != "" {
			args = append(args, "--from", string(from))
		}
		out, errOut, _ := runCmd(t, text, args...)
		recs := parseNono(t, out)
		if len(recs) != len(want) || errOut != "" {
			t.Fatalf("%q: %d records, want %d; stderr %q", args, len(recs), len(want), errOut)
		}
		for i, r := range recs {
			if r.Solution == nil || !meetsClues(t, want[i], r.Solution) {
				t.Errorf("%q: puzzle %d: %s %q does not meet the original clues", args, i+1, r.Status, r.Solution)
			}
		}
	}

	for _, f := range nonogram.Formats {
		t.Run(string(f), func(t *testing.T) {
			t.Parallel()
			single := f == nonogram.FormatNIN || f == nonogram.FormatCWD || f == nonogram.FormatMK
			out, errOut, code := runCmd(t, "", "nonogram", "convert", "--to", string(f), squares)
			if single {
				if code != exitFail || out != "" || !strings.Contains(errOut, "holds one puzzle per file and the input has 3; give -o FILE") {
					t.Errorf("3 puzzles to stdout: exit %d, stdout %q, stderr %q", code, out, errOut)
				}
			} else {
				if code != exitOK || errOut != "" {
					t.Fatalf("exit %d, stderr %q", code, errOut)
				}
				same(t, "stdout", nonoReadAll(t, out, "out", f), orig, f)
				solveBack(t, out, f, orig)
				solveBack(t, out, "", orig) // these formats are told from the content
			}

			// With -o: one file, or one file per puzzle for nin, cwd and mk.
			dir := t.TempDir()
			path := filepath.Join(dir, "out."+string(f))
			out, errOut, code = runCmd(t, "", "nonogram", "convert", "--to", string(f), "-o", path, squares)
			if code != exitOK || out != "" || errOut != "" {
				t.Fatalf("-o: exit %d, stdout %q, stderr %q", code, out, errOut)
			}
			if single {
				assertOnlyFiles(t, dir, "out-1."+string(f), "out-2."+string(f), "out-3."+string(f))
				for i, p := range orig {
					name := filepath.Join(dir, fmt.Sprintf("out-%d.%s", i+1, f))
					text := string(must(os.ReadFile(name)))
					same(t, name, nonoReadAll(t, text, name, ""), []*nonogram.Puzzle{p}, f) // format from the extension
					solveBack(t, text, f, []*nonogram.Puzzle{p})
				}
			} else {
				assertOnlyFiles(t, dir, "out."+string(f))
				same(t, path, nonoReadAll(t, string(must(os.ReadFile(path))), path, ""), orig, f)
			}

			// One puzzle that is not square: TAAI cannot hold it.
			out, errOut, code = runCmd(t, heartText, "nonogram", "convert", "--to", string(f))
			if f == nonogram.FormatTAAI {
				if code != exitFail || out != "" || !strings.Contains(errOut, "square puzzles only") {
					t.Errorf("taai, 8×9: exit %d, stdout %q, stderr %q", code, out, errOut)
				}
				return
			}
			if code != exitOK || errOut != "" {
				t.Fatalf("heart: exit %d, stderr %q", code, errOut)
			}
			same(t, "heart", nonoReadAll(t, out, "out", f), heart, f)
			solveBack(t, out, f, heart)
		})
	}

	// A bad puzzle is reported and skipped; the others are converted.
	out, errOut, code := runCmd(t, "", "nonogram", "convert", "--to", "plain", nonoFile("bad.txt"))
	if code != exitFail || strings.Count(errOut, "\n") != 3 {
		t.Errorf("exit %d, stderr %q", code, errOut)
	}
	for _, line := range []int{3, 18, 30} {
		if !strings.Contains(errOut, fmt.Sprintf("puzzle nonogram convert: nonogram: %s:%d: ", nonoFile("bad.txt"), line)) {
			t.Errorf("stderr %q does not name line %d", errOut, line)
		}
	}
	good := nonoFixtures(t, nonoFile("bad.txt"))
	back := nonoReadAll(t, out, "out", nonogram.FormatPlain)
	if len(back) != 3 || len(good) != 3 {
		t.Fatalf("%d puzzles converted, %d good", len(back), len(good))
	}
	for i, line := range []int{9, 23, 37} {
		if !sameClues(back[i].Rows, good[line].Rows) || !sameClues(back[i].Cols, good[line].Cols) {
			t.Errorf("puzzle %d changed", i+1)
		}
	}
}

func TestNonoHelp(t *testing.T) {
	t.Parallel()
	for _, args := range [][]string{{"help", "nonogram"}, {"nonogram", "help"}, {"nonogram", "-h"}, {"nonogram", "--help"}} {
		out, errOut, code := runCmd(t, "", args...)
		if code != exitOK || errOut != "" {
			t.Fatalf("%q: exit %d, stderr %q", args, code, errOut)
		}
		for _, v := range nonogramVerbs {
			if !strings.Contains(out, "\t"+v.name+" ") || !strings.Contains(out, v.summary) {
				t.Errorf("%q: verb %s missing", args, v.name)
			}
		}
		for _, f := range nonogram.Formats {
			if !strings.Contains(out, "\t"+string(f)+" ") {
				t.Errorf("%q: format %s missing", args, f)
			}
		}
	}
	out, _, _ := runCmd(t, "", "help")
	for _, v := range nonogramVerbs {
		if !strings.Contains(out, v.name+" ") {
			t.Errorf("puzzle help: nonogram verb %s missing", v.name)
		}
	}
	// Every verb but bench (written elsewhere) names each of its flags in
	// its synopsis and in the list of flags.
	for _, name := range []string{"solve", "render", "convert"} {
		v, _ := findVerb(nonogramVerbs, name).verb("nonogram")
		var flags []*flag.Flag
		v.fs.VisitAll(func(f *flag.Flag) { flags = append(flags, f) })
		if len(flags) == 0 {
			t.Fatalf("%s has no flags", name)
		}
		for _, args := range [][]string{
			{"help", "nonogram", name}, {"nonogram", "help", name}, {"nonogram", name, "-h"}, {"nonogram", name, "--help"},
		} {
			out, errOut, code := runCmd(t, "", args...)
			if code != exitOK || errOut != "" {
				t.Fatalf("%q: exit %d, stderr %q", args, code, errOut)
			}
			synopsis, _, _ := strings.Cut(out, "\n")
			if !strings.HasPrefix(synopsis, "Usage: puzzle nonogram "+name+" ") || !strings.Contains(out, "\nExamples:\n") {
				t.Errorf("%q: no synopsis or examples:\n%s", args, out)
			}
			_, list, _ := strings.Cut(out, "\nFlags:\n")
			for _, f := range flags {
				if !regexp.MustCompile(`[ \[|]--?` + regexp.QuoteMeta(f.Name) + `\b`).MatchString(synopsis) {
					t.Errorf("%q: the synopsis does not name -%s: %s", args, f.Name, synopsis)
				}
				if !strings.Contains(list, "  -"+f.Name+" ") && !strings.Contains(list, "  -"+f.Name+"\n") {
					t.Errorf("%q: flag -%s not listed", args, f.Name)
				}
			}
		}
	}
}

// TestNonoExitCodes runs every nonogram verb to each exit code it can give:
// 0 ok, 1 a puzzle invalid, without a picture or timed out, or an input
// that cannot be read, 2 usage.
func TestNonoExitCodes(t *testing.T) {
	t.Parallel()
	heart, statuses, bad := nonoExample("heart.txt"), nonoExample("statuses.txt"), nonoFile("bad.txt")
	missing := nonoFile("no-such-file.txt")
	data := os.Getenv("PUZZLE_DATA")
	if data == "" {
		data = filepath.Join("..", "..", "..", "shared", "data")
	}
	_, noData := os.Stat(filepath.Join(data, "nonogram"))
	out := filepath.Join(t.TempDir(), "out")
	for _, tc := range []struct {
		name  string
		stdin string
		args  []string
		code  int
		data  bool // needs the shared data
	}{
		{"solve unique", "", []string{"solve", heart}, exitOK, false},
		{"solve multiple", "", []string{"solve", nonoFile("two.txt")}, exitOK, false},
		{"solve limit 1", "", []string{"solve", "--limit", "1", nonoFile("two.txt")}, exitOK, false},
		{"solve none", "2 2\n2\n0\n0\n2\n", []string{"solve"}, exitFail, false},
		{"solve invalid", "", []string{"solve", bad}, exitFail, false},
		{"solve timeout", "30 30\n" + strings.Repeat("1\n", 60), []string{"solve", "--all", "--timeout", "20ms"}, exitFail, false},
		{"solve missing file", "", []string{"solve", missing}, exitFail, false},
		{"solve all and limit", "", []string{"solve", "--all", "--limit", "3", heart}, exitOK, false},
		{"solve bad flag", "", []string{"solve", "--nope", heart}, exitUsage, false},
		{"solve bad format", "", []string{"solve", "--from", "gif", heart}, exitUsage, false},
		{"render", "", []string{"render", heart}, exitOK, false},
		{"render none", "", []string{"render", statuses}, exitFail, false},
		{"render invalid", "", []string{"render", bad}, exitFail, false},
		{"render svg files", "", []string{"render", "--svg", "-o", out + ".svg", heart, heart}, exitOK, false},
		{"render two kinds", "", []string{"render", "--svg", "--png", heart}, exitUsage, false},
		{"render two images to stdout", "", []string{"render", "--png", heart, heart}, exitUsage, false},
		{"convert", "", []string{"convert", "--to", "non", heart}, exitOK, false},
		{"convert invalid", "", []string{"convert", "--to", "non", bad}, exitFail, false},
		{"convert taai not square", "", []string{"convert", "--to", "taai", heart}, exitFail, false},
		{"convert without to", "", []string{"convert", heart}, exitUsage, false},
		{"bench", "", []string{"bench", "--data", data, "--set", "webpbn", "--repeat", "1"}, exitOK, true},
		{"bench no data", "", []string{"bench", "--data", t.TempDir(), "--set", "webpbn"}, exitFail, false},
		{"bench unknown set", "", []string{"bench", "--set", "nope"}, exitUsage, false},
		{"bench operand", "", []string{"bench", "extra"}, exitUsage, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if tc.data && noData != nil {
				t.Skipf("shared data not found at %s (set PUZZLE_DATA)", data)
			}
			_, errOut, code := runCmd(t, tc.stdin, append([]string{"nonogram"}, tc.args...)...)
			if code != tc.code {
				t.Errorf("puzzle nonogram %s: exit %d, want %d; stderr %q", strings.Join(tc.args, " "), code, tc.code, errOut)
			}
		})
	}
}

// TestNonoBenchJSON checks bench's records against the schema and the
// statuses they carry: solved on the shared data, invalid when a puzzle
// known to be unique cannot be read, timeout when one runs out of time.
func TestNonoBenchJSON(t *testing.T) {
	t.Parallel()
	data := os.Getenv("PUZZLE_DATA")
	if data == "" {
		data = filepath.Join("..", "..", "..", "shared", "data")
	}
	// A data folder of its own: a webpbn set with a malformed file, and in
	// place of LalaFrogKK's puzzle one that takes seconds of probing.
	fake := t.TempDir()
	for name, text := range map[string]string{
		"webpbn-survey-free/xml/good.xml":          `<puzzleset><puzzle><clues type="rows"><line><count>1</count></line></clues><clues type="columns"><line><count>1</count></line></clues></puzzle></puzzleset>`,
		"webpbn-survey-free/xml/bad.xml":           "<puzzleset><puzzle>",
		"cgi-lab-lalafrogkk/PuzzleCannotSolve.txt": "200 200\n" + strings.Repeat("1\n", 400),
	} {
		path := filepath.Join(fake, "nonogram", name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	type benchJSON struct {
		Set, Status, Error string
		Count, Checked     int
		Tally              map[string]int
	}
	for _, tc := range []struct {
		data   string
		args   []string
		status string
		code   int
	}{
		{data, []string{"--set", "webpbn,lalafrogkk"}, "solved", exitOK},
		{fake, []string{"--set", "webpbn"}, "invalid", exitFail},
		{fake, []string{"--set", "lalafrogkk", "--timeout", "50ms"}, "timeout", exitFail},
	} {
		if _, err := os.Stat(filepath.Join(tc.data, "nonogram")); err != nil {
			t.Logf("shared data not found at %s (set PUZZLE_DATA): %v", tc.data, err)
			continue
		}
		out, errOut, code := runCmd(t, "", append([]string{"nonogram", "bench", "--json", "--repeat", "1", "--data", tc.data}, tc.args...)...)
		if code != tc.code {
			t.Errorf("%q: exit %d, stderr %q", tc.args, code, errOut)
		}
		if n := schematest.ValidateLines(t, "nonogram.json#/$defs/bench", []byte(out)); n == 0 {
			t.Fatalf("%q: no records", tc.args)
		}
		for line := range strings.Lines(out) {
			var r benchJSON
			if err := json.Unmarshal([]byte(line), &r); err != nil {
				t.Fatal(err)
			}
			if r.Status != tc.status || r.Count == 0 {
				t.Errorf("%q: set %s: status %s, %d puzzles", tc.args, r.Set, r.Status, r.Count)
			}
			sum := 0
			for _, n := range r.Tally {
				sum += n
			}
			if sum != r.Count {
				t.Errorf("%s: tally %v of %d puzzles", r.Set, r.Tally, r.Count)
			}
			switch tc.status {
			case "solved":
				if r.Set == "webpbn" && (r.Tally["unique"] != r.Count || r.Checked != r.Count) {
					t.Errorf("webpbn: tally %v, %d checked of %d", r.Tally, r.Checked, r.Count)
				}
			case "invalid":
				if r.Tally["invalid"] != 1 || r.Tally["unique"] != 1 || !strings.Contains(r.Error, "bad.xml: invalid, known to be unique") {
					t.Errorf("invalid: tally %v, error %q", r.Tally, r.Error)
				}
			case "timeout":
				if r.Tally["timeout"] != 1 || r.Error != "1 puzzle without an answer within 50ms" {
					t.Errorf("timeout: tally %v, error %q", r.Tally, r.Error)
				}
			}
		}
	}
}

// TestNonoColourJSON checks a colour puzzle's record: its palette, and
// steps that give the colour of every cell they fill.
func TestNonoColourJSON(t *testing.T) {
	t.Parallel()
	out, errOut, code := runCmd(t, "", "nonogram", "solve", "--json", "--explain", nonoExample("colour.xml"))
	if code != exitOK || errOut != "" {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	schematest.ValidateLines(t, "nonogram.json#/$defs/solve", []byte(out))
	var rec struct {
		Status string `json:"status"`
		Colors []struct {
			Char string `json:"char"`
		} `json:"colors"`
		Solution []string `json:"solution"`
		Steps    []struct {
			Filled []nonoCellJSON `json:"filled_cells"`
			Colors []int          `json:"filled_colors"`
		} `json:"steps"`
	}
	if err := json.Unmarshal([]byte(out), &rec); err != nil {
		t.Fatal(err)
	}
	if rec.Status != "unique" || len(rec.Colors) != 4 || len(rec.Steps) == 0 {
		t.Fatalf("%s", out)
	}
	for i, s := range rec.Steps {
		if len(s.Colors) != len(s.Filled) {
			t.Errorf("step %d: %d colours for %d cells", i+1, len(s.Colors), len(s.Filled))
		}
		for k, c := range s.Filled {
			if got := rec.Solution[c.Row][c.Col]; got != rec.Colors[s.Colors[k]].Char[0] {
				t.Errorf("step %d paints r%dc%d %s, the solution has %c", i+1, c.Row+1, c.Col+1, rec.Colors[s.Colors[k]].Char, got)
			}
		}
	}
}

// TestNonoUndecidedRocket checks the puzzle of issue 17: four pictures,
// whose 8 undecided cells are rows 12–13 (from 0), columns 3, 4, 7 and 8,
// in JSON, in the human output and in the drawing.
func TestNonoUndecidedRocket(t *testing.T) {
	t.Parallel()
	rocket := nonoFile("rocket.txt")
	want := []nonoCellJSON{{12, 3}, {12, 4}, {12, 7}, {12, 8}, {13, 3}, {13, 4}, {13, 7}, {13, 8}}
	out, _, code := runCmd(t, "", "nonogram", "solve", "--json", "--undecided", rocket)
	recs := parseNono(t, out)
	if code != exitOK || len(recs) != 1 || recs[0].Status != "multiple" || recs[0].Count != 2 || !slices.Equal(recs[0].Undecided, want) {
		t.Fatalf("exit %d, records %+v", code, recs)
	}
	out, _, _ = runCmd(t, "", "nonogram", "solve", "--undecided", rocket)
	if !strings.Contains(out, "undecided: 8 cells, where pictures differ (every other cell is the same in all): r13c4 r13c5 r13c8 r13c9 r14c4 r14c5 r14c8 r14c9\n") ||
		!strings.Contains(out, "\n...??..??...\n...??..??...\n") {
		t.Errorf("human output:\n%s", out)
	}
	out, errOut, code := runCmd(t, "", "nonogram", "render", "--text", rocket)
	if code != exitOK || !strings.Contains(errOut, "the 8 cells where they differ are drawn undecided") {
		t.Errorf("render: exit %d, stderr %q", code, errOut)
	}
	var got []nonoCellJSON
	for r, row := range textGrid(t, out) {
		for c, v := range row {
			if v == '?' {
				got = append(got, nonoCellJSON{r, c})
			}
		}
	}
	if !slices.Equal(got, want) {
		t.Errorf("render draws '?' on %v, want %v", got, want)
	}
}
