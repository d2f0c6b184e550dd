package nonogram

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/puzzlesolvers/puzzle/internal/linescan"
)

// taaiSide is the size of tournament puzzles.
const taaiSide = 25

// nextTAAI reads one block of a TAAI file: a "$n" line and the clue lines up
// to the next "$" line. The block's first half are the column clues, the
// second half the row clues. A file may start with a block that has no "$"
// line (as CGI-LAB's single-puzzle files do).
func (r *Reader) nextTAAI() (*Puzzle, error) {
	p := &Puzzle{}
	for p.Line == 0 {
		text, line, ok := r.readLine()
		if !ok {
			return nil, r.endOfText()
		}
		switch s := strings.TrimSpace(text); {
		case s == "":
		case s[0] == '$':
			p.Name, p.Line = strings.TrimSpace(s[1:]), line
		default:
			// Only the first block can lack its "$" line: the others
			// extend to the next one.
			r.unread(text, line)
			p.Line = line
		}
	}
	// Each line is read as a clue as it comes, so that a block holds clues
	// rather than lines of up to 1 MiB; the block's end tells which half
	// the line is in.
	type clueLine struct {
		clue  []int
		msg   string // why the line is not a clue, or ""
		text  string // the start of the line, for messages
		blank bool
		line  int
	}
	var block []clueLine
	tooMany := false
	for {
		text, line, ok := r.readLine()
		if !ok {
			if err := r.endOfText(); err != io.EOF {
				return nil, err
			}
			break
		}
		s := strings.TrimSpace(text)
		if s != "" && s[0] == '$' {
			r.unread(text, line)
			break
		}
		if len(block) == 2*MaxSide+2 {
			tooMany = true
			continue
		}
		clue, msg := parseClue(s)
		block = append(block, clueLine{clue: clue, msg: msg, text: s[:min(len(s), 48)], blank: s == "", line: line})
	}
	if tooMany {
		return nil, r.syntaxf(p.Line, "more than %d clue lines: a puzzle is at most %d×%d", 2*MaxSide, MaxSide, MaxSide)
	}
	// Blank lines at the end separate blocks, unless they are needed as
	// empty clues to make up 25 + 25 lines or an even number.
	m := len(block)
	for m > 0 && block[m-1].blank {
		m--
	}
	var side int
	switch {
	case m == 0:
		return nil, r.syntaxf(p.Line, "no clues")
	case m <= 2*taaiSide && len(block) >= 2*taaiSide:
		side = taaiSide
	case m%2 == 0:
		side = m / 2
	case len(block) > m:
		side = (m + 1) / 2
	default:
		return nil, r.syntaxf(block[m-1].line, "%d clue lines: want as many column clues as row clues", m)
	}
	if side > MaxSide {
		return nil, r.syntaxf(p.Line, "%d clue lines: a puzzle is at most %d×%d", 2*side, MaxSide, MaxSide)
	}
	var first error
	for i, c := range block[:2*side] {
		kind, k := "column", i
		if i >= side {
			kind, k = "row", i-side
		}
		if c.msg != "" && first == nil {
			first = r.clueErrorf(c.line, kind, k, c.text, c.msg)
		}
		if kind == "column" {
			p.Cols, p.ColLine = append(p.Cols, c.clue), append(p.ColLine, c.line)
		} else {
			p.Rows, p.RowLine = append(p.Rows, c.clue), append(p.RowLine, c.line)
		}
	}
	if first != nil {
		return nil, first
	}
	return p, nil
}

// fmtTAAI writes square puzzles in the TAAI layout, named "$" and their
// Name, or their number in ps if they have none.
func fmtTAAI(b *bufio.Writer, ps []*Puzzle) error {
	for i, p := range ps {
		if p.Width() != p.Height() {
			return fmt.Errorf("nonogram: the taai format holds square puzzles only, puzzle %d is %d×%d", i+1, p.Height(), p.Width())
		}
		name := strings.TrimSpace(fmtOneLine(p.Name))
		if name == "" {
			name = strconv.Itoa(i + 1)
		}
		b.WriteString("$" + name + "\n")
		for _, clues := range [2][][]int{p.Cols, p.Rows} {
			for _, c := range clues {
				fmtClueSep(b, c, "\t")
				b.WriteByte('\n')
			}
		}
	}
	return nil
}

// readTAAIGoals reads pictures in the layout of TAAI solution files: a "$n"
// line, then one line per row of 0 (empty) and 1 (filled) separated by tabs
// or blanks. It returns the pictures by name (the text after "$"); name is
// used in errors, which are *SyntaxErrors.
func readTAAIGoals(r io.Reader, name string) (map[string]*Grid, error) {
	rd := &Reader{file: name}
	rd.sc = linescan.New(r, maxLine)
	goals := map[string]*Grid{}
	var rows [][]bool
	cur, curLine := "", 0
	flush := func() error {
		if curLine == 0 {
			return nil
		}
		if len(rows) == 0 {
			return rd.syntaxf(curLine, "picture $%s has no rows", cur)
		}
		g := NewGrid(len(rows[0]), len(rows))
		for i, row := range rows {
			copy(g.Cells[i*g.Width:], row)
		}
		goals[cur] = g
		rows = nil
		return nil
	}
	for {
		text, line, ok := rd.readLine()
		if !ok {
			if err := rd.endOfText(); err != io.EOF {
				return nil, err
			}
			if err := flush(); err != nil {
				return nil, err
			}
			return goals, nil
		}
		s := strings.TrimSpace(text)
		switch {
		case s == "":
			continue
		case s[0] == '$':
			if err := flush(); err != nil {
				return nil, err
			}
			cur, curLine = strings.TrimSpace(s[1:]), line
			if _, dup := goals[cur]; dup {
				return nil, rd.syntaxf(line, "picture $%s given twice", cur)
			}
			continue
		case curLine == 0:
			return nil, rd.syntaxf(line, "found %s before the first \"$\" line", parseQuote(s))
		}
		fields := parseFields(s)
		if len(rows) == MaxSide || len(fields) > MaxSide {
			return nil, rd.syntaxf(line, "picture $%s is larger than %d×%d", cur, MaxSide, MaxSide)
		}
		if len(rows) > 0 && len(fields) != len(rows[0]) {
			return nil, rd.syntaxf(line, "row %d of $%s has %d cells, row 1 has %d", len(rows)+1, cur, len(fields), len(rows[0]))
		}
		row := make([]bool, len(fields))
		for i, f := range fields {
			if f != "0" && f != "1" {
				return nil, rd.syntaxf(line, "row %d of $%s: cell %d is %s, not 0 or 1", len(rows)+1, cur, i+1, parseQuote(f))
			}
			row[i] = f == "1"
		}
		rows = append(rows, row)
	}
}
