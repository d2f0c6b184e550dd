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
	"slices"
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
			if !strings.Contains(stdout, "wrote "+out) || !showsRow(stdout, g.Rows()[0]) {
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

// showsRow reports whether a line of report is row, but for the
// undecided cells it marks '?'.
func showsRow(report, row string) bool {
	for _, l := range strings.Split(report, "\n") {
		if len(l) != len(row) {
			continue
		}
		same := true
		for i := range l {
			same = same && (l[i] == row[i] || l[i] == '?')
		}
		if same {
			return true
		}
	}
	return false
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
	// The rating is that of nonogram rate on the puzzle written.
	stdout, _, _ = runCmd(t, "", "nonogram", "from-image", "--width", "20", "--json", pic)
	var bw record.NonogramImage
	if err := json.Unmarshal([]byte(stdout), &bw); err != nil || bw.NonogramRating == nil {
		t.Fatalf("%v: %s", err, stdout)
	}
	p, _ := nonogram.NewReader(strings.NewReader(bw.Text), "bw", "").Next()
	if rt, err := nonogram.Rate(context.Background(), p); err != nil || rt.Difficulty.String() != bw.Difficulty || rt.Score != bw.Score {
		t.Errorf("rated %s %v, nonogram.Rate says %v (%v)", bw.Difficulty, bw.Score, rt, err)
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
	stdout, stderr, code := runCtx(t, ctx, "", "nonogram", "from-image", "--width", "20", filepath.Join("testdata", "nonogram", "two.png"))
	if code != exitFail || stdout != "" || !strings.HasSuffix(stderr, "two.png: timeout: interrupted\n") {
		t.Errorf("exit %d\nstdout %q\nstderr %q", code, stdout, stderr)
	}
}

// TestFromImageUndecided converts pictures whose clues have several
// pictures, black and white and colour, and checks the record's
// undecided cells against the cells where the pictures found by brute
// force differ; the text report marks the same cells.
func TestFromImageUndecided(t *testing.T) {
	dir := t.TempDir()
	rng := rand.New(rand.NewPCG(17, 1))
	type drawn struct {
		g      *nonogram.Grid
		colors int
	}
	var cases []drawn
	for len(cases) < 6 {
		colors := 2 + len(cases)%2 // black and white, then three colours
		w, h := 4+rng.IntN(3), 4+rng.IntN(2)
		g := nonogram.NewGrid(w, h)
		if colors > 2 {
			g.Colors = make([]uint8, w*h)
		}
		used := map[int]bool{}
		for i := range g.Cells {
			v := 0
			if rng.IntN(5) < 3 {
				v = 1 + rng.IntN(colors-1)
			}
			g.Cells[i] = v != 0
			if g.Colors != nil {
				g.Colors[i] = uint8(v)
			}
			used[v] = true
		}
		if len(used) != colors {
			continue
		}
		p := g.Clues()
		if colors > 2 {
			p = g.ColorClues([]nonogram.Color{{Char: '.'}, {Char: 'a'}, {Char: 'b'}})
		}
		if len(enumeratePictures(t, p)) < 2 {
			continue
		}
		cases = append(cases, drawn{g, colors})
	}
	for k, c := range cases {
		pic := filepath.Join(dir, "pic.png")
		if c.colors > 2 {
			paintColorGrid(t, c.g, testPalette, 5, pic)
		} else {
			paintGrid(t, c.g, 5, pic)
		}
		args := []string{"nonogram", "from-image", "--width", strconv.Itoa(c.g.Width), "--colors", strconv.Itoa(c.colors)}
		stdout, stderr, code := runCmd(t, "", append(args, "--json", pic)...)
		if code != exitOK {
			t.Fatalf("picture %d: exit %d: %s", k, code, stderr)
		}
		schematest.ValidateLines(t, "nonogram.json#/$defs/from_image", []byte(stdout))
		var rec record.NonogramImage
		if err := json.Unmarshal([]byte(stdout), &rec); err != nil {
			t.Fatal(err)
		}
		p, err := nonogram.NewReader(strings.NewReader(rec.Text), "text."+rec.Format, nonogram.Format(rec.Format)).Next()
		if err != nil {
			t.Fatal(err)
		}
		pictures := enumeratePictures(t, p)
		want := differingCells(pictures)
		if rec.Status != status.Multiple || len(pictures) < 2 || p.IsColor() != (c.colors > 2) {
			t.Fatalf("picture %d: %v, %d pictures by enumeration, colour %v", k, rec.Status, len(pictures), p.IsColor())
		}
		if !slices.Equal(rec.Undecided, want) {
			t.Errorf("picture %d:\n%s\nundecided %v, the %d pictures differ at %v", k, strings.Join(rec.Picture, "\n"), rec.Undecided, len(pictures), want)
		}
		// The report marks the same cells '?' in the picture.
		out := filepath.Join(dir, "out.xml")
		stdout, _, code = runCmd(t, "", append(args, "-o", out, pic)...)
		marked := strings.Count(stdout, "?")
		if code != exitOK || marked != len(want) || !strings.Contains(stdout, "undecided: "+plural(len(want), "cell")) {
			t.Errorf("picture %d: exit %d, %d cells marked, want %d:\n%s", k, code, marked, len(want), stdout)
		}
		_, stderr, _ = runCmd(t, "", append(args, pic)...)
		if strings.Count(stderr, "?") != len(want) {
			t.Errorf("picture %d: the report on stderr marks %d cells, want %d:\n%s", k, strings.Count(stderr, "?"), len(want), stderr)
		}
	}
}
