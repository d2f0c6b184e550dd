package record

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"testing"

	"github.com/puzzlesolvers/puzzle/internal/schematest"
	"github.com/puzzlesolvers/puzzle/status"
)

func TestSeedJSON(t *testing.T) {
	for _, s := range []Seed{0, 1, 1 << 53, 1<<53 + 1, math.MaxUint64} {
		b, err := json.Marshal(s)
		if err != nil {
			t.Fatal(err)
		}
		if want := fmt.Sprintf("%q", fmt.Sprint(uint64(s))); string(b) != want {
			t.Errorf("%d: %s, want %s", uint64(s), b, want)
		}
		schematest.Validate(t, "common.json#/$defs/seed", b)
		var back Seed
		if err := json.Unmarshal(b, &back); err != nil || back != s {
			t.Errorf("%s: read back %d, %v", b, back, err)
		}
	}
	// A number is accepted on input, a negative one or a word is not.
	var s Seed
	if err := json.Unmarshal([]byte("42"), &s); err != nil || s != 42 {
		t.Errorf("42: %d, %v", s, err)
	}
	for _, bad := range []string{`"-1"`, `"x"`, `-3`, `"18446744073709551616"`} {
		if err := json.Unmarshal([]byte(bad), &s); err == nil {
			t.Errorf("%s: no error", bad)
		}
	}
}

type posErr struct{ file string }

func (e posErr) Error() string                     { return "family: " + e.file + ":7: bad clue" }
func (e posErr) Position() (file string, line int) { return e.file, 7 }

func TestInvalid(t *testing.T) {
	h := Invalid("a.txt", fmt.Errorf("wrapped: %w", posErr{"b.txt"}))
	if h.Status != status.Invalid || h.Line != 7 || h.File != "b.txt" || h.Error != "wrapped: family: b.txt:7: bad clue" {
		t.Errorf("%+v", h)
	}
	h = Invalid("a.txt", errors.New("read: broken pipe"))
	if h.Status != status.Invalid || h.Line != 0 || h.File != "a.txt" {
		t.Errorf("%+v", h)
	}
	b, _ := json.Marshal(&h)
	schematest.Validate(t, "common.json#/$defs/head", b)
}

// TestHeadRules checks that the common schema enforces the vocabulary's
// rules, so that the family schemas that use it catch a broken record.
func TestHeadRules(t *testing.T) {
	for _, c := range []struct {
		record string
		ok     bool
	}{
		{`{"status": "unique"}`, true},
		{`{"status": "none", "reason": "parity"}`, true},
		{`{"status": "invalid", "error": "line 3: bad"}`, true},
		{`{"status": "timeout", "error": "interrupted"}`, true},
		{`{"status": "unsolvable"}`, false},
		{`{"status": "unique", "error": "x"}`, false},
		{`{"status": "invalid"}`, false},
		{`{"status": "unique", "reason": "x"}`, false},
		{`{"file": "x"}`, false},
	} {
		err := schematest.Check("common.json#/$defs/head", []byte(c.record))
		if (err == nil) != c.ok {
			t.Errorf("%s: valid %v, want %v (%v)", c.record, err == nil, c.ok, err)
		}
	}
	for _, c := range []struct {
		cell string
		ok   bool
	}{{`{"row": 0, "col": 3}`, true}, {`{"row": -1, "col": 0}`, false}, {`[0, 3]`, false}, {`{"row": 1}`, false}} {
		if err := schematest.Check("common.json#/$defs/cell", []byte(c.cell)); (err == nil) != c.ok {
			t.Errorf("cell %s: valid %v, want %v", c.cell, err == nil, c.ok)
		}
	}
}

func TestCell(t *testing.T) {
	if s := (Cell{Row: 0, Col: 8}).String(); s != "r1c9" {
		t.Errorf("%s", s)
	}
}

// AppendCell writes what encoding/json writes for a Cell.
func TestAppendCell(t *testing.T) {
	for _, c := range []Cell{{0, 0}, {3, 17}, {16383, 2}} {
		want, _ := json.Marshal(c)
		if got := AppendCell(nil, c.Row, c.Col); string(got) != string(want) {
			t.Errorf("%v: %s, want %s", c, got, want)
		}
	}
}
