//go:build !unix

package main

import (
	"errors"
	"os/exec"
)

// runProgram runs the program at path with args on the command's standard
// streams and returns its exit status (this system cannot replace a
// process).
func runProgram(e *env, path string, args []string) int {
	cmd := exec.Command(path, args...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = e.stdin, e.stdout, e.stderr
	err := cmd.Run()
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		return ee.ExitCode()
	}
	if err != nil {
		e.errorf("serve: %s: %v", path, err)
		return exitFail
	}
	return exitOK
}
