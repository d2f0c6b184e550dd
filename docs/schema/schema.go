// Package schema embeds the JSON Schema files (draft 2020-12) that define
// every record of the command line's --json output and of the web API:
// common.json for the parts every family shares, and one file per family.
// The web server publishes them in its OpenAPI document; tests validate
// every record against them.
package schema

import (
	"embed"
	"encoding/json"
	"fmt"
	"io/fs"
)

// FS holds the schema files, by name ("common.json", "sudoku.json", ...).
//
//go:embed *.json
var FS embed.FS

// Base is the $id prefix of every schema file: a file's $id is Base + its name.
const Base = "https://github.com/puzzlesolvers/puzzle/docs/schema/"

// Definitions returns the $defs of every schema file, by file name and
// definition name, each as its JSON text.
func Definitions() (map[string]map[string]json.RawMessage, error) {
	out := map[string]map[string]json.RawMessage{}
	files, err := fs.Glob(FS, "*.json")
	if err != nil {
		return nil, err
	}
	for _, file := range files {
		b, err := FS.ReadFile(file)
		if err != nil {
			return nil, err
		}
		var doc struct {
			Defs map[string]json.RawMessage `json:"$defs"`
		}
		if err := json.Unmarshal(b, &doc); err != nil {
			return nil, fmt.Errorf("%s: %w", file, err)
		}
		out[file] = doc.Defs
	}
	return out, nil
}
