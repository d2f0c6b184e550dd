package schematest

import (
	"encoding/json"
	"io/fs"
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
	for file, defs := range definitions(t) {
		b, _ := schema.FS.ReadFile(file)
		var all struct {
			Defs map[string]json.RawMessage `json:"$defs"`
		}
		json.Unmarshal(b, &all)
		for _, def := range defs {
			if file == "common.json" || !strings.Contains(string(all.Defs[def]), `common.json#/$defs/head`) {
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
	out := map[string][]string{}
	err := fs.WalkDir(schema.FS, ".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".json") {
			return err
		}
		b, err := schema.FS.ReadFile(path)
		if err != nil {
			return err
		}
		var doc struct {
			Defs map[string]json.RawMessage `json:"$defs"`
		}
		if err := json.Unmarshal(b, &doc); err != nil {
			t.Errorf("%s: %v", path, err)
			return nil
		}
		for def := range doc.Defs {
			out[path] = append(out[path], def)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(out) < 5 {
		t.Fatalf("schema files: %v", out)
	}
	return out
}
