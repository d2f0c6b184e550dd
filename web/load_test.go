package web

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"net"
	"net/http"
	"os"
	"runtime"
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

var loadFlag = flag.Bool("load", false, "run TestLoad for 10 s and hold cheap requests to the strict bound (also PUZZLE_LOAD=1)")

// A loadJob is one kind of request of the load test, with the status codes
// it may get and a check of a 200's body.
type loadJob struct {
	name         string
	method, path string
	body         string
	header       []string // name, value pairs
	codes        []int
	check        func(body []byte) bool
	cheap        bool // runs in the cheap lane, or on no worker: never 503, and timed
}

// TestLoad runs the server on loopback under 50 clients for 2 s (10 s with
// -load or PUZZLE_LOAD=1): two of them loop on expensive requests (counting
// 15 queens, 1000 solutions of an empty 25×25 Sudoku), the others send a
// mix of cheap requests, heavy ones and bad ones (bad parameters, bodies,
// hosts, origins, paths). Each client comes from its own loopback address
// where the system allows it. Every answer is the one expected: right
// answers, the 4xx of bad requests, and no 5xx but 503 and 504 for heavy
// requests; cheap requests are never refused, and their 99th percentile of
// latency is under 50 ms with -load (a tolerant bound otherwise, for a
// busy machine, and a loose one under the race detector).
func TestLoad(t *testing.T) {
	long := *loadFlag || os.Getenv("PUZZLE_LOAD") == "1"
	duration, bound := 2*time.Second, time.Second
	switch {
	case long:
		duration, bound = 10*time.Second, 50*time.Millisecond
	case testing.Short():
		duration = time.Second
	}
	if raceDetector {
		bound = 5 * time.Second // ten times slower, and the point is the races
	}
	s, base := serveLoopback(t)

	const clients, expensive = 50, 2
	ok := []int{http.StatusOK}
	heavy := []int{http.StatusOK, http.StatusServiceUnavailable, http.StatusGatewayTimeout, http.StatusTooManyRequests}
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
	nonogramRight := func(b []byte) bool {
		p, _ := nonogram.Parse(strings.NewReader(nonogramHeart))
		var rep record.NonogramSolve
		return json.Unmarshal(b, &rep) == nil && rep.Status == status.Unique && p.Satisfies(gridFromRows(rep.Solution))
	}
	countIs := func(want int64) func([]byte) bool {
		return func(b []byte) bool {
			var rep struct {
				Status status.Status
				Count  int64
			}
			return json.Unmarshal(b, &rep) == nil && rep.Count == want && rep.Status == status.Multiple
		}
	}
	empty25 := strings.Repeat(strings.TrimSpace(strings.Repeat("0 ", 25))+"\n", 25)
	expensiveJobs := []loadJob{
		{name: "queens count 15", method: "GET", path: "/api/queens/count?n=15", codes: heavy, check: countIs(2279184)},
		{name: "sudoku 25×25 empty, 1000 solutions", method: "POST", path: "/api/sudoku/solve?limit=1000", body: empty25, codes: heavy,
			check: func(b []byte) bool {
				var rep struct { // 2 MB: the solutions are counted, not read
					Status    status.Status
					Solutions []json.RawMessage
				}
				return json.Unmarshal(b, &rep) == nil && rep.Status == status.Multiple && len(rep.Solutions) == 1000
			}},
	}
	extreme := "....8....91426.5.....1..9..62......55...4..12..7...3..7......53.6..1..7......4..6"
	crossSite := []string{"Origin", "https://evil.example", "Sec-Fetch-Site", "cross-site"}
	mixedJobs := []loadJob{
		// Cheap: the cheap lane, or no worker at all.
		{name: "sudoku solve 9×9", method: "POST", path: "/api/sudoku/solve", body: sudokuClassic, codes: ok, cheap: true,
			check: sudokuRight(sudokuClassic, status.Unique)},
		{name: "sudoku solve 9×9 explained", method: "POST", path: "/api/sudoku/solve?explain=1", body: extreme, codes: ok, cheap: true,
			check: sudokuRight(extreme, status.Unique)},
		{name: "sudoku hint", method: "POST", path: "/api/sudoku/hint", body: sudokuClassic, codes: ok, cheap: true},
		{name: "sliding solve 3×3", method: "POST", path: "/api/sliding/solve", body: "8 6 7 2 5 4 3 0 1", codes: ok, cheap: true,
			check: func(b []byte) bool {
				// One of the hardest 8-puzzles: 31 moves, replayed to the goal.
				var rep record.SlidingSolve
				if json.Unmarshal(b, &rep) != nil || rep.Moves == nil || len(*rep.Moves) != 31 {
					return false
				}
				ms, err := sliding.ParseMoves(*rep.Moves)
				p, perr := sliding.Parse(strings.NewReader(rep.Board))
				return err == nil && perr == nil && p.Board.Check(ms, sliding.BlankLast) == nil
			}},
		{name: "queens count 8", method: "GET", path: "/api/queens/count?n=8", codes: ok, cheap: true, check: countIs(92)},
		{name: "health", method: "GET", path: "/api/health", codes: ok, cheap: true},
		{name: "sliding shuffle", method: "GET", path: "/api/sliding/shuffle?size=4", codes: ok, cheap: true},
		{name: "page", method: "GET", path: "/", codes: ok, cheap: true},
		{name: "script", method: "GET", path: "/static/app.js", codes: ok, cheap: true},
		// Heavy, and quick.
		{name: "nonogram solve", method: "POST", path: "/api/nonogram/solve", body: nonogramHeart, codes: heavy, check: nonogramRight},
		{name: "queens complete 30", method: "POST", path: "/api/queens/complete", body: "n 30\n0:0, 1:2\n", codes: heavy,
			check: func(b []byte) bool {
				var rep record.QueensSolve
				return json.Unmarshal(b, &rep) == nil && rep.Status == status.Solved && len(rep.Solutions) == 1 &&
					queens.Verify(rep.Solutions[0]) == nil && len(rep.Solutions[0]) == 30 && rep.Solutions[0][1] == 2
			}},
		// Bad: answered at once, whatever the load.
		{name: "bad limit", method: "POST", path: "/api/sudoku/solve?limit=x", body: sudokuClassic, codes: []int{400}},
		{name: "bad n", method: "GET", path: "/api/queens/count?n=99", codes: []int{400}},
		{name: "n over the web cap", method: "GET", path: "/api/queens/count?n=17", codes: []int{422}},
		{name: "unknown parameter", method: "GET", path: "/api/queens/dominate?n=8&frob=1", codes: []int{400}},
		{name: "empty body", method: "POST", path: "/api/nonogram/solve", codes: []int{400}},
		{name: "junk body", method: "POST", path: "/api/sudoku/solve", body: "12345x\n", codes: []int{400}},
		{name: "no endpoint", method: "GET", path: "/api/sudoku/nope", codes: []int{404}},
		{name: "wrong method", method: "GET", path: "/api/sudoku/solve", codes: []int{405}},
		{name: "foreign Host", method: "GET", path: "/api/health", header: []string{"Host", "evil.example"}, codes: []int{421}},
		{name: "cross-site POST", method: "POST", path: "/api/sudoku/solve", body: sudokuClassic, header: crossSite, codes: []int{403}},
		{name: "malformed static path", method: "GET", path: "/static/%c0%ae", codes: []int{404}},
	}

	own := ownAddresses(base)
	newClient := func(k int) *http.Client { return loopbackClient(k, own) }

	type outcome struct {
		job     *loadJob
		code    int
		latency time.Duration
		problem string
	}
	var (
		mu       sync.Mutex
		outcomes []outcome
	)
	send := func(c *http.Client, j *loadJob) {
		var body io.Reader
		if j.body != "" {
			body = strings.NewReader(j.body)
		}
		req, err := http.NewRequest(j.method, base+j.path, body)
		if err != nil {
			t.Error(err)
			return
		}
		for i := 0; i+1 < len(j.header); i += 2 {
			if j.header[i] == "Host" {
				req.Host = j.header[i+1]
			} else {
				req.Header.Set(j.header[i], j.header[i+1])
			}
		}
		start := time.Now()
		resp, err := c.Do(req)
		o := outcome{job: j}
		if err != nil {
			o.problem = err.Error()
		} else {
			b, err := io.ReadAll(resp.Body)
			resp.Body.Close()
			o.code, o.latency = resp.StatusCode, time.Since(start)
			switch {
			case err != nil:
				o.problem = err.Error()
			case !slices.Contains(j.codes, resp.StatusCode):
				o.problem = fmt.Sprintf("status %d, want one of %v: %.200s", resp.StatusCode, j.codes, b)
			case resp.StatusCode == http.StatusOK && j.check != nil && !j.check(b):
				o.problem = fmt.Sprintf("wrong answer: %.300s", b)
			}
		}
		mu.Lock()
		outcomes = append(outcomes, o)
		mu.Unlock()
	}

	var wg sync.WaitGroup
	deadline := time.Now().Add(duration)
	// The expensive clients start first, so that the workers are busy
	// when the others start.
	for k := range expensive {
		wg.Go(func() {
			c := newClient(k)
			for i := 0; time.Now().Before(deadline); i++ {
				send(c, &expensiveJobs[(k+i)%len(expensiveJobs)])
			}
		})
	}
	time.Sleep(50 * time.Millisecond)
	for k := expensive; k < clients; k++ {
		wg.Go(func() {
			c := newClient(k)
			rng := rand.New(rand.NewPCG(uint64(k), 1))
			for time.Now().Before(deadline) {
				send(c, &mixedJobs[rng.IntN(len(mixedJobs))])
				time.Sleep(time.Duration(20+rng.IntN(80)) * time.Millisecond) // a person or a script, not a flood
			}
		})
	}
	wg.Wait()

	var cheap, bad []time.Duration
	codes := map[string]map[int]int{}
	for _, o := range outcomes {
		if o.problem != "" {
			t.Errorf("%s: %s", o.job.name, o.problem)
			continue
		}
		if codes[o.job.name] == nil {
			codes[o.job.name] = map[int]int{}
		}
		codes[o.job.name][o.code]++
		switch {
		case o.job.cheap:
			cheap = append(cheap, o.latency)
		case o.job.codes[0] != http.StatusOK:
			bad = append(bad, o.latency)
		}
	}
	for _, j := range expensiveJobs {
		t.Logf("%-40s %v", j.name, codes[j.name])
	}
	for _, j := range mixedJobs {
		t.Logf("%-40s %v", j.name, codes[j.name])
	}
	t.Logf("%d requests in %v from %d clients (own addresses: %v)", len(outcomes), duration, clients, own)
	t.Logf("cheap requests: %s", percentiles(cheap))
	t.Logf("bad requests:   %s", percentiles(bad))
	if got := codes[expensiveJobs[0].name][http.StatusOK] + codes[expensiveJobs[1].name][http.StatusOK]; got == 0 {
		t.Error("no expensive request was answered: the load was not what the test means")
	}
	if len(cheap) < 100 {
		t.Fatalf("only %d cheap requests answered", len(cheap))
	}
	if p := percentile(cheap, 99); p > bound {
		t.Errorf("99th percentile of cheap requests %v, want under %v", p, bound)
	}
	if p := percentile(bad, 99); p > bound {
		t.Errorf("99th percentile of bad requests %v, want under %v", p, bound)
	}
	if w, q := s.limit.load(); w != 0 || q != 0 {
		t.Errorf("after the load: %d working, %d queued", w, q)
	}
}

// serveLoopback runs a server with the default limits (but a time limit of
// 5 s) on loopback, as puzzle serve runs it, until the test ends. The test
// must not run in parallel: it sets GOMAXPROCS.
func serveLoopback(t *testing.T) (s *Server, base string) {
	s = New(Config{Timeout: 5 * time.Second, Logger: slog.New(slog.DiscardHandler)})
	procs := runtime.GOMAXPROCS(max(s.Procs(), runtime.GOMAXPROCS(0)))
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, stop := context.WithCancel(context.Background())
	served := make(chan error, 1)
	go func() { served <- s.Serve(ctx, ln) }()
	t.Cleanup(func() {
		stop()
		if err := <-served; err != nil {
			t.Errorf("Serve: %v", err)
		}
		runtime.GOMAXPROCS(procs)
	})
	return s, "http://" + ln.Addr().String()
}

// loopbackClient returns the HTTP client number k: with own, it dials from
// an address of its own, 127.0.1.(k+1), so that the server counts it as a
// client of its own (Linux routes all of 127/8 to lo).
func loopbackClient(k int, own bool) *http.Client {
	tr := &http.Transport{MaxIdleConnsPerHost: 4}
	if own {
		d := &net.Dialer{LocalAddr: &net.TCPAddr{IP: net.IPv4(127, 0, 1, byte(k+1))}}
		tr.DialContext = d.DialContext
	}
	return &http.Client{Transport: tr, Timeout: 30 * time.Second}
}

// TestExpensiveFlood has twelve clients loop on counting 15 queens (each
// count takes the better part of a second of a core) for 1.5 s (5 s with
// -load), which fills the workers and the queue (2 and 8 on two cores),
// while a probe asks for an easy Sudoku every 20 ms: every probe is
// answered, none gets 503.
func TestExpensiveFlood(t *testing.T) {
	long := *loadFlag || os.Getenv("PUZZLE_LOAD") == "1"
	duration, bound := 1500*time.Millisecond, time.Second
	if long {
		duration, bound = 5*time.Second, 50*time.Millisecond
	}
	if raceDetector {
		bound = 5 * time.Second
	}
	s, base := serveLoopback(t)
	own := ownAddresses(base)
	deadline := time.Now().Add(duration)
	ctx, cancel := context.WithDeadline(context.Background(), deadline)
	defer cancel()
	var mu sync.Mutex
	codes := map[int]int{}
	var wg sync.WaitGroup
	for k := range 12 {
		wg.Go(func() {
			c := loopbackClient(k, own)
			for time.Now().Before(deadline) {
				req, _ := http.NewRequestWithContext(ctx, "GET", base+"/api/queens/count?n=15", nil)
				resp, err := c.Do(req)
				if err != nil {
					if ctx.Err() == nil {
						t.Error(err)
					}
					return // at the deadline, the requests in flight are dropped
				}
				io.Copy(io.Discard, resp.Body)
				resp.Body.Close()
				mu.Lock()
				codes[resp.StatusCode]++
				mu.Unlock()
				if resp.StatusCode != http.StatusOK {
					time.Sleep(10 * time.Millisecond) // as Retry-After asks, but sooner
				}
			}
		})
	}
	time.Sleep(100 * time.Millisecond)
	probe := loopbackClient(100, own)
	var latency []time.Duration
	for time.Now().Before(deadline) {
		start := time.Now()
		resp, err := probe.Post(base+"/api/sudoku/solve", "text/plain", strings.NewReader(sudokuClassic))
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		latency = append(latency, time.Since(start))
		if resp.StatusCode != http.StatusOK {
			t.Errorf("probe: %d %s", resp.StatusCode, b)
		}
		time.Sleep(20 * time.Millisecond)
	}
	wg.Wait()
	t.Logf("expensive requests: %v (status: count); probes: %s", codes, percentiles(latency))
	if codes[http.StatusServiceUnavailable]+codes[http.StatusTooManyRequests] == 0 && own {
		t.Errorf("the expensive requests never filled the queue: the flood was not what the test means")
	}
	for code := range codes {
		if !slices.Contains([]int{200, 503, 504, 429}, code) {
			t.Errorf("an expensive request got %d", code)
		}
	}
	if p := percentile(latency, 99); p > bound {
		t.Errorf("99th percentile of the probes %v, want under %v", p, bound)
	}
	// The requests dropped at the deadline stop: their context ends.
	for start := time.Now(); ; time.Sleep(time.Millisecond) {
		w, q := s.limit.load()
		if w == 0 && q == 0 {
			t.Logf("idle %v after the deadline", time.Since(start).Round(time.Millisecond))
			break
		}
		if time.Since(start) > time.Second {
			t.Fatalf("a second after the flood: %d working, %d queued", w, q)
		}
	}
}

// ownAddresses reports whether a client may dial base from 127.0.1.x.
func ownAddresses(base string) bool {
	d := &net.Dialer{LocalAddr: &net.TCPAddr{IP: net.IPv4(127, 0, 1, 1)}, Timeout: time.Second}
	c, err := d.Dial("tcp", strings.TrimPrefix(base, "http://"))
	if err != nil {
		return false
	}
	c.Close()
	return true
}

// percentile returns the p-th percentile of ds (sorted in place).
func percentile(ds []time.Duration, p int) time.Duration {
	if len(ds) == 0 {
		return 0
	}
	slices.Sort(ds)
	return ds[min(len(ds)-1, len(ds)*p/100)]
}

func percentiles(ds []time.Duration) string {
	if len(ds) == 0 {
		return "none"
	}
	r := func(d time.Duration) time.Duration { return d.Round(10 * time.Microsecond) }
	return fmt.Sprintf("%d, p50 %v, p90 %v, p99 %v, max %v", len(ds),
		r(percentile(ds, 50)), r(percentile(ds, 90)), r(percentile(ds, 99)), r(slices.Max(ds)))
}
