package sliding

import (
	"fmt"
	"strings"
)

// MaxSide is the largest number of rows or columns a board may have.
const MaxSide = 10

// Goal names the solved position.
type Goal uint8

const (
	// BlankLast is the usual goal: tiles 1, 2, ... in reading order, the
	// blank in the bottom-right corner.
	BlankLast Goal = iota
	// BlankFirst is Korf's goal: the blank in the top-left corner and tile
	// i in cell i (row-major), as in the published benchmark sets.
	BlankFirst
)

// String returns "blank-last" or "blank-first".
func (g Goal) String() string {
	if g == BlankFirst {
		return "blank-first"
	}
	return "blank-last"
}

// ParseGoal returns the goal with the given name.
func ParseGoal(s string) (Goal, error) {
	switch s {
	case "blank-last", "last", "":
		return BlankLast, nil
	case "blank-first", "first":
		return BlankFirst, nil
	}
	return 0, fmt.Errorf("sliding: unknown goal %q (want blank-last or blank-first)", s)
}

// Board is a position: Tiles[r*Cols+c] is the tile in row r, column c,
// 0 being the blank.
type Board struct {
	Rows, Cols int
	Tiles      []uint8
}

// NewBoard checks that tiles is a permutation of 0..rows*cols-1 and
// returns the board holding a copy of it.
func NewBoard(rows, cols int, tiles []int) (*Board, error) {
	if rows < 2 || cols < 2 || rows > MaxSide || cols > MaxSide {
		return nil, &boardError{fmt.Sprintf("a board is 2×2 to %d×%d, not %d×%d", MaxSide, MaxSide, rows, cols)}
	}
	n := rows * cols
	if len(tiles) != n {
		return nil, &boardError{fmt.Sprintf("a %d×%d board has %d cells, not %d", rows, cols, n, len(tiles))}
	}
	seen := make([]bool, n)
	b := &Board{Rows: rows, Cols: cols, Tiles: make([]uint8, n)}
	for i, t := range tiles {
		switch {
		case t < 0 || t >= n:
			return nil, &boardError{fmt.Sprintf("tile %d out of range 0..%d", t, n-1)}
		case seen[t]:
			return nil, &boardError{fmt.Sprintf("tile %d appears twice", t)}
		}
		seen[t] = true
		b.Tiles[i] = uint8(t)
	}
	return b, nil
}

// GoalBoard returns the solved rows×cols board.
func GoalBoard(rows, cols int, g Goal) *Board {
	n := rows * cols
	b := &Board{Rows: rows, Cols: cols, Tiles: make([]uint8, n)}
	for c := range n {
		b.Tiles[c] = uint8(goalTile(c, n, g))
	}
	return b
}

// goalTile returns the tile that belongs in cell c.
func goalTile(c, n int, g Goal) int {
	if g == BlankFirst {
		return c
	}
	return (c + 1) % n
}

// goalCell returns the cell where tile t belongs.
func goalCell(t, n int, g Goal) int {
	if g == BlankFirst {
		return t
	}
	return (t + n - 1) % n
}

// Clone returns a copy of b.
func (b *Board) Clone() *Board {
	return &Board{Rows: b.Rows, Cols: b.Cols, Tiles: append([]uint8(nil), b.Tiles...)}
}

// Blank returns the cell of the blank.
func (b *Board) Blank() int {
	for i, t := range b.Tiles {
		if t == 0 {
			return i
		}
	}
	panic("sliding: board without a blank")
}

// IsGoal reports whether b is solved.
func (b *Board) IsGoal(g Goal) bool {
	n := len(b.Tiles)
	for c, t := range b.Tiles {
		if int(t) != goalTile(c, n, g) {
			return false
		}
	}
	return true
}

// Solvable reports whether the goal can be reached from b. A move swaps
// the blank with a neighbour: it flips the parity of the permutation and of
// the blank's distance to its goal cell, so the two parities agree in every
// reachable position, and on boards of two or more rows and columns every
// position where they agree is reachable.
func (b *Board) Solvable(g Goal) bool {
	n := len(b.Tiles)
	// perm maps each cell to the goal cell of its tile.
	seen := make([]bool, n)
	transpositions := 0
	for c := range n {
		length := 0
		for x := c; !seen[x]; x = goalCell(int(b.Tiles[x]), n, g) {
			seen[x] = true
			length++
		}
		if length > 0 {
			transpositions += length - 1
		}
	}
	blank := b.Blank()
	home := goalCell(0, n, g)
	dist := abs(blank/b.Cols-home/b.Cols) + abs(blank%b.Cols-home%b.Cols)
	return transpositions%2 == dist%2
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// String writes the board as rows of right-aligned numbers, the blank
// shown as 0.
func (b *Board) String() string {
	var s strings.Builder
	b.format(&s, "0")
	return s.String()
}

// Pretty writes the board with the blank shown as '.'.
func (b *Board) Pretty() string {
	var s strings.Builder
	b.format(&s, ".")
	return s.String()
}

func (b *Board) format(s *strings.Builder, blank string) {
	width := len(fmt.Sprint(len(b.Tiles) - 1))
	for r := range b.Rows {
		for c := range b.Cols {
			if c > 0 {
				s.WriteByte(' ')
			}
			t := b.Tiles[r*b.Cols+c]
			if t == 0 {
				fmt.Fprintf(s, "%*s", width, blank)
			} else {
				fmt.Fprintf(s, "%*d", width, t)
			}
		}
		s.WriteByte('\n')
	}
}

// Line returns the tiles on one line, separated by spaces.
func (b *Board) Line() string {
	var s strings.Builder
	for i, t := range b.Tiles {
		if i > 0 {
			s.WriteByte(' ')
		}
		fmt.Fprint(&s, t)
	}
	return s.String()
}
