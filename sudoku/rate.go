package sudoku

import (
	"context"
	"errors"
	"fmt"

	"github.com/puzzlesolvers/puzzle/status"
)

// Rating grades a puzzle by the hardest technique its logical solution
// needs. Rating the hardest step of the simplest-first path, on a fixed scale
// of technique weights, is the method of Nicolas Juillerat's Sudoku
// Explainer; the five levels group the techniques roughly as the
// sudokuwiki.org strategy list does (basic, tough, diabolical). The weights
// and the level boundaries are this package's own.

// Difficulty is a level of difficulty a player recognises. The zero value
// means "any" (no target) in GenerateOptions.
type Difficulty uint8

// The difficulty levels.
const (
	Easy    Difficulty = iota + 1 // naked and hidden singles only
	Medium                        // locked candidates (pointing, claiming) and naked pairs
	Hard                          // hidden pairs, naked and hidden triples and quads
	Expert                        // fish, wings and chains
	Extreme                       // forcing chains, or the techniques get stuck and guessing is needed
)

var difficultyNames = [...]string{0: "any", Easy: "easy", Medium: "medium", Hard: "hard", Expert: "expert", Extreme: "extreme"}

// String returns the lower-case name: "easy" ... "extreme", "any" for 0.
func (d Difficulty) String() string {
	if int(d) < len(difficultyNames) {
		return difficultyNames[d]
	}
	return fmt.Sprintf("difficulty(%d)", uint8(d))
}

// ParseDifficulty returns the Difficulty with the given lower-case name
// ("any" or "" gives 0).
func ParseDifficulty(name string) (Difficulty, error) {
	if name == "" {
		return 0, nil
	}
	for i, n := range difficultyNames {
		if n == name {
			return Difficulty(i), nil
		}
	}
	return 0, fmt.Errorf("sudoku: unknown difficulty %q (want easy, medium, hard, expert or extreme)", name)
}

// MarshalText encodes the difficulty as its name.
func (d Difficulty) MarshalText() ([]byte, error) {
	if int(d) >= len(difficultyNames) {
		return nil, fmt.Errorf("sudoku: invalid difficulty %d", uint8(d))
	}
	return []byte(difficultyNames[d]), nil
}

// UnmarshalText decodes a difficulty name.
func (d *Difficulty) UnmarshalText(b []byte) error {
	v, err := ParseDifficulty(string(b))
	if err != nil {
		return err
	}
	*d = v
	return nil
}

// Rating is the grade of a puzzle.
type Rating struct {
	Difficulty Difficulty `json:"difficulty"`
	// Hardest is the hardest technique the logical solution used, Guess
	// when logic got stuck.
	Hardest Technique `json:"hardest"`
	// Steps is the number of logical steps taken (up to being stuck).
	Steps int `json:"steps"`
	// Score is the weight of the hardest technique (Technique.Score):
	// from 1.0 (naked singles only) to 6.6, 7.0 and 8.5 for forcing
	// chains, and 10 when stuck.
	Score float64 `json:"score"`
	// SE is our estimate of the puzzle's rating on Sudoku Explainer's
	// scale (1.0 to 11.9, 12 when our techniques get stuck): the highest
	// Step.SE of the path. It is not Sudoku Explainer's own rating.
	SE float64 `json:"se_rating"`
}

// Rate grades p by solving it with Explain. p must have exactly one
// solution, which Rate checks with Solve: a puzzle with several is
// ErrNotUnique, one with none ErrNoSolution, an invalid one Solve's error,
// and a cancelled ctx gives ctx.Err().
func Rate(ctx context.Context, p *Puzzle) (Rating, error) {
	res, err := Solve(ctx, p, Options{})
	if err != nil {
		return Rating{}, err
	}
	switch res.Status {
	case status.Unique:
	case status.Multiple:
		return Rating{}, ErrNotUnique
	case status.None:
		return Rating{}, ErrNoSolution
	default:
		return Rating{}, fmt.Errorf("sudoku: cannot rate a puzzle with status %v", res.Status)
	}
	return rate(ctx, p)
}

// ErrNotUnique is returned by Rate for a puzzle with several solutions.
var ErrNotUnique = errors.New("sudoku: cannot rate a puzzle with more than one solution")

// ErrNoSolution is returned by Rate for a puzzle without solution.
var ErrNoSolution = errors.New("sudoku: cannot rate a puzzle without solution")

// rate grades a valid puzzle known to have a unique solution.
func rate(ctx context.Context, p *Puzzle) (Rating, error) {
	var r Rating
	l := newLogic(p)
	l.unique = true
	ex, err := l.explain(ctx, func(s Step) bool {
		if s.Technique > r.Hardest {
			r.Hardest = s.Technique
		}
		r.SE = max(r.SE, s.SE)
		return true
	})
	if err != nil {
		return Rating{}, err
	}
	r.Steps = len(ex.Steps)
	if !ex.Solved {
		r.Hardest = Guess
	}
	if r.Hardest == 0 { // no empty cell
		r.Hardest = NakedSingle
	}
	if !ex.Solved {
		r.SE = Guess.SE()
	}
	if r.SE == 0 {
		r.SE = 1.0
	}
	r.Difficulty = r.Hardest.Difficulty()
	r.Score = r.Hardest.Score()
	return r, nil
}
