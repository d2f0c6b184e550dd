package sudoku

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
)

// A checkpoint lets a generation that takes hours go on where an earlier
// run stopped. The grid, the visiting order and the puzzle built up
// (buildup.go, deterministic unless one of its searches runs out of time)
// follow from the options alone, so what a run adds is the verdicts of its
// removal checks, in the order it made them. Replayed in that order on the
// same puzzle, each verdict holds again: the puzzle of each check is the
// one the earlier run checked. A "needed" verdict holds for every later
// puzzle anyway; a "removable" one holds because the puzzle is the same; a
// check that timed out kept its given, as it does again, and the puzzle is
// not proved minimal. Checkpoints are kept from 36×36 up, where checks
// are races of fresh searches (removal_fresh.go).

// GenerateCheckpoint is the state of a generation that Generate can take
// up again (GenerateOptions.Resume).
type GenerateCheckpoint struct {
	Box       int    `json:"box"`
	Seed      uint64 `json:"seed,string"`
	Symmetric bool   `json:"symmetric"`
	// Start is a digest of the puzzle the checks began from, the one
	// built up: a resumed run must reach the same one.
	Start string `json:"start"`
	// Checks are the removal checks made, in order.
	Checks []CheckVerdict `json:"checks"`
	// Complete is true when every given was visited.
	Complete bool `json:"complete"`
}

// CheckVerdict is the outcome of the removal check of one cell.
type CheckVerdict struct {
	Cell Cell `json:"cell"`
	// Verdict is "needed" (the puzzle without the cell has a second
	// solution), "removable" (it has not) or "timeout" (the check ran
	// out of time and the given was kept unproved).
	Verdict string `json:"verdict"`
}

var verdictNames = map[verdict]string{needed: "needed", removable: "removable", checkTimeout: "timeout"}

// ErrCheckpointMismatch is wrapped by the error of Generate when
// GenerateOptions.Resume does not belong to the options.
var ErrCheckpointMismatch = errors.New("checkpoint does not match")

// puzzleDigest is the SHA-256 of the cells of p, in hex.
func puzzleDigest(p *Puzzle) string {
	sum := sha256.Sum256(p.Cells)
	return hex.EncodeToString(sum[:])
}

// checkLog replays the checks of a checkpoint and records new ones.
type checkLog struct {
	cp   GenerateCheckpoint
	next int // checks of cp replayed
	save func(GenerateCheckpoint)
}

// replay returns the recorded verdict of the next check, on cell, if
// there is one.
func (l *checkLog) replay(cell int) (verdict, bool, error) {
	if l == nil || l.next >= len(l.cp.Checks) {
		return unchecked, false, nil
	}
	rec := l.cp.Checks[l.next]
	if want := l.cell(cell); rec.Cell != want {
		return unchecked, false, fmt.Errorf("sudoku: %w: check %d is of row %d, column %d, where this run checks row %d, column %d",
			ErrCheckpointMismatch, l.next+1, rec.Cell.Row, rec.Cell.Col, want.Row, want.Col)
	}
	for v, name := range verdictNames {
		if name == rec.Verdict {
			l.next++
			return v, true, nil
		}
	}
	return unchecked, false, fmt.Errorf("sudoku: %w: check %d has verdict %q", ErrCheckpointMismatch, l.next+1, rec.Verdict)
}

// cell is the row and column of cell index i.
func (l *checkLog) cell(i int) Cell {
	n := l.cp.Box * l.cp.Box
	return Cell{Row: i / n, Col: i % n}
}

// record appends a new verdict and saves the checkpoint.
func (l *checkLog) record(cell int, v verdict) {
	if l == nil {
		return
	}
	name, ok := verdictNames[v]
	if !ok {
		return
	}
	l.cp.Checks = append(l.cp.Checks, CheckVerdict{Cell: l.cell(cell), Verdict: name})
	l.next = len(l.cp.Checks)
	if l.save != nil {
		l.save(l.cp)
	}
}

// finish marks the checkpoint complete and saves it.
func (l *checkLog) finish() {
	if l == nil {
		return
	}
	l.cp.Complete = true
	if l.save != nil {
		l.save(l.cp)
	}
}
