// Package schematest validates JSON records against the schemas of
// docs/schema in tests.
package schematest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io/fs"
	"strings"
	"sync"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/puzzlesolvers/puzzle/docs/schema"
)

var (
	once     sync.Once
	compiler *jsonschema.Compiler
	loadErr  error
	mu       sync.Mutex
	compiled = map[string]*jsonschema.Schema{}
)

func load() {
	compiler = jsonschema.NewCompiler()
	compiler.AssertFormat()
	loadErr = fs.WalkDir(schema.FS, ".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".json") {
			return err
		}
		b, err := schema.FS.ReadFile(path)
		if err != nil {
			return err
		}
		doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(b))
		if err != nil {
			return fmt.Errorf("%s: %w", path, err)
		}
		return compiler.AddResource(schema.Base+path, doc)
	})
}

// Schema compiles the schema at ref, a file name and a JSON pointer:
// "sudoku.json#/$defs/solve".
func Schema(ref string) (*jsonschema.Schema, error) {
	once.Do(load)
	if loadErr != nil {
		return nil, loadErr
	}
	mu.Lock()
	defer mu.Unlock()
	if s, ok := compiled[ref]; ok {
		return s, nil
	}
	s, err := compiler.Compile(schema.Base + ref)
	if err != nil {
		return nil, err
	}
	compiled[ref] = s
	return s, nil
}

// Check validates one JSON document against the schema at ref and returns
// why it does not conform.
func Check(ref string, data []byte) error {
	s, err := Schema(ref)
	if err != nil {
		return fmt.Errorf("schema %s: %w", ref, err)
	}
	v, err := jsonschema.UnmarshalJSON(bytes.NewReader(data))
	if err != nil {
		return fmt.Errorf("not JSON: %w", err)
	}
	if err := s.Validate(v); err != nil {
		return fmt.Errorf("%s: %v\nrecord: %s", ref, err, data)
	}
	return nil
}

// Validate fails the test when data does not conform to the schema at ref.
func Validate(t testing.TB, ref string, data []byte) {
	t.Helper()
	if err := Check(ref, data); err != nil {
		t.Error(err)
	}
}

// ValidateLines validates every line of JSON Lines output against ref and
// returns how many lines there were.
func ValidateLines(t testing.TB, ref string, out []byte) int {
	t.Helper()
	n := 0
	for line := range bytes.Lines(out) {
		line = bytes.TrimSpace(line)
		if len(line) == 0 {
			continue
		}
		n++
		Validate(t, ref, line)
	}
	return n
}

// ValidateValue marshals v and validates it against ref.
func ValidateValue(t testing.TB, ref string, v any) {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatalf("marshal %T: %v", v, err)
	}
	Validate(t, ref, b)
}
