package status

import (
	"encoding/json"
	"testing"
)

func TestRoundTrip(t *testing.T) {
	for s := Unknown; s <= Timeout; s++ {
		b, err := json.Marshal(s)
		if err != nil {
			t.Fatalf("marshal %d: %v", s, err)
		}
		var back Status
		if err := json.Unmarshal(b, &back); err != nil {
			t.Fatalf("unmarshal %s: %v", b, err)
		}
		if back != s {
			t.Errorf("round trip of %v gave %v", s, back)
		}
	}
	if _, err := json.Marshal(Status(200)); err == nil {
		t.Error("marshalling an out-of-range status succeeded")
	}
	if _, err := Parse("bogus"); err == nil {
		t.Error("Parse accepted an unknown name")
	}
}

func TestSolved(t *testing.T) {
	want := map[Status]bool{Unique: true, Multiple: true, Solved: true}
	for s := Unknown; s <= Timeout; s++ {
		if s.Solved() != want[s] {
			t.Errorf("%v.Solved() = %v", s, s.Solved())
		}
	}
}
