//go:build !unix

package main

import "time"

// queensCPUTime is not measured on this system.
func queensCPUTime() time.Duration { return 0 }
