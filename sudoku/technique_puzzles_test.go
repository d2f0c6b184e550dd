package sudoku

import (
	"context"
	"strings"
	"testing"
)

// TestTechniquesOnPuzzles explains real puzzles whose path uses the finned
// fish, 3D Medusa and unique rectangle type 3, checks every step against
// the solution (checkSteps), and checks that the expected kind of step
// occurs with its SE estimate.
func TestTechniquesOnPuzzles(t *testing.T) {
	lines := readLines(t, "testdata/techniques.txt", 100)
	want := []struct {
		tech Technique
		text string  // in the step's sentence
		se   float64 // the step's SE estimate
	}{
		{FinnedXWing, "Finned X-wing: ", 3.4},
		{FinnedSwordfish, "Finned swordfish: ", 4.0},
		{FinnedJellyfish, "Finned jellyfish: ", 5.4},
		{FinnedJellyfish, "Finned jellyfish (sashimi): ", 5.6},
		{FinnedSwordfish, "Finned swordfish (sashimi): ", 4.1},
		{Medusa3D, "exactly one colour is true, so ", 0},
		{Medusa3D, "so that colour is false", 0},
		{UniqueRectangle, "naked pair", 4.6},
		{UniqueRectangle, "naked triple", 4.7},
		{UniqueRectangle, "naked quad", 4.8},
		{FinnedXWing, "Finned X-wing (sashimi): ", 3.5},
	}
	if len(lines) != len(want) {
		t.Fatalf("%d puzzles, want %d", len(lines), len(want))
	}
	for i, line := range lines {
		w := want[i]
		t.Run(w.tech.String()+" "+w.text, func(t *testing.T) {
			t.Parallel()
			p := mustParseLine(t, line)
			if used := checkSteps(t, p); used[w.tech] == 0 {
				t.Fatalf("no %v in the path: %v", w.tech, used)
			}
			ex, _ := Explain(context.Background(), p)
			for _, s := range ex.Steps {
				if s.Technique != w.tech || !strings.Contains(s.Text, w.text) {
					continue
				}
				if w.se != 0 && s.SE != w.se {
					t.Errorf("SE %v, want %v: %s", s.SE, w.se, s.Text)
				}
				if w.tech == Medusa3D && (s.SE < 7.0 || s.SE > 7.5) {
					t.Errorf("SE %v outside 7.0-7.5: %s", s.SE, s.Text)
				}
				return
			}
			t.Errorf("no %v step saying %q", w.tech, w.text)
		})
	}
}
