package sudoku

import (
	"fmt"
	"strings"
)

// MinBox and MaxBox bound the box side b of an N×N grid, N = b².
// A cell's candidates live in one uint64, so N is at most 64.
const (
	MinBox = 2
	MaxBox = 8
)

// Puzzle is an N×N Sudoku grid with N = Box², cells in row-major order,
// 0 for an empty cell and 1..N for a given.
type Puzzle struct {
	Box   int
	Cells []uint8
	// Name is the puzzle's title in its source ("Grid 01"), if it had one.
	Name string
	// Line is the 1-based line of the source where the puzzle starts, 0 if
	// it was not read from a file.
	Line int
}

// New returns an empty puzzle with boxes of side box.
func New(box int) (*Puzzle, error) {
	if box < MinBox || box > MaxBox {
		return nil, fmt.Errorf("sudoku: box size %d out of range %d..%d", box, MinBox, MaxBox)
	}
	return &Puzzle{Box: box, Cells: make([]uint8, box*box*box*box)}, nil
}

// Size returns N, the number of rows, columns, boxes and digits.
func (p *Puzzle) Size() int { return p.Box * p.Box }

// At returns the value at row r, column c (0-based), 0 if empty.
func (p *Puzzle) At(r, c int) int { return int(p.Cells[r*p.Size()+c]) }

// Givens returns the number of filled cells.
func (p *Puzzle) Givens() int {
	n := 0
	for _, v := range p.Cells {
		if v != 0 {
			n++
		}
	}
	return n
}

// Clone returns a deep copy.
func (p *Puzzle) Clone() *Puzzle {
	q := *p
	q.Cells = append([]uint8(nil), p.Cells...)
	return &q
}

// Validate checks the shape of the grid, the range of every value and that
// no digit is given twice in a row, column or box.
func (p *Puzzle) Validate() error {
	if p.Box < MinBox || p.Box > MaxBox {
		return fmt.Errorf("box size %d out of range %d..%d", p.Box, MinBox, MaxBox)
	}
	n := p.Size()
	if len(p.Cells) != n*n {
		return fmt.Errorf("%d cells, want %d for a %d×%d grid", len(p.Cells), n*n, n, n)
	}
	if n == 9 && valid9(p.Cells) {
		return nil // the common case, checked at once; the loops below say what is wrong
	}
	for i, v := range p.Cells {
		if int(v) > n {
			return fmt.Errorf("value %d at r%dc%d is out of range 1..%d", v, i/n+1, i%n+1, n)
		}
	}
	g := geometryFor(p.Box)
	for u, unit := range g.units {
		var seen uint64
		for _, c := range unit {
			v := p.Cells[c]
			if v == 0 {
				continue
			}
			bit := uint64(1) << (v - 1)
			if seen&bit != 0 {
				first := -1
				for _, d := range unit {
					if p.Cells[d] == v {
						first = int(d)
						break
					}
				}
				return &ConflictError{Digit: int(v), Unit: g.unitName(u), First: first, Second: int(c), n: n}
			}
			seen |= bit
		}
	}
	return nil
}

// ConflictError reports a digit given twice in one unit.
type ConflictError struct {
	Digit         int
	Unit          string // "row 3", "column 5" or "box 9"
	First, Second int    // the two cells, row-major indices
	n             int
}

func (e *ConflictError) Error() string {
	return fmt.Sprintf("digit %d appears twice in %s (r%dc%d and r%dc%d)", e.Digit, e.Unit,
		e.First/e.n+1, e.First%e.n+1, e.Second/e.n+1, e.Second%e.n+1)
}

// IsSolutionOf reports whether sol is a complete valid grid that agrees with
// every given of p. It is the independent check used by tests and the CLI.
func (p *Puzzle) IsSolutionOf(sol []uint8) bool {
	n := p.Size()
	if len(sol) != len(p.Cells) {
		return false
	}
	for i, v := range sol {
		if v < 1 || int(v) > n || (p.Cells[i] != 0 && p.Cells[i] != v) {
			return false
		}
	}
	full := fullMask(n)
	g := geometryFor(p.Box)
	for _, unit := range g.units {
		var seen uint64
		for _, c := range unit {
			seen |= 1 << (sol[c] - 1)
		}
		if seen != full {
			return false
		}
	}
	return true
}

// String returns the puzzle in the one-line format.
func (p *Puzzle) String() string {
	var b strings.Builder
	if err := p.Format(&b, FormatLine); err != nil {
		return fmt.Sprintf("<%v>", err)
	}
	return strings.TrimSuffix(b.String(), "\n")
}

func fullMask(n int) uint64 {
	if n == 64 {
		return ^uint64(0)
	}
	return uint64(1)<<n - 1
}
