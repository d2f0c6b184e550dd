package sliding

import (
	"math/rand/v2"
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
		st := newStopper(t.Context())
		s, blank, _, _, _ := newPDBSearch(p, set, st)
		prev := -1
		for step := range 3000 {
			var ms [4]pdbMove
			k := s.moves(&ms, blank, prev)
			m := &ms[rng.IntN(k)]
			s.play(m, blank)
			blank, prev = int(m.to), int(m.dir)
			var pos, rpos [64]uint8
			for c := range s.n {
				pos[s.cells[c]] = uint8(c)
				if set.reflect {
					if want := set.refl[s.cells[c]]; s.rcells[set.refl[c]] != want {
						t.Fatalf("%d×%d step %d: reflected cell %d holds %d, want %d", tc.rows, tc.cols, step, set.refl[c], s.rcells[set.refl[c]], want)
					}
					rpos[s.rcells[c]] = uint8(c)
				}
			}
			for i, pt := range pats {
				if want := rankOf(s.n, pt.tiles, &pos); s.rank[i] != want {
					t.Fatalf("%d×%d step %d pattern %v: rank %d, want %d", tc.rows, tc.cols, step, pt.tiles, s.rank[i], want)
				}
				if want := rankOf(s.n, pt.tiles, &rpos); set.reflect && s.rrank[i] != want {
					t.Fatalf("%d×%d step %d pattern %v: reflected rank %d, want %d", tc.rows, tc.cols, step, pt.tiles, s.rrank[i], want)
				}
			}
		}
		st.release()
	}
}
