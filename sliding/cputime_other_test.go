//go:build !unix

package sliding

import "time"

var start = time.Now()

// cpuTime stands in for the processor time with the clock where it is
// not at hand.
func cpuTime() time.Duration { return time.Since(start) }
