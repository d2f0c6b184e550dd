package main

import (
	"bufio"
	"context"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/puzzlesolvers/puzzle/sliding"
)

// bfsSolver solves by breadth-first search: the oracle of the hints.
func bfsSolver(ctx context.Context, b *sliding.Board) (sliding.Result, error) {
	return sliding.Solve(ctx, &sliding.Puzzle{Board: b}, sliding.Options{Algorithm: sliding.BFS})
}

// slidingBoard reads one board or fails the test.
func slidingBoard(t *testing.T, tiles string) *sliding.Board {
	t.Helper()
	p, err := sliding.Parse(strings.NewReader(tiles))
	if err != nil {
		t.Fatal(err)
	}
	return p.Board
}

func idaSolver(ctx context.Context, b *sliding.Board) (sliding.Result, error) {
	return sliding.Solve(ctx, &sliding.Puzzle{Board: b}, sliding.Options{Algorithm: sliding.IDAStar, Heuristic: sliding.LinearConflict})
}

func TestReadKey(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want []gameKey
	}{
		{"\x1b[A\x1b[B\x1b[C\x1b[D", []gameKey{keyTileUp, keyTileDown, keyTileRight, keyTileLeft}},
		{"\x1bOA\x1bOD", []gameKey{keyTileUp, keyTileLeft}},
		{"wasdhjkl", []gameKey{keyTileUp, keyTileLeft, keyTileDown, keyTileRight, keyTileLeft, keyTileDown, keyTileUp, keyTileRight}},
		{"?ur!x", []gameKey{keyHint, keyUndo, keyRestart, keyGiveUp, keyNone}},
		{"q\x03\x04", []gameKey{keyQuit, keyQuit, keyQuit}},
	} {
		r := bufio.NewReader(strings.NewReader(tc.in))
		for i, want := range tc.want {
			if got, err := readKey(r); err != nil || got != want {
				t.Errorf("%q key %d: %v (%v), want %v", tc.in, i, got, err, want)
			}
		}
		if _, err := readKey(r); err == nil {
			t.Errorf("%q: a key after the end", tc.in)
		}
	}
}

// TestSlideGamePlay plays through the game's input: one slide solves the
// board, and the game says so with the fewest possible.
func TestSlideGamePlay(t *testing.T) {
	b := slidingBoard(t, "1 2 3 4 5 6 7 0 8")
	g := newSlideGame(b, sliding.BlankLast, bfsSolver)
	var out strings.Builder
	g.play(t.Context(), strings.NewReader("w\x1b[Dq"), &out, 0, false)
	text := out.String()
	for _, want := range []string{"No tile can slide that way.", "Solved in 1 move! The fewest possible: 1.", "moves: 1"} {
		if !strings.Contains(text, want) {
			t.Errorf("missing %q in\n%s", want, text)
		}
	}
	if !g.board.IsGoal(sliding.BlankLast) || g.made.String() != "R" {
		t.Errorf("board %v after moves %q", g.board.Tiles, g.made)
	}
}

// TestSlideGameHints follows the hints from random 8-puzzles: each hint
// is a move that brings the board one move nearer the goal, as breadth-
// first search measures it, and the length it gives is the distance.
func TestSlideGameHints(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 5))
	for range 10 {
		b := sliding.Shuffle(rng, 3, 3, sliding.BlankLast)
		g := newSlideGame(b, sliding.BlankLast, idaSolver)
		for !g.board.IsGoal(sliding.BlankLast) {
			want, err := bfsSolver(t.Context(), g.board)
			if err != nil {
				t.Fatal(err)
			}
			m, res, err := g.hint(t.Context())
			if err != nil || len(res.Moves) != len(want.Moves) {
				t.Fatalf("%v: hint with %d moves (%v), want %d", g.board.Tiles, len(res.Moves), err, len(want.Moves))
			}
			next := g.board.Clone()
			if err := next.Apply(m); err != nil {
				t.Fatal(err)
			}
			after, _ := bfsSolver(t.Context(), next)
			if len(after.Moves) != len(want.Moves)-1 {
				t.Fatalf("%v: hint %c leaves %d moves, want %d", g.board.Tiles, m, len(after.Moves), len(want.Moves)-1)
			}
			g.press(t.Context(), map[sliding.Move]gameKey{sliding.Up: keyTileDown, sliding.Down: keyTileUp, sliding.Left: keyTileRight, sliding.Right: keyTileLeft}[m])
			if !slices.Equal(g.board.Tiles, next.Tiles) {
				t.Fatalf("the key for %c gave %v, want %v", m, g.board.Tiles, next.Tiles)
			}
		}
		if !strings.HasPrefix(g.message, "Solved in ") {
			t.Errorf("message %q at the goal", g.message)
		}
	}
}

// TestSlideGameUndoRestartGiveUp takes moves back one by one to the start,
// restarts, then lets the computer solve: a shortest solution.
func TestSlideGameUndoRestartGiveUp(t *testing.T) {
	b := slidingBoard(t, "8 6 7 2 5 4 3 0 1")
	g := newSlideGame(b, sliding.BlankLast, bfsSolver)
	ctx := t.Context()
	var seen [][]uint8
	for _, k := range []gameKey{keyTileUp, keyTileLeft, keyTileDown, keyTileRight, keyTileRight, keyTileDown} {
		before := slices.Clone(g.board.Tiles)
		if g.press(ctx, k); len(g.made) > len(seen) {
			seen = append(seen, before)
		}
	}
	if len(seen) < 4 {
		t.Fatalf("only %d of the moves could be made", len(seen))
	}
	for i := len(g.made) - 1; i >= 0; i-- {
		g.press(ctx, keyUndo)
		if !slices.Equal(g.board.Tiles, seen[len(g.made)]) {
			t.Fatalf("after undo: %v, want %v", g.board.Tiles, seen[len(g.made)])
		}
	}
	g.press(ctx, keyUndo)
	if g.message != "Nothing to take back." {
		t.Errorf("undo at the start: %q", g.message)
	}
	g.press(ctx, keyTileLeft)
	g.press(ctx, keyRestart)
	if !slices.Equal(g.board.Tiles, b.Tiles) || len(g.made) != 0 {
		t.Errorf("restart: %v after %q", g.board.Tiles, g.made)
	}
	var out strings.Builder
	g.giveUp(ctx, &out, time.Duration(0), false)
	if !g.board.IsGoal(sliding.BlankLast) || len(g.made) != 31 || !strings.Contains(g.message, "a shortest solution: 31 moves") {
		t.Errorf("give up: %v after %d moves, %q", g.board.Tiles, len(g.made), g.message)
	}
}

// TestSlidingPlayWatch: with --watch and a seed, play animates the
// solution of a random board, the same for the same seed, to the goal.
func TestSlidingPlayWatch(t *testing.T) {
	out1, errOut, code := runCmd(t, "", "sliding", "play", "--watch", "--size", "3", "--seed", "9", "--heuristic", "linear-conflict")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	out2, _, _ := runCmd(t, "", "sliding", "play", "--watch", "--size", "3", "--seed", "9", "--heuristic", "linear-conflict")
	if slideNormalise(out1) != slideNormalise(out2) {
		t.Errorf("the same seed gave two boards:\n%s\n%s", out1, out2)
	}
	if !strings.Contains(out1, "start\n") || !strings.HasSuffix(strings.TrimSpace(out1), "1 2 3\n4 5 6\n7 8 .") {
		t.Errorf("no animation to the goal:\n%s", out1)
	}
}
