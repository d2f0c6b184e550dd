package nonogram

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/puzzlesolvers/puzzle/status"
)

var testPalette = []Color{{"white", '.', "FFFFFF"}, {"black", 'X', "000000"}, {"red", 'r', "FF0000"}, {"blue", 'b', "0000FF"}}

// randomColorPuzzle returns the clues of a random picture over k colours
// (background included); with shuffle two rows' clues are swapped, which
// often leaves no solution.
func randomColorPuzzle(rng *rand.Rand, w, h, k int, shuffle bool) *Puzzle {
	g := NewGrid(w, h)
	g.Colors = make([]uint8, w*h)
	for i := range g.Colors {
		if rng.IntN(2) == 0 { // half the cells are background
			g.Colors[i] = uint8(1 + rng.IntN(k-1))
			g.Cells[i] = true
		}
	}
	p := g.ColorClues(testPalette[:k])
	if shuffle && h > 1 {
		a, b := rng.IntN(h), rng.IntN(h)
		p.Rows[a], p.Rows[b] = p.Rows[b], p.Rows[a]
		p.RowColors[a], p.RowColors[b] = p.RowColors[b], p.RowColors[a]
	}
	return p
}

// bruteColor returns every picture of the colour puzzle p: each row is
// chosen among all colourings that meet its clue, and the columns are
// checked once every row is chosen.
func bruteColor(p *Puzzle) []*Grid {
	w, h, k := p.Width(), p.Height(), len(p.Colors)
	candidates := make([][][]uint8, h)
	line := make([]uint8, w)
	total := 1
	for range w {
		total *= k
	}
	for r := range h {
		for code := range total {
			x := code
			for i := range line {
				line[i] = uint8(x % k)
				x /= k
			}
			runs, colors := colorLineClue(line)
			if slices.Equal(runs, p.Rows[r]) && slices.Equal(colors, p.RowColors[r]) {
				candidates[r] = append(candidates[r], slices.Clone(line))
			}
		}
	}
	var out []*Grid
	pick := make([][]uint8, h)
	var rec func(r int)
	rec = func(r int) {
		if r == h {
			g := NewGrid(w, h)
			g.Colors = make([]uint8, w*h)
			for i := range h {
				for c := range w {
					g.Colors[i*w+c] = pick[i][c]
					g.Cells[i*w+c] = pick[i][c] != 0
				}
			}
			if p.Satisfies(g) {
				out = append(out, g)
			}
			return
		}
		for _, cand := range candidates[r] {
			pick[r] = cand
			rec(r + 1)
		}
	}
	rec(0)
	return out
}

func colorKeys(gs []*Grid) []string {
	keys := make([]string, len(gs))
	for i, g := range gs {
		keys[i] = fmt.Sprint(g.Colors)
	}
	slices.Sort(keys)
	return keys
}

func TestSolveColorMatchesBruteForce(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(31, 32))
	counts := map[status.Status]int{}
	for iter := range 1200 {
		w, h, k := 1+rng.IntN(5), 1+rng.IntN(5), 2+rng.IntN(3)
		p := randomColorPuzzle(rng, w, h, k, iter%4 == 0)
		if err := p.Validate(); err != nil {
			continue // a shuffle can unbalance the colour counts
		}
		want := bruteColor(p)
		res, err := Solve(context.Background(), p, Options{Limit: -1})
		if err != nil {
			t.Fatal(err)
		}
		name := fmt.Sprintf("%d×%d, %d colours, rows %v %v cols %v %v", h, w, k, p.Rows, p.RowColors, p.Cols, p.ColColors)
		if !slices.Equal(colorKeys(res.Solutions), colorKeys(want)) {
			t.Fatalf("%s: %d pictures, brute force finds %d", name, len(res.Solutions), len(want))
		}
		for _, g := range res.Solutions {
			if !p.Satisfies(g) {
				t.Fatalf("%s: picture does not meet the clues: %v", name, g.Colors)
			}
		}
		res, _ = Solve(context.Background(), p, Options{})
		wantStatus := map[int]status.Status{0: status.None, 1: status.Unique, 2: status.Multiple}[min(len(want), 2)]
		if res.Status != wantStatus {
			t.Fatalf("%s: status %v, want %v", name, res.Status, wantStatus)
		}
		counts[res.Status]++
	}
	for _, s := range []status.Status{status.Unique, status.Multiple, status.None} {
		if counts[s] < 50 {
			t.Errorf("weak sample: only %d puzzles with status %v (%v)", counts[s], s, counts)
		}
	}
}

func TestValidateColors(t *testing.T) {
	base := func() *Puzzle {
		// A red run right after a black one needs no gap: "X r" in a row of 2.
		return &Puzzle{Colors: testPalette[:3],
			Rows: [][]int{{1, 1}}, RowColors: [][]int{{1, 2}},
			Cols: [][]int{{1}, {1}}, ColColors: [][]int{{1}, {2}}}
	}
	if err := base().Validate(); err != nil {
		t.Fatalf("valid colour puzzle: %v", err)
	}
	res, err := Solve(context.Background(), base(), Options{})
	if err != nil || res.Status != status.Unique || !res.LineSolvable || fmt.Sprint(res.Solutions[0].ColorRows(testPalette)) != "[Xr]" {
		t.Fatalf("solve: %v %v line-solvable %v", res.Status, err, res.LineSolvable)
	}
	for _, tc := range []struct {
		edit func(p *Puzzle)
		msg  string
	}{
		{func(p *Puzzle) { p.RowColors[0][1] = 1 }, "needs 3 cells, the row has 2"},
		{func(p *Puzzle) { p.RowColors[0][1] = 3 }, "outside the palette 1..2"},
		{func(p *Puzzle) { p.RowColors[0] = []int{1} }, "has 2 runs but 1 colours"},
		{func(p *Puzzle) { p.ColColors[1][0] = 1 }, `rows have 1 cells of colour "black" but columns 2`},
		{func(p *Puzzle) { p.ColColors = nil }, "2 column clues but 0 column colour lists"},
		{func(p *Puzzle) { p.Colors = p.Colors[:1] }, "needs a background and 1 to 63 colours"},
	} {
		p := base()
		tc.edit(p)
		err := p.Validate()
		if err == nil || !strings.Contains(err.Error(), tc.msg) {
			t.Errorf("want an error with %q, got %v", tc.msg, err)
		}
	}
}

// Colour puzzles survive a round trip through webpbn XML, goal included,
// and the other formats refuse them.
func TestColorXMLRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(41, 42))
	var ps []*Puzzle
	for range 20 {
		w, h, k := 1+rng.IntN(8), 1+rng.IntN(8), 3+rng.IntN(2)
		g := NewGrid(w, h)
		g.Colors = make([]uint8, w*h)
		for i := range g.Colors {
			g.Colors[i] = uint8(rng.IntN(k))
			g.Cells[i] = g.Colors[i] != 0
		}
		p := g.ColorClues(testPalette[:k])
		p.Goal, p.Name = g, fmt.Sprintf("colour <%d>", len(ps))
		ps = append(ps, p)
	}
	var buf strings.Builder
	if err := WriteAll(&buf, ps, FormatXML); err != nil {
		t.Fatal(err)
	}
	r := NewReader(strings.NewReader(buf.String()), "colour.xml", "")
	for i, want := range ps {
		got, err := r.Next()
		if err != nil {
			t.Fatalf("puzzle %d: %v\n%s", i, err, buf.String())
		}
		if got.Name != want.Name || !slices.Equal(got.Colors, want.Colors) ||
			fmt.Sprint(got.Rows, got.RowColors, got.Cols, got.ColColors) != fmt.Sprint(want.Rows, want.RowColors, want.Cols, want.ColColors) ||
			got.Goal == nil || !got.Goal.Equal(want.Goal) {
			t.Fatalf("puzzle %d differs after the round trip:\n got %+v\nwant %+v", i, got, want)
		}
		if !got.Satisfies(got.Goal) {
			t.Fatalf("puzzle %d: the goal does not meet the clues", i)
		}
	}
	for _, f := range Formats {
		if f == FormatXML {
			continue
		}
		if err := ps[0].Format(&buf, f); err == nil || !strings.Contains(err.Error(), "has no colours") {
			t.Errorf("format %s: %v, want a refusal", f, err)
		}
	}
}

// A .non colour puzzle: declared colours, runs with colour letters, a goal
// of letters on the lines after "goal", solved back to its goal.
func TestColorNON(t *testing.T) {
	const src = `title "flag"
color a #ff0000
color b #0000ff
width 3
height 3
rows
1a,1b
1a,2b
1b
columns
2a
1b
3b
goal
a0b
abb
00b
by someone
`
	p, err := NewReader(strings.NewReader(src), "flag.non", "").Next()
	if err != nil {
		t.Fatal(err)
	}
	if !p.IsColor() || len(p.Colors) != 3 || p.Colors[1].RGB != "FF0000" || p.Author != "someone" ||
		fmt.Sprint(p.RowColors) != "[[1 2] [1 2] [2]]" || fmt.Sprint(p.ColColors) != "[[1] [2] [2]]" {
		t.Fatalf("read %+v", p)
	}
	res, err := Solve(context.Background(), p, Options{})
	if err != nil || res.Status != status.Unique || !res.Solutions[0].Equal(p.Goal) || !res.LineSolvable {
		t.Fatalf("solve: %v %v, line-solvable %v", res.Status, err, res.LineSolvable)
	}
	if got := strings.Join(res.Solutions[0].ColorRows(p.Colors), "/"); got != "a.b/abb/..b" {
		t.Errorf("picture %s", got)
	}
}

// Colour pictures are drawn in their colours: every cell of the PNG
// carries its palette colour, the SVG groups cells by colour, and the text
// shows the palette characters; cells where two pictures differ are
// unknown.
func TestRenderColor(t *testing.T) {
	rng := rand.New(rand.NewPCG(51, 52))
	g := NewGrid(6, 4)
	g.Colors = make([]uint8, 24)
	for i := range g.Colors {
		g.Colors[i] = uint8(rng.IntN(4))
		g.Cells[i] = g.Colors[i] != 0
	}
	p := g.ColorClues(testPalette)
	img, err := drawImage(p, BoardOf(g), RenderOptions{CellSize: 20})
	if err != nil {
		t.Fatal(err)
	}
	l := drawLayoutFor(g.Width, g.Height, renderStatsOf(p), RenderOptions{CellSize: 20})
	for r := range g.Height {
		for c := range g.Width {
			x, y := l.left+c*l.cell+l.cell/2, l.top+r*l.cell+l.cell/2
			want := drawParseRGB(renderRGB(p, g.ColorAt(r, c)))
			if got := img.At(x, y); !colorsEqual(got, want) {
				t.Errorf("cell (%d,%d): PNG colour %v, want %v", r, c, got, want)
			}
		}
	}
	var svg strings.Builder
	if err := RenderSVG(&svg, p, BoardOf(g), RenderOptions{}); err != nil {
		t.Fatal(err)
	}
	for col := 1; col < 4; col++ {
		if !strings.Contains(svg.String(), fmt.Sprintf(`<g class="colour-%d" fill="#%s">`, col, strings.ToLower(testPalette[col].RGB))) {
			t.Errorf("SVG has no group for colour %d", col)
		}
	}
	var text strings.Builder
	if err := RenderText(&text, p, BoardOf(g), RenderOptions{NoClues: true}); err != nil {
		t.Fatal(err)
	}
	got := strings.NewReplacer(" ", "", "|", "", "\n", "").Replace(text.String())
	if want := strings.Join(g.ColorRows(testPalette), ""); got != want {
		t.Errorf("text has the cells %q, want %q", got, want)
	}
	// Two pictures that differ in one cell's colour.
	h := NewGrid(6, 4)
	h.Colors = slices.Clone(g.Colors)
	copy(h.Cells, g.Cells)
	h.Colors[5] = h.Colors[5]%3 + 1
	h.Cells[5] = true
	b := CommonBoard(g, h)
	for i, v := range b.Cells {
		if (v == Unknown) != (i == 5) {
			t.Errorf("common board cell %d is %v", i, v)
		}
	}
}

func colorsEqual(a, b interface{ RGBA() (r, g, b, a uint32) }) bool {
	r1, g1, b1, a1 := a.RGBA()
	r2, g2, b2, a2 := b.RGBA()
	return r1 == r2 && g1 == g2 && b1 == b2 && a1 == a2
}

// Colour explanations replay to their final picture, never contradict the
// picture of a unique puzzle, find contradictions only where there is no
// picture, and solve every line-solvable puzzle.
func TestExplainColorStepsAreSound(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(71, 72))
	rules := map[string]int{}
	solved, contradictions := 0, 0
	for iter := range 500 {
		w, h, k := 2+rng.IntN(7), 2+rng.IntN(7), 3+rng.IntN(2)
		p := randomColorPuzzle(rng, w, h, k, iter%5 == 0)
		if p.Validate() != nil {
			continue
		}
		res, err := Solve(context.Background(), p, Options{})
		if err != nil {
			t.Fatal(err)
		}
		ex, err := Explain(context.Background(), p)
		if err != nil {
			t.Fatal(err)
		}
		name := fmt.Sprintf("rows %v %v cols %v %v", p.Rows, p.RowColors, p.Cols, p.ColColors)
		replay := make([][]byte, h)
		for r := range replay {
			replay[r] = []byte(strings.Repeat("?", w))
		}
		for _, s := range ex.Steps {
			rules[s.Rule]++
			if s.Text == "" || len(s.Colors) != len(s.Fill) {
				t.Fatalf("%s: bad step %+v", name, s)
			}
			set := func(rc []int, col int) {
				if replay[rc[0]][rc[1]] != '?' {
					t.Fatalf("%s: step %q sets r%dc%d twice", name, s.Text, rc[0]+1, rc[1]+1)
				}
				replay[rc[0]][rc[1]] = p.Colors[col].Char
				if res.Status == status.Unique && res.Solutions[0].ColorAt(rc[0], rc[1]) != col {
					t.Fatalf("%s: step %q contradicts the solution", name, s.Text)
				}
			}
			for i, rc := range s.Fill {
				set(rc, s.Colors[i])
			}
			for _, rc := range s.Empty {
				set(rc, 0)
			}
		}
		if !ex.Contradiction {
			for r := range h {
				if string(replay[r]) != ex.Rows[r] {
					t.Fatalf("%s: replayed row %d %q, explanation ends with %q", name, r, replay[r], ex.Rows[r])
				}
			}
		}
		switch {
		case ex.Contradiction:
			contradictions++
			if res.Status != status.None {
				t.Fatalf("%s: explanation finds a contradiction, solver says %v", name, res.Status)
			}
		case ex.Solved:
			solved++
			if res.Status != status.Unique || strings.Join(ex.Rows, "") != strings.Join(res.Solutions[0].ColorRows(p.Colors), "") {
				t.Fatalf("%s: explanation solves it, solver says %v", name, res.Status)
			}
		}
		if res.LineSolvable && !ex.Solved {
			t.Fatalf("%s: line-solvable puzzle not solved by the explanation", name)
		}
	}
	for _, r := range []string{"line", "contradiction", "both-ways"} {
		if rules[r] == 0 {
			t.Errorf("rule %q never used (%v)", r, rules)
		}
	}
	if solved < 50 || contradictions < 10 {
		t.Errorf("weak sample: %d solved, %d contradictions", solved, contradictions)
	}
}
