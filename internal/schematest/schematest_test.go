package schematest

import (
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/puzzlesolvers/puzzle/docs/schema"
)

// TestSchemasCompile compiles every definition of every schema file.
func TestSchemasCompile(t *testing.T) {
	for file, defs := range definitions(t) {
		for _, def := range defs {
			if _, err := Schema(file + "#/$defs/" + def); err != nil {
				t.Errorf("%s %s: %v", file, def, err)
			}
		}
	}
}

// TestJSONDocNamesEveryRecord checks that docs/json.md's table names every
// record of every family (a definition that follows the common head).
func TestJSONDocNamesEveryRecord(t *testing.T) {
	doc, err := os.ReadFile("../../docs/json.md")
	if err != nil {
		t.Fatal(err)
	}
	named := map[string]bool{}
	for _, m := range regexp.MustCompile("(\\w+\\.json)(?:\\]\\([^)]*\\))?`? `(\\w+)`").FindAllStringSubmatch(string(doc), -1) {
		named[m[1]+" "+m[2]] = true
	}
	files, err := schema.Definitions()
	if err != nil {
		t.Fatal(err)
	}
	for file, defs := range files {
		for def, text := range defs {
			if file == "common.json" || !strings.Contains(string(text), `common.json#/$defs/head`) {
				continue // a part of records, not a record
			}
			if !named[file+" "+def] {
				t.Errorf("docs/json.md does not name the record %s %s", file, def)
			}
		}
	}
}

// definitions lists the $defs of every schema file.
func definitions(t *testing.T) map[string][]string {
	files, err := schema.Definitions()
	if err != nil {
		t.Fatal(err)
	}
	out := map[string][]string{}
	for file, defs := range files {
		for def := range defs {
			out[file] = append(out[file], def)
		}
	}
	if len(out) < 5 {
		t.Fatalf("schema files: %v", out)
	}
	return out
}
