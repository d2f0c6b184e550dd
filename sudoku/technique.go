package sudoku

import (
	"fmt"
)

// Technique is a human solving technique, ordered from the simplest up.
type Technique uint8

// The techniques, in the order the engine tries them.
const (
	NakedSingle        Technique = iota + 1 // a cell with one candidate left
	HiddenSingle                            // a digit with one place left in a unit
	Pointing                                // a digit confined to one line within a box
	Claiming                                // a digit confined to one box within a line
	NakedPair                               // two cells of a unit holding the same two digits
	HiddenPair                              // two digits of a unit confined to the same two cells
	NakedTriple                             // three cells of a unit holding three digits between them
	HiddenTriple                            // three digits of a unit confined to three cells
	NakedQuad                               // four cells of a unit holding four digits between them
	HiddenQuad                              // four digits of a unit confined to four cells
	XWing                                   // a digit in two rows confined to two columns (or vice versa)
	Swordfish                               // the same with three lines
	Jellyfish                               // the same with four lines
	FinnedXWing                             // an X-wing whose base lines also hold the digit in fins, all in one box ("sashimi" in the text when a base line holds it once besides)
	FinnedSwordfish                         // the same with three lines
	FinnedJellyfish                         // the same with four lines
	XYWing                                  // a bivalue pivot and two bivalue pincers
	XYZWing                                 // a trivalue pivot and two bivalue pincers
	UniqueRectangle                         // a rectangle that must not be all {a,b} (unique puzzles only)
	BUG                                     // bivalue universal grave plus one (unique puzzles only)
	WWing                                   // two equal bivalue cells joined by a strong link
	SimpleColouring                         // two-colouring the strong links of one digit
	Medusa3D                                // two-colouring the candidates joined by bivalue cells and bilocal units of all digits
	XChain                                  // alternating strong and weak links of one digit
	XYChain                                 // a chain of bivalue cells
	GroupedAIC                              // alternating strong and weak links of candidates and box-line groups (aic.go)
	ALSXZ                                   // two almost locked sets joined by a restricted common candidate (als.go)
	ALSXYWing                               // three almost locked sets joined by two different restricted commons
	ALSChain                                // four or more almost locked sets so joined
	ForcingChain                            // an assumption followed by singles: a contradiction, or all branches of a cell or unit agree
	NestedForcingChain                      // a contradiction whose branch uses forcing chains itself
	// Guess is not a technique: it stands for the point where the
	// techniques above are stuck and a player must guess (or backtrack).
	Guess
)

type techniqueInfo struct {
	name  string // lower case, for String and JSON
	title string // capitalised, to start a sentence
	level Difficulty
	score float64
}

var techniqueTable = [...]techniqueInfo{
	NakedSingle:        {"naked single", "Naked single", Easy, 1.0},
	HiddenSingle:       {"hidden single", "Hidden single", Easy, 1.2},
	Pointing:           {"pointing", "Pointing", Medium, 1.7},
	Claiming:           {"claiming", "Claiming", Medium, 1.9},
	NakedPair:          {"naked pair", "Naked pair", Medium, 2.0},
	HiddenPair:         {"hidden pair", "Hidden pair", Hard, 2.4},
	NakedTriple:        {"naked triple", "Naked triple", Hard, 2.6},
	HiddenTriple:       {"hidden triple", "Hidden triple", Hard, 2.8},
	NakedQuad:          {"naked quad", "Naked quad", Hard, 3.0},
	HiddenQuad:         {"hidden quad", "Hidden quad", Hard, 3.2},
	XWing:              {"x-wing", "X-wing", Expert, 3.4},
	Swordfish:          {"swordfish", "Swordfish", Expert, 3.8},
	Jellyfish:          {"jellyfish", "Jellyfish", Expert, 4.2},
	FinnedXWing:        {"finned x-wing", "Finned X-wing", Expert, 4.25},
	FinnedSwordfish:    {"finned swordfish", "Finned swordfish", Expert, 4.3},
	FinnedJellyfish:    {"finned jellyfish", "Finned jellyfish", Expert, 4.35},
	XYWing:             {"xy-wing", "XY-wing", Expert, 4.4},
	XYZWing:            {"xyz-wing", "XYZ-wing", Expert, 4.6},
	UniqueRectangle:    {"unique rectangle", "Unique rectangle", Expert, 4.7},
	BUG:                {"bug+1", "BUG+1", Expert, 4.75},
	WWing:              {"w-wing", "W-wing", Expert, 4.8},
	SimpleColouring:    {"simple colouring", "Simple colouring", Expert, 5.0},
	Medusa3D:           {"3d medusa", "3D Medusa", Expert, 5.2},
	XChain:             {"x-chain", "X-chain", Expert, 5.4},
	XYChain:            {"xy-chain", "XY-chain", Expert, 5.8},
	GroupedAIC:         {"grouped aic", "Grouped AIC", Expert, 6.0},
	ALSXZ:              {"als-xz", "ALS-XZ", Expert, 6.2},
	ALSXYWing:          {"als-xy-wing", "ALS-XY-wing", Expert, 6.4},
	ALSChain:           {"als chain", "ALS chain", Expert, 6.6},
	ForcingChain:       {"forcing chain", "Forcing chain", Extreme, 7.0},
	NestedForcingChain: {"nested forcing chain", "Nested forcing chain", Extreme, 8.5},
	Guess:              {"guess", "Guess", Extreme, 10},
}

func (t Technique) valid() bool { return t >= NakedSingle && int(t) < len(techniqueTable) }

// String returns the technique's lower-case name, such as "hidden single".
func (t Technique) String() string {
	if !t.valid() {
		return fmt.Sprintf("technique(%d)", uint8(t))
	}
	return techniqueTable[t].name
}

// Difficulty returns the difficulty level a puzzle needing t reaches.
func (t Technique) Difficulty() Difficulty {
	if !t.valid() {
		return 0
	}
	return techniqueTable[t].level
}

// Score returns the weight of t on this package's own rating scale: 1.0
// for a naked single up to 5.8 for an XY-chain and 6.6 for an ALS chain,
// 7.0 and 8.5 for forcing chains, and 10 for Guess. SE gives the estimate on Sudoku Explainer's
// scale instead.
func (t Technique) Score() float64 {
	if !t.valid() {
		return 0
	}
	return techniqueTable[t].score
}

// ParseTechnique returns the Technique with the given lower-case name.
func ParseTechnique(name string) (Technique, error) {
	for t := NakedSingle; t.valid(); t++ {
		if techniqueTable[t].name == name {
			return t, nil
		}
	}
	return 0, fmt.Errorf("sudoku: unknown technique %q", name)
}

// MarshalText encodes the technique as its name.
func (t Technique) MarshalText() ([]byte, error) {
	if !t.valid() {
		return nil, fmt.Errorf("sudoku: invalid technique %d", uint8(t))
	}
	return []byte(t.String()), nil
}

// UnmarshalText decodes a technique name.
func (t *Technique) UnmarshalText(b []byte) error {
	v, err := ParseTechnique(string(b))
	if err != nil {
		return err
	}
	*t = v
	return nil
}
