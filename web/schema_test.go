package web

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/puzzlesolvers/puzzle/internal/schematest"
)

// TestOpenAPIComponents compiles every schema of the OpenAPI document's
// components, as the document refers to them, so that every reference
// resolves inside the document.
func TestOpenAPIComponents(t *testing.T) {
	s := New(Config{})
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(s.openapi))
	if err != nil {
		t.Fatal(err)
	}
	c := jsonschema.NewCompiler()
	const base = "https://puzzle.invalid/openapi.json"
	if err := c.AddResource(base, doc); err != nil {
		t.Fatal(err)
	}
	var parsed struct {
		Components struct {
			Schemas map[string]json.RawMessage `json:"schemas"`
		} `json:"components"`
	}
	if err := json.Unmarshal(s.openapi, &parsed); err != nil {
		t.Fatal(err)
	}
	if len(parsed.Components.Schemas) == 0 {
		t.Fatal("no schemas in the components")
	}
	for name := range parsed.Components.Schemas {
		if _, err := c.Compile(base + "#/components/schemas/" + name); err != nil {
			t.Errorf("component %s: %v", name, err)
		}
	}
	for _, rt := range s.routes {
		if rt.schema == "" {
			if (rt.produces == "" || rt.produces == "application/json") && rt.path != "/api/openapi.json" {
				t.Errorf("%s %s answers JSON without naming its schema", rt.method, rt.path)
			}
			continue
		}
		if _, err := schematest.Schema(rt.schema); err != nil {
			t.Errorf("%s %s: schema %s: %v", rt.method, rt.path, rt.schema, err)
		}
		if !strings.Contains(string(s.openapi), `"$ref": "`+componentRef(rt.schema)+`"`) {
			t.Errorf("%s %s: the OpenAPI document does not refer to %s", rt.method, rt.path, componentRef(rt.schema))
		}
	}
}

// TestMetaReplies validates the replies of the routes about the server,
// and an error reply, against their schemas.
func TestMetaReplies(t *testing.T) {
	s := New(Config{})
	w := do(t, s, "GET", "/api/health", "")
	schematest.Validate(t, "common.json#/$defs/health", w.Body.Bytes())
	w = do(t, s, "GET", "/api/no-such-route", "")
	if w.Code != 404 {
		t.Errorf("unknown route: %d", w.Code)
	}
	schematest.Validate(t, "common.json#/$defs/error_reply", w.Body.Bytes())
}
