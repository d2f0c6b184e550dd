package web

import (
	"bytes"
	"fmt"
	"net/http"
	"path"
	"strconv"
	"strings"

	"github.com/puzzlesolvers/puzzle/internal/record"
	"github.com/puzzlesolvers/puzzle/nonogram"
	"github.com/puzzlesolvers/puzzle/nonogram/imaging"
	"github.com/puzzlesolvers/puzzle/status"
)

// Limits of POST /api/nonogram/from-image: the pictures it decodes, and
// the grids it makes (the page draws up to 60×60; a larger grid is the
// command line's).
const (
	maxImagePixels = 1 << 24 // 4096×4096, 64 MB as 8-bit RGBA
	maxImageSide   = 512
)

func nonogramFromImageRoute() *route {
	side := func(name, what string) param {
		return param{name: name, kind: "integer", min: 1, max: nonogram.MaxSide, cap: maxImageSide,
			why: "a larger grid is the command line's", description: what}
	}
	width := side("width", "number of columns (required)")
	width.required = true
	return &route{
		method: "POST", path: "/api/nonogram/from-image",
		summary: "Make a nonogram of a picture (PNG, GIF, JPEG)",
		description: "As `puzzle nonogram from-image --json`: the picture is scaled to the grid by area averaging, then made " +
			"black and white (cells whose luma is below the threshold are filled, the threshold chosen by Otsu's method unless " +
			"given; or Floyd–Steinberg dithering) or reduced to `colors` colours by median cut, and the puzzle of its clues " +
			"solved. Returns file, status (unique or multiple), rows, cols, image (width, height, format), method, threshold, " +
			"picture, undecided (status multiple: exactly the cells where two pictures that meet the clues differ, as " +
			"/api/nonogram/solve gives them with undecided=true; left out when the time ran out first), colors, count, line_solvable, the rating of a unique puzzle (difficulty, hardest, length, score, as " +
			"/api/nonogram/rate), stats, and the puzzle as text in format. A picture that cannot be " +
			fmt.Sprintf("read (broken, empty, or over %d pixels, checked from its header before it is decoded) gets 400 with its ", maxImagePixels) +
			"invalid record, a timeout 504 with its record.",
		params: []param{
			width,
			side("height", "number of rows (default: as many as keep the picture's aspect ratio)"),
			{name: "colors", kind: "integer", min: 2, max: imaging.MaxColors,
				description: fmt.Sprintf("number of colours, background included: 2 (default) for black and white, 3..%d for a colour puzzle", imaging.MaxColors)},
			{name: "threshold", kind: "number", check: checkThreshold,
				description: "fill the cells whose luma (0 black, 1 white) is below it, above 0 and at most 1 (default: Otsu's method)"},
			{name: "dither", kind: "boolean", description: "fill cells by Floyd–Steinberg dithering instead of a threshold"},
			{name: "to", kind: "string", description: "format of the text returned (default plain; xml for colours, the only one that holds them)",
				choices: nonogramFormatNames()},
			{name: "name", kind: "string", description: "the picture's file name, as the record's \"file\"; without its extension, the puzzle's title"},
		},
		body:      "the bytes of a PNG, GIF or JPEG file, up to the server's body limit (--max-body, 1 MiB by default)",
		refuses:   fmt.Sprintf("a width or height over %d (the command line makes larger grids)", maxImageSide),
		bodyTypes: []string{"image/png", "image/gif", "image/jpeg"},
		result:    `{"file": "request", "status": "unique", "rows": 10, "cols": 20, "image": {"width": 40, "height": 20, "format": "png"}, "method": "otsu", "threshold": 0.65, "picture": [...], "count": 1, "line_solvable": true, "difficulty": "medium", "hardest": "line", "length": 24, "score": 2.5, "stats": {...}, "format": "plain", "text": "..."}`,
		schema:    "nonogram.json#/$defs/from_image",
		heavy:     true,
		check:     checkFromImage,
		precheck:  precheckImage,
		handle:    nonogramFromImage,
	}
}

func checkThreshold(v string) error {
	t, err := strconv.ParseFloat(v, 64)
	if err != nil || !(t > 0 && t <= 1) {
		return fmt.Errorf("%q is not a luma above 0 and at most 1 (0 black, 1 white)", v)
	}
	return nil
}

// imageOptions reads the options of a conversion from the query.
func imageOptions(c *call) imaging.Options {
	opt := imaging.Options{Width: c.integer("width", 0, 1, nonogram.MaxSide), Height: c.integer("height", 0, 1, nonogram.MaxSide),
		Colors: c.integer("colors", 2, 2, imaging.MaxColors), Dither: c.flag("dither")}
	if v, ok := c.query["threshold"]; ok {
		opt.Threshold, _ = strconv.ParseFloat(v, 64)
	}
	return opt
}

// checkFromImage checks the parameters that depend on each other.
func checkFromImage(c *call) {
	opt := imageOptions(c)
	to, colour := c.text("to", ""), opt.Colors > 2
	switch {
	case opt.Dither && opt.Threshold > 0:
		c.fail("parameters threshold and dither: give one")
	case colour && (opt.Dither || opt.Threshold > 0):
		c.fail("parameters threshold and dither make black-and-white pictures; colors=%d makes a colour one", opt.Colors)
	case colour && to != "" && to != string(nonogram.FormatXML):
		c.fail("parameter to: colour puzzles are written as xml, not %s", to)
	}
}

// pictureName is the record's file: the name parameter, or "request".
func pictureName(c *call) string { return c.text("name", "request") }

// precheckImage refuses, before a worker is taken, a body that is no
// picture or too large a one, from its header.
func precheckImage(c *call) *reply {
	if _, err := imaging.CheckHeader(c.body, pictureName(c), maxImagePixels); err != nil {
		r := invalidImage(pictureName(c), err)
		return &r
	}
	return nil
}

func invalidImage(file string, err error) reply {
	return jsonReply(http.StatusBadRequest, &record.NonogramImage{Head: record.Head{File: file, Status: status.Invalid, Error: err.Error()}})
}

func nonogramFromImage(c *call) reply {
	opt := imageOptions(c)
	to := c.text("to", "")
	if c.bad != nil {
		return reply{}
	}
	file := pictureName(c)
	title := ""
	if file != "request" {
		base := path.Base(strings.ReplaceAll(file, "\\", "/"))
		title = strings.TrimSuffix(base, path.Ext(base))
	}
	rec := record.NewNonogramImage(c.ctx, file, bytes.NewReader(c.body), record.NonogramImageOptions{
		Options: opt, MaxPixels: maxImagePixels, Format: nonogram.Format(to), Name: title,
	})
	rec.Puzzle = nil
	return answer(c, rec)
}
