package web

import (
	"encoding/json"
	"io/fs"
	"strings"

	"github.com/puzzlesolvers/puzzle/docs/schema"
)

// componentRef turns a reference into docs/schema ("sudoku.json#/$defs/solve")
// into one into the OpenAPI document's components ("#/components/schemas/sudoku_solve").
func componentRef(ref string) string {
	file, def, _ := strings.Cut(ref, "#/$defs/")
	return "#/components/schemas/" + strings.TrimSuffix(file, ".json") + "_" + def
}

// schemaComponents returns every definition of every schema file, named
// file_def, with their references rewritten to point inside the document.
func schemaComponents() map[string]any {
	out := map[string]any{}
	err := fs.WalkDir(schema.FS, ".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".json") {
			return err
		}
		b, err := schema.FS.ReadFile(path)
		if err != nil {
			return err
		}
		var doc struct {
			Defs map[string]any `json:"$defs"`
		}
		if err := json.Unmarshal(b, &doc); err != nil {
			return err
		}
		for name, def := range doc.Defs {
			out[strings.TrimSuffix(path, ".json")+"_"+name] = rewriteRefs(def, path)
		}
		return nil
	})
	if err != nil {
		panic(err) // the files are embedded, and their tests read them
	}
	return out
}

// rewriteRefs rewrites the $ref values of a definition from file.
func rewriteRefs(v any, file string) any {
	switch v := v.(type) {
	case map[string]any:
		for k, x := range v {
			if s, ok := x.(string); ok && k == "$ref" {
				if strings.HasPrefix(s, "#") {
					s = file + s
				}
				v[k] = componentRef(s)
				continue
			}
			v[k] = rewriteRefs(x, file)
		}
	case []any:
		for i, x := range v {
			v[i] = rewriteRefs(x, file)
		}
	}
	return v
}
