package main

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestSlidingBenchEasiest: --easiest picks the instances with the fewest
// published nodes, from the fewest, and refuses what it cannot do.
func TestSlidingBenchEasiest(t *testing.T) {
	t.Parallel()
	// The fixture's two instances with made-up counts, the second smaller.
	fixture, err := os.ReadFile("testdata/sliding/data/sliding/clausecker-24puzzle/korf.txt")
	if err != nil {
		t.Fatal(err)
	}
	text := strings.Replace(string(fixture), "  16    0", "  16    900", 1)
	text = strings.Replace(text, "  20    0", "  20    700", 1)
	data := t.TempDir()
	dir := filepath.Join(data, "sliding", "clausecker-24puzzle")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "korf.txt"), []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	out, errOut, code := runCmd(t, "", "sliding", "bench", "--data", data, "--set", "korf24", "--easiest", "1",
		"--heuristic", "linear-conflict", "--verbose")
	if code != exitOK || !strings.Contains(out, "1 instance,") || !strings.Contains(out, "#2 ") || strings.Contains(out, "#1 ") {
		t.Errorf("--easiest 1: exit %d, %s %s", code, out, errOut)
	}
	if !strings.Contains(out, "DIFFERENT by") {
		t.Errorf("--easiest 1: the made-up count is not flagged:\n%s", out)
	}
	for _, tc := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"--easiest", "3"}, exitFail, "--easiest 3: the set has 2 instances"},
		{[]string{"--easiest", "1", "--instances", "1"}, exitUsage, "--easiest is for --set korf24, without --instances"},
		{[]string{"--easiest", "-1"}, exitUsage, "must not be negative"},
	} {
		args := append([]string{"sliding", "bench", "--data", data, "--set", "korf24", "--heuristic", "linear-conflict"}, tc.args...)
		_, errOut, code := runCmd(t, "", args...)
		if code != tc.code || !strings.Contains(errOut, tc.want) {
			t.Errorf("%v: exit %d, %s", tc.args, code, errOut)
		}
	}
	// Without counts (the fixture as it is), --easiest has nothing to go by.
	_, errOut, code = runCmd(t, "", "sliding", "bench", "--data", "testdata/sliding/data", "--set", "korf24", "--easiest", "1",
		"--heuristic", "linear-conflict")
	if code != exitFail || !strings.Contains(errOut, "no published node count for instance 1") {
		t.Errorf("no counts: exit %d, %s", code, errOut)
	}
}

func TestLargestFirst(t *testing.T) {
	insts := []benchInstance{{id: 1, published: 5}, {id: 2, published: 50}, {id: 3, published: 7}, {id: 4, published: 50}}
	if got, want := largestFirst(insts), []int{1, 3, 2, 0}; !slices.Equal(got, want) {
		t.Errorf("largestFirst = %v, want %v", got, want)
	}
	insts[2].published = 0
	if got, want := largestFirst(insts), []int{0, 1, 2, 3}; !slices.Equal(got, want) {
		t.Errorf("largestFirst with a count missing = %v, want %v", got, want)
	}
	got, err := easiest([]benchInstance{{id: 1, published: 5}, {id: 2, published: 50}, {id: 3, published: 7}}, 2)
	if err != nil || len(got) != 2 || got[0].id != 1 || got[1].id != 3 {
		t.Errorf("easiest = %v, %v", got, err)
	}
}
