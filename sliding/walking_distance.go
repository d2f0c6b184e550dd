package sliding

import (
	"fmt"
	"sync"
)

// Walking distance (Ken'ichiro Takahashi, 2002) counts the moves tiles make
// between rows, treating the tiles that belong to the same row as alike,
// and adds the same count for columns. A row state is a matrix: how many
// tiles whose home is row j are in row i, plus where the blank is. The
// distances of all such states to the goal come from one breadth-first
// search, made the first time a board size needs them; a move of the
// blank changes one matrix, found in a table of transitions.

// wdTable holds every walking-distance state of boards with `lines` lines
// of `width` cells, the blank's home in line 0.
type wdTable struct {
	lines, width int
	dist         []uint8
	// next[(s*2+dir)*lines+class] is the state after the blank moves up
	// (dir 0) or down (dir 1) and swaps with a tile whose home is line
	// `class`, or -1.
	next  []int32
	index map[uint64]int32
}

const wdBits = 3 // bits per matrix entry in a state's key

var wdTables sync.Map // [2]int{lines, width} -> *wdTable

// walkingDistanceTable returns the table for boards of lines × width.
func walkingDistanceTable(lines, width int) (*wdTable, error) {
	if lines > 4 || width > 7 {
		return nil, fmt.Errorf("sliding: walking distance is for boards of up to 4 rows and 4 columns")
	}
	key := [2]int{lines, width}
	if t, ok := wdTables.Load(key); ok {
		return t.(*wdTable), nil
	}
	t := buildWalkingDistance(lines, width)
	got, _ := wdTables.LoadOrStore(key, t)
	return got.(*wdTable), nil
}

// wdKey packs a matrix and the blank's line.
func wdKey(m []int, lines, blank int) uint64 {
	var k uint64
	for _, v := range m {
		k = k<<wdBits | uint64(v)
	}
	return k<<wdBits | uint64(blank)
}

func buildWalkingDistance(lines, width int) *wdTable {
	t := &wdTable{lines: lines, width: width, index: map[uint64]int32{}}
	type state struct {
		m     []int
		blank int
	}
	goal := make([]int, lines*lines)
	for i := range lines {
		goal[i*lines+i] = width
	}
	goal[0]--
	var states []state
	add := func(m []int, blank int, d uint8) int32 {
		k := wdKey(m, lines, blank)
		if i, ok := t.index[k]; ok {
			return i
		}
		i := int32(len(states))
		t.index[k] = i
		states = append(states, state{m, blank})
		t.dist = append(t.dist, d)
		return i
	}
	add(goal, 0, 0)
	for s := 0; s < len(states); s++ {
		st := states[s]
		for dir := range 2 {
			nl := st.blank - 1
			if dir == 1 {
				nl = st.blank + 1
			}
			for class := range lines {
				next := int32(-1)
				if nl >= 0 && nl < lines && st.m[nl*lines+class] > 0 {
					m := append([]int(nil), st.m...)
					m[nl*lines+class]--
					m[st.blank*lines+class]++
					next = add(m, nl, t.dist[s]+1)
				}
				t.next = append(t.next, next)
			}
		}
	}
	return t
}

// stateOf returns the index of the state of cells, read by lines of a
// rows×cols board: line(c) and home(label) give a cell's line and a
// label's home line.
func (t *wdTable) stateOf(cells []uint8, line func(int) int, home func(int) int) int32 {
	m := make([]int, t.lines*t.lines)
	blank := 0
	for c, x := range cells {
		if x == 0 {
			blank = line(c)
			continue
		}
		m[line(c)*t.lines+home(int(x))]++
	}
	return t.index[wdKey(m, t.lines, blank)]
}

// walkingDistance is the evaluator: the row table and the column table.
type walkingDistance struct {
	rows, cols int
	v, h       *wdTable
	vs, hs     int32
}

func newWalkingDistance(rows, cols int) (*walkingDistance, error) {
	v, err := walkingDistanceTable(rows, cols)
	if err != nil {
		return nil, err
	}
	h, err := walkingDistanceTable(cols, rows)
	if err != nil {
		return nil, err
	}
	return &walkingDistance{rows: rows, cols: cols, v: v, h: h}, nil
}

func (w *walkingDistance) value() int { return int(w.v.dist[w.vs]) + int(w.h.dist[w.hs]) }

func (w *walkingDistance) init(cells []uint8) int {
	cols := w.cols
	w.vs = w.v.stateOf(cells, func(c int) int { return c / cols }, func(g int) int { return g / cols })
	w.hs = w.h.stateOf(cells, func(c int) int { return c % cols }, func(g int) int { return g % cols })
	return w.value()
}

// step moves the blank from line `blank` to the tile's line `tileLine`,
// swapping with a tile whose home is line class.
func (t *wdTable) step(s int32, blank, tileLine, class int) int32 {
	dir := 0
	if tileLine > blank {
		dir = 1
	}
	return t.next[(int(s)*2+dir)*t.lines+class]
}

func (w *walkingDistance) move(_ []uint8, tile, from, to int) int {
	// The blank was at `to` and is now at `from`.
	if from%w.cols == to%w.cols {
		w.vs = w.v.step(w.vs, to/w.cols, from/w.cols, tile/w.cols)
	} else {
		w.hs = w.h.step(w.hs, to%w.cols, from%w.cols, tile%w.cols)
	}
	return w.value()
}

func (w *walkingDistance) undo(_ []uint8, tile, from, to int) {
	if from%w.cols == to%w.cols {
		w.vs = w.v.step(w.vs, from/w.cols, to/w.cols, tile/w.cols)
	} else {
		w.hs = w.h.step(w.hs, from%w.cols, to%w.cols, tile%w.cols)
	}
}

func (w *walkingDistance) clone() evaluator { c := *w; return &c }
