package nonogram

// Search: depth-first, with probing at every node. The branch cell is the
// one whose two trials fixed the most cells (product of the counts), so
// both subtrees start small. Solutions are counted up to a limit; reaching
// 2 proves that a picture is not unique, exhausting the tree with exactly
// one proves that it is.

// nodeLineProbe is the line-probing limit below the root: line probing
// pays for itself on hard unique puzzles at the root, but inside the tree
// plain cell probing and branching are cheaper.
const nodeLineProbe = 16

type searcher struct {
	*prober
	sink      *sink // the pictures found, and the limit
	nodes     int64
	maxDepth  int
	stopped   bool
	stop      func() bool
	levels    []*state
	noProbing bool
	// budget, when positive, stops the search (overBudget) after that many
	// nodes, or probeBudget (when positive) probes;
	// nodes; rootLineLimit is the line-probing limit at the root.
	budget        int64
	probeBudget   int64
	overBudget    bool
	rootLineLimit int
	nodeLineLimit int
}

// The quick search's node and probe budgets and root line-probing limit.
// The probe budget stops it early on large grids where line solving fixes
// little, such as random pictures of 50×40, whose probing at each node
// costs thousands of trials: the searches that follow do better there.
const (
	quickSearchNodes  = 96
	quickSearchProbes = 50000
	quickLineProbe    = 64
)

func (s *searcher) full() bool {
	return s.sink.full()
}

// level returns the scratch state for depth d.
func (s *searcher) level(d int) *state {
	for len(s.levels) <= d {
		s.levels = append(s.levels, s.newState())
	}
	return s.levels[d]
}

// dfs explores the propagated state st at depth d.
func (s *searcher) dfs(st *state, d int) {
	s.nodes++
	s.maxDepth = max(s.maxDepth, d)
	if s.budget > 0 && s.nodes > s.budget || s.probeBudget > 0 && s.probes > s.probeBudget {
		s.overBudget = true
		return
	}
	if s.stop() {
		s.stopped = true
		return
	}
	var r, c int
	if s.noProbing {
		r, c = s.firstUnknown(st)
	} else {
		s.lineLimit = s.nodeLineLimit
		if d == 0 {
			s.lineLimit = s.rootLineLimit
		}
		ok, br, bc := s.probe(st)
		if s.stop() {
			s.stopped = true
			return
		}
		if !ok {
			return
		}
		r, c = br, bc
	}
	if st.unknown == 0 {
		s.sink.add(s.picture(st))
		return
	}
	child := s.level(d + 1)
	for _, filled := range [2]bool{true, false} {
		child.copyFrom(st)
		s.setCell(child, r, c, filled)
		if s.run(child) {
			s.dfs(child, d+1)
		}
		if s.full() || s.stopped || s.overBudget {
			return
		}
	}
}

// firstUnknown returns the first unknown cell in row-major order.
func (s *searcher) firstUnknown(st *state) (int, int) {
	for r := range s.h {
		for c := range s.w {
			if known, _ := s.cell(st, r, c); !known {
				return r, c
			}
		}
	}
	return 0, 0
}
