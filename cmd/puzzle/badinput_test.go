package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/puzzlesolvers/puzzle/internal/badinput"
	"github.com/puzzlesolvers/puzzle/internal/longtest"
	"github.com/puzzlesolvers/puzzle/internal/schematest"
	"github.com/puzzlesolvers/puzzle/nonogram"
	"github.com/puzzlesolvers/puzzle/queens"
	"github.com/puzzlesolvers/puzzle/sliding"
	"github.com/puzzlesolvers/puzzle/sudoku"
)

// corpusFamily is what the bad-input corpus needs of a family: its good
// inputs, a run of its reader, and its solve verb.
type corpusFamily struct {
	name  string
	seeds []string // globs, from the module's root
	// read reads every puzzle of r and returns the errors yielded, and the
	// largest puzzle read (its side, for queens its n); it fails t on a
	// puzzle that is not valid.
	read func(t *testing.T, r io.Reader, file string) (errs []error, size int)
	// solve is the CLI verb, with flags that keep it short; maxSize the
	// largest puzzle it is given.
	solve   []string
	maxSize int
	schema  string
}

var corpusFamilies = []corpusFamily{
	{
		name:  "sudoku",
		seeds: []string{"examples/sudoku/*", "sudoku/testdata/*.txt"},
		read: func(t *testing.T, r io.Reader, file string) ([]error, int) {
			var errs []error
			size := 0
			for p, err := range sudoku.NewReader(r, file).All() {
				if err != nil {
					errs = append(errs, err)
					continue
				}
				if err := p.Validate(); err != nil {
					t.Errorf("a puzzle read is not valid: %v", err)
				}
				size = max(size, p.Size())
			}
			return errs, size
		},
		solve: []string{"sudoku", "solve", "--json", "--timeout", "500ms"}, maxSize: 64,
		schema: "sudoku.json#/$defs/solve",
	},
	{
		name:  "nonogram",
		seeds: []string{"examples/nonogram/*", "nonogram/testdata/formats/*"},
		read: func(t *testing.T, r io.Reader, file string) ([]error, int) {
			var errs []error
			size := 0
			for p, err := range nonogram.NewReader(r, file, "").All() {
				if err != nil {
					errs = append(errs, err)
					continue
				}
				if err := p.Validate(); err != nil {
					t.Errorf("a puzzle read is not valid: %v", err)
				}
				size = max(size, p.Width(), p.Height())
			}
			return errs, size
		},
		solve: []string{"nonogram", "solve", "--json", "--timeout", "500ms"}, maxSize: 100,
		schema: "nonogram.json#/$defs/solve",
	},
	{
		name:  "sliding",
		seeds: []string{"examples/sliding/*", "sliding/testdata/*.txt", "cmd/puzzle/testdata/sliding/boards.txt"},
		read: func(t *testing.T, r io.Reader, file string) ([]error, int) {
			var errs []error
			size := 0
			for p, err := range sliding.NewReader(r, file).All() {
				if err != nil {
					errs = append(errs, err)
					continue
				}
				size = max(size, p.Board.Rows, p.Board.Cols)
			}
			return errs, size
		},
		solve: []string{"sliding", "solve", "--json", "--timeout", "500ms", "--heuristic", "manhattan"}, maxSize: sliding.MaxSide,
		schema: "sliding.json#/$defs/solve",
	},
	{
		name:  "queens",
		seeds: []string{"examples/queens/*", "cmd/puzzle/testdata/queens/*.txt"},
		read: func(t *testing.T, r io.Reader, file string) ([]error, int) {
			var errs []error
			size := 0
			for p, err := range queens.NewReader(r, file).All() {
				if err != nil {
					errs = append(errs, err)
					continue
				}
				size = max(size, p.N)
			}
			return errs, size
		},
		// complete has no --timeout: only small boards go to the CLI.
		solve: []string{"queens", "complete", "--json"}, maxSize: 64,
		schema: "queens.json#/$defs/complete",
	},
}

// corpusCase is one malformed input of a family, made from a seed file.
type corpusCase struct {
	badinput.Case
	file string // the name it is read under: the seed's, for its extension
}

func corpusCases(t *testing.T, f corpusFamily, opt badinput.Options) []corpusCase {
	t.Helper()
	var cases []corpusCase
	for _, glob := range f.seeds {
		fcs, err := badinput.FromFiles(filepath.Join("..", "..", glob), opt)
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range fcs {
			cases = append(cases, corpusCase{c.Case, c.File})
		}
	}
	return cases
}

// TestBadInputCorpus reads the malformed inputs of the corpus with every
// reader, and solves a sample of them with the CLI: no panic, an end in
// bounded time, every error a syntax error naming the file and the line,
// and the CLI's exit code 1 when a record is not a success. -long (or
// PUZZLE_LONG=1) makes more cases, lines over every cap, and solves one
// case in four instead of one in twenty-five.
func TestBadInputCorpus(t *testing.T) {
	t.Parallel()
	opt := badinput.Options{Random: 40, Seed: 14}
	every, limit := 25, 10*time.Second
	if longtest.Enabled() {
		opt.Random, opt.Long, every, limit = 300, 1<<20+1, 4, 60*time.Second
	}
	for _, f := range corpusFamilies {
		t.Run(f.name, func(t *testing.T) {
			t.Parallel()
			cases := corpusCases(t, f, opt)
			dir := t.TempDir()
			solved := 0
			for i, c := range cases {
				name := c.file + ": " + c.Name
				size, ok := readCase(t, f, c, name, limit)
				if !ok || i%every != 0 || size > f.maxSize {
					continue
				}
				solveCase(t, f, c, name, dir, limit)
				solved++
			}
			t.Logf("%d cases read, %d solved by %s", len(cases), solved, strings.Join(f.solve[:2], " "))
		})
	}
}

// readCase runs the family's reader on one case, with a time limit, and
// checks its errors. It reports the largest puzzle read, and false if the
// case failed.
func readCase(t *testing.T, f corpusFamily, c corpusCase, name string, limit time.Duration) (int, bool) {
	type result struct {
		errs  []error
		size  int
		panic any
	}
	done := make(chan result, 1)
	go func() {
		defer func() {
			if p := recover(); p != nil {
				done <- result{panic: p}
			}
		}()
		errs, size := f.read(t, bytes.NewReader(c.Data), c.file)
		done <- result{errs: errs, size: size}
	}()
	var res result
	select {
	case res = <-done:
	case <-time.After(limit):
		t.Errorf("%s: the reader took more than %v", name, limit)
		return 0, false
	}
	if res.panic != nil {
		t.Errorf("%s: the reader panicked: %v", name, res.panic)
		return 0, false
	}
	ok := true
	for _, err := range res.errs {
		var pos interface{ Position() (string, int) }
		if !errors.As(err, &pos) {
			t.Errorf("%s: error without a place: %v", name, err)
			ok = false
			continue
		}
		file, line := pos.Position()
		prefix := fmt.Sprintf("%s: %s:%d: ", f.name, c.file, line)
		if file != c.file || line < 1 || !strings.HasPrefix(err.Error(), prefix) {
			t.Errorf("%s: error %q does not start with %q", name, err, prefix)
			ok = false
		}
	}
	return res.size, ok
}

// solveCase runs the family's solve verb on one case, from a file, and
// checks its records and exit code.
func solveCase(t *testing.T, f corpusFamily, c corpusCase, name, dir string, limit time.Duration) {
	path := filepath.Join(dir, c.file)
	if err := os.WriteFile(path, c.Data, 0o644); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), limit)
	defer cancel()
	args := append([]string(nil), f.solve...)
	if f.name == "sliding" {
		args = append(args, "--cache", filepath.Join(dir, "cache")) // no user cache
	}
	args = append(args, path)
	var out, errb bytes.Buffer
	start := time.Now()
	code := func() (code int) {
		defer func() {
			if p := recover(); p != nil {
				t.Errorf("%s: %s panicked: %v", name, strings.Join(f.solve[:2], " "), p)
				code = -1
			}
		}()
		return run(ctx, strings.NewReader(""), &out, &errb, args)
	}()
	if ctx.Err() != nil {
		t.Errorf("%s: %s took more than %v", name, strings.Join(f.solve[:2], " "), time.Since(start))
		return
	}
	wantCode := exitOK
	for line := range strings.Lines(out.String()) {
		var rec struct {
			File   string `json:"file"`
			Line   int    `json:"line"`
			Status string `json:"status"`
			Error  string `json:"error"`
		}
		if err := json.Unmarshal([]byte(line), &rec); err != nil {
			t.Errorf("%s: a record that is not JSON: %.200q", name, line)
			continue
		}
		switch rec.Status {
		case "unique", "multiple", "solved":
		case "invalid":
			wantCode = exitFail
			if rec.File != path || rec.Line < 1 || !strings.Contains(rec.Error, fmt.Sprintf("%s:%d", path, rec.Line)) && !strings.Contains(rec.Error, "given twice") {
				t.Errorf("%s: an invalid record that does not name its file and line: %.300s", name, line)
			}
		default:
			wantCode = exitFail
		}
	}
	schematest.ValidateLines(t, f.schema, out.Bytes())
	stderr := errb.String()
	if stderr != "" && !(out.Len() == 0 && strings.HasSuffix(stderr, ": no puzzle in the input\n")) {
		t.Errorf("%s: stderr %.300q", name, stderr)
	}
	if code != wantCode {
		t.Errorf("%s: exit %d, want %d; stdout:\n%.1000s", name, code, wantCode, out.String())
	}
}

// TestReadersEndlessInput gives every reader input that never ends: a
// line that never ends, or an XML document that never does. Each stops
// with a syntax error naming its line, having read little more than its
// cap.
func TestReadersEndlessInput(t *testing.T) {
	t.Parallel()
	const mib = 1 << 20
	type reader func(r io.Reader) []error
	family := func(name string) reader {
		for _, f := range corpusFamilies {
			if f.name == name {
				return func(r io.Reader) []error { errs, _ := f.read(t, r, "z"); return errs }
			}
		}
		panic(name)
	}
	sudokuRead, slidingRead, queensRead := family("sudoku"), family("sliding"), family("queens")
	nonogramRead := func(f nonogram.Format) reader {
		return func(r io.Reader) []error {
			var errs []error
			for _, err := range nonogram.NewReader(r, "z", f).All() {
				if err != nil {
					errs = append(errs, err)
				}
			}
			return errs
		}
	}
	type tc struct {
		name       string
		read       reader
		head, unit string
		line       int
		cap        int64
	}
	var cases []tc
	for _, unit := range []string{"\x00", "1", " ", "\xff"} {
		cases = append(cases,
			tc{"sudoku", sudokuRead, "", unit, 1, mib},
			tc{"sudoku after a grid", sudokuRead, "1 2 3 4\n3 4 1 2\n", unit, 3, mib},
			tc{"sliding", slidingRead, "", unit, 1, 64 << 10},
			tc{"sliding after a row", slidingRead, "1 2 3\n", unit, 2, 64 << 10},
			tc{"queens", queensRead, "", unit, 1, mib},
			tc{"queens after a size", queensRead, "n 8\n", unit, 2, mib},
		)
		for _, f := range nonogram.Formats {
			if f != nonogram.FormatXML {
				cases = append(cases, tc{"nonogram " + string(f), nonogramRead(f), "", unit, 1, mib})
			}
		}
	}
	cases = append(cases,
		tc{"nonogram detected", nonogramRead(""), "2 2\n", "1", 2, mib},
		tc{"nonogram xml nesting", nonogramRead(nonogram.FormatXML), "<puzzleset>", "<a>", 1, 64 * mib},
		tc{"nonogram xml attributes", nonogramRead(nonogram.FormatXML), "<puzzleset>\n<a", ` b=">"`, 2, 64 * mib},
	)
	if longtest.Enabled() { // texts up to their cap of 20 MiB (TestDevZero reads one)
		cases = append(cases,
			tc{"nonogram xml NULs", nonogramRead(nonogram.FormatXML), "", "\x00", 1, 64 * mib},
			tc{"nonogram xml count", nonogramRead(nonogram.FormatXML), "<puzzleset><puzzle><clues type=\"rows\"><line><count>", "1", 1, 64 * mib},
			tc{"nonogram xml blanks", nonogramRead(nonogram.FormatXML), "<puzzleset>", " \n", 0, 64 * mib},
			tc{"nonogram xml comments", nonogramRead(nonogram.FormatXML), "<puzzleset>", "<!-- -->", 1, 64 * mib},
		)
	}
	for _, c := range cases {
		t.Run(fmt.Sprintf("%s %q", c.name, c.unit), func(t *testing.T) {
			src := &badinput.Endless{Head: c.head, Unit: c.unit}
			done := make(chan []error, 1)
			go func() { done <- c.read(src) }()
			var errs []error
			select {
			case errs = <-done:
			case <-time.After(30 * time.Second):
				t.Fatalf("no end after 30 s and %d bytes", src.N)
			}
			var pos interface{ Position() (string, int) }
			if len(errs) == 0 || !errors.As(errs[len(errs)-1], &pos) {
				t.Fatalf("errors %v, want a syntax error last", errs)
			}
			if file, line := pos.Position(); file != "z" || line < 1 || c.line > 0 && line != c.line {
				t.Errorf("error %v at %s:%d, want z:%d", errs[len(errs)-1], file, line, c.line)
			}
			if src.N > c.cap+1<<20 {
				t.Errorf("read %d bytes for a cap of %d", src.N, c.cap)
			}
		})
	}
}

// TestDevZero gives /dev/zero to every family's solve verb: each ends
// within seconds with a record of status invalid that names /dev/zero:1,
// exit code 1, and a heap that stays small.
func TestDevZero(t *testing.T) {
	if _, err := os.Stat("/dev/zero"); err != nil {
		t.Skip(err)
	}
	for _, args := range [][]string{
		{"sudoku", "solve"},
		{"sudoku", "rate"},
		{"nonogram", "solve"},
		{"nonogram", "solve", "--from", "xml"},
		{"nonogram", "solve", "--from", "non"},
		{"sliding", "solve"},
		{"queens", "complete"},
	} {
		t.Run(strings.Join(args, " "), func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
			defer cancel()
			peak := heapPeak(func() {
				var out, errb bytes.Buffer
				code := run(ctx, strings.NewReader(""), &out, &errb, append(args, "--json", "/dev/zero"))
				var rec struct {
					File, Status, Error string
					Line                int
				}
				err := json.Unmarshal(out.Bytes(), &rec)
				if ctx.Err() != nil || code != exitFail || err != nil || rec.Status != "invalid" || rec.File != "/dev/zero" || rec.Line != 1 ||
					!strings.Contains(rec.Error, "/dev/zero:1: ") {
					t.Errorf("exit %d, stdout %.300q, stderr %.300q; want one invalid record at /dev/zero:1", code, out.String(), errb.String())
				}
			})
			t.Logf("heap peak %d MB", peak>>20)
			if peak > 200<<20 {
				t.Errorf("heap peak %d MB", peak>>20)
			}
		})
	}
}

// heapPeak runs fn and returns the largest growth of the heap in use
// seen meanwhile.
func heapPeak(fn func()) uint64 {
	runtime.GC()
	var base runtime.MemStats
	runtime.ReadMemStats(&base)
	done := make(chan struct{})
	peaks := make(chan uint64)
	go func() {
		var peak uint64
		var ms runtime.MemStats
		tick := time.NewTicker(5 * time.Millisecond)
		defer tick.Stop()
		for {
			runtime.ReadMemStats(&ms)
			peak = max(peak, ms.HeapInuse)
			select {
			case <-done:
				peaks <- peak - min(peak, base.HeapInuse)
				return
			case <-tick.C:
			}
		}
	}()
	fn()
	close(done)
	return <-peaks
}
