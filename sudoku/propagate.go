package sudoku

// board is one node of the search: the candidates of every cell as a bitset
// (bit d-1 for digit d) and the value of every assigned cell.
type board struct {
	cand []uint64
	val  []uint8
	left int // cells not yet assigned
}

func (b *board) copyFrom(o *board) {
	copy(b.cand, o.cand)
	copy(b.val, o.val)
	b.left = o.left
}

// assign sets cell c to digit d and queues it for propagation. It returns
// false if d is no longer a candidate of c.
func (e *engine) assign(b *board, c int32, d uint8) bool {
	if v := b.val[c]; v != 0 {
		return v == d
	}
	bit := uint64(1) << (d - 1)
	if b.cand[c]&bit == 0 {
		return false
	}
	b.val[c] = d
	b.cand[c] = bit
	b.left--
	e.queue = append(e.queue, c)
	e.touch(c)
	return true
}

// touch marks the three units of cell c for the hidden-single scan.
func (e *engine) touch(c int32) {
	for _, u := range e.g.unitsOf[c] {
		if !e.dirty[u] {
			e.dirty[u] = true
			e.dirtyList = append(e.dirtyList, u)
		}
	}
}

func (e *engine) resetQueues() {
	e.queue = e.queue[:0]
	for _, u := range e.dirtyList {
		e.dirty[u] = false
	}
	e.dirtyList = e.dirtyList[:0]
}

// propagate applies naked singles, hidden singles and (if enabled) locked
// candidates until nothing changes. It returns false on a contradiction: a
// cell without candidates or a digit without a place in some unit.
func (e *engine) propagate(b *board) bool {
	ok := e.fixpoint(b)
	if !ok {
		e.resetQueues()
	}
	return ok
}

func (e *engine) fixpoint(b *board) bool {
	for {
		// Naked singles: remove each assigned digit from the cell's peers.
		for len(e.queue) > 0 {
			c := e.queue[len(e.queue)-1]
			e.queue = e.queue[:len(e.queue)-1]
			bit := b.cand[c]
			for _, p := range e.g.peers[c] {
				m := b.cand[p]
				if m&bit == 0 {
					continue
				}
				if b.val[p] != 0 {
					return false
				}
				m &^= bit
				b.cand[p] = m
				if m == 0 {
					return false
				}
				e.touch(p)
				if m&(m-1) == 0 {
					e.assign(b, p, digitOf(m))
				}
			}
		}
		// Hidden singles in every unit touched since the last scan.
		for len(e.dirtyList) > 0 {
			u := e.dirtyList[len(e.dirtyList)-1]
			e.dirtyList = e.dirtyList[:len(e.dirtyList)-1]
			e.dirty[u] = false
			var once, twice, placed uint64
			unit := e.g.units[u]
			for _, c := range unit {
				m := b.cand[c]
				if b.val[c] != 0 {
					placed |= m
					continue
				}
				twice |= once & m
				once |= m
			}
			if once|placed != e.full {
				return false
			}
			for h := once &^ twice &^ placed; h != 0; h &= h - 1 {
				bit := h & -h
				for _, c := range unit {
					if b.cand[c]&bit != 0 {
						if !e.assign(b, c, digitOf(bit)) {
							return false
						}
						break
					}
				}
			}
			if len(e.queue) > 0 {
				break
			}
		}
		if len(e.queue) > 0 {
			continue
		}
		if !e.locked || b.left == 0 {
			return true
		}
		changed, ok := e.lockedCandidates(b)
		if !ok {
			return false
		}
		if !changed {
			return true
		}
	}
}

// lockedCandidates applies box-line reduction in both directions. Where the
// candidates for a digit inside a box all lie in one row (or column), the
// digit leaves the rest of that row ("pointing"); where a row's candidates
// for a digit all lie in one box, the digit leaves the rest of that box
// ("claiming"). It reports whether any candidate was removed, and false
// for ok on a contradiction.
func (e *engine) lockedCandidates(b *board) (changed, ok bool) {
	bx, n := e.g.box, e.g.n
	rowSeg, colSeg := e.rowSeg, e.colSeg
	// rowSeg[r*bx+j]: candidates of row r inside box column j;
	// colSeg[c*bx+i]: candidates of column c inside box row i.
	for r := range n {
		for j := range bx {
			var m uint64
			for _, v := range b.cand[r*n+j*bx : r*n+j*bx+bx] {
				m |= v
			}
			rowSeg[r*bx+j] = m
		}
	}
	for c := range n {
		for i := range bx {
			var m uint64
			for k := i * bx; k < i*bx+bx; k++ {
				m |= b.cand[k*n+c]
			}
			colSeg[c*bx+i] = m
		}
	}
	eliminate := func(c int, m uint64) bool {
		old := b.cand[c]
		if old&m == 0 || b.val[c] != 0 {
			return true
		}
		nm := old &^ m
		if nm == 0 {
			return false
		}
		b.cand[c] = nm
		changed = true
		e.touch(int32(c))
		if nm&(nm-1) == 0 {
			e.assign(b, int32(c), digitOf(nm))
		}
		return true
	}
	for bi := range bx {
		for bj := range bx {
			for k := range bx {
				r := bi*bx + k
				c := bj*bx + k
				var otherRowsInBox, otherBoxesInRow, otherColsInBox, otherBoxesInCol uint64
				for l := range bx {
					if l != k {
						otherRowsInBox |= rowSeg[(bi*bx+l)*bx+bj]
						otherColsInBox |= colSeg[(bj*bx+l)*bx+bi]
					}
					if l != bj {
						otherBoxesInRow |= rowSeg[r*bx+l]
					}
					if l != bi {
						otherBoxesInCol |= colSeg[c*bx+l]
					}
				}
				seg := rowSeg[r*bx+bj]
				if point := seg &^ otherRowsInBox; point != 0 && point&otherBoxesInRow != 0 {
					for col := range n {
						if col/bx != bj && !eliminate(r*n+col, point) {
							return changed, false
						}
					}
				}
				if claim := seg &^ otherBoxesInRow; claim != 0 && claim&otherRowsInBox != 0 {
					for l := range bx {
						if l == k {
							continue
						}
						rr := bi*bx + l
						for col := bj * bx; col < bj*bx+bx; col++ {
							if !eliminate(rr*n+col, claim) {
								return changed, false
							}
						}
					}
				}
				seg = colSeg[c*bx+bi]
				if point := seg &^ otherColsInBox; point != 0 && point&otherBoxesInCol != 0 {
					for row := range n {
						if row/bx != bi && !eliminate(row*n+c, point) {
							return changed, false
						}
					}
				}
				if claim := seg &^ otherBoxesInCol; claim != 0 && claim&otherColsInBox != 0 {
					for l := range bx {
						if l == k {
							continue
						}
						cc := bj*bx + l
						for row := bi * bx; row < bi*bx+bx; row++ {
							if !eliminate(row*n+cc, claim) {
								return changed, false
							}
						}
					}
				}
			}
		}
	}
	return changed, true
}
