//go:build !unix

package nonogram

import "time"

// cpuTime is the processor time the process has used; where it cannot be
// read, the time since the process started.
func cpuTime() time.Duration { return time.Since(processStart) }

var processStart = time.Now()
