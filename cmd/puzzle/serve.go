package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"

	"github.com/puzzlesolvers/puzzle/internal/serveflags"
)

// serveProgram is the companion program that runs the web server.
const serveProgram = "puzzle-serve"

// startServer runs the server with checked options; args are the arguments
// of "puzzle serve" as given. It is execServer, which runs puzzle-serve;
// the tests serve in-process instead.
var startServer = execServer

// serve runs "puzzle serve ...": the arguments are checked here, so that
// help and usage errors need no companion, then the server is started.
func (e *env) serve(args []string) int {
	v := newVerb("serve", serveflags.Summary, serveflags.Usage)
	var o serveflags.Options
	o.Define(v.fs)
	operands, code, ok := v.parse(e, args)
	if !ok {
		return code
	}
	if problem := o.Check(operands); problem != "" {
		return v.usageError(e, "%s", problem)
	}
	return startServer(e, &o, args)
}

// execServer replaces this process by puzzle-serve with the same arguments
// (where the system cannot, it runs puzzle-serve and passes on its exit
// status). It returns only when puzzle-serve cannot be found or started.
func execServer(e *env, _ *serveflags.Options, args []string) int {
	path, err := findServeProgram()
	if err != nil {
		e.errorf("serve: %v", err)
		return exitFail
	}
	return runProgram(e, path, args)
}

// findServeProgram returns puzzle-serve beside the running program (where
// go install puts both), else the one on PATH.
func findServeProgram() (string, error) {
	name := serveProgram
	if runtime.GOOS == "windows" {
		name += ".exe"
	}
	self, err := os.Executable()
	if err == nil {
		p := filepath.Join(filepath.Dir(self), name)
		if fi, err := os.Stat(p); err == nil && fi.Mode().IsRegular() {
			return p, nil
		}
	}
	if p, err := exec.LookPath(serveProgram); err == nil {
		return p, nil
	}
	where := "PATH"
	if self != "" {
		where = filepath.Dir(self) + " or on PATH"
	}
	return "", fmt.Errorf("the web server is the program %s, not found in %s; install it with\n"+
		"\tgo install github.com/puzzlesolvers/puzzle/cmd/%s@latest\n"+
		"(or 'go install ./cmd/...' in a clone, which installs puzzle and %[1]s together)", serveProgram, where, serveProgram)
}
