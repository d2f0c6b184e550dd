package main

import "flag"

const nonoBenchUsage = "Usage: puzzle nonogram bench\n"

type nonoBenchCmd struct{}

func (c *nonoBenchCmd) define(fs *flag.FlagSet) {}

func (c *nonoBenchCmd) run(e *env, v *verb, operands []string) int {
	e.errorf("nonogram bench: not yet available")
	return exitUsage
}
