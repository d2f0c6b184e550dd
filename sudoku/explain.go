package sudoku

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/puzzlesolvers/puzzle/status"
)

// Explanation is a human-style solution path: the steps logic found, in
// order, and how far they got.
type Explanation struct {
	Steps []Step `json:"steps"`
	// Grid is the grid after the last step, row-major, 0 for cells logic
	// could not fill. It equals the solution when Solved is true.
	Grid []uint8 `json:"-"`
	// Candidates are the pencil marks after the last step: bit d-1 is set
	// when digit d is still possible in an empty cell, 0 for filled cells.
	Candidates []uint64 `json:"-"`
	// Solved is true when logic filled the grid; when false the
	// techniques are stuck and the rest needs guessing (or more advanced
	// techniques than this package knows).
	Solved bool `json:"solved"`
}

// Left returns the number of cells logic left empty.
func (e Explanation) Left() int {
	k := 0
	for _, v := range e.Grid {
		if v == 0 {
			k++
		}
	}
	return k
}

// Summary says in a sentence how the explanation ends.
func (e Explanation) Summary() string {
	if e.Solved {
		return fmt.Sprintf("Solved by logic in %d steps.", len(e.Steps))
	}
	return fmt.Sprintf("Stuck after %d steps with %d cells empty: no technique applies, guessing is needed from here.",
		len(e.Steps), e.Left())
}

// Explain solves p the way a person would, always applying the simplest
// technique that makes progress (see Technique), until the grid is full or
// no technique applies. It needs no uniqueness: on a puzzle with several
// solutions it simply gets stuck. The uniqueness techniques (unique
// rectangles, BUG+1) are used only on grids up to 9×9 that Solve finds to
// have exactly one solution. An invalid puzzle is an error, and so is a
// contradiction reached by logic (a cell without candidates), which proves
// the puzzle has no solution. A cancelled ctx returns the steps so far and
// ctx.Err().
func Explain(ctx context.Context, p *Puzzle) (Explanation, error) {
	if err := p.Validate(); err != nil {
		return Explanation{}, fmt.Errorf("sudoku: %w", err)
	}
	l := newLogic(p)
	if p.Box <= 3 {
		// Uniqueness techniques need a puzzle known to have one solution.
		if res, err := Solve(ctx, p, Options{}); err == nil && res.Status == status.Unique {
			l.unique = true
		}
	}
	ex, err := l.explain(ctx, nil)
	return ex, err
}

// ContradictionError is the error of Explain when logic proves that the
// puzzle has no solution: after Steps steps, a cell has no candidate left
// or a digit no place in a unit, as Msg says.
type ContradictionError struct {
	Steps int
	Msg   string // "r1c1 has no candidate left"
}

func (e *ContradictionError) Error() string {
	return fmt.Sprintf("sudoku: no solution: after %d steps %s", e.Steps, e.Msg)
}

// explain runs the logic to the end; if each is not nil it is called
// after every step and stops the run by returning false.
func (l *logic) explain(ctx context.Context, each func(Step) bool) (Explanation, error) {
	var ex Explanation
	var err error
	l.ctx = ctx
	defer func() { l.ctx = nil }()
	for l.left > 0 {
		if err = ctx.Err(); err != nil {
			break
		}
		if e := l.contradiction(); e != nil {
			err = &ContradictionError{Steps: len(ex.Steps), Msg: e.Error()}
			break
		}
		s, ok := l.next()
		if !ok {
			err = ctx.Err() // a long search may have stopped for it
			break
		}
		if s.SE == 0 {
			s.SE = l.stepSE(s)
		}
		l.apply(s)
		ex.Steps = append(ex.Steps, s)
		if each != nil && !each(s) {
			break
		}
	}
	ex.Grid = append([]uint8(nil), l.grid...)
	ex.Candidates = append([]uint64(nil), l.cand...)
	ex.Solved = l.left == 0
	return ex, err
}

// digitName writes a digit as in the one-line format: 1-9, then A = 10.
func digitName(d int) string { return string(valueChar(d, '.')) }

// joinAnd joins "a", "a and b", "a, b and c".
func joinAnd(items []string) string {
	switch len(items) {
	case 0:
		return ""
	case 1:
		return items[0]
	}
	return strings.Join(items[:len(items)-1], ", ") + " and " + items[len(items)-1]
}

func digitList(ds []int) string { return joinAnd(digitNames(ds)) }

// digitNames writes each digit as digitName does.
func digitNames(ds []int) []string {
	names := make([]string, len(ds))
	for i, d := range ds {
		names[i] = digitName(d)
	}
	return names
}

// candText writes a candidate set as {1,2,7}.
func candText(m uint64) string {
	var b strings.Builder
	b.WriteByte('{')
	for i, d := range digitsOf(m) {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(digitName(d))
	}
	b.WriteByte('}')
	return b.String()
}

func cellList(cs []Cell) string {
	names := make([]string, len(cs))
	for i, c := range cs {
		names[i] = c.String()
	}
	return strings.Join(names, ", ")
}

func unitNames(us []Unit) []string {
	names := make([]string, len(us))
	for i, u := range us {
		names[i] = u.String()
	}
	return names
}

// lineList writes lines of one kind as "rows 2 and 7".
func lineList(us []Unit) string {
	if len(us) == 0 {
		return ""
	}
	nums := make([]string, len(us))
	for i, u := range us {
		nums[i] = strconv.Itoa(u.Index + 1)
	}
	kind := unitKindNames[us[0].Kind]
	if len(us) > 1 {
		kind += "s"
	}
	return kind + " " + joinAnd(nums)
}

// elimText says which candidates go: "3 is removed from r5c7, r5c9", with
// digits that leave the same cells grouped ("3 and 8 are removed from ...")
// and groups separated by semicolons.
func elimText(el []Candidate) string {
	var digits []int
	byDigit := map[int][]Cell{}
	for _, e := range el {
		if _, ok := byDigit[e.Digit]; !ok {
			digits = append(digits, e.Digit)
		}
		byDigit[e.Digit] = append(byDigit[e.Digit], Cell{e.Row, e.Col})
	}
	slices.Sort(digits)
	var parts []string
	done := map[int]bool{}
	for _, d := range digits {
		if done[d] {
			continue
		}
		group := []int{d}
		for _, e := range digits {
			if e > d && !done[e] && slices.Equal(byDigit[e], byDigit[d]) {
				group = append(group, e)
				done[e] = true
			}
		}
		verb := "is"
		if len(group) > 1 {
			verb = "are"
		}
		parts = append(parts, fmt.Sprintf("%s %s removed from %s", digitList(group), verb, cellList(byDigit[d])))
	}
	return strings.Join(parts, "; ")
}
