// Package hostload tells tests how busy the host is, so that a bound on
// how soon work stops after a cancellation can grow when the host runs more
// than its cores can: the work then waits its turn to notice. Only tests
// import it.
package hostload

import (
	"os"
	"runtime"
	"strconv"
	"strings"
)

// Busy is the one-minute load average over the number of cores, at least 1
// (1 where /proc/loadavg cannot be read).
func Busy() float64 {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return 1
	}
	fields := strings.Fields(string(b))
	if len(fields) == 0 {
		return 1
	}
	load, err := strconv.ParseFloat(fields[0], 64)
	if err != nil {
		return 1
	}
	return max(1, load/float64(runtime.NumCPU()))
}
