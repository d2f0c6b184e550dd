package nonogram

import (
	"context"
	"encoding/csv"
	"errors"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"testing"
)

// bruteLineSolvable decides by enumeration whether line reasoning alone
// settles p: every line's cells are narrowed to what all placements of its
// clue that agree with the known cells have in common, until nothing
// changes. It shares no code with the solver.
func bruteLineSolvable(p *Puzzle) bool {
	w, h := p.Width(), p.Height()
	cell := make([]int8, w*h) // 0 unknown, 1 filled, -1 empty
	var placements func(clue []int, n int) [][]bool
	placements = func(clue []int, n int) [][]bool {
		if len(clue) == 0 {
			return [][]bool{make([]bool, n)}
		}
		var out [][]bool
		need := len(clue) - 1
		for _, c := range clue {
			need += c
		}
		for start := 0; start+need <= n; start++ {
			end := start + clue[0]
			rest := n - end
			if len(clue) > 1 {
				rest-- // the gap after this run
			}
			for _, tail := range placements(clue[1:], rest) {
				line := make([]bool, n)
				for i := start; i < end; i++ {
					line[i] = true
				}
				off := n - len(tail)
				copy(line[off:], tail)
				out = append(out, line)
			}
		}
		return out
	}
	type line struct {
		cells []int
		all   [][]bool
	}
	var lines []line
	for r := range h {
		l := line{all: placements(p.Rows[r], w)}
		for c := range w {
			l.cells = append(l.cells, r*w+c)
		}
		lines = append(lines, l)
	}
	for c := range w {
		l := line{all: placements(p.Cols[c], h)}
		for r := range h {
			l.cells = append(l.cells, r*w+c)
		}
		lines = append(lines, l)
	}
	for changed := true; changed; {
		changed = false
		for _, l := range lines {
			var filled, empty []bool
			for _, pl := range l.all {
				ok := true
				for i, c := range l.cells {
					if cell[c] == 1 && !pl[i] || cell[c] == -1 && pl[i] {
						ok = false
						break
					}
				}
				if !ok {
					continue
				}
				if filled == nil {
					filled, empty = make([]bool, len(pl)), make([]bool, len(pl))
					for i := range pl {
						filled[i], empty[i] = true, true
					}
				}
				for i, v := range pl {
					filled[i] = filled[i] && v
					empty[i] = empty[i] && !v
				}
			}
			if filled == nil {
				return false // no placement: not a puzzle line reasoning settles
			}
			for i, c := range l.cells {
				if cell[c] == 0 && (filled[i] || empty[i]) {
					cell[c] = map[bool]int8{true: 1, false: -1}[filled[i]]
					changed = true
				}
			}
		}
	}
	for _, v := range cell {
		if v == 0 {
			return false
		}
	}
	return true
}

// countPictures counts the pictures of a small puzzle by enumerating every
// grid, up to 2.
func countPictures(p *Puzzle) int {
	w, h := p.Width(), p.Height()
	g := NewGrid(w, h)
	k := 0
	for bits := 0; bits < 1<<(w*h) && k < 2; bits++ {
		for i := range g.Cells {
			g.Cells[i] = bits>>i&1 == 1
		}
		if p.Satisfies(g) {
			k++
		}
	}
	return k
}

// Random small pictures: the rating's verdict (unique or not) agrees with
// enumeration up to 4×4, and a unique picture is rated easy or medium exactly when
// line reasoning alone settles it, as an enumerating line solver says.
func TestRateAgainstEnumeration(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(17, 4))
	levels := map[Difficulty]int{}
	for i := range 600 {
		// Up to 4×4 (65,536 grids) the pictures are counted by
		// enumeration; larger ones up to 8×8 test the line reasoning
		// only, their count taken from the rating.
		w, h := 2+rng.IntN(3), 2+rng.IntN(3)
		if i%3 != 0 {
			w, h = 5+rng.IntN(4), 5+rng.IntN(4)
		}
		p := RandomGrid(rng, w, h, 0.3+0.4*rng.Float64()).Clues()
		rt, err := Rate(context.Background(), p)
		n := 1
		if w*h <= 16 {
			n = countPictures(p)
		} else if errors.Is(err, ErrNotUnique) {
			n = 2
		}
		switch {
		case n > 1:
			if !errors.Is(err, ErrNotUnique) {
				t.Fatalf("puzzle %d (%dx%d) has several pictures; Rate: %+v, %v", i, w, h, rt, err)
			}
			continue
		case err != nil:
			t.Fatalf("puzzle %d: one picture; Rate: %v", i, err)
		}
		levels[rt.Difficulty]++
		line := bruteLineSolvable(p)
		if line != (rt.Difficulty <= Medium) {
			t.Errorf("puzzle %d (%dx%d, clues %v / %v): rated %v (hardest %s), line-solvable by enumeration: %v",
				i, w, h, p.Rows, p.Cols, rt.Difficulty, rt.Hardest, line)
		}
		if rt.Score < float64(rt.Difficulty) || rt.Score >= float64(rt.Difficulty)+1 {
			t.Errorf("puzzle %d: score %.1f outside its level %v", i, rt.Score, rt.Difficulty)
		}
	}
	if levels[Easy] == 0 || levels[Medium] == 0 || levels[Hard] == 0 {
		t.Errorf("levels met: %v; want easy, medium and hard puzzles", levels)
	}
	t.Logf("levels of the unique ones: %v", levels)
}

func TestRateNone(t *testing.T) {
	t.Parallel()
	// Rows 1 and 3 fill column 1, row 2 leaves it empty: not the run of 2
	// its clue asks for.
	p := &Puzzle{Rows: [][]int{{1}, {}, {1}}, Cols: [][]int{{2}, {}, {}}}
	if countPictures(p) != 0 {
		t.Fatal("the test puzzle has a picture")
	}
	if _, err := Rate(context.Background(), p); !errors.Is(err, ErrNoSolution) {
		t.Errorf("Rate of a puzzle with no picture: %v, want ErrNoSolution", err)
	}
}

// picross-solver's validation.csv says, for each of its grids, whether line
// solving settles it (LINE) or branching is needed (BRANCH), with the work
// its solver did. Every LINE grid must rate easy or medium, every BRANCH
// grid hard or harder, grids with several pictures or none must not be
// rated, and on the BRANCH grids the scores must rank as the published
// work does (Spearman's ρ at least 0.8).
func TestRatePicrossValidation(t *testing.T) {
	dir := filepath.Join(nonogramData(t), "picross-solver")
	f, err := os.Open(filepath.Join(dir, "outputs", "validation.csv"))
	if err != nil {
		t.Skipf("no validation.csv: %v", err)
	}
	defer f.Close()
	cr := csv.NewReader(f)
	cr.FieldsPerRecord = -1
	rows, err := cr.ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	type published struct {
		valid, difficulty string
		work              float64 // searched line alternatives
	}
	want := map[string]map[string]published{} // file → grid → row
	for _, r := range rows[1:] {
		if len(r) < 13 || r[1] == "" {
			continue
		}
		work, _ := strconv.ParseFloat(r[12], 64)
		if want[r[0]] == nil {
			want[r[0]] = map[string]published{}
		}
		want[r[0]][r[1]] = published{valid: r[3], difficulty: r[4], work: work}
	}
	var ours, theirs []float64
	checked := 0
	for file, grids := range want {
		for _, p := range readAll(t, filepath.Join(dir, "inputs", file)) {
			w, ok := grids[p.Name]
			if !ok || p.Name == "Katakana" || p.Name == "8-Dom" || p.Name == "9-Dom" { // Katakana: two grids share the name; 8- and 9-Dom take long
				continue
			}
			checked++
			rt, err := Rate(context.Background(), p)
			switch w.valid {
			case "MULT":
				if !errors.Is(err, ErrNotUnique) {
					t.Errorf("%s %s: several pictures published; Rate: %v, %v", file, p.Name, rt.Difficulty, err)
				}
			case "ZERO":
				if err == nil {
					t.Errorf("%s %s: no picture published; rated %v", file, p.Name, rt.Difficulty)
				}
			case "OK":
				switch {
				case err != nil:
					t.Errorf("%s %s: %v", file, p.Name, err)
				case w.difficulty == "LINE" && rt.Difficulty > Medium, w.difficulty == "BRANCH" && rt.Difficulty < Hard:
					t.Errorf("%s %s: published %s, rated %v (hardest %s)", file, p.Name, w.difficulty, rt.Difficulty, rt.Hardest)
				}
				if w.difficulty == "BRANCH" {
					ours, theirs = append(ours, rt.Score), append(theirs, w.work)
				}
				t.Logf("%-20s %-16s %-6s work %8.0f: %-7v %.1f (%s, %d steps)", file, p.Name, w.difficulty, w.work, rt.Difficulty, rt.Score, rt.Hardest, rt.Length)
			}
		}
	}
	if checked < 20 {
		t.Fatalf("checked %d grids only", checked)
	}
	if rho := spearman(ours, theirs); rho < 0.8 {
		t.Errorf("BRANCH grids: Spearman's ρ between our scores and the published work %.2f, want at least 0.8", rho)
	} else {
		t.Logf("BRANCH grids: Spearman's ρ = %.2f over %d grids", rho, len(ours))
	}
}

// spearman is the rank correlation of x and y (ties get their mean rank).
func spearman(x, y []float64) float64 {
	rank := func(v []float64) []float64 {
		idx := make([]int, len(v))
		for i := range idx {
			idx[i] = i
		}
		sort.Slice(idx, func(a, b int) bool { return v[idx[a]] < v[idx[b]] })
		r := make([]float64, len(v))
		for i := 0; i < len(idx); {
			j := i
			for j+1 < len(idx) && v[idx[j+1]] == v[idx[i]] {
				j++
			}
			for k := i; k <= j; k++ {
				r[idx[k]] = float64(i+j)/2 + 1
			}
			i = j + 1
		}
		return r
	}
	rx, ry := rank(x), rank(y)
	var mx, my float64
	for i := range rx {
		mx += rx[i]
		my += ry[i]
	}
	mx /= float64(len(rx))
	my /= float64(len(ry))
	var sxy, sxx, syy float64
	for i := range rx {
		sxy += (rx[i] - mx) * (ry[i] - my)
		sxx += (rx[i] - mx) * (rx[i] - mx)
		syy += (ry[i] - my) * (ry[i] - my)
	}
	if sxx == 0 || syy == 0 {
		return 0
	}
	return sxy / math.Sqrt(sxx*syy)
}

// What the shared sets' SOURCES.md knows: webpbn 1, 6, 16, 21 and 529 are
// line-solvable and the other free survey puzzles are not; mikix's
// collection holds only puzzles "that can be solved via logic": none of
// them needs search.
func TestRateSharedSets(t *testing.T) {
	dir := nonogramData(t)
	line := map[string]bool{"webpbn-00001.xml": true, "webpbn-00006.xml": true, "webpbn-00016.xml": true, "webpbn-00021.xml": true, "webpbn-00529.xml": true}
	files, _ := filepath.Glob(filepath.Join(dir, "webpbn-survey-free", "xml", "*.xml"))
	if len(files) != 12 {
		t.Fatalf("%d webpbn files, want 12", len(files))
	}
	for _, file := range files {
		for _, p := range readAll(t, file) {
			rt, err := Rate(context.Background(), p)
			if err != nil {
				t.Fatalf("%s: %v", file, err)
			}
			if want := line[filepath.Base(file)]; (rt.Difficulty <= Medium) != want {
				t.Errorf("%s: rated %v (%s); line-solvable: %v", filepath.Base(file), rt.Difficulty, rt.Hardest, want)
			}
		}
	}
	mikix, _ := filepath.Glob(filepath.Join(dir, "mikix-nonogram-db", "*", "*.non"))
	more, _ := filepath.Glob(filepath.Join(dir, "mikix-nonogram-db", "*", "*", "*.non"))
	for _, file := range append(mikix, more...) {
		for _, p := range readAll(t, file) {
			if rt, err := Rate(context.Background(), p); err != nil || rt.Difficulty > Hard {
				t.Errorf("%s: rated %v, %v; solvable by logic", file, rt.Difficulty, err)
			}
		}
	}
}
