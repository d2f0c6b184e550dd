package sliding

import (
	"math/rand/v2"
	"strings"
	"testing"
)

func newRand(seed uint64) *rand.Rand { return rand.New(rand.NewPCG(seed, 0x5eed)) }

// parse reads one board (blank-last goal) or fails the test.
func parse(tb testing.TB, s string) *Puzzle {
	tb.Helper()
	p, err := Parse(strings.NewReader(s))
	if err != nil {
		tb.Fatal(err)
	}
	return p
}
