package sliding

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
)

// smallPDB returns a database set for 3×3 (tiles 1-4 and 5-8) or 4×4
// (five patterns of three tiles), built in memory.
func smallPDB(t testing.TB, side int) *PDBSet {
	t.Helper()
	tiles := [][]uint8{{1, 2, 3, 4}, {5, 6, 7, 8}}
	if side == 4 {
		tiles = [][]uint8{{1, 2, 3}, {4, 5, 8}, {6, 7, 11}, {9, 12, 13}, {10, 14, 15}}
	}
	s, err := testStore.LoadPatterns(context.Background(), "pdb-test", side, side, tiles)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

var testStore = &Store{}

// evaluators returns a fresh evaluator of every kind for a board size.
func evaluators(t testing.TB, rows, cols int) map[string]func() evaluator {
	t.Helper()
	m := map[string]func() evaluator{
		"manhattan":       func() evaluator { return newManhattan(rows, cols) },
		"linear-conflict": func() evaluator { return newLinearConflict(rows, cols) },
	}
	if rows <= 4 && cols <= 4 {
		m["walking-distance"] = func() evaluator {
			w, err := newWalkingDistance(rows, cols)
			if err != nil {
				t.Fatal(err)
			}
			return w
		}
		m["max"] = func() evaluator {
			e, err := newEvaluator("walking-distance+linear-conflict", rows, cols, nil)
			if err != nil {
				t.Fatal(err)
			}
			return e
		}
	}
	if rows == cols && (rows == 3 || rows == 4) {
		set := smallPDB(t, rows)
		m["pdb"] = func() evaluator { return newPDBEvaluator(set) }
	}
	return m
}

// TestHeuristicsOnEveryEightPuzzle checks every heuristic on all 181,440
// positions of the usual goal, and a quarter of those of Korf's: admissible (at most the distance found by BFS),
// consistent (neighbours differ by at most one), zero at the goal only,
// and its incremental update equal to a fresh evaluation. Pattern
// databases are admissible but not consistent: an entry is the least
// distance over the blank's regions, and a move may leave the blank in a
// region far costlier than the best one.
func TestHeuristicsOnEveryEightPuzzle(t *testing.T) {
	t.Parallel()
	for _, g := range []Goal{BlankLast, BlankFirst} {
		dist := eightPuzzle(g)
		for name, mk := range evaluators(t, 3, 3) {
			t.Run(fmt.Sprintf("%v/%s", g, name), func(t *testing.T) {
				t.Parallel()
				ev, fresh := mk(), mk()
				exact := 0
				i := 0
				for key, d := range dist {
					i++
					if g == BlankFirst && i%4 != 0 {
						continue // every position for blank-last, a quarter for blank-first
					}
					p := newProblem(boardOf(3, 3, key), g)
					h := ev.init(p.cells)
					if h > d {
						t.Fatalf("not admissible: h=%d > %d at\n%s", h, d, boardOf(3, 3, key))
					}
					if (h == 0) != (d == 0) {
						t.Fatalf("h=%d at distance %d", h, d)
					}
					if h == d {
						exact++
					}
					blank := p.blank()
					for dir := range 4 {
						to := int(p.nb[blank][dir])
						if to < 0 {
							continue
						}
						tile := int(p.cells[to])
						p.cells[blank], p.cells[to] = uint8(tile), 0
						h2 := ev.move(p.cells, tile, to, blank)
						if (h2 > h+1 || h2 < h-1) && name != "pdb" {
							t.Fatalf("not consistent: %d then %d after one move", h, h2)
						}
						if i%5 == 0 {
							if want := fresh.init(p.cells); h2 != want {
								t.Fatalf("incremental %d, fresh %d", h2, want)
							}
						}
						p.cells[blank], p.cells[to] = 0, uint8(tile)
						ev.undo(p.cells, tile, to, blank)
					}
				}
				t.Logf("exact on %d of %d positions", exact, len(dist))
			})
		}
	}
}

// TestIncrementalOnLargerBoards walks randomly and compares each
// evaluator's running value with a fresh evaluation after every move, and
// after taking every move back.
func TestIncrementalOnLargerBoards(t *testing.T) {
	t.Parallel()
	for _, size := range [][2]int{{4, 4}, {3, 4}, {4, 2}, {5, 5}, {6, 3}} {
		rows, cols := size[0], size[1]
		for name, mk := range evaluators(t, rows, cols) {
			t.Run(fmt.Sprintf("%dx%d/%s", rows, cols, name), func(t *testing.T) {
				t.Parallel()
				rng := newRand(uint64(rows*10 + cols))
				p := newProblem(randomWalk(rng, rows, cols, BlankFirst, 200), BlankFirst)
				ev, fresh := mk(), mk()
				h := ev.init(p.cells)
				blank := p.blank()
				type step struct{ tile, from, to int }
				var steps []step
				for range 500 {
					dir := rng.IntN(4)
					to := int(p.nb[blank][dir])
					if to < 0 {
						continue
					}
					tile := int(p.cells[to])
					p.cells[blank], p.cells[to] = uint8(tile), 0
					h2 := ev.move(p.cells, tile, to, blank)
					if want := fresh.init(p.cells); h2 != want {
						t.Fatalf("after a move: incremental %d, fresh %d", h2, want)
					}
					if (h2 > h+1 || h2 < h-1) && name != "pdb" {
						t.Fatalf("not consistent: %d then %d", h, h2)
					}
					steps = append(steps, step{tile, to, blank})
					h, blank = h2, to
				}
				// Take the moves back one by one.
				for i := len(steps) - 1; i >= 0; i-- {
					s := steps[i]
					p.cells[s.to], p.cells[s.from] = 0, uint8(s.tile)
					ev.undo(p.cells, s.tile, s.from, s.to)
					// A move (of the tile back) from the restored state
					// must agree with a fresh evaluation.
					p.cells[s.from], p.cells[s.to] = 0, uint8(s.tile)
					h2 := ev.move(p.cells, s.tile, s.from, s.to)
					if want := fresh.init(p.cells); h2 != want {
						t.Fatalf("after undo: incremental %d, fresh %d", h2, want)
					}
					p.cells[s.to], p.cells[s.from] = 0, uint8(s.tile)
					ev.undo(p.cells, s.tile, s.from, s.to)
				}
			})
		}
	}
}

func TestLinearConflictDominatesManhattan(t *testing.T) {
	t.Parallel()
	rng := newRand(3)
	md, lc := newManhattan(4, 4), newLinearConflict(4, 4)
	for range 2000 {
		p := newProblem(randomWalk(rng, 4, 4, BlankFirst, 100), BlankFirst)
		a, b := md.init(p.cells), lc.init(p.cells)
		if b < a || (b-a)%2 != 0 {
			t.Fatalf("manhattan %d, linear conflict %d", a, b)
		}
	}
}

func TestWalkingDistanceTableSizes(t *testing.T) {
	t.Parallel()
	// Takahashi's table for the 15-puzzle has 24,964 row states.
	tab, err := walkingDistanceTable(4, 4)
	if err != nil {
		t.Fatal(err)
	}
	if len(tab.dist) != 24964 {
		t.Errorf("4×4 walking-distance states: %d, want 24964", len(tab.dist))
	}
	if _, err := newWalkingDistance(5, 5); err == nil {
		t.Error("walking distance accepted a 5×5 board")
	}
}

func TestUnknownHeuristic(t *testing.T) {
	t.Parallel()
	if _, err := newEvaluator("euclid", 3, 3, nil); err == nil {
		t.Error("unknown heuristic accepted")
	}
}

func TestParseHeuristic(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		in   string
		want Heuristic
		msg  string
	}{
		{"", Auto, ""},
		{"auto", Auto, ""},
		{"pdb-78", PDB78, ""},
		{"walking-distance+linear-conflict", "walking-distance+linear-conflict", ""},
		{"euclid", "", `unknown heuristic "euclid"`},
		{"manhattan+", "", `unknown heuristic ""`},
		{"manhattan+auto", "", `unknown heuristic "auto"`},
	} {
		h, err := ParseHeuristic(tc.in)
		if h != tc.want || (err == nil) != (tc.msg == "") || (err != nil && !strings.Contains(err.Error(), tc.msg)) {
			t.Errorf("ParseHeuristic(%q) = %q, %v; want %q, %q", tc.in, h, err, tc.want, tc.msg)
		}
	}
}

// TestFits checks Fits against the evaluators themselves: a heuristic
// fits a board exactly when its evaluator can be made for it (with the
// pattern databases of the right size at hand).
func TestFits(t *testing.T) {
	t.Parallel()
	for _, h := range heuristics[1:] {
		for rows := 2; rows <= 6; rows++ {
			for cols := 2; cols <= 6; cols++ {
				err := h.Fits(rows, cols)
				var works bool
				if set, ok := partitions[h]; ok {
					works = rows == set.side && cols == set.side
				} else {
					_, everr := newEvaluator(h, rows, cols, nil)
					works = everr == nil
				}
				if works != (err == nil) {
					t.Errorf("%s on %d×%d: Fits says %v, the evaluator works: %v", h, rows, cols, err, works)
				}
			}
		}
	}
	if err := Heuristic("manhattan+pdb-663").Fits(3, 3); err == nil || !strings.Contains(err.Error(), "pdb-663 is for 4×4 boards, not 3×3") {
		t.Errorf("a maximum with a set of another size: %v", err)
	}
	if err := Auto.Fits(9, 7); err != nil {
		t.Errorf("auto: %v", err)
	}
	if err := Heuristic("euclid").Fits(3, 3); err == nil {
		t.Error("an unknown heuristic fits")
	}
}

// TestAutoHeuristic checks the automatic choice against what a store
// holds and may build: 7-8 only when present, 6-6-3 (built in a moment)
// otherwise; 6-6-6-6 when present or buildable, else linear conflict.
func TestAutoHeuristic(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	quick := func(h Heuristic) bool { return h == PDB555 || h == PDB663 }
	cli, server := &Store{Dir: dir}, &Store{Dir: dir, MayBuild: quick}
	none := &Store{Dir: dir, MayBuild: func(Heuristic) bool { return false }}
	check := func(st *Store, rows, cols int, want Heuristic) {
		t.Helper()
		if got := Auto.resolve(rows, cols, st); got != want {
			t.Errorf("%d×%d: %s, want %s", rows, cols, got, want)
		}
	}
	for _, st := range []*Store{cli, server, none} {
		check(st, 3, 3, "walking-distance+linear-conflict")
		check(st, 2, 4, "walking-distance+linear-conflict")
		check(st, 6, 6, LinearConflict)
		check(st, 3, 5, LinearConflict)
	}
	check(cli, 4, 4, PDB663)
	check(server, 4, 4, PDB663)
	check(none, 4, 4, "walking-distance+linear-conflict")
	check(cli, 5, 5, PDB6666)
	check(server, 5, 5, LinearConflict)
	// Files of a set of the right size are what Present looks for (zeros
	// will do here: nothing is loaded).
	touch := func(h Heuristic) {
		known, _ := cli.Files()
		for _, fi := range known {
			if slices.Contains(fi.Sets, h) {
				tiles := make([]uint8, len(fi.Tiles))
				for i, x := range fi.Tiles {
					tiles[i] = uint8(x)
				}
				sizedFile(t, dir, partitions[h].side, tiles)
			}
		}
	}
	touch(PDB663)
	check(none, 4, 4, PDB663)
	touch(PDB78)
	check(server, 4, 4, PDB78)
	touch(PDB6666)
	check(server, 5, 5, PDB6666)
	if h := Heuristic(Manhattan).resolve(4, 4, cli); h != Manhattan {
		t.Errorf("a named heuristic resolved to %s", h)
	}
}
