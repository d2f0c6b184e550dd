//go:build unix

package main

import (
	"bufio"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestServeRunsCompanion builds puzzle and puzzle-serve as go install
// would and checks the hand-over: "puzzle serve" runs puzzle-serve from
// its own directory, which serves the page and stops with status 0 on
// SIGTERM, and names its build with --version; puzzle-serve alone takes
// the same flags; and puzzle without its companion says how to install it
// (status 1) while its help and usage errors still work.
func TestServeRunsCompanion(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binaries")
	}
	dir := t.TempDir()
	build := exec.Command("go", "build", "-o", dir+string(os.PathSeparator), ".", "../puzzle-serve")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	puzzle := filepath.Join(dir, "puzzle")

	cmd := exec.Command(puzzle, "serve", "--addr", "127.0.0.1:0", "--timeout", "5s")
	cmd.Env = append(os.Environ(), "PATH=") // only the companion beside puzzle
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	lines := bufio.NewScanner(stderr)
	base := ""
	for base == "" && lines.Scan() {
		if m := listeningRE.FindStringSubmatch(lines.Text()); m != nil {
			base = m[1]
		}
	}
	if base == "" {
		cmd.Process.Kill()
		cmd.Wait()
		t.Fatalf("no 'listening on' line: %v", lines.Err())
	}
	rest := make(chan string, 1)
	go func() { b, _ := io.ReadAll(stderr); rest <- string(b) }()
	resp, err := http.Get(base + "/")
	if err != nil {
		t.Fatal(err)
	}
	page, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK || !strings.Contains(string(page), `id="tab-sudoku"`) {
		t.Errorf("page: %d %.200s", resp.StatusCode, page)
	}
	if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	// Read stderr to its end before Wait: Wait closes the pipe once the
	// process has exited, which can cut off the last lines unread.
	var log string
	select {
	case log = <-rest:
	case <-time.After(30 * time.Second):
		cmd.Process.Kill()
		cmd.Wait()
		t.Fatal("puzzle serve did not stop on SIGTERM")
	}
	if err := cmd.Wait(); err != nil {
		t.Errorf("after SIGTERM: %v", err)
	}
	if !strings.Contains(log, "puzzle serve: stopped") || !strings.Contains(log, "method=GET path=/ ") {
		t.Errorf("stderr after the start: %q", log)
	}

	out, err := exec.Command(puzzle, "serve", "--version").Output()
	if err != nil || !strings.HasPrefix(string(out), "puzzle-serve ") || !strings.Contains(string(out), " go1.") {
		t.Errorf("puzzle serve --version (the companion's build): %v, %q", err, out)
	}
	out, err = exec.Command(filepath.Join(dir, "puzzle-serve"), "-h").Output()
	if err != nil || !strings.HasPrefix(string(out), "Usage: puzzle serve") || !strings.Contains(string(out), "-allow-host NAME") {
		t.Errorf("puzzle-serve -h: %v\n%s", err, out)
	}
	out, err = exec.Command(filepath.Join(dir, "puzzle-serve"), "--workers", "-1").CombinedOutput()
	if code := exitCode(err); code != exitUsage || !strings.Contains(string(out), "--workers must not be negative") {
		t.Errorf("puzzle-serve --workers -1: exit %d, %s", code, out)
	}

	if err := os.Remove(filepath.Join(dir, "puzzle-serve")); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"serve"}, exitFail, "go install github.com/puzzlesolvers/puzzle/cmd/puzzle-serve@latest"},
		{[]string{"serve", "--timeout", "0s"}, exitUsage, "--timeout must be positive"},
		{[]string{"help", "serve"}, exitOK, "Usage: puzzle serve"},
	} {
		cmd := exec.Command(puzzle, c.args...)
		cmd.Env = append(os.Environ(), "PATH=")
		out, err := cmd.CombinedOutput()
		if code := exitCode(err); code != c.code || !strings.Contains(string(out), c.want) {
			t.Errorf("without puzzle-serve, puzzle %q: exit %d, want %d and %q:\n%s", c.args, code, c.code, c.want, out)
		}
	}
}

// exitCode returns the exit status that err, from running a command, stands for.
func exitCode(err error) int {
	if ee, ok := err.(*exec.ExitError); ok {
		return ee.ExitCode()
	}
	if err != nil {
		return -1
	}
	return 0
}
