package nonogram

import (
	"bufio"
	"fmt"
	"html"
	"io"
	"strconv"
	"strings"
)

// nextNON reads one puzzle of a .non file: the lines up to a "====" line or
// the end of the input. Following mikix/nonogram-db's FORMAT.md, unknown
// keys are ignored, "0" or a blank line is an empty clue, strings may be
// quoted and hold HTML character references. As in pbnsolve, "rows N" may
// give the height, and the goal may follow its key on separate lines.
func (r *Reader) nextNON() (*Puzzle, error) {
	p := &Puzzle{}
	var w, h int
	var first error
	errorf := func(line int, format string, args ...any) {
		if first == nil {
			first = r.syntaxf(line, format, args...)
		}
	}
	var goal strings.Builder
	goalLine := 0
	catalogue := ""
	for {
		text, line, ok := r.readLine()
		if !ok {
			if err := r.endOfText(); err != io.EOF {
				return nil, err
			}
			break
		}
		s := strings.TrimSpace(text)
		if s == "====" {
			if p.Line == 0 {
				continue // nothing before the divider
			}
			break
		}
		if s == "" {
			continue
		}
		if p.Line == 0 {
			p.Line = line
		}
		if first != nil {
			continue // skip to the end of a bad puzzle
		}
		key, val, _ := strings.Cut(strings.ReplaceAll(s, "\t", " "), " ")
		val = strings.TrimSpace(val)
		switch key = strings.ToLower(key); key {
		case "width", "height", "rows", "columns":
			size, kind := &h, "row"
			if key == "width" || key == "columns" {
				size, kind = &w, "column"
			}
			if val != "" || key == "width" || key == "height" {
				n, ok := parseNumber(val)
				name := map[string]string{"rows": "height", "columns": "width"}[key]
				if name == "" {
					name = key
				}
				switch {
				case !ok:
					errorf(line, "%s %s: want a number", key, parseQuote(val))
				case n < 1 || n > MaxSide:
					errorf(line, "%s %d is out of range 1..%d", name, n, MaxSide)
				case *size != 0 && *size != n:
					errorf(line, "%s %d contradicts the %s %d given before", name, n, name, *size)
				}
				*size = n
				if key == "width" || key == "height" || first != nil {
					continue
				}
				// "rows N": the clues follow if the next line holds one.
				next, nextLine, ok := r.readLine()
				if !ok {
					continue
				}
				r.unread(next, nextLine)
				if t := strings.TrimSpace(next); t == "" || t[0] < '0' || t[0] > '9' {
					continue
				}
			}
			if *size == 0 {
				errorf(line, "%s before the %s", key, map[string]string{"row": "height", "column": "width"}[kind])
				continue
			}
			if (kind == "row" && p.Rows != nil) || (kind == "column" && p.Cols != nil) {
				errorf(line, "%s given twice", key)
				continue
			}
			clues, lines, err := r.nonClues(kind, *size, &first)
			if err != nil {
				return nil, err
			}
			if kind == "row" {
				p.Rows, p.RowLine = clues, lines
			} else {
				p.Cols, p.ColLine = clues, lines
			}
		case "goal":
			if goalLine != 0 {
				errorf(line, "goal given twice")
				continue
			}
			goalLine = line
			if val != "" {
				goal.WriteString(nonUnquote(val))
				continue
			}
			for goal.Len() <= 2*MaxSide*MaxSide { // the picture on the lines below
				next, nextLine, ok := r.readLine()
				if !ok {
					break
				}
				if t := strings.TrimSpace(next); t == "" || strings.Trim(t, "01 \t") != "" {
					r.unread(next, nextLine)
					break
				}
				goal.WriteString(next)
			}
		case "title":
			p.Name = nonUnquote(val)
		case "by":
			p.Author = nonUnquote(val)
		case "copyright":
			p.Copyright = nonUnquote(val)
		case "license":
			p.License = nonUnquote(val)
		case "catalogue":
			catalogue = nonUnquote(val)
		}
	}
	switch {
	case p.Line == 0:
		return nil, io.EOF
	case first != nil:
		return nil, first
	case p.Rows == nil:
		return nil, r.syntaxf(p.Line, "no row clues (want a line \"rows\" followed by the clues)")
	case p.Cols == nil:
		return nil, r.syntaxf(p.Line, "no column clues (want a line \"columns\" followed by the clues)")
	}
	if p.Name == "" {
		p.Name = catalogue
	}
	if goalLine != 0 {
		g, msg := nonGoal(goal.String(), w, h)
		if msg != "" {
			return nil, r.syntaxf(goalLine, "goal: %s", msg)
		}
		p.Goal = g
	}
	return p, nil
}

// nonClues reads n clue lines after "rows" or "columns". A line that starts
// with a letter is a key: the clues ended early.
func (r *Reader) nonClues(kind string, n int, first *error) ([][]int, []int, error) {
	clues := make([][]int, 0, min(n, 1024))
	lines := make([]int, 0, min(n, 1024))
	for len(clues) < n {
		text, line, ok := r.readLine()
		if !ok {
			if err := r.endOfText(); err != io.EOF {
				return nil, nil, err
			}
			if *first == nil {
				*first = r.syntaxf(max(r.line, 1), "input ends after %d of %d %s clues", len(clues), n, kind)
			}
			return clues, lines, nil
		}
		s := strings.TrimSpace(text)
		if s == "====" || s != "" && isLetter(s[0]) {
			r.unread(text, line)
			if *first == nil {
				*first = r.syntaxf(line, "found %s after %d of %d %s clues", parseQuote(s), len(clues), n, kind)
			}
			return clues, lines, nil
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

// nonUnquote returns a string value without its quotes and with HTML
// character references decoded.
func nonUnquote(s string) string {
	if len(s) > 0 && (s[0] == '"' || s[0] == '\'') {
		if end := strings.IndexByte(s[1:], s[0]); end >= 0 {
			s = s[1 : end+1]
		} else {
			s = s[1:]
		}
	}
	return html.UnescapeString(s)
}

// nonGoal decodes a goal string of '0' (empty) and '1' (filled) cells, row
// by row; blanks are ignored. It returns a message on error.
func nonGoal(s string, w, h int) (*Grid, string) {
	n := 0
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '0' || c == '1':
			n++
		case c == ' ' || c == '\t' || c == '\r' || c == '\n':
		case isLetter(c) || c >= '2' && c <= '9':
			return nil, fmt.Sprintf("cell %d is %q: colour puzzles are not supported yet", n+1, c)
		default:
			return nil, fmt.Sprintf("cell %d is %q, not 0 or 1", n+1, c)
		}
	}
	if n != w*h {
		return nil, fmt.Sprintf("%d cells, want %d×%d = %d", n, h, w, w*h)
	}
	g := NewGrid(w, h)
	n = 0
	for i := 0; i < len(s); i++ {
		if s[i] == '0' || s[i] == '1' {
			g.Cells[n] = s[i] == '1'
			n++
		}
	}
	return g, ""
}

// fmtNON writes p as a .non file, with its goal if it has one.
func fmtNON(b *bufio.Writer, p *Puzzle) {
	for _, kv := range [][2]string{{"title", p.Name}, {"by", p.Author}, {"copyright", p.Copyright}} {
		if kv[1] != "" {
			fmt.Fprintf(b, "%s \"%s\"\n", kv[0], fmtNONString(kv[1]))
		}
	}
	if p.License != "" {
		if strings.Trim(p.License, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.+-") == "" {
			fmt.Fprintf(b, "license %s\n", p.License) // an SPDX identifier
		} else {
			fmt.Fprintf(b, "license \"%s\"\n", fmtNONString(p.License))
		}
	}
	b.WriteString("width " + strconv.Itoa(p.Width()) + "\nheight " + strconv.Itoa(p.Height()) + "\n")
	for k, clues := range [2][][]int{p.Rows, p.Cols} {
		b.WriteString([2]string{"\nrows\n", "\ncolumns\n"}[k])
		for _, c := range clues {
			fmtClueSep(b, c, ",")
			b.WriteByte('\n')
		}
	}
	if p.Goal != nil {
		b.WriteString("\ngoal \"")
		for _, f := range p.Goal.Cells {
			if f {
				b.WriteByte('1')
			} else {
				b.WriteByte('0')
			}
		}
		b.WriteString("\"\n")
	}
}

// fmtNONString escapes a string value for a .non file.
func fmtNONString(s string) string {
	s = html.EscapeString(s)
	return strings.NewReplacer("\n", "&#10;", "\r", "&#13;", "\t", "&#9;").Replace(s)
}
