package serveflags

import (
	"flag"
	"net"
	"strings"
	"testing"
)

// TestHasPortMatchesSplitHostPort checks the port test of --allow-host
// against the net package, which this package may not import.
func TestHasPortMatchesSplitHostPort(t *testing.T) {
	for _, v := range []string{
		"puzzles.lan", "puzzles.lan:80", "puzzles.lan:", "127.0.0.1", "127.0.0.1:8080", "::1", "[::1]", "[::1]:80",
		"[::1]:", "fe80::1%eth0", "[fe80::1%eth0]:8080", "a:b:c", "[a]b:1", "[x", "x]:1", "x[:1", "[a[b]:1", "[a]:1]", "[::1]:8:0", ":80", "*", "[]:1",
	} {
		_, _, err := net.SplitHostPort(v)
		if got, want := hasPort(v), err == nil; got != want {
			t.Errorf("hasPort(%q) = %v, net.SplitHostPort says %v (%v)", v, got, want, err)
		}
	}
}

// TestOptions parses flags as the command does and checks what Check
// refuses.
func TestOptions(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string // "" when fine; else part of the problem or the parse error
	}{
		{nil, ""},
		{[]string{"--addr", "0.0.0.0:9000", "--allow-host", "puzzles.lan", "--allow-host", "*"}, ""},
		{[]string{"--allow-host", "puzzles.lan:80"}, "has a port"},
		{[]string{"--allow-host", "http://x"}, "not a host name"},
		{[]string{"--timeout", "0s"}, "--timeout must be positive"},
		{[]string{"--workers", "-1"}, "--workers must not be negative"},
		{[]string{"--client-workers", "-2"}, "--client-workers must not be negative"},
		{[]string{"--max-body", "0"}, "--max-body must be positive"},
		{[]string{"extra"}, `unexpected argument "extra"`},
	} {
		fs := flag.NewFlagSet("serve", flag.ContinueOnError)
		fs.SetOutput(new(strings.Builder))
		var o Options
		o.Define(fs)
		problem := ""
		if err := fs.Parse(c.args); err != nil {
			problem = err.Error()
		} else {
			problem = o.Check(fs.Args())
		}
		if (c.want == "") != (problem == "") || !strings.Contains(problem, c.want) {
			t.Errorf("%q: problem %q, want %q", c.args, problem, c.want)
		}
	}
	var o Options
	o.Define(flag.NewFlagSet("serve", flag.ContinueOnError))
	if o.Addr != "127.0.0.1:8080" || o.Timeout != DefaultTimeout || o.MaxBody != DefaultMaxBody || len(o.AllowHosts) != 0 {
		t.Errorf("defaults: %+v", o)
	}
}
