package main

import (
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestVersion builds the command with its VCS stamp and checks that
// --version names the module and the revision checked out.
func TestVersion(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary")
	}
	head, err := exec.Command("git", "rev-parse", "HEAD").Output()
	if err != nil {
		t.Skipf("not in a git checkout: %v", err)
	}
	bin := filepath.Join(t.TempDir(), "puzzle")
	if out, err := exec.Command("go", "build", "-buildvcs=true", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	for _, arg := range []string{"--version", "version", "-version"} {
		out, err := exec.Command(bin, arg).Output()
		if err != nil {
			t.Fatalf("%s: %v", arg, err)
		}
		fields := strings.Fields(string(out))
		if len(fields) >= 3 && strings.HasPrefix(fields[2], "go") && isWorktree() { // no revision, then the note
			t.Skipf("%s: %q: go build stamps no revision in a linked git worktree", arg, out)
		}
		if len(fields) < 4 || fields[0] != "puzzle" || !strings.HasPrefix(fields[3], "go") {
			t.Fatalf("%s: %q, want puzzle VERSION REVISION GOVERSION", arg, out)
		}
		if rev := strings.TrimSuffix(fields[2], "+dirty"); !strings.HasPrefix(string(head), rev) || len(rev) != 12 {
			t.Errorf("%s: revision %q, HEAD is %s", arg, fields[2], head)
		}
	}
}

// isWorktree reports whether the checkout is a linked worktree (git
// worktree add), whose binaries go build does not stamp.
func isWorktree() bool {
	dir, err1 := exec.Command("git", "rev-parse", "--git-dir").Output()
	common, err2 := exec.Command("git", "rev-parse", "--git-common-dir").Output()
	return err1 == nil && err2 == nil && strings.TrimSpace(string(dir)) != strings.TrimSpace(string(common))
}
