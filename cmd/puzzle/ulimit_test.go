package main

import (
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestUnderMemoryLimit builds the command as a user would (cgo as the
// toolchain has it) and runs inputs that must end with a clear error under
// a 1 GB limit on virtual memory: /dev/zero as XML and as a Sudoku file.
func TestUnderMemoryLimit(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary")
	}
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("no bash")
	}
	bin := filepath.Join(t.TempDir(), "puzzle")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	for _, c := range []struct{ args, want string }{
		{"nonogram solve --from xml /dev/zero", "/dev/zero:1: invalid: XML"},
		{"sudoku solve /dev/zero", "/dev/zero:1: invalid: line longer than"},
	} {
		for range 5 {
			cmd := exec.Command(bash, "-c", "ulimit -v 1000000 && exec "+bin+" "+c.args)
			out, err := cmd.CombinedOutput()
			code := -1
			if ee, ok := err.(*exec.ExitError); ok {
				code = ee.ExitCode()
			}
			if code != exitFail || !strings.Contains(string(out), c.want) {
				t.Fatalf("puzzle %s under ulimit -v 1000000: exit %d, %.300s", c.args, code, out)
			}
		}
	}
}
