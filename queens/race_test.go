//go:build race

package queens

// raceEnabled is true under the race detector, which slows the counter
// about tenfold: the largest counts are left to plain test runs.
const raceEnabled = true
