package main

import (
	"cmp"
	"flag"
	"fmt"
	"slices"
)

// A familySpec is one puzzle family of the command line: its verbs and its
// help. Each family file registers its own from an init function, so that
// dispatch, help and completion are driven by one table, as cmd/go's
// command tree is.
type familySpec struct {
	name    string // "sudoku": the first word of the command
	summary string // one line for the main help
	order   int    // families are listed by order
	verbs   []*verbSpec
	help    func() string // the family's help: what it is, its verbs, input, examples
}

// families lists the registered families in order.
var families []*familySpec

// registerFamily adds a family; it is called from init functions.
func registerFamily(f *familySpec) {
	families = append(families, f)
	slices.SortStableFunc(families, func(a, b *familySpec) int { return cmp.Compare(a.order, b.order) })
}

// findFamily returns the family named name, or nil.
func findFamily(name string) *familySpec {
	for _, f := range families {
		if f.name == name {
			return f
		}
	}
	return nil
}

// A command is one verb of a family: it defines its flags, then runs on
// the operands left after them.
type command interface {
	define(fs *flag.FlagSet)
	run(e *env, v *verb, operands []string) int
}

// verbSpec names a verb and makes its command.
type verbSpec struct {
	name    string
	aliases []string
	summary string
	usage   string
	// usageFunc, when set, makes the usage instead (for a text that is
	// built, so that it is not built at every start).
	usageFunc func() string
	new       func() command
}

func (s *verbSpec) verb(family string) (*verb, command) {
	usage := s.usage
	if s.usageFunc != nil {
		usage = s.usageFunc()
	}
	v := newVerb(family+" "+s.name, s.summary, usage)
	c := s.new()
	c.define(v.fs)
	return v, c
}

func findVerb(specs []*verbSpec, name string) *verbSpec {
	for _, s := range specs {
		if s.name == name || slices.Contains(s.aliases, name) {
			return s
		}
	}
	return nil
}

// run runs "puzzle <family> <verb> ...": help, or the verb.
func (f *familySpec) run(e *env, args []string) int {
	if len(args) == 0 {
		fmt.Fprint(e.stderr, f.help())
		return exitUsage
	}
	name, rest := args[0], args[1:]
	switch name {
	case "help", "-h", "-help", "--help":
		if len(rest) == 0 {
			fmt.Fprint(e.stdout, f.help())
			return exitOK
		}
		s := findVerb(f.verbs, rest[0])
		if s == nil {
			fmt.Fprintf(e.stderr, "puzzle %s help: unknown verb %q\nRun 'puzzle help %s' for usage.\n", f.name, rest[0], f.name)
			return exitUsage
		}
		v, _ := s.verb(f.name)
		v.printHelp(e.stdout)
		return exitOK
	}
	s := findVerb(f.verbs, name)
	if s == nil {
		fmt.Fprintf(e.stderr, "puzzle %s: unknown verb %q\nRun 'puzzle help %s' for usage.\n", f.name, name, f.name)
		return exitUsage
	}
	v, c := s.verb(f.name)
	operands, code, ok := v.parse(e, rest)
	if !ok {
		return code
	}
	return c.run(e, v, operands)
}
