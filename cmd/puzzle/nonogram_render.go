package main

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/puzzlesolvers/puzzle/nonogram"
	"github.com/puzzlesolvers/puzzle/status"
)

const nonoRenderUsage = `Usage: puzzle nonogram render [--text|--svg|--png] [-o FILE] [--cell N] [--no-clues] [--blank] [--timeout D] [--from FORMAT] [files|-]

Draws each puzzle's picture with its clues: row clues on the left, column
clues on top, a thicker rule every 5 cells. The puzzle is solved first; when
it has several pictures, exactly the cells whose value differs between some
two pictures are drawn as undecided ('?' in text, grey in SVG and PNG; found
as by nonogram solve --undecided) and a note goes to stderr; when it has
none, the empty grid is drawn and the exit status is 1. --blank draws the
empty grid without solving, to print and solve by hand.

Text goes to stdout unless -o is given. SVG and PNG go to -o FILE, or to
stdout when it is not a terminal and there is one picture (images back to
back would make no valid file): a second puzzle is then a usage error as
soon as it is read, and nothing is written. With several puzzles and -o,
each gets its own file: FILE-1.png, FILE-2.png, ... Files are written whole
or not at all (through a temporary file and a rename).

Exit status 0 when every puzzle was drawn, 1 when one is invalid, has no
picture or timed out, or a file cannot be read or written, 2 on usage
errors.

Examples:

	puzzle nonogram render examples/nonogram/heart.txt
	puzzle nonogram render --png -o heart.png examples/nonogram/heart.txt
	puzzle nonogram render --svg --blank puzzle.non > blank.svg
`

type nonogramRenderCmd struct {
	text, svg, png, noClues, blank bool
	out                            string
	cell                           int
	timeout                        time.Duration
	from                           *choiceFlag
}

func (c *nonogramRenderCmd) define(fs *flag.FlagSet) {
	c.from = inputFormatFlag()
	fs.BoolVar(&c.text, "text", false, "draw as text (the default)")
	fs.BoolVar(&c.svg, "svg", false, "draw as SVG (grids up to 1024×1024)")
	fs.BoolVar(&c.png, "png", false, "draw as PNG")
	fs.StringVar(&c.out, "o", "", "write to `FILE` instead of stdout")
	fs.IntVar(&c.cell, "cell", 0, "cell size in `pixels` for SVG and PNG (default 16; PNG shrinks to stay under 8000 px)")
	fs.BoolVar(&c.noClues, "no-clues", false, "draw the grid only")
	fs.BoolVar(&c.blank, "blank", false, "draw the empty grid, without solving")
	fs.DurationVar(&c.timeout, "timeout", 0, "give up solving a puzzle after `D`; 0 means no limit")
	fs.Var(c.from, "from", "input `format`: auto, "+strings.Join(formatNames(), ", "))
}

func (c *nonogramRenderCmd) run(e *env, v *verb, files []string) int {
	kinds := 0
	for _, b := range []bool{c.text, c.svg, c.png} {
		if b {
			kinds++
		}
	}
	if kinds > 1 {
		return v.usageError(e, "choose one of --text, --svg and --png")
	}
	if c.cell < 0 || c.timeout < 0 {
		return v.usageError(e, "--cell and --timeout must not be negative")
	}
	binary := c.svg || c.png
	kind := "text"
	render := nonogram.RenderText
	switch {
	case c.svg:
		kind, render = "SVG", nonogram.RenderSVG
	case c.png:
		kind, render = "PNG", nonogram.RenderPNG
	}
	if binary && c.out == "" && isTerminal(e.stdout) {
		return v.usageError(e, "refusing to write %s to a terminal; use -o FILE or redirect stdout", kind)
	}
	opt := nonogram.RenderOptions{CellSize: c.cell, NoClues: c.noClues}

	stdout := bufio.NewWriter(e.stdout)
	defer stdout.Flush()
	failed, usage := false, false
	// write puts out drawing i (from 1): to stdout, with a header when
	// there are several, or to the file -o names, numbered when there are
	// several.
	write := func(d *nonogramDrawing, i int, several bool) {
		switch {
		case c.out == "" && !binary:
			if several {
				fmt.Fprintf(stdout, "%s\n", d.name)
			}
			stdout.Write(d.data)
			if several {
				fmt.Fprintln(stdout)
			}
			stdout.Flush()
		case c.out == "":
			stdout.Write(d.data)
		default:
			path := c.out
			if several {
				ext := filepath.Ext(path)
				path = fmt.Sprintf("%s-%d%s", strings.TrimSuffix(path, ext), i, ext)
			}
			if err := writeFileAtomic(path, d.data); err != nil {
				stdout.Flush()
				e.errorf("nonogram render: %v", err)
				failed = true
			}
		}
	}
	// The first drawing waits until a second puzzle or the end of the
	// input says whether there are several.
	var first *nonogramDrawing
	n := 0
	opened := eachPuzzle(e, v.name, files, nonogramRead(c.from.nonogramFormat()), func(file string, p *nonogram.Puzzle, err error) bool {
		if err != nil {
			stdout.Flush()
			e.errorf("nonogram render: %s", err)
			failed = true
			return true
		}
		n++
		if n == 2 && binary && c.out == "" {
			stdout.Flush()
			v.usageError(e, "%s:%d: a second puzzle, and %s pictures would go to stdout as one stream; use -o FILE to write FILE-1, FILE-2, ...", file, p.Line, kind)
			usage = true
			return false
		}
		if cells := p.Width() * p.Height(); c.svg && cells > nonogramMaxDrawnCells {
			stdout.Flush()
			e.errorf("nonogram render: %s:%d: an SVG has an element a cell: --svg draws grids of up to %d cells (1024×1024), not %d×%d; --png draws larger ones, with smaller cells",
				file, p.Line, nonogramMaxDrawnCells, p.Height(), p.Width())
			failed = true
			return true
		}
		board, ok := c.board(e, file, p)
		if !ok {
			failed = true
		}
		if e.ctx.Err() != nil {
			return false
		}
		var buf bytes.Buffer
		if err := render(&buf, p, board, opt); err != nil {
			stdout.Flush()
			e.errorf("nonogram render: %s:%d: %s", file, p.Line, err)
			failed = true
			return true
		}
		d := &nonogramDrawing{fmt.Sprintf("%s:%d", file, p.Line), buf.Bytes()}
		switch {
		case n == 1:
			first = d
			return true
		case n == 2 && first != nil:
			write(first, 1, true)
		}
		first = nil
		write(d, n, true)
		return true
	})
	switch {
	case usage:
		return exitUsage
	case e.ctx.Err() != nil:
		stdout.Flush()
		e.errorf("nonogram render: interrupted")
		return exitFail
	}
	if first != nil && n == 1 {
		write(first, 1, false)
	}
	if failed || !opened {
		return exitFail
	}
	return exitOK
}

// nonogramMaxDrawnCells bounds the grids that --svg draws and that
// solve --explain explains: a 4096×4096 SVG took 2.3 GB to make, an
// explanation of one 1.8 GB (3.8 GB as JSON), where 1024×1024 takes a
// sixteenth.
const nonogramMaxDrawnCells = 1 << 20

// nonogramDrawing is one rendered puzzle, named file:line.
type nonogramDrawing struct {
	name string
	data []byte
}

// board solves p and returns what to draw: the picture, the cells common
// to every picture, or nil (the empty grid). ok is false when the puzzle has
// no picture or the solve failed.
func (c *nonogramRenderCmd) board(e *env, name string, p *nonogram.Puzzle) (*nonogram.Board, bool) {
	if c.blank {
		return nil, true
	}
	ctx := e.ctx
	if c.timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, c.timeout)
		defer cancel()
	}
	res, err := nonogram.Solve(ctx, p, nonogram.Options{})
	where := fmt.Sprintf("%s:%d", name, p.Line)
	switch res.Status {
	case status.Unique:
		return nonogram.BoardOf(res.Solutions[0]), true
	case status.Multiple:
		b, _, err := nonogram.Undecided(ctx, p, res.Solutions)
		if err != nil {
			e.errorf("nonogram render: %s: several pictures, and no answer on which cells they differ (%v); drawing the empty grid", where, err)
			return nil, false
		}
		differ := 0
		for _, v := range b.Cells {
			if v == nonogram.Unknown {
				differ++
			}
		}
		e.errorf("nonogram render: %s: several pictures; the %d cells where they differ are drawn undecided", where, differ)
		return b, true
	case status.None:
		e.errorf("nonogram render: %s: no picture meets the clues; drawing the empty grid", where)
		return nil, false
	}
	e.errorf("nonogram render: %s: %v (%v); drawing the empty grid", where, res.Status, err)
	return nil, false
}

// writeFileAtomic writes data to path through a temporary file in the same
// directory and a rename, so that path is never left half-written. Errors
// name path, not the temporary file.
func writeFileAtomic(path string, data []byte) (err error) {
	defer func() {
		var pe *os.PathError
		var le *os.LinkError
		switch {
		case errors.As(err, &pe):
			err = &os.PathError{Op: "write", Path: path, Err: pe.Err}
		case errors.As(err, &le):
			err = &os.PathError{Op: "write", Path: path, Err: le.Err}
		}
	}()
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*.tmp")
	if err != nil {
		return err
	}
	tmp := f.Name()
	_, err = f.Write(data)
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Chmod(tmp, 0o644)
	}
	if err == nil {
		err = os.Rename(tmp, path)
	}
	if err != nil {
		os.Remove(tmp)
	}
	return err
}

const nonoConvertUsage = `Usage: puzzle nonogram convert --to FORMAT [--from FORMAT] [-o FILE] [files|-]

Reads puzzles in any supported format and writes them in another: plain,
xml, non, nin, cwd, mk, taai or picross. Goals, titles and authors are kept
where the target format has a place for them. nin, cwd and mk hold one
puzzle per file: with several puzzles, give -o and each gets its own file
(FILE-1.nin, ...). A bad puzzle is reported on stderr and skipped, and the
exit status is then 1, as when a puzzle does not fit the format or a file
cannot be read or written; 2 on usage errors.

Examples:

	puzzle nonogram convert --to non webpbn-06574.xml
	puzzle nonogram convert --to xml -o set.xml *.non
	puzzle nonogram convert --to plain --from taai puzzles.txt
`

type nonogramConvertCmd struct {
	to, from *choiceFlag
	out      string
}

func (c *nonogramConvertCmd) define(fs *flag.FlagSet) {
	c.from = inputFormatFlag()
	c.to = &choiceFlag{choices: formatNames()}
	fs.Var(c.to, "to", "output `format`: "+strings.Join(formatNames(), ", "))
	fs.Var(c.from, "from", "input `format`: auto, "+strings.Join(formatNames(), ", "))
	fs.StringVar(&c.out, "o", "", "write to `FILE` instead of stdout")
}

func (c *nonogramConvertCmd) run(e *env, v *verb, files []string) int {
	if c.to.value == "" {
		return v.usageError(e, "--to is required (one of %s)", strings.Join(formatNames(), ", "))
	}
	to := nonogram.Format(c.to.value)
	var ps []*nonogram.Puzzle
	failed := false
	opened := eachPuzzle(e, v.name, files, nonogramRead(c.from.nonogramFormat()), func(file string, p *nonogram.Puzzle, err error) bool {
		if err != nil {
			e.errorf("nonogram convert: %s", err)
			failed = true
		} else {
			ps = append(ps, p)
		}
		return true
	})
	if e.ctx.Err() != nil {
		e.errorf("nonogram convert: interrupted")
		return exitFail
	}
	single := to == nonogram.FormatNIN || to == nonogram.FormatCWD || to == nonogram.FormatMK
	switch {
	case len(ps) == 0:
	case single && len(ps) > 1 && c.out == "":
		e.errorf("nonogram convert: %s holds one puzzle per file and the input has %d; give -o FILE", to, len(ps))
		return exitFail
	case single && len(ps) > 1:
		ext := filepath.Ext(c.out)
		for i, p := range ps {
			var buf bytes.Buffer
			if err := p.Format(&buf, to); err != nil {
				e.errorf("nonogram convert: %v", err)
				failed = true
				continue
			}
			path := fmt.Sprintf("%s-%d%s", strings.TrimSuffix(c.out, ext), i+1, ext)
			if err := writeFileAtomic(path, buf.Bytes()); err != nil {
				e.errorf("nonogram convert: %v", err)
				failed = true
			}
		}
	default:
		var buf bytes.Buffer
		if err := nonogram.WriteAll(&buf, ps, to); err != nil {
			e.errorf("nonogram convert: %v", err)
			return exitFail
		}
		if c.out != "" {
			if err := writeFileAtomic(c.out, buf.Bytes()); err != nil {
				e.errorf("nonogram convert: %v", err)
				return exitFail
			}
		} else if _, err := e.stdout.Write(buf.Bytes()); err != nil {
			return exitFail
		}
	}
	if failed || !opened {
		return exitFail
	}
	return exitOK
}
