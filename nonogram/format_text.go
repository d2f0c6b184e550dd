package nonogram

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// This file reads and writes the formats that give the sizes first and then
// count clue lines: plain, nin, cwd and mk.

// nextCounted reads one puzzle in FormatPlain, FormatNIN, FormatCWD or
// FormatMK.
func (r *Reader) nextCounted() (*Puzzle, error) {
	if r.records > 0 && r.format != FormatPlain {
		return nil, io.EOF // one puzzle per file; what follows is ignored
	}
	text, line, ok := r.parseSkipBlank()
	if !ok {
		return nil, r.endOfText()
	}
	h, w, err := r.parseSizes(text, line)
	if err != nil {
		r.done = true // without sizes there is no telling where the next puzzle starts
		return nil, err
	}
	p := &Puzzle{Line: line}
	var first error
	p.Rows, p.RowLine, err = r.parseClueLines("row", h, &first)
	if err != nil {
		return nil, err
	}
	switch r.format {
	case FormatMK:
		text, line, ok := r.readLine()
		if !ok {
			if first != nil && r.sc.Err() == nil {
				return nil, first
			}
			return nil, r.truncated("input ends after the row clues, want a line '#' and %d column clues", w)
		}
		if strings.TrimSpace(text) != "#" && first == nil {
			first = r.syntaxf(line, "found %s after the %d row clues, want a line '#'", parseQuote(strings.TrimSpace(text)), h)
		}
	case FormatCWD:
		if text, line, ok := r.readLine(); ok && strings.TrimSpace(text) != "" {
			r.unread(text, line) // the blank line between rows and columns is optional
		}
	}
	p.Cols, p.ColLine, err = r.parseClueLines("column", w, &first)
	if err != nil {
		return nil, err
	}
	if first != nil {
		return nil, first
	}
	return p, nil
}

// parseSkipBlank returns the next line that is neither blank nor a '#'
// comment (in mk, '#' lines before the header, such as the "#d" of Olšák's
// .g files, are skipped too).
func (r *Reader) parseSkipBlank() (string, int, bool) {
	for {
		text, line, ok := r.readLine()
		if !ok {
			return "", line, false
		}
		s := strings.TrimSpace(text)
		if s == "" || s[0] == '#' {
			continue
		}
		return text, line, true
	}
}

// parseSizes reads the header of a counted format and returns the height
// and width.
func (r *Reader) parseSizes(text string, line int) (h, w int, err error) {
	want := map[Format]string{
		FormatPlain: `"ROWS COLS"`, FormatNIN: `"WIDTH HEIGHT"`, FormatMK: `"HEIGHT WIDTH"`, FormatCWD: "the height",
	}[r.format]
	nums, ok := parseInts(text)
	n := 2
	if r.format == FormatCWD {
		n = 1
	}
	if !ok || len(nums) != n {
		return 0, 0, r.syntaxf(line, "header %s: want %s", parseQuote(strings.TrimSpace(text)), want)
	}
	switch r.format {
	case FormatCWD:
		h = nums[0]
		text, line2, ok := r.readLine()
		if !ok {
			return 0, 0, r.truncated("input ends after the height, want the width")
		}
		m, ok := parseInts(text)
		if !ok || len(m) != 1 {
			return 0, 0, r.syntaxf(line2, "width %s: want one number", parseQuote(strings.TrimSpace(text)))
		}
		w = m[0]
		if err := r.parseCheckSize("width", w, line2); err != nil {
			return 0, 0, err
		}
	case FormatNIN:
		w, h = nums[0], nums[1]
	default:
		h, w = nums[0], nums[1]
	}
	if err := r.parseCheckSize("height", h, line); err != nil {
		return 0, 0, err
	}
	if err := r.parseCheckSize("width", w, line); err != nil {
		return 0, 0, err
	}
	return h, w, nil
}

func (r *Reader) parseCheckSize(what string, n, line int) error {
	if n < 1 || n > MaxSide {
		return r.syntaxf(line, "%s %d is out of range 1..%d", what, n, MaxSide)
	}
	return nil
}

// parseClueLines reads n clue lines. A bad clue is kept in *first (if it
// is nil) and reading goes on, so that the whole puzzle is consumed; the
// returned error is for input that ends early.
func (r *Reader) parseClueLines(kind string, n int, first *error) ([][]int, []int, error) {
	clues := make([][]int, 0, n)
	lines := make([]int, 0, n)
	for len(clues) < n {
		text, line, ok := r.readLine()
		if !ok {
			if *first != nil && r.sc.Err() == nil {
				return nil, nil, *first
			}
			return nil, nil, r.truncated("input ends after %d of %d %s clues", len(clues), n, kind)
		}
		s := strings.TrimSpace(text)
		if strings.HasPrefix(s, "#") {
			if r.format != FormatMK {
				continue // a comment
			}
			if *first == nil {
				*first = r.syntaxf(line, "found '#' after %d of %d %s clues", len(clues), n, kind)
			}
		}
		clue, msg := parseClue(s)
		if msg != "" && *first == nil {
			*first = r.clueErrorf(line, kind, len(clues), s, msg)
		}
		clues = append(clues, clue)
		lines = append(lines, line)
	}
	return clues, lines, nil
}

// fmtCounted writes p in FormatPlain, FormatNIN, FormatCWD or FormatMK.
func fmtCounted(b *bufio.Writer, p *Puzzle, f Format) {
	h, w := strconv.Itoa(p.Height()), strconv.Itoa(p.Width())
	switch f {
	case FormatPlain:
		if p.Name != "" {
			fmt.Fprintf(b, "# %s\n", fmtOneLine(p.Name))
		}
		b.WriteString(h + " " + w + "\n")
	case FormatNIN:
		b.WriteString(w + " " + h + "\n")
	case FormatMK:
		b.WriteString(h + " " + w + "\n")
	case FormatCWD:
		b.WriteString(h + "\n" + w + "\n")
	}
	for _, c := range p.Rows {
		fmtClueSep(b, c, " ")
		b.WriteByte('\n')
	}
	switch f {
	case FormatMK:
		b.WriteString("#\n")
	case FormatCWD:
		b.WriteString("\n")
	}
	for _, c := range p.Cols {
		fmtClueSep(b, c, " ")
		b.WriteByte('\n')
	}
}
