package web

import (
	"encoding/json"
	"log/slog"
	"net/http"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/puzzlesolvers/puzzle/internal/badinput"
	"github.com/puzzlesolvers/puzzle/internal/longtest"
	"github.com/puzzlesolvers/puzzle/internal/schematest"
)

// corpusSeeds are the good inputs of each family, from the module's root,
// that the bad-input corpus spoils.
var corpusSeeds = map[string][]string{
	"sudoku":   {"examples/sudoku/*", "sudoku/testdata/*.txt"},
	"nonogram": {"examples/nonogram/*", "nonogram/testdata/formats/*"},
	"sliding":  {"examples/sliding/*", "sliding/testdata/*.txt"},
	"queens":   {"examples/queens/*"},
}

// TestBadInputCorpus posts the malformed inputs of the corpus
// (internal/badinput) to every route of their family that takes a body:
// the answer is JSON, never a 5xx other than 503 and 504, and a 400 that
// carries a record says which line of the body is bad. One case in ten is
// sent; every case with -long (or PUZZLE_LONG=1), lines over the caps
// included.
func TestBadInputCorpus(t *testing.T) {
	t.Parallel()
	s := newTestServer(t, Config{Timeout: time.Second, Logger: slog.New(slog.DiscardHandler)})
	opt, every := badinput.Options{Random: 20, Seed: 14}, 10
	if longtest.Enabled() {
		opt, every = badinput.Options{Random: 200, Long: 1<<20 + 1, Seed: 14}, 1
	}
	cases := map[string][]badinput.Case{}
	for family, globs := range corpusSeeds {
		for _, glob := range globs {
			fcs, err := badinput.FromFiles(filepath.Join("..", glob), opt)
			if err != nil {
				t.Fatal(err)
			}
			for _, c := range fcs {
				c.Name = c.File + ": " + c.Name
				cases[family] = append(cases[family], c.Case)
			}
		}
	}
	sent := 0
	for _, rt := range postRoutes(s) {
		family := strings.Split(rt.path, "/")[2]
		target := rt.path
		if family == "sliding" {
			target += "?heuristic=manhattan" // no pattern database to build
		}
		for i, c := range cases[family] {
			if i%every != 0 {
				continue
			}
			sent++
			w := do(t, s, "POST", target, string(c.Data))
			if w.Code >= 500 && w.Code != http.StatusServiceUnavailable && w.Code != http.StatusGatewayTimeout {
				t.Errorf("%s, %s: status %d %.300q", rt.path, c.Name, w.Code, w.Body.String())
				continue
			}
			if w.Code == http.StatusOK && rt.produces != "" {
				continue // an image or a text, not JSON
			}
			var rec struct {
				Line   int    `json:"line"`
				Status string `json:"status"`
				Error  string `json:"error"`
			}
			if err := json.Unmarshal(w.Body.Bytes(), &rec); err != nil || w.Header().Get("Content-Type") != "application/json" {
				t.Errorf("%s, %s: status %d, not JSON: %.300q", rt.path, c.Name, w.Code, w.Body.String())
				continue
			}
			if rec.Status == "invalid" && (rec.Line < 1 || !strings.Contains(rec.Error, "request:")) && !strings.Contains(rec.Error, "given twice") {
				t.Errorf("%s, %s: an invalid record without its line: %.300s", rt.path, c.Name, w.Body.String())
			}
			if rec.Status != "" && rt.schema != "" {
				schematest.Validate(t, rt.schema, w.Body.Bytes())
			}
		}
	}
	t.Logf("%d requests", sent)
}
