package main

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/puzzlesolvers/puzzle/internal/record"
)

// cancelAfter is a writer that cancels its context once it holds n bytes.
type cancelAfter struct {
	bytes.Buffer
	n      int
	cancel context.CancelFunc
}

func (w *cancelAfter) Write(p []byte) (int, error) {
	if w.Len() >= w.n {
		w.cancel()
	}
	return w.Buffer.Write(p)
}

// TestQueensWriteStops writes the rows of a million queens: whole, the
// same text as queensJoinInts and record.AppendQueensPlacement; and with
// the context cancelled after the first pieces, a few pieces and not the
// rest, the line of integers ended.
func TestQueensWriteStops(t *testing.T) {
	rows := make([]int, 1_000_000)
	for i := range rows {
		rows[i] = (2*i + 1) % len(rows)
	}
	var all bytes.Buffer
	if !queensWriteInts(context.Background(), &all, rows) || all.String() != queensJoinInts(rows)+"\n" {
		t.Fatalf("the integers differ from queensJoinInts")
	}
	all.Reset()
	if !queensWritePlacement(context.Background(), &all, rows) || !bytes.Equal(all.Bytes(), record.AppendQueensPlacement(nil, rows)) {
		t.Fatalf("the placement differs from record.AppendQueensPlacement")
	}
	var cells []record.Cell
	if err := json.Unmarshal(all.Bytes(), &cells); err != nil || len(cells) != len(rows) || cells[7].Row != rows[7] || cells[7].Col != 7 {
		t.Fatalf("placement: %v, %d cells", err, len(cells))
	}
	for _, placement := range []bool{false, true} {
		ctx, cancel := context.WithCancel(context.Background())
		w := &cancelAfter{n: 3 << 16, cancel: cancel}
		var done bool
		if placement {
			done = queensWritePlacement(ctx, w, rows)
		} else {
			done = queensWriteInts(ctx, w, rows)
		}
		cancel()
		if done || w.Len() > 5<<16 || w.Len() < 3<<16 {
			t.Fatalf("placement %v: done %v after %d bytes, want a stop after 3 to 5 pieces of 64 KB", placement, done, w.Len())
		}
		if !placement && !strings.HasSuffix(w.String(), "\n") {
			t.Fatalf("the line of integers is not ended")
		}
	}
}
