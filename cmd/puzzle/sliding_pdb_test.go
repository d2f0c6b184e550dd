package main

import (
	"bytes"
	"context"
	"encoding/json"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/puzzlesolvers/puzzle/internal/record"
	"github.com/puzzlesolvers/puzzle/sliding"
	"github.com/puzzlesolvers/puzzle/status"
)

// helperEnv names the environment variable that makes the test binary run
// the command it holds (arguments separated by newlines) instead of the
// tests: a second process for the tests of the cache's locks.
const helperEnv = "PUZZLE_TEST_COMMAND"

// TestHelperCommand is not a test: it runs the command of helperEnv in
// the process command starts.
func TestHelperCommand(t *testing.T) {
	args := os.Getenv(helperEnv)
	if args == "" {
		t.Skip("runs only as a helper process")
	}
	os.Exit(run(context.Background(), os.Stdin, os.Stdout, os.Stderr, strings.Split(args, "\n")))
}

// helperCommand returns the command running puzzle with args in another process.
func helperCommand(t *testing.T, args ...string) *exec.Cmd {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^TestHelperCommand$")
	cmd.Env = append(os.Environ(), helperEnv+"="+strings.Join(args, "\n"))
	return cmd
}

// buildCache builds the quick sets in a new cache directory and returns it
// with the contents of its files.
func buildCache(t *testing.T, sets ...string) (dir string, files map[string][]byte) {
	t.Helper()
	if raceDetector {
		t.Skip("building pattern databases takes minutes under the race detector")
	}
	dir = t.TempDir()
	if _, errOut, code := runCmd(t, "", append([]string{"sliding", "pdb", "build", "--cache", dir}, sets...)...); code != exitOK {
		t.Fatalf("build: exit %d, %s", code, errOut)
	}
	return dir, cacheFiles(t, dir)
}

func cacheFiles(t *testing.T, dir string) map[string][]byte {
	t.Helper()
	files := map[string][]byte{}
	paths, _ := filepath.Glob(filepath.Join(dir, "sliding-*.pdb"))
	for _, p := range paths {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		files[filepath.Base(p)] = b
	}
	return files
}

// TestSlidingPDBForceConcurrent runs two 'pdb build --force' processes at
// once: both succeed (the second waits for the first and uses its files,
// or rebuilds after it), and the files are sound, none missing, no
// temporary file left.
func TestSlidingPDBForceConcurrent(t *testing.T) {
	t.Parallel()
	dir, before := buildCache(t, "pdb-663")
	var wg sync.WaitGroup
	outs := make([]bytes.Buffer, 2)
	errs := make([]error, 2)
	for i := range 2 {
		cmd := helperCommand(t, "sliding", "pdb", "build", "--force", "--cache", dir, "pdb-663")
		cmd.Stdout, cmd.Stderr = &outs[i], &outs[i]
		wg.Add(1)
		go func() {
			defer wg.Done()
			errs[i] = cmd.Run()
		}()
	}
	wg.Wait()
	for i := range 2 {
		if errs[i] != nil || !strings.Contains(outs[i].String(), "pdb-663: ") {
			t.Errorf("process %d: %v\n%s", i, errs[i], outs[i].String())
		}
	}
	after := cacheFiles(t, dir)
	if len(after) != len(before) {
		t.Errorf("%d files after, %d before", len(after), len(before))
	}
	for name, b := range before {
		if !bytes.Equal(after[name], b) {
			t.Errorf("%s differs after the rebuilds", name)
		}
	}
	if temps, _ := filepath.Glob(filepath.Join(dir, ".*.tmp")); len(temps) != 0 {
		t.Errorf("temporary files left: %v", temps)
	}
	if out, _, code := runCmd(t, "", "sliding", "pdb", "verify", "--cache", dir); code != exitOK || !strings.Contains(out, "3 of 3 files sound") {
		t.Errorf("verify: exit %d, %s", code, out)
	}
}

// TestSlidingPDBForceInterrupted: Ctrl-C during 'pdb build --force' keeps
// the old files and says so.
func TestSlidingPDBForceInterrupted(t *testing.T) {
	t.Parallel()
	dir, before := buildCache(t, "pdb-555")
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	_, errOut, code := runCtx(t, ctx, "", "sliding", "pdb", "build", "--force", "--cache", dir, "pdb-555")
	if code != exitFail || !strings.Contains(errOut, "interrupted (the files in") {
		t.Errorf("exit %d, %s", code, errOut)
	}
	after := cacheFiles(t, dir)
	for name, b := range before {
		if !bytes.Equal(after[name], b) {
			t.Errorf("%s lost or changed by an interrupted --force", name)
		}
	}
}

// TestSlidingPDBStaleTemp: the temporary file of a killed build is shown
// and counted by 'pdb list' and removed by the next 'pdb build'.
func TestSlidingPDBStaleTemp(t *testing.T) {
	t.Parallel()
	dir, before := buildCache(t, "pdb-555")
	var name string
	for name = range before {
		break
	}
	tmp := filepath.Join(dir, "."+name+".4242.tmp")
	if err := os.WriteFile(tmp, make([]byte, 300_000), 0o644); err != nil {
		t.Fatal(err)
	}
	out, _, code := runCmd(t, "", "sliding", "pdb", "list", "--cache", dir)
	if code != exitOK || !strings.Contains(out, filepath.Base(tmp)) || !strings.Contains(out, "stale") ||
		!strings.Contains(out, "total 1.1 MB (1 temporary file, 1 stale)") {
		t.Errorf("list: exit %d, %s", code, out)
	}
	out, _, code = runCmd(t, "", "sliding", "pdb", "build", "--cache", dir, "pdb-555")
	if code != exitOK || !strings.Contains(out, "removed "+filepath.Base(tmp)+" (0.3 MB left by an interrupted build)") {
		t.Errorf("build: exit %d, %s", code, out)
	}
	if _, err := os.Stat(tmp); err == nil {
		t.Error("the stale file is still there")
	}
	out, _, _ = runCmd(t, "", "sliding", "pdb", "list", "--cache", dir)
	if strings.Contains(out, "4242.tmp") || !strings.Contains(out, "total 0.8 MB\n") {
		t.Errorf("list after: %s", out)
	}
}

// TestSlidingSolveTimeoutBuild: a --timeout shorter than the build of
// the tables a board needs does not throw the build away: the tables are
// built and saved, then the board is searched within its limit.
func TestSlidingSolveTimeoutBuild(t *testing.T) {
	t.Parallel()
	if raceDetector {
		t.Skip("building pattern databases takes minutes under the race detector")
	}
	dir := t.TempDir()
	board := "1 2 3 0 4 5 6 7 8 9 10 11 12 13 14 15" // blank-first, 3 moves
	out, errOut, code := runCmd(t, "", "sliding", "solve", "--json", "--goal", "blank-first", "--heuristic", "pdb-663",
		"--timeout", "1ms", "--cache", dir, board)
	if code != exitOK || !strings.Contains(out, `"status":"solved"`) || !strings.Contains(out, `"length":3`) {
		t.Fatalf("exit %d, %s %s", code, out, errOut)
	}
	if files := cacheFiles(t, dir); len(files) != 3 {
		t.Errorf("%d files saved, want the 3 of pdb-663", len(files))
	}
}

// TestSlidingPDBChangeUnderSolve runs solves and benches (each a new
// store, which loads the tables) while the 5-5-5 files are rewritten in
// place with another table of the same size, truncated and replaced by
// rename. Every length is that of IDA* with Manhattan distance (or the
// published one), every failure a clean record; no crash.
func TestSlidingPDBChangeUnderSolve(t *testing.T) {
	t.Parallel()
	dir, before := buildCache(t, "pdb-555")
	var paths []string
	var contents [][]byte
	for name, b := range before {
		paths, contents = append(paths, filepath.Join(dir, name)), append(contents, b)
	}
	rng := rand.New(rand.NewPCG(7, 7))
	var lines []string
	var want []int
	for range 8 {
		b := sliding.GoalBoard(4, 4, sliding.BlankFirst)
		for range 45 {
			b.Apply([]sliding.Move{'U', 'D', 'L', 'R'}[rng.IntN(4)])
		}
		res, err := sliding.Solve(t.Context(), &sliding.Puzzle{Board: b, Goal: sliding.BlankFirst},
			sliding.Options{Algorithm: sliding.IDAStar, Heuristic: sliding.Manhattan})
		if err != nil {
			t.Fatal(err)
		}
		lines, want = append(lines, b.Line()), append(want, len(res.Moves))
	}
	stop := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		for i := 0; ; i++ {
			select {
			case <-stop:
				return
			default:
			}
			p := paths[i%3]
			switch i % 5 {
			case 0:
				os.WriteFile(p, contents[(i+1)%3], 0o644)
			case 1:
				os.Truncate(p, 0)
			case 2:
				os.Truncate(p, int64(len(contents[0])/3))
			case 3:
				os.WriteFile(p+".x", contents[(i+2)%3], 0o644)
				os.Rename(p+".x", p)
			case 4:
				os.WriteFile(p, contents[i%3], 0o644)
			}
			time.Sleep(time.Millisecond)
		}
	}()
	deadline := time.Now().Add(2 * time.Second)
	runs := 0
	for time.Now().Before(deadline) {
		runs++
		out, errOut, code := runCmd(t, strings.Join(lines, "\n")+"\n", "sliding", "solve", "--json", "--goal", "blank-first",
			"--heuristic", "pdb-555", "--cache", dir)
		n := 0
		for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
			var rec record.SlidingSolve
			if err := json.Unmarshal([]byte(line), &rec); err != nil {
				t.Fatalf("exit %d: %q: %v (%s)", code, line, err, errOut)
			}
			switch {
			case rec.Status == status.Solved && rec.Length != nil && *rec.Length == want[rec.Line-1]:
			case rec.Status == status.Invalid && rec.Error != "":
			default:
				t.Fatalf("line %d: %s, want length %d", rec.Line, line, want[rec.Line-1])
			}
			n++
		}
		if n != len(lines) {
			t.Fatalf("%d records of %d: exit %d, %s", n, len(lines), code, errOut)
		}
		out, errOut, code = runCmd(t, "", "sliding", "bench", "--data", "testdata/sliding/data", "--heuristic", "pdb-555", "--cache", dir, "--json")
		if code != exitOK && (strings.Contains(out, "differ from the published") || !strings.Contains(out, `"status":"invalid"`)) {
			t.Fatalf("bench: exit %d, %s %s", code, out, errOut)
		}
	}
	close(stop)
	wg.Wait()
	t.Logf("%d runs", runs)
}
