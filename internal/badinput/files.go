package badinput

import (
	"fmt"
	"os"
	"path/filepath"
)

// A FileCase is a case made from a seed file: File is the seed's base name,
// under which the case is read (its extension names the format).
type FileCase struct {
	Case
	File string
}

// FromFiles returns the cases of every seed file that glob matches; a glob
// that matches nothing is an error.
func FromFiles(glob string, opt Options) ([]FileCase, error) {
	paths, err := filepath.Glob(glob)
	if err != nil {
		return nil, err
	}
	if len(paths) == 0 {
		return nil, fmt.Errorf("no seeds match %s", glob)
	}
	var out []FileCase
	for _, path := range paths {
		in, err := os.ReadFile(path)
		if err != nil {
			return nil, err
		}
		for _, c := range Cases(in, opt) {
			out = append(out, FileCase{c, filepath.Base(path)})
		}
	}
	return out, nil
}

// Endless is an input that never ends: Head, then Unit again and again. N
// counts the bytes it gave.
type Endless struct {
	Head, Unit string
	N          int64
}

func (e *Endless) Read(p []byte) (int, error) {
	for i := range p {
		k := e.N + int64(i)
		if k < int64(len(e.Head)) {
			p[i] = e.Head[k]
		} else {
			p[i] = e.Unit[(k-int64(len(e.Head)))%int64(len(e.Unit))]
		}
	}
	e.N += int64(len(p))
	return len(p), nil
}
