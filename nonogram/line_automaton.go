package nonogram

import "github.com/puzzlesolvers/puzzle/internal/sat"

// The clauses of a line, for the clause-learning search (cdcl.go). A line's
// clue is a regular language: 0* 1^c₁ 0+ 1^c₂ 0+ ... 1^cₖ 0*. Its
// automaton, unrolled over the line's cells, is a layered graph whose node
// (i, q) says "after i cells the automaton is in state q"; a line is
// valid when a path from the start to an accepting node spells it. Each
// node that lies on some path consistent with the cells known at the root
// gets a variable, and the clauses say that a true node has a true
// predecessor and a true successor, that a node's incoming label is its
// cell's value, that a true node and its cell's value make the next node
// true, and that each value of a cell is carried by some node. Unit
// propagation on these clauses prunes exactly the nodes off every path, so
// it fixes every cell that the complete line solver fixes (Bacchus, "GAC via
// unit propagation", CP 2007); clause learning then works on cells and
// automaton states alike. The search branches on cells only: once every
// cell is set, propagation sets every node, and on random 50×40 puzzles
// this took about half the conflicts of branching on nodes as well.
//
// States: 0 is the leading gap; each block has one state per cell read,
// followed by its gap state, which loops on empty cells; the last gap is
// the trailing one. A block state is entered by a cell of the block's
// colour, a gap state by an empty (background) cell. In colour puzzles a
// block may follow the previous one without a gap when their colours
// differ; in black and white every block has colour 1.

// lineAutomaton describes one line's states.
type lineAutomaton struct {
	numStates int
	label     []int // per state: the colour of the cell that enters it, 0 for gaps
	accept    [2]int
}

// newLineAutomaton returns the automaton of a clue; colors gives each
// block's colour, or is nil for black and white.
func newLineAutomaton(clue, colors []int) lineAutomaton {
	a := lineAutomaton{label: []int{0}}
	for b, c := range clue {
		col := 1
		if colors != nil {
			col = colors[b]
		}
		for range c {
			a.label = append(a.label, col)
		}
		a.label = append(a.label, 0)
	}
	a.numStates = len(a.label)
	last := a.numStates - 1
	a.accept = [2]int{last, last}
	if len(clue) > 0 {
		a.accept[0] = last - 1 // the last cell of the last block
	}
	return a
}

// next returns the state after reading a cell of colour col in state q,
// or -1 when the automaton rejects it.
func (a *lineAutomaton) next(q, col int) int {
	switch {
	case a.label[q] == 0 && col == 0:
		return q // gaps loop on empty cells
	case q+1 == a.numStates:
		return -1 // past the last block only empty cells
	case a.label[q+1] == col:
		return q + 1 // the block goes on, or the next one starts
	case a.label[q] != 0 && a.label[q] != col && a.label[q+1] == 0 && q+2 < a.numStates && a.label[q+2] == col:
		return q + 2 // a block of another colour starts right after this one
	}
	return -1
}

// encodeLine adds the clauses of a line of n cells to s. value(i, col) is
// the literal "cell i has colour col" (0 the background) for col below
// numColors; clue and colors are the line's clue (colors nil in black and
// white). allowed(i, col), when not nil, says which colours the cells
// known at the root still allow: nodes that contradict them get no
// variable. It returns false if no placement fits.
func encodeLine(s *sat.Solver, top sat.Lit, clue, colors []int, n, numColors int, value func(i, col int) sat.Lit, allowed func(i, col int) bool) bool {
	a := newLineAutomaton(clue, colors)
	m := a.numStates
	ok := func(i, col int) bool { return allowed == nil || allowed(i, col) }
	// alive[i*m+q]: node (i, q) lies on a path consistent with allowed.
	alive := make([]bool, (n+1)*m)
	alive[0] = true
	for i := range n {
		for q := range m {
			if !alive[i*m+q] {
				continue
			}
			for col := range numColors {
				if t := a.next(q, col); t >= 0 && ok(i, col) {
					alive[(i+1)*m+t] = true
				}
			}
		}
	}
	coAlive := make([]bool, (n+1)*m)
	coAlive[n*m+a.accept[0]] = alive[n*m+a.accept[0]]
	coAlive[n*m+a.accept[1]] = alive[n*m+a.accept[1]]
	for i := n - 1; i >= 0; i-- {
		for q := range m {
			if !alive[i*m+q] {
				continue
			}
			for col := range numColors {
				if t := a.next(q, col); t >= 0 && ok(i, col) && coAlive[(i+1)*m+t] {
					coAlive[i*m+q] = true
				}
			}
		}
	}
	if !coAlive[0] {
		return false
	}
	node := make([]sat.Lit, (n+1)*m)
	for i := range node {
		node[i] = noNode
	}
	node[0] = top
	for i := 1; i <= n; i++ {
		for q := range m {
			if coAlive[i*m+q] {
				v := s.NewVar()
				s.SetDecision(v, false) // branch on cells only
				node[i*m+q] = sat.Pos(v)
			}
		}
	}
	var clause []sat.Lit
	carriers := make([][]sat.Lit, numColors)
	for i := range n {
		// carriers[col]: "cell i has colour col → some node of layer i+1
		// entered by col is true".
		for col := range carriers {
			carriers[col] = append(carriers[col][:0], value(i, col).Not())
		}
		for q := range m {
			from := node[i*m+q]
			if from == noNode {
				continue
			}
			support := append(clause[:0], from.Not())
			for col := range numColors {
				t := a.next(q, col)
				if t >= 0 && node[(i+1)*m+t] != noNode {
					to := node[(i+1)*m+t]
					s.AddClause(from.Not(), value(i, col).Not(), to)
					support = append(support, to)
				} else {
					s.AddClause(from.Not(), value(i, col).Not())
				}
			}
			s.AddClause(support...)
			clause = support
		}
		for q := range m {
			to := node[(i+1)*m+q]
			if to == noNode {
				continue
			}
			col := a.label[q]
			s.AddClause(to.Not(), value(i, col))
			carriers[col] = append(carriers[col], to)
			// A true node has a true predecessor.
			preds := append(clause[:0], to.Not())
			for p := max(q-2, 0); p <= q; p++ {
				if node[i*m+p] != noNode && a.next(p, col) == q {
					preds = append(preds, node[i*m+p])
				}
			}
			s.AddClause(preds...)
			clause = preds
		}
		for _, c := range carriers {
			s.AddClause(c...)
		}
	}
	// The line ends in an accepting state.
	clause = clause[:0]
	for _, q := range a.accept {
		if l := node[n*m+q]; l != noNode {
			clause = append(clause, l)
		}
	}
	s.AddClause(clause...)
	return true
}

// noNode marks a node off every path: it has no variable.
const noNode sat.Lit = -1
