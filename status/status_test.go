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

func TestOfSearch(t *testing.T) {
	for _, tc := range []struct {
		found, limit int
		stopped      bool
		want         Status
	}{
		{0, 2, false, None}, {1, 2, false, Unique}, {2, 2, false, Multiple},
		{1, 1, false, Solved}, {3, -1, false, Multiple}, {1, -1, false, Unique},
		{1, 2, true, Timeout}, {0, 2, true, Timeout},
	} {
		if got := OfSearch(tc.found, tc.limit, tc.stopped); got != tc.want {
			t.Errorf("OfSearch(%d, %d, %v) = %v, want %v", tc.found, tc.limit, tc.stopped, got, tc.want)
		}
	}
}

// TestNames: the statuses a record may carry are the six of the JSON
// vocabulary (docs/schema/common.json), in this order.
func TestNames(t *testing.T) {
	var got []string
	for s := Unique; s <= Timeout; s++ {
		got = append(got, s.String())
	}
	want := []string{"unique", "multiple", "none", "solved", "invalid", "timeout"}
	if len(got) != len(want) {
		t.Fatalf("statuses %v, want %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("statuses %v, want %v", got, want)
		}
	}
}
