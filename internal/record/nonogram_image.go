package record

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"time"

	"github.com/puzzlesolvers/puzzle/nonogram"
	"github.com/puzzlesolvers/puzzle/nonogram/imaging"
	"github.com/puzzlesolvers/puzzle/status"
)

// NonogramImageOptions control NewNonogramImage.
type NonogramImageOptions struct {
	imaging.Options
	// MaxPixels caps the pictures decoded (imaging.MaxPixels when 0).
	MaxPixels int
	// Format is the format of Text; Text is left out when NoText is set.
	Format nonogram.Format
	NoText bool
	// Name is the puzzle's title ("" for none).
	Name string
	// Timeout bounds the conversion and the solve together; 0 leaves the
	// limit to ctx.
	Timeout time.Duration
}

// NonogramImage is the record of `puzzle nonogram from-image --json` and
// the reply of POST /api/nonogram/from-image: a picture made a nonogram,
// and what solving that says of it. The record of a picture that cannot
// be read or converted is its Head alone (status invalid).
type NonogramImage struct {
	Head
	Rows  int        `json:"rows,omitempty"`
	Cols  int        `json:"cols,omitempty"`
	Image *ImageSize `json:"image,omitempty"`
	// Method is otsu, threshold, dither or median-cut; Threshold the
	// luma threshold of the first two, from 0 to 1.
	Method    string   `json:"method,omitempty"`
	Threshold *float64 `json:"threshold,omitempty"`
	// Picture is the picture made, rows of '#' and '.' (of the palette's
	// characters in colour).
	Picture []string `json:"picture,omitempty"`
	// Undecided is, for a picture whose clues have several pictures,
	// exactly the cells whose value differs between some two of them
	// (nonogram.Undecided, as nonogram solve --undecided gives); left out
	// when the time ran out before they were known.
	Undecided    []Cell          `json:"undecided,omitempty"`
	Colors       []NonogramColor `json:"colors,omitempty"`
	Count        int             `json:"count"`
	LineSolvable bool            `json:"line_solvable"`
	// NonogramRating is the rating of a unique puzzle of at most
	// MaxRatedCells cells (nonogram.Rate), nil otherwise.
	*NonogramRating
	Stats *NonogramStats `json:"stats,omitempty"`
	// Format and Text are the puzzle written in a format.
	Format string `json:"format,omitempty"`
	Text   string `json:"text,omitempty"`
	// Puzzle is the puzzle made, for the command line to write.
	Puzzle *nonogram.Puzzle `json:"-"`
	// Cause is, for an invalid picture, the error that says why.
	Cause error `json:"-"`
}

// ImageSize is the size of a picture in pixels and its format.
type ImageSize struct {
	Width  int    `json:"width"`
	Height int    `json:"height"`
	Format string `json:"format"`
}

// MarshalJSON writes the record; an invalid picture's is its head alone.
func (r NonogramImage) MarshalJSON() ([]byte, error) {
	if r.Status == status.Invalid {
		return json.Marshal(r.Head)
	}
	type plain NonogramImage
	return json.Marshal(plain(r))
}

// NewNonogramImage reads a picture from r, named file, makes it a
// nonogram, solves it and rates it when it is unique: status unique or multiple (none cannot happen:
// the picture meets its own clues), invalid when the picture cannot be
// read or converted, timeout when ctx or the timeout ends first.
func NewNonogramImage(ctx context.Context, file string, r io.Reader, opt NonogramImageOptions) *NonogramImage {
	if opt.Timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, opt.Timeout)
		defer cancel()
	}
	rec := &NonogramImage{Head: Head{File: file}}
	interrupted := func(err error) *NonogramImage {
		rec.Status, rec.Error = status.Timeout, "interrupted"
		if opt.Timeout > 0 && errors.Is(err, context.DeadlineExceeded) {
			rec.Error = fmt.Sprintf("no answer within %v", opt.Timeout)
		}
		return rec
	}
	invalid := func(err error) *NonogramImage {
		if ctx.Err() != nil {
			return interrupted(ctx.Err())
		}
		return &NonogramImage{Head: Head{File: file, Status: status.Invalid, Error: err.Error()}, Cause: err}
	}
	img, format, err := imaging.Decode(ctx, r, file, opt.MaxPixels)
	if err != nil {
		return invalid(err)
	}
	b := img.Bounds()
	rec.Image = &ImageSize{Width: b.Dx(), Height: b.Dy(), Format: format}
	res, err := imaging.Convert(ctx, img, file, opt.Options)
	img = nil // the picture is large; the grid is what is kept
	if err != nil {
		return invalid(err)
	}
	p, g := res.Puzzle, res.Picture
	p.Name = opt.Name
	rec.Puzzle, rec.Rows, rec.Cols, rec.Method = p, g.Height, g.Width, res.Method
	if res.Method == imaging.MethodOtsu || res.Method == imaging.MethodThreshold {
		t := res.Threshold
		rec.Threshold = &t
	}
	rec.Picture = g.Rows()
	if p.IsColor() {
		rec.Picture = g.ColorRows(p.Colors)
		for _, c := range p.Colors {
			rec.Colors = append(rec.Colors, NonogramColor{Char: string(c.Char), Name: c.Name, RGB: c.RGB})
		}
	}
	if !opt.NoText {
		var text bytes.Buffer
		f := opt.Format
		if f == "" {
			f = nonogram.FormatPlain
			if p.IsColor() {
				f = nonogram.FormatXML
			}
		}
		if err := p.Format(&text, f); err != nil {
			return invalid(&imaging.Error{File: file, Msg: err.Error(), Err: err})
		}
		rec.Format, rec.Text = string(f), text.String()
	}
	sol, err := nonogram.Solve(ctx, p, nonogram.Options{})
	rec.Status, rec.Count, rec.LineSolvable = sol.Status, sol.Count, sol.LineSolvable
	rec.Stats = &NonogramStats{LineSolves: sol.Stats.LineSolves, Probes: sol.Stats.Probes, Nodes: sol.Stats.Nodes,
		MaxDepth: sol.Stats.MaxDepth, Conflicts: sol.Stats.Conflicts, TimeMS: Millis(sol.Stats.Time)}
	switch {
	case sol.Status == status.Timeout:
		return interrupted(ctx.Err())
	case err != nil:
		return invalid(err) // a broken invariant: the puzzle was made from its picture
	case sol.Status == status.Multiple:
		// The verdict stands whatever happens next: when the time runs
		// out before the undecided cells are known, they are left out.
		b, _, err := nonogram.Undecided(ctx, p, sol.Solutions)
		switch {
		case err == nil:
			rec.Undecided = NonogramUndecided(b)
		case ctx.Err() == nil:
			return invalid(err) // a broken invariant: the pictures meet the clues
		}
		return rec
	case sol.Status != status.Unique || g.Width*g.Height > MaxRatedCells:
		return rec
	}
	rt, err := nonogram.Rate(ctx, p)
	switch {
	case ctx.Err() != nil:
		return interrupted(ctx.Err())
	case err != nil:
		return invalid(err) // a broken invariant: the puzzle is unique
	}
	rec.NonogramRating = &NonogramRating{Difficulty: rt.Difficulty.String(), Hardest: rt.Hardest, Length: rt.Length, Score: rt.Score}
	return rec
}

// MaxRatedCells bounds the puzzles NewNonogramImage rates (1024×1024): a
// rating explains the puzzle step by step, which on larger grids takes
// gigabytes.
const MaxRatedCells = 1 << 20
