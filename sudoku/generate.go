package sudoku

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"time"

	"github.com/puzzlesolvers/puzzle/status"
)

// The generator digs holes in a random complete grid: it visits the cells
// in a random order and takes away each given whose removal keeps the
// solution unique. This top-down method is the common one of Sudoku
// generators (Stephen Ostermiller's QQWing, for one, works this way and also
// grades its puzzles by the techniques they need); here a difficulty target
// is met by rejection, rating each puzzle as Rate does, with derived seeds.
//
// A pass of Solve checks gives a minimal puzzle, one where every given is
// needed. Removing givens only adds solutions: a grid that agrees with a set
// of givens agrees with any subset of it. So when a given g could not be
// removed from the puzzle P of its turn, because P without g has a second
// solution, that second solution also agrees with every later, smaller
// puzzle without g: g is still needed at the end. The givens removed were
// removable by construction, and the final puzzle is unique by the last
// successful check. The argument fails only where a check timed out or the
// time budget ran out (a given was kept without proof that it was needed):
// Generated.Minimal reports that. From 16×16 up the checks are made by one
// clause-learning solver under assumptions for the whole pass, and on
// several cores at once, as removal.go explains.
//
// Minimal 16×16 and 25×25 puzzles are nearly always beyond the techniques
// of this package, so for those sizes (and, as a fallback, in the second
// half of the attempts on smaller grids) a target below Extreme is met
// differently: a given is removed only if the techniques of the target level
// still solve the puzzle, which also proves it unique without a search.
// Such a puzzle is rated at most the target, usually exactly, but it need
// not be minimal. Without a target, 25×25 grids, where Solve may take
// seconds to prove a nearly minimal puzzle unique, get such a logic-only
// pass (with every technique) first, and Solve then checks only the givens
// it left. From 36×36 up the puzzle is instead built up from no givens
// (buildup.go), with a witness to the need of each given that no later
// given broke, and the removal pass checks only the others.

// GenerateOptions control Generate.
type GenerateOptions struct {
	// Box is the box side, 2..5 for practical use (4×4 to 25×25); 0
	// means 3, the classic 9×9.
	Box int
	// Difficulty is the level wanted; 0 accepts any (and makes one
	// attempt).
	Difficulty Difficulty
	// Seed selects the puzzle: the same options give the same puzzle (as
	// long as no uniqueness check times out, see Generated.Minimal).
	Seed uint64
	// Symmetric keeps the givens symmetric under a 180° rotation: cells
	// are removed in pairs. The puzzle is then minimal among symmetric
	// puzzles (no pair can go), though a single given may be removable.
	Symmetric bool
	// MaxAttempts caps the puzzles generated while looking for the
	// target Difficulty; 0 means a default that depends on Box (1000
	// for 9×9, which finds every level in well under a second on
	// average).
	MaxAttempts int
	// CheckTimeout bounds each uniqueness check; 0 means a default that
	// depends on Box (50ms for 25×25). A check that times out keeps its
	// given.
	CheckTimeout time.Duration
	// Budget bounds the time spent removing givens in one attempt; when
	// it is spent the givens not yet visited are kept. 0 means a default
	// that depends on Box: none up to 16×16, 3s for 25×25. The two limits
	// keep large grids fast while the uniqueness checks of nearly minimal
	// 25×25 puzzles can take seconds each; Generated.Minimal tells
	// whether they cut anything short.
	Budget time.Duration
	// Workers is the number of uniqueness checks that may run at once,
	// one per core, on grids of 16×16 and up; 0 means 1. The puzzle does
	// not depend on it (as long as no check times out).
	Workers int
	// Progress, if set, is told where the removal passes are after each
	// given they settle, from the goroutine that called Generate; it
	// should return quickly. A minimal 36×36 puzzle takes about an hour
	// of checks, so a command shows this to the person waiting.
	Progress func(GenerateProgress)
	// Checkpoint, if set, is given the state of the generation after each
	// removal check, from 36×36 up without a Difficulty, where a minimal
	// puzzle takes hours; the checkpoint shares its Checks with the next
	// one, so it is to be written out (or copied) at once.
	Checkpoint func(GenerateCheckpoint)
	// Resume is a checkpoint of an earlier run with the same Box, Seed
	// and Symmetric: its checks are not made again, and the run goes on
	// from there. Only from 36×36 up without a Difficulty; an error
	// wrapping ErrCheckpointMismatch says it does not belong to the
	// options.
	Resume *GenerateCheckpoint
}

// GenerateProgress says how far one attempt of Generate has come.
type GenerateProgress struct {
	Attempt int    // from 0
	Pass    string // "build" (a unique puzzle built up from no givens), "logic" (givens techniques can do without) or "checks" (uniqueness checks)
	Visited int    // cells of the pass's order visited
	Cells   int    // cells in the pass's order: the grid's, or for checks after a build the givens not yet proved needed
	Givens  int    // givens left in the puzzle
	Checks  int    // uniqueness checks begun in this attempt
}

// Generated is a generated puzzle with what is known about it.
type Generated struct {
	Puzzle *Puzzle `json:"-"`
	// Solution is the puzzle's unique solution, row-major.
	Solution []uint8 `json:"-"`
	Rating   Rating  `json:"rating"`
	// Minimal is true when every given was proved necessary: removing any
	// one of them (any symmetric pair, with Symmetric) gives several
	// solutions. It is false when a uniqueness check timed out or the
	// budget ran out, and for puzzles made by the technique-capped method
	// on grids above 9×9, which is not checked.
	Minimal bool `json:"minimal"`
	// Attempts counts the puzzles generated to meet the difficulty.
	Attempts int `json:"attempts"`
	// Checks counts the uniqueness checks made while removing givens, over
	// all attempts.
	Checks int `json:"checks"`
}

// ErrDifficultyMissed is wrapped by the error Generate returns, together
// with the puzzle closest to the target, when MaxAttempts puzzles did not
// include one of the wanted difficulty.
var ErrDifficultyMissed = errors.New("difficulty not reached")

// Generate makes a puzzle with a unique solution, minimal as far as the
// time limits allow (see Generated.Minimal), of the wanted difficulty if
// opt.Difficulty is set. Attempt k (from 0) draws its grid and cell order
// from a PCG generator seeded with (opt.Seed, k). If no attempt reaches
// the target, Generate returns the closest puzzle found and an error
// wrapping ErrDifficultyMissed. A cancelled ctx gives ctx.Err().
func Generate(ctx context.Context, opt GenerateOptions) (Generated, error) {
	box := opt.Box
	if box == 0 {
		box = 3
	}
	if box < MinBox || box > MaxBox {
		return Generated{}, fmt.Errorf("sudoku: box size %d out of range %d..%d", box, MinBox, MaxBox)
	}
	if opt.Difficulty > Extreme {
		return Generated{}, fmt.Errorf("sudoku: invalid difficulty %d", opt.Difficulty)
	}
	if rs := opt.Resume; rs != nil {
		if box < raceBox || opt.Difficulty != 0 {
			return Generated{}, fmt.Errorf("sudoku: %w: checkpoints are kept from %d×%d up, without a difficulty",
				ErrCheckpointMismatch, raceBox*raceBox, raceBox*raceBox)
		}
		if rs.Box != box || rs.Seed != opt.Seed || rs.Symmetric != opt.Symmetric {
			return Generated{}, fmt.Errorf("sudoku: %w: it is of box %d, seed %d, symmetric %v; the options are box %d, seed %d, symmetric %v",
				ErrCheckpointMismatch, rs.Box, rs.Seed, rs.Symmetric, box, opt.Seed, opt.Symmetric)
		}
	}
	attempts := opt.MaxAttempts
	if attempts <= 0 {
		attempts = defaultAttempts(box)
	}
	if opt.Difficulty == 0 {
		attempts = 1
	}
	lim := limits{check: opt.CheckTimeout, budget: opt.Budget}
	if lim.check <= 0 {
		lim.check = defaultCheckTimeout(box)
	}
	if lim.budget <= 0 {
		lim.budget = defaultBudget(box)
	}
	var best Generated
	bestDist, checks := -1, 0
	for k := range attempts {
		pl := planFor(box, opt.Difficulty, k, attempts)
		pl.workers = opt.Workers
		pl.progress, pl.checkpoint, pl.resume = opt.Progress, opt.Checkpoint, opt.Resume
		g, err := generateOnce(ctx, box, opt.Seed, uint64(k), opt.Symmetric, pl, lim)
		checks += g.Checks
		if err != nil {
			return Generated{}, err
		}
		g.Attempts, g.Checks = k+1, checks
		dist := int(g.Rating.Difficulty) - int(opt.Difficulty)
		if dist < 0 {
			dist = -dist
		}
		if opt.Difficulty == 0 || dist == 0 {
			return g, nil
		}
		if bestDist < 0 || dist < bestDist {
			best, bestDist = g, dist
		}
	}
	best.Attempts, best.Checks = attempts, checks
	return best, fmt.Errorf("sudoku: %w: no %v puzzle in %d attempts; returning the closest, rated %v",
		ErrDifficultyMissed, opt.Difficulty, attempts, best.Rating.Difficulty)
}

// planFor picks the removal method of attempt k (see the file comment).
func planFor(box int, d Difficulty, k, attempts int) plan {
	switch {
	case d != 0 && d < Extreme && (box >= 4 || k >= attempts/2):
		return plan{logicCap: hardestOf[d]}
	case d == 0 && box >= raceBox:
		return plan{build: true, solve: true, learning: true, races: true}
	case d == 0 && box >= hybridBox:
		return plan{logicCap: hardestOf[Expert], solve: true, learning: true}
	}
	return plan{solve: true, learning: box >= learningBox}
}

// learningBox is the smallest box size whose removal checks are made by
// incremental clause learning (removal.go) rather than by Solve.
const learningBox = 4

// raceBox is the smallest box size whose puzzles are built up
// (buildup.go) and whose removal checks are races of fresh searches
// (removal_fresh.go) rather than one solver's under assumptions.
const raceBox = 6

// buildBound is the least bound of each search of buildUp: most take
// milliseconds, and one that runs out leaves a given with no witness.
const buildBound = 10 * time.Second

// hybridBox is the smallest box size whose minimal puzzles are made in two
// passes: on such grids Solve takes long to prove nearly minimal puzzles
// unique, and logic does most of that work far faster.
const hybridBox = 5

func defaultAttempts(box int) int {
	switch box {
	case 2:
		return 100 // minimal 4×4 puzzles are all easy
	case 3:
		return 1000
	case 4:
		return 20
	}
	return 3
}

// limits bound the work of one attempt.
type limits struct {
	check  time.Duration // per uniqueness check
	budget time.Duration // for the whole removal pass; 0 unlimited
}

func defaultCheckTimeout(box int) time.Duration {
	switch box {
	case 2, 3:
		return time.Second // never reached: checks take microseconds
	case 4:
		return 500 * time.Millisecond
	}
	return 50 * time.Millisecond
}

func defaultBudget(box int) time.Duration {
	if box <= 4 {
		return 0
	}
	return 3 * time.Second
}

// plan says how one attempt removes givens: first, if build is set, it
// builds a unique puzzle up from no givens (buildup.go), or if logicCap is
// set it removes each given that techniques up to logicCap can still solve
// the puzzle without; then, if solve is set, each given the puzzle stays unique
// without, by Solve or, if learning is set, by clause learning with up
// to workers checks at once (removal.go). The second pass alone makes the
// puzzle minimal.
type plan struct {
	build      bool
	logicCap   Technique
	solve      bool
	learning   bool
	races      bool // with learning: each check by a race of fresh searches (removal_fresh.go)
	workers    int
	progress   func(GenerateProgress) // with Attempt set by generateOnce's caller
	checkpoint func(GenerateCheckpoint)
	resume     *GenerateCheckpoint // with races only
}

// generateOnce makes one unique puzzle from the stream (seed, stream).
func generateOnce(ctx context.Context, box int, seed, stream uint64, symmetric bool, pl plan, lim limits) (Generated, error) {
	rng := rand.New(rand.NewPCG(seed, stream))
	sol, err := RandomSolution(ctx, box, nil, rng)
	if err != nil {
		return Generated{}, err
	}
	p := &Puzzle{Box: box, Cells: append([]uint8(nil), sol...)}
	g := geometryFor(box)
	gen := Generated{Puzzle: p, Solution: sol}
	order := rng.Perm(g.cells)
	var deadline time.Time
	if lim.budget > 0 {
		deadline = time.Now().Add(lim.budget)
	}
	// pass visits the givens in order and removes each one (with its mate
	// if symmetric) that keep allows to go. It reports whether it visited
	// them all before the budget ran out.
	var removed []int
	checked := order // the cells the removal pass visits
	report := func(name string, visited, checks int) {
		if pl.progress != nil {
			cells := len(order)
			if name == "checks" {
				cells = len(checked)
			}
			pl.progress(GenerateProgress{Attempt: int(stream), Pass: name, Visited: visited, Cells: cells, Givens: p.Givens(), Checks: checks})
		}
	}
	pass := func(name string, keep func() bool) (bool, error) {
		for i, c := range order {
			if p.Cells[c] == 0 {
				continue
			}
			if i%64 == 0 {
				report(name, i, gen.Checks)
			}
			if err := ctx.Err(); err != nil {
				return false, err
			}
			if !deadline.IsZero() && time.Now().After(deadline) {
				return false, nil
			}
			removed = append(removed[:0], c)
			if mate := g.cells - 1 - c; symmetric && mate != c {
				removed = append(removed, mate)
			}
			for _, r := range removed {
				p.Cells[r] = 0
			}
			if !forced(p, g, removed, sol) && keep() {
				for _, r := range removed {
					p.Cells[r] = sol[r]
				}
			}
		}
		report(name, len(order), gen.Checks)
		return true, ctx.Err()
	}
	var built *builtUp
	if pl.build {
		var progress func(visited int)
		if pl.progress != nil {
			progress = func(visited int) { report("build", visited, 0) }
		}
		bu, err := buildUp(ctx, p, sol, order, symmetric, rng, max(lim.check, buildBound), deadline, progress)
		if err != nil {
			return gen, err
		}
		built = &bu
	}
	if pl.logicCap != 0 {
		if _, err := pass("logic", func() bool { return !newLogic(p).solveUpTo(pl.logicCap) }); err != nil {
			return gen, err
		}
	}
	if pl.solve && pl.learning {
		var progress func(visited, checks int)
		if pl.progress != nil {
			progress = func(visited, checks int) { report("checks", visited, checks) }
		}
		var r removal
		var err error
		if pl.races {
			var log *checkLog
			if pl.checkpoint != nil || pl.resume != nil {
				log = &checkLog{save: pl.checkpoint,
					cp: GenerateCheckpoint{Box: box, Seed: seed, Symmetric: symmetric, Start: puzzleDigest(p)}}
				if rs := pl.resume; rs != nil {
					if rs.Box != box || rs.Seed != seed || rs.Symmetric != symmetric || rs.Start != log.cp.Start {
						return gen, fmt.Errorf("sudoku: %w: its checks began from the puzzle of digest %.12s…, this run's from %.12s… (another version of the generator, or a budget that cut the first pass short)",
							ErrCheckpointMismatch, rs.Start, log.cp.Start)
					}
					log.cp.Checks = slices.Clone(rs.Checks)
				}
			}
			// The givens built up with a standing witness are needed; the
			// others are checked in the order they came (buildup.go).
			if built != nil {
				checked = nil
				for _, c := range built.added {
					if p.Cells[c] != 0 && !built.witnessed[c] {
						checked = append(checked, c)
					}
				}
			}
			r, err = removeByRaces(ctx, p, sol, checked, symmetric, lim, deadline, pl.workers, progress, log)
		} else {
			r, err = removeByLearning(ctx, p, sol, order, symmetric, lim, deadline, pl.workers, progress)
		}
		gen.Checks += r.checks
		if err != nil {
			return gen, err
		}
		gen.Minimal = r.complete && !r.timedOut
	} else if pl.solve {
		timedOut := false
		complete, err := pass("checks", func() bool {
			ok, to := unique(ctx, p, lim.check)
			gen.Checks++
			timedOut = timedOut || to
			return !ok
		})
		if err != nil {
			return gen, err
		}
		gen.Minimal = complete && !timedOut
	} else if box <= 3 {
		gen.Minimal = minimal(ctx, p, symmetric, lim.check)
	}
	gen.Rating, err = rate(ctx, p)
	return gen, err
}

// unique reports whether Solve proves p unique within timeout.
func unique(ctx context.Context, p *Puzzle, timeout time.Duration) (ok, timedOut bool) {
	cctx, cancel := context.WithTimeout(ctx, timeout)
	res, err := Solve(cctx, p, Options{})
	cancel()
	switch {
	case err == nil:
		return res.Status == status.Unique, false
	case res.Status == status.Timeout:
		return false, true
	}
	panic(fmt.Sprintf("sudoku: uniqueness check failed on a valid puzzle: %v", err))
}

// minimal reports whether every given (every symmetric pair) of the unique
// puzzle p is needed.
func minimal(ctx context.Context, p *Puzzle, symmetric bool, timeout time.Duration) bool {
	cells := len(p.Cells)
	for c, v := range p.Cells {
		mate := cells - 1 - c
		if v == 0 || (symmetric && mate < c) {
			continue
		}
		w := p.Cells[mate]
		p.Cells[c] = 0
		if symmetric {
			p.Cells[mate] = 0
		}
		ok, timedOut := unique(ctx, p, timeout)
		p.Cells[mate], p.Cells[c] = w, v
		if ok || timedOut {
			return false
		}
	}
	return true
}

// forced reports whether each emptied cell of removed is left with its
// solution digit as the only one its filled peers allow. Then the removal
// keeps the solutions as they were, with no search needed.
func forced(p *Puzzle, g *geometry, removed []int, sol []uint8) bool {
	full := fullMask(g.n)
	for _, c := range removed {
		var seen uint64
		for _, q := range g.peers[c] {
			if v := p.Cells[q]; v != 0 {
				seen |= 1 << (v - 1)
			}
		}
		if full&^seen != 1<<(sol[c]-1) {
			return false
		}
	}
	return true
}
