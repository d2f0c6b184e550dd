package web

import (
	"encoding/json"
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
	files, err := schema.Definitions()
	if err != nil {
		panic(err) // the files are embedded, and their tests read them
	}
	out := map[string]any{}
	for file, defs := range files {
		for name, text := range defs {
			var def any
			if err := json.Unmarshal(text, &def); err != nil {
				panic(err)
			}
			out[strings.TrimSuffix(file, ".json")+"_"+name] = rewriteRefs(def, file)
		}
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
