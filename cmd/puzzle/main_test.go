package main

import (
	"bytes"
	"context"
	"flag"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "update the golden files in testdata/golden")

// runCmd runs the command in-process with stdin and returns its output
// and exit code.
func runCmd(t *testing.T, stdin string, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	return runCtx(t, context.Background(), stdin, args...)
}

func runCtx(t *testing.T, ctx context.Context, stdin string, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	var out, errb bytes.Buffer
	code = run(ctx, strings.NewReader(stdin), &out, &errb, args)
	return out.String(), errb.String(), code
}

// timeRE matches the times of human output, which change from run to run,
// and nodesRE the search statistics, which change with the solver.
var (
	timeRE  = regexp.MustCompile(`\d+\.\d\d (ms|s)\b`)
	nodesRE = regexp.MustCompile(`nodes \d+(, conflicts \d+)?`)
)

func normalise(s string) string {
	return nodesRE.ReplaceAllString(timeRE.ReplaceAllString(s, "T"), "nodes N")
}

// checkGolden compares got with testdata/golden/name, or rewrites the file
// with -update.
func checkGolden(t *testing.T, name, got string) {
	t.Helper()
	checkGoldenFile(t, filepath.Join("testdata", "golden", name), got)
}

// checkGoldenFile compares got with the file at path, or rewrites it with
// -update.
func checkGoldenFile(t *testing.T, path, got string) {
	t.Helper()
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if got != string(want) {
		t.Errorf("output differs from %s (run go test -update if the change is right)\n--- got:\n%s\n--- want:\n%s", path, got, want)
	}
}

func TestHelp(t *testing.T) {
	t.Parallel()
	verbs := []string{"solve", "euler", "format", "generate", "bench"}
	for _, args := range [][]string{
		{"help"}, {"-h"}, {"--help"}, {"help", "sudoku"}, {"sudoku", "help"}, {"sudoku", "-h"}, {"sudoku", "--help"},
	} {
		t.Run(strings.Join(args, " "), func(t *testing.T) {
			out, errOut, code := runCmd(t, "", args...)
			if code != exitOK || errOut != "" {
				t.Fatalf("exit %d, stderr %q", code, errOut)
			}
			if !strings.Contains(out, "Examples:") {
				t.Errorf("no examples in\n%s", out)
			}
			if !strings.Contains(out, "sudoku") {
				t.Errorf("no sudoku in\n%s", out)
			}
			for _, v := range verbs {
				if !strings.Contains(out, v+" ") {
					t.Errorf("verb %s missing from\n%s", v, out)
				}
			}
		})
	}
	for _, v := range verbs {
		for _, args := range [][]string{{"help", "sudoku", v}, {"sudoku", "help", v}, {"sudoku", v, "-h"}, {"sudoku", v, "--help"}} {
			t.Run(strings.Join(args, " "), func(t *testing.T) {
				out, errOut, code := runCmd(t, "", args...)
				if code != exitOK || errOut != "" {
					t.Fatalf("exit %d, stderr %q", code, errOut)
				}
				if !strings.Contains(out, "puzzle sudoku "+v) {
					t.Errorf("no synopsis in\n%s", out)
				}
			})
		}
	}
	// The golden help is the same before and after the generator lands.
	out, _, _ := runCmd(t, "", "help")
	checkGolden(t, "help.golden", strings.ReplaceAll(out, " (not available yet)\n", "\n"))
	out, _, _ = runCmd(t, "", "help", "sudoku")
	checkGolden(t, "help-sudoku.golden", strings.ReplaceAll(out, " (not available yet)\n", "\n"))
	out, _, _ = runCmd(t, "", "help", "sudoku", "solve")
	checkGolden(t, "help-sudoku-solve.golden", out)
}

func TestUsageErrors(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		args []string
		msg  string
	}{
		{nil, "Usage:"},
		{[]string{"frobnicate"}, `unknown command "frobnicate"`},
		{[]string{"help", "frobnicate"}, `unknown topic "frobnicate"`},
		{[]string{"sudoku"}, "Verbs:"},
		{[]string{"sudoku", "frob"}, `unknown verb "frob"`},
		{[]string{"sudoku", "help", "frob"}, `unknown verb "frob"`},
		{[]string{"sudoku", "solve", "--frob"}, "flag provided but not defined: -frob"},
		{[]string{"sudoku", "solve", "-format", "fancy"}, `invalid value "fancy" for flag -format`},
		{[]string{"sudoku", "solve", "--limit", "x"}, `invalid value "x" for flag -limit`},
		{[]string{"sudoku", "solve", "--limit", "-1"}, "--limit must be at least 0"},
		{[]string{"sudoku", "solve", "--timeout", "soon"}, `invalid value "soon" for flag -timeout`},
		{[]string{"sudoku", "format", "--to", "xml"}, `invalid value "xml" for flag -to`},
		{[]string{"sudoku", "bench", "--set", "nope"}, `unknown set "nope"`},
		{[]string{"sudoku", "bench", "extra"}, `unexpected argument "extra"`},
		{[]string{"nonogram", "frob"}, `unknown verb "frob"`},
		{[]string{"nonogram", "solve", "--from", "bogus"}, `invalid value "bogus" for flag -from`},
		{[]string{"nonogram", "convert", "x.non"}, "--to is required"},
		{[]string{"nonogram", "render", "--svg", "--png"}, "choose one of --text, --svg and --png"},
		{[]string{"sliding", "frob"}, `unknown verb "frob"`},
		{[]string{"queens", "frob"}, `unknown verb "frob"`},
		{[]string{"serve", "extra"}, `unexpected argument "extra"`},
		{[]string{"serve", "--timeout", "0s"}, "--timeout must be positive"},
	} {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			out, errOut, code := runCmd(t, "", tc.args...)
			if code != exitUsage {
				t.Errorf("exit %d, want %d", code, exitUsage)
			}
			if out != "" {
				t.Errorf("stdout %q, want nothing", out)
			}
			if !strings.Contains(errOut, tc.msg) {
				t.Errorf("stderr %q does not say %q", errOut, tc.msg)
			}
		})
	}
}

// TestParseInterspersed checks that flags may follow the files and that
// "--" ends the flags.
func TestParseInterspersed(t *testing.T) {
	for _, tc := range []struct {
		args     []string
		operands []string
		json     bool
		limit    int
	}{
		{[]string{"a", "--json", "b"}, []string{"a", "b"}, true, 0},
		{[]string{"--limit", "3", "a", "-", "-json"}, []string{"a", "-"}, true, 3},
		{[]string{"a", "--", "--json", "-limit=2"}, []string{"a", "--json", "-limit=2"}, false, 0},
		{[]string{"-limit=5", "--", "x"}, []string{"x"}, false, 5},
		{nil, nil, false, 0},
	} {
		s := findVerb(sudokuVerbs, "solve")
		v, c := s.verb("sudoku")
		e := &env{ctx: context.Background(), stdout: new(bytes.Buffer), stderr: new(bytes.Buffer)}
		ops, _, ok := v.parse(e, tc.args)
		sc := c.(*sudokuSolveCmd)
		if !ok || strings.Join(ops, "|") != strings.Join(tc.operands, "|") || sc.json != tc.json || sc.limit != tc.limit {
			t.Errorf("%q: ok %v, operands %q json %v limit %d; want %q %v %d",
				tc.args, ok, ops, sc.json, sc.limit, tc.operands, tc.json, tc.limit)
		}
	}
}
