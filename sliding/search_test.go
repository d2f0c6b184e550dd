package sliding

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/puzzlesolvers/puzzle/status"
)

// solveChecked solves b for goal g and checks the result: solved, the
// moves replay to the goal.
func solveChecked(t *testing.T, b *Board, g Goal, opt Options) Result {
	t.Helper()
	res, err := Solve(context.Background(), &Puzzle{Board: b, Goal: g}, opt)
	if err != nil {
		t.Fatalf("%v %v %v on\n%s: %v", opt.Algorithm, opt.Heuristic, g, b, err)
	}
	if res.Status != status.Solved {
		t.Fatalf("status %v", res.Status)
	}
	if err := b.Check(res.Moves, g); err != nil {
		t.Fatalf("%v %v: %v", opt.Algorithm, opt.Heuristic, err)
	}
	return res
}

// TestOptimalAgainstBFS solves a sample of 8-puzzles, with each goal,
// by every algorithm and heuristic, and compares the lengths with the
// distances of the breadth-first search from the goal.
func TestOptimalAgainstBFS(t *testing.T) {
	t.Parallel()
	heuristics := []Heuristic{Manhattan, LinearConflict, WalkingDistance, "walking-distance+linear-conflict", PDB555}
	for _, g := range []Goal{BlankLast, BlankFirst} {
		dist := eightPuzzle(g)
		keys := sample(newRand(uint64(g)+7), dist, 150)
		for _, algo := range []Algorithm{IDAStar, AStar} {
			for _, h := range heuristics {
				t.Run(fmt.Sprintf("%v/%v/%v", g, algo, h), func(t *testing.T) {
					t.Parallel()
					opt := Options{Algorithm: algo, Heuristic: h}
					if h == PDB555 {
						opt.Heuristic = "pdb-test" // the 3×3 set of smallPDB
						set := smallPDB(t, 3)
						for _, key := range keys {
							b := boardOf(3, 3, key)
							p := newProblem(b, g)
							var stats Stats
							var dirs []int8
							var err error
							if algo == IDAStar {
								dirs, err = idaStarPDB(context.Background(), p, set, &stats)
							} else {
								ev := newPDBEvaluator(set)
								ev.init(p.cells)
								dirs, err = aStar(context.Background(), p, ev, 1e6, &stats)
							}
							if err != nil {
								t.Fatal(err)
							}
							if len(dirs) != dist[key] {
								t.Fatalf("%d moves, want %d, on\n%s", len(dirs), dist[key], b)
							}
							if err := b.Check(p.userMoves(dirs), g); err != nil {
								t.Fatal(err)
							}
						}
						return
					}
					for _, key := range keys {
						b := boardOf(3, 3, key)
						res := solveChecked(t, b, g, opt)
						if len(res.Moves) != dist[key] || !res.Optimal {
							t.Fatalf("%d moves (optimal %v), want %d, on\n%s", len(res.Moves), res.Optimal, dist[key], b)
						}
						if res.Initial > dist[key] {
							t.Fatalf("initial estimate %d above %d", res.Initial, dist[key])
						}
					}
				})
			}
		}
	}
	t.Run("bfs", func(t *testing.T) {
		t.Parallel()
		dist := eightPuzzle(BlankLast)
		for _, key := range sample(newRand(9), dist, 2) {
			res := solveChecked(t, boardOf(3, 3, key), BlankLast, Options{Algorithm: BFS})
			if len(res.Moves) != dist[key] {
				t.Fatalf("BFS: %d moves, want %d", len(res.Moves), dist[key])
			}
		}
	})
}

// TestEverySmallBoard solves every solvable position of boards of six
// and eight cells and compares with BFS distances.
func TestEverySmallBoard(t *testing.T) {
	t.Parallel()
	for _, size := range [][2]int{{2, 3}, {3, 2}, {2, 4}} {
		for _, g := range []Goal{BlankLast, BlankFirst} {
			rows, cols := size[0], size[1]
			t.Run(fmt.Sprintf("%dx%d/%v", rows, cols, g), func(t *testing.T) {
				t.Parallel()
				dist := distances(rows, cols, g)
				i := 0
				for key, d := range dist {
					i++
					opt := Options{Algorithm: IDAStar, Heuristic: LinearConflict}
					if i%2 == 0 {
						opt.Algorithm, opt.Heuristic = AStar, WalkingDistance
					}
					if rows*cols == 8 && i%25 != 0 {
						continue // 800 of the 20,160 positions of 2×4
					}
					res := solveChecked(t, boardOf(rows, cols, key), g, opt)
					if len(res.Moves) != d {
						t.Fatalf("%v: %d moves, want %d", opt.Algorithm, len(res.Moves), d)
					}
				}
			})
		}
	}
}

// TestFifteenPuzzleAgreement solves random 15-puzzles with IDA* and
// linear conflict, and with the small pattern databases (plain and
// specialised IDA*); the lengths must agree and the PDB searches expand
// fewer nodes in total.
func TestFifteenPuzzleAgreement(t *testing.T) {
	t.Parallel()
	set := smallPDB(t, 4)
	rng := newRand(15)
	var lcNodes, pdbNodes int64
	for i := range 8 {
		g := Goal(i % 2)
		b := randomWalk(rng, 4, 4, g, 30+i*2)
		lc := solveChecked(t, b, g, Options{Algorithm: IDAStar, Heuristic: LinearConflict})
		p := newProblem(b, g)
		var stats Stats
		dirs, err := idaStarPDB(context.Background(), p, set, &stats)
		if err != nil {
			t.Fatal(err)
		}
		if len(dirs) != len(lc.Moves) {
			t.Fatalf("PDB: %d moves, linear conflict %d, on\n%s", len(dirs), len(lc.Moves), b)
		}
		if err := b.Check(p.userMoves(dirs), g); err != nil {
			t.Fatal(err)
		}
		ev := newPDBEvaluator(set)
		var plain Stats
		dirs2, err := idaStar(context.Background(), p, ev, &plain)
		if err != nil || len(dirs2) != len(dirs) {
			t.Fatalf("generic IDA* with the PDB: %d moves, %v", len(dirs2), err)
		}
		lcNodes += lc.Stats.Expanded
		pdbNodes += stats.Expanded
	}
	t.Logf("expanded: linear conflict %d, small PDBs %d", lcNodes, pdbNodes)
}

func TestUnsolvable(t *testing.T) {
	t.Parallel()
	for _, tiles := range []string{
		"2 1 3 4 5 6 7 8 0",
		"1 2 3 4 5 6 7 8 9 10 11 12 13 15 14 0",
	} {
		p := parse(t, tiles)
		for _, algo := range []Algorithm{IDAStar, AStar, BFS, Reduce} {
			res, err := Solve(context.Background(), p, Options{Algorithm: algo, Heuristic: Manhattan})
			if err != nil || res.Status != status.None || res.Reason != parityReason || res.Moves != nil || res.Stats.Generated != 0 {
				t.Errorf("%v on %s: %v %q %v %v", algo, tiles, res.Status, res.Reason, res.Moves, err)
			}
		}
	}
}

func TestTimeout(t *testing.T) {
	t.Parallel()
	b := randomWalk(newRand(80), 4, 4, BlankFirst, 1000) // 52 moves: IDA* with Manhattan needs about 80 ms
	for _, algo := range []Algorithm{IDAStar, AStar} {
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Millisecond)
		res, err := Solve(ctx, &Puzzle{Board: b, Goal: BlankFirst}, Options{Algorithm: algo, Heuristic: Manhattan})
		cancel()
		if res.Status != status.Timeout || err == nil || res.Moves != nil {
			t.Errorf("%v: %v, %v", algo, res.Status, err)
		}
	}
	res, err := Solve(context.Background(), &Puzzle{Board: b, Goal: BlankFirst}, Options{Algorithm: AStar, Heuristic: Manhattan, MaxStates: 1000})
	if res.Status != status.Timeout || err != ErrTooBig {
		t.Errorf("A* past MaxStates: %v, %v", res.Status, err)
	}
}

// TestMaxWithPDB searches with the maximum of a pattern database set and
// linear conflict, as "pdb-555+linear-conflict" asks (here the small test
// set stands for 5-5-5), and compares with linear conflict alone.
func TestMaxWithPDB(t *testing.T) {
	t.Parallel()
	set := smallPDB(t, 4)
	ev, err := newEvaluator("pdb-555+linear-conflict", 4, 4, map[Heuristic]*PDBSet{PDB555: set})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := newEvaluator("pdb-555+linear-conflict", 4, 4, nil); err == nil {
		t.Error("a PDB heuristic without its databases was accepted")
	}
	rng := newRand(55)
	for range 4 {
		b := randomWalk(rng, 4, 4, BlankLast, 40)
		lc := solveChecked(t, b, BlankLast, Options{Algorithm: IDAStar, Heuristic: LinearConflict})
		p := newProblem(b, BlankLast)
		var stats Stats
		dirs, err := idaStar(context.Background(), p, ev, &stats)
		if err != nil || len(dirs) != len(lc.Moves) {
			t.Fatalf("max: %d moves, linear conflict %d: %v", len(dirs), len(lc.Moves), err)
		}
		if stats.Expanded > lc.Stats.Expanded {
			t.Errorf("the maximum expanded more (%d) than linear conflict alone (%d)", stats.Expanded, lc.Stats.Expanded)
		}
	}
}
