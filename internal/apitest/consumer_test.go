package apitest

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestConsumerModule runs go vet and go test in examples/library, a module
// of its own that imports the library as github.com/puzzlesolvers/puzzle:
// it fails when an exported name it uses goes away or changes shape, or when
// the library's behaviour through the public API changes.
func TestConsumerModule(t *testing.T) {
	if testing.Short() {
		t.Skip("builds another module")
	}
	dir, err := filepath.Abs("../../examples/library")
	if err != nil {
		t.Fatal(err)
	}
	watchSources(t)
	env := append(os.Environ(), "GOWORK=off")
	for _, args := range [][]string{
		{"vet", "./..."},
		{"test", "-count=1", "./..."},
		{"run", ".", "sudoku", "../sudoku/tiny4.txt"},
	} {
		cmd := exec.Command("go", args...)
		cmd.Dir, cmd.Env = dir, env
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("go %s: %v\n%s", strings.Join(args, " "), err, out)
		}
		if args[0] == "run" && !strings.Contains(string(out), "tiny4.txt:2: unique") {
			t.Errorf("go %s:\n%s", strings.Join(args, " "), out)
		}
	}
}

// watchSources reads the sources the other module builds from, so that go
// test's cache, which sees the files a test opens but not those its
// commands read, runs the test again when one of them changes.
func watchSources(t *testing.T) {
	for _, dir := range []string{"sudoku", "nonogram", "sliding", "queens", "status", "examples/library"} {
		err := filepath.WalkDir("../../"+dir, func(path string, d os.DirEntry, err error) error {
			if err != nil || d.IsDir() || !(strings.HasSuffix(path, ".go") || strings.HasSuffix(path, ".s") || strings.HasSuffix(path, "go.mod")) {
				return err
			}
			_, err = os.ReadFile(path)
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
	}
}
