package sliding

// manhattan is the sum of the tiles' distances to their homes, kept up to
// date in one step per move.
type manhattan struct {
	n    int
	dist []int8 // dist[label*n+cell]
	h    int
}

// manhattanTable returns the distance of every label from every cell.
func manhattanTable(rows, cols int) []int8 {
	n := rows * cols
	d := make([]int8, n*n)
	for g := 1; g < n; g++ {
		for c := range n {
			d[g*n+c] = int8(abs(g/cols-c/cols) + abs(g%cols-c%cols))
		}
	}
	return d
}

func newManhattan(rows, cols int) *manhattan {
	return &manhattan{n: rows * cols, dist: manhattanTable(rows, cols)}
}

func (m *manhattan) init(cells []uint8) int {
	m.h = 0
	for c, t := range cells {
		m.h += int(m.dist[int(t)*m.n+c])
	}
	return m.h
}

func (m *manhattan) move(_ []uint8, tile, from, to int) int {
	m.h += int(m.dist[tile*m.n+to]) - int(m.dist[tile*m.n+from])
	return m.h
}

func (m *manhattan) undo(_ []uint8, tile, from, to int) {
	m.h -= int(m.dist[tile*m.n+to]) - int(m.dist[tile*m.n+from])
}

func (m *manhattan) clone() evaluator { c := *m; return &c }
