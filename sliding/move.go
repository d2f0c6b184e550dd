package sliding

import "fmt"

// A Move is a step of the blank: Up, Down, Left or Right. The tile next to
// the blank in that direction slides into the blank's cell.
type Move byte

// The four moves, as written in move lists.
const (
	Up    Move = 'U'
	Down  Move = 'D'
	Left  Move = 'L'
	Right Move = 'R'
)

// direction indexes: opposite(d) == 3-d.
const (
	dirUp = iota
	dirLeft
	dirRight
	dirDown
)

var dirMoves = [4]Move{Up, Left, Right, Down}

// dirOf returns the direction index of m, or -1.
func dirOf(m Move) int {
	for d, x := range dirMoves {
		if x == m {
			return d
		}
	}
	return -1
}

// Moves is a sequence of blank moves, written "RDLU...".
type Moves []Move

func (ms Moves) String() string {
	b := make([]byte, len(ms))
	for i, m := range ms {
		b[i] = byte(m)
	}
	return string(b)
}

// ParseMoves reads a move list of the letters U, D, L and R (either case).
func ParseMoves(s string) (Moves, error) {
	ms := make(Moves, 0, len(s))
	for i := range len(s) {
		c := s[i]
		if c >= 'a' && c <= 'z' {
			c -= 'a' - 'A'
		}
		if dirOf(Move(c)) < 0 {
			return nil, fmt.Errorf("sliding: move %d: %q is not one of U, D, L, R", i+1, s[i])
		}
		ms = append(ms, Move(c))
	}
	return ms, nil
}

// neighbour returns the cell next to cell c in direction d on a rows×cols
// board, or -1 at the edge.
func neighbour(rows, cols, c, d int) int {
	r, col := c/cols, c%cols
	switch d {
	case dirUp:
		r--
	case dirDown:
		r++
	case dirLeft:
		col--
	case dirRight:
		col++
	}
	if r < 0 || r >= rows || col < 0 || col >= cols {
		return -1
	}
	return r*cols + col
}

// Apply makes move m on b in place, or reports that the blank is at the
// edge.
func (b *Board) Apply(m Move) error {
	d := dirOf(m)
	if d < 0 {
		return fmt.Errorf("sliding: %q is not a move", byte(m))
	}
	blank := b.Blank()
	to := neighbour(b.Rows, b.Cols, blank, d)
	if to < 0 {
		return fmt.Errorf("sliding: cannot move the blank %s from row %d, column %d", dirName(d), blank/b.Cols+1, blank%b.Cols+1)
	}
	b.Tiles[blank], b.Tiles[to] = b.Tiles[to], 0
	return nil
}

func dirName(d int) string {
	return [4]string{"up", "left", "right", "down"}[d]
}

// Replay makes the moves on a copy of b and returns the final board, or
// the first move that cannot be made.
func (b *Board) Replay(ms Moves) (*Board, error) {
	x := b.Clone()
	for i, m := range ms {
		if err := x.Apply(m); err != nil {
			return nil, fmt.Errorf("move %d: %w", i+1, err)
		}
	}
	return x, nil
}

// Check replays ms from b and reports whether they reach the goal.
func (b *Board) Check(ms Moves, g Goal) error {
	x, err := b.Replay(ms)
	if err != nil {
		return err
	}
	if !x.IsGoal(g) {
		return fmt.Errorf("sliding: the %d moves end in\n%sinstead of the %s goal", len(ms), x, g)
	}
	return nil
}
