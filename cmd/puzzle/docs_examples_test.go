package main

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// The example sessions of these documents are run: each line "$ puzzle ..."
// of a fenced block is a command, and the lines after it, up to the next
// command or the end of the block, are lines of its output, in order. A line
// "..." stands for any number of lines, and "..." within a line for any
// text; times are compared as T.
var docsWithExamples = []string{"README.md", "docs/authors.md"}

// repoRoot is the module's root, seen from this package's directory.
const repoRoot = "../.."

type docExample struct {
	where string // file:line of the command
	args  []string
	want  []string
}

func docExamples(t *testing.T, name string) []docExample {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(repoRoot, name))
	if err != nil {
		t.Fatal(err)
	}
	var out []docExample
	inBlock, cur := false, -1 // cur: the command whose output the lines are
	for i, line := range strings.Split(string(b), "\n") {
		trimmed := strings.TrimSpace(line)
		switch {
		case strings.HasPrefix(trimmed, "```"):
			inBlock, cur = !inBlock, -1
		case !inBlock:
		case strings.HasPrefix(trimmed, "$ puzzle "):
			out = append(out, docExample{where: name + ":" + strconv.Itoa(i+1), args: strings.Fields(trimmed)[2:]})
			cur = len(out) - 1
		case cur >= 0 && trimmed != "":
			out[cur].want = append(out[cur].want, trimmed)
		}
	}
	return out
}

// TestDocExamples runs the example sessions of the README and the guides:
// the documents show what the commands print today.
func TestDocExamples(t *testing.T) {
	t.Parallel()
	for _, doc := range docsWithExamples {
		examples := docExamples(t, doc)
		if len(examples) == 0 {
			t.Errorf("%s: no example sessions found", doc)
		}
		for _, ex := range examples {
			args := make([]string, len(ex.args))
			for i, a := range ex.args {
				switch {
				case i > 0 && ex.args[i-1] == "-o":
					args[i] = filepath.Join(t.TempDir(), filepath.Base(a))
				case strings.Contains(a, "/") && fileExists(filepath.Join(repoRoot, a)):
					args[i] = repoRoot + "/" + a
				default:
					args[i] = a
				}
			}
			stdout, stderr, code := runCmd(t, "", args...)
			got := strings.Split(timeRE.ReplaceAllString(strings.ReplaceAll(stdout+stderr, repoRoot+"/", ""), "T"), "\n")
			if missing := missingLines(got, ex.want); missing != "" {
				t.Errorf("%s: puzzle %s (exit %d) does not print\n\t%s\nas the document shows; it printed:\n%s",
					ex.where, strings.Join(ex.args, " "), code, missing, strings.Join(got, "\n"))
			}
		}
	}
}

// missingLines returns the first line of want (in its order) that got does
// not hold after the lines matched before it, "" when all are there.
func missingLines(got, want []string) string {
	j := 0
	for _, w := range want {
		if w == "..." {
			continue
		}
		w = timeRE.ReplaceAllString(w, "T")
		for j < len(got) && !lineMatches(strings.TrimSpace(got[j]), w) {
			j++
		}
		if j == len(got) {
			return w
		}
		j++
	}
	return ""
}

// lineMatches reports whether line is pattern, where "..." in pattern
// stands for any text.
func lineMatches(line, pattern string) bool {
	parts := strings.Split(pattern, "...")
	if len(parts) == 1 {
		return line == pattern
	}
	if !strings.HasPrefix(line, parts[0]) {
		return false
	}
	line = line[len(parts[0]):]
	for _, p := range parts[1 : len(parts)-1] {
		k := strings.Index(line, p)
		if k < 0 {
			return false
		}
		line = line[k+len(p):]
	}
	return strings.HasSuffix(line, parts[len(parts)-1])
}

func fileExists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}
