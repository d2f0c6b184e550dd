package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// TestCompletionBash loads the bash script into bash, checks that
// 'complete -p' shows it registered, and asks it for the words after a few
// command lines.
func TestCompletionBash(t *testing.T) {
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("no bash")
	}
	script, errOut, code := runCmd(t, "", "completion", "bash")
	if code != exitOK || errOut != "" {
		t.Fatalf("exit %d, %q", code, errOut)
	}
	file := filepath.Join(t.TempDir(), "puzzle.bash")
	if err := os.WriteFile(file, []byte(script), 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(bash, "--norc", "--noprofile", "-c", "source "+file+" && complete -p puzzle").CombinedOutput()
	if err != nil || !strings.Contains(string(out), "-F _puzzle puzzle") {
		t.Fatalf("complete -p: %v\n%s", err, out)
	}
	for _, c := range []struct {
		line string // the words typed, the last being completed
		want []string
		not  []string
	}{
		{"puzzle ", []string{"sudoku", "nonogram", "sliding", "queens", "serve", "merge", "completion"}, []string{"solve"}},
		{"puzzle su", []string{"sudoku"}, []string{"sliding", "queens"}},
		{"puzzle sudoku ", []string{"solve", "rate", "generate"}, []string{"count"}},
		{"puzzle queens c", []string{"count", "complete"}, []string{"solve"}},
		{"puzzle sudoku solve --", []string{"--json", "--timeout", "--all"}, []string{"--heuristic"}},
		{"puzzle sliding solve --json --h", []string{"--heuristic"}, []string{"--json"}},
		{"puzzle completion ", []string{"bash", "zsh", "fish"}, nil},
	} {
		words := strings.Fields(c.line)
		if strings.HasSuffix(c.line, " ") {
			words = append(words, "")
		}
		var quoted []string
		for _, w := range words {
			quoted = append(quoted, "'"+w+"'")
		}
		prog := "source " + file + "\nCOMP_WORDS=(" + strings.Join(quoted, " ") + ")\nCOMP_CWORD=" +
			strconv.Itoa(len(words)-1) + "\n_puzzle\nprintf '%s\\n' \"${COMPREPLY[@]}\"\n"
		out, err := exec.Command(bash, "--norc", "--noprofile", "-c", prog).CombinedOutput()
		if err != nil {
			t.Fatalf("%q: %v\n%s", c.line, err, out)
		}
		got := strings.Fields(string(out))
		for _, w := range c.want {
			if !slices.Contains(got, w) {
				t.Errorf("%q: %q not offered in %q", c.line, w, got)
			}
		}
		for _, w := range c.not {
			if slices.Contains(got, w) {
				t.Errorf("%q: %q offered in %q", c.line, w, got)
			}
		}
	}
}

// TestCompletionShells checks the zsh and fish scripts with their shells'
// syntax checks where the shells are installed, and that every verb of the
// table appears in each script.
func TestCompletionShells(t *testing.T) {
	for _, shell := range []string{"zsh", "fish"} {
		script, errOut, code := runCmd(t, "", "completion", shell)
		if code != exitOK || errOut != "" {
			t.Fatalf("%s: exit %d, %q", shell, code, errOut)
		}
		for _, f := range families {
			for _, v := range f.verbs {
				if !strings.Contains(script, v.name) {
					t.Errorf("%s: verb %s %s missing", shell, f.name, v.name)
				}
			}
		}
		path, err := exec.LookPath(shell)
		if err != nil {
			t.Logf("%s not installed: syntax not checked", shell)
			continue
		}
		file := filepath.Join(t.TempDir(), "puzzle."+shell)
		os.WriteFile(file, []byte(script), 0o644)
		if out, err := exec.Command(path, "-n", file).CombinedOutput(); err != nil {
			t.Errorf("%s -n: %v\n%s", shell, err, out)
		}
		if shell == "fish" {
			out, err := exec.Command(path, "--no-config", "-c", "source "+file+"; complete -C'puzzle sudoku '; complete -C'puzzle sliding solve --heu'").CombinedOutput()
			if err != nil || !strings.Contains(string(out), "solve\t") || !strings.Contains(string(out), "--heuristic") || strings.Contains(string(out), "count\t") {
				t.Errorf("fish completions: %v\n%s", err, out)
			}
		}
	}
	if _, errOut, code := runCmd(t, "", "completion", "tcsh"); code != exitUsage || !strings.Contains(errOut, "tcsh") {
		t.Errorf("unknown shell: exit %d, %q", code, errOut)
	}
	if _, _, code := runCmd(t, "", "completion"); code != exitUsage {
		t.Errorf("no shell: exit %d", code)
	}
}
