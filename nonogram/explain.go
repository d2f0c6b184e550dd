package nonogram

import (
	"context"
	"fmt"
	"strings"
)

// Explanation is the reasoning that solves a puzzle without guessing, step
// by step, as far as it goes.
type Explanation struct {
	Steps []Step
	// Rows is the picture after the last step: '#' filled, '.' empty, '?'
	// undecided.
	Rows []string
	// Solved is true when the steps decide every cell.
	Solved bool
	// Contradiction is true when the steps prove that no picture exists.
	Contradiction bool
}

// Step is one deduction. Cells are [row, column], 0-based; the Text names
// them 1-based, as a player counts.
type Step struct {
	// Rule is "overlap" (a run covers the cell in both its left-most and
	// right-most placements, or no run can reach it), "line" (every
	// placement of the line's clue agrees on the cell, found by the complete
	// line solver), "contradiction" (the other value of a cell leaves a
	// line with no placement), "both-ways" (cells that follow whether a
	// cell is filled or empty) or "line-trial" (cells that follow from every
	// placement of a line that does not lead to a contradiction).
	Rule string
	// Line names the line that was solved: "row 3", "column 12".
	Line string
	// Clue is the clue of that line.
	Clue []int
	// Cell is the cell that was tried, for the probing rules.
	Cell []int
	// Fill lists the cells found filled.
	Fill [][]int
	// Colors gives, in a colour puzzle, the colour (palette index) of each
	// cell of Fill.
	Colors []int
	// Empty lists the cells found empty.
	Empty [][]int
	Text  string
}

// Explain solves p by line reasoning and then by trying single cells both
// ways, recording every deduction. It never guesses deeper than one cell:
// a puzzle that needs search ends with Solved false. A cancelled ctx
// returns the steps so far and ctx.Err(). Colour puzzles are explained by
// the same rules on sets of colours (explain_color.go).
func Explain(ctx context.Context, p *Puzzle) (Explanation, error) {
	if err := p.Validate(); err != nil {
		return Explanation{}, err
	}
	if p.IsColor() {
		return explainColor(ctx, p)
	}
	g := newGrid(p)
	pr := newPropagator(g)
	st := g.newState()
	var ex Explanation
	var classic classicLine
	var lineCells, overlap []lineCell
	pr.onLine = func(st *state, l int, fill, empty []uint64) {
		n := g.lineLen(l)
		lineCells = growCells(lineCells, n)
		overlap = growCells(overlap, n)
		black, white := g.lineBits(st, l)
		for i := range n {
			switch {
			case black[i/64]>>(i%64)&1 == 1:
				lineCells[i] = lineFilled
			case white[i/64]>>(i%64)&1 == 1:
				lineCells[i] = lineEmpty
			default:
				lineCells[i] = lineUnknown
			}
		}
		classic.solve(g.clues[l], lineCells, overlap)
		var steps [2]Step // overlap, then the rest
		for i := range n {
			v := lineUnknown
			if fill[i/64]>>(i%64)&1 == 1 {
				v = lineFilled
			} else if empty[i/64]>>(i%64)&1 == 1 {
				v = lineEmpty
			} else {
				continue
			}
			k := 1
			if overlap[i] == v {
				k = 0
			}
			rc := []int{l, i}
			if l >= g.h {
				rc = []int{i, l - g.h}
			}
			if v == lineFilled {
				steps[k].Fill = append(steps[k].Fill, rc)
			} else {
				steps[k].Empty = append(steps[k].Empty, rc)
			}
		}
		for k, s := range steps {
			if s.Fill == nil && s.Empty == nil {
				continue
			}
			s.Rule = [2]string{"overlap", "line"}[k]
			s.Line = lineName(g, l)
			s.Clue = g.clues[l]
			why := [2]string{"by overlap", "in every placement"}[k]
			s.Text = fmt.Sprintf("%s (%s): %s%s", s.Line, formatClue(s.Clue), cellsText(s.Fill, s.Empty), " "+why)
			ex.Steps = append(ex.Steps, s)
		}
	}
	pb := newProber(pr)
	pb.interrupted = func() bool { return ctx.Err() != nil }
	pb.onProbe = func(st *state, r, c int, contradiction, filled bool, fixed []cellFix) {
		s := Step{Cell: []int{r, c}}
		name := fmt.Sprintf("r%dc%d", r+1, c+1)
		if contradiction {
			s.Rule = "contradiction"
			other := "filled"
			if filled {
				s.Fill = [][]int{{r, c}}
				other = "empty"
			} else {
				s.Empty = [][]int{{r, c}}
			}
			s.Text = fmt.Sprintf("if %s were %s, %s would have no placement: %s", name, other, lineName(g, pr.failed), cellsText(s.Fill, s.Empty))
		} else {
			s.Rule = "both-ways"
			for _, f := range fixed {
				if f.filled {
					s.Fill = append(s.Fill, []int{f.r, f.c})
				} else {
					s.Empty = append(s.Empty, []int{f.r, f.c})
				}
			}
			s.Text = fmt.Sprintf("whether %s is filled or empty: %s", name, cellsText(s.Fill, s.Empty))
		}
		ex.Steps = append(ex.Steps, s)
	}

	pb.lineLimit = maxLineProbe
	pb.onLineProbe = func(st, acc *state, l, placements, survivors int) {
		s := Step{Rule: "line-trial", Line: lineName(g, l), Clue: g.clues[l]}
		for r := range g.h {
			for c := range g.w {
				known, _ := g.cell(st, r, c)
				if k, filled := g.cell(acc, r, c); k && !known {
					if filled {
						s.Fill = append(s.Fill, []int{r, c})
					} else {
						s.Empty = append(s.Empty, []int{r, c})
					}
				}
			}
		}
		s.Text = fmt.Sprintf("%s (%s): of its %d possible placements, %d lead to a contradiction; all the others give: %s",
			s.Line, formatClue(s.Clue), placements, placements-survivors, cellsText(s.Fill, s.Empty))
		ex.Steps = append(ex.Steps, s)
	}

	pr.pushAll()
	ok := pr.run(st)
	if ok && st.unknown > 0 {
		ok, _, _ = pb.probe(st)
	}
	if !ok {
		ex.Contradiction = true
		ex.Steps = append(ex.Steps, Step{Rule: "contradiction", Line: lineName(g, pr.failed), Clue: g.clues[pr.failed],
			Text: fmt.Sprintf("%s (%s) has no placement: the puzzle has no solution", lineName(g, pr.failed), formatClue(g.clues[pr.failed]))})
	}
	ex.Solved = ok && st.unknown == 0
	ex.Rows = partialRows(g, st)
	return ex, ctx.Err()
}

// Summary says in a sentence how the explanation ends.
func (e Explanation) Summary() string {
	switch {
	case e.Contradiction:
		return fmt.Sprintf("No solution: a contradiction after %d steps.", len(e.Steps))
	case e.Solved:
		return fmt.Sprintf("Solved by logic in %d steps.", len(e.Steps))
	}
	left := 0
	for _, r := range e.Rows {
		left += strings.Count(r, "?")
	}
	return fmt.Sprintf("Stuck after %d steps with %d cells undecided: guessing is needed from here.", len(e.Steps), left)
}

func lineName(g *grid, l int) string { return lineLabel(g.h, l) }

// lineLabel names line l of a puzzle of h rows: "row 3", "column 12".
func lineLabel(h, l int) string {
	if l < h {
		return fmt.Sprintf("row %d", l+1)
	}
	return fmt.Sprintf("column %d", l-h+1)
}

// cellsText lists cells as "fills r1c2-4; empties r2-3c1", merging runs of
// neighbouring cells in a row or a column.
func cellsText(fill, empty [][]int) string {
	var parts []string
	for k, cells := range [2][][]int{fill, empty} {
		if len(cells) == 0 {
			continue
		}
		parts = append(parts, [2]string{"fills ", "empties "}[k]+cellRanges(cells))
	}
	return strings.Join(parts, "; ")
}

// cellRanges names cells 1-based, in the order given, merging a cell into
// the previous range when it extends it along the same row or column.
func cellRanges(cells [][]int) string {
	type span struct{ r0, c0, r1, c1 int }
	var spans []span
	for _, rc := range cells {
		r, c := rc[0], rc[1]
		if n := len(spans); n > 0 {
			s := &spans[n-1]
			if s.r0 == s.r1 && r == s.r1 && c == s.c1+1 { // single or across
				s.c1 = c
				continue
			}
			if s.c0 == s.c1 && c == s.c1 && r == s.r1+1 { // single or down
				s.r1 = r
				continue
			}
		}
		spans = append(spans, span{r, c, r, c})
	}
	names := make([]string, len(spans))
	for i, s := range spans {
		switch {
		case s.r0 == s.r1 && s.c0 == s.c1:
			names[i] = fmt.Sprintf("r%dc%d", s.r0+1, s.c0+1)
		case s.r0 == s.r1:
			names[i] = fmt.Sprintf("r%dc%d-%d", s.r0+1, s.c0+1, s.c1+1)
		default:
			names[i] = fmt.Sprintf("r%d-%dc%d", s.r0+1, s.r1+1, s.c0+1)
		}
	}
	return strings.Join(names, ", ")
}

// partialRows draws a state with '?' for undecided cells.
func partialRows(g *grid, st *state) []string {
	rows := make([]string, g.h)
	var b strings.Builder
	for r := range g.h {
		b.Reset()
		for c := range g.w {
			known, filled := g.cell(st, r, c)
			switch {
			case !known:
				b.WriteByte('?')
			case filled:
				b.WriteByte('#')
			default:
				b.WriteByte('.')
			}
		}
		rows[r] = b.String()
	}
	return rows
}
