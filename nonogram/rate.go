package nonogram

import (
	"context"
	"errors"
	"fmt"
	"math"
	"slices"

	"github.com/puzzlesolvers/puzzle/status"
)

// Rating a nonogram for a person: the puzzle is explained (Explain), and
// the hardest kind of reasoning its explanation needs gives the level,
// from the simplest rule a player learns first to guessing:
//
//	easy     every deduction is an overlap (a run covers the cell in its
//	         left-most and right-most placements, or no run reaches it)
//	medium   some line needs complete line solving: a cell agreed on by
//	         every placement of its line's clue, seen by no simple overlap
//	hard     line reasoning gets stuck, and trying single cells (and lines)
//	         both ways finishes it: contradiction, both-ways, line-trial
//	expert   that is not enough: the solver guesses, in at most
//	         expertNodes search nodes, without clause learning
//	extreme  more guessing than that, or clause learning
//
// The levels are those of Sudoku's rating, so the two families grade with
// one vocabulary. The score places a puzzle within its level: the level's
// number plus a fraction that grows with the work the level's hardest
// rule did, so scores order puzzles of one level too: for easy and medium
// the steps per line (a line visited again and again is harder to see),
// for hard the probing steps, for expert and extreme the search nodes and
// conflicts (on a log scale).

// Difficulty is a level of how hard a puzzle is to solve by hand.
type Difficulty int

// The levels, from easy to extreme.
const (
	Easy Difficulty = iota + 1
	Medium
	Hard
	Expert
	Extreme
)

var difficultyNames = [...]string{Easy: "easy", Medium: "medium", Hard: "hard", Expert: "expert", Extreme: "extreme"}

// String returns the level's name: "easy", ..., "extreme".
func (d Difficulty) String() string {
	if d < Easy || d > Extreme {
		return fmt.Sprintf("Difficulty(%d)", int(d))
	}
	return difficultyNames[d]
}

// expertNodes is the most search nodes an expert puzzle takes; more is
// extreme.
const expertNodes = 1000

// Rating is the grade of a puzzle with one picture.
type Rating struct {
	Difficulty Difficulty
	// Hardest names the hardest rule the solution needs: "overlap",
	// "line", "contradiction", "both-ways", "line-trial" (the rules of
	// Explain, in that order of difficulty) or "search".
	Hardest string
	// Length is the number of steps of the explanation.
	Length int
	// Score is the level's number plus a fraction, one decimal.
	Score float64
	// Nodes and Conflicts are the search's, for expert and extreme.
	Nodes, Conflicts int64
}

// ErrNotUnique is returned by Rate for a puzzle with several pictures, and
// ErrNoSolution for one with none: neither has a rating.
var (
	ErrNotUnique  = errors.New("nonogram: the puzzle has more than one picture")
	ErrNoSolution = errors.New("nonogram: the puzzle has no picture")
)

// rules lists Explain's rules from the simplest; a rule's rank is its index.
var rules = []string{"overlap", "line", "contradiction", "both-ways", "line-trial"}

// The ranks of the rules that mark a level.
var (
	lineRank  = slices.Index(rules, "line")
	probeRank = slices.Index(rules, "contradiction")
)

// Rate grades p, which must have exactly one picture. A cancelled or
// expired ctx gives ctx.Err().
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
		return Rating{}, fmt.Errorf("nonogram: cannot rate a puzzle with status %v", res.Status)
	}
	ex, err := Explain(ctx, p)
	if err != nil {
		return Rating{}, err
	}
	hardest, probes := -1, 0
	for _, s := range ex.Steps {
		r := slices.Index(rules, s.Rule)
		if r < 0 {
			return Rating{}, fmt.Errorf("nonogram: rating: unknown rule %q", s.Rule)
		}
		hardest = max(hardest, r)
		if r >= probeRank {
			probes++
		}
	}
	rt := Rating{Length: len(ex.Steps)}
	lines := float64(p.Width() + p.Height())
	var frac float64
	switch {
	case !ex.Solved:
		rt.Hardest, rt.Nodes, rt.Conflicts = "search", res.Stats.Nodes, res.Stats.Conflicts
		rt.Difficulty = Expert
		if res.Stats.Nodes > expertNodes || res.Stats.Conflicts > 0 {
			rt.Difficulty = Extreme
		}
		x := math.Log10(float64(1 + res.Stats.Nodes + res.Stats.Conflicts))
		frac = x / (x + 3)
	case hardest >= probeRank:
		rt.Difficulty = Hard
		frac = float64(probes) / float64(probes+10)
	case hardest == lineRank:
		rt.Difficulty = Medium
		frac = float64(len(ex.Steps)) / (float64(len(ex.Steps)) + lines)
	default: // overlaps only, or a grid with nothing to deduce
		rt.Difficulty = Easy
		frac = float64(len(ex.Steps)) / (float64(len(ex.Steps)) + lines)
	}
	if rt.Hardest == "" {
		rt.Hardest = rules[max(hardest, 0)] // no step at all: nothing needed more than an overlap
	}
	rt.Score = math.Floor((float64(rt.Difficulty)+min(frac, 0.99))*10) / 10
	return rt, nil
}
