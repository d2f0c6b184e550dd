package main

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/puzzlesolvers/puzzle/internal/serve"
	"github.com/puzzlesolvers/puzzle/internal/serveflags"
	"github.com/puzzlesolvers/puzzle/sudoku"
)

// syncBuffer is a bytes.Buffer safe for the server's goroutines.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// The other tests of serve run the server in-process: what puzzle-serve
// runs, on the options "puzzle serve" checked.
func init() {
	startServer = func(e *env, o *serveflags.Options, _ []string) int { return serve.Run(e.ctx, o, e.stdout, e.stderr) }
}

var listeningRE = regexp.MustCompile(`listening on (http://\S+)/`)

// startServe runs "puzzle serve" on a free loopback port and returns its
// base URL, its stderr and a function that stops it and returns its exit
// code.
func startServe(t *testing.T, args ...string) (base string, stderr *syncBuffer, stop func() int) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	stderr = &syncBuffer{}
	code := make(chan int, 1)
	go func() {
		code <- run(ctx, strings.NewReader(""), io.Discard, stderr, append([]string{"serve", "--addr", "127.0.0.1:0"}, args...))
	}()
	deadline := time.Now().Add(10 * time.Second)
	for {
		if m := listeningRE.FindStringSubmatch(stderr.String()); m != nil {
			base = m[1]
			break
		}
		select {
		case c := <-code:
			t.Fatalf("serve exited with %d: %s", c, stderr.String())
		default:
		}
		if time.Now().After(deadline) {
			cancel()
			t.Fatalf("serve did not start: %s", stderr.String())
		}
		time.Sleep(5 * time.Millisecond)
	}
	var once sync.Once
	result := 0
	stop = func() int {
		once.Do(func() {
			cancel()
			select {
			case result = <-code:
			case <-time.After(30 * time.Second):
				t.Fatal("serve did not stop")
			}
		})
		return result
	}
	t.Cleanup(func() { stop() })
	return base, stderr, stop
}

func post(t *testing.T, url, body string) (int, []byte) {
	t.Helper()
	resp, err := http.Post(url, "text/plain", strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp.StatusCode, b
}

// TestServe checks the server end to end on loopback: the page, a sudoku
// and a nonogram solved through the API with the right answers, 3 MB of
// random bytes refused while the server stays up, the access log, and a
// graceful stop with exit status 0.
func TestServe(t *testing.T) {
	base, stderr, stop := startServe(t, "--timeout", "20s")

	resp, err := http.Get(base + "/")
	if err != nil {
		t.Fatal(err)
	}
	page, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK || !bytes.Contains(page, []byte(`id="tab-sudoku"`)) || !bytes.Contains(page, []byte(`id="tab-nonogram"`)) {
		t.Fatalf("page: %d %.200s", resp.StatusCode, page)
	}

	unique9 := []byte("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\n")
	code, body := post(t, base+"/api/sudoku/solve", string(unique9))
	var sud struct {
		Status   string
		Solution [][]int
	}
	if err := json.Unmarshal(body, &sud); err != nil || code != http.StatusOK || sud.Status != "unique" {
		t.Fatalf("sudoku: %d %s", code, body)
	}
	p, err := sudoku.Parse(bytes.NewReader(unique9))
	if err != nil {
		t.Fatal(err)
	}
	var cells []uint8
	for _, row := range sud.Solution {
		for _, v := range row {
			cells = append(cells, uint8(v))
		}
	}
	if !p.IsSolutionOf(cells) {
		t.Errorf("sudoku: %v is not a solution", sud.Solution)
	}

	heart, err := os.ReadFile("../../examples/nonogram/heart.txt")
	if err != nil {
		t.Fatal(err)
	}
	code, body = post(t, base+"/api/nonogram/solve", string(heart))
	var non struct {
		Status   string
		Solution []string
	}
	if err := json.Unmarshal(body, &non); err != nil || code != http.StatusOK || non.Status != "unique" {
		t.Fatalf("nonogram: %d %s", code, body)
	}
	want := []string{".##...##.", "####.####", "#########", "#########", ".#######.", "..#####..", "...###...", "....#...."}
	if strings.Join(non.Solution, "\n") != strings.Join(want, "\n") {
		t.Errorf("heart: %q", non.Solution)
	}

	junk := make([]byte, 3<<20)
	rand.Read(junk)
	resp, err = http.Post(base+"/api/sudoku/solve", "application/octet-stream", bytes.NewReader(junk))
	if err == nil {
		io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		if resp.StatusCode != http.StatusRequestEntityTooLarge {
			t.Errorf("3 MB of random bytes: status %d, want 413", resp.StatusCode)
		}
	} // else the server closed the connection before reading it all: refused too
	if code, _ := post(t, base+"/api/sudoku/solve", string(unique9)); code != http.StatusOK {
		t.Errorf("after the junk: %d", code)
	}

	if c := stop(); c != exitOK {
		t.Errorf("exit %d", c)
	}
	log := stderr.String()
	for _, want := range []string{"msg=request method=POST path=/api/sudoku/solve", "status=413", "puzzle serve: stopped"} {
		if !strings.Contains(log, want) {
			t.Errorf("stderr lacks %q:\n%s", want, log)
		}
	}
}

// TestServeSameJSON checks that the API returns the very object the CLI
// prints with --json, for every example puzzle (times aside).
func TestServeSameJSON(t *testing.T) {
	base, _, _ := startServe(t)
	timeRE := regexp.MustCompile(`"time_ms":[0-9.e+-]+`)
	norm := func(s string) string {
		s = timeRE.ReplaceAllString(strings.TrimSpace(s), `"time_ms":0`)
		// The CLI streams a list of solutions in the order found, the
		// API sorts it: the same object once sorted, keys aside.
		var m map[string]any
		if json.Unmarshal([]byte(s), &m) != nil {
			return s
		}
		if sols, ok := m["solutions"].([]any); ok {
			slices.SortFunc(sols, func(a, b any) int { return strings.Compare(fmt.Sprint(a), fmt.Sprint(b)) })
		}
		b, _ := json.Marshal(m)
		return string(b)
	}
	dir := t.TempDir()
	for _, tc := range []struct {
		family, file, query string
		args                []string
	}{
		{"sudoku", "testdata/multiple9.txt", "limit=3", []string{"--limit", "3"}},
		{"sudoku", "testdata/big16.txt", "explain=1", []string{"--explain"}},
		{"sudoku", "unique.txt", "", nil},
		{"sudoku", "none.txt", "", nil},
		{"sudoku", "bad.txt", "", nil},
		{"nonogram", "../../examples/nonogram/duck.txt", "explain=1", []string{"--explain"}},
		{"nonogram", "testdata/nonogram/probing.txt", "", nil},
		{"nonogram", "several.txt", "limit=5", []string{"--limit", "5"}},
		{"nonogram", "bad.non", "", nil},
	} {
		switch tc.file { // one puzzle of a file with several, and bad input
		case "unique.txt":
			tc.file = writeTemp(t, dir, tc.file, "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\n")
		case "none.txt":
			tc.file = writeTemp(t, dir, tc.file, "12345678.........9...............................................................\n")
		case "bad.txt":
			tc.file = writeTemp(t, dir, tc.file, "# bad\n12x\n")
		case "several.txt": // 24 pictures
			tc.file = writeTemp(t, dir, tc.file, "4 4\n1\n1\n1\n1\n1\n1\n1\n1\n")
		case "bad.non":
			tc.file = writeTemp(t, dir, tc.file, "width 2\nheight 2\nrows\n3\n1\ncolumns\n1\n1\n")
		}
		input, err := os.ReadFile(tc.file)
		if err != nil {
			t.Fatal(err)
		}
		cli, _, _ := runCmd(t, "", append([]string{tc.family, "solve", "--json", tc.file}, tc.args...)...)
		if strings.Count(cli, "\n") != 1 {
			t.Fatalf("%s: want one puzzle, the CLI printed %d lines", tc.file, strings.Count(cli, "\n"))
		}
		q := url.Values{"name": {tc.file}}
		if tc.query != "" {
			k, v, _ := strings.Cut(tc.query, "=")
			q.Set(k, v)
		}
		_, api := post(t, base+"/api/"+tc.family+"/solve?"+q.Encode(), string(input))
		if norm(string(api)) != norm(cli) {
			t.Errorf("%s %s:\nAPI %s\nCLI %s", tc.family, tc.file, api, cli)
		}
	}
}

func writeTemp(t *testing.T, dir, name, content string) string {
	t.Helper()
	path := dir + "/" + name
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestServeHelp(t *testing.T) {
	for _, args := range [][]string{{"help", "serve"}, {"serve", "-h"}} {
		out, errOut, code := runCmd(t, "", args...)
		if code != exitOK || errOut != "" || !strings.HasPrefix(out, "Usage: puzzle serve") ||
			!strings.Contains(out, "-addr HOST:PORT") || !strings.Contains(out, "SIGTERM") {
			t.Errorf("%q: exit %d, stderr %q, stdout:\n%s", args, code, errOut, out)
		}
	}
	_, errOut, code := runCmd(t, "", "serve", "--addr", "256.0.0.1:99999")
	if code != exitFail || !strings.Contains(errOut, "puzzle serve:") {
		t.Errorf("bad address: exit %d, stderr %q", code, errOut)
	}
}

// TestServeHelpExamples runs the curl examples of 'puzzle help serve'
// against a server: each must be answered 200 with a solve record.
func TestServeHelpExamples(t *testing.T) {
	base, _, stop := startServe(t)
	defer stop()
	curlRE := regexp.MustCompile(`curl -s --data-binary @(\S+) '?localhost:8080(/[^'\s]+)'?`)
	examples := curlRE.FindAllStringSubmatch(serveflags.Usage, -1)
	if len(examples) == 0 {
		t.Fatal("no curl example in the help")
	}
	for _, m := range examples {
		body, err := os.ReadFile("../../" + m[1])
		if err != nil {
			t.Fatal(err)
		}
		resp, err := http.Post(base+m[2], "text/plain", bytes.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		reply, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK || !bytes.Contains(reply, []byte(`"status":"unique"`)) {
			t.Errorf("%s: %d %s", m[0], resp.StatusCode, reply)
		}
	}
}

// TestServeAllowHost checks the Host allow-list end to end: the loopback
// names and the names of --allow-host are answered, another gets 421, and
// a cross-site POST 403; a malformed --allow-host is a usage error.
func TestServeAllowHost(t *testing.T) {
	base, _, stop := startServe(t, "--allow-host", "puzzles.lan", "--allow-host", "Other.Example")
	defer stop()
	port := base[strings.LastIndex(base, ":")+1:]
	for _, tc := range []struct {
		method, host, origin string
		want                 int
	}{
		{"GET", "localhost:" + port, "", 200},
		{"GET", "127.0.0.1:" + port, "", 200},
		{"GET", "puzzles.lan:" + port, "", 200},
		{"GET", "other.example", "", 200},
		{"GET", "evil.example:" + port, "", 421},
		{"POST", "puzzles.lan:" + port, "http://puzzles.lan:" + port, 200},
		{"POST", "localhost:" + port, "http://evil.example", 403},
		{"POST", "evil.example", "http://evil.example", 421},
	} {
		var body io.Reader
		path := "/api/health"
		if tc.method == "POST" {
			path, body = "/api/sudoku/solve", strings.NewReader("1234341221434321")
		}
		req, err := http.NewRequest(tc.method, base+path, body)
		if err != nil {
			t.Fatal(err)
		}
		req.Host = tc.host
		if tc.origin != "" {
			req.Header.Set("Origin", tc.origin)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		reply, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != tc.want {
			t.Errorf("%s Host %s Origin %q: %d %s, want %d", tc.method, tc.host, tc.origin, resp.StatusCode, reply, tc.want)
		}
	}
	for _, bad := range []string{"", "http://puzzles.lan", "puzzles.lan:8080", "a b"} {
		if _, errOut, code := runCmd(t, "", "serve", "--allow-host", bad); code != exitUsage || !strings.Contains(errOut, "allow-host") {
			t.Errorf("--allow-host %q: exit %d, stderr %q", bad, code, errOut)
		}
	}
}
