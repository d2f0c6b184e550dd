//go:build unix

package sliding

import (
	"syscall"
	"time"
)

// cpuTime returns the processor time the process has used, which a
// machine shared with other work counts better than the clock.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
