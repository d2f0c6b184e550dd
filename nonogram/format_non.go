package nonogram

import (
	"bufio"
	"fmt"
	"html"
	"io"
	"slices"
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
	// Colour: "color a #ff0000" lines declare colours; clue numbers may
	// carry a colour letter ("3a"); the goal uses the letters.
	var declared []Color
	var rowColors, colColors [][]byte
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
			clues, colors, lines, err := r.nonClues(kind, *size, &first)
			if err != nil {
				return nil, err
			}
			if kind == "row" {
				p.Rows, p.RowLine, rowColors = clues, lines, colors
			} else {
				p.Cols, p.ColLine, colColors = clues, lines, colors
			}
		case "color", "colour":
			char, rgb, _ := strings.Cut(val, " ")
			switch {
			case len(char) != 1 || !isLetter(char[0]):
				errorf(line, "color %s: want a letter, then a colour such as #ff0000", parseQuote(val))
			case slices.ContainsFunc(declared, func(c Color) bool { return c.Char == char[0] }):
				errorf(line, "colour %s declared twice", parseQuote(char))
			default:
				declared = append(declared, Color{Name: char, Char: char[0], RGB: normalRGB(strings.TrimSpace(rgb))})
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
				if t := strings.TrimSpace(next); t == "" || !nonGoalLine(t) {
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
	if palette := nonPalette(declared, rowColors, colColors); palette != nil {
		p.Colors = palette
		p.RowColors = nonColorIndexes(rowColors, palette)
		p.ColColors = nonColorIndexes(colColors, palette)
	}
	if goalLine != 0 {
		g, msg := nonGoal(goal.String(), w, h, p.Colors)
		if msg != "" {
			return nil, r.syntaxf(goalLine, "goal: %s", msg)
		}
		p.Goal = g
	}
	return p, nil
}

// nonDefault is the character of the colour of runs without a letter in a
// .non colour puzzle ('1' in goals).
const nonDefault = '#'

// nonPalette returns the palette of a .non puzzle, nil in black and white:
// the background, the colour of runs without a letter if any run has none,
// then the declared colours and the letters used without a declaration.
func nonPalette(declared []Color, rowColors, colColors [][]byte) []Color {
	used := map[byte]bool{}
	for _, side := range [2][][]byte{rowColors, colColors} {
		for _, cs := range side {
			for _, c := range cs {
				used[c] = true
			}
		}
	}
	if len(declared) == 0 && (len(used) == 0 || len(used) == 1 && used[0]) {
		return nil
	}
	palette := []Color{{Name: "white", Char: '.', RGB: "FFFFFF"}}
	if used[0] {
		palette = append(palette, Color{Name: "black", Char: nonDefault, RGB: "000000"})
	}
	palette = append(palette, declared...)
	for c := byte('a'); c <= 'z'; c++ {
		for _, ch := range []byte{c, c - 'a' + 'A'} {
			if used[ch] && !slices.ContainsFunc(palette, func(p Color) bool { return p.Char == ch }) {
				palette = append(palette, Color{Name: string(ch), Char: ch})
			}
		}
	}
	return palette
}

// nonColorIndexes maps the colour letters of runs (0 for none) to palette
// indexes.
func nonColorIndexes(letters [][]byte, palette []Color) [][]int {
	out := make([][]int, len(letters))
	for i, cs := range letters {
		out[i] = make([]int, len(cs))
		for j, c := range cs {
			if c == 0 {
				c = nonDefault
			}
			out[i][j] = slices.IndexFunc(palette, func(p Color) bool { return p.Char == c })
		}
	}
	return out
}

// nonGoalLine reports whether a line continues a goal picture: cells
// '0', '1' or colour letters, and blanks. A line with letters but no digit
// must be one word that is not a key ("by x" is the author).
func nonGoalLine(t string) bool {
	digit := false
	for i := 0; i < len(t); i++ {
		c := t[i]
		if c != '0' && c != '1' && c != ' ' && c != '\t' && !isLetter(c) {
			return false
		}
		digit = digit || c == '0' || c == '1'
	}
	if digit {
		return true
	}
	switch strings.ToLower(t) {
	case "width", "height", "rows", "columns", "goal", "title", "by", "copyright", "license", "catalogue", "color", "colour":
		return false
	}
	return !strings.ContainsAny(t, " \t")
}

// nonClues reads n clue lines after "rows" or "columns", with the colour
// letter of every run (0 for none). A line that starts with a letter is a
// key: the clues ended early.
func (r *Reader) nonClues(kind string, n int, first *error) (clues [][]int, colors [][]byte, lines []int, err error) {
	clues = make([][]int, 0, min(n, 1024))
	colors = make([][]byte, 0, min(n, 1024))
	lines = make([]int, 0, min(n, 1024))
	for len(clues) < n {
		text, line, ok := r.readLine()
		if !ok {
			if err := r.endOfText(); err != io.EOF {
				return nil, nil, nil, err
			}
			if *first == nil {
				*first = r.syntaxf(max(r.line, 1), "input ends after %d of %d %s clues", len(clues), n, kind)
			}
			return clues, colors, lines, nil
		}
		s := strings.TrimSpace(text)
		if s == "====" || s != "" && isLetter(s[0]) {
			r.unread(text, line)
			if *first == nil {
				*first = r.syntaxf(line, "found %s after %d of %d %s clues", parseQuote(s), len(clues), n, kind)
			}
			return clues, colors, lines, nil
		}
		clue, letters, msg := parseColorClue(s)
		if msg != "" && *first == nil {
			*first = r.clueErrorf(line, kind, len(clues), s, msg)
		}
		clues = append(clues, clue)
		colors = append(colors, letters)
		lines = append(lines, line)
	}
	return clues, colors, lines, nil
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

// nonGoal decodes a goal string of '0' (empty) and '1' (filled) cells, and
// in a colour puzzle the letters of its palette, row by row; blanks are
// ignored. It returns a message on error.
func nonGoal(s string, w, h int, palette []Color) (*Grid, string) {
	colorOf := func(c byte) int {
		switch {
		case c == '0':
			return 0
		case c == '1' && palette == nil:
			return 1
		case c == '1':
			c = nonDefault
		}
		return slices.IndexFunc(palette, func(p Color) bool { return p.Char == c && c != '.' })
	}
	g := NewGrid(w, h)
	if palette != nil {
		g.Colors = make([]uint8, w*h)
	}
	n := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == ' ' || c == '\t' || c == '\r' || c == '\n' {
			continue
		}
		col := colorOf(c)
		switch {
		case col < 0 && palette == nil && isLetter(c):
			return nil, fmt.Sprintf("cell %d is %q, a colour, but the clues have no colours", n+1, c)
		case col < 0 && palette != nil:
			return nil, fmt.Sprintf("cell %d is %q, not 0, 1 or a colour of the clues", n+1, c)
		case col < 0:
			return nil, fmt.Sprintf("cell %d is %q, not 0 or 1", n+1, c)
		}
		if n < w*h {
			g.Cells[n] = col != 0
			if g.Colors != nil {
				g.Colors[n] = uint8(col)
			}
		}
		n++
	}
	if n != w*h {
		return nil, fmt.Sprintf("%d cells, want %d×%d = %d", n, h, w, w*h)
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
