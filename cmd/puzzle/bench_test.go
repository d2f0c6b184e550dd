package main

import (
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/puzzlesolvers/puzzle/internal/record"
	"github.com/puzzlesolvers/puzzle/status"
)

// TestChooseSets checks --set: names in any case and with spaces, file
// names where the family allows them, each set once, unknown names.
func TestChooseSets(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		list, want, err string
	}{
		{"", "17-clue,magictour-top1465,forum-hardest-1905,forum-hardest-1106,serg-benchmark,euler96,norvig-top95,norvig-hardest,gecode-9x9,gecode-16x16,gecode-25x25", ""},
		{"euler96", "euler96", ""},
		{"Norvig-Top95, euler96", "norvig-top95,euler96", ""},
		{"top95.txt,norvig-top95,norvig/top95.txt", "norvig-top95", ""},
		{"euler96,nope", "", `unknown set "nope" (want one of 17-clue, `},
	} {
		sets, err := chooseSets(sudokuSets, tc.list)
		var names []string
		for _, s := range sets {
			names = append(names, s.setName())
		}
		if tc.err != "" {
			if err == nil || !strings.HasPrefix(err.Error(), tc.err) {
				t.Errorf("%q: error %v, want %s...", tc.list, err, tc.err)
			}
			continue
		}
		if err != nil || !slices.Equal(names, strings.Split(tc.want, ",")) {
			t.Errorf("%q: got %q, %v; want %s", tc.list, names, err, tc.want)
		}
	}
}

// TestBenchSettle checks the status of a set's record, in the order the
// causes take precedence.
func TestBenchSettle(t *testing.T) {
	t.Parallel()
	bad := errors.New("a.txt:3: solution 1 fails the check")
	for _, tc := range []struct {
		o           benchOutcome
		interrupted bool
		status      status.Status
		err         string
	}{
		{benchOutcome{}, false, status.Solved, ""},
		{benchOutcome{problems: []error{bad, bad}}, false, status.Invalid, "2 failed checks: a.txt:3: solution 1 fails the check"},
		{benchOutcome{problems: []error{bad}, timeouts: 1, timeout: time.Second}, false, status.Timeout, "1 puzzle without an answer within 1s"},
		{benchOutcome{problems: []error{bad}, timeouts: 2, timeout: time.Second}, true, status.Timeout, "interrupted"},
	} {
		h := record.Head{Status: status.Unique, Error: "old"}
		tc.o.settle(&h, tc.interrupted, error.Error)
		if h.Status != tc.status || h.Error != tc.err {
			t.Errorf("%+v, interrupted %v: %v %q; want %v %q", tc.o, tc.interrupted, h.Status, h.Error, tc.status, tc.err)
		}
	}
}
