package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/puzzlesolvers/puzzle/internal/record"
	"github.com/puzzlesolvers/puzzle/nonogram"
	"github.com/puzzlesolvers/puzzle/nonogram/imaging"
	"github.com/puzzlesolvers/puzzle/status"
)

const nonoFromImageUsage = `Usage: puzzle nonogram from-image --width W [--height H] [--colors K] [--threshold T|--dither] [-o FILE] [--format F] [--json] [--timeout D] FILE.png|.gif|.jpg|-

Makes a nonogram of a picture (PNG, GIF or JPEG): the picture is scaled to
W columns (and H rows, or as many as keep its aspect ratio) by area
averaging, each cell the mean colour of the pixels it covers, then made
black and white, or reduced to K colours, and the puzzle of its clues is
written and solved: the report says whether its picture is unique, or
several pictures meet the clues, whether line solving alone finds it
(line-solvable), and, for a unique one of up to 1024×1024 cells, its
rating as by nonogram rate: difficulty (easy, medium, hard, expert,
extreme), the hardest rule needed, the steps and the score.

Black and white: a cell is filled when its luma (0.299 R + 0.587 G +
0.114 B, from 0 for black to 1 for white; transparent pixels count as
white) is below the threshold T, from 0 to 1, which by default Otsu's
method chooses from the cells' histogram. --dither fills cells by
Floyd–Steinberg error diffusion instead, for photographs and greys.
--colors K (3 to 32, the background included) makes a colour puzzle:
median cut with variance-based cuts picks the K colours, each cell takes
the nearest, and the lightest is the background. Colour puzzles are
written as xml.

The puzzle goes to -o FILE (written whole or not at all: through a
temporary file and a rename), or to stdout; --format names its format,
by default the one the extension of FILE names, else plain (xml in
colour); its title is the picture's file name. The report goes to
stderr when the puzzle goes to stdout, to stdout otherwise, with the
picture ('#' filled, '.' empty, or the palette's characters; '?' at its
undecided cells). --json
prints instead one object (docs/schema/nonogram.json#/$defs/from_image):
file, status (unique, multiple, invalid, timeout), error, rows, cols,
image (width, height and format of the picture), method (otsu,
threshold, dither or median-cut), threshold (otsu and threshold),
picture, undecided (several pictures: exactly the cells where two
differ), colors (colour puzzles), count, line_solvable, difficulty,
hardest, length and score (the rating of a unique puzzle), stats, and
format and text (the puzzle, when
-o is not given). A picture that cannot be read gives file, status
invalid and error only.

Pictures are read up to 64 MB and 33,554,432 pixels (8192×4096), checked
from the header before decoding; grids have up to 4,194,304 cells
(2048×2048).

Exit status 0 when the puzzle was made, 1 when the picture cannot be
read or converted, the solve timed out (the puzzle is written all the
same) or the output cannot be written, 2 on usage errors.

Examples:

	puzzle nonogram from-image --width 30 cat.png > cat.txt
	puzzle nonogram from-image --width 40 --height 30 --dither -o photo.non photo.jpg
	puzzle nonogram from-image --width 25 --colors 4 -o flag.xml flag.gif
	puzzle nonogram from-image --width 20 --threshold 0.4 --json logo.png
`

// nonogramFromImageCmd is 'puzzle nonogram from-image'.
type nonogramFromImageCmd struct {
	width, height, colors int
	threshold             float64
	dither, json          bool
	out                   string
	format                *choiceFlag
	timeout               time.Duration
}

func (c *nonogramFromImageCmd) define(fs *flag.FlagSet) {
	c.format = &choiceFlag{choices: formatNames()}
	fs.IntVar(&c.width, "width", 0, "number of columns `W`, from 1 to 4096 (required)")
	fs.IntVar(&c.height, "height", 0, "number of rows `H`, from 1 to 4096 (default: as many as keep the aspect ratio)")
	fs.IntVar(&c.colors, "colors", 2, "number of colours `K`, background included: 2 for black and white, 3 to 32 for a colour puzzle")
	fs.Func("threshold", "fill the cells whose luma is below `T`, above 0 and at most 1 (default: chosen by Otsu's method)", func(s string) error {
		t, err := strconv.ParseFloat(s, 64)
		if err != nil || !(t > 0 && t <= 1) {
			return errors.New("want a luma above 0 and at most 1 (0 black, 1 white)")
		}
		c.threshold = t
		return nil
	})
	fs.BoolVar(&c.dither, "dither", false, "fill cells by Floyd–Steinberg dithering instead of a threshold")
	fs.StringVar(&c.out, "o", "", "write the puzzle to `FILE` instead of stdout")
	fs.Var(c.format, "format", "output `format`: "+strings.Join(formatNames(), ", ")+" (default: from -o's extension, else plain; xml in colour)")
	fs.BoolVar(&c.json, "json", false, "print the report as one JSON object")
	fs.DurationVar(&c.timeout, "timeout", 0, "give up after `D` (such as 10s); 0 means no limit")
}

func (c *nonogramFromImageCmd) run(e *env, v *verb, operands []string) int {
	switch {
	case len(operands) != 1:
		return v.usageError(e, "give one picture (a PNG, GIF or JPEG file, or - for stdin), not %d", len(operands))
	case c.width == 0:
		return v.usageError(e, "--width is required")
	case c.width < 0 || c.width > nonogram.MaxSide:
		return v.usageError(e, "--width must be from 1 to %d, not %d", nonogram.MaxSide, c.width)
	case c.height < 0 || c.height > nonogram.MaxSide:
		return v.usageError(e, "--height must be from 1 to %d, not %d", nonogram.MaxSide, c.height)
	case c.colors < 2 || c.colors > imaging.MaxColors:
		return v.usageError(e, "--colors must be from 2 to %d, not %d", imaging.MaxColors, c.colors)
	case c.dither && c.threshold > 0:
		return v.usageError(e, "choose one of --threshold and --dither")
	case c.colors > 2 && (c.dither || c.threshold > 0):
		return v.usageError(e, "--threshold and --dither make black-and-white pictures; --colors %d makes a colour one", c.colors)
	case c.timeout < 0:
		return v.usageError(e, "--timeout must not be negative")
	}
	format := nonogram.Format(c.format.value)
	if format == "" && c.out != "" {
		format = nonogram.FormatByName(c.out)
	}
	if format == "" {
		format = nonogram.FormatPlain
		if c.colors > 2 {
			format = nonogram.FormatXML
		}
	}
	if c.colors > 2 && format != nonogram.FormatXML {
		return v.usageError(e, "colour puzzles are written as xml, not %s: use --format xml or an .xml file", format)
	}
	file := operands[0]
	var in io.Reader = e.stdin
	name := stdinName
	if file != "-" {
		f, err := os.Open(file)
		if err != nil {
			e.errorf("%s: %v", v.name, err)
			return exitFail
		}
		defer f.Close()
		in, name = f, file
	}
	title := strings.TrimSuffix(filepath.Base(name), filepath.Ext(name))
	if file == "-" {
		title = ""
	}
	rec := record.NewNonogramImage(e.ctx, name, in, record.NonogramImageOptions{
		Options: imaging.Options{Width: c.width, Height: c.height, Colors: c.colors, Threshold: c.threshold, Dither: c.dither},
		Format:  format, Name: title, Timeout: c.timeout,
	})
	if rec.Puzzle != nil && c.out != "" && rec.Status != status.Invalid {
		if err := writeFileAtomic(c.out, []byte(rec.Text)); err != nil {
			e.errorf("%s: %v", v.name, err)
			return exitFail
		}
		rec.Text, rec.Format = "", ""
	}
	code := exitOK
	if rec.Status == status.Invalid || rec.Status == status.Timeout {
		code = exitFail
	}
	if c.json {
		b, err := json.Marshal(rec)
		if err != nil {
			e.errorf("%s: %v", v.name, err)
			return exitFail
		}
		if _, err := e.stdout.Write(append(b, '\n')); err != nil {
			return exitFail
		}
		return code
	}
	if rec.Status == status.Invalid {
		e.errorf("%s: %s", v.name, rec.Error)
		return code
	}
	report := e.stdout
	if c.out == "" {
		report = e.stderr
		if rec.Text != "" {
			if _, err := io.WriteString(e.stdout, rec.Text); err != nil {
				return exitFail
			}
		}
	}
	writeImageReport(report, rec, c.out)
	return code
}

// writeImageReport writes, for people, what a picture became: its size,
// the method, the verdict and, when the puzzle went to a file, the
// picture.
func writeImageReport(w io.Writer, rec *record.NonogramImage, out string) {
	if rec.Image == nil || rec.Rows == 0 { // stopped before the picture was made
		fmt.Fprintf(w, "%s: %s: %s\n", rec.File, rec.Status, rec.Error)
		return
	}
	how := map[string]string{
		imaging.MethodOtsu: "Otsu's threshold", imaging.MethodThreshold: "threshold",
		imaging.MethodDither: "Floyd–Steinberg dithering", imaging.MethodMedianCut: fmt.Sprintf("median cut to %d colours", len(rec.Colors)),
	}[rec.Method]
	if rec.Threshold != nil {
		how += fmt.Sprintf(" %.3f", *rec.Threshold)
	}
	fmt.Fprintf(w, "%s (%d×%d %s): a %d×%d picture by %s: ", rec.File, rec.Image.Width, rec.Image.Height, rec.Image.Format,
		rec.Rows, rec.Cols, how)
	var d time.Duration
	if rec.Stats != nil {
		d = time.Duration(rec.Stats.TimeMS * float64(time.Millisecond))
	}
	switch rec.Status {
	case status.Unique:
		what := "unique"
		if rec.LineSolvable {
			what += ", line-solvable"
		}
		if r := rec.NonogramRating; r != nil {
			what += fmt.Sprintf(", %s (hardest rule %s, %s, score %.1f)", r.Difficulty, r.Hardest, plural(r.Length, "step"), r.Score)
		}
		fmt.Fprintf(w, "%s, in %s\n", what, fmtDuration(d))
	case status.Multiple:
		fmt.Fprintf(w, "several pictures meet its clues (found in %s): not a fair puzzle as it is\n", fmtDuration(d))
	default:
		fmt.Fprintf(w, "%s: %s\n", rec.Status, rec.Error)
	}
	picture := rec.Picture
	if len(rec.Undecided) > 0 {
		var cells []string
		cells, picture = markUndecided(rec.Picture, rec.Undecided)
		fmt.Fprintf(w, "undecided: %s, where pictures differ (every other cell is the same in all; marked below): %s\n",
			plural(len(cells), "cell"), strings.Join(cells, " "))
	}
	if out != "" {
		fmt.Fprintf(w, "wrote %s\n", out)
	} else if len(rec.Undecided) == 0 {
		return // the puzzle on stdout holds the picture
	}
	for _, r := range picture {
		fmt.Fprintln(w, r)
	}
}
