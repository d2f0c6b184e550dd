package sliding

import (
	"fmt"
	"strings"
)

// Heuristic names a lower bound on the number of moves to the goal.
type Heuristic string

// The heuristics. Names joined by "+" take the maximum of those heuristics.
const (
	// Auto picks the strongest bound that suits the board: the 7-8 pattern
	// databases for 4×4 once they are built (6-6-3 until then), 6-6-6-6 for
	// 5×5, walking distance with linear conflict for smaller boards.
	Auto Heuristic = "auto"
	// Manhattan sums each tile's distance to its home.
	Manhattan Heuristic = "manhattan"
	// LinearConflict adds two moves for each tile that must leave its row
	// or column to let another pass (Hansson, Mayer and Yung, 1992).
	LinearConflict Heuristic = "linear-conflict"
	// WalkingDistance counts the moves of the tiles between rows, and
	// between columns, ignoring their order within a row (Takahashi).
	WalkingDistance Heuristic = "walking-distance"
	// PDB555, PDB663 and PDB78 are additive pattern databases for the
	// 15-puzzle, PDB6666 for the 24-puzzle (Korf and Felner, 2002).
	PDB555  Heuristic = "pdb-555"
	PDB663  Heuristic = "pdb-663"
	PDB78   Heuristic = "pdb-78"
	PDB6666 Heuristic = "pdb-6666"
)

// Heuristics lists every heuristic name, for help texts.
var Heuristics = []Heuristic{Auto, Manhattan, LinearConflict, WalkingDistance, PDB555, PDB663, PDB78, PDB6666}

// evaluator keeps a heuristic's value up to date as tiles move. cells are
// a problem's labels; move is called after tile moved from one cell to
// the other, undo after the move was taken back.
type evaluator interface {
	init(cells []uint8) int
	move(cells []uint8, tile, from, to int) int
	undo(cells []uint8, tile, from, to int)
	clone() evaluator
}

// resolve returns the concrete heuristic for a board: Auto replaced.
func (h Heuristic) resolve(rows, cols int) Heuristic {
	if h != Auto && h != "" {
		return h
	}
	switch {
	case rows == 4 && cols == 4:
		return PDB78
	case rows == 5 && cols == 5:
		return PDB6666
	case rows <= 4 && cols <= 4:
		return Heuristic(string(WalkingDistance) + "+" + string(LinearConflict))
	}
	return LinearConflict
}

// newEvaluator makes the evaluator of h for a rows×cols board; the
// pattern databases come from dbs.
func newEvaluator(h Heuristic, rows, cols int, dbs map[Heuristic]*PDBSet) (evaluator, error) {
	parts := strings.Split(string(h), "+")
	var evs []evaluator
	for _, name := range parts {
		var ev evaluator
		switch Heuristic(strings.TrimSpace(name)) {
		case Manhattan:
			ev = newManhattan(rows, cols)
		case LinearConflict:
			ev = newLinearConflict(rows, cols)
		case WalkingDistance:
			wd, err := newWalkingDistance(rows, cols)
			if err != nil {
				return nil, err
			}
			ev = wd
		case PDB555, PDB663, PDB78, PDB6666:
			set := dbs[Heuristic(strings.TrimSpace(name))]
			if set == nil {
				return nil, fmt.Errorf("sliding: heuristic %s needs its pattern databases", name)
			}
			ev = newPDBEvaluator(set)
		default:
			return nil, fmt.Errorf("sliding: unknown heuristic %q (want %s)", name, heuristicNames())
		}
		evs = append(evs, ev)
	}
	if len(evs) == 1 {
		return evs[0], nil
	}
	return &maxEvaluator{evs: evs}, nil
}

func heuristicNames() string {
	var s []string
	for _, h := range Heuristics {
		s = append(s, string(h))
	}
	return strings.Join(s, ", ")
}

// maxEvaluator takes the maximum of several admissible heuristics, which
// is admissible, and consistent when they all are.
type maxEvaluator struct{ evs []evaluator }

func (m *maxEvaluator) init(cells []uint8) int {
	h := 0
	for _, e := range m.evs {
		h = max(h, e.init(cells))
	}
	return h
}

func (m *maxEvaluator) move(cells []uint8, tile, from, to int) int {
	h := 0
	for _, e := range m.evs {
		h = max(h, e.move(cells, tile, from, to))
	}
	return h
}

func (m *maxEvaluator) undo(cells []uint8, tile, from, to int) {
	for _, e := range m.evs {
		e.undo(cells, tile, from, to)
	}
}

func (m *maxEvaluator) clone() evaluator {
	c := &maxEvaluator{}
	for _, e := range m.evs {
		c.evs = append(c.evs, e.clone())
	}
	return c
}
