package badinput

import (
	"bytes"
	"slices"
	"testing"
)

func TestCases(t *testing.T) {
	t.Parallel()
	in := []byte("n 8\n0:3 1:6\n\nn 12\n")
	cs := Cases(in, Options{Random: 50, Long: 100, Seed: 1})
	again := Cases(in, Options{Random: 50, Long: 100, Seed: 1})
	if !slices.EqualFunc(cs, again, func(a, b Case) bool { return a.Name == b.Name && bytes.Equal(a.Data, b.Data) }) {
		t.Error("the same seed gave other cases")
	}
	names := map[string]bool{}
	for _, c := range cs {
		names[c.Name] = true
		if bytes.Equal(c.Data, in) {
			t.Errorf("case %q is the good input", c.Name)
		}
	}
	for _, want := range []string{"empty", "byte-order mark", "number at 2 is 9223372036854775808", "delete line 2", "long first line", "truncate at line 2"} {
		if !names[want] {
			t.Errorf("no case %q among %d", want, len(cs))
		}
	}
	if names["deep nesting"] {
		t.Error("XML cases for an input that is not XML")
	}
	xml := Cases([]byte("<puzzleset><puzzle/></puzzleset>"), Options{})
	if !slices.ContainsFunc(xml, func(c Case) bool { return c.Name == "deep nesting" }) {
		t.Error("no XML cases for XML")
	}
	if n := len(Cases(nil, Options{Random: 10})); n == 0 {
		t.Error("no cases for an empty input")
	}
}
