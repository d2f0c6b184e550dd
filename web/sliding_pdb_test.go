package web

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/puzzlesolvers/puzzle/internal/record"
	"github.com/puzzlesolvers/puzzle/sliding"
	"github.com/puzzlesolvers/puzzle/status"
)

// TestSlidingPDBFilesChangeUnderServer runs a live server on a cache
// directory whose files are rewritten in place with another table of the
// same size, truncated, emptied and replaced by rename while clients
// solve 15-puzzles, and while the server's store is replaced by a fresh
// one (as by a restart, so that tables are loaded under the changes).
// Every answer is the optimal length of IDA* with Manhattan distance,
// or a clean refusal; never a wrong length with optimal true, never a
// 5xx, never a crash.
//
// Not parallel: it swaps the server's store, which the parallel tests
// of the package use, and they run only after the sequential ones.
func TestSlidingPDBFilesChangeUnderServer(t *testing.T) {
	if raceDetector {
		t.Skip("building the 5-5-5 and 6-6-3 databases is too slow under the race detector")
	}
	dir := t.TempDir()
	newStore := func() *sliding.Store {
		return &sliding.Store{Dir: dir, MayBuild: func(h sliding.Heuristic) bool { return quickPDB[h] }, Logf: func(string, ...any) {}}
	}
	for _, h := range []sliding.Heuristic{sliding.PDB555, sliding.PDB663} {
		if _, err := newStore().Load(t.Context(), h, 4, 4); err != nil {
			t.Fatal(err)
		}
	}
	var current atomic.Pointer[sliding.Store]
	current.Store(newStore())
	saved := slidingStore
	slidingStore = func() *sliding.Store { return current.Load() }
	t.Cleanup(func() { slidingStore = saved })

	// The three 5-5-5 files have one size: each can pass for another.
	var paths []string
	var contents [][]byte
	known, _ := newStore().Files()
	for _, fi := range known[:3] {
		b, err := os.ReadFile(fi.Path)
		if err != nil {
			t.Fatal(err)
		}
		paths, contents = append(paths, fi.Path), append(contents, b)
	}
	if len(contents[0]) != len(contents[1]) || len(contents[0]) != len(contents[2]) {
		t.Fatal("the 5-5-5 files differ in size")
	}
	big := filepath.Join(dir, known[4].Name) // a 6-tile file of 6-6-3
	bigGood, err := os.ReadFile(big)
	if err != nil {
		t.Fatal(err)
	}

	type job struct {
		board *sliding.Board
		want  int
	}
	rng := rand.New(rand.NewPCG(14, 14))
	var jobs []job
	for range 12 {
		b := sliding.GoalBoard(4, 4, sliding.BlankLast)
		for range 40 {
			b.Apply([]sliding.Move{'U', 'D', 'L', 'R'}[rng.IntN(4)])
		}
		res, err := sliding.Solve(context.Background(), &sliding.Puzzle{Board: b}, sliding.Options{Algorithm: sliding.IDAStar, Heuristic: sliding.Manhattan})
		if err != nil {
			t.Fatal(err)
		}
		jobs = append(jobs, job{b, len(res.Moves)})
	}

	srv := httptest.NewServer(newTestServer(t, Config{}))
	defer srv.Close()
	stop := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() { // the vandal
		defer wg.Done()
		for i := 0; ; i++ {
			select {
			case <-stop:
				return
			default:
			}
			p, good := paths[i%3], contents[i%3]
			switch i % 7 {
			case 0:
				os.WriteFile(p, contents[(i+1)%3], 0o644) // another table, in place
			case 1:
				os.Truncate(p, 0)
			case 2:
				os.Truncate(p, int64(len(good)/2))
			case 3:
				os.WriteFile(big, bigGood[:len(bigGood)-4096], 0o644)
			case 4:
				tmp := p + ".new"
				os.WriteFile(tmp, contents[(i+2)%3], 0o644)
				os.Rename(tmp, p) // another table, by rename
			case 5:
				current.Store(newStore()) // a restart
			case 6:
				os.WriteFile(p, good, 0o644)
				os.WriteFile(big, bigGood, 0o644)
			}
			time.Sleep(2 * time.Millisecond)
		}
	}()
	var answered, refused atomic.Int64
	deadline := time.Now().Add(2 * time.Second)
	errs := make(chan error, 100)
	for c := range 3 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := c; time.Now().Before(deadline); i++ {
				j := jobs[i%len(jobs)]
				q := "heuristic=pdb-555"
				if i%2 == 1 {
					q = "heuristic=auto"
				}
				resp, err := http.Post(srv.URL+"/api/sliding/solve?"+q, "text/plain", strings.NewReader(j.board.Line()))
				if err != nil {
					errs <- err
					return
				}
				body, _ := io.ReadAll(resp.Body)
				resp.Body.Close()
				var rec record.SlidingSolve
				if err := json.Unmarshal(body, &rec); err != nil {
					errs <- fmt.Errorf("%s: %d %s", q, resp.StatusCode, body)
					return
				}
				switch {
				case resp.StatusCode == http.StatusOK && rec.Status == status.Solved && rec.Optimal != nil && *rec.Optimal:
					if *rec.Length != j.want {
						errs <- fmt.Errorf("%s %s: length %d with optimal true, want %d (%s)", q, j.board.Line(), *rec.Length, j.want, rec.Heuristic)
						return
					}
					answered.Add(1)
				case resp.StatusCode == http.StatusUnprocessableEntity && rec.Status == status.Invalid && strings.Contains(rec.Error, "not built"):
					refused.Add(1)
				default:
					errs <- fmt.Errorf("%s: %d %s", q, resp.StatusCode, body)
					return
				}
			}
		}()
	}
	time.Sleep(time.Until(deadline))
	close(stop)
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	if answered.Load() == 0 {
		t.Error("no request answered")
	}
	t.Logf("%d answered, %d refused", answered.Load(), refused.Load())
}
