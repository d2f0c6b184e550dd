package sliding

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/puzzlesolvers/puzzle/status"
)

// iteration is one IDA* iteration searched in one piece by the loop.
type iteration struct {
	bound, next int
	gen, exp    int64
	found       int // the solution's length, or -1
	moves       []int8
}

// iterations runs IDA* on pr with the database set, iteration by
// iteration, in one piece: the oracle of the waves.
func iterations(t *testing.T, pr *problem, set *PDBSet) []iteration {
	t.Helper()
	k := newPDBKernel(pr, set)
	var its []iteration
	for bound := k.root(pr, 0); ; {
		k.root(pr, bound)
		gen, exp := k.gen, k.exp
		r := pdbIterate(k, false)
		for r == iterPaused {
			r = pdbIterate(k, true)
		}
		it := iteration{bound: bound, next: int(k.next), gen: k.gen - gen, exp: k.exp - exp, found: r}
		if r >= 0 {
			it.moves = slices.Clone(k.path[:r])
		}
		its = append(its, it)
		if r >= 0 {
			break
		}
		bound = int(k.next)
	}
	// The iterations add up to the search of Solve's IDA*.
	var st Stats
	if _, err := idaStarPDB(context.Background(), pr, set, &st); err != nil {
		t.Fatal(err)
	}
	var gen, exp int64
	for _, it := range its {
		gen, exp = gen+it.gen, exp+it.exp
	}
	if gen != st.Generated || exp != st.Expanded || len(its) != st.Iterations {
		t.Fatalf("iterations add up to %d generated, %d expanded in %d; idaStarPDB %d, %d in %d", gen, exp, len(its), st.Generated, st.Expanded, st.Iterations)
	}
	return its
}

// shard runs one shard of a wave with the database set.
func shard(t *testing.T, ctx context.Context, p *Puzzle, set *PDBSet, opt WaveOptions) WaveResult {
	t.Helper()
	res := WaveResult{Bound: opt.Bound, Cut: opt.Cut, Shard: opt.Shard, Shards: opt.Shards, Heuristic: set.Name}
	if err := waveSearch(ctx, newProblem(p.Board, p.Goal), set, opt, &res); err != nil {
		t.Fatal(err)
	}
	res.Status = status.Solved
	return res
}

// checkWaves solves p by waves of k shards (each a separate call) and
// holds every wave to the iteration of the same bound in one piece: the
// same counts, next bound and solution.
func checkWaves(t *testing.T, p *Puzzle, set *PDBSet, its []iteration, k, cut int) {
	t.Helper()
	pr := newProblem(p.Board, p.Goal)
	var sizes map[string]int64
	bound := 0
	for w, it := range its {
		var shards []WaveResult
		for i := range k {
			shards = append(shards, shard(t, context.Background(), p, set, WaveOptions{Bound: bound, Cut: cut, Shard: i + 1, Shards: k, Sizes: sizes}))
		}
		m, err := MergeWave(shards)
		if err != nil {
			t.Fatalf("wave %d: %v", w+1, err)
		}
		if m.Bound != it.bound || m.Generated != it.gen || m.Expanded != it.exp {
			t.Fatalf("k=%d cut %d wave %d: bound %d, %d generated, %d expanded; in one piece bound %d, %d, %d",
				k, cut, w+1, m.Bound, m.Generated, m.Expanded, it.bound, it.gen, it.exp)
		}
		var sum int64
		for _, s := range shards {
			sum += s.Stats.Generated
		}
		if !m.Found && sum != it.gen {
			t.Fatalf("wave %d: the shards' counts add up to %d, want %d", w+1, sum, it.gen)
		}
		if m.Found != (it.found >= 0) {
			t.Fatalf("wave %d: found %v, in one piece %d", w+1, m.Found, it.found)
		}
		if m.Found {
			if want := pr.userMoves(it.moves); m.Moves.String() != want.String() {
				t.Fatalf("moves %s, in one piece %s", m.Moves, want)
			}
			if err := p.Board.Check(m.Moves, p.Goal); err != nil {
				t.Fatal(err)
			}
			return
		}
		if m.Next != it.next {
			t.Fatalf("wave %d: next bound %d, in one piece %d", w+1, m.Next, it.next)
		}
		bound, sizes = m.Next, m.Sizes
	}
	t.Fatal("the waves did not end")
}

// TestWaveEightPuzzles solves a sample of 8-puzzles of both goals by
// waves of 1, 2, 3 and 5 shards cut at several depths, and requires each
// wave's counts to equal the iteration's in one piece and the length the
// breadth-first distance.
func TestWaveEightPuzzles(t *testing.T) {
	t.Parallel()
	set := smallPDB(t, 3)
	for _, g := range []Goal{BlankLast, BlankFirst} {
		dist := eightPuzzle(g)
		for _, key := range sample(newRand(uint64(g)+18), dist, 25) {
			p := &Puzzle{Board: boardOf(3, 3, key), Goal: g}
			its := iterations(t, newProblem(p.Board, g), set)
			if last := its[len(its)-1]; last.found != dist[key] {
				t.Fatalf("%d moves, BFS %d", last.found, dist[key])
			}
			for _, k := range []int{1, 2, 3, 5} {
				for _, cut := range []int{0, 1, 3, 8} {
					checkWaves(t, p, set, its, k, cut)
				}
			}
		}
	}
}

// korf15 returns instance id of Korf's 100 and its published length.
func korf15(t *testing.T, id int) (*Puzzle, int) {
	t.Helper()
	f, err := os.Open(filepath.Join(slidingData(t), "korf100-15puzzle-instances", "korf100-lengths.tsv"))
	if err != nil {
		t.Skip(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		var n, length int
		var nodes int64
		if _, err := fmt.Sscan(sc.Text(), &n, &length, &nodes); err != nil || n != id {
			continue
		}
		fields := strings.Fields(sc.Text())
		p, err := Parse(strings.NewReader(strings.Join(fields[3:], " ")))
		if err != nil {
			t.Fatal(err)
		}
		p.Goal = BlankFirst
		return p, length
	}
	t.Fatalf("no instance %d", id)
	return nil, 0
}

// TestWaveKorf15 solves a hard instance of Korf's 100 (#88, 65 moves,
// the most nodes of the 100 in Korf's 1985 search) by waves of 1, 2, 3
// and 5 shards with the 6-6-3 databases: the published length, and each
// wave's counts equal to the iteration's in one piece.
func TestWaveKorf15(t *testing.T) {
	t.Parallel()
	p, length := korf15(t, 88)
	set, err := testStore.loadSet(t.Context(), PDB663, 4, 4, loadOrBuild)
	if err != nil {
		t.Fatal(err)
	}
	its := iterations(t, newProblem(p.Board, p.Goal), set)
	if last := its[len(its)-1]; last.found != length {
		t.Fatalf("%d moves, published %d", last.found, length)
	}
	for _, k := range []int{1, 2, 3, 5} {
		checkWaves(t, p, set, its, k, 0)
	}
	var gen int64
	for _, it := range its {
		gen += it.gen
	}
	t.Logf("#88: %d iterations, %d generated", len(its), gen)
}

// TestMergeWaveRefuses merges sets of shards with one missing, one twice,
// one unfinished, one of another bound, and a subtree lost or searched
// twice: each is refused, naming what is wrong.
func TestMergeWaveRefuses(t *testing.T) {
	t.Parallel()
	set := smallPDB(t, 3)
	dist := eightPuzzle(BlankLast)
	var p *Puzzle
	for key, d := range dist {
		if d == 31 { // the farthest
			p = &Puzzle{Board: boardOf(3, 3, key), Goal: BlankLast}
			break
		}
	}
	wave := func(bound int) []WaveResult {
		var shards []WaveResult
		for i := range 3 {
			shards = append(shards, shard(t, context.Background(), p, set, WaveOptions{Bound: bound, Cut: 3, Shard: i + 1, Shards: 3}))
		}
		return shards
	}
	its := iterations(t, newProblem(p.Board, p.Goal), set)
	good := wave(its[len(its)-2].bound) // the last bound below the distance
	if m, err := MergeWave(good); err != nil || m.Found {
		t.Fatalf("%v, found %v", err, m.Found)
	}
	for _, s := range good {
		if len(s.Subtrees) < 2 {
			t.Fatalf("shard %d/3 has %d subtrees", s.Shard, len(s.Subtrees))
		}
	}
	next := wave(its[len(its)-1].bound)
	unfinished := slices.Clone(good)
	unfinished[1].Status = status.Timeout
	lost := slices.Clone(good)
	lost[2].Subtrees = lost[2].Subtrees[1:]
	twice := slices.Clone(good)
	twice[0].Subtrees = append(slices.Clone(twice[0].Subtrees), twice[1].Subtrees[0])
	for _, tc := range []struct {
		name   string
		shards []WaveResult
		want   string
	}{
		{"none", nil, "no shard"},
		{"missing", good[:2], "shard 3/3 missing"},
		{"two missing", good[1:2], "shards 1/3 and 3/3 missing"},
		{"twice", append(slices.Clone(good), good[1]), "shard 2/3 given twice"},
		{"unfinished", unfinished, "shard 2/3 did not finish (status timeout)"},
		{"other bound", []WaveResult{good[0], next[1], good[2]}, "shard 2/3 is of another wave"},
		{"subtree lost", lost, "searched by no shard"},
		{"subtree twice", twice, "searched twice"},
	} {
		_, err := MergeWave(tc.shards)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v, want %q", tc.name, err, tc.want)
		}
	}
}

// TestSplitFrontier checks the split: round-robin without sizes; with
// sizes, every subtree placed once, the same split every time, and no
// shard above the mean by more than the largest subtree (the bound of
// placing the largest first on the least loaded).
func TestSplitFrontier(t *testing.T) {
	t.Parallel()
	keys := make([]string, 200)
	sizes := map[string]int64{}
	rng := newRand(7)
	var total, largest int64
	for i := range keys {
		keys[i] = fmt.Sprint(i)
		if i%10 != 0 { // a tenth have no size
			s := int64(rng.IntN(1000)*rng.IntN(1000) + 1)
			sizes[keys[i]] = s
		}
	}
	if owner := splitFrontier(keys, nil, 3); owner[0] != 0 || owner[1] != 1 || owner[2] != 2 || owner[3] != 0 {
		t.Errorf("without sizes: %v, want round-robin", owner[:4])
	}
	for _, k := range []int{1, 2, 3, 5, 64} {
		owner := splitFrontier(keys, sizes, k)
		if !slices.Equal(owner, splitFrontier(keys, sizes, k)) {
			t.Fatal("two splits differ")
		}
		least := int64(1 << 62)
		for _, s := range sizes {
			least = min(least, s)
		}
		load := make([]int64, k)
		total, largest = 0, 0
		for i, o := range owner {
			s, ok := sizes[keys[i]]
			if !ok {
				s = least
			}
			load[o] += s
			total += s
			largest = max(largest, s)
		}
		if top := slices.Max(load); top*int64(k) > total+int64(k)*largest {
			t.Errorf("k=%d: a shard has %d of %d", k, top, total)
		}
	}
}

// TestWaveCancel stops a shard by its context: status timeout, an error,
// no moves.
func TestWaveCancel(t *testing.T) {
	t.Parallel()
	p, _ := korf15(t, 88)
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	store := &Store{}
	if _, err := store.loadSet(t.Context(), PDB663, 4, 4, loadOrBuild); err != nil {
		t.Fatal(err)
	}
	res, err := SolveWave(ctx, p, WaveOptions{Heuristic: PDB663, Store: store, Bound: 60, Shard: 1, Shards: 1})
	if err == nil || res.Status != status.Timeout || res.Moves != nil {
		t.Errorf("cancelled: %v, %v", res.Status, err)
	}
	for _, opt := range []WaveOptions{{Shard: 0, Shards: 2}, {Shard: 3, Shards: 2}, {Shard: 1, Shards: 1, Bound: -1}, {Shard: 1, Shards: 1, Bound: 2}} {
		opt.Heuristic, opt.Store = PDB663, store
		if res, err := SolveWave(t.Context(), p, opt); err == nil || res.Status == status.Solved {
			t.Errorf("%+v: %v, %v", opt, res.Status, err)
		}
	}
	if _, err := SolveWave(t.Context(), p, WaveOptions{Heuristic: Manhattan, Store: store, Shard: 1, Shards: 1}); err == nil {
		t.Error("a wave with Manhattan distance was accepted")
	}
}

// TestWaveAutoCut checks the cut chosen from K: the least depth whose
// frontier holds SubtreesPerShard × K subtrees (or the root's heuristic),
// so that it grows with K, and the shards' counts add up to the
// iteration's in one piece whatever the cut chosen.
func TestWaveAutoCut(t *testing.T) {
	t.Parallel()
	set := smallPDB(t, 3)
	dist := eightPuzzle(BlankLast)
	for _, key := range sample(newRand(44), dist, 8) {
		p := &Puzzle{Board: boardOf(3, 3, key), Goal: BlankLast}
		its := iterations(t, newProblem(p.Board, p.Goal), set)
		it := its[0]
		if it.found >= 0 {
			continue // solved at the first bound: the shards stop at their goal
		}
		prev := 0
		for _, k := range []int{1, 2, 4, 8, 16} {
			var sum int64
			var cut int
			for i := 1; i <= k; i++ {
				r := shard(t, context.Background(), p, set, WaveOptions{Bound: it.bound, Shard: i, Shards: k})
				sum += r.Stats.Generated
				cut = r.Cut
				if i == 1 {
					// The least depth whose frontier is large enough, and
					// none one level up; when no depth has enough, the
					// largest frontier.
					if r.Frontier < SubtreesPerShard*k {
						for d := 1; d <= r.Initial; d++ {
							other := shard(t, context.Background(), p, set, WaveOptions{Bound: it.bound, Cut: d, Shard: 1, Shards: k})
							if other.Frontier > r.Frontier {
								t.Fatalf("k=%d: cut %d has %d subtrees, cut %d more (%d)", k, r.Cut, r.Frontier, d, other.Frontier)
							}
						}
					} else if r.Cut > 1 {
						up := shard(t, context.Background(), p, set, WaveOptions{Bound: it.bound, Cut: r.Cut - 1, Shard: 1, Shards: k})
						if up.Frontier >= SubtreesPerShard*k {
							t.Fatalf("k=%d: cut %d chosen, but cut %d has %d subtrees already", k, r.Cut, r.Cut-1, up.Frontier)
						}
					}
					if !r.AutoCut {
						t.Error("AutoCut not reported")
					}
				}
			}
			if cut < prev {
				t.Fatalf("k=%d: cut %d, below the %d of fewer shards", k, cut, prev)
			}
			prev = cut
			if sum != it.gen {
				t.Fatalf("k=%d cut %d: the shards generated %d, in one piece %d", k, cut, sum, it.gen)
			}
		}
	}
}

// TestWaveStopped solves the last wave of Korf's #88 in 3 shards: the
// shards that find no goal, stopped by their context with cause FoundBy,
// end at once with status solved and partial counts; the merge with a
// finder has the published length, and without one is refused.
func TestWaveStopped(t *testing.T) {
	t.Parallel()
	p, length := korf15(t, 88)
	set, err := testStore.loadSet(t.Context(), PDB663, 4, 4, loadOrBuild)
	if err != nil {
		t.Fatal(err)
	}
	its := iterations(t, newProblem(p.Board, p.Goal), set)
	last := its[len(its)-1]
	const k = 3
	var full []WaveResult
	finder := 0
	for i := 1; i <= k; i++ {
		r := shard(t, context.Background(), p, set, WaveOptions{Bound: last.bound, Shard: i, Shards: k})
		full = append(full, r)
		if r.Found && finder == 0 {
			finder = i
		}
	}
	if finder == 0 {
		t.Fatal("no shard of the last wave found the goal")
	}
	store := testStore
	var stopped []WaveResult
	for i := 1; i <= k; i++ {
		if i == finder {
			stopped = append(stopped, full[i-1])
			continue
		}
		ctx, cancel := context.WithCancelCause(t.Context())
		cancel(&FoundBy{Shard: finder})
		r, err := SolveWave(ctx, p, WaveOptions{Heuristic: PDB663, Store: store, Bound: last.bound, Shard: i, Shards: k})
		if err != nil || r.Status != status.Solved || r.StoppedBy != finder || r.Found || len(r.Subtrees) != 0 {
			t.Fatalf("shard %d stopped: %v, %v, stopped by %d, found %v, %d subtrees", i, err, r.Status, r.StoppedBy, r.Found, len(r.Subtrees))
		}
		if r.Stats.Generated >= full[i-1].Stats.Generated && full[i-1].Stats.Generated > 0 {
			t.Errorf("shard %d stopped after %d nodes, in full %d", i, r.Stats.Generated, full[i-1].Stats.Generated)
		}
		stopped = append(stopped, r)
	}
	m, err := MergeWave(stopped)
	if err != nil {
		t.Fatal(err)
	}
	if !m.Found || len(m.Moves) != length || !m.Partial || len(m.Stopped) != k-1 {
		t.Fatalf("merged: found %v, %d moves (published %d), partial %v, stopped %v", m.Found, len(m.Moves), length, m.Partial, m.Stopped)
	}
	if err := p.Board.Check(m.Moves, p.Goal); err != nil {
		t.Fatal(err)
	}
	// Without the finder's record, and with the finder's search replaced
	// by a shard that found nothing, the stopped shards are refused.
	noFinder := slices.Clone(stopped)
	noFinder[finder-1] = stopped[finder%k]
	noFinder[finder-1].Shard = finder
	noFinder[finder-1].StoppedBy = 0
	noFinder[finder-1].Found, noFinder[finder-1].Moves = false, nil
	if _, err := MergeWave(noFinder); err == nil || !strings.Contains(err.Error(), "found nothing") {
		t.Errorf("stopped without a finder: %v", err)
	}
	// Stopped in the middle of a subtree: the nodes up to the stop are
	// counted, the subtree is not listed.
	big := its[len(its)-2]
	ctx, stop := context.WithCancelCause(t.Context())
	time.AfterFunc(10*time.Millisecond, func() { stop(&FoundBy{Shard: 2}) })
	r, err := SolveWave(ctx, p, WaveOptions{Heuristic: PDB663, Store: store, Bound: big.bound, Cut: 2, Shard: 1, Shards: 2})
	switch {
	case err != nil || r.Status != status.Solved:
		t.Errorf("stopped in a subtree: %v, %v", r.Status, err)
	case r.StoppedBy == 0:
		t.Logf("the shard finished (%d nodes) before the stop", r.Stats.Generated)
	default:
		var listed int64
		for _, s := range r.Subtrees {
			listed += s.Generated
		}
		if r.Stats.Generated < listed+r.AboveGenerated || r.Stats.Generated >= big.gen {
			t.Errorf("stopped in a subtree: %d nodes, %d in the subtrees listed and %d above; %d in the iteration", r.Stats.Generated, listed, r.AboveGenerated, big.gen)
		}
	}
	// A cancellation that is not FoundBy is an interruption.
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	if r, err := SolveWave(ctx, p, WaveOptions{Heuristic: PDB663, Store: store, Bound: last.bound, Shard: 1, Shards: k}); err == nil || r.Status != status.Timeout || r.StoppedBy != 0 {
		t.Errorf("interrupted: %v, %v, stopped by %d", r.Status, err, r.StoppedBy)
	}
}

// TestWaveAutoCutGrows checks on a 15-puzzle (Korf's #88, given here) that
// the automatic cut deepens as K grows, while every K's shards add up to
// the iteration's count in one piece.
func TestWaveAutoCutGrows(t *testing.T) {
	t.Parallel()
	p, err := Parse(strings.NewReader("15 2 12 11 14 13 9 5 1 3 8 7 0 10 6 4"))
	if err != nil {
		t.Fatal(err)
	}
	p.Goal = BlankFirst
	set, err := testStore.loadSet(t.Context(), PDB663, 4, 4, loadOrBuild)
	if err != nil {
		t.Fatal(err)
	}
	its := iterations(t, newProblem(p.Board, p.Goal), set)
	it := its[len(its)-2] // the last bound without a goal: every subtree is searched
	cuts := map[int]int{}
	for _, k := range []int{1, 4, 16} {
		var sum int64
		for i := 1; i <= k; i++ {
			r := shard(t, context.Background(), p, set, WaveOptions{Bound: it.bound, Shard: i, Shards: k})
			sum += r.Stats.Generated
			cuts[k] = r.Cut
			if i == 1 && r.Frontier < SubtreesPerShard*k {
				t.Errorf("k=%d: cut %d has %d subtrees, fewer than %d", k, r.Cut, r.Frontier, SubtreesPerShard*k)
			}
		}
		if sum != it.gen {
			t.Errorf("k=%d (cut %d): the shards generated %d, in one piece %d", k, cuts[k], sum, it.gen)
		}
	}
	if !(cuts[1] < cuts[4] && cuts[4] < cuts[16]) {
		t.Errorf("cuts by K: %v; want them to grow", cuts)
	}
	t.Logf("bound %d: cut by K %v", it.bound, cuts)
}
