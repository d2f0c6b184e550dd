package sliding

import (
	"fmt"
	"slices"
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

// heuristics lists every heuristic name.
var heuristics = []Heuristic{Auto, Manhattan, LinearConflict, WalkingDistance, PDB555, PDB663, PDB78, PDB6666}

// evaluator keeps a heuristic's value up to date as tiles move. cells are
// a problem's labels; move is called after tile moved from one cell to
// the other, undo after the move was taken back.
type evaluator interface {
	init(cells []uint8) int
	move(cells []uint8, tile, from, to int) int
	undo(cells []uint8, tile, from, to int)
	clone() evaluator
}

// ParseHeuristic returns the heuristic named s: one of the names above
// ("" is Auto), or several joined by "+" (their maximum).
func ParseHeuristic(s string) (Heuristic, error) {
	if s == "" || s == string(Auto) {
		return Auto, nil
	}
	for _, part := range strings.Split(s, "+") {
		if !slices.Contains(heuristics, Heuristic(part)) || part == string(Auto) {
			return "", fmt.Errorf("sliding: unknown heuristic %q (want %s, or several joined by '+')", part, heuristicNames())
		}
	}
	return Heuristic(s), nil
}

// Fits reports why h cannot serve a rows×cols board, or nil when it can:
// a pattern database set is for one board size, walking distance for
// boards up to 4×4.
func (h Heuristic) Fits(rows, cols int) error {
	if _, err := ParseHeuristic(string(h)); err != nil {
		return err
	}
	if h == Auto || h == "" {
		return nil
	}
	for _, part := range strings.Split(string(h), "+") {
		p := Heuristic(part)
		if set, ok := partitions[p]; ok && (rows != set.side || cols != set.side) {
			return fmt.Errorf("sliding: %s is for %d×%d boards, not %d×%d", p, set.side, set.side, rows, cols)
		}
		if p == WalkingDistance && (rows > 4 || cols > 4) {
			return fmt.Errorf("sliding: walking-distance is for boards up to 4×4, not %d×%d", rows, cols)
		}
	}
	return nil
}

// resolve returns the concrete heuristic for a board: Auto replaced by
// the first of its candidates.
func (h Heuristic) resolve(rows, cols int, st *Store) Heuristic {
	return h.candidates(rows, cols, st)[0].h
}

// candidate is a heuristic Auto may take, and whether its pattern
// databases may be built for it.
type candidate struct {
	h     Heuristic
	build bool
}

// candidates returns the heuristics to try for a board, best first: h
// itself unless it is Auto. Auto takes the strongest bound the store has
// or may build in good time, and falls back on the next when a file is
// bad. The 7-8 databases take many seconds to build: Auto takes them only
// once present, and 6-6-3 (built in under a second) serves 4×4 boards
// until then, or 5-5-5. On 5×5, 6-6-6-6 is used when present or when the
// store may build it, else linear conflict. Walking distance with linear
// conflict closes the list of boards up to 4×4, linear conflict that of
// others.
func (h Heuristic) candidates(rows, cols int, st *Store) []candidate {
	if h != Auto && h != "" {
		return []candidate{{h, true}}
	}
	var c []candidate
	maybe := func(h Heuristic, build bool) {
		if st.Present(h) || build {
			c = append(c, candidate{h, build})
		}
	}
	switch {
	case rows == 4 && cols == 4:
		maybe(PDB78, false)
		maybe(PDB663, st.mayBuild(PDB663))
		maybe(PDB555, st.mayBuild(PDB555))
	case rows == 5 && cols == 5:
		maybe(PDB6666, st.mayBuild(PDB6666))
	}
	if rows <= 4 && cols <= 4 {
		return append(c, candidate{WalkingDistance + "+" + LinearConflict, true})
	}
	return append(c, candidate{LinearConflict, true})
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
	for _, h := range heuristics[1:] {
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
