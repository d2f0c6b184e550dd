package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/puzzlesolvers/puzzle/internal/badinput"
	"github.com/puzzlesolvers/puzzle/internal/hostload"
	"github.com/puzzlesolvers/puzzle/internal/longtest"
	"github.com/puzzlesolvers/puzzle/internal/svgtest"
	"github.com/puzzlesolvers/puzzle/nonogram"
	"github.com/puzzlesolvers/puzzle/queens"
	"github.com/puzzlesolvers/puzzle/sliding"
	"github.com/puzzlesolvers/puzzle/status"
	"github.com/puzzlesolvers/puzzle/sudoku"
)

// svgNode is an element of a parsed SVG page.
type svgNode = svgtest.Node

// printed is a sheet read back: the puzzle and answer groups in order,
// and the pages' titles.
type printed struct {
	puzzles, answers []*svgNode
	perPage          []int // puzzles on each puzzle page
	titles           []string
}

// readPages reads the pages print wrote: base.svg alone, or base-1.svg,
// base-2.svg, ... (pages of them).
func readPages(t *testing.T, base string, pages int) printed {
	t.Helper()
	var p printed
	paths := []string{base + ".svg"}
	if pages > 1 {
		paths = paths[:0]
		for i := range pages {
			paths = append(paths, fmt.Sprintf("%s-%d.svg", base, i+1))
		}
		if _, err := os.Stat(base + ".svg"); err == nil {
			t.Errorf("%s.svg written besides the numbered pages", base)
		}
	}
	if _, err := os.Stat(fmt.Sprintf("%s-%d.svg", base, pages+1)); err == nil {
		t.Errorf("more than %d pages", pages)
	}
	for _, path := range paths {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		root := svgtest.Parse(t, data)
		title := root.Class("title")
		if len(title) != 1 {
			t.Fatalf("%s: %d titles", path, len(title))
		}
		p.titles = append(p.titles, title[0].Text)
		pz := root.Class("puzzle")
		ans := root.Class("answer")
		if len(pz) > 0 && len(ans) > 0 {
			t.Errorf("%s mixes puzzles and answers", path)
		}
		if len(pz) > 0 {
			p.perPage = append(p.perPage, len(pz))
		}
		p.puzzles = append(p.puzzles, pz...)
		p.answers = append(p.answers, ans...)
	}
	for i, g := range append(slices.Clone(p.puzzles), p.answers...) {
		k := i + 1
		if i >= len(p.puzzles) {
			k = i - len(p.puzzles) + 1
		}
		caption := g.Class("caption")
		if len(caption) != 1 || !regexp.MustCompile(`^`+strconv.Itoa(k)+`(\.|$)`).MatchString(caption[0].Text) {
			t.Errorf("item %d is captioned %v", k, caption)
		}
	}
	return p
}

// cellOf returns the row and column of a C×C cell holding the point.
func cellOf(t *testing.T, n *svgNode, xa, ya string, c float64) (int, int) {
	return int(math.Floor(n.Num(t, ya) / c)), int(math.Floor(n.Num(t, xa) / c))
}

func readSudokus(t *testing.T, path string) []*sudoku.Puzzle {
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var ps []*sudoku.Puzzle
	for p, err := range sudoku.NewReader(f, path).All() {
		if err != nil {
			t.Fatal(err)
		}
		ps = append(ps, p)
	}
	return ps
}

func TestPrintSudoku(t *testing.T) {
	t.Parallel()
	in := "../../examples/sudoku/classic.txt"
	ps := readSudokus(t, in)
	if len(ps) != 5 {
		t.Fatalf("%s: %d puzzles, want 5", in, len(ps))
	}
	base := filepath.Join(t.TempDir(), "sheet")
	if _, errOut, code := runCmd(t, "", "sudoku", "print", "--per-page", "2", "-o", base+".svg", in); code != exitOK || errOut != "" {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	got := readPages(t, base, 4) // 3 pages of 2 puzzles, 1 of 5 answers (8 a page)
	if !slices.Equal(got.perPage, []int{2, 2, 1}) || len(got.answers) != 5 {
		t.Fatalf("puzzles a page %v, %d answers", got.perPage, len(got.answers))
	}
	if got.titles[0] != "Sudoku" || got.titles[3] != "Sudoku: answers" {
		t.Errorf("titles %q", got.titles)
	}
	for k, p := range ps {
		n := p.Size()
		// The puzzle: every given where it belongs, nothing else.
		if solved := got.puzzles[k].Class("solved"); len(solved) > 0 {
			t.Errorf("puzzle %d shows %d solved digits", k+1, len(solved))
		}
		grid := make([]uint8, n*n)
		for _, d := range got.puzzles[k].Class("given") {
			r, c := cellOf(t, d, "x", "y", 40)
			v, _ := strconv.Atoi(d.Text)
			grid[r*n+c] = uint8(v)
		}
		if !slices.Equal(grid, p.Cells) {
			t.Errorf("puzzle %d: the givens printed differ from the input", k+1)
		}
		// The answer: the solver's solution, the givens in bold.
		res, err := sudoku.Solve(context.Background(), p, sudoku.Options{})
		if err != nil || res.Status != status.Unique {
			t.Fatalf("puzzle %d: %v %v", k+1, res.Status, err)
		}
		ans := make([]uint8, n*n)
		givens := 0
		for _, d := range got.answers[k].Find(func(m *svgNode) bool { return m.Name == "text" && m.Attr["class"] != "caption" }) {
			r, c := cellOf(t, d, "x", "y", 40)
			v, _ := strconv.Atoi(d.Text)
			ans[r*n+c] = uint8(v)
			if d.Attr["class"] == "given" {
				givens++
				if p.Cells[r*n+c] == 0 || d.Attr["font-weight"] != "bold" {
					t.Errorf("answer %d: r%dc%d drawn as a given", k+1, r+1, c+1)
				}
			}
		}
		if !slices.Equal(ans, res.Solutions[0]) || !p.IsSolutionOf(ans) || givens != p.Givens() {
			t.Errorf("answer %d: the digits printed are not the solution (%d givens of %d)", k+1, givens, p.Givens())
		}
	}
}

func TestPrintNonogram(t *testing.T) {
	t.Parallel()
	ins := []string{"../../examples/nonogram/heart.txt", "../../examples/nonogram/duck.txt", "../../examples/nonogram/colour.xml"}
	var ps []*nonogram.Puzzle
	for _, in := range ins {
		f, err := os.Open(in)
		if err != nil {
			t.Fatal(err)
		}
		for p, err := range nonogram.NewReader(f, in, "").All() {
			if err != nil {
				t.Fatal(err)
			}
			ps = append(ps, p)
		}
		f.Close()
	}
	base := filepath.Join(t.TempDir(), "nono")
	args := append([]string{"nonogram", "print", "--paper", "letter", "-o", base + ".svg"}, ins...)
	if _, errOut, code := runCmd(t, "", args...); code != exitOK || errOut != "" {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	got := readPages(t, base, 2) // 4 small grids a page, then the answers
	if len(got.puzzles) != len(ps) || len(got.answers) != len(ps) {
		t.Fatalf("%d puzzles and %d answers, want %d", len(got.puzzles), len(got.answers), len(ps))
	}
	for k, p := range ps {
		// Every clue number, and no cell drawn but white ones.
		var want, nums []string
		for _, lines := range [][][]int{p.Cols, p.Rows} {
			for _, clue := range lines {
				if len(clue) == 0 {
					want = append(want, "0")
				}
				for _, n := range clue {
					want = append(want, strconv.Itoa(n))
				}
			}
		}
		for _, g := range got.puzzles[k].Class("clues") {
			for _, n := range g.Kids {
				nums = append(nums, n.Text)
			}
		}
		if !slices.Equal(nums, want) {
			t.Errorf("puzzle %d: clues %v, want %v", k+1, nums, want)
		}
		for _, class := range []string{"filled", "unknown", "colour-1"} {
			if len(got.puzzles[k].Class(class)) > 0 {
				t.Errorf("puzzle %d: %s cells on the puzzle page", k+1, class)
			}
		}
		if len(got.answers[k].Class("clues")) > 0 {
			t.Errorf("answer %d has clues", k+1)
		}
		res, err := nonogram.Solve(context.Background(), p, nonogram.Options{})
		if err != nil || res.Status != status.Unique {
			t.Fatalf("puzzle %d: %v %v", k+1, res.Status, err)
		}
		sol := res.Solutions[0]
		// The answer's cells: 16 units each from (8, 8), render's layout without clues.
		drawn := make([]int, sol.Width*sol.Height)
		for _, g := range got.answers[k].Find(func(m *svgNode) bool {
			return m.Name == "g" && (m.Attr["class"] == "filled" || strings.HasPrefix(m.Attr["class"], "colour-"))
		}) {
			col := 1
			if c, ok := strings.CutPrefix(g.Attr["class"], "colour-"); ok {
				col, _ = strconv.Atoi(c)
			}
			for _, r := range g.Kids {
				row, c := cellOf(t, r, "x", "y", 16)
				drawn[(row-0)*sol.Width+c] = col // (8 + 16c) / 16 = c
			}
		}
		for i := range drawn {
			if drawn[i] != sol.ColorAt(i/sol.Width, i%sol.Width) {
				t.Errorf("answer %d: r%dc%d drawn colour %d, the solution has %d", k+1, i/sol.Width+1, i%sol.Width+1, drawn[i], sol.ColorAt(i/sol.Width, i%sol.Width))
				break
			}
		}
	}
}

func TestPrintSliding(t *testing.T) {
	t.Parallel()
	in := "../../examples/sliding/eight.txt"
	data, err := os.ReadFile(in)
	if err != nil {
		t.Fatal(err)
	}
	var ps []*sliding.Puzzle
	for p, err := range sliding.NewReader(bytes.NewReader(data), in).All() {
		if err != nil {
			t.Fatal(err)
		}
		ps = append(ps, p)
	}
	base := filepath.Join(t.TempDir(), "slide")
	if _, errOut, code := runCmd(t, "", "sliding", "print", "-o", base+".svg", in); code != exitOK || errOut != "" {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	got := readPages(t, base, 2)
	if len(got.puzzles) != len(ps) || len(got.answers) != len(ps) {
		t.Fatalf("%d puzzles and %d answers, want %d", len(got.puzzles), len(got.answers), len(ps))
	}
	for k, p := range ps {
		for _, g := range []*svgNode{got.puzzles[k], got.answers[k]} {
			tiles := make([]uint8, len(p.Board.Tiles))
			for _, tile := range g.Class("tile") {
				i, _ := strconv.Atoi(tile.Attr["data-index"])
				v, _ := strconv.Atoi(tile.Attr["data-tile"])
				tiles[i] = uint8(v)
				if txt := tile.Find(func(m *svgNode) bool { return m.Name == "text" }); len(txt) != 1 || txt[0].Text != strconv.Itoa(v) {
					t.Errorf("board %d: tile %d drawn as %v", k+1, v, txt)
				}
			}
			if !slices.Equal(tiles, p.Board.Tiles) || len(g.Class("blank")) != 1 {
				t.Errorf("board %d: tiles %v, want %v", k+1, tiles, p.Board.Tiles)
			}
		}
		if len(got.puzzles[k].Class("length")) > 0 || len(got.puzzles[k].Class("moves")) > 0 {
			t.Errorf("board %d: its solution is on the puzzle page", k+1)
		}
		// The answer: the fewest moves (by BFS, another algorithm), and
		// moves that reach the goal.
		length := got.answers[k].Class("length")
		var moves strings.Builder
		for _, m := range got.answers[k].Class("moves") {
			moves.WriteString(strings.ReplaceAll(m.Text, " ", ""))
		}
		bfs, err := sliding.Solve(context.Background(), p, sliding.Options{Algorithm: sliding.BFS})
		if err != nil || len(length) != 1 {
			t.Fatalf("board %d: %v, %d lengths", k+1, err, len(length))
		}
		ms, err := sliding.ParseMoves(moves.String())
		if err != nil {
			t.Fatal(err)
		}
		end, err := p.Board.Replay(ms)
		if err != nil || !end.IsGoal(p.Goal) || len(ms) != len(bfs.Moves) || length[0].Attr["data-moves"] != strconv.Itoa(len(bfs.Moves)) ||
			!strings.HasPrefix(length[0].Text, fmt.Sprintf("%d moves (the fewest possible)", len(bfs.Moves))) {
			t.Errorf("board %d: answer %q, %q (%v), BFS finds %d moves", k+1, length[0].Text, moves.String(), err, len(bfs.Moves))
		}
	}
}

func TestPrintQueens(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	in := filepath.Join(dir, "in.txt")
	if err := os.WriteFile(in, []byte("# two\nn 8\n0:3 1:6\n\nn 12\n0:0, 5:2\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		args  []string
		given [][]queens.Queen
	}{
		{[]string{"8", "6", "10"}, [][]queens.Queen{nil, nil, nil}},
		{[]string{in}, [][]queens.Queen{{{Col: 0, Row: 3}, {Col: 1, Row: 6}}, {{Col: 0, Row: 0}, {Col: 5, Row: 2}}}},
	} {
		base := filepath.Join(dir, "q"+strconv.Itoa(len(tc.args)))
		args := append([]string{"queens", "print", "-o", base + ".svg"}, tc.args...)
		if _, errOut, code := runCmd(t, "", args...); code != exitOK || errOut != "" {
			t.Fatalf("%v: exit %d, stderr %q", tc.args, code, errOut)
		}
		got := readPages(t, base, 2)
		if len(got.puzzles) != len(tc.given) || len(got.answers) != len(tc.given) {
			t.Fatalf("%v: %d puzzles, %d answers", tc.args, len(got.puzzles), len(got.answers))
		}
		for k, given := range tc.given {
			n := int(math.Sqrt(float64(len(got.puzzles[k].Find(func(m *svgNode) bool { return m.Name == "rect" && m.Attr["class"] == "" })))))
			queensOf := func(g *svgNode, class string) []queens.Queen {
				var qs []queens.Queen
				for _, q := range g.Class(class) {
					r, _ := strconv.Atoi(q.Attr["data-row"])
					c, _ := strconv.Atoi(q.Attr["data-col"])
					qs = append(qs, queens.Queen{Col: c, Row: r})
				}
				return qs
			}
			if g := queensOf(got.puzzles[k], "given"); !slices.Equal(g, given) || len(got.puzzles[k].Class("placed")) > 0 {
				t.Errorf("%v: puzzle %d shows %v, want %v and no other queen", tc.args, k+1, g, given)
			}
			if !strings.Contains(got.puzzles[k].Class("caption")[0].Text, fmt.Sprintf("%d queens", n)) {
				t.Errorf("puzzle %d: caption %q for a %d×%d board", k+1, got.puzzles[k].Class("caption")[0].Text, n, n)
			}
			// The answer: n queens, the given ones among them, none attacking another.
			all := append(queensOf(got.answers[k], "given"), queensOf(got.answers[k], "placed")...)
			rows := make([]int, n)
			seen := make([]bool, n)
			for _, q := range all {
				if q.Col >= n || seen[q.Col] {
					t.Fatalf("%v: answer %d: two queens in column %d", tc.args, k+1, q.Col)
				}
				seen[q.Col], rows[q.Col] = true, q.Row
			}
			if len(all) != n || queens.Verify(rows) != nil || !slices.Equal(queensOf(got.answers[k], "given"), given) {
				t.Errorf("%v: answer %d is not a solution keeping the givens: %v", tc.args, k+1, all)
			}
		}
	}
}

func TestPrintPDF(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	in := "../../examples/sudoku/classic.txt"
	for _, args := range [][]string{
		{"-o", filepath.Join(dir, "a.pdf")},
		{"--format", "pdf", "-o", filepath.Join(dir, "b.out")},
		{"--format", "pdf"},
	} {
		out, errOut, code := runCmd(t, "", append(append([]string{"sudoku", "print"}, args...), in)...)
		if code != exitOK || errOut != "" {
			t.Fatalf("%v: exit %d, stderr %q", args, code, errOut)
		}
		doc := []byte(out)
		if args[len(args)-2] == "-o" {
			var err error
			if doc, err = os.ReadFile(args[len(args)-1]); err != nil {
				t.Fatal(err)
			}
		}
		// 4 puzzles a page: 2 pages, then 1 of answers.
		if !bytes.HasPrefix(doc, []byte("%PDF-1.4\n")) || bytes.Count(doc, []byte("/Type /Page ")) != 3 {
			t.Errorf("%v: not a PDF of 3 pages", args)
		}
		for _, word := range []string{"(Sudoku) Tj", "(Sudoku: answers) Tj", "(page 3 of 3) Tj"} {
			if !bytes.Contains(doc, []byte(word)) {
				t.Errorf("%v: no %s", args, word)
			}
		}
	}
	if pdfinfo, err := exec.LookPath("pdfinfo"); err == nil {
		out, err := exec.Command(pdfinfo, filepath.Join(dir, "a.pdf")).CombinedOutput()
		if err != nil || !regexp.MustCompile(`Pages:\s+3\n`).Match(out) || !strings.Contains(string(out), "(A4)") {
			t.Errorf("pdfinfo: %v\n%s", err, out)
		}
	}
}

func TestPrintOptions(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	in := "../../examples/sudoku/classic.txt"
	// --no-answers: the puzzles alone.
	base := filepath.Join(dir, "plain")
	if _, errOut, code := runCmd(t, "", "sudoku", "print", "--no-answers", "--per-page", "3", "-o", base+".svg", in); code != exitOK || errOut != "" {
		t.Fatalf("--no-answers: exit %d, stderr %q", code, errOut)
	}
	if got := readPages(t, base, 2); len(got.answers) != 0 || !slices.Equal(got.perPage, []int{3, 2}) {
		t.Errorf("--no-answers: %d answers, %v puzzles a page", len(got.answers), got.perPage)
	}
	// Several solutions: one of them on the answer page, and a warning with the place.
	base = filepath.Join(dir, "several")
	_, errOut, code := runCmd(t, "", "sudoku", "print", "-o", base+".svg", "testdata/multiple9.txt")
	if code != exitOK || !regexp.MustCompile(`^puzzle sudoku print: testdata/multiple9.txt:\d+: several solutions; the answer page shows one\n`).MatchString(errOut) {
		t.Errorf("several solutions: exit %d, stderr %q", code, errOut)
	}
	if got := readPages(t, base, 2); len(got.answers) != len(got.puzzles) || len(got.answers) == 0 ||
		got.answers[0].Class("caption")[0].Text != "1. one of several solutions" {
		t.Errorf("several solutions: %d puzzles, %d answers", len(got.puzzles), len(got.answers))
	}
	// -o without an extension: the pages are .svg files.
	base = filepath.Join(dir, "bare")
	if _, errOut, code := runCmd(t, "", "queens", "print", "-o", base, "8"); code != exitOK || errOut != "" {
		t.Errorf("-o without extension: exit %d, stderr %q", code, errOut)
	}
	readPages(t, base, 2)
	// One page goes to stdout.
	out, errOut, code := runCmd(t, "", "queens", "print", "--no-answers", "8")
	if code != exitOK || errOut != "" {
		t.Fatalf("stdout: exit %d, stderr %q", code, errOut)
	}
	if root := svgtest.Parse(t, []byte(out)); len(root.Class("puzzle")) != 1 {
		t.Error("stdout: not one puzzle")
	}
	// Letter paper.
	out, _, _ = runCmd(t, "", "queens", "print", "--no-answers", "--paper", "letter", "8")
	if root := svgtest.Parse(t, []byte(out)); root.Attr["width"] != "8.5in" || root.Attr["viewBox"] != "0 0 612 792" {
		t.Errorf("letter: %v", root.Attr)
	}
}

func TestPrintErrors(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	out := filepath.Join(dir, "out.svg")
	for _, tc := range []struct {
		name   string
		args   []string
		code   int
		stderr []string
	}{
		{"malformed", []string{"sudoku", "print", "-o", out, "testdata/malformed.txt"}, exitFail,
			[]string{"testdata/malformed.txt:2: ", "nothing written"}},
		{"no solution", []string{"sudoku", "print", "-o", out, "testdata/none9.txt"}, exitFail,
			[]string{"testdata/none9.txt:2: no solution", "testdata/none9.txt:4: no solution", "nothing written"}},
		{"nonogram bad", []string{"nonogram", "print", "-o", out, "testdata/nonogram/bad.txt"}, exitFail, []string{"testdata/nonogram/bad.txt:", "nothing written"}},
		{"queens none", []string{"queens", "print", "-o", out, "testdata/queens/bad.txt"}, exitFail, []string{"testdata/queens/bad.txt:", "nothing written"}},
		{"sliding parity", []string{"sliding", "print", "-o", out, "1", "2", "3", "4", "5", "6", "8", "7", "0"}, exitFail, []string{"args: no solution: parity"}},
		{"sliding parity, no answers", []string{"sliding", "print", "--no-answers", "-o", out, "1", "2", "3", "4", "5", "6", "8", "7", "0"}, exitFail, []string{"cannot reach the goal"}},
		{"missing file", []string{"sudoku", "print", "-o", out, "testdata/no-such-file"}, exitFail, []string{"no-such-file", "nothing written"}},
		{"empty", []string{"sudoku", "print", "-o", out, "-"}, exitFail, []string{"no puzzle in the input"}},
		{"per page", []string{"sudoku", "print", "--per-page", "-1", "-o", out, "testdata/none9.txt"}, exitUsage, []string{"--per-page must be 1 to 64"}},
		{"per page high", []string{"sudoku", "print", "--per-page", "65", "-o", out, "testdata/none9.txt"}, exitUsage, []string{"--per-page"}},
		{"paper", []string{"sudoku", "print", "--paper", "a3", "-o", out}, exitUsage, []string{"a4, letter"}},
		{"format", []string{"sudoku", "print", "--format", "png", "-o", out}, exitUsage, []string{"svg, pdf"}},
		{"pages to stdout", []string{"sudoku", "print", "../../examples/sudoku/classic.txt"}, exitUsage, []string{"3 SVG pages would go to stdout"}},
		{"queens size", []string{"queens", "print", "-o", out, "3"}, exitUsage, []string{"board size 3"}},
		{"unwritable", []string{"queens", "print", "-o", filepath.Join(dir, "no", "dir", "q.svg"), "8"}, exitFail, []string{filepath.Join(dir, "no", "dir", "q-1.svg"), "nothing written"}},
	} {
		_, errOut, code := runCmd(t, "", tc.args...)
		if code != tc.code {
			t.Errorf("%s: exit %d, want %d (stderr %q)", tc.name, code, tc.code, errOut)
		}
		for _, want := range tc.stderr {
			if !strings.Contains(errOut, want) {
				t.Errorf("%s: stderr %q lacks %q", tc.name, errOut, want)
			}
		}
		if _, err := os.Stat(out); err == nil {
			t.Fatalf("%s: %s written", tc.name, out)
		}
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 0 {
		t.Errorf("files left behind: %v", ents)
	}
}

func TestPrintInterrupted(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, errOut, code := runCtx(t, ctx, "", "sudoku", "print", "-o", filepath.Join(dir, "s.pdf"), "../../examples/sudoku/classic.txt")
	if code != exitFail || !strings.Contains(errOut, "interrupted") {
		t.Errorf("exit %d, stderr %q", code, errOut)
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 0 {
		t.Errorf("files written: %v", ents)
	}
}

// TestPrintBadInputCorpus prints a sample of the bad-input corpus of every
// family: no panic, an end in bounded time, and either a whole PDF with
// exit status 0 or nothing written, exit status 1 and the reasons on
// stderr, each naming the file and a line.
func TestPrintBadInputCorpus(t *testing.T) {
	t.Parallel()
	opt := badinput.Options{Random: 40, Seed: 15}
	// limit catches a print that hangs; a loaded host (the race detector
	// and the other packages' tests on 2 cores) stretches an honest one.
	every, limit := 25, time.Duration(float64(20*time.Second)*hostload.Busy())
	if longtest.Enabled() {
		opt.Random, every = 300, 4
	}
	for _, f := range corpusFamilies {
		t.Run(f.name, func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			printed, failed := 0, 0
			for i, c := range corpusCases(t, f, opt) {
				if i%every != 0 {
					continue
				}
				name := c.file + ": " + c.Name
				in := filepath.Join(dir, c.file)
				out := filepath.Join(dir, "sheet.pdf")
				os.Remove(out)
				if err := os.WriteFile(in, c.Data, 0o644); err != nil {
					t.Fatal(err)
				}
				args := []string{f.name, "print", "--timeout", "500ms", "-o", out}
				if f.name == "sliding" {
					args = append(args, "--cache", filepath.Join(dir, "cache"))
				}
				ctx, cancel := context.WithTimeout(context.Background(), limit)
				var errb bytes.Buffer
				code := func() (code int) {
					defer func() {
						if p := recover(); p != nil {
							t.Errorf("%s: print panicked: %v", name, p)
							code = -1
						}
					}()
					return run(ctx, strings.NewReader(""), io.Discard, &errb, append(args, in))
				}()
				timedOut := ctx.Err() != nil
				cancel()
				if timedOut {
					t.Errorf("%s: print took more than %v", name, limit)
					continue
				}
				doc, err := os.ReadFile(out)
				switch code {
				case exitOK:
					printed++
					if err != nil || !bytes.HasPrefix(doc, []byte("%PDF-1.4")) || !bytes.HasSuffix(doc, []byte("%%EOF\n")) {
						t.Errorf("%s: exit 0 and no whole PDF (%v)", name, err)
					}
				case exitFail:
					failed++
					if err == nil {
						t.Errorf("%s: exit 1 and %s written", name, out)
					}
					for line := range strings.Lines(errb.String()) {
						if !strings.Contains(line, c.file+":") && !strings.Contains(line, "nothing written") {
							t.Errorf("%s: a message without its place: %q", name, line)
						}
					}
				default:
					t.Errorf("%s: exit %d, stderr %q", name, code, errb.String())
				}
			}
			t.Logf("%d printed, %d refused", printed, failed)
		})
	}
}
