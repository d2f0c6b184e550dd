package sudoku

import (
	"fmt"
	"sync"
)

// geometry holds the fixed structure of an N×N grid: its 3N units (rows,
// columns, boxes, in that order) and the peers of every cell. It is built once
// per box size and shared read-only.
type geometry struct {
	box, n, cells int
	units         [][]int32  // units[u] lists the N cells of unit u
	unitsOf       [][3]int32 // row, column and box unit of each cell
	peers         [][]int32  // the 3N-2b-1 other cells that share a unit
}

var geometries [MaxBox + 1]struct {
	once sync.Once
	g    *geometry
}

func geometryFor(box int) *geometry {
	e := &geometries[box]
	e.once.Do(func() { e.g = newGeometry(box) })
	return e.g
}

func newGeometry(b int) *geometry {
	n := b * b
	g := &geometry{box: b, n: n, cells: n * n}
	g.units = make([][]int32, 3*n)
	g.unitsOf = make([][3]int32, n*n)
	for i := range n {
		for j := range n {
			g.units[i] = append(g.units[i], int32(i*n+j))
			g.units[n+i] = append(g.units[n+i], int32(j*n+i))
			r := (i/b)*b + j/b
			c := (i%b)*b + j%b
			g.units[2*n+i] = append(g.units[2*n+i], int32(r*n+c))
		}
	}
	for c := range n * n {
		r, col := c/n, c%n
		g.unitsOf[c] = [3]int32{int32(r), int32(n + col), int32(2*n + (r/b)*b + col/b)}
	}
	g.peers = make([][]int32, n*n)
	mark := make([]int, n*n)
	for c := range n * n {
		for _, u := range g.unitsOf[c] {
			for _, d := range g.units[u] {
				if int(d) != c && mark[d] != c+1 {
					mark[d] = c + 1
					g.peers[c] = append(g.peers[c], d)
				}
			}
		}
	}
	return g
}

// unitName names unit u for messages: "row 3", "column 5", "box 9".
func (g *geometry) unitName(u int) string {
	switch {
	case u < g.n:
		return fmt.Sprintf("row %d", u+1)
	case u < 2*g.n:
		return fmt.Sprintf("column %d", u-g.n+1)
	default:
		return fmt.Sprintf("box %d", u-2*g.n+1)
	}
}
