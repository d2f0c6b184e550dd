//go:build unix

package main

import (
	"os"
	"syscall"
)

// runProgram replaces this process by the program at path with args: its
// signals, exit status and standard streams are then the command's own.
func runProgram(e *env, path string, args []string) int {
	err := syscall.Exec(path, append([]string{path}, args...), os.Environ())
	e.errorf("serve: %s: %v", path, err)
	return exitFail
}
