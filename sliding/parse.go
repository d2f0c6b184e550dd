package sliding

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"iter"
	"strconv"
	"strings"

	"github.com/puzzlesolvers/puzzle/internal/linescan"
	"github.com/puzzlesolvers/puzzle/internal/puzzleseq"
)

// Puzzle is a board to solve, the goal it must reach, and where it was
// read.
type Puzzle struct {
	Board *Board
	Goal  Goal
	// Name is the puzzle's own name ("" when its input gives none).
	Name string
	// Line is the 1-based line where the board starts in its input, 0 when
	// it was not read from one.
	Line int
}

// SyntaxError reports a malformed board and where it is.
type SyntaxError struct {
	File string // name of the input, "" when unnamed
	Line int    // 1-based line number, 0 when unknown
	Msg  string
	Err  error // the cause, if any
}

func (e *SyntaxError) Error() string {
	switch {
	case e.File == "" && e.Line == 0:
		return "sliding: " + e.Msg
	case e.File == "":
		return fmt.Sprintf("sliding: line %d: %s", e.Line, e.Msg)
	case e.Line == 0:
		return fmt.Sprintf("sliding: %s: %s", e.File, e.Msg)
	}
	return fmt.Sprintf("sliding: %s:%d: %s", e.File, e.Line, e.Msg)
}

// Unwrap returns the cause of the error.
func (e *SyntaxError) Unwrap() error { return e.Err }

// Position returns the file and line of the error.
func (e *SyntaxError) Position() (file string, line int) { return e.File, e.Line }

// maxLine bounds the length of a line of input.
const maxLine = 1 << 16

// Reader reads boards from an input, one at a time. A board is either one
// line of n² numbers (a square board), or a block of consecutive lines of
// equal length, one line per row (any rectangle); blocks are separated by
// empty lines, numbers by blanks or commas, and '#' starts a comment. A
// block of more lines than a board may have rows is a list of square
// boards, one per line, and is read as it comes. A bad row spoils its
// block: the board gets one error. A UTF-8 byte-order mark at the start
// is ignored; a line over 64 KiB is an error that ends the input.
type Reader struct {
	// Goal is the goal of the puzzles read (BlankLast unless set).
	Goal Goal

	sc   *bufio.Scanner
	file string
	line int
	// block holds the rows of the current block while it may still be one
	// board; perLine is set once it cannot, and each line is a board.
	block   []row
	perLine bool
	// skip is set after an error that spoils the rest of the block.
	skip bool
	// ready holds what Next returns before reading on.
	ready []entry
	done  bool
	err   error // the error that ended the input
}

type row struct {
	line int
	nums []int
}

type entry struct {
	p   *Puzzle
	err error
}

// NewReader returns a reader of the boards of r; file names r in errors.
func NewReader(r io.Reader, file string) *Reader {
	return &Reader{sc: linescan.New(r, maxLine), file: file}
}

// Next returns the next board, a *SyntaxError for a malformed one (reading
// may go on after it), or io.EOF at the end of the input. Any other error
// ends the input.
func (r *Reader) Next() (*Puzzle, error) {
	for len(r.ready) == 0 {
		if r.done {
			if r.err != nil {
				err := r.err
				r.err = nil
				return nil, err
			}
			return nil, io.EOF
		}
		r.scan()
	}
	e := r.ready[0]
	r.ready = r.ready[1:]
	if e.p != nil {
		e.p.Goal = r.Goal
	}
	return e.p, e.err
}

// All returns an iterator over the boards of the input and their syntax
// errors, as Next returns them; it stops at the end of the input or after
// another error.
func (r *Reader) All() iter.Seq2[*Puzzle, error] {
	return puzzleseq.All(r.Next)
}

// Parse reads exactly one board.
func Parse(in io.Reader) (*Puzzle, error) {
	r := NewReader(in, "")
	p, err := r.Next()
	if err == io.EOF {
		return nil, &SyntaxError{Msg: "no board"}
	}
	if err != nil {
		return nil, err
	}
	if _, err := r.Next(); err != io.EOF {
		if err != nil {
			return nil, err
		}
		return nil, &SyntaxError{Msg: "more than one board"}
	}
	return p, nil
}

// scan reads one line of input and queues what it completes.
func (r *Reader) scan() {
	if !r.sc.Scan() {
		r.flush()
		r.done = true
		if err := r.sc.Err(); err != nil {
			if linescan.TooLong(err) {
				r.bad(r.line+1, "line longer than %s", linescan.Size(maxLine))
			} else {
				r.err = fmt.Errorf("sliding: %s: %w", r.file, err)
			}
		}
		return
	}
	r.line++
	text := r.sc.Text()
	if i := strings.IndexByte(text, '#'); i >= 0 {
		text = text[:i]
	}
	if strings.TrimSpace(text) == "" {
		r.flush()
		return
	}
	nums, err := numbers(text)
	if err != nil {
		// One error per bad board: a bad row spoils its block.
		switch k := len(fields(text)); {
		case r.skip:
			return // the block has had its error
		case r.perLine:
		case len(r.block) > 0:
			if !r.lines() {
				r.block, r.skip = r.block[:0], true
			}
		case k < 4 || !isPerfectSquare(k):
			r.skip = true // not a board: the first row of one
		}
		r.bad(r.line, "%v", err)
		return
	}
	x := row{r.line, nums}
	switch {
	case r.skip:
	case r.perLine:
		r.square(x)
	case len(r.block) > 0 && len(nums) != len(r.block[0].nums):
		if r.lines() {
			r.square(x)
			return
		}
		r.bad(r.line, "row of %d tiles after rows of %d", len(nums), len(r.block[0].nums))
		r.block, r.skip = r.block[:0], true
	default:
		r.block = append(r.block, x)
		if len(r.block) <= MaxSide || r.lines() {
			return
		}
		r.bad(r.block[0].line, "a board is 2×2 to %d×%d: more than %d rows of %d tiles", MaxSide, MaxSide, MaxSide, len(nums))
		r.block, r.skip = r.block[:0], true
	}
}

// lines reports whether the rows of the block so far are square boards,
// one per line, rather than the rows of one board: they have a square
// number of tiles and, together, do not make a board. It queues them and
// reads the rest of the block a board per line.
func (r *Reader) lines() bool {
	n := len(r.block[0].nums)
	if !isPerfectSquare(n) || n < 4 {
		return false
	}
	if len(r.block) > 1 && len(r.block) <= MaxSide {
		if _, err := r.rectangle(); err == nil {
			return false
		}
	}
	for _, b := range r.block {
		r.square(b)
	}
	r.block, r.perLine = r.block[:0], true
	return true
}

// rectangle returns the board whose rows are the block's.
func (r *Reader) rectangle() (*Board, error) {
	all := make([]int, 0, len(r.block)*len(r.block[0].nums))
	for _, b := range r.block {
		all = append(all, b.nums...)
	}
	return NewBoard(len(r.block), len(r.block[0].nums), all)
}

// flush ends a block: its rows make one board, or each is a board.
func (r *Reader) flush() {
	defer func() { r.block, r.perLine, r.skip = r.block[:0], false, false }()
	switch {
	case len(r.block) == 0:
	case len(r.block) == 1:
		r.square(r.block[0])
	default:
		b, err := r.rectangle()
		switch {
		case err == nil:
			r.ready = append(r.ready, entry{p: &Puzzle{Board: b, Line: r.block[0].line}})
		case !r.lines():
			r.ready = append(r.ready, entry{err: r.boardError(r.block[0].line, err)})
		}
	}
}

// square queues the square board of one line.
func (r *Reader) square(x row) {
	b, err := squareBoard(x.nums)
	if err != nil {
		r.ready = append(r.ready, entry{err: r.boardError(x.line, err)})
		return
	}
	r.ready = append(r.ready, entry{p: &Puzzle{Board: b, Line: x.line}})
}

func (r *Reader) bad(line int, format string, args ...any) {
	r.ready = append(r.ready, entry{err: &SyntaxError{File: r.file, Line: line, Msg: fmt.Sprintf(format, args...)}})
}

// boardError places an error of NewBoard or squareBoard at a line.
func (r *Reader) boardError(line int, err error) error {
	var be *boardError
	if errors.As(err, &be) {
		return &SyntaxError{File: r.file, Line: line, Msg: be.msg}
	}
	return &SyntaxError{File: r.file, Line: line, Msg: err.Error(), Err: err}
}

// boardError is the error of a board that breaks the rules.
type boardError struct{ msg string }

func (e *boardError) Error() string { return "sliding: " + e.msg }

func squareBoard(nums []int) (*Board, error) {
	side := 0
	for side*side < len(nums) {
		side++
	}
	if side*side != len(nums) || side < 2 {
		return nil, &boardError{fmt.Sprintf("%d tiles do not make a square board (want 4, 9, 16, 25, ...; give rectangles as rows)", len(nums))}
	}
	return NewBoard(side, side, nums)
}

// fields splits s at blanks and commas.
func fields(s string) []string {
	return strings.FieldsFunc(s, func(r rune) bool { return r == ' ' || r == '\t' || r == ',' || r == '\r' })
}

// numbers splits s at blanks and commas and reads each field as a number.
func numbers(s string) ([]int, error) {
	fs := fields(s)
	nums := make([]int, 0, len(fs))
	for _, f := range fs {
		v, err := strconv.Atoi(f)
		if err != nil || v < 0 || v > 255 {
			return nil, fmt.Errorf("%q is not a tile number", f)
		}
		nums = append(nums, v)
	}
	return nums, nil
}

func isPerfectSquare(n int) bool {
	s := 0
	for s*s < n {
		s++
	}
	return s*s == n
}
