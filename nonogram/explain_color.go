package nonogram

import (
	"context"
	"fmt"
	"math/bits"
	"strings"
)

// Explanations of colour puzzles: the same rules as in black and white,
// on sets of colours. Each cell starts with every colour of the palette
// possible; the colour line solver (line_color.go) removes the colours that
// no placement of a line puts in a cell ("line"); when lines are stuck, each
// colour that an undecided cell may still take is tried, and a colour that
// leaves a line with no placement is removed ("contradiction"); cells that
// every remaining trial decides alike are decided ("both-ways"). A step
// lists the cells it decides; Fill and Colors give the filled ones and
// their colours, Empty the background ones.

// colorExplainer holds the state of one colour explanation.
type colorExplainer struct {
	p          *Puzzle
	w, h       int
	full       uint64
	solver     colorLineSolver
	allowed    []uint64
	out        []uint64
	queue      []int
	queued     []bool
	failedLine int
}

func (e *colorExplainer) lineLen(l int) int {
	if l < e.h {
		return e.w
	}
	return e.h
}

// cellOf returns the index of cell i of line l.
func (e *colorExplainer) cellOf(l, i int) int {
	if l < e.h {
		return l*e.w + i
	}
	return i*e.w + (l - e.h)
}

func (e *colorExplainer) clue(l int) (runs, colors []int) {
	if l < e.h {
		return e.p.Rows[l], e.p.RowColors[l]
	}
	return e.p.Cols[l-e.h], e.p.ColColors[l-e.h]
}

func (e *colorExplainer) push(l int) {
	if !e.queued[l] {
		e.queued[l] = true
		e.queue = append(e.queue, l)
	}
}

// propagate solves queued lines on cells until nothing changes. onLine, if
// set, is told each line that narrowed cells, with the cells' sets before.
// It reports false, with failedLine set, when a line has no placement.
func (e *colorExplainer) propagate(cells []uint64, onLine func(l int, before []uint64)) bool {
	before := make([]uint64, max(e.w, e.h))
	for len(e.queue) > 0 {
		l := e.queue[0]
		e.queue = e.queue[1:]
		e.queued[l] = false
		n := e.lineLen(l)
		for i := range n {
			e.allowed[i] = cells[e.cellOf(l, i)]
		}
		runs, colors := e.clue(l)
		if !e.solver.solve(runs, colors, len(e.p.Colors), e.allowed[:n], e.out[:n]) {
			e.failedLine = l
			for _, q := range e.queue {
				e.queued[q] = false
			}
			e.queue = e.queue[:0]
			return false
		}
		changed := false
		for i := range n {
			before[i] = e.allowed[i]
			if e.out[i] != e.allowed[i] {
				changed = true
				c := e.cellOf(l, i)
				cells[c] = e.out[i]
				// The crossing line.
				if l < e.h {
					e.push(e.h + c%e.w)
				} else {
					e.push(c / e.w)
				}
			}
		}
		if changed && onLine != nil {
			onLine(l, before[:n])
		}
	}
	return true
}

func (e *colorExplainer) pushAll() {
	for l := range e.h + e.w {
		e.push(l)
	}
}

// decided returns the colour of a cell's set when it holds one colour.
func decided(set uint64) (int, bool) {
	if set != 0 && set&(set-1) == 0 {
		return bits.TrailingZeros64(set), true
	}
	return 0, false
}

// newlyDecided lists the cells decided in after but not in before, as a
// step's Fill, Colors and Empty.
func (e *colorExplainer) newlyDecided(s *Step, before, after []uint64) {
	for c := range after {
		e.decide(s, c, before[c], after[c])
	}
}

// decide adds cell c to the step if its set of colours went from before
// (undecided) to after (one colour).
func (e *colorExplainer) decide(s *Step, c int, before, after uint64) {
	col, now := decided(after)
	if _, was := decided(before); !now || was {
		return
	}
	rc := []int{c / e.w, c % e.w}
	if col == 0 {
		s.Empty = append(s.Empty, rc)
	} else {
		s.Fill = append(s.Fill, rc)
		s.Colors = append(s.Colors, col)
	}
}

// colorCellsText lists decided cells by colour: "r1c2-3 red, r2c1 blue;
// empties r1c1".
func (e *colorExplainer) colorCellsText(s Step) string {
	var parts []string
	if len(s.Fill) > 0 {
		var groups []string
		for col := 1; col < len(e.p.Colors); col++ {
			var cells [][]int
			for i, rc := range s.Fill {
				if s.Colors[i] == col {
					cells = append(cells, rc)
				}
			}
			if cells != nil {
				groups = append(groups, cellRanges(cells)+" "+e.p.Colors[col].Name)
			}
		}
		parts = append(parts, "paints "+strings.Join(groups, ", "))
	}
	if len(s.Empty) > 0 {
		parts = append(parts, "empties "+cellRanges(s.Empty))
	}
	return strings.Join(parts, "; ")
}

func (e *colorExplainer) clueText(l int) string {
	runs, colors := e.clue(l)
	if len(runs) == 0 {
		return "0"
	}
	t := make([]string, len(runs))
	for i, n := range runs {
		t[i] = fmt.Sprintf("%d%c", n, e.p.Colors[colors[i]].Char)
	}
	return strings.Join(t, " ")
}

func (e *colorExplainer) lineName(l int) string { return lineLabel(e.h, l) }

// explainColor is Explain for a colour puzzle.
func explainColor(ctx context.Context, p *Puzzle) (Explanation, error) {
	w, h, k := p.Width(), p.Height(), len(p.Colors)
	e := &colorExplainer{p: p, w: w, h: h, full: uint64(1)<<k - 1,
		allowed: make([]uint64, max(w, h)), out: make([]uint64, max(w, h)), queued: make([]bool, w+h)}
	cells := make([]uint64, w*h)
	for i := range cells {
		cells[i] = e.full
	}
	var ex Explanation
	onLine := func(l int, before []uint64) {
		s := Step{Rule: "line", Line: e.lineName(l)}
		s.Clue, _ = e.clue(l)
		for i, set := range before {
			e.decide(&s, e.cellOf(l, i), set, cells[e.cellOf(l, i)])
		}
		if s.Fill == nil && s.Empty == nil {
			return // colours ruled out, none decided yet
		}
		s.Text = fmt.Sprintf("%s (%s): %s in every placement", s.Line, e.clueText(l), e.colorCellsText(s))
		ex.Steps = append(ex.Steps, s)
	}
	fail := func() {
		l := e.failedLine
		s := Step{Rule: "contradiction", Line: e.lineName(l)}
		s.Clue, _ = e.clue(l)
		s.Text = fmt.Sprintf("%s (%s) has no placement: the puzzle has no solution", s.Line, e.clueText(l))
		ex.Steps = append(ex.Steps, s)
		ex.Contradiction = true
	}

	e.pushAll()
	ok := e.propagate(cells, onLine)
	trial := make([]uint64, len(cells))
	common := make([]uint64, len(cells))
	for ok && ctx.Err() == nil {
		progress := false
		for c := 0; c < len(cells) && ok && ctx.Err() == nil; c++ {
			if _, done := decided(cells[c]); done {
				continue
			}
			// Try each colour the cell may take.
			name := fmt.Sprintf("r%dc%d", c/w+1, c%w+1)
			survivors := 0
			for set := cells[c]; set != 0; set &= set - 1 {
				col := bits.TrailingZeros64(set)
				copy(trial, cells)
				trial[c] = 1 << col
				e.push(c / w)
				e.push(h + c%w)
				if !e.propagate(trial, nil) {
					before := append([]uint64(nil), cells...)
					cells[c] &^= 1 << col
					s := Step{Rule: "contradiction", Cell: []int{c / w, c % w}}
					e.newlyDecided(&s, before, cells)
					what := "empty"
					if col > 0 {
						what = p.Colors[col].Name
					}
					s.Text = fmt.Sprintf("if %s were %s, %s would have no placement", name, what, e.lineName(e.failedLine))
					if s.Fill != nil || s.Empty != nil {
						s.Text += ": " + e.colorCellsText(s)
					}
					ex.Steps = append(ex.Steps, s)
					progress = true
					continue
				}
				if survivors == 0 {
					copy(common, trial)
				} else {
					for i := range common {
						common[i] |= trial[i]
					}
				}
				survivors++
			}
			if cells[c] == 0 {
				ok = false
				e.failedLine = c / w
				break
			}
			if progress {
				// Propagate what the removed colours give before trying more.
				e.push(c / w)
				e.push(h + c%w)
				ok = e.propagate(cells, onLine)
				break
			}
			if survivors > 1 {
				before := append([]uint64(nil), cells...)
				narrowed := false
				for i := range cells {
					if nw := cells[i] & common[i]; nw != cells[i] {
						cells[i] = nw
						narrowed = true
						e.push(i / w)
						e.push(h + i%w)
					}
				}
				if narrowed {
					s := Step{Rule: "both-ways", Cell: []int{c / w, c % w}}
					e.newlyDecided(&s, before, cells)
					if s.Fill != nil || s.Empty != nil {
						s.Text = fmt.Sprintf("whatever colour %s takes: %s", name, e.colorCellsText(s))
						ex.Steps = append(ex.Steps, s)
					}
					ok = e.propagate(cells, onLine)
					progress = true
					break
				}
			}
		}
		if !progress {
			break
		}
	}
	if !ok {
		fail()
	}
	ex.Solved = ok
	ex.Rows = make([]string, h)
	var b strings.Builder
	for r := range h {
		b.Reset()
		for c := range w {
			col, done := decided(cells[r*w+c])
			switch {
			case !done:
				b.WriteByte('?')
				ex.Solved = false
			default:
				b.WriteByte(p.Colors[col].Char)
			}
		}
		ex.Rows[r] = b.String()
	}
	return ex, ctx.Err()
}
