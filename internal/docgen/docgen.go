// Package docgen keeps files that tests generate from the code (the
// CLI and API references in docs/) equal to what the code says.
package docgen

import (
	"bytes"
	"os"
	"testing"
)

// Check compares the file at path with got, or with update writes got to
// it. what says what the file is generated from, and rerun the command that
// regenerates it, for the failure message.
func Check(t testing.TB, path, got string, update bool, what, rerun string) {
	t.Helper()
	if update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run %s)", err, rerun)
	}
	if !bytes.Equal(want, []byte(got)) {
		t.Errorf("%s is not what %s say: run %s", path, what, rerun)
	}
}
