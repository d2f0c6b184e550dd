package sliding

import (
	"context"
	"fmt"
)

// reduce solves any board without optimality, shrinking it one line at a
// time: while more than two rows remain unsolved, the row farthest from
// the blank's home is finished; then, in the last two rows, the column
// farthest from it; then the 2×2 corner. The tiles of a line go home one
// or two at a time by breadth-first search over the cells of the tiles
// being placed and of the blank, inside the unsolved part of the board
// (at most n³ states for two tiles), which always succeeds as long as the
// unsolved part is at least 2 cells wide and 3 long, and finishes a line's
// last two tiles together, so no special end-of-row manoeuvre is needed.
func reduce(ctx context.Context, p *problem, stats *Stats) ([]int8, error) {
	r := &reducer{p: p, cells: append([]uint8(nil), p.cells...), locked: make([]bool, p.n)}
	rows, cols := p.rows, p.cols
	for rows > 2 {
		row := rows - 1
		line := make([]int, cols)
		for c := range cols {
			line[c] = row*p.cols + c
		}
		if err := r.line(ctx, line, stats); err != nil {
			return nil, err
		}
		rows--
	}
	for c := cols - 1; c >= 1; c-- {
		pair := []int{c, p.cols + c}
		if c == 1 {
			pair = []int{1, p.cols} // the corner: two tiles fix the other two
		}
		if err := r.place(ctx, pair, stats); err != nil {
			return nil, err
		}
		for _, x := range pair {
			r.locked[x] = true
		}
	}
	if !isGoalCells(r.cells) {
		return nil, fmt.Errorf("sliding: reduction ended off the goal")
	}
	return cancelInverses(r.dirs), nil
}

// cancelInverses drops every move that the next one undoes (such as "LR"),
// which the placements of consecutive tiles leave behind.
func cancelInverses(dirs []int8) []int8 {
	out := dirs[:0]
	for _, d := range dirs {
		if len(out) > 0 && out[len(out)-1] == 3-d {
			out = out[:len(out)-1]
			continue
		}
		out = append(out, d)
	}
	return out
}

type reducer struct {
	p      *problem
	cells  []uint8
	locked []bool
	dirs   []int8
}

// line places the tiles of the given cells, one at a time, the last two
// together, and locks them.
func (r *reducer) line(ctx context.Context, line []int, stats *Stats) error {
	for i := 0; i < len(line); i++ {
		group := line[i : i+1]
		if i == len(line)-2 {
			group = line[i:]
			i++
		}
		if err := r.place(ctx, group, stats); err != nil {
			return err
		}
		for _, x := range group {
			r.locked[x] = true
		}
	}
	return nil
}

// place brings the tiles that belong in the target cells home, moving
// only through unlocked cells, by breadth-first search.
func (r *reducer) place(ctx context.Context, targets []int, stats *Stats) error {
	if ctx.Err() != nil {
		return ctx.Err()
	}
	// Region: the unlocked cells, numbered.
	var region []int
	index := make([]int, r.p.n)
	for c := range r.p.n {
		index[c] = -1
		if !r.locked[c] {
			index[c] = len(region)
			region = append(region, c)
		}
	}
	R := len(region)
	k := len(targets)
	where := func(label int) int {
		for c, t := range r.cells {
			if int(t) == label {
				return c
			}
		}
		panic("sliding: missing tile")
	}
	// A state is (tile cells..., blank cell) as region indexes.
	size := R
	for range k {
		size *= R
	}
	encode := func(xs [3]int) int {
		s := 0
		for i := 0; i <= k; i++ {
			s = s*R + xs[i]
		}
		return s
	}
	decode := func(s int) (xs [3]int) {
		for i := k; i >= 0; i-- {
			xs[i] = s % R
			s /= R
		}
		return xs
	}
	var start [3]int
	for i, t := range targets {
		start[i] = index[where(t)]
	}
	start[k] = index[where(0)]
	done := func(xs [3]int) bool {
		for i, t := range targets {
			if region[xs[i]] != t {
				return false
			}
		}
		return true
	}
	parent := make([]int32, size)
	for i := range parent {
		parent[i] = -1
	}
	pdir := make([]int8, size)
	s0 := encode(start)
	parent[s0] = int32(s0)
	queue := []int32{int32(s0)}
	found := -1
	for h := 0; h < len(queue) && found < 0; h++ {
		s := int(queue[h])
		xs := decode(s)
		if done(xs) {
			found = s
			break
		}
		stats.Expanded++
		blank := region[xs[k]]
		for d := range 4 {
			to := int(r.p.nb[blank][d])
			if to < 0 || r.locked[to] {
				continue
			}
			ys := xs
			ys[k] = index[to]
			for i := range k {
				if xs[i] == index[to] {
					ys[i] = xs[k] // that tile slides into the blank's cell
				}
			}
			stats.Generated++
			t := encode(ys)
			if parent[t] < 0 {
				parent[t] = int32(s)
				pdir[t] = int8(d)
				queue = append(queue, int32(t))
			}
		}
		stats.MaxFrontier = max(stats.MaxFrontier, int64(len(queue)-h))
	}
	if found < 0 {
		return fmt.Errorf("sliding: reduction cannot place tiles %v", targets)
	}
	var path []int8
	for s := found; s != s0; s = int(parent[s]) {
		path = append(path, pdir[s])
	}
	blank := where(0)
	for i := len(path) - 1; i >= 0; i-- {
		d := path[i]
		to := int(r.p.nb[blank][d])
		r.cells[blank], r.cells[to] = r.cells[to], 0
		blank = to
		r.dirs = append(r.dirs, d)
	}
	return nil
}
