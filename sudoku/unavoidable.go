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
