// Package longtest says whether the long tests run: the thorough versions
// of the reliability tests (the whole bad-input corpus, inputs the size of
// the caps), under `go test -long` or with PUZZLE_LONG=1 in the
// environment. Only tests import it.
package longtest

import (
	"flag"
	"os"
)

var long = flag.Bool("long", false, "run the long reliability tests (or set PUZZLE_LONG=1)")

// Enabled reports whether the long tests run.
func Enabled() bool { return *long || os.Getenv("PUZZLE_LONG") == "1" }
