package nonogram

import (
	"bufio"
	"io"
	"strconv"
	"strings"
)

// nextPicross reads one grid of a picross-solver file. A grid runs from its
// "GRID name" line to the next one. A line that belongs to no section ends
// the grid: the grid is still returned if its column clues were complete
// (the bad line is reported by the following call, as picross-solver does),
// and reading resumes at the next "GRID" line.
func (r *Reader) nextPicross() (*Puzzle, error) {
	p := &Puzzle{}
	for p.Line == 0 {
		text, line, ok := r.readLine()
		if !ok {
			return nil, r.endOfText()
		}
		s := strings.TrimSpace(text)
		switch word := picrossWord(s); {
		case s == "" || s[0] == '#':
		case word == "GRID":
			p.Name, p.Line = strings.TrimSpace(s[len(word):]), line
		default:
			r.picrossSkip()
			return nil, r.syntaxf(line, "found %s outside a grid, want \"GRID name\"", parseQuote(s))
		}
	}
	section := ""
	var first error
	errorf := func(line int, format string, args ...any) {
		if first == nil {
			first = r.syntaxf(line, format, args...)
		}
	}
	for {
		text, line, ok := r.readLine()
		if !ok {
			if err := r.endOfText(); err != io.EOF {
				return nil, err
			}
			break
		}
		s := strings.TrimSpace(text)
		if s == "" || s[0] == '#' {
			continue
		}
		word := picrossWord(s)
		if word == "GRID" {
			r.unread(text, line)
			break
		}
		switch {
		case word == "ROWS" || word == "COLUMNS":
			if word == "ROWS" && p.Rows != nil || word == "COLUMNS" && p.Cols != nil {
				errorf(line, "%s given twice", word)
			}
			section = word
			if section == "ROWS" {
				p.Rows = [][]int{}
			} else {
				p.Cols = [][]int{}
			}
		case s[0] == '[':
			kind, clues, at := "row", &p.Rows, &p.RowLine
			if section == "COLUMNS" {
				kind, clues, at = "column", &p.Cols, &p.ColLine
			}
			switch {
			case section == "":
				errorf(line, "clue %s before ROWS or COLUMNS", parseQuote(s))
			case len(*clues) == MaxSide:
				errorf(line, "more than %d %s clues", MaxSide, kind)
			case !strings.HasSuffix(s, "]"):
				errorf(line, "%s %d clue %s: no closing ]", kind, len(*clues)+1, parseQuote(s))
			default:
				clue, msg := parseClue(s[1 : len(s)-1])
				if msg != "" {
					errorf(line, "%s %d clue %s: %s", kind, len(*clues)+1, parseQuote(s), msg)
				}
				*clues, *at = append(*clues, clue), append(*at, line)
			}
		default:
			r.picrossSkip()
			bad := r.syntaxf(line, "unexpected %s in grid %s (want ROWS, COLUMNS, a clue \"[ ... ]\" or GRID)", parseQuote(s), parseQuote(p.Name))
			if first == nil && section == "COLUMNS" && len(p.Cols) > 0 {
				r.queued = bad
				return p, nil
			}
			errorf(line, "%s", bad.Msg)
			return nil, first
		}
	}
	if first != nil {
		return nil, first
	}
	return p, nil
}

// picrossWord returns the first word of s.
func picrossWord(s string) string {
	if i := strings.IndexAny(s, " \t"); i >= 0 {
		return s[:i]
	}
	return s
}

// picrossSkip discards lines up to the next "GRID" line.
func (r *Reader) picrossSkip() {
	for {
		text, line, ok := r.readLine()
		if !ok {
			return
		}
		if picrossWord(strings.TrimSpace(text)) == "GRID" {
			r.unread(text, line)
			return
		}
	}
}

// fmtPicross writes p as a picross-solver grid; author, copyright and
// licence go into comments, as picross-solver writes its metadata.
func fmtPicross(b *bufio.Writer, p *Puzzle) {
	for _, kv := range [][2]string{{"by", p.Author}, {"copyright", p.Copyright}, {"license", p.License}} {
		if kv[1] != "" {
			b.WriteString("# " + kv[0] + " " + fmtOneLine(kv[1]) + "\n")
		}
	}
	b.WriteString(strings.TrimRight("GRID "+fmtOneLine(p.Name), " ") + "\n")
	for k, clues := range [2][][]int{p.Rows, p.Cols} {
		b.WriteString([2]string{"ROWS\n", "COLUMNS\n"}[k])
		for _, c := range clues {
			b.WriteString("[ ")
			for _, n := range c {
				b.WriteString(strconv.Itoa(n) + " ")
			}
			b.WriteString("]\n")
		}
	}
}
