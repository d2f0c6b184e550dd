//go:build amd64 && !purego

package sudoku

import (
	"context"
	"math/bits"
	"math/rand/v2"
	"path/filepath"
	"slices"
	"testing"
	"unsafe"
)

// s9Root returns the root state of a 9×9 puzzle whose givens do not clash.
func s9Root(p *Puzzle) (state9, bool) {
	var placed [10][3]uint32
	for c, v := range p.Cells {
		placed[v][c/27] |= 1 << (c % 27)
	}
	var st state9
	if !conflictFree9(&placed) {
		return st, false
	}
	st.setGivens(&placed)
	return st, true
}

// s9SpreadGo is spread with the assembly turned off.
func s9SpreadGo(st *state9, dirty uint32) bool {
	defer func(w bool) { spread9Wide = w }(spread9Wide)
	spread9Wide = false
	return st.spread(dirty)
}

// s9Descend follows a random path from the root of p: at each step the Go
// spread and the assembly sweep start from the same state and must reach
// the same one, then a random candidate of an unplaced cell is either
// placed or taken out, as the search does. It returns the number of states
// compared.
func s9Descend(t *testing.T, p *Puzzle, rng *rand.Rand) int {
	st, ok := s9Root(p)
	if !ok {
		return 0
	}
	dirty := uint32(band27)
	for n := 1; ; n++ {
		a, b := st, st
		okA, okB := s9SpreadGo(&a, dirty), spread9AVX2(&b)
		if okA != okB || okA && a != b {
			t.Fatalf("line %d, step %d: Go %v %x %x, AVX2 %v %x %x", p.Line, n, okA, a.f, a.u, okB, b.f, b.u)
		}
		if !okA || a.u == [3]uint32{} {
			return n
		}
		st = a
		var cand []int // words i with a candidate bit at an unplaced cell
		var cell []uint32
		for i, m := range st.f {
			for m &= st.u[i%3]; m != 0; m &= m - 1 {
				cand, cell = append(cand, i), append(cell, m&-m)
			}
		}
		k := rng.IntN(len(cand))
		i, x := cand[k], cell[k]
		if rng.IntN(2) == 0 {
			st.f[i] &= ^t9Row[bits.TrailingZeros32(x)] | x
		} else {
			st.f[i] &^= x
		}
		dirty = 1 << i
	}
}

// TestSpread9AVX2 holds the assembly sweep equal to the Go spread, state
// for state, on random paths from random puzzles and from the tdoku files.
func TestSpread9AVX2(t *testing.T) {
	if !cpuAVX2() {
		t.Skip("no AVX2")
	}
	rng := rand.New(rand.NewPCG(15, 9))
	states := 0
	for range 300 {
		p := s9RandomPuzzle(rng, 30+rng.IntN(45))
		for range 5 {
			states += s9Descend(t, p, rng)
		}
	}
	for _, name := range s9TdokuSets {
		ps := sharedPuzzles(t, filepath.Join("tdoku", name))
		for k := 0; k < len(ps); k += max(1, len(ps)/300) {
			for range 3 {
				states += s9Descend(t, ps[k], rng)
			}
		}
	}
	if states < 5000 {
		t.Fatalf("only %d states compared", states)
	}
}

// TestSolve9AVX2SameSearch holds the search with the assembly equal to the
// search without it: the same nodes and the same solutions.
func TestSolve9AVX2SameSearch(t *testing.T) {
	if !cpuAVX2() {
		t.Skip("no AVX2")
	}
	defer func(w, z bool) { spread9Wide, propagate9Wide = w, z }(spread9Wide, propagate9Wide)
	propagate9Wide = false // the AVX-512 propagate would take the place of spread
	solve := func(p *Puzzle, wide bool) Result {
		spread9Wide = wide
		r, err := solve9x9(context.Background(), p, 2)
		if err != nil {
			t.Fatalf("line %d: %v", p.Line, err)
		}
		return r
	}
	rng := rand.New(rand.NewPCG(15, 10))
	ps := []*Puzzle{}
	for range 300 {
		ps = append(ps, s9RandomPuzzle(rng, 40+rng.IntN(30)))
	}
	for _, name := range s9TdokuSets {
		all := sharedPuzzles(t, filepath.Join("tdoku", name))
		for k := 0; k < len(all); k += max(1, len(all)/200) {
			ps = append(ps, all[k])
		}
	}
	for _, p := range ps {
		a, b := solve(p, false), solve(p, true)
		if a.Stats.Nodes != b.Stats.Nodes || !slices.EqualFunc(a.Solutions, b.Solutions, slices.Equal) {
			t.Fatalf("line %d: Go %d nodes %v, AVX2 %d nodes %v", p.Line, a.Stats.Nodes, a.Solutions, b.Stats.Nodes, b.Solutions)
		}
	}
}

// s9Propagate runs propagate on st with or without AVX-512.
func s9Propagate(s *solver9, st *state9, dirty uint32, wide bool) int {
	defer func(w bool) { propagate9Wide = w }(propagate9Wide)
	propagate9Wide = wide
	return s.propagate(st, dirty)
}

// s9DescendPropagate follows a random path from the root of p, as
// s9Descend does, holding propagate with AVX-512 equal to propagate without
// it: the same outcome, the same state and the same cell to guess on. It
// returns the number of states compared.
func s9DescendPropagate(t *testing.T, p *Puzzle, rng *rand.Rand) int {
	st, ok := s9Root(p)
	if !ok {
		return 0
	}
	var goS, wideS solver9
	dirty := uint32(band27)
	for n := 1; ; n++ {
		a, b := st, st
		ra, rb := s9Propagate(&goS, &a, dirty, false), s9Propagate(&wideS, &b, dirty, true)
		if ra != rb || ra != p9Contradiction && a != b || ra == p9Stuck && (goS.gb != wideS.gb || goS.gx != wideS.gx || goS.gi != wideS.gi) {
			t.Fatalf("line %d, step %d: Go %d %x %x guess %d %x %d, AVX-512 %d %x %x guess %d %x %d\nfrom %x %x",
				p.Line, n, ra, a.f, a.u, goS.gb, goS.gx, goS.gi, rb, b.f, b.u, wideS.gb, wideS.gx, wideS.gi, st.f, st.u)
		}
		if ra != p9Stuck {
			return n
		}
		st = a
		var cand []int // words i with a candidate bit at an unplaced cell
		var cell []uint32
		for i, m := range st.f {
			for m &= st.u[i%3]; m != 0; m &= m - 1 {
				cand, cell = append(cand, i), append(cell, m&-m)
			}
		}
		k := rng.IntN(len(cand))
		i, x := cand[k], cell[k]
		if rng.IntN(2) == 0 {
			st.f[i] &= ^t9Row[bits.TrailingZeros32(x)] | x
		} else {
			st.f[i] &^= x
		}
		dirty = 1 << i
	}
}

// TestPropagate9AVX512 holds propagate with AVX-512 equal to the Go
// propagate, state for state, on random paths from random puzzles and from
// the tdoku files, and on random sets of candidates.
func TestPropagate9AVX512(t *testing.T) {
	if !cpuAVX512() {
		t.Skip("no AVX-512")
	}
	rng := rand.New(rand.NewPCG(15, 11))
	states := 0
	for range 300 {
		p := s9RandomPuzzle(rng, 30+rng.IntN(50))
		for range 5 {
			states += s9DescendPropagate(t, p, rng)
		}
	}
	for _, name := range s9TdokuSets {
		ps := sharedPuzzles(t, filepath.Join("tdoku", name))
		for k := 0; k < len(ps); k += max(1, len(ps)/300) {
			for range 3 {
				states += s9DescendPropagate(t, ps[k], rng)
			}
		}
	}
	// Random candidates: each cell of a random grid keeps its digit (but
	// for one cell in 100 or so) and others at random, so that some states
	// are contradictions and some not.
	var goS, wideS solver9
	outcomes := [3]int{}
	for range 20000 {
		g := s9RandomGrid(rng)
		var st state9
		keep, drop := rng.IntN(8), rng.IntN(2)
		for c, v := range g {
			b, x := c/27, uint32(1)<<(c%27)
			st.u[b] |= x
			for d := range 9 {
				if d+1 == int(v) && (drop == 0 || rng.IntN(100) != 0) || rng.IntN(16) < keep {
					st.f[3*d+b] |= x
				}
			}
		}
		a, b := st, st
		ra, rb := s9Propagate(&goS, &a, band27, false), s9Propagate(&wideS, &b, band27, true)
		if ra != rb || ra != p9Contradiction && a != b || ra == p9Stuck && (goS.gb != wideS.gb || goS.gx != wideS.gx || goS.gi != wideS.gi) {
			t.Fatalf("from %x %x: Go %d %x %x, AVX-512 %d %x %x", st.f, st.u, ra, a.f, a.u, rb, b.f, b.u)
		}
		outcomes[ra]++
		states++
	}
	t.Logf("%d states compared; random candidates: %v (contradiction, solved, stuck)", states, outcomes)
	for k, n := range outcomes {
		if n < 100 {
			t.Errorf("only %d random states with outcome %d", n, k)
		}
	}
}

// TestSolve9AVX512SameSearch holds the search in assembly equal to the
// search in Go: the same nodes and the same solutions in the same order,
// when proving uniqueness, when finding one solution and when listing up
// to 2000, which also takes the assembly through its hand-overs to Go every
// 1024 nodes and through the guesses Go chooses when no cell has two
// candidates.
func TestSolve9AVX512SameSearch(t *testing.T) {
	if !cpuAVX512() {
		t.Skip("no AVX-512")
	}
	defer func(w bool) { propagate9Wide = w }(propagate9Wide)
	solve := func(p *Puzzle, limit int, wide bool) Result {
		propagate9Wide = wide
		r, err := solve9x9(context.Background(), p, limit)
		if err != nil {
			t.Fatalf("line %d: %v", p.Line, err)
		}
		return r
	}
	rng := rand.New(rand.NewPCG(15, 12))
	ps := []*Puzzle{{Box: 3, Cells: make([]uint8, 81)}}
	for range 300 {
		ps = append(ps, s9RandomPuzzle(rng, 40+rng.IntN(30)))
	}
	for _, name := range s9TdokuSets {
		all := sharedPuzzles(t, filepath.Join("tdoku", name))
		for k := 0; k < len(all); k += max(1, len(all)/200) {
			ps = append(ps, all[k])
		}
	}
	var handovers, big int
	for _, p := range ps {
		for _, limit := range []int{2, 1, 2000} {
			a, b := solve(p, limit, false), solve(p, limit, true)
			if a.Stats.Nodes != b.Stats.Nodes || !slices.EqualFunc(a.Solutions, b.Solutions, slices.Equal) {
				t.Fatalf("line %d, limit %d: Go %d nodes %v, AVX-512 %d nodes %v", p.Line, limit, a.Stats.Nodes, a.Solutions, b.Stats.Nodes, b.Solutions)
			}
			if a.Stats.Nodes >= 1024 {
				handovers++
			}
			if len(a.Solutions) == 2000 {
				big++
			}
		}
	}
	if handovers < 10 || big < 10 {
		t.Fatalf("too few searches of 1024 nodes or more (%d) or with 2000 solutions (%d)", handovers, big)
	}
}

// TestSearch9Layout holds the offsets of search9's fields to those the
// assembly uses (S9KEY and the others in solve9_prop_amd64.s).
func TestSearch9Layout(t *testing.T) {
	var s search9
	got := []uintptr{unsafe.Offsetof(s.key), unsafe.Offsetof(s.contra), unsafe.Offsetof(s.nodes), unsafe.Offsetof(s.depth),
		unsafe.Offsetof(s.sol), unsafe.Offsetof(s.cur), unsafe.Offsetof(s.stack), unsafe.Offsetof(s.keys),
		unsafe.Offsetof(s.pend), unsafe.Offsetof(s.pendAt)}
	want := []uintptr{120, 124, 128, 136, 144, 256, 512, 21248, 21632, 21636}
	if !slices.Equal(got, want) || unsafe.Sizeof(s.st) != 120 || unsafe.Sizeof(s.stack[0]) != 256 {
		t.Fatalf("offsets %v, want %v", got, want)
	}
}

// TestGivens9AVX512 holds readGivens with AVX-512 equal to the Go reading
// on random grids: values over 9, digits given twice and valid givens.
func TestGivens9AVX512(t *testing.T) {
	if !cpuAVX512() {
		t.Skip("no AVX-512")
	}
	defer func(w bool) { givens9Wide = w }(givens9Wide)
	rng := rand.New(rand.NewPCG(15, 13))
	seen := [2]int{}
	for n := range 30000 {
		var cells []uint8
		if n%2 == 0 { // a puzzle from a grid, valid
			cells = s9RandomPuzzle(rng, 20+rng.IntN(62)).Cells
		} else {
			cells = make([]uint8, 81)
			for range rng.IntN(30) {
				cells[rng.IntN(81)] = uint8(1 + rng.IntN(9))
			}
		}
		if rng.IntN(40) == 0 {
			cells[rng.IntN(81)] = uint8(10 + rng.IntN(246))
		}
		var a, b state9
		givens9Wide = false
		okA := a.readGivens(cells)
		givens9Wide = true
		okB := b.readGivens(cells)
		if okA != okB || okA && a != b {
			t.Fatalf("%v: Go %v %x %x, AVX-512 %v %x %x", cells, okA, a.f, a.u, okB, b.f, b.u)
		}
		if okA {
			seen[1]++
		} else {
			seen[0]++
		}
	}
	if seen[0] < 1000 || seen[1] < 1000 {
		t.Fatalf("too few of a kind: %d invalid, %d valid", seen[0], seen[1])
	}
}

// TestSolution9AVX512 holds the grid written with AVX-512 equal to the Go
// one and to the grid the solved state comes from.
func TestSolution9AVX512(t *testing.T) {
	if !cpuAVX512() {
		t.Skip("no AVX-512")
	}
	rng := rand.New(rand.NewPCG(15, 14))
	for range 2000 {
		grid := s9RandomGrid(rng)
		var st state9
		for c, v := range grid {
			st.f[3*int(v-1)+c/27] |= 1 << (c % 27)
		}
		var a, b [81]uint8
		st.solution(&a)
		b[80] = 99
		solution9AVX512(&st, &b)
		if a != b || !slices.Equal(a[:], grid) {
			t.Fatalf("grid %v: Go %v, AVX-512 %v", grid, a, b)
		}
	}
}

// s9WideFrom runs search9AVX512 from a guess of st, on the cell and digit
// of key (mode 3), to the end, and returns the solutions in the order found
// and the nodes.
func s9WideFrom(st state9, key uint32) ([][]uint8, int64) {
	w := &search9{st: st, key: key}
	var sols [][]uint8
	for mode := uint32(3); ; {
		switch search9AVX512(w, mode) {
		case 0:
			return sols, w.nodes
		case 1:
			sols, mode = append(sols, slices.Clone(w.sol[:])), 1
		case 2:
			mode = 2
		case 3:
			var s solver9
			s.pickFewest(&w.st)
			s.guessWord(&w.st)
			c := 27*s.gb + bits.TrailingZeros32(s.gx)
			w.key, mode = uint32(s.gi/3)<<16|uint32(127-c), 3
		}
	}
}

// s9GoFrom runs the Go search from st, whose words in dirty changed, to the
// end, and returns the solutions in the order found and the nodes. met
// says whether the search met a contradiction before, and after.
func s9GoFrom(st state9, dirty uint32, met *bool) ([][]uint8, int64) {
	defer func(w bool) { propagate9Wide = w }(propagate9Wide)
	propagate9Wide = false
	t9Tables()
	s := &solver9{sink: &sink{limit: -1}, ctx: context.Background(), contradicted: *met}
	s.done = s.ctx.Done()
	s.stack[0] = st
	s.search(0, dirty)
	*met = s.contradicted
	return s.sink.sols, s.nodes
}

// TestSearch9AVX512Guess holds every guess of the search in assembly, which
// places the digit in the cell at once and, when the cell had two digits,
// places the other in the other branch, to the two branches of the Go
// search (the second knowing whether the first met a contradiction): for every candidate of every open cell of stuck states of random
// puzzles, the search from that guess lists the Go search's solutions of
// the cell with the digit, then those of the cell without it, in the same
// order and with the same nodes; and as many as the brute-force oracle
// counts for the puzzle.
func TestSearch9AVX512Guess(t *testing.T) {
	if !cpuAVX512() {
		t.Skip("no AVX-512")
	}
	rng := rand.New(rand.NewPCG(15, 13))
	var guesses, pairs, wide, digit9 int
	for puzzles := 0; puzzles < 12; {
		p := s9RandomPuzzle(rng, 45+rng.IntN(12))
		total := s9Count(p.Cells, 500)
		if total >= 500 {
			continue
		}
		st, _ := s9Root(p)
		var goS solver9
		if s9Propagate(&goS, &st, band27, false) != p9Stuck {
			continue
		}
		puzzles++
		for c := range 81 {
			b, x := c/27, uint32(1)<<(c%27)
			if st.u[b]&x == 0 {
				continue
			}
			n := 0
			for d := range 9 {
				if st.f[3*d+b]&x != 0 {
					n++
				}
			}
			for d := range 9 {
				i := 3*d + b
				if st.f[i]&x == 0 {
					continue
				}
				one, two := st, st
				one.f[i] &= ^t9Row[c%27] | x
				two.f[i] &^= x
				// The second branch starts where the first ended,
				// knowing whether it met a contradiction (farGuesses).
				met := false
				sols1, nodes1 := s9GoFrom(one, 1<<i, &met)
				sols2, nodes2 := s9GoFrom(two, 1<<i, &met)
				want := append(sols1, sols2...)
				got, nodes := s9WideFrom(st, uint32(d)<<16|uint32(127-c))
				if nodes != 2+nodes1+nodes2 || !slices.EqualFunc(got, want, slices.Equal) {
					t.Fatalf("%v: guess %d in r%dc%d: AVX-512 %d solutions, %d nodes; Go %d+%d solutions, 2+%d+%d nodes",
						p, d+1, c/9+1, c%9+1, len(got), nodes, len(sols1), len(sols2), nodes1, nodes2)
				}
				if len(got) != total {
					t.Fatalf("%v: guess %d in r%dc%d: %d solutions, the oracle counts %d", p, d+1, c/9+1, c%9+1, len(got), total)
				}
				s9CheckSolutions(t, p, got)
				guesses++
				if n == 2 {
					pairs++
				} else {
					wide++
				}
				if d == 8 {
					digit9++
				}
			}
		}
	}
	t.Logf("%d guesses: %d in cells with two digits, %d with more, %d of digit 9", guesses, pairs, wide, digit9)
	if pairs < 100 || wide < 100 || digit9 < 30 {
		t.Fatalf("too few guesses of a kind: %d, %d, %d", pairs, wide, digit9)
	}
}
