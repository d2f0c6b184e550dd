package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/puzzlesolvers/puzzle/internal/record"
	"github.com/puzzlesolvers/puzzle/internal/schematest"
)

// korf88 is instance 88 of Korf's 100 (blank-first goal), the one with
// the most nodes in Korf's 1985 search.
const korf88 = "15 2 12 11 14 13 9 5 1 3 8 7 0 10 6 4"

// waveRun is a run of waves of k shards: each wave's merged record.
type waveRun []record.SlidingWave

// shardsInProcess runs the shards of a wave one after the other in this
// process, for runWaves, and returns their outputs.
func shardsInProcess(t *testing.T) func(args [][]string) []string {
	return func(args [][]string) []string {
		var lines []string
		for i, a := range args {
			out, errOut, code := runCmd(t, "", a...)
			if code != exitOK {
				t.Fatalf("shard %d: exit %d: %s", i+1, code, errOut)
			}
			lines = append(lines, out)
		}
		return lines
	}
}

// runWaves solves board by waves of k shards; shardRun runs one shard
// (its arguments after "puzzle") and returns its record's line. Every
// record is validated against the schema.
func runWaves(t *testing.T, dir string, k int, shardRuns func(args [][]string) []string) waveRun {
	t.Helper()
	var run waveRun
	next := ""
	for w := 1; w < 40; w++ {
		wdir := filepath.Join(dir, fmt.Sprintf("k%d-wave%d", k, w))
		if err := os.MkdirAll(wdir, 0o755); err != nil {
			t.Fatal(err)
		}
		var args [][]string
		for i := 1; i <= k; i++ {
			a := []string{"sliding", "solve", "--json", "--goal", "blank-first", "--heuristic", "pdb-663", "--cache", filepath.Join(dir, "cache"),
				"--shard", fmt.Sprintf("%d/%d", i, k)}
			if next != "" {
				a = append(a, "--wave", next)
			} else {
				a = append(a, "--bound", "first")
			}
			args = append(args, append(a, strings.Fields(korf88)...))
		}
		for i, line := range shardRuns(args) {
			schematest.ValidateLines(t, "sliding.json#/$defs/wave_shard", []byte(line))
			if err := os.WriteFile(filepath.Join(wdir, fmt.Sprintf("%d.json", i+1)), []byte(line), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		nextFile := filepath.Join(dir, fmt.Sprintf("k%d-next%d.json", k, w))
		out, errOut, code := runCmd(t, "", "sliding", "wave", "--json", "--next", nextFile, wdir)
		if code != exitOK {
			t.Fatalf("wave %d: exit %d: %s", w, code, errOut)
		}
		schematest.ValidateLines(t, "sliding.json#/$defs/wave", []byte(out))
		var rec record.SlidingWave
		if err := json.Unmarshal([]byte(out), &rec); err != nil {
			t.Fatal(err)
		}
		run = append(run, rec)
		if rec.Found {
			return run
		}
		next = nextFile
	}
	t.Fatal("no wave found a solution")
	return nil
}

// TestSlidingWaves solves Korf's #88 by waves of 2 shards run as separate
// processes of the built binary at the same time, and of 1 and 3 shards
// in-process, and compares with the search in one piece: the same length
// and moves, the same nodes in all, and the same nodes in every wave
// whatever the number of shards.
func TestSlidingWaves(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary")
	}
	dir := t.TempDir()
	bin := filepath.Join(dir, "puzzle")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	out, errOut, code := runCmd(t, "", append([]string{"sliding", "solve", "--json", "--goal", "blank-first", "--heuristic", "pdb-663",
		"--cache", filepath.Join(dir, "cache")}, strings.Fields(korf88)...)...)
	if code != exitOK {
		t.Fatalf("solve: exit %d: %s", code, errOut)
	}
	var whole record.SlidingSolve
	if err := json.Unmarshal([]byte(out), &whole); err != nil {
		t.Fatal(err)
	}
	processes := func(args [][]string) []string {
		cmds := make([]*exec.Cmd, len(args))
		outs := make([]bytes.Buffer, len(args))
		for i, a := range args {
			cmds[i] = exec.Command(bin, a...)
			cmds[i].Stdout, cmds[i].Stderr = &outs[i], os.Stderr
			if err := cmds[i].Start(); err != nil {
				t.Fatal(err)
			}
		}
		lines := make([]string, len(args))
		for i, c := range cmds {
			if err := c.Wait(); err != nil {
				t.Fatalf("shard %d: %v", i+1, err)
			}
			lines[i] = outs[i].String()
		}
		return lines
	}
	inProcess := shardsInProcess(t)
	runs := map[int]waveRun{2: runWaves(t, dir, 2, processes), 1: runWaves(t, dir, 1, inProcess), 3: runWaves(t, dir, 3, inProcess)}
	for k, run := range runs {
		last := run[len(run)-1]
		if *last.Length != *whole.Length || *last.Moves != *whole.Moves || last.Total.Generated != whole.Stats.Generated ||
			last.Total.Expanded != whole.Stats.Expanded || last.Total.Waves != whole.Stats.Iterations {
			t.Errorf("k=%d: %d moves, %d generated, %d expanded in %d waves; in one piece %d, %d, %d in %d", k, *last.Length,
				last.Total.Generated, last.Total.Expanded, last.Total.Waves, *whole.Length, whole.Stats.Generated, whole.Stats.Expanded, whole.Stats.Iterations)
		}
		for w, rec := range run {
			if one := runs[1][w]; rec.Bound != one.Bound || rec.Wave != one.Wave {
				t.Errorf("k=%d wave %d: bound %d, %+v; one shard: bound %d, %+v", k, w+1, rec.Bound, rec.Wave, one.Bound, one.Wave)
			}
		}
	}
}

// TestSlidingWaveRefuses merges incomplete, duplicated and foreign sets of
// shards, and runs shards with bad flags and inputs: each is refused with
// a message that names what is wrong, and writes no next file.
func TestSlidingWaveRefuses(t *testing.T) {
	dir := t.TempDir()
	cache := filepath.Join(dir, "cache")
	n := 0
	shard := func(board string, i, k int, extra ...string) string {
		n++
		args := append([]string{"sliding", "solve", "--json", "--goal", "blank-first", "--heuristic", "pdb-555", "--cache", cache,
			"--cut", "3", "--bound", "first", "--shard", fmt.Sprintf("%d/%d", i, k)}, extra...)
		out, errOut, code := runCmd(t, "", append(args, strings.Fields(board)...)...)
		if code != exitOK {
			t.Fatalf("shard %d/%d: exit %d: %s", i, k, code, errOut)
		}
		path := filepath.Join(dir, fmt.Sprintf("%d-%d-%d.json", n, i, k))
		if err := os.WriteFile(path, []byte(out), 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	const other = "1 2 3 0 4 5 6 7 8 9 10 11 12 13 14 15"
	s1, s2, s3 := shard(korf88, 1, 3), shard(korf88, 2, 3), shard(korf88, 3, 3)
	foreign := shard(other, 3, 3)
	later := shard(korf88, 3, 3, "--bound", "53")
	bad := filepath.Join(dir, "bad.json")
	os.WriteFile(bad, []byte("{\"n\":15}\n"), 0o644)
	forged := filepath.Join(dir, "forged.json")
	b, _ := os.ReadFile(s3)
	os.WriteFile(forged, bytes.Replace(b, []byte(`"board":"15 2`), []byte(`"board":"14 2`), 1), 0o644)
	next := filepath.Join(dir, "next.json")
	for _, tc := range []struct {
		name  string
		files []string
		want  string
	}{
		{"missing", []string{s1, s2}, "shard 3/3 missing"},
		{"two missing", []string{s2}, "shards 1/3 and 3/3 missing"},
		{"twice", []string{s1, s2, s3, s2}, "shard 2/3 given twice"},
		{"foreign", []string{s1, s2, foreign}, "shard 3/3 is foreign"},
		{"another wave", []string{s1, s2, later}, "shard 3/3 is foreign: of job " + jobOf(t, later) + " (bound 53"},
		{"not a record", []string{s1, bad}, "bad.json:1: not a record"},
		{"forged job", []string{s1, s2, forged}, "does not match its board"},
	} {
		_, errOut, code := runCmd(t, "", append([]string{"sliding", "wave", "--next", next}, tc.files...)...)
		if code != exitFail || !strings.Contains(errOut, tc.want) {
			t.Errorf("%s: exit %d, %q; want exit 1 and %q", tc.name, code, errOut, tc.want)
		}
		if _, err := os.Stat(next); err == nil {
			t.Fatalf("%s: a next file was written", tc.name)
		}
	}
	if _, _, code := runCmd(t, "", "sliding", "wave", "--next", next, s1, s2, s3); code != exitOK {
		t.Fatalf("the complete set: exit %d", code)
	}
	two := strings.Fields("15 2 12 11 14 13 9 5 1 3 8 7 0 10 6 4")
	boards := filepath.Join(dir, "two.txt")
	os.WriteFile(boards, []byte(korf88+"\n"+other+"\n"), 0o644)
	for _, tc := range []struct {
		args []string
		code int
		want string
	}{
		{append([]string{"--cut", "3"}, two...), exitUsage, "--cut and --found go with --bound or --wave"},
		{append([]string{"--bound", "first", "--shard", "0/2"}, two...), exitUsage, "want I/K"},
		{append([]string{"--bound", "first", "--shard", "3/2"}, two...), exitUsage, "want I/K"},
		{append([]string{"--bound", "x"}, two...), exitUsage, "want a positive number, or first"},
		{append([]string{"--bound", "first", "--wave", next}, two...), exitUsage, "give one"},
		{append([]string{"--bound", "first", "--shard", "1/2", "--algo", "astar"}, two...), exitUsage, "with idastar"},
		{append([]string{"--bound", "first", "--shard", "1/2", "--heuristic", "manhattan"}, two...), exitFail, "pattern database"},
		{append([]string{"--shard", "1/2", "--bound", "40"}, two...), exitFail, "below the heuristic"},
		{[]string{"--bound", "first", boards}, exitFail, "two.txt:2: a shard searches one board"},
		{append([]string{"--shard", "1/2", "--wave", next}, strings.Fields(other)...), exitFail, "the wave file is of job"},
		{append([]string{"--shard", "1/2", "--wave", bad}, two...), exitFail, "not a wave file"},
	} {
		args := append([]string{"sliding", "solve", "--goal", "blank-first", "--heuristic", "pdb-555", "--cache", cache}, tc.args...)
		_, errOut, code := runCmd(t, "", args...)
		if code != tc.code || !strings.Contains(errOut, tc.want) {
			t.Errorf("%v: exit %d, %q; want exit %d and %q", tc.args, code, errOut, tc.code, tc.want)
		}
	}
	if _, errOut, code := runCmd(t, "", "sliding", "wave", s1); code != exitUsage || !strings.Contains(errOut, "--next") {
		t.Errorf("without --next: exit %d, %q", code, errOut)
	}
}

// jobOf returns the job of the shard record in file.
func jobOf(t *testing.T, file string) string {
	t.Helper()
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var rec record.SlidingWaveShard
	if err := json.Unmarshal(b, &rec); err != nil {
		t.Fatal(err)
	}
	return rec.Job
}

// TestSlidingWaveFound solves Korf's #88 by waves of 3 shards, then runs
// its last wave again with --found: the shard that finds writes the file,
// the others, started after it, stop at once (stopped_by, partial
// counts), and the wave merges to the published length with the
// stopped shards named. A stopped shard without a finder is refused.
func TestSlidingWaveFound(t *testing.T) {
	dir := t.TempDir()
	const k = 3
	cache := filepath.Join(dir, "cache")
	inProcess := shardsInProcess(t)
	run := runWaves(t, dir, k, inProcess)
	last := run[len(run)-1]
	w := len(run)
	// The last wave's shards as the first run made them: who found.
	full := make([]record.SlidingWaveShard, k)
	finder := 0
	for i := range full {
		if err := json.Unmarshal([]byte(mustRead(t, filepath.Join(dir, fmt.Sprintf("k%d-wave%d", k, w), fmt.Sprintf("%d.json", i+1)))), &full[i]); err != nil {
			t.Fatal(err)
		}
		if full[i].Found && finder == 0 {
			finder = i + 1
		}
	}
	if finder == 0 {
		t.Fatal("no shard of the last wave found")
	}
	marker := filepath.Join(dir, "found.json")
	// A marker of another wave (the first) is passed over.
	os.WriteFile(marker, []byte(strings.Replace(mustRead(t, filepath.Join(dir, fmt.Sprintf("k%d-wave%d", k, w), fmt.Sprintf("%d.json", finder))),
		`"before":{"waves":`+fmt.Sprint(w-1), `"before":{"waves":0`, 1)), 0o644)
	shardArgs := func(i int) []string {
		a := []string{"sliding", "solve", "--json", "--goal", "blank-first", "--heuristic", "pdb-663", "--cache", cache,
			"--shard", fmt.Sprintf("%d/%d", i, k), "--found", marker}
		if w > 1 {
			a = append(a, "--wave", filepath.Join(dir, fmt.Sprintf("k%d-next%d.json", k, w-1)))
		} else {
			a = append(a, "--bound", "first")
		}
		return append(a, strings.Fields(korf88)...)
	}
	again := filepath.Join(dir, "again")
	os.MkdirAll(again, 0o755)
	write := func(i int, line string) string {
		path := filepath.Join(again, fmt.Sprintf("%d.json", i))
		if err := os.WriteFile(path, []byte(line), 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	out, errOut, code := runCmd(t, "", shardArgs(finder)...)
	if code != exitOK {
		t.Fatalf("finder: exit %d: %s", code, errOut)
	}
	write(finder, out)
	if got := mustRead(t, marker); got != out {
		t.Fatalf("the marker holds %q, the finder wrote %q", got, out)
	}
	var stopped []string
	for i := 1; i <= k; i++ {
		if i == finder {
			continue
		}
		out, errOut, code := runCmd(t, "", shardArgs(i)...)
		if code != exitOK {
			t.Fatalf("shard %d: exit %d: %s", i, code, errOut)
		}
		schematest.ValidateLines(t, "sliding.json#/$defs/wave_shard", []byte(out))
		var rec record.SlidingWaveShard
		if err := json.Unmarshal([]byte(out), &rec); err != nil {
			t.Fatal(err)
		}
		if rec.StoppedBy != finder || rec.Found {
			t.Fatalf("shard %d: stopped_by %d, found %v", i, rec.StoppedBy, rec.Found)
		}
		if rec.Cut != full[i-1].Cut || rec.Stats.Generated >= full[i-1].Stats.Generated && full[i-1].Stats.Generated > 0 {
			t.Errorf("shard %d stopped: cut %d, %d nodes; in full cut %d, %d nodes", i, rec.Cut, rec.Stats.Generated, full[i-1].Cut, full[i-1].Stats.Generated)
		}
		stopped = append(stopped, write(i, out))
	}
	next := filepath.Join(dir, "next-again.json")
	out, errOut, code = runCmd(t, "", "sliding", "wave", "--json", "--next", next, again)
	if code != exitOK {
		t.Fatalf("wave: exit %d: %s", code, errOut)
	}
	schematest.ValidateLines(t, "sliding.json#/$defs/wave", []byte(out))
	var m record.SlidingWave
	if err := json.Unmarshal([]byte(out), &m); err != nil {
		t.Fatal(err)
	}
	// The partial counts are the shards' own: the finder's up to its
	// goal, the stopped shards' up to the stop.
	var sum int64
	for i := 1; i <= k; i++ {
		var r record.SlidingWaveShard
		json.Unmarshal([]byte(mustRead(t, filepath.Join(again, fmt.Sprintf("%d.json", i)))), &r)
		sum += r.Stats.Generated
	}
	if !m.Found || *m.Length != *last.Length || !*m.Optimal || !m.Partial || len(m.Stopped) != k-1 || m.Wave.Generated != sum ||
		m.Total.Generated != last.Total.Generated-last.Wave.Generated+sum {
		t.Errorf("merged with stops: found %v, length %d (without stops %d), partial %v, stopped %v, %d nodes (the shards' %d), in all %d",
			m.Found, *m.Length, *last.Length, m.Partial, m.Stopped, m.Wave.Generated, sum, m.Total.Generated)
	}
	t.Logf("last wave: %d nodes in full, %d with the stops", last.Wave.Generated, m.Wave.Generated)
	text, _, _ := runCmd(t, "", "sliding", "wave", "--next", next, again)
	if !strings.Contains(text, "counts are partial") {
		t.Errorf("the text does not say the counts are partial:\n%s", text)
	}
	// The finder replaced by its record of a search that found nothing
	// (shard 1 of the first wave, renumbered, would be foreign): the
	// finder's record rewritten to have found nothing.
	b := mustRead(t, filepath.Join(again, fmt.Sprintf("%d.json", finder)))
	var rec record.SlidingWaveShard
	json.Unmarshal([]byte(b), &rec)
	rec.Found, rec.Length, rec.Moves, rec.FoundSubtree, rec.NextBound = false, nil, nil, nil, rec.Bound+2
	for i := range rec.Subtrees {
		rec.Subtrees[i].Found = false
	}
	nothing, _ := json.Marshal(rec)
	noFinder := filepath.Join(dir, "nofinder.json")
	os.WriteFile(noFinder, nothing, 0o644)
	_, errOut, code = runCmd(t, "", append([]string{"sliding", "wave", "--next", next, noFinder}, stopped...)...)
	if code != exitFail || !strings.Contains(errOut, fmt.Sprintf("stopped, found by shard %d, but shard %d/%d found nothing", finder, finder, k)) {
		t.Errorf("stopped shards without a finder: exit %d, %q", code, errOut)
	}
}
