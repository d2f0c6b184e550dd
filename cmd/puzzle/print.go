package main

import (
	"bytes"
	"context"
	"encoding/xml"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/puzzlesolvers/puzzle/internal/sheet"
)

// printUsage is the help of every family's print verb: what it prints
// (the family's words) and the flags they share.
func printUsage(family, synopsis, what, examples string) string {
	return `Usage: puzzle ` + family + ` print [--per-page N] [--paper a4|letter] [--format svg|pdf] [--no-answers] -o FILE ` + synopsis + `

Prints the puzzles of the input (read as solve reads them) on sheets to
solve on paper, then their answers.

` + what + `
N puzzles go on a page (--per-page, by default as many as stay easy to
read: it depends on the size), numbered 1, 2, ... with their names, under
a title and a note that says what to do. The answer pages follow (unless
--no-answers), the answers smaller and numbered to match. The puzzles are
solved first (--timeout bounds each one): a puzzle that cannot be read,
has no solution or times out is reported, file and line, and nothing is
written (exit status 1).

--format pdf writes one PDF document (PDF 1.4, vector drawing, the
standard Helvetica font: every reader opens and prints it); --format svg,
the default unless -o ends in .pdf, writes one SVG document a page: FILE
itself for one page, else FILE-1.svg, FILE-2.svg, ... (FILE without its
extension). Pages have the paper's size (A4 or Letter) and print at it.
Files are written whole or not at all. Without -o a PDF, or an SVG of one
page, goes to stdout when it is not a terminal.

Exit status 0 when the sheets were written, 1 when a puzzle is invalid,
has no solution or timed out, or a file cannot be read or written, 2 on
usage errors.

Examples:

` + examples
}

// printCmd holds the flags every print verb shares.
type printCmd struct {
	perPage   int
	paper     *choiceFlag
	format    *choiceFlag
	out       string
	noAnswers bool
	timeout   time.Duration
}

func (c *printCmd) define(fs *flag.FlagSet) {
	c.paper = &choiceFlag{value: "a4", choices: sheet.PaperNames}
	c.format = &choiceFlag{choices: []string{"svg", "pdf"}}
	fs.IntVar(&c.perPage, "per-page", 0, "`N` puzzles a page (default: by size)")
	fs.Var(c.paper, "paper", "paper `size`: a4 or letter")
	fs.Var(c.format, "format", "`svg` (one file a page) or pdf (one document); default from -o, else svg")
	fs.StringVar(&c.out, "o", "", "write to `FILE` (FILE-1.svg, FILE-2.svg, ... for several SVG pages)")
	fs.BoolVar(&c.noAnswers, "no-answers", false, "leave out the answer pages (and do not solve)")
	fs.DurationVar(&c.timeout, "timeout", 0, "give up solving a puzzle after `D`; 0 means no limit")
}

// printEntry is one puzzle of a sheet: its drawing and its answer's.
type printEntry struct {
	name   string      // the puzzle's own name, "" if none
	puzzle sheet.Item  // Caption is set by runPrint
	answer *sheet.Item // nil with --no-answers
	// answerNote, when set, follows the number of the answer: "one of
	// several solutions".
	answerNote string
	perPage    int // the most puzzles of its size that a page holds well
}

// printFamily is what a family's print verb brings to runPrint.
type printFamily[P any] struct {
	title      string // "Sudoku"
	note       string // what to do, on every puzzle page
	answerNote string // on the answer pages
	// answersPerPage is the number of answers a page holds for puzzles
	// perPage to a page: 0 means 4 times as many, up to 20.
	answersPerPage func(perPage int) int
	read           readFunc[P]
	// errText writes an error of the family's reader: file:line: message.
	errText func(error) string
	// entry draws one puzzle, and solves it when answers is set; the error
	// says what is wrong with the puzzle, without its place, where (for
	// the warnings entry prints itself).
	entry func(ctx context.Context, where string, p P, answers bool) (printEntry, error)
	// where names a puzzle's place: "file:line".
	where func(file string, p P) string
}

// printMaxPerPage bounds --per-page: beyond it the puzzles are too small
// to solve.
const printMaxPerPage = 64

// runPrint reads, draws and solves the puzzles of the inputs, lays them
// out and writes the sheets.
func runPrint[P any](e *env, v *verb, c *printCmd, files []string, fam printFamily[P]) int {
	if c.perPage < 0 || c.perPage > printMaxPerPage {
		return v.usageError(e, "--per-page must be 1 to %d, not %d", printMaxPerPage, c.perPage)
	}
	if c.timeout < 0 {
		return v.usageError(e, "--timeout must not be negative")
	}
	format := c.format.value
	if format == "" {
		format = "svg"
		if strings.EqualFold(filepath.Ext(c.out), ".pdf") {
			format = "pdf"
		}
	}
	if c.out == "" && isTerminal(e.stdout) {
		return v.usageError(e, "refusing to write %s to a terminal; use -o FILE or redirect stdout", strings.ToUpper(format))
	}
	paper, _ := sheet.PaperByName(c.paper.value) // the flag takes known names only
	name := v.name

	var entries []printEntry
	failed := false
	opened := eachPuzzle(e, name, files, fam.read, func(file string, p P, err error) bool {
		if err != nil {
			e.errorf("%s: %s", name, fam.errText(err))
			failed = true
			return true
		}
		ctx := e.ctx
		if c.timeout > 0 {
			var cancel context.CancelFunc
			ctx, cancel = context.WithTimeout(ctx, c.timeout)
			defer cancel()
		}
		where := fam.where(file, p)
		ent, err := fam.entry(ctx, where, p, !c.noAnswers)
		switch {
		case e.ctx.Err() != nil:
			return false
		case err != nil:
			e.errorf("%s: %s: %v", name, where, err)
			failed = true
		default:
			entries = append(entries, ent)
		}
		return true
	})
	switch {
	case e.ctx.Err() != nil:
		e.errorf("%s: interrupted; nothing written", name)
		return exitFail
	case failed || !opened:
		e.errorf("%s: nothing written", name)
		return exitFail
	case len(entries) == 0:
		e.errorf("%s: no puzzle in the input; nothing written", name)
		return exitFail
	}

	per := c.perPage
	if per == 0 {
		per = printMaxPerPage
		for _, ent := range entries {
			per = min(per, max(ent.perPage, 1))
		}
	}
	ansPer := min(per*4, 20)
	if fam.answersPerPage != nil {
		ansPer = fam.answersPerPage(per)
	}
	var puzzles, answers []sheet.Item
	for i, ent := range entries {
		caption := strconv.Itoa(i + 1)
		if ent.name != "" {
			caption += ". " + ent.name
		}
		it := ent.puzzle
		it.Caption, it.Class = caption, "puzzle"
		puzzles = append(puzzles, it)
		if ent.answer != nil {
			a := *ent.answer
			a.Caption, a.Class = strconv.Itoa(i+1), "answer"
			if ent.answerNote != "" {
				a.Caption += ". " + ent.answerNote
			}
			answers = append(answers, a)
		}
	}
	npz := (len(puzzles) + per - 1) / per
	nans := (len(answers) + ansPer - 1) / ansPer
	pages := sheet.Pages(paper, sheet.Sheet{Title: fam.title, Note: fam.note, Items: puzzles, PerPage: per, Total: npz + nans})
	if len(answers) > 0 {
		pages = append(pages, sheet.Pages(paper, sheet.Sheet{Title: fam.title + ": answers", Note: fam.answerNote,
			Items: answers, PerPage: ansPer, MaxScale: 0.75, Small: true, FirstPage: npz, Total: npz + nans})...)
	}

	if format == "pdf" {
		doc, err := sheet.PDF(e.ctx, fam.title, pages)
		if err != nil {
			e.errorf("%s: %v; nothing written", name, err)
			return exitFail
		}
		pages = [][]byte{doc}
	}
	if c.out == "" {
		if len(pages) > 1 {
			return v.usageError(e, "%d SVG pages would go to stdout as one stream; use -o FILE to write FILE-1.svg, FILE-2.svg, ... or --format pdf", len(pages))
		}
		if _, err := e.stdout.Write(pages[0]); err != nil {
			e.errorf("%s: %v", name, err)
			return exitFail
		}
		return exitOK
	}
	paths := []string{c.out}
	if len(pages) > 1 {
		ext := filepath.Ext(c.out)
		base := strings.TrimSuffix(c.out, ext)
		if ext == "" {
			ext = ".svg" // -o sheet: sheet-1.svg, ...
		}
		paths = paths[:0]
		for i := range pages {
			paths = append(paths, fmt.Sprintf("%s-%d%s", base, i+1, ext))
		}
	}
	if err := writeFilesAtomic(paths, pages); err != nil {
		e.errorf("%s: %v; nothing written", name, err)
		return exitFail
	}
	return exitOK
}

// writeFilesAtomic writes every file through a temporary file and then
// renames them all: if a write fails, none of the files is touched.
func writeFilesAtomic(paths []string, data [][]byte) error {
	tmps := make([]string, 0, len(paths))
	clean := func() {
		for _, t := range tmps {
			os.Remove(t)
		}
	}
	for i, path := range paths {
		f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*.tmp")
		if err != nil {
			clean()
			return &os.PathError{Op: "write", Path: path, Err: unwrapPath(err)}
		}
		tmps = append(tmps, f.Name())
		_, err = f.Write(data[i])
		if err == nil {
			err = f.Sync()
		}
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		if err == nil {
			err = os.Chmod(f.Name(), 0o644)
		}
		if err != nil {
			clean()
			return &os.PathError{Op: "write", Path: path, Err: unwrapPath(err)}
		}
	}
	for i, path := range paths {
		if err := os.Rename(tmps[i], path); err != nil {
			clean()
			return &os.PathError{Op: "write", Path: path, Err: unwrapPath(err)}
		}
	}
	return nil
}

// unwrapPath returns the cause of a path or link error, whose path would
// name the temporary file.
func unwrapPath(err error) error {
	switch e := err.(type) {
	case *os.PathError:
		return e.Err
	case *os.LinkError:
		return e.Err
	}
	return err
}

// svgItem makes an item of a standalone SVG document (as
// nonogram.RenderSVG writes): the document without its XML declaration,
// nested, at its own size.
func svgItem(doc []byte) (sheet.Item, error) {
	dec := xml.NewDecoder(bytes.NewReader(doc))
	for {
		tok, err := dec.Token()
		if err != nil {
			return sheet.Item{}, fmt.Errorf("drawing: %v", err)
		}
		se, ok := tok.(xml.StartElement)
		if !ok {
			continue
		}
		var w, h float64
		for _, a := range se.Attr {
			switch a.Name.Local {
			case "width":
				w, _ = strconv.ParseFloat(a.Value, 64)
			case "height":
				h, _ = strconv.ParseFloat(a.Value, 64)
			}
		}
		if se.Name.Local != "svg" || w <= 0 || h <= 0 {
			return sheet.Item{}, fmt.Errorf("drawing: no svg element with a width and height")
		}
		body := doc
		if i := bytes.Index(body, []byte("<svg")); i >= 0 {
			body = body[i:]
		}
		return sheet.Item{Width: w, Height: h, Body: strings.TrimSpace(string(body))}, nil
	}
}
