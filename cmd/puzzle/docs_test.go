package main

import (
	"fmt"
	"strings"
	"testing"

	"github.com/puzzlesolvers/puzzle/internal/docgen"
)

// cliDoc is docs/cli.md: every help text of the command, in the order of
// the family table. It is generated from the help texts, so it cannot drift
// from them: TestCLIDoc fails when they differ (go test -update rewrites it).
func cliDoc(t *testing.T) string {
	var b strings.Builder
	b.WriteString("# The `puzzle` command\n\n")
	b.WriteString("<!-- Generated from the help texts by TestCLIDoc in cmd/puzzle; run `go test ./cmd/puzzle -run TestCLIDoc -update` after changing them. -->\n\n")
	b.WriteString("Every section is what `puzzle help ...` prints. The JSON records of `--json` are described in [json.md](json.md).\n\n")
	b.WriteString("Contents: [puzzle](#puzzle)")
	for _, f := range families {
		fmt.Fprintf(&b, ", [%s](#puzzle-%s)", f.name, f.name)
	}
	b.WriteString(", [serve](#puzzle-serve), [merge](#puzzle-merge), [completion](#puzzle-completion)\n\n")
	section := func(level, title string, args ...string) {
		out, errOut, code := runCmd(t, "", args...)
		if code != exitOK || errOut != "" {
			t.Fatalf("puzzle %s: exit %d, stderr %q", strings.Join(args, " "), code, errOut)
		}
		fmt.Fprintf(&b, "%s %s\n\n```\n%s```\n\n", level, title, strings.TrimRight(out, "\n")+"\n")
	}
	section("##", "puzzle", "help")
	for _, f := range families {
		section("##", "puzzle "+f.name, "help", f.name)
		for _, v := range f.verbs {
			section("###", "puzzle "+f.name+" "+v.name, "help", f.name, v.name)
		}
	}
	section("##", "puzzle serve", "help", "serve")
	section("##", "puzzle merge", "help", "merge")
	section("##", "puzzle completion", "help", "completion")
	return b.String()
}

func TestCLIDoc(t *testing.T) {
	docgen.Check(t, "../../docs/cli.md", cliDoc(t), *update, "the help texts", "go test ./cmd/puzzle -run TestCLIDoc -update")
}
