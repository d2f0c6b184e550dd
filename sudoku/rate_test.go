package sudoku

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"
)

func TestRate(t *testing.T) {
	ctx := context.Background()
	tests := []struct {
		puzzle  string
		want    Difficulty
		hardest Technique
	}{
		{knownLines[0], Easy, 0},                     // hardest is a single of some kind
		{knownLines[1], Extreme, NestedForcingChain}, // stuck before forcing chains from the start
	}
	for _, tt := range tests {
		r, err := Rate(ctx, mustParseLine(t, tt.puzzle))
		if err != nil {
			t.Fatal(err)
		}
		if r.Difficulty != tt.want || (tt.hardest != 0 && r.Hardest != tt.hardest) {
			t.Errorf("%s: rated %+v, want %v", tt.puzzle, r, tt.want)
		}
		if r.Score != r.Hardest.Score() || r.Difficulty != r.Hardest.Difficulty() || r.Steps == 0 || r.SE < 1 || r.SE > 12 {
			t.Errorf("%s: inconsistent rating %+v", tt.puzzle, r)
		}
	}

	empty, _ := New(3)
	if _, err := Rate(ctx, empty); !errors.Is(err, ErrNotUnique) {
		t.Errorf("empty grid: err = %v, want ErrNotUnique", err)
	}
	bad := mustParseLine(t, "12345678."+"........9"+strings.Repeat(".", 63))
	if _, err := Rate(ctx, bad); err == nil {
		t.Error("no error for a puzzle without solution")
	}
}

// TestRateAgreesWithExplain checks the rating against an independent
// reading of the explanation on generated puzzles of every level.
func TestRateAgreesWithExplain(t *testing.T) {
	ctx := context.Background()
	for _, d := range []Difficulty{Easy, Medium, Hard, Expert, Extreme} {
		g, err := Generate(ctx, GenerateOptions{Difficulty: d, Seed: 3})
		if err != nil {
			t.Fatal(err)
		}
		r, err := Rate(ctx, g.Puzzle)
		if err != nil {
			t.Fatal(err)
		}
		if r != g.Rating {
			t.Errorf("Rate %+v, Generate said %+v", r, g.Rating)
		}
		ex, err := Explain(ctx, g.Puzzle)
		if err != nil {
			t.Fatal(err)
		}
		level := Difficulty(0)
		for _, s := range ex.Steps {
			level = max(level, s.Technique.Difficulty())
		}
		if !ex.Solved {
			level = Extreme
		}
		if level != d || r.Difficulty != d || r.Steps != len(ex.Steps) {
			t.Errorf("%v puzzle: explanation level %v, rating %+v, %d steps", d, level, r, len(ex.Steps))
		}
	}
}

func TestDifficultyText(t *testing.T) {
	for d := Difficulty(0); d <= Extreme; d++ {
		b, err := json.Marshal(d)
		if err != nil {
			t.Fatal(err)
		}
		var back Difficulty
		if err := json.Unmarshal(b, &back); err != nil || back != d {
			t.Errorf("%v: %s decodes to %v, %v", d, b, back, err)
		}
		if p, err := ParseDifficulty(d.String()); err != nil || p != d {
			t.Errorf("ParseDifficulty(%q) = %v, %v", d, p, err)
		}
	}
	if _, err := ParseDifficulty("fiendish"); err == nil {
		t.Error("ParseDifficulty accepted an unknown level")
	}
	b, err := json.Marshal(Rating{Difficulty: Hard, Hardest: HiddenPair, Steps: 60, Score: 2.4, SE: 3.4})
	if err != nil {
		t.Fatal(err)
	}
	if want := `{"difficulty":"hard","hardest":"hidden pair","steps":60,"score":2.4,"se_rating":3.4}`; string(b) != want {
		t.Errorf("JSON %s, want %s", b, want)
	}
}

// BenchmarkRate rates generated 9×9 puzzles of every difficulty in turn,
// uniqueness check by Solve included.
func BenchmarkRate(b *testing.B) {
	ctx := context.Background()
	var ps []*Puzzle
	for seed := range uint64(100) {
		g, err := Generate(ctx, GenerateOptions{Seed: seed})
		if err != nil {
			b.Fatal(err)
		}
		ps = append(ps, g.Puzzle)
	}
	i := 0
	for b.Loop() {
		if _, err := Rate(ctx, ps[i%len(ps)]); err != nil {
			b.Fatal(err)
		}
		i++
	}
	b.ReportMetric(float64(i)/b.Elapsed().Seconds(), "puzzles/s")
}
