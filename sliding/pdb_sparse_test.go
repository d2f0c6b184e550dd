package sliding

import (
	"math/rand/v2"
	"testing"
)

// sparseClone returns a set of the same patterns as set, each with its
// sparse table made (the set's own patterns, shared by other tests, are
// left alone).
func sparseClone(t *testing.T, set *PDBSet) *PDBSet {
	t.Helper()
	var pats []*pattern
	for _, pt := range set.patterns {
		c := *pt
		c.sparse = pt.sparseTable(false, 2)
		if c.sparse == nil {
			t.Fatalf("pattern %v: no sparse table", pt.tiles)
		}
		pats = append(pats, &c)
	}
	s, err := newPDBSet(set.Name, set.rows, set.cols, pats)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestSparseTable checks every placement's entry in the sparse table
// against the compact one.
func TestSparseTable(t *testing.T) {
	t.Parallel()
	cases := []struct {
		rows, cols int
		patterns   [][]uint8
	}{
		{3, 3, [][]uint8{{1, 2, 3, 4}, {5, 6, 7, 8}}},
		{4, 4, [][]uint8{{1, 2, 3, 6, 7}, {4, 5, 8, 9, 12}, {10, 11, 13, 14, 15}}},
		{3, 4, [][]uint8{{1, 2, 3, 4, 5}, {6, 7, 8, 9, 10, 11}}},
		{5, 5, [][]uint8{{1, 2, 3}, {4, 5, 6}, {7, 8, 9}, {10, 11, 12}, {13, 14, 15}, {16, 17, 18}, {19, 20, 21}, {22, 23, 24}}},
	}
	for _, tc := range cases {
		set, err := testStore.LoadPatterns(t.Context(), "pdb-kernel-test", tc.rows, tc.cols, tc.patterns)
		if err != nil {
			t.Fatal(err)
		}
		sparse := sparseClone(t, set)
		for i, pt := range set.patterns {
			sp := sparse.patterns[i]
			cells := make([]uint8, len(pt.tiles))
			for r := range pt.size {
				unrank(pt.n, r, cells)
				var at [64]uint8
				for j, tl := range pt.tiles {
					at[tl] = cells[j]
				}
				if got, want := nibble(sp.sparse, sp.sparseIndex(&at)), int64(pt.delta(r)); got != want {
					t.Fatalf("%d×%d pattern %v placement %v: sparse entry %d, compact %d", tc.rows, tc.cols, pt.tiles, cells, got, want)
				}
			}
		}
	}
}

// TestSparseSearch runs the same iterations with compact and sparse
// tables, by the loop of the platform and by iterateGo, and requires the
// same outcome, nodes and next bound of all three; on random walks, the
// sparse indices the search keeps must equal those computed afresh.
func TestSparseSearch(t *testing.T) {
	t.Parallel()
	cases := []struct {
		rows, cols, walk int
		patterns         [][]uint8
	}{
		{3, 3, 40, [][]uint8{{1, 2, 3, 4}, {5, 6, 7, 8}}},
		{4, 4, 60, [][]uint8{{1, 2, 3}, {4, 5, 8}, {6, 7, 11}, {9, 12, 13}, {10, 14, 15}}},
		{3, 4, 50, [][]uint8{{1, 2, 3, 4, 5}, {6, 7, 8, 9, 10, 11}}},
		{5, 5, 34, [][]uint8{{1, 2, 3}, {4, 5, 6}, {7, 8, 9}, {10, 11, 12}, {13, 14, 15}, {16, 17, 18}, {19, 20, 21}, {22, 23, 24}}},
	}
	rng := newRand(45)
	walker := rand.New(rand.NewPCG(3, 4))
	for _, tc := range cases {
		set, err := testStore.LoadPatterns(t.Context(), "pdb-kernel-test", tc.rows, tc.cols, tc.patterns)
		if err != nil {
			t.Fatal(err)
		}
		sparse := sparseClone(t, set)
		for i := range 4 {
			g := Goal(i % 2)
			b := randomWalk(rng, tc.rows, tc.cols, g, tc.walk)
			p := newProblem(b, g)
			kc, ks, kg := newPDBKernel(p, set), newPDBKernel(p, sparse), newPDBKernel(p, sparse)
			if kc.sparse != 0 || ks.sparse != 1 {
				t.Fatalf("kernels sparse %d and %d, want 0 and 1", kc.sparse, ks.sparse)
			}
			bound := kc.root(p, 0)
			if h := ks.root(p, 0); h != bound {
				t.Fatalf("%d×%d: heuristic %d with sparse tables, %d with compact ones", tc.rows, tc.cols, h, bound)
			}
			for {
				kc.root(p, bound)
				ks.root(p, bound)
				kg.root(p, bound)
				var rc, rs, rg int
				for resume := false; ; resume = true {
					rc, rs, rg = pdbIterate(kc, resume), pdbIterate(ks, resume), kg.iterateGo(resume)
					for _, k := range []*pdbKernel{ks, kg} {
						if rs != rc || rg != rc || k.gen != kc.gen || k.exp != kc.exp || k.next != kc.next || k.depth != kc.depth {
							t.Fatalf("%d×%d bound %d on\n%s: compact %d after %d generated, %d expanded, next %d; sparse %d, %d, %d, %d; sparse in Go %d",
								tc.rows, tc.cols, bound, b, rc, kc.gen, kc.exp, kc.next, rs, k.gen, k.exp, k.next, rg)
						}
					}
					if rc != iterPaused {
						break
					}
				}
				if rc >= 0 {
					if err := b.Check(p.userMoves(ks.path[:rs]), g); err != nil {
						t.Fatal(err)
					}
					break
				}
				bound = int(kc.next)
			}

			// The indices along a random walk.
			k := newPDBKernel(p, sparse)
			k.root(p, 0)
			f := &k.frames[0]
			for step := range 500 {
				at, rat := randomKernelStep(k, f, p, walker)
				for i, pt := range sparse.patterns {
					if want := pt.sparseIndex(&at); k.rank[i] != want {
						t.Fatalf("%d×%d step %d pattern %v: index %d, want %d", tc.rows, tc.cols, step, pt.tiles, k.rank[i], want)
					}
					if want := pt.sparseIndex(&rat); sparse.reflect && k.rrank[i] != want {
						t.Fatalf("%d×%d step %d pattern %v: reflected index %d, want %d", tc.rows, tc.cols, step, pt.tiles, k.rrank[i], want)
					}
				}
			}
		}
	}
}
