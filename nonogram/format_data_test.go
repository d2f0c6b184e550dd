package nonogram

import (
	"bufio"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// These tests read the shared benchmark data (see its SOURCES.md): every
// file must parse, goals must match their clues, and the same webpbn puzzle
// must have the same clues in XML and in .non.

// nonogramData returns the shared nonogram data folder, or skips the test.
func nonogramData(t testing.TB) string {
	t.Helper()
	dir := os.Getenv("PUZZLE_DATA")
	if dir == "" {
		dir = filepath.Join("..", "..", "shared", "data")
	}
	dir = filepath.Join(dir, "nonogram")
	if _, err := os.Stat(dir); err != nil {
		t.Skipf("shared data not found at %s (set PUZZLE_DATA): %v", dir, err)
	}
	return dir
}

// dataInputs lists the puzzle files of the shared data: everything but the
// documentation, the solvers' outputs and the TAAI goals.
func dataInputs(t *testing.T, dir string) []string {
	t.Helper()
	var files []string
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, path)
		switch {
		case d.IsDir() && (d.Name() == "outputs" || d.Name() == "expected"):
			return filepath.SkipDir
		case d.IsDir(), strings.HasSuffix(path, ".md"), strings.HasSuffix(path, ".csv"), d.Name() == "goals.txt":
			return nil
		}
		files = append(files, rel)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

func TestSharedFiles(t *testing.T) {
	t.Parallel()
	dir := nonogramData(t)
	files := dataInputs(t, dir)
	perDir := map[string]int{}  // puzzles per top folder
	filesIn := map[string]int{} // files per folder
	for _, rel := range files {
		path := filepath.Join(dir, rel)
		ps, errs := readFile(t, path, "")
		top := strings.Split(filepath.ToSlash(rel), "/")[0]
		perDir[top] += len(ps)
		filesIn[filepath.ToSlash(filepath.Dir(rel))]++
		if filepath.Base(rel) == "invalid_input.txt" {
			checkInvalidInput(t, path, ps, errs)
			continue
		}
		if len(errs) > 0 || len(ps) == 0 {
			t.Errorf("%s: %d puzzles, errors %v", rel, len(ps), errs)
		}
		for _, p := range ps {
			if p.Goal != nil && !p.Satisfies(p.Goal) {
				t.Errorf("%s:%d: %q: the goal does not meet the clues", rel, p.Line, p.Name)
			}
		}
		// Detection from the content alone finds the same puzzles.
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		qs, errs := readEvery(t, NewReader(strings.NewReader(string(b)), "", ""))
		if len(errs) > 0 || len(qs) != len(ps) {
			t.Errorf("%s without its name: %d puzzles, errors %v", rel, len(qs), errs)
			continue
		}
		for i := range ps {
			if clues(ps[i].Rows) != clues(qs[i].Rows) || clues(ps[i].Cols) != clues(qs[i].Cols) {
				t.Errorf("%s without its name: puzzle %d differs", rel, i+1)
			}
		}
	}
	for top, want := range map[string]int{
		"jwilk-nonogram":                151,
		"generated-taai-style-random25": 1000,
		"cgi-lab-lalafrogkk":            1,
		"webpbn-survey-free":            22,
		"mikix-nonogram-db":             39,
	} {
		if perDir[top] != want {
			t.Errorf("%s: %d puzzles, want %d", top, perDir[top], want)
		}
	}
	if n := filesIn["picross-solver/inputs"]; n != 22 {
		t.Errorf("picross-solver/inputs: %d files, want 22", n)
	}
}

// checkInvalidInput checks the errors of picross-solver's deliberately bad
// file against its validation.csv.
func checkInvalidInput(t *testing.T, path string, ps []*Puzzle, errs []error) {
	t.Helper()
	want := []string{
		`2: grid "Fishy": rows fill 153 cells but columns fill 154`,
		`49: grid "False note": grid is 0×10: needs at least one row and one column`,
		`69: grid "Ill-formed": column 1 clue 4 needs 4 cells, the column has 3`,
		`76: grid "Wrong constraint": row 1 clue 1 1 needs 3 cells, the row has 2`,
		`105: unexpected "GRILL Beaf" in grid "Zero"`,
	}
	if len(errs) != len(want) {
		t.Fatalf("invalid_input.txt: errors %v, want %d", errs, len(want))
	}
	for i, err := range errs {
		line, msg, _ := strings.Cut(want[i], ": ")
		if !strings.HasPrefix(err.Error(), "nonogram: "+path+":"+line+": "+msg) {
			t.Errorf("invalid_input.txt: error %q, want %q", err, want[i])
		}
		var se *SyntaxError
		if !errors.As(err, &se) {
			t.Errorf("invalid_input.txt: error %v is not a SyntaxError", err)
		}
	}
	if len(ps) != 2 || ps[0].Name != "Impossible" || ps[1].Name != "Zero" {
		t.Errorf("invalid_input.txt: %d valid grids, want Impossible and Zero", len(ps))
	}
}

func TestSharedXMLMatchesNON(t *testing.T) {
	t.Parallel()
	dir := nonogramData(t)
	xmls, err := filepath.Glob(filepath.Join(dir, "webpbn-survey-free", "xml", "webpbn-*.xml"))
	if err != nil || len(xmls) != 12 {
		t.Fatalf("%d XML files, %v", len(xmls), err)
	}
	pairs := 0
	for _, x := range xmls {
		id := strings.TrimSuffix(strings.TrimPrefix(filepath.Base(x), "webpbn-"), ".xml")
		ps, errs := readFile(t, x, "")
		if len(errs) > 0 || len(ps) != 1 || ps[0].Goal == nil || !ps[0].Satisfies(ps[0].Goal) {
			t.Fatalf("%s: %d puzzles, errors %v", x, len(ps), errs)
		}
		p := ps[0]
		nons, _ := filepath.Glob(filepath.Join(dir, "webpbn-survey-free", "non", "webpbn-"+id+"-*.non"))
		nons = append(nons, filepath.Join(dir, "mikix-nonogram-db", "webpbn", strings.TrimLeft(id, "0")+".non"))
		for _, n := range nons {
			if _, err := os.Stat(n); err != nil {
				continue
			}
			qs, errs := readFile(t, n, "")
			if len(errs) > 0 || len(qs) != 1 {
				t.Fatalf("%s: %d puzzles, errors %v", n, len(qs), errs)
			}
			q := qs[0]
			pairs++
			if clues(p.Rows) != clues(q.Rows) || clues(p.Cols) != clues(q.Cols) {
				t.Errorf("webpbn %s: the clues of %s differ from the XML", id, filepath.Base(n))
			}
			if q.Goal != nil && !q.Goal.Equal(p.Goal) {
				t.Errorf("webpbn %s: the goal of %s differs from the XML", id, filepath.Base(n))
			}
		}
	}
	t.Logf("%d pairs", pairs)
	if pairs < 10+5 {
		t.Errorf("%d XML/.non pairs compared, want at least 15", pairs)
	}
}

func TestSharedTAAIGoals(t *testing.T) {
	t.Parallel()
	dir := filepath.Join(nonogramData(t), "generated-taai-style-random25")
	f, err := os.Open(filepath.Join(dir, "goals.txt"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	goals, err := readTAAIGoals(f, "goals.txt")
	if err != nil || len(goals) != 1000 {
		t.Fatalf("%d goals, %v", len(goals), err)
	}
	ps, errs := readFile(t, filepath.Join(dir, "puzzles.txt"), "")
	if len(errs) > 0 || len(ps) != 1000 {
		t.Fatalf("%d puzzles, errors %v", len(ps), errs)
	}
	for _, p := range ps {
		if p.Width() != 25 || p.Height() != 25 || !p.Satisfies(goals[p.Name]) {
			t.Errorf("$%s: %d×%d, does not match its goal", p.Name, p.Height(), p.Width())
		}
	}
}

// TestSharedSolverOutputs checks the clues read from picross-solver's
// inputs against the solutions it printed.
func TestSharedSolverOutputs(t *testing.T) {
	t.Parallel()
	dir := nonogramData(t)
	checked := 0
	check := func(input, output string, byName bool) {
		ps, _ := readFile(t, input, "")
		sols := solverSolutions(t, output)
		for i, p := range ps {
			key := p.Name
			if !byName {
				key = fmt.Sprint(i + 1)
			}
			g, ok := sols[key]
			if !ok {
				continue
			}
			checked++
			if !p.Satisfies(g) {
				t.Errorf("%s: %q: picross-solver's solution does not meet the clues", filepath.Base(input), p.Name)
			}
			if p.Goal != nil && !p.Goal.Equal(g) {
				t.Errorf("%s: %q: picross-solver's solution is not the goal of a unique puzzle", filepath.Base(input), p.Name)
			}
		}
	}
	outs, _ := filepath.Glob(filepath.Join(dir, "picross-solver", "outputs", "*.txt"))
	for _, out := range outs {
		check(filepath.Join(dir, "picross-solver", "inputs", filepath.Base(out)), out, true)
	}
	exps, _ := filepath.Glob(filepath.Join(dir, "webpbn-survey-free", "expected", "webpbn-*.txt"))
	for _, exp := range exps {
		id := strings.SplitN(filepath.Base(exp), "-", 3)[1]
		check(filepath.Join(dir, "webpbn-survey-free", "xml", "webpbn-"+id+".xml"), exp, false)
	}
	t.Logf("%d solutions checked", checked)
	if checked < 20 {
		t.Errorf("%d solutions checked, want at least 20", checked)
	}
}

// solverSolutions reads the first solution of each grid printed by
// picross-solver, by grid name and by grid number.
func solverSolutions(t *testing.T, path string) map[string]*Grid {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sols := map[string]*Grid{}
	sc := bufio.NewScanner(f)
	name, number := "", ""
	var rows []string
	flush := func() {
		if len(rows) > 0 {
			g := NewGrid(len(rows[0]), len(rows))
			for r, row := range rows {
				for c := range min(len(row), g.Width) {
					g.Set(r, c, row[c] == '#')
				}
			}
			sols[name], sols[number] = g, g
		}
		rows = nil
	}
	inSolution := false
	for sc.Scan() {
		s := strings.TrimSpace(sc.Text())
		switch {
		case strings.HasPrefix(s, "GRID "):
			flush()
			number, name, _ = strings.Cut(strings.TrimPrefix(s, "GRID "), ": ")
			inSolution = false
		case strings.HasPrefix(s, "Solution nb 1:"):
			inSolution = true
		case inSolution && s != "" && strings.Trim(s, "#.") == "":
			rows = append(rows, s)
		default:
			inSolution = false
		}
	}
	flush()
	return sols
}
