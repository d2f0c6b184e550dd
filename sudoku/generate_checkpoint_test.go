package sudoku

import (
	"errors"
	"slices"
	"testing"
	"time"
)

// TestGenerateCheckpoint checks that a pass resumed from any prefix of a
// checkpoint makes the same puzzle with only the remaining checks, that a
// complete checkpoint makes it with none, and that a checkpoint of
// another run is refused.
func TestGenerateCheckpoint(t *testing.T) {
	t.Parallel()
	ctx := t.Context()
	lim := limits{check: time.Minute}
	var saved []GenerateCheckpoint
	pl := plan{build: true, solve: true, learning: true, races: true, workers: 2, checkpoint: func(cp GenerateCheckpoint) {
		cp.Checks = slices.Clone(cp.Checks)
		saved = append(saved, cp)
	}}
	full, err := generateOnce(ctx, 4, 3, 0, false, pl, lim)
	if err != nil || !full.Minimal {
		t.Fatalf("minimal %v, %v", full.Minimal, err)
	}
	last := saved[len(saved)-1]
	if !last.Complete || len(last.Checks) != full.Checks || len(saved) != full.Checks+1 {
		t.Fatalf("%d checkpoints, the last complete %v with %d checks; %d checks made", len(saved), last.Complete, len(last.Checks), full.Checks)
	}
	for _, ch := range last.Checks {
		if c := ch.Cell.Row*16 + ch.Cell.Col; (ch.Verdict == "needed") != (full.Puzzle.Cells[c] != 0) {
			t.Fatalf("verdict %q for cell %+v, given %d in the puzzle", ch.Verdict, ch.Cell, full.Puzzle.Cells[c])
		}
	}
	for _, k := range []int{0, len(last.Checks) / 2, len(last.Checks)} {
		cp := last
		cp.Checks, cp.Complete = last.Checks[:k], k == len(last.Checks)
		if k > 0 && !slices.Equal(saved[k-1].Checks, cp.Checks) {
			t.Fatalf("checkpoint %d is not the start of the last", k)
		}
		resumed := pl
		resumed.checkpoint, resumed.resume = nil, &cp
		g, err := generateOnce(ctx, 4, 3, 0, false, resumed, lim)
		if err != nil || !g.Minimal || !slices.Equal(g.Puzzle.Cells, full.Puzzle.Cells) {
			t.Fatalf("resumed after %d checks: minimal %v, %v, same puzzle %v", k, g.Minimal, err, slices.Equal(g.Puzzle.Cells, full.Puzzle.Cells))
		}
		if g.Checks != len(last.Checks)-k {
			t.Errorf("resumed after %d checks: %d more checks, want %d", k, g.Checks, len(last.Checks)-k)
		}
	}
	// A timeout replayed keeps its given and the puzzle unproved.
	timedOut := last
	timedOut.Checks = slices.Clone(last.Checks)
	i := slices.IndexFunc(timedOut.Checks, func(c CheckVerdict) bool { return c.Verdict == "needed" })
	timedOut.Checks[i].Verdict = "timeout"
	resumed := pl
	resumed.checkpoint, resumed.resume = nil, &timedOut
	if g, err := generateOnce(ctx, 4, 3, 0, false, resumed, lim); err != nil || g.Minimal || !slices.Equal(g.Puzzle.Cells, full.Puzzle.Cells) {
		t.Errorf("a timeout replayed: minimal %v, %v", g.Minimal, err)
	}
	// Checkpoints of other runs.
	moved := last
	moved.Checks = slices.Clone(last.Checks)
	moved.Checks[1].Cell.Col = (moved.Checks[1].Cell.Col + 1) % 16
	other := last
	other.Start = "0" + other.Start[1:]
	for name, cp := range map[string]GenerateCheckpoint{"another cell": moved, "another start": other} {
		resumed := pl
		resumed.checkpoint, resumed.resume = nil, &cp
		if _, err := generateOnce(ctx, 4, 3, 0, false, resumed, lim); !errors.Is(err, ErrCheckpointMismatch) {
			t.Errorf("%s: err %v", name, err)
		}
	}
	for _, opt := range []GenerateOptions{
		{Box: 4, Seed: 3, Resume: &last},
		{Box: 6, Seed: 4, Resume: &GenerateCheckpoint{Box: 6, Seed: 3}},
		{Box: 6, Seed: 3, Symmetric: true, Resume: &GenerateCheckpoint{Box: 6, Seed: 3}},
		{Box: 6, Seed: 3, Difficulty: Hard, Resume: &GenerateCheckpoint{Box: 6, Seed: 3}},
	} {
		if _, err := Generate(ctx, opt); !errors.Is(err, ErrCheckpointMismatch) {
			t.Errorf("%+v: err %v", opt, err)
		}
	}
}
