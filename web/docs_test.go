package web

import (
	"flag"
	"fmt"
	"strings"
	"testing"

	"github.com/puzzlesolvers/puzzle/internal/docgen"
)

var update = flag.Bool("update", false, "rewrite docs/api.md from the route table")

// apiDoc is docs/api.md, generated from the route table that also serves
// the API and builds its OpenAPI document, so that the three cannot drift.
func apiDoc() string {
	s := New(Config{})
	var b strings.Builder
	b.WriteString("# The HTTP API of `puzzle serve`\n\n")
	b.WriteString("<!-- Generated from the route table by TestAPIDoc in web/; run `go test ./web -run TestAPIDoc -update` after changing a route. -->\n\n")
	b.WriteString("`puzzle serve` serves the page at `/` and this JSON API under `/api/`. A solve route takes one puzzle as the\n" +
		"`text/plain` request body, in any format the command line reads, and answers with the record that\n" +
		"`puzzle <family> <verb> --json` prints: the same fields, described in [json.md](json.md), and the same\n" +
		"JSON Schema (`docs/schema/`), which `GET /api/openapi.json` carries in its components.\n\n")
	b.WriteString("Errors that are not about a puzzle are `{\"error\": \"...\"}`: 400 for bad input, 413 for a body over the\n" +
		"limit, 422 when the input is read but the verb cannot take it, 503 when every worker is busy and the queue\n" +
		"is full (with `Retry-After`), 504 when the time limit runs out (a solve then answers its record with status\n" +
		"`timeout`).\n\n")
	b.WriteString("The query parameters (their type, range and choices, as the tables below give them), the body's size\n" +
		"and its presence are checked before a request waits for a worker: a bad one gets its 400 or 422 at once,\n" +
		"however busy the server is. The puzzle itself is read once a worker is taken.\n\n")
	b.WriteString("The routes that run on a worker share `--workers` workers and a queue of `--queue` places. One\n" +
		"client (a remote IP address; an IPv6 /64) holds at most `--client-workers` workers (half of them by default)\n" +
		"and half of the queue: beyond, 429 with `Retry-After`; a free worker goes to the clients waiting in turn.\n" +
		"Requests a route knows to be small (each route says which) run in a lane of their own, of\n" +
		"`--cheap-workers` workers with a queue of 32 places each, so they never wait behind expensive ones.\n" +
		"One still working after 250 ms (a 9×9 grid whose rating needs nested forcing chains takes seconds) waits,\n" +
		"working on, for a worker of the others and then gives its cheap worker back; when the others are all\n" +
		"taken and their queue is full, it finishes where it is.\n\n")
	b.WriteString("The server answers only to the `Host` names `localhost`, `127.0.0.1` and `[::1]`, the address the\n" +
		"client connected to, the host of `--addr` and those of `--allow-host`: any other gets 421, so that a page\n" +
		"of another site cannot reach it through a name of its own pointed at this address (DNS rebinding). A\n" +
		"`POST` whose `Origin` is not an allowed host, or whose `Sec-Fetch-Site` is `cross-site`, gets 403 before\n" +
		"it is read: a page of another site cannot make the server work. Clients that are not browsers send\n" +
		"neither header and are served. Under `/static/` only the page's scripts and style sheet are served (404\n" +
		"for anything else), each with an `ETag` made of its content's hash; the page names them\n" +
		"`/static/app.js?v=<that hash>`, an address served as immutable (`Cache-Control: public, max-age=31536000,\n" +
		"immutable`), any other as `no-cache`.\n\n")
	b.WriteString("| route | what |\n|---|---|\n")
	for _, rt := range s.routes {
		fmt.Fprintf(&b, "| [`%s %s`](#%s) | %s |\n", rt.method, rt.path, anchor(rt), rt.summary)
	}
	b.WriteString("\n")
	for _, rt := range s.routes {
		fmt.Fprintf(&b, "## %s %s\n\n%s.", rt.method, rt.path, rt.summary)
		if rt.description != "" {
			b.WriteString(" " + rt.description)
		}
		b.WriteString("\n\n")
		if len(rt.params) > 0 {
			b.WriteString("| parameter | type | meaning |\n|---|---|---|\n")
			for _, p := range rt.params {
				kind := p.kind
				switch {
				case len(p.choices) > 0:
					kind += ": " + strings.Join(p.choices, ", ")
				case p.cap > p.min && p.cap < p.max:
					kind += fmt.Sprintf(" %d..%d (%d..%d: 422)", p.min, p.cap, p.cap+1, p.max)
				case p.max > p.min:
					kind += fmt.Sprintf(" %d..%d", p.min, p.max)
				}
				if p.required {
					kind += "; required"
				}
				fmt.Fprintf(&b, "| `%s` | %s | %s |\n", p.name, kind, strings.ReplaceAll(p.description, "|", "\\|"))
			}
			b.WriteString("\n")
		}
		if rt.body != "" {
			fmt.Fprintf(&b, "Body: %s.\n\n", rt.body)
		}
		produces := rt.produces
		if produces == "" {
			produces = "application/json"
		}
		fmt.Fprintf(&b, "Reply: `%s`, %s", produces, rt.result)
		if rt.schema != "" {
			file, def, _ := strings.Cut(rt.schema, "#/$defs/")
			fmt.Fprintf(&b, " (schema [`%s`](schema/%s) `$defs/%s`)", rt.schema, file, def)
		}
		b.WriteString(".")
		if rt.refuses != "" {
			fmt.Fprintf(&b, " 422 for %s.", rt.refuses)
		}
		if rt.heavy {
			b.WriteString(" Runs on a worker, under the time limit.")
		}
		if rt.cheap != nil {
			fmt.Fprintf(&b, " Small requests, with %s, run in the lane of cheap requests.", rt.cheap.when)
		}
		b.WriteString("\n\n")
	}
	return b.String()
}

// anchor is the GitHub anchor of a route's heading.
func anchor(rt *route) string {
	h := strings.ToLower(rt.method + " " + rt.path)
	var b strings.Builder
	for _, r := range h {
		switch {
		case r == ' ':
			b.WriteByte('-')
		case r >= 'a' && r <= 'z', r >= '0' && r <= '9', r == '-', r == '_':
			b.WriteRune(r)
		}
	}
	return b.String()
}

func TestAPIDoc(t *testing.T) {
	docgen.Check(t, "../docs/api.md", apiDoc(), *update, "the route table", "go test ./web -run TestAPIDoc -update")
}
