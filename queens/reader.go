package queens

import (
	"bufio"
	"fmt"
	"io"
	"iter"
	"strconv"
	"strings"

	"github.com/puzzlesolvers/puzzle/internal/linescan"
	"github.com/puzzlesolvers/puzzle/internal/puzzleseq"
)

// A Queen stands at a column and a row, both from 0.
type Queen struct {
	Col, Row int
}

// Puzzle is an n-queens problem: n queens on an n×n board, none attacking
// another, some of them (Queens) placed in advance. A Puzzle without
// queens is the plain n-queens problem.
type Puzzle struct {
	N      int
	Queens []Queen
	// Name is the puzzle's own name ("" in the text format, which has none).
	Name string
	// Line is the 1-based line where the puzzle starts in its file.
	Line int
}

// SyntaxError reports a malformed puzzle and where it is.
type SyntaxError struct {
	File string // name of the input, "" if unknown
	Line int    // 1-based line number
	Msg  string
	Err  error // the cause, if any
}

func (e *SyntaxError) Error() string {
	if e.File == "" {
		return fmt.Sprintf("queens: line %d: %s", e.Line, e.Msg)
	}
	return fmt.Sprintf("queens: %s:%d: %s", e.File, e.Line, e.Msg)
}

// Unwrap returns the cause.
func (e *SyntaxError) Unwrap() error { return e.Err }

// Position returns the file and line of the error.
func (e *SyntaxError) Position() (file string, line int) { return e.File, e.Line }

// ParseQueens reads a list of queens "c:r, c:r, ..." (column and row from
// 0), separated by commas or spaces.
func ParseQueens(s string) ([]Queen, error) {
	qs, err := parseQueens(s)
	if err != nil {
		return nil, fmt.Errorf("queens: %w", err)
	}
	return qs, nil
}

func parseQueens(s string) ([]Queen, error) {
	var qs []Queen
	for _, f := range strings.FieldsFunc(s, func(r rune) bool { return r == ',' || r == ' ' || r == '\t' }) {
		cs, rs, ok := strings.Cut(f, ":")
		c, err1 := strconv.Atoi(cs)
		r, err2 := strconv.Atoi(rs)
		if !ok || err1 != nil || err2 != nil {
			return nil, fmt.Errorf("bad queen %q: want column:row, such as 0:3", f)
		}
		qs = append(qs, Queen{Col: c, Row: r})
	}
	return qs, nil
}

// Reader reads puzzles in the text format of n-queens completion (CSPLib
// problem 079): each puzzle is a line "n N" (or "n=N", or just the number
// N) followed by lines of queens "c:r" (column:row, from 0, several per
// line, separated by commas or spaces); a line "end", a blank line or the
// next size line ends it. '#' starts a comment.
//
//	# 8 queens, two placed
//	n 8
//	0:3 1:6
type Reader struct {
	sc   *bufio.Scanner
	file string
	line int
	// next is a puzzle whose size line was read while ending the one before.
	next *Puzzle
	// skip drops the queen lines of a puzzle that had an error.
	skip bool
	done bool
}

// maxLine bounds the length of a line of input: the queens of a puzzle,
// at most MaxComplete, take less than 200 KB.
const maxLine = 1 << 20

// NewReader returns a reader of the puzzles of r; file names r in errors.
func NewReader(r io.Reader, file string) *Reader {
	return &Reader{sc: linescan.New(r, maxLine), file: file}
}

func (r *Reader) errorf(format string, args ...any) *SyntaxError {
	r.skip = true
	return &SyntaxError{File: r.file, Line: r.line, Msg: fmt.Sprintf(format, args...)}
}

// wrap is errorf for an error with a cause.
func (r *Reader) wrap(err error) *SyntaxError {
	e := r.errorf("%v", err)
	e.Err = err
	return e
}

// Next returns the next puzzle, io.EOF after the last. A malformed puzzle
// gives a *SyntaxError, after which Next goes on with the following puzzle;
// a line over 1 MiB gives a *SyntaxError and ends the stream, as does a
// failed read (any other error). A UTF-8 byte-order mark at the start is
// ignored, and an input without puzzles is not an error.
func (r *Reader) Next() (*Puzzle, error) {
	if r.done {
		return nil, io.EOF
	}
	cur := r.next
	r.next = nil
	for r.sc.Scan() {
		r.line++
		text := r.sc.Text()
		if i := strings.IndexByte(text, '#'); i >= 0 {
			text = text[:i]
		}
		text = strings.TrimSpace(text)
		switch {
		case text == "" || text == "end":
			r.skip = false
			if cur != nil {
				return cur, nil
			}
			continue
		case strings.HasPrefix(text, "n ") || strings.HasPrefix(text, "n=") || !strings.Contains(text, ":"):
			v := strings.TrimSpace(strings.TrimLeft(strings.TrimPrefix(text, "n"), " ="))
			n, err := strconv.Atoi(v)
			if err != nil || n < 1 {
				// A puzzle being read is dropped: the line may be its queens.
				return nil, r.errorf("want the board size \"n N\" or queens \"column:row\", not %q", text)
			}
			r.skip = false
			p := &Puzzle{N: n, Line: r.line}
			if cur != nil {
				r.next = p
				return cur, nil
			}
			cur = p
			continue
		}
		if r.skip {
			continue
		}
		if cur == nil {
			return nil, r.errorf("queens before the board size (\"n N\")")
		}
		qs, err := parseQueens(text)
		if err != nil {
			return nil, r.wrap(err)
		}
		for _, q := range qs {
			if q.Col < 0 || q.Col >= cur.N || q.Row < 0 || q.Row >= cur.N {
				return nil, r.errorf("queen %d:%d is off the %d×%d board", q.Col, q.Row, cur.N, cur.N)
			}
		}
		if len(cur.Queens)+len(qs) > MaxComplete {
			return nil, r.errorf("more than %d queens (the largest board completed is %d×%d)", MaxComplete, MaxComplete, MaxComplete)
		}
		cur.Queens = append(cur.Queens, qs...)
	}
	if err := r.sc.Err(); err != nil {
		r.done = true
		if linescan.TooLong(err) {
			// The puzzle being read, if any, is dropped: the long line may
			// hold its queens.
			r.line++
			return nil, r.errorf("line longer than %s", linescan.Size(maxLine))
		}
		return nil, fmt.Errorf("queens: %s: %w", r.file, err)
	}
	if cur != nil {
		return cur, nil
	}
	r.done = true
	return nil, io.EOF
}

// All returns an iterator over the puzzles and the syntax errors of the
// input, in order; it stops after any other error (which it yields).
func (r *Reader) All() iter.Seq2[*Puzzle, error] {
	return puzzleseq.All(r.Next)
}

// Parse reads exactly one puzzle.
func Parse(r io.Reader) (*Puzzle, error) {
	rd := NewReader(r, "")
	p, err := rd.Next()
	if err == io.EOF {
		return nil, &SyntaxError{Line: 1, Msg: "no puzzle (want a line \"n N\")"}
	}
	if err != nil {
		return nil, err
	}
	if q, err := rd.Next(); err != io.EOF {
		if err != nil {
			return nil, err
		}
		return nil, &SyntaxError{Line: q.Line, Msg: "more than one puzzle (another starts here)"}
	}
	return p, nil
}
