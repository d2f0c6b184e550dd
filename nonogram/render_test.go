package nonogram

import (
	"bytes"
	"cmp"
	"encoding/xml"
	"errors"
	"flag"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// renderUpdate reports whether -update was given: rewrite the golden files
// in testdata/render instead of comparing with them.
var renderUpdate func() bool

// The flag is defined in init, after the package variables of every test
// file, so that another file of the package may define -update as well.
func init() {
	if f := flag.Lookup("update"); f != nil {
		renderUpdate = func() bool {
			v, _ := f.Value.(flag.Getter).Get().(bool)
			return v
		}
		return
	}
	p := flag.Bool("update", false, "rewrite the golden files in testdata")
	renderUpdate = func() bool { return *p }
}

// renderGolden compares got with testdata/render/name, or rewrites the file
// with -update.
func renderGolden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", "render", name)
	if renderUpdate() {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("output differs from %s (run go test -update if the change is right)\n--- got:\n%s\n--- want:\n%s", path, got, want)
	}
}

// renderGridOf builds a picture from rows of '#' and '.'.
func renderGridOf(rows ...string) *Grid {
	g := NewGrid(len(rows[0]), len(rows))
	for r, row := range rows {
		for c := range row {
			g.Set(r, c, row[c] == '#')
		}
	}
	return g
}

// renderBoardOf builds a board from rows of '#', '.' and '?'.
func renderBoardOf(rows ...string) *Board {
	b := &Board{Width: len(rows[0]), Height: len(rows)}
	for _, row := range rows {
		for _, ch := range row {
			b.Cells = append(b.Cells, map[rune]Cell{'#': Filled, '.': Empty, '?': Unknown}[ch])
		}
	}
	return b
}

type renderCase struct {
	name string
	p    *Puzzle
	b    *Board
	opt  RenderOptions
}

// renderCases are the hand-made pictures of the golden files.
func renderCases() []renderCase {
	heart := renderGridOf(
		".#.#.",
		"#####",
		"#####",
		".###.",
		"..#..",
	)
	hp := heart.Clues()
	hp.Name = "Heart"

	box := NewGrid(12, 12)
	for i := range 12 {
		box.Set(0, i, true)
		box.Set(11, i, true)
		box.Set(i, 0, true)
		box.Set(i, 11, true)
		box.Set(i, i, true)
		if i%3 == 0 {
			box.Set(i, 11-i, true)
		}
	}
	bp := box.Clues()
	bp.Name = `Box & "diagonals" <12×12>`

	gaps := renderGridOf(
		"##..#.",
		"......",
		"#.#.#.",
		"###...",
	)
	gp := gaps.Clues()

	return []renderCase{
		{"heart", hp, BoardOf(heart), RenderOptions{}},
		{"box12", bp, BoardOf(box), RenderOptions{}},
		{"emptylines", gp, BoardOf(gaps), RenderOptions{}},
		{"partial", hp, renderBoardOf(
			"?#?#?",
			"#####",
			"?###?",
			".###.",
			"??#??",
		), RenderOptions{}},
		{"blank", bp, nil, RenderOptions{}},
		{"noclues", bp, BoardOf(box), RenderOptions{NoClues: true}},
	}
}

func TestRenderTextGolden(t *testing.T) {
	for _, tc := range renderCases() {
		t.Run(tc.name, func(t *testing.T) {
			var buf bytes.Buffer
			if err := RenderText(&buf, tc.p, tc.b, tc.opt); err != nil {
				t.Fatal(err)
			}
			renderGolden(t, tc.name+".txt", buf.Bytes())
		})
	}
}

func TestRenderSVGGolden(t *testing.T) {
	for _, tc := range renderCases() {
		t.Run(tc.name, func(t *testing.T) {
			var buf bytes.Buffer
			if err := RenderSVG(&buf, tc.p, tc.b, tc.opt); err != nil {
				t.Fatal(err)
			}
			renderGolden(t, tc.name+".svg", buf.Bytes())
		})
	}
}

// renderRandom returns a random picture of the given size, about 2/3 filled
// so that some clues have many numbers and some numbers several digits.
func renderRandom(rng *rand.Rand, w, h int) *Grid {
	g := NewGrid(w, h)
	for i := range g.Cells {
		g.Cells[i] = rng.IntN(3) > 0
	}
	// A full row and column give numbers of every width.
	for c := range w {
		g.Set(0, c, true)
	}
	for r := range h {
		g.Set(r, 0, true)
	}
	return g
}

// renderTextParse reads back a text rendering with clues: the row and
// column clues and the cells, by character position. It is an independent
// check that numbers and cells line up.
func renderTextParse(text string) (rows, cols [][]int, cells []Cell, err error) {
	lines := strings.Split(strings.TrimSuffix(text, "\n"), "\n")
	top := slices.IndexFunc(lines, func(s string) bool { return strings.HasPrefix(s, "-") })
	if top < 0 {
		return nil, nil, nil, errors.New("no ruler under the column clues")
	}
	bar := strings.IndexByte(lines[top], '+')
	// The position of every cell's character, from the first grid line.
	var pos []int
	for i, ch := range lines[top+1][bar+1:] {
		if ch != ' ' && ch != '|' {
			pos = append(pos, bar+1+i)
		}
	}
	cols = make([][]int, len(pos))
	for _, line := range lines[:top] {
		if len(line) <= bar || line[bar] != '|' || strings.TrimSpace(line[:bar]) != "" {
			return nil, nil, nil, fmt.Errorf("bad column clue line %q", line)
		}
		for _, f := range renderFields(line, bar+1) {
			c := slices.Index(pos, f.end)
			if c < 0 {
				return nil, nil, nil, fmt.Errorf("number %d ends at %d, under no cell in %q", f.n, f.end, line)
			}
			cols[c] = append(cols[c], f.n)
		}
	}
	for _, line := range lines[top+1:] {
		if strings.HasPrefix(line, "-") {
			continue
		}
		if len(line) <= bar || line[bar] != '|' {
			return nil, nil, nil, fmt.Errorf("bad grid line %q", line)
		}
		var clue []int
		for _, f := range renderFields(line[:bar], 0) {
			clue = append(clue, f.n)
		}
		rows = append(rows, clue)
		for _, p := range pos {
			if p >= len(line) {
				return nil, nil, nil, fmt.Errorf("short grid line %q", line)
			}
			cells = append(cells, map[byte]Cell{'#': Filled, '.': Empty, '?': Unknown}[line[p]])
		}
	}
	return rows, cols, cells, nil
}

type renderField struct{ n, end int }

// renderFields returns the numbers of line from index from on, with the
// index of each one's last digit.
func renderFields(line string, from int) []renderField {
	var fs []renderField
	for i := from; i < len(line); {
		if line[i] < '0' || line[i] > '9' {
			i++
			continue
		}
		j := i
		for j < len(line) && line[j] >= '0' && line[j] <= '9' {
			j++
		}
		n, _ := strconv.Atoi(line[i:j])
		fs = append(fs, renderField{n, j - 1})
		i = j
	}
	return fs
}

// TestRenderTextReadBack reads random renderings back, with numbers of up
// to three digits.
func TestRenderTextReadBack(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(1, 2))
	for _, size := range [][2]int{{1, 1}, {3, 7}, {12, 9}, {27, 31}, {8, 120}} {
		w, h := size[0], size[1]
		g := renderRandom(rng, w, h)
		p := g.Clues()
		b := BoardOf(g)
		for i := range b.Cells {
			if rng.IntN(5) == 0 {
				b.Cells[i] = Unknown
			}
		}
		var buf bytes.Buffer
		if err := RenderText(&buf, p, b, RenderOptions{}); err != nil {
			t.Fatal(err)
		}
		rows, cols, cells, err := renderTextParse(buf.String())
		if err != nil {
			t.Fatalf("%d×%d: %v\n%s", h, w, err, buf.String())
		}
		for i, clue := range p.Rows {
			if !slices.Equal(renderClueNums(clue), rows[i]) {
				t.Errorf("%d×%d: row %d reads %v, want %v", h, w, i+1, rows[i], clue)
			}
		}
		if len(cols) != w {
			t.Fatalf("%d×%d: %d columns read", h, w, len(cols))
		}
		for i, clue := range p.Cols {
			if !slices.Equal(renderClueNums(clue), cols[i]) {
				t.Errorf("%d×%d: column %d reads %v, want %v", h, w, i+1, cols[i], clue)
			}
		}
		if !slices.Equal(cells, b.Cells) {
			t.Errorf("%d×%d: cells differ\n%s", h, w, buf.String())
		}
	}
}

func TestRenderTextNoClues(t *testing.T) {
	t.Parallel()
	g := renderGridOf("#.#", "...", "##.")
	var buf bytes.Buffer
	if err := RenderText(&buf, g.Clues(), BoardOf(g), RenderOptions{NoClues: true}); err != nil {
		t.Fatal(err)
	}
	if got, want := buf.String(), "# . #\n. . .\n# # .\n"; got != want {
		t.Errorf("got\n%swant\n%s", got, want)
	}
}

// svgCount walks an SVG document with encoding/xml and counts the rect
// elements of each class of group, the text elements, and reads the size
// and title.
type svgCount struct {
	width, height, viewBox string
	title                  string
	rects                  map[string]int
	texts                  []string
}

func svgWalk(data []byte) (*svgCount, error) {
	d := xml.NewDecoder(bytes.NewReader(data))
	s := &svgCount{rects: map[string]int{}}
	var stack []string // class of each open element
	var text strings.Builder
	for {
		tok, err := d.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, err
		}
		switch tok := tok.(type) {
		case xml.StartElement:
			class := ""
			for _, a := range tok.Attr {
				switch a.Name.Local {
				case "class":
					class = a.Value
				case "width":
					if tok.Name.Local == "svg" {
						s.width = a.Value
					}
				case "height":
					if tok.Name.Local == "svg" {
						s.height = a.Value
					}
				case "viewBox":
					s.viewBox = a.Value
				}
			}
			if tok.Name.Local == "rect" && len(stack) > 0 {
				s.rects[stack[len(stack)-1]]++
			}
			stack = append(stack, class)
			text.Reset()
		case xml.CharData:
			text.Write(tok)
		case xml.EndElement:
			stack = stack[:len(stack)-1]
			switch tok.Name.Local {
			case "title":
				s.title = text.String()
			case "text":
				s.texts = append(s.texts, text.String())
			}
		}
	}
	if len(stack) != 0 {
		return nil, errors.New("unclosed elements")
	}
	return s, nil
}

func TestRenderSVGStructure(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(3, 4))
	cases := renderCases()
	for _, size := range [][2]int{{1, 1}, {17, 4}, {30, 30}, {5, 150}} {
		g := renderRandom(rng, size[0], size[1])
		b := BoardOf(g)
		b.Cells[rng.IntN(len(b.Cells))] = Unknown
		cases = append(cases, renderCase{fmt.Sprintf("random%dx%d", size[1], size[0]), g.Clues(), b, RenderOptions{CellSize: rng.IntN(40)}})
	}
	for _, tc := range cases {
		var buf bytes.Buffer
		if err := RenderSVG(&buf, tc.p, tc.b, tc.opt); err != nil {
			t.Fatal(err)
		}
		s, err := svgWalk(buf.Bytes())
		if err != nil {
			t.Fatalf("%s: not XML: %v", tc.name, err)
		}
		b, _ := renderCheck(tc.p, tc.b)
		count := map[Cell]int{}
		for _, v := range b.Cells {
			count[v]++
		}
		if s.rects["filled"] != count[Filled] || s.rects["unknown"] != count[Unknown] {
			t.Errorf("%s: %d filled and %d unknown rects, want %d and %d",
				tc.name, s.rects["filled"], s.rects["unknown"], count[Filled], count[Unknown])
		}
		var want []string
		if !tc.opt.NoClues {
			for _, clue := range append(slices.Clone(tc.p.Cols), tc.p.Rows...) {
				for _, n := range renderClueNums(clue) {
					want = append(want, strconv.Itoa(n))
				}
			}
		}
		if !slices.Equal(s.texts, want) {
			t.Errorf("%s: clue texts %v, want %v", tc.name, s.texts, want)
		}
		l := svgLayoutFor(b.Width, b.Height, renderStatsOf(tc.p), tc.opt)
		if s.width != strconv.Itoa(l.width) || s.height != strconv.Itoa(l.height) ||
			s.viewBox != fmt.Sprintf("0 0 %d %d", l.width, l.height) {
			t.Errorf("%s: width %q height %q viewBox %q, want %d×%d", tc.name, s.width, s.height, s.viewBox, l.width, l.height)
		}
		wantTitle := tc.p.Name
		if wantTitle == "" {
			wantTitle = fmt.Sprintf("nonogram %d×%d", b.Height, b.Width)
		}
		if s.title != wantTitle {
			t.Errorf("%s: title %q, want %q", tc.name, s.title, wantTitle)
		}
	}
}

// renderLum returns the grey level of the pixel at (x, y).
func renderLum(img image.Image, x, y int) uint8 {
	return color.GrayModel.Convert(img.At(x, y)).(color.Gray).Y
}

func renderDark(img image.Image, x, y int) bool  { return renderLum(img, x, y) < 64 }
func renderLight(img image.Image, x, y int) bool { return renderLum(img, x, y) > 192 }

// renderAnyDark reports whether r holds a dark pixel.
func renderAnyDark(img image.Image, r image.Rectangle) bool {
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			if renderDark(img, x, y) {
				return true
			}
		}
	}
	return false
}

// renderDecodePNG renders and decodes a PNG.
func renderDecodePNG(t *testing.T, p *Puzzle, b *Board, opt RenderOptions) image.Image {
	t.Helper()
	var buf bytes.Buffer
	if err := RenderPNG(&buf, p, b, opt); err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(&buf)
	if err != nil {
		t.Fatal(err)
	}
	return img
}

// TestRenderPNGPixels checks decoded images: the size, the frame around
// the grid, the centre of every cell, and ink in exactly the clue slots
// that hold a number.
func TestRenderPNGPixels(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(5, 6))
	cases := renderCases()
	for _, size := range [][2]int{{1, 1}, {13, 4}, {24, 21}, {3, 110}} {
		g := renderRandom(rng, size[0], size[1])
		b := BoardOf(g)
		for range 5 {
			b.Cells[rng.IntN(len(b.Cells))] = Unknown
		}
		cases = append(cases, renderCase{fmt.Sprintf("random%dx%d", size[1], size[0]), g.Clues(), b, RenderOptions{}})
	}
	for _, tc := range cases {
		for _, cell := range []int{0, 1, 2, 3, 4, 5, 7, 8, 9, 12, 13, 16, 17, 23, 32, 48} {
			opt := tc.opt
			opt.CellSize = cell
			name := fmt.Sprintf("%s/cell%d", tc.name, cell)
			img := renderDecodePNG(t, tc.p, tc.b, opt)
			b, _ := renderCheck(tc.p, tc.b)
			st := renderStatsOf(tc.p)
			l := drawLayoutFor(b.Width, b.Height, st, opt)
			c := l.cell
			if want := cmp.Or(cell, 16); c != want {
				t.Errorf("%s: cell size %d, want %d", name, c, want)
			}
			rowSlots, colSlots, gap := 0, 0, 0
			if l.font != nil {
				rowSlots, colSlots, gap = st.rowSlots, st.colSlots, max(2, c/4)
			} else if !opt.NoClues && c >= 17 {
				t.Errorf("%s: no font for %d-pixel cells", name, c)
			}
			left := l.pad + rowSlots*l.slotW + gap
			top := l.pad + colSlots*c + gap
			width, height := left+b.Width*c+l.pad, top+b.Height*c+l.pad
			if got := img.Bounds(); got != image.Rect(0, 0, width, height) {
				t.Fatalf("%s: image %v, want %d×%d", name, got, width, height)
			}
			right, bottom := left+b.Width*c, top+b.Height*c
			// The frame: dark just outside the grid, white beyond.
			midX, midY := left+c/2, top+c/2
			for _, pt := range [][2]int{{left - 1, midY}, {right, midY}, {midX, top - 1}, {midX, bottom}} {
				if !renderDark(img, pt[0], pt[1]) {
					t.Errorf("%s: frame pixel %v not dark", name, pt)
				}
			}
			for _, pt := range [][2]int{{left - 2, midY}, {right + 1, midY}, {midX, top - 2}, {midX, bottom + 1}} {
				if !renderLight(img, pt[0], pt[1]) {
					t.Errorf("%s: margin pixel %v not light", name, pt)
				}
			}
			for r := range b.Height {
				for col := range b.Width {
					x, y := left+col*c+c/2, top+r*c+c/2
					v := renderLum(img, x, y)
					switch b.Cells[r*b.Width+col] {
					case Filled:
						if v >= 64 {
							t.Fatalf("%s: filled cell (%d, %d) has grey %d at its centre", name, r, col, v)
						}
					case Empty:
						if v <= 192 {
							t.Fatalf("%s: empty cell (%d, %d) has grey %d at its centre", name, r, col, v)
						}
					case Unknown:
						if v <= 64 || v == 255 {
							t.Fatalf("%s: unknown cell (%d, %d) has grey %d at its centre", name, r, col, v)
						}
					}
				}
			}
			if l.font == nil {
				continue
			}
			for col, clue := range tc.p.Cols {
				n := len(renderClueNums(clue))
				for k := range colSlots {
					slot := image.Rect(left+col*c, l.pad+k*c, left+(col+1)*c, l.pad+(k+1)*c)
					if got, want := renderAnyDark(img, slot), k >= colSlots-n; got != want {
						t.Fatalf("%s: column %d clue slot %d: ink %v, want %v", name, col+1, k, got, want)
					}
				}
			}
			for r, clue := range tc.p.Rows {
				n := len(renderClueNums(clue))
				for k := range rowSlots {
					slot := image.Rect(l.pad+k*l.slotW, top+r*c, l.pad+(k+1)*l.slotW, top+(r+1)*c)
					if got, want := renderAnyDark(img, slot), k >= rowSlots-n; got != want {
						t.Fatalf("%s: row %d clue slot %d: ink %v, want %v", name, r+1, k, got, want)
					}
				}
			}
			if renderAnyDark(img, image.Rect(0, 0, left-1, top-1)) {
				t.Errorf("%s: ink in the corner above the row clues", name)
			}
		}
	}
}

func TestRenderFontGlyphs(t *testing.T) {
	t.Parallel()
	for _, f := range []*drawFont{drawFont5x7, drawFont3x5} {
		for d, g := range f.glyph {
			if len(g) != f.h {
				t.Errorf("%d×%d font: digit %d has %d rows", f.w, f.h, d, len(g))
			}
			ink := false
			for _, row := range g {
				if row>>f.w != 0 {
					t.Errorf("%d×%d font: digit %d wider than %d", f.w, f.h, d, f.w)
				}
				ink = ink || row != 0
			}
			if !ink {
				t.Errorf("%d×%d font: digit %d is blank", f.w, f.h, d)
			}
			for e := range d {
				if slices.Equal(g, f.glyph[e]) {
					t.Errorf("%d×%d font: digits %d and %d look alike", f.w, f.h, e, d)
				}
			}
		}
	}
}

// TestRenderPNGDigits draws the row clues 0 to 9 and checks, on the
// decoded image, that the ten digits are drawn with ten different bitmaps,
// in both fonts.
func TestRenderPNGDigits(t *testing.T) {
	t.Parallel()
	p := &Puzzle{Rows: make([][]int, 10), Cols: make([][]int, 10)}
	for d := range 10 {
		p.Rows[d] = []int{d}
	}
	for _, tc := range []struct {
		cell int
		font *drawFont
	}{{16, drawFont5x7}, {9, drawFont3x5}, {32, drawFont5x7}} {
		l := drawLayoutFor(10, 10, renderStatsOf(p), RenderOptions{CellSize: tc.cell})
		if l.font != tc.font {
			t.Fatalf("cell %d: not the expected font", tc.cell)
		}
		img := renderDecodePNG(t, p, nil, RenderOptions{CellSize: tc.cell})
		var seen []string
		for d := range 10 {
			var bits strings.Builder
			for y := l.top + d*l.cell; y < l.top+(d+1)*l.cell; y++ {
				for x := l.pad; x < l.pad+l.slotW; x++ {
					if renderDark(img, x, y) {
						bits.WriteByte('#')
					} else {
						bits.WriteByte('.')
					}
				}
			}
			if !strings.Contains(bits.String(), "#") {
				t.Errorf("cell %d: digit %d not drawn", tc.cell, d)
			}
			if e := slices.Index(seen, bits.String()); e >= 0 {
				t.Errorf("cell %d: digits %d and %d drawn alike", tc.cell, e, d)
			}
			seen = append(seen, bits.String())
		}
	}
}

// TestRenderPNGLarge checks that big puzzles are shrunk to at most
// drawMaxSide pixels a side, and that a 512×512 picture of a usual kind
// keeps its clues.
func TestRenderPNGLarge(t *testing.T) {
	if testing.Short() {
		t.Skip("large images")
	}
	t.Parallel()
	rng := rand.New(rand.NewPCG(7, 8))
	// blocks has runs of every length, up to a 3-digit one, and about 30
	// numbers in a clue.
	blocks := NewGrid(512, 512)
	for range 200 {
		x, y := rng.IntN(500), rng.IntN(500)
		w, h := 1+rng.IntN(30), 1+rng.IntN(30)
		for r := y; r < min(y+h, 512); r++ {
			for c := x; c < min(x+w, 512); c++ {
				blocks.Set(r, c, true)
			}
		}
	}
	for r := range 300 {
		blocks.Set(r+100, 3, true)
	}
	for _, tc := range []struct {
		g     *Grid
		clues bool
	}{
		{blocks, true},
		{renderRandom(rng, 512, 512), false},
		{renderRandom(rng, MaxSide, 3), false},
		{renderRandom(rng, 40, 2000), false},
	} {
		w, h := tc.g.Width, tc.g.Height
		p := tc.g.Clues()
		l := drawLayoutFor(w, h, renderStatsOf(p), RenderOptions{CellSize: 100})
		if l.width > drawMaxSide || l.height > drawMaxSide {
			t.Errorf("%d×%d: image %d×%d", h, w, l.height, l.width)
		}
		if tc.clues && l.font == nil {
			t.Errorf("%d×%d: %d-pixel cells and no clues", h, w, l.cell)
		}
		img := renderDecodePNG(t, p, BoardOf(tc.g), RenderOptions{CellSize: 100})
		if img.Bounds().Dx() != l.width || img.Bounds().Dy() != l.height {
			t.Errorf("%d×%d: image %v, layout %d×%d", h, w, img.Bounds(), l.width, l.height)
		}
		t.Logf("%d×%d: %d×%d pixels, cell %d, clues %v", h, w, l.height, l.width, l.cell, l.font != nil)
	}
}

func TestRenderCellSizeClamp(t *testing.T) {
	t.Parallel()
	st := renderClueStats{1, 1, 1, 1}
	for _, tc := range []struct{ in, png, svg int }{
		{-3, 16, 16}, {0, 16, 16}, {1, 1, 4}, {3, 3, 4}, {16, 16, 16}, {300, 256, 256}, {1 << 40, 256, 256},
	} {
		if got := drawLayoutFor(5, 5, st, RenderOptions{CellSize: tc.in}).cell; got != tc.png {
			t.Errorf("PNG CellSize %d: cell %d, want %d", tc.in, got, tc.png)
		}
		if got := svgLayoutFor(5, 5, st, RenderOptions{CellSize: tc.in}).cell; got != tc.svg {
			t.Errorf("SVG CellSize %d: cell %d, want %d", tc.in, got, tc.svg)
		}
	}
}

type renderFunc func(io.Writer, *Puzzle, *Board, RenderOptions) error

var renderFuncs = []struct {
	name string
	f    renderFunc
}{{"text", RenderText}, {"svg", RenderSVG}, {"png", RenderPNG}}

func TestRenderErrors(t *testing.T) {
	t.Parallel()
	p5 := renderGridOf("#####", ".....", "#.#.#", ".....", "#####").Clues()
	tests := []struct {
		name string
		p    *Puzzle
		b    *Board
		want string
	}{
		{"size", p5, &Board{Width: 4, Height: 3, Cells: make([]Cell, 12)}, "nonogram: board is 3×4, puzzle 5×5"},
		{"width", p5, &Board{Width: 4, Height: 5, Cells: make([]Cell, 20)}, "nonogram: board is 5×4, puzzle 5×5"},
		{"cells", p5, &Board{Width: 5, Height: 5, Cells: make([]Cell, 24)}, "nonogram: board is 5×5 but has 24 cells, not 25"},
		{"nil cells", p5, &Board{Width: 5, Height: 5}, "nonogram: board is 5×5 but has 0 cells, not 25"},
		{"state", p5, &Board{Width: 5, Height: 5, Cells: append(make([]Cell, 7), 3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)},
			"nonogram: board cell at row 2, column 3 has state 3: not Unknown, Empty or Filled"},
		{"nil puzzle", nil, nil, "nonogram: no puzzle to draw"},
		{"no rows", &Puzzle{Cols: [][]int{{}}}, nil, "nonogram: grid is 0×1: cannot draw it (sides must be 1 to 4096)"},
		{"too wide", &Puzzle{Rows: [][]int{{}}, Cols: make([][]int, MaxSide+1)}, nil, "nonogram: grid is 1×4097: cannot draw it (sides must be 1 to 4096)"},
		{"negative", &Puzzle{Rows: [][]int{{1}}, Cols: [][]int{{2, -1}}}, nil, "nonogram: column 1 clue has run length -1: cannot draw it"},
		{"board of nil grid", p5, BoardOf(&Grid{Width: 5, Height: 5}), "nonogram: board is 5×5 but has 0 cells, not 25"},
	}
	for _, tc := range tests {
		for _, r := range renderFuncs {
			var buf bytes.Buffer
			err := r.f(&buf, tc.p, tc.b, RenderOptions{})
			if err == nil || err.Error() != tc.want {
				t.Errorf("%s %s: error %v, want %q", r.name, tc.name, err, tc.want)
			}
			if buf.Len() != 0 {
				t.Errorf("%s %s: wrote %d bytes before failing", r.name, tc.name, buf.Len())
			}
		}
	}
}

type renderFailWriter struct{ n int }

func (w *renderFailWriter) Write(p []byte) (int, error) {
	if w.n < len(p) {
		n := w.n
		w.n = 0
		return n, errors.New("disk full")
	}
	w.n -= len(p)
	return len(p), nil
}

func TestRenderWriteError(t *testing.T) {
	t.Parallel()
	tc := renderCases()[1]
	for _, r := range renderFuncs {
		for _, n := range []int{0, 100} {
			if err := r.f(&renderFailWriter{n}, tc.p, tc.b, tc.opt); err == nil || !strings.Contains(err.Error(), "disk full") {
				t.Errorf("%s after %d bytes: error %v, want disk full", r.name, n, err)
			}
		}
	}
}

func TestBoardOf(t *testing.T) {
	t.Parallel()
	if BoardOf(nil) != nil {
		t.Error("BoardOf(nil) is not nil")
	}
	b := BoardOf(renderGridOf("#.", ".#", "##"))
	want := &Board{Width: 2, Height: 3, Cells: []Cell{Filled, Empty, Empty, Filled, Filled, Filled}}
	if b.Width != want.Width || b.Height != want.Height || !slices.Equal(b.Cells, want.Cells) {
		t.Errorf("BoardOf = %+v, want %+v", b, want)
	}
}

// TestRenderPuzzleUnchanged checks that drawing changes neither the
// puzzle nor the board.
func TestRenderPuzzleUnchanged(t *testing.T) {
	t.Parallel()
	tc := renderCases()[3]
	before := slices.Clone(tc.b.Cells)
	rows := fmt.Sprint(tc.p.Rows, tc.p.Cols)
	for _, r := range renderFuncs {
		if err := r.f(io.Discard, tc.p, tc.b, tc.opt); err != nil {
			t.Fatal(err)
		}
	}
	if !slices.Equal(before, tc.b.Cells) || rows != fmt.Sprint(tc.p.Rows, tc.p.Cols) {
		t.Error("rendering changed its input")
	}
}

// FuzzRender draws puzzles and boards made of arbitrary bytes: clues of any
// numbers, boards of any shape and states. It must never panic, and what it
// draws must be well-formed.
func FuzzRender(f *testing.F) {
	f.Add([]byte{4, 4, 0, 1, 2, 3, 200, 7, 1, 0, 2, 1, 0, 0}, uint8(16))
	f.Add([]byte{0, 0}, uint8(0))
	f.Add([]byte{1, 2, 255, 128, 17}, uint8(1))
	f.Fuzz(func(t *testing.T, data []byte, cell uint8) {
		next := func() int {
			if len(data) == 0 {
				return 0
			}
			v := data[0]
			data = data[1:]
			return int(v)
		}
		w, h := next()%9, next()%9
		p := &Puzzle{Rows: make([][]int, h), Cols: make([][]int, w), Name: string(data)}
		for _, lines := range [][][]int{p.Rows, p.Cols} {
			for i := range lines {
				for range next() % 4 {
					n := next()
					if n >= 250 {
						n = (n - 252) * 100003 // negative and large numbers
					}
					lines[i] = append(lines[i], n)
				}
			}
		}
		var b *Board
		if k := next(); k%3 != 0 {
			b = &Board{Width: w + next()%3/2, Height: h}
			for range w * h {
				b.Cells = append(b.Cells, Cell(next()%4))
			}
		}
		opt := RenderOptions{CellSize: int(cell%64) - 4, NoClues: cell%7 == 0}
		var txt, svg, pic bytes.Buffer
		errs := []error{RenderText(&txt, p, b, opt), RenderSVG(&svg, p, b, opt), RenderPNG(&pic, p, b, opt)}
		for _, err := range errs[1:] {
			if (err == nil) != (errs[0] == nil) || err != nil && err.Error() != errs[0].Error() {
				t.Fatalf("renderers disagree: %v", errs)
			}
		}
		if errs[0] != nil {
			return
		}
		if _, err := svgWalk(svg.Bytes()); err != nil {
			t.Fatalf("SVG is not XML: %v\n%s", err, svg.Bytes())
		}
		if _, err := png.Decode(&pic); err != nil {
			t.Fatalf("PNG does not decode: %v", err)
		}
	})
}
