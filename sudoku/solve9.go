package sudoku

// The 9×9 solver keeps, for every digit, the set of cells where the digit
// may still go as a bitboard split into three bands of three rows, 27 bits
// each. Most deductions then work on one (digit, band) word at a time:
//
//   - Inside a band a digit fills one minirow (three cells of a row in a
//     box) per row and per box. A table indexed by the nine-bit pattern of
//     the minirows that still hold the digit keeps only the minirows that
//     belong to some such placement. This one lookup gives the box-line
//     (locked candidate) eliminations inside the band, hidden singles in
//     rows and boxes, and detects a row or box left without the digit.
//   - A box whose candidates for the digit lie in one column removes that
//     column from the two other bands (pointing, and placed digits).
//   - A row of a band with one candidate left places the digit there: the
//     cell is removed from the eight other digits' boards.
//
// The words to look at are taken in batches, so that the loop over a batch
// does not wait for one word's outcome to pick the next. Before that, each
// given takes its digit out of its row, column and box at once; the givens
// are checked on the way in (a digit given n times must take n rows,
// columns and boxes), so that Solve need not check a 9×9 grid first.
//
// On amd64 with AVX2, once four words or more are dirty, the rest of the
// work goes to a sweep in assembly (solve9_spread_amd64.s) that applies the
// same deductions to all 27 words at once, the digits of a band side by
// side in one register, until a sweep changes nothing: it reaches the same
// state, since every deduction only removes candidates.
//
// On amd64 with AVX-512, propagate hands its whole work to a loop in
// assembly (solve9_prop_amd64.s) that holds the 27 words in two 512-bit
// registers and applies every deduction below to all of them in each pass,
// until a pass changes nothing, then picks the guess by the same rule. The
// whole search runs there (search9AVX512): the state stays in the
// registers from node to node, the other branch of each guess waits on a
// stack, and Go is called back only for a solution, every 1024 nodes (to
// check the context) and to choose a guess when no cell has two
// candidates, so it visits the same nodes in the same order as search.
// A guess there places its digit at once (the digit leaves the cell's
// row, box and column, the other digits leave the cell), and so does the
// other branch when the cell had two digits; the propagation reaches the
// state it would reach from the bare guess, since every deduction only
// removes candidates, in fewer passes. The givens are read and the
// solutions written there too.
//
// When no word changes any more, naked singles are found by counting the
// candidates of all cells of a band at once across the nine boards
// (bit-sliced counters for one, two and three candidates), and a column
// pass finds columns whose digit lies in one band (claiming, which also
// yields hidden singles in columns). If the grid is still open the solver
// guesses on a cell with two candidates, the one that sees the most
// unsolved cells, trying one digit on a copy of the state and then removing
// it from the cell; the digit tried first is the one with the most cells
// left in the band, which on grids with many solutions reaches one in
// fewer guesses. Until the search meets its first contradiction, such a
// guess goes with up to two more on the best cells with two candidates in
// the other bands and stacks, so that no guess touches another's cell
// (farGuesses): the search tries all of them, then the first ones with the
// last one's other branch, and so on, and the group propagates in about
// the passes of one guess. Grids with many solutions meet few
// contradictions and take one guess after another; on hard grids the
// first contradiction comes within a few guesses. The states live on a
// fixed stack, one per depth, so the search allocates nothing but the
// solutions. Stats.Nodes counts both
// branches of every guess, as the general engine counts every value it
// tries.
//
// The ideas come from the fast bitboard solvers discussed on the
// enjoysudoku forum: JCZSolve by "champagne" and zhouyundong (digits ×
// bands of 27 bits, band tables for the box-line logic), fsss2 by Mladen
// Dobrichev (bit-sliced naked singles, bivalue guesses), and Tom Dillon's
// write-up of tdoku, which compares these designs. The code is our own.

import (
	"context"
	"errors"
	"math/bits"
	"sync"
)

const band27 = 1<<27 - 1

// state9 is one node of the 9×9 search: f[3d+b] holds the cells of band b
// (rows 3b..3b+2, bit 9r+c for row 3b+r and column c) where digit d+1 is
// still possible, u[b] the cells of band b not yet placed.
type state9 struct {
	f [27]uint32
	u [3]uint32
}

type solver9 struct {
	sink  *sink
	nodes int64
	ctx   context.Context
	done  <-chan struct{}
	err   error
	gb    int    // band of the cell to guess on, set by propagate
	gx    uint32 // bit of that cell in its band
	gi    int    // the word of the digit to try in that cell
	// bivalue says that the cell of the guess has two candidates, and
	// contradicted that the search has met a contradiction: until then a
	// guess on such a cell goes with up to two more (farGuesses).
	bivalue      bool
	contradicted bool
	// boxKey holds, for each box (3 × band + stack), the key of pickGuess
	// of its best cell with two candidates, 0 for none, while the search
	// makes groups.
	boxKey [9]int
	// A node at depth k has placed k cells more than the root, so 81
	// guesses at most lie between the root and a leaf.
	stack [82]state9
	wide  search9 // the search in assembly (search9AVX512), with its stack
	// own is the sink of a search that keeps its one or two solutions in
	// the rest of the slabs cells (their cells) and lists (Result.Solutions).
	own   sink
	cells []uint8
	lists [][]uint8
	// givens are the puzzle's cells, and swapped the room for a second
	// solution made from the first (secondBySwap).
	givens  *[81]uint8
	swapped [81]uint8
}

// Outcomes of propagate.
const (
	p9Contradiction = iota
	p9Solved
	p9Stuck
)

var solver9Pool = sync.Pool{New: func() any { return new(solver9) }}

// solve9x9 solves a 9×9 puzzle with the bitboard solver, stopping after
// limit solutions if limit > 0.
func solve9x9(ctx context.Context, p *Puzzle, limit int) (Result, error) {
	k := &sink{limit: limit}
	res, err := solve9x9Into(ctx, p, k, limit, nil)
	res.Solutions = k.sols
	return res, err
}

// solve9x9Into is solve9x9 with the solutions going to k. With k nil,
// it keeps up to limit solutions, 1 or 2, in Result.Solutions, and
// Result.Count says how many it found: they are cut from slabs that the
// pooled solver hands out a piece at a time, so that a puzzle costs no
// allocation of its own, or written over the grids of reuse when it holds
// limit of them with room for 81 cells each (SolveInto).
func solve9x9Into(ctx context.Context, p *Puzzle, k *sink, limit int, reuse [][]uint8) (Result, error) {
	if p.Box != 3 || len(p.Cells) != 81 {
		return Result{}, errors.New("sudoku: solve9x9 needs a 9×9 grid")
	}
	if !propagate9Wide {
		t9Tables()
	}
	s := solver9Pool.Get().(*solver9)
	root := &s.stack[0]
	if propagate9Wide {
		root = &s.wide.st
	}
	if !root.readGivens(p.Cells) {
		solver9Pool.Put(s)
		return Result{}, errGivens9
	}
	own := k == nil
	lent := own && roomFor(reuse, limit, 81)
	switch {
	case lent:
		s.own = sink{limit: limit, sols: reuse[:0:limit], lent: reuse[:limit]}
		k = &s.own
	case own:
		if len(s.cells) < 2*81 || len(s.lists) < 2 {
			s.cells, s.lists = make([]uint8, slab9*81), make([][]uint8, slab9)
		}
		s.own = sink{limit: limit, spare: s.cells[: limit*81 : limit*81], sols: s.lists[:0:limit]}
		k = &s.own
	}
	s.sink, s.nodes, s.ctx, s.done, s.err = k, 0, ctx, ctx.Done(), nil
	s.contradicted = false
	s.givens = (*[81]uint8)(p.Cells)
	if !s.cancelled() {
		if propagate9Wide {
			s.searchWide()
		} else {
			s.search(0, band27)
		}
	}
	res := Result{Stats: Stats{Nodes: s.nodes}}
	if own {
		if n := k.count; n > 0 {
			res.Solutions, res.Count = k.sols[:n:n], n
			if !lent {
				s.cells, s.lists = s.cells[n*81:], s.lists[n:]
			}
		}
		s.own = sink{}
	}
	err := s.err
	s.sink, s.ctx, s.done, s.err, s.givens = nil, nil, nil, nil, nil
	solver9Pool.Put(s)
	return res, err
}

// roomFor reports whether grids holds limit grids with room for n cells each.
func roomFor(grids [][]uint8, limit, n int) bool {
	if limit < 1 || len(grids) < limit {
		return false
	}
	for _, g := range grids[:limit] {
		if cap(g) < n {
			return false
		}
	}
	return true
}

// slab9 is the number of solutions of a solver's slab.
const slab9 = 256

// readGivens sets st to the root state of the 81 values of cells, and
// reports false if a value is over 9 or a digit is given twice in a unit.
func (st *state9) readGivens(cells []uint8) bool {
	if givens9Wide {
		return givens9AVX512((*[81]uint8)(cells), st)
	}
	var placed [10][3]uint32 // placed[v][b]: givens of value v in band b, v = 0 for empty
	for c, v := range cells[:81] {
		if v > 9 {
			return false
		}
		placed[v][c/27] |= 1 << (c % 27)
	}
	if !conflictFree9(&placed) {
		return false
	}
	st.setGivens(&placed)
	return true
}

// setGivens sets st to the grid of the givens by value and band (placed[0]
// the empty cells): each given takes its digit out of its row, column and
// box at once, before the propagation starts.
func (st *state9) setGivens(placed *[10][3]uint32) {
	t9Tables()
	st.u = placed[0]
	for d := range 9 {
		g := &placed[d+1]
		cols := fold9(g[0]) | fold9(g[1]) | fold9(g[2])
		cols |= cols<<9 | cols<<18
		for b := range 3 {
			var rows uint32 // the rows of the band where d+1 is given
			for r := 0; r < 27; r += 9 {
				rows |= ((g[b]>>r&0x1FF + 0x1FF) >> 9 & 1) * 0x1FF << r
			}
			boxes := t9BoxCells[t9Boxes[fold9(g[b])]&7]
			st.f[3*d+b] = placed[0][b]&^(rows|cols|boxes) | g[b]
		}
	}
}

// search explores the subtree of stack[depth], whose words in dirty have
// changed, and reports whether to stop.
func (s *solver9) search(depth int, dirty uint32) bool {
	st := &s.stack[depth]
	for {
		switch s.propagate(st, dirty) {
		case p9Contradiction:
			s.contradicted = true
			return false
		case p9Solved:
			return s.record(st, depth > 0)
		}
		i, x := s.gi, s.gx
		if st.f[i]&x == 0 {
			return false // propagate never leaves a cell without candidates
		}
		grouped := false
		if s.bivalue && !s.contradicted {
			group := [3]guess9{{i, x}}
			if n := s.farGuesses(st, &group); n > 1 {
				if s.searchGroup(depth, group[:n]) {
					return true
				}
				grouped = true
			}
		}
		if !grouped {
			if s.step() {
				return true
			}
			next := &s.stack[depth+1]
			*next = *st
			next.f[i] &= ^t9Row[bits.TrailingZeros32(x)] | x
			if s.search(depth+1, 1<<i) {
				return true
			}
		}
		// The other branch: the cell is not d+1.
		if s.step() {
			return true
		}
		st.f[i] &^= x
		dirty = 1 << i
	}
}

// searchGroup searches the branches of a group of guesses at stack[depth]
// (farGuesses), but the first guess's other branch, and reports whether to
// stop: all the guesses, then for k = n-1 down to 1 the first k with the
// other branch of guess k.
func (s *solver9) searchGroup(depth int, group []guess9) bool {
	st, next := &s.stack[depth], &s.stack[depth+1]
	var words uint32
	for _, g := range group {
		words |= 1 << g.word
	}
	for k := len(group); k >= 1; k-- {
		if s.step() {
			return true
		}
		*next = *st
		for _, g := range group[:k] {
			next.f[g.word] &= ^t9Row[bits.TrailingZeros32(g.bit)] | g.bit
		}
		if k < len(group) {
			next.f[group[k].word] &^= group[k].bit
		}
		if s.search(depth+1, words) {
			return true
		}
	}
	return false
}

// searchWide is search in assembly (search9AVX512) from the root at
// s.wide.st: the same nodes in the same order, so the same solutions.
func (s *solver9) searchWide() {
	w := &s.wide
	w.nodes, w.depth, w.contra, w.pend = 0, 0, 0, 0
	for mode := uint32(0); ; {
		switch search9AVX512(w, mode) {
		case 0:
			s.nodes = w.nodes
			return
		case 1:
			sol := s.sink.grid(81)
			copy(sol, w.sol[:])
			if s.sink.add(sol) || w.depth > 0 && s.secondBySwap(sol) {
				s.nodes = w.nodes
				return
			}
			mode = 1
		case 2:
			if s.cancelled() {
				s.nodes = w.nodes
				return
			}
			mode = 2
		case 3:
			s.pickFewest(&w.st)
			s.guessWord(&w.st)
			c := 27*s.gb + bits.TrailingZeros32(s.gx)
			w.key = uint32(s.gi/3)<<16 | uint32(127-c)
			mode = 3
		}
	}
}

// step counts a search node, a branch of a guess, and reports whether the
// search must stop because ctx is done, which it checks every 1024 nodes.
func (s *solver9) step() bool {
	s.nodes++
	return s.nodes&1023 == 0 && s.cancelled()
}

func (s *solver9) cancelled() bool {
	select {
	case <-s.done:
		s.err = s.ctx.Err()
		return true
	default:
		return false
	}
}

// record hands the solution of st to the sink and reports whether to stop;
// pending says whether branches are left to search.
func (s *solver9) record(st *state9, pending bool) bool {
	sol := s.sink.grid(81)
	g := (*[81]uint8)(sol)
	if givens9Wide {
		solution9AVX512(st, g)
	} else {
		st.solution(g)
	}
	return s.sink.add(sol) || pending && s.secondBySwap(sol)
}

// secondBySwap ends a search for two solutions at the first, sol, just
// handed to the sink, when a deadly rectangle free of givens makes a second
// of it (rectangle9.go): it hands that one to the sink too and reports
// true. Otherwise the search goes on for a second solution. It is asked
// only while branches are left to search: without them the puzzle is
// unique, and no rectangle can be free of givens. Without AVX-512 the
// look-up costs more than it saves (rectangle9.go), and is not made.
func (s *solver9) secondBySwap(sol []uint8) bool {
	k := s.sink
	if !rectangle9Wide || k.limit != 2 || k.count != 1 || !secondBySwap9(s.givens, (*[81]uint8)(sol), &s.swapped) {
		return false
	}
	second := k.grid(81)
	copy(second, s.swapped[:])
	k.add(second)
	return true
}

// solution writes the grid of the solved state st to g.
func (st *state9) solution(g *[81]uint8) {
	// A solved state holds one cell per row in every word.
	f := &st.f
	for d := range 9 {
		v := uint8(d + 1)
		for b := range 3 {
			m, o := f[3*d+b], 27*b
			g[o+bits.TrailingZeros32(m&0x1FF)&15] = v
			g[o+9+bits.TrailingZeros32(m>>9&0x1FF)&15] = v
			g[o+18+bits.TrailingZeros32(m>>18)&15] = v
		}
	}
}

// errGivens9 says that a value of a 9×9 grid is over 9 or that a digit is
// given twice in a unit; Validate says which.
var errGivens9 = errors.New("sudoku: solve9x9: invalid givens")

// conflictFree9 reports whether no digit is given twice in a row, column
// or box, from the givens by value and band: a digit given n times must
// take n rows, n columns and n boxes.
func conflictFree9(placed *[10][3]uint32) bool {
	for v := 1; v <= 9; v++ {
		var n, rows, boxes int
		var cols uint32
		for _, x := range placed[v] {
			m := (x | x>>1 | x>>2) & 0x1249249 // the minirows that hold the digit
			n += bits.OnesCount32(x)
			rows += bits.OnesCount32((m | m>>3 | m>>6) & 0x40201)
			boxes += bits.OnesCount32((m | m>>9 | m>>18) & 0x49)
			cols |= x | x>>9 | x>>18
		}
		if rows != n || boxes != n || bits.OnesCount32(cols&0x1FF) != n {
			return false
		}
	}
	return true
}

// fold9 maps a band word to its columns that hold a bit.
func fold9(a uint32) uint32 { return (a | a>>9 | a>>18) & 0x1FF }

// nonzero27 is 1 if x, a band word, is not 0, else 0, without a branch.
func nonzero27(x uint32) uint32 { return (x + band27) >> 27 }

// propagate applies the deductions to st, starting with the words in
// dirty, until nothing changes. When it returns p9Stuck, s.gb and s.gx
// name the cell to guess on, and s.gi the word of the digit to try
// (guessWord).
func (s *solver9) propagate(st *state9, dirty uint32) int {
	if propagate9Wide {
		switch key := propagate9AVX512(st); key {
		case 0:
			return p9Contradiction
		case 1:
			return p9Solved
		case 2:
			s.pickFewest(st)
			s.guessWord(st)
		default:
			c := 127 - int(key&127)
			s.gb, s.gx, s.gi = c/27, 1<<(c%27), 3*int(key>>16)+c/27
		}
		// The assembly keeps the boxes' best cells for itself: a search
		// over this propagation (never run: the AVX-512 search is
		// searchWide) would make no groups.
		s.bivalue = false
		return p9Stuck
	}
	for {
		if !st.spread(dirty) {
			return p9Contradiction
		}
		dirty = 0
		if st.u[0]|st.u[1]|st.u[2] == 0 {
			return p9Solved
		}
		// Naked singles, and the cells with two candidates.
		var bi [3]uint32
		for b := range 3 {
			u := st.u[b]
			if u == 0 {
				continue
			}
			one, two, three := st.count9(b)
			if u&^one != 0 {
				return p9Contradiction
			}
			for sg := u &^ two; sg != 0; sg &= sg - 1 {
				p := bits.TrailingZeros32(sg)
				x := uint32(1) << p
				for j := b; j < 27; j += 3 {
					if v := st.f[j]; v&x != 0 {
						if w := v&^t9Row[p] | x; w != v {
							st.f[j] = w
							dirty |= 1 << j
						}
						break
					}
				}
			}
			bi[b] = u & two &^ three
		}
		if dirty != 0 {
			continue
		}
		// Claiming: a column whose digit lies in one band keeps it, in
		// that band, out of the other columns of its box.
		for i := 0; i < 27; i += 3 {
			a0, a1, a2 := st.f[i], st.f[i+1], st.f[i+2]
			c0 := (a0 | a0>>9 | a0>>18) & 0x1FF
			c1 := (a1 | a1>>9 | a1>>18) & 0x1FF
			c2 := (a2 | a2>>9 | a2>>18) & 0x1FF
			if c0|c1|c2 != 0x1FF {
				return p9Contradiction
			}
			m0 := t9Claim[c0&^(c1|c2)] & a0
			m1 := t9Claim[c1&^(c0|c2)] & a1
			m2 := t9Claim[c2&^(c0|c1)] & a2
			st.f[i], st.f[i+1], st.f[i+2] = a0&^m0, a1&^m1, a2&^m2
			dirty |= (nonzero27(m0) | nonzero27(m1)<<1 | nonzero27(m2)<<2) << i
		}
		if dirty != 0 {
			continue
		}
		s.pickGuess(st, &bi)
		s.guessWord(st)
		return p9Stuck
	}
}

// spread applies the band deductions to the words in dirty and to every
// word they change, until none changes, and reports false on a
// contradiction: a digit left without a place in a band.
func (st *state9) spread(dirty uint32) bool {
	for dirty != 0 {
		if spread9Wide && bits.OnesCount32(dirty) >= spread9WideMin {
			return spread9AVX2(st)
		}
		// The words dirty now are taken as a batch: the loop over it
		// does not wait for the result of one word to pick the next,
		// so that the processor overlaps them. A word changed again
		// before its turn in the batch is seen then; one changed after
		// its turn goes to the next batch.
		batch := dirty
		dirty = 0
		for ; batch != 0; batch &= batch - 1 {
			i := bits.TrailingZeros32(batch) & 31
			rest := batch & (batch - 1)
			a := st.f[i]
			a &= t9Perm[t9Boxes[a&0x1FF]|t9Boxes[a>>9&0x1FF]<<3|t9Boxes[a>>18&0x1FF]<<6]
			if a == 0 {
				return false
			}
			st.f[i] = a
			el := t9Pointing[(a|a>>9|a>>18)&0x1FF]
			o := &t9Others[i]
			j, k := o[0], o[1]
			v, w := st.f[j], st.f[k]
			st.f[j], st.f[k] = v&^el, w&^el
			dirty |= (nonzero27(v&el)<<j | nonzero27(w&el)<<k) &^ rest
			b := t9Band[i]
			if nw := (t9Single[a&0x1FF] | t9Single[a>>9&0x1FF]<<9 | t9Single[a>>18&0x1FF]<<18) & st.u[b]; nw != 0 {
				st.u[b] &^= nw
				// Clear the cells from all nine digits, then give them back
				// to digit i.
				f := (*[25]uint32)(st.f[b:])
				v0, v1, v2, v3, v4, v5, v6, v7, v8 := f[0], f[3], f[6], f[9], f[12], f[15], f[18], f[21], f[24]
				f[0], f[3], f[6], f[9], f[12] = v0&^nw, v1&^nw, v2&^nw, v3&^nw, v4&^nw
				f[15], f[18], f[21], f[24] = v5&^nw, v6&^nw, v7&^nw, v8&^nw
				ch := nonzero27(v0&nw) | nonzero27(v1&nw)<<3 | nonzero27(v2&nw)<<6 |
					nonzero27(v3&nw)<<9 | nonzero27(v4&nw)<<12 | nonzero27(v5&nw)<<15 |
					nonzero27(v6&nw)<<18 | nonzero27(v7&nw)<<21 | nonzero27(v8&nw)<<24
				st.f[i] = a
				dirty = (dirty | ch<<b&^rest) &^ (1 << i)
			}
		}
	}
	return true
}

// guessWord sets s.gi to the word, among those of the digits of the cell
// s.gb, s.gx, that holds the most cells of the band, the first of them.
// On grids with many solutions, the digit with the most room left
// reaches a solution in fewer guesses.
func (s *solver9) guessWord(st *state9) {
	s.gi = roomiestWord(st, s.gb, s.gx)
}

// roomiestWord returns the word, among those of the digits of the cell x
// of band b, that holds the most cells of the band, the first of them.
func roomiestWord(st *state9, b int, x uint32) int {
	best, most := 0, -1
	for i := b; i < 27; i += 3 {
		if w := st.f[i]; w&x != 0 {
			if n := bits.OnesCount32(w); n > most {
				best, most = i, n
			}
		}
	}
	return best
}

// pickGuess sets s.gb, s.gx to the cell with two candidates that sees the
// most unsolved cells, or, if no cell has two, to the cell with the fewest.
func (s *solver9) pickGuess(st *state9, bi *[3]uint32) {
	// best packs the score above 127 minus the cell, so that max keeps the
	// first cell of the highest score.
	best := 0
	groups := !s.contradicted // the boxes' best cells, for farGuesses
	if groups {
		s.boxKey = [9]int{}
	}
	for b := range 3 {
		for m := bi[b]; m != 0; m &= m - 1 {
			c := 27*b + bits.TrailingZeros32(m)
			pe := &t9Peers[c]
			n := bits.OnesCount32(st.u[0]&pe[0]) + bits.OnesCount32(st.u[1]&pe[1]) + bits.OnesCount32(st.u[2]&pe[2])
			key := n<<7 | (127 - c)
			best = max(best, key)
			if groups {
				box := 3*b + c%9/3
				s.boxKey[box] = max(s.boxKey[box], key)
			}
		}
	}
	s.bivalue = best != 0
	if best != 0 {
		c := 127 - best&127
		s.gb, s.gx = c/27, 1<<(c%27)
		return
	}
	s.pickFewest(st)
}

// guess9 is a guess: the word of the digit to try and the cell's bit in
// its band.
type guess9 struct {
	word int
	bit  uint32
}

// farGuesses completes the group of guesses that begins with the one in
// s.gb, s.gx, s.gi (group[0]), after pickGuess chose it, and reports its
// size: up to two more, each on the cell with two candidates that sees the
// most unplaced cells in a band and a stack that no guess of the group
// uses yet (so that no guess touches another's cell), given its digit by
// the rule of guessWord.
//
// On grids with many solutions a search meets few contradictions and
// makes one guess after another, each followed by a propagation of a few
// passes; guesses far apart propagate together in about as many passes as
// one. A search stops grouping at its first contradiction: from then on a
// wrong guess is likely, and a group is wrong more often than one guess.
func (s *solver9) farGuesses(st *state9, group *[3]guess9) int {
	c := 27*s.gb + bits.TrailingZeros32(s.gx)
	bands, stacks := 1<<s.gb, 1<<(c%9/3)
	n := 1
	for n < 3 {
		g, ok := s.farGuess(st, bands, stacks)
		if !ok {
			break
		}
		group[n] = g
		n++
		c = 27*(g.word%3) + bits.TrailingZeros32(g.bit)
		bands, stacks = bands|1<<(g.word%3), stacks|1<<(c%9/3)
	}
	return n
}

// farGuess returns the guess on the cell with two candidates outside the
// bands and stacks given (bit sets) that sees the most unplaced cells (the
// first on a tie), the best of the boxes' that pickGuess kept, with the
// digit of guessWord, and whether there is one.
func (s *solver9) farGuess(st *state9, bands, stacks int) (guess9, bool) {
	best := 0
	for box, key := range s.boxKey {
		if bands&(1<<(box/3)) == 0 && stacks&(1<<(box%3)) == 0 {
			best = max(best, key)
		}
	}
	if best == 0 {
		return guess9{}, false
	}
	c := 127 - best&127
	b, x := c/27, uint32(1)<<(c%27)
	return guess9{roomiestWord(st, b, x), x}, true
}

// pickFewest sets s.gb, s.gx to the first cell with the fewest candidates.
func (s *solver9) pickFewest(st *state9) {
	fewest := 10
	for b := range 3 {
		for u := st.u[b]; u != 0; u &= u - 1 {
			x := u & -u
			n := 0
			for d := 0; d < 27; d += 3 {
				if st.f[d+b]&x != 0 {
					n++
				}
			}
			if n < fewest {
				fewest, s.gb, s.gx = n, b, x
			}
		}
	}
}

// count9 returns the cells of band b that hold one candidate or more, two
// or more and three or more, counted bit-sliced across the nine digits.
func (st *state9) count9(b int) (one, two, three uint32) {
	f := (*[25]uint32)(st.f[b:])
	one = f[0]
	two, one = one&f[3], one|f[3]
	three, two, one = two&f[6], two|one&f[6], one|f[6]
	three, two, one = three|two&f[9], two|one&f[9], one|f[9]
	three, two, one = three|two&f[12], two|one&f[12], one|f[12]
	three, two, one = three|two&f[15], two|one&f[15], one|f[15]
	three, two, one = three|two&f[18], two|one&f[18], one|f[18]
	three, two, one = three|two&f[21], two|one&f[21], one|f[21]
	three, two, one = three|two&f[24], two|one&f[24], one|f[24]
	return one, two, three
}
