package record

import (
	"encoding/binary"
	"math"
	"strconv"
	"sync/atomic"

	"github.com/puzzlesolvers/puzzle/status"
)

// AppendJSON appends r to b as encoding/json writes it (an Encoder with
// SetEscapeHTML(false), without the newline) once Complete, the same
// bytes, and reports whether it could. It writes the record of a solve
// without a list of solutions or steps, the one a file of puzzles yields
// thousands of times, without reflection or allocation; any other record,
// or one with a string that would need escaping, is left to encoding/json
// (false, b unchanged, the record completed for it).
func (r *SudokuSolve) AppendJSON(b []byte) ([]byte, bool) {
	if len(r.Solutions) > 0 || len(r.Steps) > 0 || len(r.Undecided) > 0 || r.Suggest != nil || r.Status > status.Timeout {
		r.Complete()
		return b, false
	}
	b, ok := r.appendJSON(b)
	if !ok {
		r.Complete()
	}
	return b, ok
}

func (r *SudokuSolve) appendJSON(b []byte) ([]byte, bool) {
	start := len(b)
	fail := func() ([]byte, bool) { return b[:start], false }
	ok := true
	if r.File != "" {
		h := fileHead(r.File)
		if h == nil {
			return fail()
		}
		b = append(b, h...)
	} else {
		b = append(b, '{')
	}
	str := func(key, v string) {
		if v == "" {
			return
		}
		b = appendKey(b, key)
		b, ok = appendPlainString(b, v, ok)
	}
	num := func(key string, v int) {
		if v == 0 {
			return
		}
		b = appendKey(b, key)
		b = appendInt(b, int64(v))
	}
	num("line", r.Line)
	str("name", r.Name)
	b = appendKey(b, "status")
	b = append(b, '"')
	b = append(b, r.Status.String()...)
	b = append(b, '"')
	str("error", r.Error)
	str("reason", r.Reason)
	if r.Rows == 9 && r.Cols == 9 && r.Box == 3 {
		b = append(b, `,"rows":9,"cols":9,"box":3`...) // the status came before
	} else {
		num("rows", r.Rows)
		num("cols", r.Cols)
		num("box", r.Box)
	}
	switch {
	case len(r.Solution) > 0:
		b = appendKey(b, "solution")
		b = appendGrid(b, r.Solution)
	case r.Solution == nil && r.grid != nil && r.Rows == 9 && len(r.grid) == 81:
		b = appendKey(b, "solution")
		b = appendFlat9(b, r.grid)
	case r.Solution == nil && r.grid != nil:
		ok = false // Complete, then encoding/json
	}
	b = appendKey(b, "count")
	b = appendInt(b, int64(r.Count))
	if r.LimitReached {
		b = appendKey(b, "limit_reached")
		b = append(b, "true"...)
	}
	if r.Stuck {
		b = appendKey(b, "stuck")
		b = append(b, "true"...)
	}
	if s := r.Stats; s != nil {
		b = appendKey(b, "stats")
		b = append(b, `{"time_ms":`...)
		b, ok = appendFloat(b, s.TimeMS, ok)
		b = append(b, `,"nodes":`...)
		b = appendInt(b, s.Nodes)
		b = append(b, `,"conflicts":`...)
		b = appendInt(b, s.Conflicts)
		if s.Solver != "" {
			b = append(b, `,"solver":`...)
			b, ok = appendPlainString(b, s.Solver, ok)
		}
		b = append(b, '}')
	}
	b = append(b, '}')
	if !ok {
		return fail()
	}
	return b, true
}

// quotedFile is a file name and the head of a record about it.
type quotedFile struct {
	file string
	head []byte
}

// lastFile is the file of the last record written: a file of puzzles has
// thousands of records to write, and its name is checked and quoted once.
var lastFile atomic.Pointer[quotedFile]

// fileHead returns `{"file":"<file>"`, or nil if the name would need
// escaping.
func fileHead(file string) []byte {
	if q := lastFile.Load(); q != nil && q.file == file {
		return q.head
	}
	h, ok := appendPlainString([]byte(`{"file":`), file, true)
	if !ok {
		h = nil
	}
	lastFile.Store(&quotedFile{file, h})
	return h
}

// appendInt is strconv.AppendInt in base 10, with one digit written at
// once.
func appendInt(b []byte, v int64) []byte {
	if uint64(v) < 10 {
		return append(b, '0'+byte(v))
	}
	return strconv.AppendInt(b, v, 10)
}

// appendKey appends "key": after a comma unless the object has just
// begun.
func appendKey(b []byte, key string) []byte {
	if b[len(b)-1] != '{' {
		b = append(b, ',')
	}
	b = append(b, '"')
	b = append(b, key...)
	return append(b, '"', ':')
}

// appendPlainString appends s quoted if no byte of it needs escaping
// (printable ASCII but '"' and '\'); otherwise ok becomes false.
func appendPlainString(b []byte, s string, ok bool) ([]byte, bool) {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c > 0x7E || c == '"' || c == '\\' {
			return b, false
		}
	}
	b = append(b, '"')
	b = append(b, s...)
	return append(b, '"'), ok
}

// appendFloat appends f as encoding/json writes a float64: 'f' format,
// or 'e' with a two-digit exponent shortened for very small and very
// large values; NaN and infinities make ok false, as they fail there.
func appendFloat(b []byte, f float64, ok bool) ([]byte, bool) {
	if m, done := appendMillis(b, f); done {
		return m, ok
	}
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return b, false
	}
	format := byte('f')
	if abs := math.Abs(f); abs != 0 && (abs < 1e-6 || abs >= 1e21) {
		format = 'e'
	}
	b = strconv.AppendFloat(b, f, format, -1, 64)
	if format == 'e' {
		if n := len(b); n >= 4 && b[n-4] == 'e' && b[n-3] == '-' && b[n-2] == '0' {
			b[n-2] = b[n-1]
			b = b[:n-1]
		}
	}
	return b, ok
}

// appendGrid appends g, rows of values, as JSON.
func appendGrid(b []byte, g [][]int) []byte {
	if grid, ok := appendGrid9(b, g); ok {
		return grid
	}
	b = append(b, '[')
	for i, row := range g {
		if i > 0 {
			b = append(b, ',')
		}
		if row == nil {
			b = append(b, "null"...)
			continue
		}
		b = append(b, '[')
		for j, v := range row {
			if j > 0 {
				b = append(b, ',')
			}
			if uint(v) <= 9 {
				b = append(b, byte('0'+v)) // every value of a 9×9 grid
			} else {
				b = strconv.AppendInt(b, int64(v), 10)
			}
		}
		b = append(b, ']')
	}
	b = append(b, ']')
	return b
}

// grid9JSON is a 9×9 grid of zeros as JSON; appendGrid9 writes the digits
// over it.
const grid9JSON = "[[0,0,0,0,0,0,0,0,0],[0,0,0,0,0,0,0,0,0],[0,0,0,0,0,0,0,0,0]," +
	"[0,0,0,0,0,0,0,0,0],[0,0,0,0,0,0,0,0,0],[0,0,0,0,0,0,0,0,0]," +
	"[0,0,0,0,0,0,0,0,0],[0,0,0,0,0,0,0,0,0],[0,0,0,0,0,0,0,0,0]]"

// appendFlat9 appends g, a row-major 9×9 grid, as JSON rows, as
// appendGrid writes SudokuRows(g, 9).
func appendFlat9(b []byte, g []uint8) []byte {
	g = g[:81]
	at := len(b)
	b = append(b, grid9JSON...)
	out := b[at:]
	const highs = 0x8080808080808080
	var bad uint64
	for r := range 9 {
		// A row's first eight values, each a byte, spread two bytes
		// apart and put between the commas; the ninth on its own.
		row := binary.LittleEndian.Uint64(g[9*r:])
		bad |= row | (row + 0x7676767676767676) // a value over 9
		o := out[2+20*r : 2+20*r+17]
		binary.LittleEndian.PutUint64(o, spread4(uint32(row))|0x2C302C302C302C30)
		binary.LittleEndian.PutUint64(o[8:], spread4(uint32(row>>32))|0x2C302C302C302C30)
		v := g[9*r+8]
		bad |= uint64(v|(v+0x76)) << 56
		o[16] = '0' + v
	}
	if bad&highs != 0 {
		return appendGrid(b[:at], SudokuRows(g, 9))
	}
	return b
}

// spread4 puts the four bytes of x in the low bytes of the four 16-bit
// halves of the result.
func spread4(x uint32) uint64 {
	y := uint64(x)
	y = (y | y<<16) & 0x0000FFFF0000FFFF
	return (y | y<<8) & 0x00FF00FF00FF00FF
}

// appendGrid9 appends g as JSON if it is a 9×9 grid of values 0..9, the
// solution of every 9×9 puzzle, and reports whether it did.
func appendGrid9(b []byte, g [][]int) ([]byte, bool) {
	if len(g) != 9 {
		return b, false
	}
	at := len(b)
	b = append(b, grid9JSON...)
	out := b[at:]
	for r, row := range g {
		if len(row) != 9 {
			return b[:at], false
		}
		for c, v := range row {
			if uint(v) > 9 {
				return b[:at], false
			}
			out[2+20*r+2*c] = byte('0' + v)
		}
	}
	return b, true
}

// appendMillis appends ms if it is a whole number of nanoseconds below
// 10¹⁵ in milliseconds, as Millis makes a time, the float nearest to
// ns/10⁶, and reports whether it is. It writes the decimal ns/10⁶ without
// its trailing zeros, which is strconv's shortest form of ms: a decimal of
// at most 15 significant digits is the only one of so few digits that
// reads back as its nearest float (DBL_DIG), so no shorter one does.
func appendMillis(b []byte, ms float64) ([]byte, bool) {
	ns := math.Round(ms * 1e6)
	if !(ns >= 1 && ns < 1e15 && ns/1e6 == ms) {
		return b, false
	}
	n := int64(ns)
	b = appendInt(b, n/1e6)
	frac := n % 1e6
	if frac == 0 {
		return b, true
	}
	var d [7]byte
	d[0] = '.'
	for i := 6; i > 0; i-- {
		d[i] = byte('0' + frac%10)
		frac /= 10
	}
	end := len(d)
	for d[end-1] == '0' {
		end--
	}
	return append(b, d[:end]...), true
}
