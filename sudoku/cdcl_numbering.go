package sudoku

// The numbering of the clause-learning engine's variables. A minimal 25×25
// puzzle leaves some 2,000 of its 15,625 cell-digit pairs open once each
// given has ruled its digit out of its row, column and box. Numbered in
// cell order, those few are spread thinly over every per-variable array
// (values, levels and reasons, watch lists, activities), so nearly every
// read of one is a cache miss. Numbered first, they share cache lines.
// (CaDiCaL gets the same effect by compacting its variables, "compact.cpp".)

// The numbering changes where the search keeps its variables, not the
// search: the decision heap starts with the variables in cell order, as
// they would be numbered without it, so that its ties break alike.

// numberCandidatesFirst numbers the pairs that givens leave open first, in
// cell order, then the others (the givens' own pairs and the ruled-out
// ones), also in cell order.
func (s *cdcl) numberCandidatesFirst(geo *geometry, givens []uint8) {
	n := s.n
	ruledOut := make([]bool, s.numCell)
	for c, d := range givens {
		if d == 0 {
			continue
		}
		for e := range n {
			ruledOut[c*n+e] = true
		}
		for _, q := range geo.peers[c] {
			ruledOut[int(q)*n+int(d)-1] = true
		}
	}
	s.varOf = make([]int32, s.numCell)
	s.pairOf = make([]int32, s.numCell)
	next := int32(0)
	for _, second := range []bool{false, true} {
		for pair, out := range ruledOut {
			if out == second {
				s.varOf[pair] = next
				s.pairOf[next] = int32(pair)
				next++
			}
		}
	}
}

// cellVar is the variable of a cell-digit pair (cell*N + digit-1).
func (s *cdcl) cellVar(pair int) int32 {
	if s.varOf == nil {
		return int32(pair)
	}
	return s.varOf[pair]
}

// pairOfVar is the cell-digit pair (cell*N + digit-1) of a cell-digit
// variable.
func (s *cdcl) pairOfVar(v int32) int32 {
	if s.pairOf == nil {
		return v
	}
	return s.pairOf[v]
}

// initHeap puts every variable in the decision heap, the cell-digit ones in
// cell order whatever their numbering, then the segment variables.
func (s *cdcl) initHeap() {
	if s.pairOf == nil {
		s.heap.Init(&s.activity, s.numVars)
		return
	}
	order := make([]int32, 0, s.numVars)
	for pair := range s.numCell {
		order = append(order, s.varOf[pair])
	}
	for v := s.numCell; v < s.numVars; v++ {
		order = append(order, int32(v))
	}
	s.heap.InitOrder(&s.activity, order)
}
