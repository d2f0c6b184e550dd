package main

import (
	"bytes"
	"context"
	"encoding/json"
	"image"
	"image/png"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/puzzlesolvers/puzzle/internal/badinput"
	"github.com/puzzlesolvers/puzzle/internal/record"
	"github.com/puzzlesolvers/puzzle/internal/schematest"
	"github.com/puzzlesolvers/puzzle/nonogram"
	"github.com/puzzlesolvers/puzzle/status"
)

// paintGrid writes g as a PNG of cell×cell pixels a cell, dark cells
// near black and light ones near white, with seeded noise.
func paintGrid(t *testing.T, g *nonogram.Grid, cell int, path string) {
	t.Helper()
	img := image.NewGray(image.Rect(0, 0, g.Width*cell, g.Height*cell))
	rng := rand.New(rand.NewPCG(uint64(cell), 3))
	for y := range g.Height * cell {
		for x := range g.Width * cell {
			v := 215
			if g.At(y/cell, x/cell) {
				v = 40
			}
			img.Pix[y*img.Stride+x] = uint8(v + rng.IntN(81) - 40)
		}
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestFromImageRoundTrip draws pictures, writes them as noisy PNGs,
// converts them with the command into every format that holds black and
// white, reads the puzzle written back, and checks its clues are the
// picture's; a unique one solves to the picture.
func TestFromImageRoundTrip(t *testing.T) {
	dir := t.TempDir()
	rng := rand.New(rand.NewPCG(11, 11))
	for k := range 4 {
		w, h := 10+rng.IntN(12), 8+rng.IntN(10)
		g := nonogram.NewGrid(w, h)
		for i := range g.Cells {
			g.Cells[i] = rng.IntN(5) < 3
		}
		pic := filepath.Join(dir, "pic.png")
		paintGrid(t, g, 6+k, pic)
		for _, format := range []string{"plain", "non", "xml", "picross"} {
			out := filepath.Join(dir, "out."+format)
			stdout, stderr, code := runCmd(t, "", "nonogram", "from-image", "--width", strconv.Itoa(w), "-o", out, "--format", format, pic)
			if code != exitOK {
				t.Fatalf("exit %d: %s", code, stderr)
			}
			if !strings.Contains(stdout, "wrote "+out) || !strings.Contains(stdout, g.Rows()[0]) {
				t.Errorf("the report does not name the file and show the picture:\n%s", stdout)
			}
			f, err := os.Open(out)
			if err != nil {
				t.Fatal(err)
			}
			p, err := nonogram.NewReader(f, out, nonogram.Format(format)).Next()
			f.Close()
			if err != nil {
				t.Fatal(err)
			}
			if !p.Satisfies(g) || p.Height() != h {
				t.Fatalf("picture %d, %s: the clues written are not those of the picture drawn", k, format)
			}
			res, err := nonogram.Solve(context.Background(), p, nonogram.Options{})
			if err != nil {
				t.Fatal(err)
			}
			want := "several pictures"
			if res.Status == status.Unique {
				want = "unique"
				if !res.Solutions[0].Equal(g) {
					t.Errorf("picture %d: unique, but solved to another picture", k)
				}
			}
			if !strings.Contains(stdout, want) {
				t.Errorf("picture %d is %v, the report says:\n%s", k, res.Status, stdout)
			}
		}
	}
}

// TestFromImageStdout: without -o the puzzle goes to stdout and the report
// to stderr; --json gives the record with the puzzle's text; colours make
// xml.
func TestFromImageStdout(t *testing.T) {
	pic := filepath.Join("testdata", "nonogram", "two.png")
	stdout, stderr, code := runCmd(t, "", "nonogram", "from-image", "--width", "20", pic)
	if code != exitOK || !strings.HasPrefix(stdout, "# two\n10 20\n") || !strings.Contains(stderr, "a 10×20 picture by Otsu's threshold") {
		t.Fatalf("exit %d\nstdout %q\nstderr %q", code, stdout, stderr)
	}
	if _, err := nonogram.NewReader(strings.NewReader(stdout), "out", "").Next(); err != nil {
		t.Fatal(err)
	}
	stdout, _, code = runCmd(t, "", "nonogram", "from-image", "--width", "20", "--colors", "3", "--json", pic)
	var rec record.NonogramImage
	if err := json.Unmarshal([]byte(stdout), &rec); err != nil || code != exitOK {
		t.Fatalf("exit %d, %v: %s", code, err, stdout)
	}
	schematest.ValidateLines(t, "nonogram.json#/$defs/from_image", []byte(stdout))
	if rec.Format != "xml" || len(rec.Colors) != 3 || rec.Method != "median-cut" || rec.Image.Width != 40 || rec.Rows != 10 {
		t.Fatalf("record %+v", rec)
	}
	p, err := nonogram.NewReader(strings.NewReader(rec.Text), "text.xml", "").Next()
	if err != nil || !p.IsColor() || p.Goal == nil || strings.Join(p.Goal.ColorRows(p.Colors), "\n") != strings.Join(rec.Picture, "\n") {
		t.Fatalf("the text is not the colour picture's puzzle: %v\n%s", err, rec.Text)
	}
}

// TestFromImageBad: broken pictures and bad flags give a clear error, a
// non-zero exit and no output file.
func TestFromImageBad(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "out.txt")
	for _, c := range badinput.Images() {
		t.Run(c.Name, func(t *testing.T) {
			path := filepath.Join(dir, c.Name)
			if err := os.WriteFile(path, c.Data, 0o644); err != nil {
				t.Fatal(err)
			}
			stdout, stderr, code := runCmd(t, "", "nonogram", "from-image", "--width", "10", "-o", out, path)
			if code != exitFail || stdout != "" || !strings.Contains(stderr, path+": ") || !strings.Contains(stderr, c.Want) {
				t.Errorf("exit %d\nstdout %q\nstderr %q", code, stdout, stderr)
			}
			if _, err := os.Stat(out); err == nil {
				t.Errorf("%s was written", out)
			}
			stdout, _, code = runCmd(t, "", "nonogram", "from-image", "--width", "10", "--json", path)
			if code != exitFail || schematest.ValidateLines(t, "nonogram.json#/$defs/from_image", []byte(stdout)) != 1 ||
				!strings.Contains(stdout, `"status":"invalid"`) {
				t.Errorf("--json: exit %d, %s", code, stdout)
			}
		})
	}
	pic := filepath.Join("testdata", "nonogram", "two.png")
	for _, args := range [][]string{
		{"--width", "0", pic}, {"--width", "1000000000", pic}, {pic}, {"--width", "5"}, {"--width", "5", pic, pic},
		{"--width", "5", "--height", "-3", pic}, {"--width", "5", "--threshold", "2", pic}, {"--width", "5", "--threshold", "0", pic},
		{"--width", "5", "--threshold", "0.5", "--dither", pic}, {"--width", "5", "--colors", "1", pic}, {"--width", "5", "--colors", "99", pic},
		{"--width", "5", "--colors", "3", "--dither", pic}, {"--width", "5", "--colors", "3", "--format", "non", pic},
		{"--width", "5", "--colors", "3", "-o", filepath.Join(dir, "x.non"), pic},
	} {
		stdout, stderr, code := runCmd(t, "", append([]string{"nonogram", "from-image"}, args...)...)
		if code != exitUsage || stdout != "" || !strings.Contains(stderr, "Run 'puzzle help nonogram from-image'") {
			t.Errorf("%v: exit %d\nstdout %q\nstderr %q", args, code, stdout, stderr)
		}
	}
	// A picture too tall for its width, and a missing file.
	tall := filepath.Join(dir, "tall.png")
	var buf bytes.Buffer
	png.Encode(&buf, image.NewGray(image.Rect(0, 0, 1, 50)))
	os.WriteFile(tall, buf.Bytes(), 0o644)
	for _, args := range [][]string{{"--width", "100", tall}, {"--width", "5", filepath.Join(dir, "missing.png")}} {
		_, stderr, code := runCmd(t, "", append([]string{"nonogram", "from-image", "-o", out}, args...)...)
		if code != exitFail || !strings.Contains(stderr, args[2]) {
			t.Errorf("%v: exit %d, stderr %q", args, code, stderr)
		}
	}
	// A failed conversion leaves an existing output file as it was.
	os.WriteFile(out, []byte("keep\n"), 0o644)
	runCmd(t, "", "nonogram", "from-image", "--width", "5", "-o", out, filepath.Join(dir, "truncated.png"))
	if b, _ := os.ReadFile(out); string(b) != "keep\n" {
		t.Errorf("the output file was changed: %q", b)
	}
}

// TestFromImageCancelled: an interrupted conversion says so and fails.
func TestFromImageCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	stdout, _, code := runCtx(t, ctx, "", "nonogram", "from-image", "--json", "--width", "20", filepath.Join("testdata", "nonogram", "two.png"))
	if code != exitFail || !strings.Contains(stdout, `"status":"timeout"`) {
		t.Errorf("exit %d: %s", code, stdout)
	}
	schematest.ValidateLines(t, "nonogram.json#/$defs/from_image", []byte(stdout))
}
