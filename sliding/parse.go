package sliding

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// SyntaxError reports a malformed board and where it is.
type SyntaxError struct {
	File string // name of the input, "" for arguments
	Line int    // 1-based line number, 0 for arguments
	Msg  string
}

func (e *SyntaxError) Error() string {
	switch {
	case e.File == "" && e.Line == 0:
		return "sliding: " + e.Msg
	case e.File == "":
		return fmt.Sprintf("sliding: line %d: %s", e.Line, e.Msg)
	}
	return fmt.Sprintf("sliding: %s:%d: %s", e.File, e.Line, e.Msg)
}

// ParseTiles reads a square board from its tiles in reading order, 0 for
// the blank: "1 2 3 4 5 6 7 8 0", or several fields that may each hold
// numbers separated by blanks or commas.
func ParseTiles(fields []string) (*Board, error) {
	nums, err := numbers(strings.Join(fields, " "))
	if err != nil {
		return nil, &SyntaxError{Msg: err.Error()}
	}
	return squareBoard(nums)
}

func squareBoard(nums []int) (*Board, error) {
	side := 0
	for side*side < len(nums) {
		side++
	}
	if side*side != len(nums) || side < 2 {
		return nil, &SyntaxError{Msg: fmt.Sprintf("%d tiles do not make a square board (want 4, 9, 16, 25, ...; give rectangles as rows)", len(nums))}
	}
	b, err := NewBoard(side, side, nums)
	if err != nil {
		return nil, &SyntaxError{Msg: strings.TrimPrefix(err.Error(), "sliding: ")}
	}
	return b, nil
}

// numbers splits s at blanks and commas and reads each field as a number.
func numbers(s string) ([]int, error) {
	fields := strings.FieldsFunc(s, func(r rune) bool { return r == ' ' || r == '\t' || r == ',' || r == '\r' })
	nums := make([]int, 0, len(fields))
	for _, f := range fields {
		v, err := strconv.Atoi(f)
		if err != nil || v < 0 || v > 255 {
			return nil, fmt.Errorf("%q is not a tile number", f)
		}
		nums = append(nums, v)
	}
	return nums, nil
}

// Entry is one board read from a file, or the error that spoiled it.
type Entry struct {
	Line  int // the board's first line
	Board *Board
	Err   error // a *SyntaxError
}

// maxLine bounds the length of a line of input.
const maxLine = 1 << 16

// Read reads every board of r. A board is either one line of n² numbers
// (a square board), or a block of consecutive lines of equal length, one
// line per row (any rectangle); blocks are separated by empty lines, and
// '#' starts a comment. A bad board becomes an Entry with Err set and
// reading goes on; the error returned is a read error.
func Read(r io.Reader, file string) ([]Entry, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 4096), maxLine)
	var entries []Entry
	type row struct {
		line int
		nums []int
	}
	var block []row
	bad := func(line int, format string, args ...any) {
		entries = append(entries, Entry{Line: line, Err: &SyntaxError{File: file, Line: line, Msg: fmt.Sprintf(format, args...)}})
	}
	flush := func() {
		defer func() { block = block[:0] }()
		if len(block) == 0 {
			return
		}
		if len(block) > 1 {
			var all []int
			for _, r := range block {
				if len(r.nums) != len(block[0].nums) {
					bad(r.line, "row of %d tiles after rows of %d", len(r.nums), len(block[0].nums))
					return
				}
				all = append(all, r.nums...)
			}
			b, err := NewBoard(len(block), len(block[0].nums), all)
			if err == nil {
				entries = append(entries, Entry{Line: block[0].line, Board: b})
				return
			}
			if !isPerfectSquare(len(block[0].nums)) || len(block[0].nums) < 4 {
				bad(block[0].line, "%s", strings.TrimPrefix(err.Error(), "sliding: "))
				return
			}
			// Else each line is a board of its own.
		}
		for _, r := range block {
			b, err := squareBoard(r.nums)
			if err != nil {
				bad(r.line, "%s", err.(*SyntaxError).Msg)
				continue
			}
			entries = append(entries, Entry{Line: r.line, Board: b})
		}
	}
	line := 0
	for sc.Scan() {
		line++
		text := sc.Text()
		if i := strings.IndexByte(text, '#'); i >= 0 {
			text = text[:i]
		}
		if strings.TrimSpace(text) == "" {
			flush()
			continue
		}
		nums, err := numbers(text)
		if err != nil {
			flush()
			bad(line, "%v", err)
			continue
		}
		block = append(block, row{line, nums})
	}
	flush()
	if err := sc.Err(); err != nil {
		if err == bufio.ErrTooLong {
			return entries, &SyntaxError{File: file, Line: line + 1, Msg: fmt.Sprintf("line longer than %d bytes", maxLine)}
		}
		return entries, fmt.Errorf("sliding: %s: %w", file, err)
	}
	return entries, nil
}

func isPerfectSquare(n int) bool {
	s := 0
	for s*s < n {
		s++
	}
	return s*s == n
}
