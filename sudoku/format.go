package sudoku

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"iter"
	"strconv"
	"strings"

	"github.com/puzzlesolvers/puzzle/internal/linescan"
	"github.com/puzzlesolvers/puzzle/internal/puzzleseq"
)

// Format is a text layout for Sudoku grids.
type Format int

const (
	// FormatLine is one puzzle per line, row-major, one character per cell:
	// '.' (or '0') empty, 1-9, then A=10, B=11, ... (letters are
	// case-insensitive up to 35×35; above that a-z continue after Z).
	FormatLine Format = iota
	// FormatGrid is one row per line of whitespace-separated integers, 0 empty.
	FormatGrid
	// FormatEuler is the Project Euler 96 layout: a "Grid NN" line, then one
	// line of digits per row, 0 empty. Only for grids up to 9×9.
	FormatEuler
	// FormatPretty is a grid for people, with box separators.
	FormatPretty
)

var formatNames = []string{FormatLine: "line", FormatGrid: "grid", FormatEuler: "euler", FormatPretty: "pretty"}

func (f Format) String() string {
	if int(f) < len(formatNames) {
		return formatNames[f]
	}
	return fmt.Sprintf("format(%d)", int(f))
}

// ParseFormat returns the Format with the given name.
func ParseFormat(name string) (Format, error) {
	for i, n := range formatNames {
		if n == name {
			return Format(i), nil
		}
	}
	return 0, fmt.Errorf("sudoku: unknown format %q (want one of %s)", name, strings.Join(formatNames, ", "))
}

// maxLineValues is the largest N the one-character-per-cell layout encodes.
const maxLineValues = 61

// SyntaxError reports a malformed puzzle and where it is. Err is the
// cause when there is one, such as a *ConflictError for a digit given
// twice; errors.As finds it through the SyntaxError.
type SyntaxError struct {
	File string // name of the input, "" if unknown
	Line int    // 1-based line number
	Msg  string
	Err  error
}

func (e *SyntaxError) Error() string {
	if e.File == "" {
		return fmt.Sprintf("sudoku: line %d: %s", e.Line, e.Msg)
	}
	return fmt.Sprintf("sudoku: %s:%d: %s", e.File, e.Line, e.Msg)
}

// Unwrap returns the cause, nil if the message says it all.
func (e *SyntaxError) Unwrap() error { return e.Err }

// Position returns the file and line the error is about.
func (e *SyntaxError) Position() (file string, line int) { return e.File, e.Line }

// Reader reads puzzles from a text stream, detecting the layout of each one:
// one-line puzzles (optionally the first field of a CSV line), Project Euler
// "Grid NN" blocks, and grids of one row per line (integers separated by
// spaces, or one character per cell, '|' and ruler lines ignored). Lines
// starting with '#' are comments; CRLF line ends are accepted.
type Reader struct {
	// ReusePuzzle lets Next return, for a 9×9 one-line puzzle, the Puzzle
	// it returned before, overwritten, as encoding/csv's ReuseRecord does
	// with records: a caller done with each puzzle before it asks for the
	// next then reads a file of them without an allocation per puzzle.
	ReusePuzzle bool

	// SolveChecks leaves to Solve, for a 9×9 one-line puzzle, the check
	// that no digit is given twice in a row, column or box: for a caller
	// that hands every puzzle to Solve or SolveInto, which make the same
	// check and report such a puzzle Invalid with the same message, as an
	// error that wraps the *ConflictError. Every other malformation is
	// still Next's *SyntaxError.
	SolveChecks bool

	sc      *bufio.Scanner
	file    string
	line    int    // number of the last line read
	pending string // a line read ahead and pushed back
	hasPend bool
	records int    // puzzles and errors returned so far
	done    bool   // the input ended on an error, now returned
	last    *line9 // the room of the 9×9 puzzle returned last, with ReusePuzzle
}

// maxLine bounds the length of a line of input.
const maxLine = 1 << 20

// NewReader returns a Reader for r; name is used in error messages.
func NewReader(r io.Reader, name string) *Reader {
	return &Reader{sc: linescan.New(r, maxLine), file: name}
}

func (r *Reader) readLine() (string, bool) {
	if r.hasPend {
		r.hasPend = false
		return r.pending, true
	}
	b, ok := r.scanLine()
	return string(b), ok
}

// scanLine reads the next line of the input, without its "\r"s at the
// end, into the scanner's buffer: the bytes are good until the next read.
func (r *Reader) scanLine() ([]byte, bool) {
	if !r.sc.Scan() {
		return nil, false
	}
	r.line++
	b := r.sc.Bytes()
	for len(b) > 0 && b[len(b)-1] == '\r' {
		b = b[:len(b)-1]
	}
	return b, true
}

func (r *Reader) unread(s string) { r.pending, r.hasPend = s, true }

func (r *Reader) errorf(line int, format string, args ...any) *SyntaxError {
	return &SyntaxError{File: r.file, Line: line, Msg: fmt.Sprintf(format, args...)}
}

// readErr returns the error that stopped the input, nil at its end: a
// *SyntaxError for a line over 1 MiB, or the failed read. Either ends the
// stream.
func (r *Reader) readErr() error {
	err := r.sc.Err()
	switch {
	case err == nil || r.done:
		return nil
	case linescan.TooLong(err):
		err = r.errorf(r.line+1, "line longer than %s", linescan.Size(maxLine))
	default:
		err = fmt.Errorf("sudoku: %s: %w", r.file, err)
	}
	r.done = true
	return err
}

// Next returns the next puzzle, io.EOF after the last. A malformed puzzle
// gives a *SyntaxError, after which Next goes on with the following puzzle;
// a line over 1 MiB gives a *SyntaxError and ends the stream, as does a
// failed read (any other error). A UTF-8 byte-order mark at the start is
// ignored, and an input without puzzles is not an error.
func (r *Reader) Next() (*Puzzle, error) {
	p, err := r.next()
	if err == nil || errors.As(err, new(*SyntaxError)) {
		r.records++
	}
	return p, err
}

func (r *Reader) next() (*Puzzle, error) {
	for {
		var text string
		if r.hasPend {
			text, r.hasPend = r.pending, false
		} else {
			b, ok := r.scanLine()
			if !ok {
				if err := r.readErr(); err != nil {
					return nil, err
				}
				return nil, io.EOF
			}
			// A 9×9 one-line puzzle, the line as it is: what the
			// general path below makes of it, without a copy.
			if r.ReusePuzzle {
				if r.last == nil {
					r.last = new(line9)
				}
				if p, ok := parse9(r.last, b, r.line); ok {
					if r.SolveChecks {
						return p, nil
					}
					return r.validated(p, nil)
				}
			} else if p, ok := parseLine9(b, r.line); ok {
				return r.validated(p, nil)
			}
			text = string(b)
		}
		s := strings.TrimSpace(text)
		if s == "" || s[0] == '#' || isRuler(s) {
			continue
		}
		line := r.line
		if len(s) >= 4 && strings.EqualFold(s[:4], "grid") {
			return r.readGrid(s, line+1)
		}
		if f, _, isCSV := strings.Cut(s, ","); isCSV {
			f = strings.TrimSpace(f)
			if boxOfLine(f) == 0 {
				if r.records == 0 && !strings.ContainsAny(f, "0123456789.") {
					continue // a CSV header such as "quizzes,solutions"
				}
				return nil, r.errorf(line, "first CSV field has %d characters; a one-line puzzle has 16, 81, 256, 625, 1296 or 2401", len(f))
			}
			s = f
		}
		if b := boxOfLine(s); b != 0 && !(b == 2 && looksLikeRow(s)) {
			return r.parseLine(s, b, line)
		}
		r.unread(text)
		return r.readGrid("", line)
	}
}

// boxOfLine returns b if s has b⁴ characters and no blanks, else 0.
func boxOfLine(s string) int {
	if strings.ContainsAny(s, " \t") {
		return 0
	}
	for b := MinBox; b <= 7; b++ {
		if len(s) == b*b*b*b {
			return b
		}
	}
	return 0
}

// looksLikeRow tells a 16-character row of a 16×16 grid from a one-line 4×4
// puzzle: a 4×4 puzzle only holds the digits 1-4.
func looksLikeRow(s string) bool {
	for i := 0; i < len(s); i++ {
		if v, ok := charValue(s[i], 16); ok && v > 4 {
			return true
		}
	}
	return false
}

// isRuler reports whether s is a separator line such as "------+-------".
func isRuler(s string) bool {
	return strings.Trim(s, "-+=|_* \t") == "" && strings.ContainsAny(s, "-=+")
}

// charValue decodes one cell character for an N×N grid.
func charValue(ch byte, n int) (int, bool) {
	switch {
	case ch == '.' || ch == '0' || ch == '_':
		return 0, true
	case ch >= '1' && ch <= '9':
		return int(ch - '0'), true
	case ch >= 'A' && ch <= 'Z':
		return int(ch-'A') + 10, true
	case ch >= 'a' && ch <= 'z':
		if n <= 35 {
			return int(ch-'a') + 10, true
		}
		return int(ch-'a') + 36, true
	}
	return 0, false
}

// valueChar encodes a value (0 empty) for the one-line layout.
func valueChar(v int, empty byte) byte {
	switch {
	case v == 0:
		return empty
	case v <= 9:
		return byte('0' + v)
	case v <= 35:
		return byte('A' + v - 10)
	default:
		return byte('a' + v - 36)
	}
}

func (r *Reader) parseLine(s string, b, line int) (*Puzzle, error) {
	n := b * b
	if n == 9 {
		if p, ok := parseLine9(s, line); ok {
			return r.validated(p, nil)
		}
	}
	p := &Puzzle{Box: b, Cells: make([]uint8, n*n), Line: line}
	for i := 0; i < len(s); i++ {
		v, ok := charValue(s[i], n)
		if !ok {
			return nil, r.errorf(line, "column %d: %q is not a cell value (want '.', 0-9 or a letter)", i+1, s[i])
		}
		if v > n {
			return nil, r.errorf(line, "column %d: %q is %d, out of range 1..%d for a %d×%d grid", i+1, s[i], v, n, n, n)
		}
		p.Cells[i] = uint8(v)
	}
	return r.validated(p, nil)
}

// cell9 maps the characters of a 9×9 one-line puzzle to their value, and
// any other character to 0xFF.
var cell9 = func() (t [256]uint8) {
	for i := range t {
		if v, ok := charValue(byte(i), 9); ok && v <= 9 {
			t[i] = uint8(v)
		} else {
			t[i] = 0xFF
		}
	}
	return t
}()

// parseLine9 reads the 81 characters of a 9×9 one-line puzzle with one
// allocation for the puzzle and its cells, or reports false for parseLine
// to say what is wrong.
func parseLine9[S ~string | ~[]byte](s S, line int) (*Puzzle, bool) {
	if len(s) != 81 {
		return nil, false
	}
	return parse9(new(line9), s, line)
}

// line9 is the room of a 9×9 puzzle: the puzzle and its cells.
type line9 struct {
	p     Puzzle
	cells [81]uint8
}

// parse9 reads the 81 characters of s, a 9×9 one-line puzzle, into q, or
// reports false (q's cells are then overwritten).
func parse9[S ~string | ~[]byte](q *line9, s S, line int) (*Puzzle, bool) {
	if len(s) != 81 {
		return nil, false
	}
	if !digits9(&q.cells, s) {
		var bad uint8
		for i := range q.cells {
			v := cell9[s[i]]
			bad |= v & 0x80
			q.cells[i] = v
		}
		if bad != 0 {
			return nil, false
		}
	}
	q.p = Puzzle{Box: 3, Cells: q.cells[:], Line: line}
	return &q.p, true
}

// digits9 reads the 81 characters of s into cells, eight at a time, when
// each is a digit or '.', the usual alphabet of one-line puzzles, and
// reports false otherwise (cells are then partly overwritten), for the
// table to read the other characters that mean an empty cell or to
// decline the line.
func digits9[S ~string | ~[]byte](cells *[81]uint8, s S) bool {
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	var bad uint64
	for i := 0; i < 80; i += 8 {
		w := s[i : i+8] // one bounds check for the eight
		x := uint64(w[0]) | uint64(w[1])<<8 | uint64(w[2])<<16 | uint64(w[3])<<24 |
			uint64(w[4])<<32 | uint64(w[5])<<40 | uint64(w[6])<<48 | uint64(w[7])<<56
		// '.' becomes '0': the bytes equal to '.' are the zero bytes of
		// x ^ '.', found exactly (no carry crosses a byte).
		z := x ^ '.'*ones
		dot := ^((z&^highs + ^uint64(highs)) | z) & highs
		x += dot >> 6
		// Then every byte must lie in '0'..'9': below 0x80, at least '0'
		// (the high bit survives subtracting '0' from it with the high bit
		// set) and at most '9' (adding 0x7F-'9' leaves the high bit clear).
		bad |= x | ^((x | highs) - '0'*ones) | (x + (0x7F-'9')*ones)
		binary.LittleEndian.PutUint64(cells[i:], x-'0'*ones)
	}
	c := s[80]
	if c == '.' {
		c = '0'
	}
	cells[80] = c - '0'
	return bad&highs == 0 && c-'0' <= 9
}

// rowTokens splits one grid row into its cells: whitespace-separated
// integers or characters, or one character per cell when the row has no
// separators or holds a field that is not a number.
func rowTokens(s string) []string {
	fields := strings.Fields(strings.ReplaceAll(s, "|", " "))
	perChar := len(fields) == 1
	for _, f := range fields {
		if len(f) > 1 && !isNumber(f) {
			perChar = true
		}
	}
	if !perChar {
		return fields
	}
	var tokens []string
	for _, f := range fields {
		for i := 0; i < len(f); i++ {
			tokens = append(tokens, f[i:i+1])
		}
	}
	return tokens
}

// isNumber reports whether f is an integer, however large.
func isNumber(f string) bool {
	if f != "" && (f[0] == '-' || f[0] == '+') {
		f = f[1:]
	}
	return f != "" && strings.Trim(f, "0123456789") == ""
}

// cellValues reads the cells of row (numbered from 1) of an n×n grid, or
// says which one is wrong.
func cellValues(tokens []string, n, row int) ([]int, string) {
	vals := make([]int, len(tokens))
	for i, t := range tokens {
		var v int
		if len(t) == 1 {
			var ok bool
			if v, ok = charValue(t[0], n); !ok {
				return nil, fmt.Sprintf("row %d, column %d: %q is not a cell value", row, i+1, t)
			}
			if v > n && v > 9 {
				return nil, fmt.Sprintf("row %d, column %d: %q is %d, out of range 1..%d", row, i+1, t, v, n)
			}
		} else {
			var err error
			v, err = strconv.Atoi(t)
			if err != nil && !isNumber(t) || v < 0 {
				return nil, fmt.Sprintf("row %d, column %d: %q is not a cell value", row, i+1, t)
			}
			if err != nil {
				v = n + 1 // too large for an int
			}
		}
		if v > n {
			return nil, fmt.Sprintf("row %d, column %d: %s is out of range 1..%d", row, i+1, t, n)
		}
		vals[i] = v
	}
	return vals, ""
}

// gridSize reports whether a row of k values starts a grid.
func gridSize(k int) bool {
	for b := MinBox; b <= MaxBox; b++ {
		if b*b == k {
			return true
		}
	}
	return false
}

// readGrid reads a grid of one row per line. title is a "Grid NN" header
// already read (or ""), start the line of the header or first row.
func (r *Reader) readGrid(title string, start int) (*Puzzle, error) {
	if title != "" {
		start--
	}
	var rows [][]int
	var rowLines []int
	n := 0
	for {
		text, ok := r.readLine()
		if !ok {
			if err := r.readErr(); err != nil {
				return nil, err
			}
			break
		}
		s := strings.TrimSpace(text)
		if s != "" && s[0] == '#' || isRuler(s) {
			continue
		}
		if s == "" || len(s) >= 4 && strings.EqualFold(s[:4], "grid") {
			if s != "" {
				r.unread(text)
			}
			if len(rows) == 0 && s == "" {
				continue
			}
			break
		}
		line := r.line
		// bad reports a malformed row of a grid of n rows and skips the
		// grid's other rows, so that the grid gives one error.
		bad := func(format string, args ...any) (*Puzzle, error) {
			r.skipRows(n, n-len(rows)-1)
			return nil, r.errorf(line, format, args...)
		}
		tokens := rowTokens(s)
		switch {
		case n == 0 && !gridSize(len(tokens)):
			// Not the first row of a grid: perhaps a bad one-line puzzle.
			return nil, r.errorf(line, "row has %d values; a grid row has 4, 9, 16, 25, 36, 49 or 64", len(tokens))
		case n == 0:
			n = len(tokens)
		case len(tokens) != n:
			return bad("row %d has %d values, want %d", len(rows)+1, len(tokens), n)
		}
		vals, msg := cellValues(tokens, n, len(rows)+1)
		if msg != "" {
			return bad("%s", msg)
		}
		rows = append(rows, vals)
		rowLines = append(rowLines, r.line)
		if len(rows) == n {
			break
		}
	}
	if n == 0 {
		if title != "" {
			return nil, r.errorf(start, "%q is not followed by a grid", title)
		}
		return nil, io.EOF
	}
	if len(rows) < n {
		return nil, r.errorf(r.line, "grid ends after %s, want %d", plural(len(rows), "row"), n)
	}
	b := 0
	for b*b < n {
		b++
	}
	p := &Puzzle{Box: b, Cells: make([]uint8, n*n), Name: title, Line: start}
	for i, row := range rows {
		for j, v := range row {
			p.Cells[i*n+j] = uint8(v)
		}
	}
	return r.validated(p, rowLines)
}

func plural(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return fmt.Sprintf("%d %ss", n, what)
}

// skipRows discards up to k more rows of a malformed grid of n columns:
// lines of n values. A blank line ends the grid; a "Grid" header or a line
// of another length is left to be read.
func (r *Reader) skipRows(n, k int) {
	for k > 0 {
		text, ok := r.readLine()
		if !ok {
			return
		}
		s := strings.TrimSpace(text)
		switch {
		case s == "":
			return
		case s[0] == '#' || isRuler(s):
			continue
		case len(s) >= 4 && strings.EqualFold(s[:4], "grid") || len(rowTokens(s)) != n:
			r.unread(text)
			return
		}
		k--
	}
}

// validated checks the givens of p for repeated digits; rowLines maps each
// row to its source line when the grid spans several lines.
func (r *Reader) validated(p *Puzzle, rowLines []int) (*Puzzle, error) {
	err := p.Validate()
	if err == nil {
		return p, nil
	}
	line := p.Line
	var ce *ConflictError
	if errors.As(err, &ce) && rowLines != nil {
		line = rowLines[ce.Second/p.Size()]
	}
	return nil, &SyntaxError{File: r.file, Line: line, Msg: err.Error(), Err: err}
}

// All returns the puzzles of the rest of the input in turn, each with a nil
// error, or a *SyntaxError for a malformed one, after which it goes on; any
// other error (a failed read) is yielded last.
func (r *Reader) All() iter.Seq2[*Puzzle, error] {
	return puzzleseq.All(r.Next)
}

// Parse reads the one puzzle of r. An input holding another puzzle after
// it is an error.
func Parse(r io.Reader) (*Puzzle, error) {
	rd := NewReader(r, "")
	p, err := rd.Next()
	if err == io.EOF {
		return nil, errors.New("sudoku: no puzzle in input")
	}
	if err != nil {
		return nil, err
	}
	switch q, err := rd.Next(); {
	case err == io.EOF:
		return p, nil
	case q != nil:
		return nil, &SyntaxError{Line: q.Line, Msg: "a second puzzle: want one"}
	default:
		var se *SyntaxError
		if errors.As(err, &se) {
			return nil, &SyntaxError{Line: se.Line, Msg: "more input after the puzzle: want one puzzle", Err: se}
		}
		return nil, err
	}
}

// Format writes p in the layout f, ending with a newline.
func (p *Puzzle) Format(w io.Writer, f Format) error {
	n := p.Size()
	var b strings.Builder
	switch f {
	case FormatLine:
		if n > maxLineValues {
			return fmt.Errorf("sudoku: a %d×%d grid does not fit the one-line format", n, n)
		}
		for _, v := range p.Cells {
			b.WriteByte(valueChar(int(v), '.'))
		}
		b.WriteByte('\n')
	case FormatGrid:
		width := len(strconv.Itoa(n))
		for r := range n {
			for c := range n {
				if c > 0 {
					b.WriteByte(' ')
				}
				fmt.Fprintf(&b, "%*d", width, p.Cells[r*n+c])
			}
			b.WriteByte('\n')
		}
	case FormatEuler:
		if n > 9 {
			return fmt.Errorf("sudoku: the Euler layout holds grids up to 9×9, not %d×%d", n, n)
		}
		name := p.Name
		if name == "" {
			name = "Grid"
		}
		b.WriteString(name)
		b.WriteByte('\n')
		for r := range n {
			for c := range n {
				b.WriteByte(valueChar(int(p.Cells[r*n+c]), '0'))
			}
			b.WriteByte('\n')
		}
	case FormatPretty:
		if n > maxLineValues {
			return p.Format(w, FormatGrid)
		}
		box := p.Box
		for r := range n {
			if r > 0 && r%box == 0 {
				for c := range box {
					if c > 0 {
						b.WriteByte('+')
					}
					seg := 2*box - 1
					if c > 0 {
						seg++
					}
					if c < box-1 {
						seg++
					}
					b.WriteString(strings.Repeat("-", seg))
				}
				b.WriteByte('\n')
			}
			for c := range n {
				if c > 0 {
					if c%box == 0 {
						b.WriteString(" | ")
					} else {
						b.WriteByte(' ')
					}
				}
				b.WriteByte(valueChar(int(p.Cells[r*n+c]), '.'))
			}
			b.WriteByte('\n')
		}
	default:
		return fmt.Errorf("sudoku: unknown format %d", int(f))
	}
	_, err := io.WriteString(w, b.String())
	return err
}
