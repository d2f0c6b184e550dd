package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"strings"

	"github.com/puzzlesolvers/puzzle/sudoku"
)

// checkpointKind names the file of 'sudoku generate --checkpoint'.
const checkpointKind = "puzzle sudoku generate checkpoint"

// checkpointFile is the file of --checkpoint (docs/formats.md): the state
// of a generation, under its kind and version.
type checkpointFile struct {
	Kind    string `json:"kind"`
	Version int    `json:"version"`
	sudoku.GenerateCheckpoint
}

// readCheckpoint reads the checkpoint at path and checks its shape; a
// file that does not exist gives nil and no error.
func readCheckpoint(path string) (*sudoku.GenerateCheckpoint, error) {
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	var f checkpointFile
	if err := dec.Decode(&f); err != nil {
		return nil, fmt.Errorf("%s:%d: not a checkpoint: %v", path, lineAt(data, dec.InputOffset(), err), err)
	}
	if dec.More() {
		return nil, fmt.Errorf("%s:%d: not a checkpoint: more after its object", path, lineAt(data, dec.InputOffset(), nil))
	}
	if f.Kind != checkpointKind || f.Version != 1 {
		return nil, fmt.Errorf("%s:1: not a checkpoint of 'puzzle sudoku generate' (kind %q, version %d; want %q, version 1)",
			path, f.Kind, f.Version, checkpointKind)
	}
	cp := &f.GenerateCheckpoint
	if cp.Box < 6 || cp.Box > 7 {
		return nil, fmt.Errorf("%s:1: checkpoint of box %d: checkpoints are kept for 36×36 and 49×49", path, cp.Box)
	}
	n := cp.Box * cp.Box
	for i, ch := range cp.Checks {
		if ch.Cell.Row < 0 || ch.Cell.Row >= n || ch.Cell.Col < 0 || ch.Cell.Col >= n {
			return nil, fmt.Errorf("%s: check %d: row %d, column %d is off the %d×%d grid", path, i+1, ch.Cell.Row, ch.Cell.Col, n, n)
		}
		if ch.Verdict != "needed" && ch.Verdict != "removable" && ch.Verdict != "timeout" {
			return nil, fmt.Errorf("%s: check %d: verdict %q: want needed, removable or timeout", path, i+1, ch.Verdict)
		}
	}
	return cp, nil
}

// lineAt is the line (from 1) of the byte at offset of data, or of the
// offset that err, a JSON decoding error, names.
func lineAt(data []byte, offset int64, err error) int {
	var syn *json.SyntaxError
	var typ *json.UnmarshalTypeError
	switch {
	case errors.As(err, &syn):
		offset = syn.Offset
	case errors.As(err, &typ):
		offset = typ.Offset
	case err != nil && strings.HasPrefix(err.Error(), "json: unknown field "):
		// The decoder does not say where; the field's first key does.
		name := strings.TrimPrefix(err.Error(), "json: unknown field ")
		if i := bytes.Index(data, []byte(name+":")); i >= 0 {
			offset = int64(i)
		} else if i := bytes.Index(data, []byte(name)); i >= 0 {
			offset = int64(i)
		}
	}
	offset = min(max(offset, 0), int64(len(data)))
	return 1 + bytes.Count(data[:offset], []byte("\n"))
}

// writeCheckpoint writes cp to path through a temporary file, so that the
// file is always the last checkpoint written whole.
func writeCheckpoint(path string, cp sudoku.GenerateCheckpoint) error {
	data, err := json.MarshalIndent(checkpointFile{Kind: checkpointKind, Version: 1, GenerateCheckpoint: cp}, "", "  ")
	if err != nil {
		return err
	}
	return writeFileAtomic(path, append(data, '\n'))
}
