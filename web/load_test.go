package web

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/puzzlesolvers/puzzle/internal/record"
	"github.com/puzzlesolvers/puzzle/nonogram"
	"github.com/puzzlesolvers/puzzle/queens"
	"github.com/puzzlesolvers/puzzle/sliding"
	"github.com/puzzlesolvers/puzzle/status"
	"github.com/puzzlesolvers/puzzle/sudoku"
)

// TestLoad runs a short, bounded load on loopback: 8 clients send 16
// solves each, as fast as they can, to a server with 2 workers and a queue
// of 4, while another client asks for the health and the page. Every solve
// gets a right answer or a 503 (never an error or a wrong answer), most get
// an answer, and the light requests are answered throughout.
func TestLoad(t *testing.T) {
	t.Parallel()
	s := newTestServer(t, Config{Workers: 2, Queue: 4, Timeout: 5 * time.Second})
	ts := httptest.NewServer(s)
	defer ts.Close()
	client := &http.Client{Timeout: 20 * time.Second}

	type job struct {
		path, body string
		check      func(body []byte) bool
	}
	sudokuRight := func(puzzle string, want status.Status) func([]byte) bool {
		p, err := sudoku.Parse(strings.NewReader(puzzle))
		if err != nil {
			t.Fatal(err)
		}
		return func(b []byte) bool {
			var rep record.SudokuSolve
			return json.Unmarshal(b, &rep) == nil && rep.Status == want && p.IsSolutionOf(gridOf(rep.Solution))
		}
	}
	nonogramRight := func(puzzle string) func([]byte) bool {
		p, err := nonogram.Parse(strings.NewReader(puzzle))
		if err != nil {
			t.Fatal(err)
		}
		return func(b []byte) bool {
			var rep record.NonogramSolve
			return json.Unmarshal(b, &rep) == nil && rep.Status == status.Unique && p.Satisfies(gridFromRows(rep.Solution))
		}
	}
	extreme := "....8....91426.5.....1..9..62......55...4..12..7...3..7......53.6..1..7......4..6"
	// An empty 25×25 grid takes milliseconds: enough to fill the
	// workers and the queue.
	empty25 := strings.Repeat(strings.TrimSpace(strings.Repeat("0 ", 25))+"\n", 25)
	jobs := []job{
		{"/api/sudoku/solve", sudokuClassic, sudokuRight(sudokuClassic, status.Unique)},
		{"/api/sudoku/solve", empty25, sudokuRight(empty25, status.Multiple)},
		{"/api/nonogram/solve", nonogramHeart, nonogramRight(nonogramHeart)},
		{"/api/sudoku/solve?explain=1", extreme, sudokuRight(extreme, status.Unique)},
		{"/api/sliding/solve", "8 6 7 2 5 4 3 0 1", func(b []byte) bool {
			// One of the hardest 8-puzzles: 31 moves, replayed to the goal.
			var rep record.SlidingSolve
			if json.Unmarshal(b, &rep) != nil || rep.Moves == nil || len(*rep.Moves) != 31 {
				return false
			}
			ms, err := sliding.ParseMoves(*rep.Moves)
			p, perr := sliding.Parse(strings.NewReader(rep.Board))
			return err == nil && perr == nil && p.Board.Check(ms, sliding.BlankLast) == nil
		}},
		{"/api/queens/complete", "n 30\n0:0, 1:2\n", func(b []byte) bool {
			var rep record.QueensSolve
			return json.Unmarshal(b, &rep) == nil && rep.Status == status.Solved && len(rep.Solutions) == 1 && queens.Verify(rep.Solutions[0]) == nil &&
				len(rep.Solutions[0]) == 30 && rep.Solutions[0][0] == 0 && rep.Solutions[0][1] == 2
		}},
	}

	const clients, perClient = 8, 16
	var mu sync.Mutex
	codes := map[int]int{}
	var wrong []string
	var wg sync.WaitGroup
	start := time.Now()
	for k := range clients {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range perClient {
				j := jobs[(k+i)%len(jobs)]
				resp, err := client.Post(ts.URL+j.path, "text/plain", strings.NewReader(j.body))
				if err != nil {
					mu.Lock()
					wrong = append(wrong, err.Error())
					mu.Unlock()
					continue
				}
				b, _ := io.ReadAll(resp.Body)
				resp.Body.Close()
				mu.Lock()
				codes[resp.StatusCode]++
				if resp.StatusCode == http.StatusOK && !j.check(b) {
					wrong = append(wrong, j.path+": "+string(b))
				}
				mu.Unlock()
			}
		}()
	}
	// Meanwhile, the light requests.
	done := make(chan struct{})
	var light []time.Duration
	var lightErr []string
	go func() {
		defer close(done)
		for i := 0; ; i++ {
			finished := make(chan struct{})
			go func() { wg.Wait(); close(finished) }()
			select {
			case <-finished:
				return
			case <-time.After(5 * time.Millisecond):
			}
			path := []string{"/api/health", "/", "/api/openapi.json"}[i%3]
			t0 := time.Now()
			resp, err := client.Get(ts.URL + path)
			if err != nil {
				lightErr = append(lightErr, err.Error())
				continue
			}
			io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
			if resp.StatusCode != http.StatusOK {
				lightErr = append(lightErr, path+": "+resp.Status)
			}
			light = append(light, time.Since(t0))
		}
	}()
	wg.Wait()
	<-done
	elapsed := time.Since(start)

	total := clients * perClient
	t.Logf("%d solves in %v: %v (status: count); %d light requests, slowest %v",
		total, elapsed.Round(time.Millisecond), codes, len(light), slices.Max(append(light, 0)))
	for _, w := range wrong {
		t.Errorf("wrong answer or failed request: %.200s", w)
	}
	for _, e := range lightErr {
		t.Errorf("light request: %s", e)
	}
	for code, n := range codes {
		if code != http.StatusOK && code != http.StatusServiceUnavailable && code != http.StatusTooManyRequests {
			t.Errorf("%d answers with status %d", n, code)
		}
	}
	if codes[http.StatusOK] < total/4 {
		t.Errorf("only %d of %d solves answered", codes[http.StatusOK], total)
	}
	if len(light) == 0 {
		t.Error("no light request was made during the load")
	}
	if w, q := s.limit.load(); w != 0 || q != 0 {
		t.Errorf("after the load: %d working, %d queued", w, q)
	}
}
