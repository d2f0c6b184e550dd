//go:build !race

package web

// raceDetector reports that the tests run under the race detector, which
// makes building a pattern database too slow for a test.
const raceDetector = false
