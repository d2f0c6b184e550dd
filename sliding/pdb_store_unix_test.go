//go:build unix

package sliding

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// The tests of this file use two 3×3 patterns of the same size, so that
// one file can pass for the other but for its header.
var eightTiles = [][]uint8{{1, 2, 3, 4}, {5, 6, 7, 8}}

// eightStore returns a store in dir that counts the builds it starts and
// collects its messages.
type countingStore struct {
	*Store
	mu     sync.Mutex
	builds int
	logs   []string
}

func newCountingStore(dir string) *countingStore {
	c := &countingStore{}
	c.Store = &Store{Dir: dir, Workers: 1,
		Progress: func(p BuildProgress) {
			if p.Done == 0 {
				c.mu.Lock()
				c.builds++
				c.mu.Unlock()
			}
		},
		Logf: func(f string, a ...any) {
			c.mu.Lock()
			c.logs = append(c.logs, fmt.Sprintf(f, a...))
			c.mu.Unlock()
		}}
	return c
}

func (c *countingStore) counts() (int, []string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.builds, append([]string(nil), c.logs...)
}

// buildEight builds the 3×3 files in dir and returns their paths and
// contents.
func buildEight(t *testing.T, dir string) (paths []string, contents [][]byte) {
	t.Helper()
	if _, err := (&Store{Dir: dir}).LoadPatterns(t.Context(), "t", 3, 3, eightTiles); err != nil {
		t.Fatal(err)
	}
	for _, tiles := range eightTiles {
		p := filepath.Join(dir, patternFile(3, 3, tiles))
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		paths, contents = append(paths, p), append(contents, b)
	}
	if len(contents[0]) != len(contents[1]) || bytes.Equal(contents[0], contents[1]) {
		t.Fatal("the two files should have one size and differ")
	}
	return paths, contents
}

// withDeadline runs f and fails the test if it does not return within
// a few seconds (a FIFO that blocks an open, a device read forever).
func withDeadline(t *testing.T, what string, f func() error) error {
	t.Helper()
	done := make(chan error, 1)
	go func() { done <- f() }()
	select {
	case err := <-done:
		return err
	case <-time.After(10 * time.Second):
		t.Fatalf("%s: still running after 10 s", what)
		return nil
	}
}

// TestStoreSpecialFiles: a FIFO, a link to /dev/zero or a directory in a
// table's place is refused at once (no blocked open, no endless read),
// by Load, by Verify and by Files; a store that may build replaces it; a
// link to a sound file is followed.
func TestStoreSpecialFiles(t *testing.T) {
	t.Parallel()
	good := t.TempDir()
	paths, _ := buildEight(t, good)
	for _, tc := range []struct {
		name string
		make func(path string) error
		want string // in the error; "" when the file is sound
		// verify is in Verify's error, if not want.
		verify string
	}{
		{"fifo", func(p string) error { return syscall.Mkfifo(p, 0o644) }, "not a regular file", ""},
		{"link to /dev/zero", func(p string) error { return os.Symlink("/dev/zero", p) }, "not a regular file", ""},
		{"directory", func(p string) error { return os.Mkdir(p, 0o755) }, "not a regular file", ""},
		{"dangling link", func(p string) error { return os.Symlink(filepath.Join(filepath.Dir(p), "nowhere"), p) }, "missing", "no such file"},
		{"link to a sound file", func(p string) error { return os.Symlink(paths[0], p) }, "", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			path := filepath.Join(dir, patternFile(3, 3, eightTiles[0]))
			if err := tc.make(path); err != nil {
				t.Skip(err)
			}
			st := &Store{Dir: dir, MayBuild: func(Heuristic) bool { return false }}
			err := withDeadline(t, "load", func() error {
				_, err := st.pattern(t.Context(), "t", 3, 3, eightTiles[0], loadOnly)
				return err
			})
			if tc.want == "" {
				if err != nil {
					t.Fatalf("load: %v", err)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tc.want) || !errors.Is(err, ErrNotBuilt) {
				t.Errorf("load: %v, want %q", err, tc.want)
			}
			pt := newPattern(3, 3, eightTiles[0])
			want := tc.want
			if tc.verify != "" {
				want = tc.verify
			}
			if err := withDeadline(t, "verify", func() error { return pt.verifyFile(path) }); err == nil || !strings.Contains(err.Error(), want) {
				t.Errorf("verify: %v, want %q", err, want)
			}
			// A store that may build replaces the file by a sound one.
			if tc.name == "directory" {
				return // a rename does not replace a directory
			}
			cs := newCountingStore(dir)
			if err := withDeadline(t, "rebuild", func() error {
				_, err := cs.pattern(t.Context(), "t", 3, 3, eightTiles[0], loadOrBuild)
				return err
			}); err != nil {
				t.Fatalf("rebuild: %v", err)
			}
			if builds, _ := cs.counts(); builds != 1 {
				t.Errorf("%d builds", builds)
			}
			if fi, err := os.Lstat(path); err != nil || !fi.Mode().IsRegular() {
				t.Errorf("after the rebuild: %v %v", fi, err)
			}
			if err := pt.verifyFile(path); err != nil {
				t.Errorf("after the rebuild: %v", err)
			}
		})
	}
	// Files and Verify of the known sets: a link to /dev/zero in the place
	// of a 5-5-5 file is reported, not read.
	dir := t.TempDir()
	st := &Store{Dir: dir}
	known, _ := st.Files()
	if err := os.Symlink("/dev/zero", known[0].Path); err != nil {
		t.Fatal(err)
	}
	known, present := st.Files()
	if !present[known[0].Name] || known[0].Err == nil || !strings.Contains(known[0].Err.Error(), "not a regular file") {
		t.Errorf("Files: %v %v", present[known[0].Name], known[0].Err)
	}
	if err := withDeadline(t, "Verify", func() error { return st.Verify(known[0]) }); err == nil {
		t.Error("Verify of /dev/zero passed")
	}
}

// TestStoreFilesChangeUnderUse changes the files of a loaded set while it
// is used, and while other stores load it: rewritten in place with the
// other table of the same size (as cp does), truncated, emptied,
// replaced by rename. Every search gives the optimal length of the
// breadth-first oracle, every load fails cleanly or gives the sound
// table; nothing crashes.
func TestStoreFilesChangeUnderUse(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	paths, contents := buildEight(t, dir)
	loaded, err := (&Store{Dir: dir}).LoadPatterns(t.Context(), "t", 3, 3, eightTiles)
	if err != nil {
		t.Fatal(err)
	}
	oracle := eightPuzzle(BlankFirst)
	rng := newRand(14)
	var boards []*Board
	for range 40 {
		boards = append(boards, Shuffle(rng, 3, 3, BlankFirst))
	}
	check := func(set *PDBSet) error {
		for _, b := range boards {
			var st Stats
			dirs, err := idaStarPDB(context.Background(), newProblem(b, BlankFirst), set, &st)
			if err != nil {
				return err
			}
			if want := oracle[string(b.Tiles)]; len(dirs) != want {
				return fmt.Errorf("%v: length %d, oracle %d", b.Tiles, len(dirs), want)
			}
		}
		return nil
	}
	stop := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() { // the vandal
		defer wg.Done()
		tmp := paths[0] + ".new"
		for i := 0; ; i++ {
			select {
			case <-stop:
				os.WriteFile(paths[0], contents[0], 0o644)
				return
			default:
			}
			switch i % 6 {
			case 0:
				os.WriteFile(paths[0], contents[1], 0o644) // the other table, in place
			case 1:
				os.Truncate(paths[0], 0)
			case 2:
				os.WriteFile(paths[0], contents[0], 0o644)
			case 3:
				os.Truncate(paths[0], int64(len(contents[0])/2))
			case 4:
				os.WriteFile(tmp, contents[1], 0o644)
				os.Rename(tmp, paths[0]) // the other table, by rename
			case 5:
				b := append([]byte(nil), contents[0]...)
				b[len(b)-7] ^= 0x11
				os.WriteFile(paths[0], b, 0o644) // a flipped entry
			}
			time.Sleep(time.Millisecond)
		}
	}()
	var failures []string
	var mu sync.Mutex
	fail := func(format string, a ...any) {
		mu.Lock()
		failures = append(failures, fmt.Sprintf(format, a...))
		mu.Unlock()
	}
	deadline := time.Now().Add(time.Second)
	var loads, refused int
	for w := range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for time.Now().Before(deadline) {
				if w == 0 {
					if err := check(loaded); err != nil {
						fail("the loaded set: %v", err)
						return
					}
					continue
				}
				fresh := &Store{Dir: dir, MayBuild: func(Heuristic) bool { return false }}
				set, err := fresh.loadPatterns(t.Context(), "t", 3, 3, eightTiles, loadOnly)
				mu.Lock()
				loads++
				if err != nil {
					refused++
				}
				mu.Unlock()
				if err != nil {
					if !errors.Is(err, ErrNotBuilt) {
						fail("a fresh load: %v", err)
					}
					continue
				}
				if !bytes.Equal(set.patterns[0].table, contents[0][pdbHeaderSize:]) {
					fail("a fresh load took a table that is not the sound one")
				}
				if err := check(set); err != nil {
					fail("a fresh set: %v", err)
				}
			}
		}()
	}
	time.Sleep(time.Until(deadline))
	close(stop)
	wg.Wait()
	for _, f := range failures {
		t.Error(f)
	}
	t.Logf("%d fresh loads, %d refused", loads, refused)
}

// TestStoreStaleTemps: a temporary file that no live build writes (a
// build killed while saving) is stale: listed, and removed by
// RemoveStale and by the next build of its table; one whose table's lock
// is held is left alone.
func TestStoreStaleTemps(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	paths, _ := buildEight(t, dir)
	name := filepath.Base(paths[0])
	tmp := filepath.Join(dir, "."+name+".123456.tmp")
	if err := os.WriteFile(tmp, make([]byte, 1000), 0o644); err != nil {
		t.Fatal(err)
	}
	st := newCountingStore(dir)
	temps := st.Temps()
	if len(temps) != 1 || temps[0].Name != filepath.Base(tmp) || temps[0].Bytes != 1000 || !temps[0].Stale {
		t.Fatalf("Temps: %+v", temps)
	}
	// A build in progress holds the lock: its file is not stale.
	unlock, err := lockFile(t.Context(), st.lockPath(name), nil)
	if err != nil {
		t.Fatal(err)
	}
	if temps := st.Temps(); len(temps) != 1 || temps[0].Stale {
		t.Errorf("Temps while locked: %+v", temps)
	}
	if removed := st.RemoveStale(); len(removed) != 0 {
		t.Errorf("removed %+v while locked", removed)
	}
	unlock()
	if removed := st.RemoveStale(); len(removed) != 1 {
		t.Errorf("removed %+v", removed)
	}
	if _, err := os.Stat(tmp); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the stale file is still there: %v", err)
	}
	// A rebuild removes the stale files of its table.
	os.WriteFile(tmp, nil, 0o644)
	if _, err := st.pattern(t.Context(), "t", 3, 3, eightTiles[0], rebuild); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(tmp); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the rebuild left the stale file: %v", err)
	}
	if _, logs := st.counts(); len(logs) != 1 || !strings.Contains(logs[0], "left by an interrupted build") {
		t.Errorf("logs %q", logs)
	}
}

// TestStoreBuildOnce: two stores (as two processes) that need the same
// missing tables at once, in a directory not yet made, build each table
// once: the second waits for the first and reads its file.
func TestStoreBuildOnce(t *testing.T) {
	t.Parallel()
	dir := filepath.Join(t.TempDir(), "new")
	stores := []*countingStore{newCountingStore(dir), newCountingStore(dir)}
	var wg sync.WaitGroup
	errs := make([]error, len(stores))
	for i, st := range stores {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, errs[i] = st.LoadPatterns(t.Context(), "t", 3, 3, eightTiles)
		}()
	}
	wg.Wait()
	builds := 0
	for i, st := range stores {
		if errs[i] != nil {
			t.Errorf("store %d: %v", i, errs[i])
		}
		n, _ := st.counts()
		builds += n
	}
	if builds != len(eightTiles) {
		t.Errorf("%d builds of %d tables", builds, len(eightTiles))
	}
}

// TestStoreRebuildInterrupted: a rebuild stopped midway (Ctrl-C, or a
// kill, which leaves at most a temporary file) keeps the old file.
func TestStoreRebuildInterrupted(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	paths, contents := buildEight(t, dir)
	ctx, cancel := context.WithCancel(t.Context())
	st := &Store{Dir: dir, Progress: func(p BuildProgress) {
		if p.Done > 0 {
			cancel() // after the first layer
		}
	}}
	if _, err := st.loadPatterns(ctx, "t", 3, 3, eightTiles, rebuild); !errors.Is(err, context.Canceled) {
		t.Fatalf("rebuild: %v", err)
	}
	for i, p := range paths {
		if b, err := os.ReadFile(p); err != nil || !bytes.Equal(b, contents[i]) {
			t.Errorf("%s: changed by an interrupted rebuild (%v)", p, err)
		}
	}
	if temps := st.Temps(); len(temps) != 0 {
		t.Errorf("temporary files left: %+v", temps)
	}
}

// TestStoreRebuildConcurrent: two stores (as two processes: each lock is
// its own open file) rebuild the same tables at once; both succeed and
// the files are sound. A builder that waits for the lock while another
// replaces the file uses that file instead of building again.
func TestStoreRebuildConcurrent(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	paths, contents := buildEight(t, dir)
	var wg sync.WaitGroup
	stores := []*countingStore{newCountingStore(dir), newCountingStore(dir)}
	errs := make([]error, len(stores))
	for i, st := range stores {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, errs[i] = st.loadPatterns(t.Context(), "t", 3, 3, eightTiles, rebuild)
		}()
	}
	wg.Wait()
	for i := range stores {
		if errs[i] != nil {
			t.Errorf("store %d: %v", i, errs[i])
		}
	}
	for i, p := range paths {
		if b, err := os.ReadFile(p); err != nil || !bytes.Equal(b, contents[i]) {
			t.Errorf("%s: not the sound file after two rebuilds (%v)", p, err)
		}
	}
	if temps := stores[0].Temps(); len(temps) != 0 {
		t.Errorf("temporary files left: %+v", temps)
	}

	// Wait, then reuse: the test holds the lock of the first table, as a
	// builder in another process would, and saves the table meanwhile.
	name := filepath.Base(paths[0])
	unlock, err := lockFile(t.Context(), stores[0].lockPath(name), nil)
	if err != nil {
		t.Fatal(err)
	}
	st := newCountingStore(dir)
	done := make(chan error, 1)
	go func() {
		_, err := st.pattern(t.Context(), "t", 3, 3, eightTiles[0], rebuild)
		done <- err
	}()
	for {
		if _, logs := st.counts(); len(logs) > 0 {
			if !strings.Contains(logs[0], "waiting for another process") {
				t.Fatalf("logs %q", logs)
			}
			break
		}
		time.Sleep(5 * time.Millisecond)
	}
	tmp := filepath.Join(dir, "."+name+".999.tmp")
	os.WriteFile(tmp, contents[0], 0o644)
	os.Rename(tmp, paths[0])
	unlock()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	if builds, logs := st.counts(); builds != 0 {
		t.Errorf("%d builds after waiting for another builder (logs %q)", builds, logs)
	}
}
