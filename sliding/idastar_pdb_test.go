package sliding

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestPDBSearchRanks walks at random and checks, after every move, that
// the ranks the search keeps by its updates equal the ranks computed
// afresh, in the position and in its reflection, on square and oblong
// boards and for patterns of one to five tiles.
func TestPDBSearchRanks(t *testing.T) {
	cases := []struct {
		rows, cols int
		patterns   [][]uint8
	}{
		{3, 3, [][]uint8{{1, 2, 3, 4}, {5, 6, 7, 8}}},
		{3, 3, [][]uint8{{8}, {1, 5}, {2, 3, 4, 6, 7}}},
		{4, 4, [][]uint8{{1, 2, 3, 4}, {5, 6, 7, 8}, {9, 10, 11, 12}, {13, 14, 15}}},
		{4, 4, [][]uint8{{15, 1, 9}, {2, 14, 3, 8}, {4, 13, 5}, {12, 6, 11, 7, 10}}},
		{3, 4, [][]uint8{{1, 2, 3, 4, 5}, {6, 7, 8, 9, 10, 11}}},
		{5, 5, [][]uint8{{1, 2, 3}, {4, 5, 6}, {7, 8, 9}, {10, 11, 12}, {13, 14, 15}, {16, 17, 18}, {19, 20, 21}, {22, 23, 24}}},
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for _, tc := range cases {
		var pats []*pattern
		for _, tiles := range tc.patterns {
			pt := newPattern(tc.rows, tc.cols, tiles)
			pt.table = make([]byte, (pt.size+1)/2)
			pats = append(pats, pt)
		}
		set, err := newPDBSet("test", tc.rows, tc.cols, pats)
		if err != nil {
			t.Fatal(err)
		}
		b := Shuffle(rng, tc.rows, tc.cols, BlankFirst)
		p := newProblem(b, BlankFirst)
		k := newPDBKernel(p, set)
		k.root(p, 0)
		f := &k.frames[0]
		for step := range 3000 {
			at, rat := randomKernelStep(k, f, p, rng)
			for c := range p.n {
				if set.reflect {
					if want := set.refl[k.cells[c]]; k.rcells[set.refl[c]] != want {
						t.Fatalf("%d×%d step %d: reflected cell %d holds %d, want %d", tc.rows, tc.cols, step, set.refl[c], k.rcells[set.refl[c]], want)
					}
				}
			}
			for i, pt := range pats {
				if want := rankOf(p.n, pt.tiles, &at); k.rank[i] != want {
					t.Fatalf("%d×%d step %d pattern %v: rank %d, want %d", tc.rows, tc.cols, step, pt.tiles, k.rank[i], want)
				}
				if want := rankOf(p.n, pt.tiles, &rat); set.reflect && k.rrank[i] != want {
					t.Fatalf("%d×%d step %d pattern %v: reflected rank %d, want %d", tc.rows, tc.cols, step, pt.tiles, k.rrank[i], want)
				}
			}
		}
	}
}

// TestKernelMatchesGo runs whole searches with the iteration loop of the
// platform (assembly on amd64) and with iterateGo side by side, and
// requires the same result from every call: the same solution or
// outcome, nodes, next bound and position, and pauses at the same points.
// The boards are square and oblong, with and without reflection; the
// solutions are replayed to the goal and their lengths compared with
// IDA* and linear conflict.
func TestKernelMatchesGo(t *testing.T) {
	t.Parallel()
	cases := []struct {
		rows, cols, walk int
		patterns         [][]uint8
	}{
		{3, 3, 40, [][]uint8{{1, 2, 3, 4}, {5, 6, 7, 8}}},
		{4, 4, 60, [][]uint8{{1, 2, 3}, {4, 5, 8}, {6, 7, 11}, {9, 12, 13}, {10, 14, 15}}},
		{3, 4, 50, [][]uint8{{1, 2, 3, 4, 5}, {6, 7, 8, 9, 10, 11}}},
		{4, 2, 40, [][]uint8{{1, 2, 3}, {4, 5, 6, 7}}},
		{5, 5, 34, [][]uint8{{1, 2, 3}, {4, 5, 6}, {7, 8, 9}, {10, 11, 12}, {13, 14, 15}, {16, 17, 18}, {19, 20, 21}, {22, 23, 24}}},
	}
	rng := newRand(44)
	pauses := 0
	for _, tc := range cases {
		set, err := testStore.LoadPatterns(t.Context(), "pdb-kernel-test", tc.rows, tc.cols, tc.patterns)
		if err != nil {
			t.Fatal(err)
		}
		for i := range 6 {
			g := Goal(i % 2)
			b := randomWalk(rng, tc.rows, tc.cols, g, tc.walk)
			p := newProblem(b, g)
			ka, kg := newPDBKernel(p, set), newPDBKernel(p, set)
			bound := ka.root(p, 0)
			for {
				ka.root(p, bound)
				kg.root(p, bound)
				var ra, rg int
				for resume := false; ; resume = true {
					ra, rg = pdbIterate(ka, resume), kg.iterateGo(resume)
					if ra != rg || ka.gen != kg.gen || ka.exp != kg.exp || ka.next != kg.next || ka.depth != kg.depth {
						t.Fatalf("%d×%d bound %d on\n%s: loop returned %d after %d generated, %d expanded, next %d, depth %d; iterateGo %d after %d, %d, next %d, depth %d",
							tc.rows, tc.cols, bound, b, ra, ka.gen, ka.exp, ka.next, ka.depth, rg, kg.gen, kg.exp, kg.next, kg.depth)
					}
					if ra != iterPaused {
						break
					}
					pauses++
				}
				if ka.cells != kg.cells || ka.rcells != kg.rcells || ka.rank != kg.rank || ka.rrank != kg.rrank || ka.vals != kg.vals || ka.rvals != kg.rvals {
					t.Fatalf("%d×%d bound %d: positions differ after the iteration", tc.rows, tc.cols, bound)
				}
				if ra >= 0 {
					if !slices.Equal(ka.path[:ra], kg.path[:ra]) {
						t.Fatalf("%d×%d: paths differ", tc.rows, tc.cols)
					}
					if err := b.Check(p.userMoves(ka.path[:ra]), g); err != nil {
						t.Fatal(err)
					}
					lc := solveChecked(t, b, g, Options{Algorithm: IDAStar, Heuristic: LinearConflict})
					if ra != len(lc.Moves) {
						t.Fatalf("%d×%d: %d moves, linear conflict %d, on\n%s", tc.rows, tc.cols, ra, len(lc.Moves), b)
					}
					break
				}
				if ka.cells != [64]uint8(append(append([]uint8(nil), p.cells...), make([]uint8, 64-p.n)...)) {
					t.Fatalf("%d×%d bound %d: the iteration did not take all its moves back", tc.rows, tc.cols, bound)
				}
				bound = int(ka.next)
			}
		}
	}
	if pauses == 0 {
		t.Error("no search was long enough to pause and resume")
	}
	t.Logf("%d pauses", pauses)
}

// randomKernelStep plays a random child of frame f, makes it the frame's
// position, and returns where each tile stands in the position (at) and
// in its reflection (rat), the cells indexed by tile.
func randomKernelStep(k *pdbKernel, f *pdbFrame, p *problem, rng *rand.Rand) (at, rat [64]uint8) {
	k.list(f)
	kid := &f.kids[rng.IntN(int(f.k))]
	k.play(f, kid, 0, 0)
	*f = pdbFrame{blank: int64(kid.to), rblank: int64(kid.rto), prev: int64(kid.dir)}
	for c := range p.n {
		at[k.cells[c]] = uint8(c)
		rat[k.rcells[c]] = uint8(c)
	}
	return at, rat
}
