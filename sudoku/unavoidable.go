package sudoku

// A second solution of a sparse grid comes from its first one. Take two
// rows r1, r2 of one band and follow a cycle of columns: from column c0,
// go to the column where r1 holds the digit r2 holds at c0, and so on
// until the cycle closes. On such a column set C, rows r1 and r2 hold the
// same digits, so exchanging their cells on C keeps both rows whole, every
// column whole (each keeps its digits), and every box whole (a cell moves
// within its column and band, so within its box). The cells of r1 and r2
// on C form an unavoidable set: a puzzle with no given there has a second
// solution. Columns of one stack give the same by symmetry. The shortest
// such cycle free of givens is taken (a 4-cell "deadly rectangle" where
// one exists), and the new grid is checked against the rules and givens.

// otherSolution returns a solution of p other than sol, got by exchanging
// the cells of an unavoidable set that holds no given, or nil if there is
// none among the row and column pairs of a band or stack.
func otherSolution(p *Puzzle, sol []uint8) []uint8 {
	b, n := p.Box, p.Size()
	type cycle struct {
		lines   [2]int // two rows (or columns)
		cross   []int  // the columns (or rows) exchanged
		columns bool   // lines are columns
	}
	var best *cycle
	at := func(line, k int, columns bool) int {
		if columns {
			return k*n + line
		}
		return line*n + k
	}
	where := make([]int, n+1) // where[d]: position of d in line r1
	seen := make([]bool, n)
	for _, columns := range [2]bool{false, true} {
		for r1 := range n {
			for k := range n {
				where[sol[at(r1, k, columns)]] = k
			}
			for r2 := r1 + 1; r2 < (r1/b+1)*b; r2++ {
				clear(seen)
				for k0 := range n {
					if seen[k0] {
						continue
					}
					var cross []int
					ok := true
					for k := k0; !seen[k]; k = where[sol[at(r2, k, columns)]] {
						seen[k] = true
						cross = append(cross, k)
						if p.Cells[at(r1, k, columns)] != 0 || p.Cells[at(r2, k, columns)] != 0 {
							ok = false
						}
					}
					if ok && (best == nil || len(cross) < len(best.cross)) {
						best = &cycle{lines: [2]int{r1, r2}, cross: cross, columns: columns}
						if len(cross) == 2 {
							goto found
						}
					}
				}
			}
		}
	}
	if best == nil {
		return nil
	}
found:
	out := append([]uint8(nil), sol...)
	for _, k := range best.cross {
		a, c := at(best.lines[0], k, best.columns), at(best.lines[1], k, best.columns)
		out[a], out[c] = out[c], out[a]
	}
	if !p.IsSolutionOf(out) {
		return nil // cannot happen: the exchange keeps every unit whole
	}
	return out
}

// disjointExchanges returns unavoidable sets of sol free of givens that
// share no cell, each as the pairs of cells it exchanges: the column cycles
// of rows 0 and 1 of every band, 2 and 3, and so on. Exchanging any subset
// of them gives a solution, a different one for every subset, since each
// exchange changes its own cells only.
func disjointExchanges(p *Puzzle, sol []uint8) [][][2]int {
	b, n := p.Box, p.Size()
	var out [][][2]int
	where := make([]int, n+1)
	seen := make([]bool, n)
	for r1 := 0; r1 < n; r1++ {
		r2 := r1 + 1
		if r1%b%2 != 0 || r2%b == 0 {
			continue // rows pair up inside their band
		}
		for k := range n {
			where[sol[r1*n+k]] = k
		}
		clear(seen)
		for k0 := range n {
			if seen[k0] {
				continue
			}
			var pairs [][2]int
			ok := true
			for k := k0; !seen[k]; k = where[sol[r2*n+k]] {
				seen[k] = true
				pairs = append(pairs, [2]int{r1*n + k, r2*n + k})
				ok = ok && p.Cells[r1*n+k] == 0 && p.Cells[r2*n+k] == 0
			}
			if ok {
				out = append(out, pairs)
			}
		}
	}
	return out
}
