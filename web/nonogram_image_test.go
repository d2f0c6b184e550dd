package web

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"math/rand/v2"
	"net/http"
	"strings"
	"testing"

	"github.com/puzzlesolvers/puzzle/internal/badinput"
	"github.com/puzzlesolvers/puzzle/internal/record"
	"github.com/puzzlesolvers/puzzle/internal/schematest"
	"github.com/puzzlesolvers/puzzle/nonogram"
	"github.com/puzzlesolvers/puzzle/status"
)

// picturePNG draws rows of '#', '.' (and 'r', 'b' for red and blue) as a
// PNG of cell×cell pixels a cell, with seeded noise.
func picturePNG(t testing.TB, rows []string, cell int) []byte {
	t.Helper()
	img := image.NewNRGBA(image.Rect(0, 0, len(rows[0])*cell, len(rows)*cell))
	rng := rand.New(rand.NewPCG(uint64(cell), 4))
	colours := map[byte][3]int{'#': {30, 30, 30}, '.': {230, 230, 230}, 'r': {210, 30, 30}, 'b': {30, 50, 200}}
	for y := range img.Rect.Dy() {
		for x := range img.Rect.Dx() {
			c := colours[rows[y/cell][x/cell]]
			n := func(v int) uint8 { return uint8(min(255, max(0, v+rng.IntN(41)-20))) }
			img.SetNRGBA(x, y, color.NRGBA{n(c[0]), n(c[1]), n(c[2]), 255})
		}
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// fromImageHeart is a picture with one solution, fromImageFlag one in
// three colours.
var (
	fromImageHeart = []string{".##.##.", "#######", "#######", ".#####.", "..###..", "...#..."}
	fromImageFlag  = []string{"rrrr....", "rrrr.bb.", "rrrr.bb.", "......bb"}
	// fromImageDiagonal has two pictures: its top left square's diagonal
	// can be the other one.
	fromImageDiagonal = []string{"#.....", ".#....", "......", "..###.", "..###.", "......"}
)

func TestNonogramFromImage(t *testing.T) {
	t.Parallel()
	s := newTestServer(t, Config{})
	heart := string(picturePNG(t, fromImageHeart, 9))
	w := do(t, s, "POST", "/api/nonogram/from-image?width=7&name=heart.png&to=non", heart)
	schematest.Validate(t, "nonogram.json#/$defs/from_image", w.Body.Bytes())
	var rec record.NonogramImage
	decode(t, w, &rec)
	if w.Code != 200 || rec.Status != status.Unique || rec.Method != "otsu" || rec.Rows != 6 || rec.File != "heart.png" ||
		strings.Join(rec.Picture, "\n") != strings.Join(fromImageHeart, "\n") || rec.Image.Width != 63 || rec.Format != "non" {
		t.Fatalf("%d %s", w.Code, w.Body.String())
	}
	p, err := nonogram.NewReader(strings.NewReader(rec.Text), "heart.non", "").Next()
	if err != nil || p.Name != "heart" || !p.Satisfies(gridFromRows(fromImageHeart)) {
		t.Fatalf("the text is not the heart's puzzle (%v):\n%s", err, rec.Text)
	}

	flag := string(picturePNG(t, fromImageFlag, 7))
	w = do(t, s, "POST", "/api/nonogram/from-image?width=8&colors=3", flag)
	schematest.Validate(t, "nonogram.json#/$defs/from_image", w.Body.Bytes())
	rec = record.NonogramImage{}
	decode(t, w, &rec)
	if w.Code != 200 || len(rec.Colors) != 3 || rec.Format != "xml" || rec.Method != "median-cut" {
		t.Fatalf("%d %s", w.Code, w.Body.String())
	}
	// The colours' characters are the API's; map them back to the drawing's.
	chars := map[string]byte{rec.Colors[0].Char: '.', rec.Colors[1].Char: 'r', rec.Colors[2].Char: 'b'}
	for r, row := range rec.Picture {
		for c := range row {
			if chars[row[c:c+1]] != fromImageFlag[r][c] {
				t.Fatalf("cell r%dc%d is %q, drawn %q: %v", r+1, c+1, row[c], fromImageFlag[r][c], rec.Picture)
			}
		}
	}

	for _, tc := range []struct {
		query string
		code  int
		want  string
	}{
		{"", 400, "parameter width"},
		{"?width=0", 400, "out of range"},
		{"?width=1000000000", 400, "out of range"},
		{"?width=600", 422, "up to 512"},
		{"?width=5&height=0", 400, "out of range"},
		{"?width=5&threshold=2", 400, "threshold"},
		{"?width=5&threshold=x", 400, "threshold"},
		{"?width=5&threshold=0.5&dither=1", 400, "give one"},
		{"?width=5&colors=3&dither=1", 400, "colour"},
		{"?width=5&colors=3&to=plain", 400, "xml"},
		{"?width=5&colors=40", 400, "out of range"},
		{"?width=5&height=5&ditherr=1", 400, "unknown parameter"},
	} {
		w := do(t, s, "POST", "/api/nonogram/from-image"+tc.query, heart)
		if w.Code != tc.code || !strings.Contains(errorOf(t, w), tc.want) {
			t.Errorf("%s: %d %s, want %d %q", tc.query, w.Code, w.Body.String(), tc.code, tc.want)
		}
	}
}

// TestNonogramFromImageBad: broken, empty and huge pictures get 400 with
// an invalid record that names the file, never a 5xx.
func TestNonogramFromImageBad(t *testing.T) {
	t.Parallel()
	s := newTestServer(t, Config{})
	for _, c := range badinput.Images() {
		w := do(t, s, "POST", "/api/nonogram/from-image?width=10&name="+c.Name, string(c.Data))
		if len(c.Data) == 0 {
			if w.Code != 400 {
				t.Errorf("%s: %d %s", c.Name, w.Code, w.Body.String())
			}
			continue
		}
		schematest.Validate(t, "nonogram.json#/$defs/from_image", w.Body.Bytes())
		var rec record.NonogramImage
		decode(t, w, &rec)
		if w.Code != http.StatusBadRequest || rec.Status != status.Invalid || !strings.HasPrefix(rec.Error, c.Name+": ") ||
			!strings.Contains(rec.Error, c.Want) {
			t.Errorf("%s: %d %s, want 400 saying %q", c.Name, w.Code, w.Body.String(), c.Want)
		}
	}
	// Over the server's pixel cap, under the command line's.
	w := do(t, s, "POST", "/api/nonogram/from-image?width=10", string(badinput.PNGHeader(5000, 4000)))
	if w.Code != 400 || !strings.Contains(w.Body.String(), "more than the 16777216") {
		t.Errorf("a 5000×4000 picture: %d %s", w.Code, w.Body.String())
	}
}
