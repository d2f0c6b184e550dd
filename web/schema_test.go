package web

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
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

// TestEveryRouteReply sends every route that names a schema a few
// requests, of the statuses quick to reach, and validates each reply: a
// record against the route's schema, an error reply against error_reply.
// A route without a sample fails the test.
func TestEveryRouteReply(t *testing.T) {
	t.Parallel()
	s := newTestServer(t, Config{})
	read := func(name string) string {
		b, err := os.ReadFile(filepath.Join("..", "examples", name))
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	const classic = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
	heart := read("nonogram/heart.txt")
	type request struct{ target, body string }
	samples := map[string][]request{
		"GET /api/health": {{"/api/health", ""}},
		"POST /api/sudoku/solve": {{"/api/sudoku/solve", classic}, {"/api/sudoku/solve?limit=3", strings.Repeat(".", 16)},
			{"/api/sudoku/solve", "11" + strings.Repeat(".", 79)}, {"/api/sudoku/solve?explain=1", classic}},
		"POST /api/sudoku/hint":    {{"/api/sudoku/hint", classic}, {"/api/sudoku/hint", "x"}},
		"POST /api/sudoku/rate":    {{"/api/sudoku/rate", classic}, {"/api/sudoku/rate", strings.Repeat(".", 16)}},
		"GET /api/sudoku/generate": {{"/api/sudoku/generate?size=4&seed=18446744073709551615", ""}},
		"POST /api/nonogram/solve": {{"/api/nonogram/solve", heart}, {"/api/nonogram/solve?explain=1", heart},
			{"/api/nonogram/solve", "2 2\n1 1\n1 1\n"}, {"/api/nonogram/solve", "2 2\n3\n0\n1\n1\n"}},
		"POST /api/nonogram/explain": {{"/api/nonogram/explain", heart}},
		"POST /api/nonogram/rate": {{"/api/nonogram/rate", heart}, {"/api/nonogram/rate", "2 2\n1\n1\n1\n1\n"},
			{"/api/nonogram/rate", "2 2\n3\n0\n1\n1\n"}},
		"POST /api/nonogram/clues": {{"/api/nonogram/clues", "#.\n.#\n"}},
		"POST /api/nonogram/from-image": {{"/api/nonogram/from-image?width=7", string(picturePNG(t, fromImageHeart, 5))},
			{"/api/nonogram/from-image?width=8&colors=3", string(picturePNG(t, fromImageFlag, 5))},
			{"/api/nonogram/from-image?width=6", string(picturePNG(t, fromImageDiagonal, 5))},
			{"/api/nonogram/from-image?width=4&dither=1", "GIF89a"}},
		"POST /api/sliding/solve":   {{"/api/sliding/solve", "1 2 3 4 5 6 7 0 8"}, {"/api/sliding/solve", "2 1 3 4 5 6 7 8 0"}, {"/api/sliding/solve", "1 1 3 4 5 6 7 8 0"}},
		"GET /api/sliding/shuffle":  {{"/api/sliding/shuffle?size=3&seed=9007199254740993", ""}},
		"GET /api/queens/count":     {{"/api/queens/count?n=8", ""}, {"/api/queens/count?n=3", ""}},
		"GET /api/queens/solve":     {{"/api/queens/solve?n=6&limit=2", ""}},
		"POST /api/queens/complete": {{"/api/queens/complete", "n 8\n0:0\n"}, {"/api/queens/complete", "n 3\n0:0\n"}, {"/api/queens/complete", "n 8\n9:0\n"}},
		"GET /api/queens/dominate":  {{"/api/queens/dominate?n=5", ""}},
		"GET /api/queens/one":       {{"/api/queens/one?n=12", ""}, {"/api/queens/one?n=30&method=minconflicts&seed=9007199254740993", ""}},
	}
	for _, rt := range s.routes {
		if rt.schema == "" {
			continue
		}
		key := rt.method + " " + rt.path
		reqs, ok := samples[key]
		if !ok {
			t.Errorf("%s names a schema but has no sample in TestEveryRouteReply", key)
			continue
		}
		delete(samples, key)
		for _, r := range reqs {
			w := do(t, s, rt.method, r.target, r.body)
			ref := rt.schema
			if !strings.Contains(w.Body.String(), `"status"`) && w.Code != 200 {
				ref = "common.json#/$defs/error_reply"
			}
			schematest.Validate(t, ref, w.Body.Bytes())
		}
	}
	for key := range samples {
		t.Errorf("sample for %s, which names no schema", key)
	}
}
