package jsonl

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
)

func TestLines(t *testing.T) {
	var out bytes.Buffer
	w := NewWriter(&out)
	in := []map[string]any{{"a": 1.0}, {"b": "<x>"}, {"c": []any{1.0, 2.0}}}
	for _, v := range in {
		if err := w.Write(v); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
	if len(lines) != len(in) {
		t.Fatalf("got %d lines, want %d: %q", len(lines), len(in), out.String())
	}
	if !strings.Contains(lines[1], "<x>") {
		t.Errorf("HTML was escaped: %s", lines[1])
	}
	for i, l := range lines {
		var v map[string]any
		if err := json.Unmarshal([]byte(l), &v); err != nil {
			t.Fatalf("line %d is not JSON: %v", i, err)
		}
	}
}
