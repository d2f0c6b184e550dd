//go:build unix

package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestSlidingPDBSpecialFiles: a FIFO or a link to /dev/zero in place of
// a table is reported by list and verify at once (no blocked open, no
// read of gigabytes); solve and build replace it by a sound file.
func TestSlidingPDBSpecialFiles(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name string
		make func(path string) error
	}{
		{"fifo", func(p string) error { return syscall.Mkfifo(p, 0o644) }},
		{"link to /dev/zero", func(p string) error { return os.Symlink("/dev/zero", p) }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir, files := buildCache(t, "pdb-555")
			var name string
			for name = range files {
				break
			}
			path := filepath.Join(dir, name)
			os.Remove(path)
			if err := tc.make(path); err != nil {
				t.Skip(err)
			}
			start := time.Now()
			out, _, code := runCmd(t, "", "sliding", "pdb", "verify", "--cache", dir)
			if code != exitFail || !regexp.MustCompile(regexp.QuoteMeta(name)+` +BAD: not a regular file: a (FIFO|device)`).MatchString(out) || !strings.Contains(out, "2 of 3 files sound") {
				t.Errorf("verify: exit %d, %s", code, out)
			}
			out, _, code = runCmd(t, "", "sliding", "pdb", "list", "--cache", dir)
			if code != exitOK || !strings.Contains(out, "BAD: not a regular file") {
				t.Errorf("list: exit %d, %s", code, out)
			}
			out, errOut, code := runCmd(t, "", "sliding", "solve", "--json", "--goal", "blank-first", "--heuristic", "pdb-555", "--cache", dir,
				"1 2 3 0 4 5 6 7 8 9 10 11 12 13 14 15")
			if code != exitOK || !strings.Contains(out, `"length":3`) || !strings.Contains(errOut, "not a regular file") {
				t.Errorf("solve: exit %d, %s %s", code, out, errOut)
			}
			if d := time.Since(start); d > 10*time.Second {
				t.Errorf("took %v", d)
			}
			if fi, err := os.Lstat(path); err != nil || !fi.Mode().IsRegular() {
				t.Errorf("not replaced by a sound file: %v %v", fi, err)
			}
		})
	}
}
