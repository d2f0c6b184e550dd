package imaging

import (
	"bytes"
	"context"
	"image"
	"image/color"
	"image/gif"
	"image/jpeg"
	"image/png"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/puzzlesolvers/puzzle/internal/badinput"
	"github.com/puzzlesolvers/puzzle/nonogram"
	"github.com/puzzlesolvers/puzzle/status"
)

// paint draws the cells of g as an image of cell×cell pixels a cell (cell
// may be fractional: a pixel takes the cell its centre falls in), dark
// cells near black and light ones near white, each pixel's grey moved by
// up to ±noise at random (seeded).
func paint(g *nonogram.Grid, cell, noise float64, seed uint64) *image.Gray {
	w, h := int(float64(g.Width)*cell+0.5), int(float64(g.Height)*cell+0.5)
	img := image.NewGray(image.Rect(0, 0, w, h))
	rng := rand.New(rand.NewPCG(seed, 1))
	for y := range h {
		for x := range w {
			r := min(g.Height-1, int((float64(y)+0.5)/cell))
			c := min(g.Width-1, int((float64(x)+0.5)/cell))
			v := 0.9
			if g.At(r, c) {
				v = 0.1
			}
			v += (rng.Float64()*2 - 1) * noise
			img.Pix[y*img.Stride+x] = uint8(min(255, max(0, v*255+0.5)))
		}
	}
	return img
}

// randomGrid is a seeded random picture.
func randomGrid(w, h int, density float64, seed uint64) *nonogram.Grid {
	rng := rand.New(rand.NewPCG(seed, 2))
	g := nonogram.NewGrid(w, h)
	for i := range g.Cells {
		g.Cells[i] = rng.Float64() < density
	}
	return g
}

// encode writes img in a format and decodes it with Decode.
func encode(t *testing.T, img image.Image, format string) image.Image {
	t.Helper()
	var buf bytes.Buffer
	var err error
	switch format {
	case "png":
		err = png.Encode(&buf, img)
	case "gif":
		err = gif.Encode(&buf, img, nil)
	case "jpeg":
		err = jpeg.Encode(&buf, img, &jpeg.Options{Quality: 90})
	}
	if err != nil {
		t.Fatal(err)
	}
	out, got, err := Decode(context.Background(), &buf, "pic."+format, 0)
	if err != nil {
		t.Fatal(err)
	}
	if got != format {
		t.Fatalf("Decode says %s, want %s", got, format)
	}
	return out
}

func diff(a, b *nonogram.Grid) int {
	n := 0
	for i := range a.Cells {
		if a.Cells[i] != b.Cells[i] {
			n++
		}
	}
	return n
}

// TestRoundTrip draws known pictures, scales them up with noise, writes
// them as PNG, GIF and JPEG, and converts them back: the picture must be
// the one drawn.
func TestRoundTrip(t *testing.T) {
	t.Parallel()
	for _, format := range []string{"png", "gif", "jpeg"} {
		for _, cell := range []float64{1, 3, 7, 7.5, 12.25} {
			for seed := range uint64(3) {
				g := randomGrid(17+int(seed), 11+2*int(seed), 0.45, seed)
				img := encode(t, paint(g, cell, 0.25, seed), format)
				res, err := Convert(context.Background(), img, "pic", Options{Width: g.Width, Height: g.Height})
				if err != nil {
					t.Fatal(err)
				}
				if res.Method != MethodOtsu || res.Threshold <= 0.1 || res.Threshold >= 0.9 {
					t.Errorf("%s, cell %v, seed %d: method %s, threshold %v", format, cell, seed, res.Method, res.Threshold)
				}
				if d := diff(res.Picture, g); d != 0 {
					t.Errorf("%s, cell %v, seed %d: %d cells differ from the picture drawn:\n%s\nwant\n%s", format, cell, seed, d, res.Picture, g)
				}
				if !res.Puzzle.Satisfies(g) || res.Puzzle.Goal != res.Picture {
					t.Errorf("%s, cell %v, seed %d: the puzzle's clues are not the picture's", format, cell, seed)
				}
			}
		}
	}
}

// TestAspectAndUpscale: the height follows the aspect ratio, and a
// picture smaller than the grid gives each pixel a block of cells.
func TestAspectAndUpscale(t *testing.T) {
	t.Parallel()
	g := randomGrid(8, 5, 0.5, 9)
	img := paint(g, 1, 0, 0)
	res, err := Convert(context.Background(), img, "small", Options{Width: 24})
	if err != nil {
		t.Fatal(err)
	}
	if res.Picture.Width != 24 || res.Picture.Height != 15 {
		t.Fatalf("8×5 pixels at width 24: %d×%d cells, want 24×15", res.Picture.Width, res.Picture.Height)
	}
	for r := range 15 {
		for c := range 24 {
			if res.Picture.At(r, c) != g.At(r/3, c/3) {
				t.Fatalf("cell r%dc%d is not pixel (%d, %d)", r+1, c+1, c/3, r/3)
			}
		}
	}
	wide := image.NewGray(image.Rect(0, 0, 300, 100))
	if w, h, err := (Options{Width: 30}).Size(wide.Bounds().Dx(), wide.Bounds().Dy()); err != nil || w != 30 || h != 10 {
		t.Errorf("300×100 at width 30: %d×%d, %v; want 30×10", w, h, err)
	}
	if _, _, err := (Options{Width: 4096}).Size(1, 3); err == nil || !strings.Contains(err.Error(), "more than 4096") {
		t.Errorf("a 1×3 picture 4096 wide: %v, want too high", err)
	}
}

// TestResolve converts pictures and solves their puzzles: a unique puzzle's
// picture is the one converted, and every puzzle has it among its pictures.
func TestResolve(t *testing.T) {
	t.Parallel()
	heart := strings.Join([]string{
		".##...##.",
		"####.####",
		"#########",
		"#########",
		".#######.",
		"..#####..",
		"...###...",
		"....#....",
	}, "\n")
	grids := []*nonogram.Grid{gridOf(heart)}
	for seed := range uint64(6) {
		grids = append(grids, randomGrid(12, 10, 0.6, 100+seed))
	}
	unique := 0
	for i, g := range grids {
		img := encode(t, paint(g, 9, 0.2, uint64(i)), "png")
		res, err := Convert(context.Background(), img, "pic.png", Options{Width: g.Width})
		if err != nil {
			t.Fatal(err)
		}
		if d := diff(res.Picture, g); d != 0 {
			t.Fatalf("picture %d: %d cells differ", i, d)
		}
		sol, err := nonogram.Solve(context.Background(), res.Puzzle, nonogram.Options{})
		if err != nil {
			t.Fatal(err)
		}
		switch sol.Status {
		case status.Unique:
			unique++
			if !sol.Solutions[0].Equal(g) {
				t.Errorf("picture %d: unique, but the solution is not the picture:\n%s", i, sol.Solutions[0])
			}
		case status.Multiple:
		default:
			t.Errorf("picture %d: %v, want unique or multiple", i, sol.Status)
		}
	}
	if unique == 0 {
		t.Error("no picture was unique: the test checks nothing")
	}
}

func gridOf(s string) *nonogram.Grid {
	rows := strings.Split(s, "\n")
	g := nonogram.NewGrid(len(rows[0]), len(rows))
	for r, row := range rows {
		for c := range row {
			g.Set(r, c, row[c] == '#')
		}
	}
	return g
}

// TestOtsu compares Otsu with the threshold that minimizes the
// within-class variance, found by trying every cut.
func TestOtsu(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(5, 5))
	for trial := range 50 {
		n := 1 + rng.IntN(300)
		vals := make([]float64, n)
		a, b := rng.Float64(), rng.Float64()
		for i := range vals {
			m := a
			if rng.IntN(3) == 0 {
				m = b
			}
			vals[i] = min(1, max(0, m+rng.NormFloat64()*0.08))
		}
		got := Otsu(vals)
		best, want := -1.0, 0.5
		for k := 1; k < 256; k++ {
			t := float64(k) / 256
			var n0, n1, s0, s1, q0, q1 float64
			for _, v := range vals {
				x := float64(bin(v))
				if v < t {
					n0, s0, q0 = n0+1, s0+x, q0+x*x
				} else {
					n1, s1, q1 = n1+1, s1+x, q1+x*x
				}
			}
			if n0 == 0 || n1 == 0 {
				continue
			}
			within := (q0 - s0*s0/n0) + (q1 - s1*s1/n1)
			if best < 0 || within < best-1e-9 {
				best, want = within, t
			}
		}
		if got != want {
			t.Errorf("trial %d: Otsu %v, the least within-class variance at %v", trial, got, want)
		}
	}
	if got := Otsu([]float64{0.3, 0.3, 0.3}); got != 0.5 {
		t.Errorf("one value: %v, want 0.5", got)
	}
}

// TestDither: on an even grey, Floyd–Steinberg fills the share of cells
// the grey's darkness says, spread out.
func TestDither(t *testing.T) {
	t.Parallel()
	const n = 64
	for _, grey := range []float64{0, 0.25, 0.5, 0.7, 1} {
		lum := make([]float64, n*n)
		for i := range lum {
			lum[i] = grey
		}
		f := Dither(lum, n, n)
		filled := 0
		for _, x := range f {
			if x {
				filled++
			}
		}
		if share := float64(filled) / (n * n); share < 1-grey-0.02 || share > 1-grey+0.02 {
			t.Errorf("grey %v: %.3f of the cells filled, want %.3f", grey, share, 1-grey)
		}
		if grey == 0.5 { // no two rows alike, no solid block
			for r := range n - 1 {
				for c := range n - 1 {
					i := r*n + c
					if f[i] && f[i+1] && f[i+n] && f[i+n+1] {
						t.Fatalf("grey 0.5: a 2×2 block filled at r%dc%d", r+1, c+1)
					}
				}
			}
		}
	}
	g := randomGrid(20, 20, 0.5, 3)
	pure := image.NewGray(image.Rect(0, 0, 20, 20))
	for i := range g.Cells {
		if !g.Cells[i] {
			pure.Pix[i] = 255
		}
	}
	res, err := Convert(context.Background(), pure, "d", Options{Width: 20, Dither: true})
	if err != nil || res.Method != MethodDither {
		t.Fatal(err, res.Method)
	}
	if d := diff(res.Picture, g); d > 0 {
		t.Errorf("dithering a black-and-white picture changed %d cells", d)
	}
}

// TestThreeColours draws a picture in three colours with noise and
// quantizes it to three: they come back, white as the background, and so
// does every cell.
func TestThreeColours(t *testing.T) {
	t.Parallel()
	const w, h, cell = 16, 12, 10
	want := [3][3]float64{{1, 1, 1}, {0.85, 0.1, 0.1}, {0.1, 0.2, 0.8}}
	label := func(r, c int) uint8 {
		switch {
		case r >= 2 && r < 7 && c >= 1 && c < 9:
			return 1
		case (r-7)*(r-7)+(c-11)*(c-11) <= 9:
			return 2
		}
		return 0
	}
	img := image.NewNRGBA(image.Rect(0, 0, w*cell, h*cell))
	rng := rand.New(rand.NewPCG(7, 7))
	for y := range h * cell {
		for x := range w * cell {
			col := want[label(y/cell, x/cell)]
			var px [3]uint8
			for ch := range 3 {
				px[ch] = uint8(min(255, max(0, (col[ch]+(rng.Float64()*2-1)*0.15)*255)))
			}
			img.SetNRGBA(x, y, color.NRGBA{px[0], px[1], px[2], 255})
		}
	}
	res, err := Convert(context.Background(), encode(t, img, "png"), "three.png", Options{Width: w, Colors: 3})
	if err != nil {
		t.Fatal(err)
	}
	p := res.Puzzle
	if len(p.Colors) != 3 || res.Method != MethodMedianCut {
		t.Fatalf("%d colours by %s, want 3 by median cut: %+v", len(p.Colors), res.Method, p.Colors)
	}
	// Palette entries, matched to the colours drawn by their names and RGB.
	match := make([]int, 3)
	for k, c := range p.Colors {
		var rgb [3]float64
		for ch := range 3 {
			v, err := strconv.ParseUint(c.RGB[2*ch:2*ch+2], 16, 8)
			if err != nil {
				t.Fatal(err)
			}
			rgb[ch] = float64(v) / 255
		}
		match[k] = Nearest(want[:], rgb[0], rgb[1], rgb[2])
		for ch := range 3 {
			if d := rgb[ch] - want[match[k]][ch]; d > 0.08 || d < -0.08 {
				t.Errorf("colour %d (%s, %s) is not near %v", k, c.Name, c.RGB, want[match[k]])
			}
		}
	}
	if match[0] != 0 || p.Colors[0].Char != '.' || p.Colors[0].Name != "white" {
		t.Errorf("the background is %+v, want white", p.Colors[0])
	}
	if names := p.Colors[1].Name + " " + p.Colors[2].Name; names != "red blue" {
		t.Errorf("colours %q, want red (more cells) then blue", names)
	}
	for r := range h {
		for c := range w {
			if got := match[res.Picture.ColorAt(r, c)]; got != int(label(r, c)) {
				t.Fatalf("cell r%dc%d has colour %d, drawn %d", r+1, c+1, got, label(r, c))
			}
		}
	}
	if err := p.Validate(); err != nil {
		t.Fatal(err)
	}
	sol, err := nonogram.Solve(context.Background(), p, nonogram.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if sol.Status == status.Unique && !sol.Solutions[0].Equal(res.Picture) {
		t.Errorf("unique, but the solution is not the picture")
	}
	var xml bytes.Buffer
	if err := p.Format(&xml, nonogram.FormatXML); err != nil {
		t.Fatal(err)
	}
	back, err := nonogram.NewReader(&xml, "three.xml", "").Next()
	if err != nil || !back.Satisfies(res.Picture) {
		t.Fatalf("the xml written does not read back to the picture's clues: %v\n%s", err, xml.String())
	}
}

// TestBadImages: broken, empty and huge pictures give an error naming the
// file, quickly, and no panic.
func TestBadImages(t *testing.T) {
	t.Parallel()
	for _, c := range badinput.Images() {
		t.Run(c.Name, func(t *testing.T) {
			_, _, err := Decode(context.Background(), bytes.NewReader(c.Data), c.Name, 1<<20)
			if err == nil {
				t.Fatalf("no error")
			}
			if !strings.HasPrefix(err.Error(), c.Name+": ") || !strings.Contains(err.Error(), c.Want) {
				t.Errorf("error %q, want it to name %s and say %q", err, c.Name, c.Want)
			}
		})
	}
}

func TestConvertCancelled(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := Convert(ctx, image.NewGray(image.Rect(0, 0, 100, 100)), "x", Options{Width: 10})
	if err != context.Canceled {
		t.Errorf("a cancelled conversion: %v", err)
	}
}

func TestCheck(t *testing.T) {
	t.Parallel()
	for _, opt := range []Options{{Width: 0}, {Width: 1e9}, {Width: 5, Height: -1}, {Width: 5, Colors: 1}, {Width: 5, Colors: 33},
		{Width: 5, Threshold: 1.5}, {Width: 5, Threshold: -0.1}, {Width: 5, Colors: 3, Dither: true}, {Width: 5, Dither: true, Threshold: 0.5}} {
		if err := opt.Check(); err == nil {
			t.Errorf("%+v: no error", opt)
		}
	}
}
