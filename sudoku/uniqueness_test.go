package sudoku

import "testing"

// TestUniqueRectangleType3 builds the pattern on the empty grid: the floor
// r2c1, r2c4 is {6,9}; the roof r1c1, r1c4 holds 1 and 4 besides, and with
// r1c7 {1,4} forms a naked pair in row 1. The uniqueness argument cannot be
// checked by search on a candidate state (it has many solutions), so the
// soundness of type 3 is checked on real puzzles (TestTechniquesOnPuzzles,
// TestStepsSoundOnSharedSets).
func TestUniqueRectangleType3(t *testing.T) {
	l := blankLogic(t)
	setCands(t, l, []int{6, 9}, "r2c1", "r2c4")
	setCands(t, l, []int{1, 6, 9}, "r1c1")
	setCands(t, l, []int{4, 6, 9}, "r1c4")
	setCands(t, l, []int{1, 4}, "r1c7")
	if s, ok := l.uniqueRectangle(); ok {
		t.Fatalf("unique rectangle used with uniqueness unknown: %s", s.Text)
	}
	l.unique = true
	s, ok := l.uniqueRectangle()
	if !ok {
		t.Fatal("no unique rectangle")
	}
	want := "Unique rectangle (type 3) on 6 and 9 in r1c1, r1c4, r2c1, r2c4: were they all {6,9}, the puzzle would have two solutions; one of r1c1 and r1c4 is 1 or 4, so with r1c7 {1,4} they form a naked pair on 1 and 4 in row 1, so 1 and 4 are removed from r1c2, r1c3, r1c5, r1c6, r1c8, r1c9"
	if s.Text != want {
		t.Errorf("text\n got %q\nwant %q", s.Text, want)
	}
	if got, want := candsText(s.Eliminations), expandElims(t, []int{1, 4}, "r1c2", "r1c3", "r1c5", "r1c6", "r1c8", "r1c9"); got != want {
		t.Errorf("eliminations\n got %q\nwant %q", got, want)
	}
	if got := cellList(s.Cells); got != "r1c1, r1c4, r2c1, r2c4, r1c7" {
		t.Errorf("cells %s, want the corners and r1c7", got)
	}
	if se := l.stepSE(s); se != 4.6 {
		t.Errorf("SE %v, want 4.6 (a pair)", se)
	}
	l.apply(s)
	if s2, ok := l.uniqueRectangle(); ok {
		t.Errorf("still applies: %s", s2.Text)
	}
}
