//go:build race

package main

// raceDetector reports that the tests run under the race detector, which
// makes building pattern databases too slow for a test.
const raceDetector = true
