package sudoku

import (
	"math/bits"
	"strings"
)

// Estimates on the Sudoku Explainer scale. Sudoku Explainer (Nicolas
// Juillerat) rates a puzzle by the hardest step of its simplest-first
// solving path, each technique having a published base difficulty (1.0 for
// the last value of a unit, 1.2 and 1.5 for hidden singles, 2.3 for a
// naked single, 2.6 pointing ... 5.4 hidden quad, 6.5-7.0 X- and Y-chains,
// 8.8-9.6 dynamic forcing chains, up to 11.4-11.9 and beyond for nested
// dynamic forcing chains) raised a little for long chains. These values
// take those published bases for our techniques and add our own length
// bonus; they are an estimate on SE's scale, not SE's own rating: our
// ladder, chains and nesting are not SE's, so a puzzle may differ from SE
// by a few tenths, and more where SE finds an intermediate forcing
// technique that we do not have.

// seRange is the base and ceiling of a technique on SE's scale.
type seRange struct{ base, top float64 }

var seTable = [...]seRange{
	NakedSingle:        {2.3, 2.3}, // 1.0 for a full house: see stepSE
	HiddenSingle:       {1.5, 1.5}, // 1.2 in a box
	Pointing:           {2.6, 2.6},
	Claiming:           {2.8, 2.8},
	NakedPair:          {3.0, 3.0},
	HiddenPair:         {3.4, 3.4},
	NakedTriple:        {3.6, 3.6},
	HiddenTriple:       {4.0, 4.0},
	NakedQuad:          {5.0, 5.0},
	HiddenQuad:         {5.4, 5.4},
	XWing:              {3.2, 3.2},
	Swordfish:          {3.8, 3.8},
	Jellyfish:          {5.2, 5.2},
	FinnedXWing:        {3.4, 3.5}, // 0.2 above the plain fish, 0.3 (0.4 for a jellyfish) when sashimi: see stepSE
	FinnedSwordfish:    {4.0, 4.1},
	FinnedJellyfish:    {5.4, 5.6},
	XYWing:             {4.2, 4.2},
	XYZWing:            {4.4, 4.4},
	UniqueRectangle:    {4.5, 4.8}, // 4.5 for type 1, 4.6 for types 2 and 4, 4.6-4.8 for type 3: see stepSE
	BUG:                {5.6, 5.6},
	WWing:              {6.6, 6.6}, // SE finds it as a short Y-cycle
	SimpleColouring:    {6.5, 6.9}, // an X-cycle
	Medusa3D:           {7.0, 7.5}, // a cycle of both kinds of link: see stepSE
	XChain:             {6.5, 6.9},
	XYChain:            {6.6, 7.0}, // Y-cycles
	GroupedAIC:         {7.0, 7.4}, // SE's forcing chains of mixed links; SE has no groups in them
	ALSXZ:              {7.5, 7.5}, // SE has no ALS techniques: between its static chains
	ALSXYWing:          {8.0, 8.0}, // and its dynamic forcing chains
	ALSChain:           {8.5, 8.7},
	ForcingChain:       {8.8, 9.6}, // dynamic forcing chains
	NestedForcingChain: {11.4, 11.9},
	Guess:              {12.0, 12.0}, // beyond one level of nesting
}

// SE returns the base difficulty of t on Sudoku Explainer's scale, as we
// estimate it; a step's own value (Step.SE) may be higher for a long chain,
// or lower for singles (1.0 for the last cell of a unit, 1.2 for a hidden
// single in a box).
func (t Technique) SE() float64 {
	if !t.valid() {
		return 0
	}
	return seTable[t].base
}

// lengthBonus is our own rise for long chains: 0.1 for every doubling of
// the length beyond 4.
func lengthBonus(length int) float64 {
	if length <= 4 {
		return 0
	}
	return 0.1 * float64(bits.Len(uint((length-1)/4)))
}

// seFor returns the estimate of technique t for a chain of the given
// length (0 for patterns of fixed size), within the technique's range.
func seFor(t Technique, length int) float64 {
	r := seTable[t]
	v := r.base + lengthBonus(length)
	v = float64(int(v*10+0.5)) / 10
	return min(v, r.top)
}

// stepSE estimates the difficulty of step s, found but not yet applied.
func (l *logic) stepSE(s Step) float64 {
	switch s.Technique {
	case NakedSingle, HiddenSingle:
		if len(s.Placements) == 1 {
			p := s.Placements[0]
			c := p.Row*l.n + p.Col
			for _, u := range l.g.unitsOf[c] {
				empty := 0
				for _, q := range l.g.units[u] {
					if l.grid[q] == 0 {
						empty++
					}
				}
				if empty == 1 {
					return 1.0 // the last value of a unit
				}
			}
		}
		if s.Technique == HiddenSingle && len(s.Units) == 1 && s.Units[0].Kind == BoxUnit {
			return 1.2
		}
	case UniqueRectangle:
		switch {
		case strings.Contains(s.Text, "(type 1)"):
			return 4.5
		case strings.Contains(s.Text, "(type 3)"):
			// SE adds 0.1 for each cell of the naked subset beyond the
			// roof: its cells are the four corners and those.
			return float64(45+len(s.Cells)-4) / 10
		}
		return 4.6
	case FinnedXWing, FinnedSwordfish, FinnedJellyfish:
		if strings.Contains(s.Text, "(sashimi)") {
			return seTable[s.Technique].top
		}
	case SimpleColouring, Medusa3D, XChain, XYChain, GroupedAIC, ALSChain:
		return seFor(s.Technique, len(s.Cells))
	}
	if s.Technique.valid() {
		return seFor(s.Technique, 0)
	}
	return 0
}
