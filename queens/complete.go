package queens

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"math/bits"
	"strconv"
	"strings"
	"time"

	"puzzle/internal/status"
)

// MaxComplete is the largest board Complete accepts.
const MaxComplete = 64

// A Queen stands at a column and a row, both from 0.
type Queen struct {
	Col int `json:"col"`
	Row int `json:"row"`
}

// Instance is an n-queens completion problem: n queens on an n×n board,
// some of them placed in advance.
type Instance struct {
	N      int
	Queens []Queen
	// Line is where the instance starts in its file (for messages).
	Line int
}

// SyntaxError reports a malformed completion instance.
type SyntaxError struct {
	File string
	Line int
	Msg  string
}

func (e *SyntaxError) Error() string {
	if e.File == "" {
		return fmt.Sprintf("queens: line %d: %s", e.Line, e.Msg)
	}
	return fmt.Sprintf("queens: %s:%d: %s", e.File, e.Line, e.Msg)
}

// ParseQueens reads a list of queens "c:r, c:r, ..." (column and row from
// 0), separated by commas or spaces.
func ParseQueens(s string) ([]Queen, error) {
	var qs []Queen
	for _, f := range strings.FieldsFunc(s, func(r rune) bool { return r == ',' || r == ' ' || r == '\t' }) {
		cs, rs, ok := strings.Cut(f, ":")
		c, err1 := strconv.Atoi(cs)
		r, err2 := strconv.Atoi(rs)
		if !ok || err1 != nil || err2 != nil {
			return nil, fmt.Errorf("queens: bad queen %q: want column:row, such as 0:3", f)
		}
		qs = append(qs, Queen{Col: c, Row: r})
	}
	return qs, nil
}

// ReadInstances reads completion instances. Each instance is a line "n N"
// (or just the number N) followed by lines of queens "c:r" (column:row,
// from 0, several per line allowed, separated by commas or spaces); a line
// "end", a blank line or the next "n" line ends it. '#' starts a comment.
//
//	# CSPLib 079 style: 8 queens, two placed
//	n 8
//	0:3 1:6
func ReadInstances(r io.Reader, file string) ([]Instance, error) {
	var out []Instance
	var cur *Instance
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<16), 1<<24)
	line := 0
	for sc.Scan() {
		line++
		text := sc.Text()
		if i := strings.IndexByte(text, '#'); i >= 0 {
			text = text[:i]
		}
		text = strings.TrimSpace(text)
		switch {
		case text == "" || text == "end":
			cur = nil
			continue
		case strings.HasPrefix(text, "n ") || strings.HasPrefix(text, "n=") || !strings.Contains(text, ":"):
			v := strings.TrimSpace(strings.TrimLeft(strings.TrimPrefix(text, "n"), " ="))
			n, err := strconv.Atoi(v)
			if err != nil || n < 1 {
				return out, &SyntaxError{file, line, fmt.Sprintf("want the board size \"n N\" or queens \"column:row\", not %q", text)}
			}
			out = append(out, Instance{N: n, Line: line})
			cur = &out[len(out)-1]
			continue
		}
		if cur == nil {
			return out, &SyntaxError{file, line, "queens before the board size (\"n N\")"}
		}
		qs, err := ParseQueens(text)
		if err != nil {
			return out, &SyntaxError{file, line, strings.TrimPrefix(err.Error(), "queens: ")}
		}
		for _, q := range qs {
			if q.Col < 0 || q.Col >= cur.N || q.Row < 0 || q.Row >= cur.N {
				return out, &SyntaxError{file, line, fmt.Sprintf("queen %d:%d is off the %d×%d board", q.Col, q.Row, cur.N, cur.N)}
			}
		}
		cur.Queens = append(cur.Queens, qs...)
	}
	if err := sc.Err(); err != nil {
		return out, fmt.Errorf("queens: %s: %w", file, err)
	}
	if len(out) == 0 {
		return nil, &SyntaxError{file, line, "no instance (want a line \"n N\")"}
	}
	return out, nil
}

// Complete extends the queens placed in advance to a solution of the
// n-queens problem (n ≤ MaxComplete), or proves there is none (status
// None). Queens off the board or on one square are an error (status
// Invalid); queens that attack each other give status None. The search
// fills the column with the fewest free rows first (forward checking),
// and fails early when a free row has no column left. A solution found
// has status Solved and has been checked by Verify.
func Complete(ctx context.Context, n int, fixed []Queen) (Result, error) {
	start := time.Now()
	res := Result{Status: status.Invalid}
	if n < 1 || n > MaxComplete {
		return res, fmt.Errorf("queens: complete: n must be between 1 and %d, not %d", MaxComplete, n)
	}
	c := completer{ctx: ctx, n: n, mask: ^uint64(0) >> (64 - n)}
	for i := range n {
		c.rows[i] = -1
		c.dom[i] = c.mask
	}
	c.freeRows = c.mask
	for _, q := range fixed {
		if q.Col < 0 || q.Col >= n || q.Row < 0 || q.Row >= n {
			return res, fmt.Errorf("queens: complete: queen %d:%d is off the %d×%d board", q.Col, q.Row, n, n)
		}
	}
	res.Status = status.None
	for _, q := range fixed {
		if c.rows[q.Col] == q.Row {
			res.Status = status.Invalid
			return res, fmt.Errorf("queens: complete: queen %d:%d given twice", q.Col, q.Row)
		}
		if c.dom[q.Col]&(1<<q.Row) == 0 {
			res.Stats.Time = time.Since(start)
			return res, nil // attacked by an earlier queen
		}
		c.assign(q.Col, q.Row, &c.dom)
	}
	ok := c.search(c.dom)
	res.Stats = Stats{Nodes: c.nodes, Time: time.Since(start)}
	if c.stopped {
		res.Status = status.Timeout
		return res, ctx.Err()
	}
	if ok {
		sol := make([]int, n)
		copy(sol, c.rows[:n])
		if err := Verify(sol); err != nil {
			panic(fmt.Sprintf("queens: complete found a wrong placement %v: %v", sol, err))
		}
		res.Status, res.Solutions = status.Solved, [][]int{sol}
	}
	return res, nil
}

type completer struct {
	ctx      context.Context
	n        int
	mask     uint64
	rows     [MaxComplete]int    // row of each column's queen, -1 if none yet
	dom      [MaxComplete]uint64 // rows still possible in each column
	freeRows uint64
	nodes    int64
	stopped  bool
}

// assign puts a queen at (col, row) and removes the squares it attacks
// from the domains of the other empty columns.
func (c *completer) assign(col, row int, dom *[MaxComplete]uint64) {
	c.rows[col] = row
	c.freeRows &^= 1 << row
	dom[col] = 1 << row
	for k := range c.n {
		if c.rows[k] >= 0 {
			continue
		}
		d := k - col
		if d < 0 {
			d = -d
		}
		kill := uint64(1) << row
		if row+d < 64 {
			kill |= 1 << (row + d)
		}
		if row-d >= 0 {
			kill |= 1 << (row - d)
		}
		dom[k] &^= kill
	}
}

func (c *completer) search(dom [MaxComplete]uint64) bool {
	best, bestSize := -1, 65
	var reach uint64
	for k := range c.n {
		if c.rows[k] >= 0 {
			continue
		}
		size := bits.OnesCount64(dom[k])
		if size == 0 {
			return false
		}
		reach |= dom[k]
		if size < bestSize {
			best, bestSize = k, size
		}
	}
	if best < 0 {
		return true
	}
	if reach&c.freeRows != c.freeRows {
		return false // a free row no column can reach
	}
	free := dom[best]
	for free != 0 {
		bit := free & -free
		free ^= bit
		c.nodes++
		if c.nodes&0xfff == 0 && c.ctx.Err() != nil {
			c.stopped = true
		}
		if c.stopped {
			return false
		}
		next := dom
		saved := c.freeRows
		c.assign(best, bits.TrailingZeros64(bit), &next)
		if c.search(next) {
			return true
		}
		c.rows[best] = -1
		c.freeRows = saved
	}
	return false
}
