package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/puzzlesolvers/puzzle/docs/schema"
	"github.com/puzzlesolvers/puzzle/internal/schematest"
	"github.com/puzzlesolvers/puzzle/sudoku"
)

// jsonSample is one run of a verb with --json: its arguments (after the
// family and verb), its stdin, and the schema its lines follow.
type jsonSample struct {
	args  []string
	stdin string
	ref   string
}

// TestEveryVerbJSON runs every verb of the family table that has a --json
// flag, on small inputs of every status it is quick to reach, and validates
// each line it prints against the verb's schema. A verb that gains --json
// without a sample here fails the test, so the contract covers every verb.
func TestEveryVerbJSON(t *testing.T) {
	ex := func(name string) string { return filepath.Join("..", "..", "examples", name) }
	nonoData := t.TempDir()
	good := `<puzzleset><puzzle><clues type="rows"><line><count>1</count></line></clues><clues type="columns"><line><count>1</count></line></clues></puzzle></puzzleset>`
	if err := os.MkdirAll(filepath.Join(nonoData, "nonogram", "webpbn-survey-free", "xml"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(nonoData, "nonogram", "webpbn-survey-free", "xml", "one.xml"), []byte(good), 0o644); err != nil {
		t.Fatal(err)
	}
	samples := map[string][]jsonSample{
		"sudoku solve": {
			{args: []string{ex("sudoku/statuses.txt")}, ref: "sudoku.json#/$defs/solve"},
			{args: []string{"--explain", ex("sudoku/classic.txt")}, ref: "sudoku.json#/$defs/solve"},
			{args: []string{"--undecided", ex("sudoku/statuses.txt")}, ref: "sudoku.json#/$defs/solve"},
			{args: []string{"--suggest", ex("sudoku/statuses.txt")}, ref: "sudoku.json#/$defs/solve"},
			{args: []string{"--suggest", "--intended", "testdata/intended9.txt", "testdata/multiple9.txt", "testdata/unique9.txt"}, ref: "sudoku.json#/$defs/solve"},
		},
		"sudoku rate":     {{args: []string{ex("sudoku/statuses.txt")}, ref: "sudoku.json#/$defs/rate"}},
		"sudoku generate": {{args: []string{"--size", "4", "--seed", "18446744073709551615", "--count", "2"}, ref: "sudoku.json#/$defs/generate"}},
		"sudoku bench":    {{args: []string{"--data", "testdata/benchbad", "--set", "norvig-top95"}, ref: "sudoku.json#/$defs/bench"}},
		"nonogram solve": {
			{args: []string{ex("nonogram/statuses.txt")}, ref: "nonogram.json#/$defs/solve"},
			{args: []string{"--explain", ex("nonogram/colour.xml")}, ref: "nonogram.json#/$defs/solve"},
			{args: []string{"--undecided", ex("nonogram/statuses.txt")}, ref: "nonogram.json#/$defs/solve"},
			{args: []string{"--suggest", ex("nonogram/statuses.txt"), ex("nonogram/colour.xml")}, ref: "nonogram.json#/$defs/solve"},
			{args: []string{"--suggest", "testdata/nonogram/flag.xml"}, ref: "nonogram.json#/$defs/solve"},
		},
		"nonogram rate": {{args: []string{ex("nonogram/statuses.txt")}, ref: "nonogram.json#/$defs/rate"}},
		"nonogram from-image": {
			{args: []string{"--width", "20", "testdata/nonogram/two.png"}, ref: "nonogram.json#/$defs/from_image"},
			{args: []string{"--width", "20", "--colors", "3", "testdata/nonogram/two.png"}, ref: "nonogram.json#/$defs/from_image"},
			{args: []string{"--width", "6", "testdata/nonogram/diagonal.png"}, ref: "nonogram.json#/$defs/from_image"},
			{args: []string{"--width", "7", "--dither", "-"}, stdin: "not a picture", ref: "nonogram.json#/$defs/from_image"},
		},
		"nonogram bench":  {{args: []string{"--data", nonoData, "--set", "webpbn", "--repeat", "1"}, ref: "nonogram.json#/$defs/bench"}},
		"sliding solve":   {{args: []string{ex("sliding/statuses.txt")}, ref: "sliding.json#/$defs/solve"}},
		"sliding shuffle": {{args: []string{"--size", "3", "--count", "2", "--seed", "7"}, ref: "sliding.json#/$defs/shuffle"}},
		"sliding bench":   {{args: []string{"--data", "testdata/sliding/data", "--heuristic", "manhattan", "--max", "2"}, ref: "sliding.json#/$defs/bench"}},
		"sliding wave": {
			{args: []string{"--next", filepath.Join(t.TempDir(), "next.json"), "testdata/sliding/wave1"}, ref: "sliding.json#/$defs/wave"},
			{args: []string{"--next", filepath.Join(t.TempDir(), "next.json"), "testdata/sliding/wave-last"}, ref: "sliding.json#/$defs/wave"},
			// the goal found by shard 1, shard 2 stopped (--found)
			{args: []string{"--next", filepath.Join(t.TempDir(), "next.json"), "testdata/sliding/wave-stopped"}, ref: "sliding.json#/$defs/wave"},
		},
		"queens count": {{args: []string{"8"}, ref: "queens.json#/$defs/count"}, {args: []string{"2"}, ref: "queens.json#/$defs/count"}},
		"queens merge": {{args: []string{"testdata/queens/shards9.json"}, ref: "queens.json#/$defs/count"}},
		"queens solve": {{args: []string{"--limit", "3", "6"}, ref: "queens.json#/$defs/solve"}, {args: []string{"3"}, ref: "queens.json#/$defs/solve"}},
		"queens complete": {{args: []string{ex("queens/completion.txt")}, ref: "queens.json#/$defs/complete"},
			{args: []string{"testdata/queens/bad.txt"}, ref: "queens.json#/$defs/complete"}},
		"queens one": {{args: []string{"12"}, ref: "queens.json#/$defs/one"},
			{args: []string{"--method", "minconflicts", "--seed", "9007199254740993", "50"}, ref: "queens.json#/$defs/one"}},
		"queens dominate":  {{args: []string{"5"}, ref: "queens.json#/$defs/dominate"}},
		"queens heuristic": {{args: []string{"6"}, ref: "queens.json#/$defs/heuristic"}},
		"queens brute":     {{args: []string{"--exhaustive", "6"}, ref: "queens.json#/$defs/brute"}},
		"queens bench":     {{args: []string{"--quick"}, ref: "queens.json#/$defs/bench"}},
	}
	for _, f := range families {
		for _, s := range f.verbs {
			name := f.name + " " + s.name
			v, _ := s.verb(f.name)
			if v.fs.Lookup("json") == nil {
				continue
			}
			runs, ok := samples[name]
			if !ok {
				t.Errorf("%s has --json but no sample in TestEveryVerbJSON", name)
				continue
			}
			delete(samples, name)
			for _, sm := range runs {
				args := append([]string{f.name, s.name, "--json"}, sm.args...)
				out, errOut, code := runCmd(t, sm.stdin, args...)
				if code == exitUsage {
					t.Errorf("puzzle %s: usage error: %s", strings.Join(args, " "), errOut)
					continue
				}
				if n := schematest.ValidateLines(t, sm.ref, []byte(out)); n == 0 {
					t.Errorf("puzzle %s: no JSON line (exit %d, stderr %q)", strings.Join(args, " "), code, errOut)
				}
			}
		}
	}
	for name := range samples {
		t.Errorf("sample for %q, which has no --json flag", name)
	}
}

// TestSudokuTechniqueEnums checks that every list of technique names in the
// Sudoku schema (a step's technique, a rating's hardest) is exactly the
// sudoku package's techniques, in the engine's order.
func TestSudokuTechniqueEnums(t *testing.T) {
	var want []string
	for tech := sudoku.NakedSingle; tech <= sudoku.Guess; tech++ {
		want = append(want, tech.String())
	}
	b, err := schema.FS.ReadFile("sudoku.json")
	if err != nil {
		t.Fatal(err)
	}
	var doc any
	if err := json.Unmarshal(b, &doc); err != nil {
		t.Fatal(err)
	}
	lists := 0
	var walk func(v any)
	walk = func(v any) {
		switch v := v.(type) {
		case map[string]any:
			if enum, ok := v["enum"].([]any); ok && len(enum) > 0 && enum[0] == "naked single" {
				lists++
				var got []string
				for _, e := range enum {
					s, _ := e.(string)
					got = append(got, s)
				}
				if !slices.Equal(got, want) {
					t.Errorf("technique enum\n got %q\nwant %q", got, want)
				}
			}
			for _, e := range v {
				walk(e)
			}
		case []any:
			for _, e := range v {
				walk(e)
			}
		}
	}
	walk(doc)
	if lists == 0 {
		t.Error("no technique enum in sudoku.json")
	}
}
