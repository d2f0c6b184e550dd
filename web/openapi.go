package web

import (
	"encoding/json"
	"net/http"
	"strconv"
	"strings"
)

// metaRoutes are the routes about the server itself.
func (s *Server) metaRoutes() []*route {
	return []*route{
		{
			method: "GET", path: "/api/openapi.json",
			summary:  "This description of the API (OpenAPI 3.1)",
			result:   "the OpenAPI document",
			produces: "application/json",
			handle: func(c *call) reply {
				return reply{contentType: "application/json", raw: s.openapi}
			},
		},
		{
			method: "GET", path: "/api/health",
			summary: "Liveness and load: requests solving and queued",
			result:  `{"ok": true, "working": 1, "queued": 0, "workers": 2, "queue": 8}`,
			schema:  "common.json#/$defs/health",
			handle: func(c *call) reply {
				working, queued := s.limit.load()
				return jsonReply(http.StatusOK, map[string]any{
					"ok": true, "working": working, "queued": queued, "workers": s.cfg.Workers, "queue": s.cfg.Queue,
				})
			},
		},
	}
}

// openAPI builds the OpenAPI 3.0 document of the routes.
func (s *Server) openAPI() []byte {
	type object = map[string]any
	errorResponse := func(what string) object {
		return object{
			"description": what,
			"content":     object{"application/json": object{"schema": object{"$ref": componentRef("common.json#/$defs/error_reply")}}},
		}
	}
	paths := object{}
	for _, rt := range s.routes {
		produces := rt.produces
		if produces == "" {
			produces = "application/json"
		}
		op := object{
			"operationId": operationID(rt),
			"summary":     rt.summary,
			"responses": object{
				"200": object{"description": rt.result, "content": object{produces: object{"schema": schemaOf(produces, rt.schema)}}},
				"400": errorResponse("bad input: an unreadable puzzle or parameter"),
				"421": errorResponse("a Host header the server does not answer to (see --allow-host)"),
				"500": errorResponse("internal error"),
			},
		}
		if rt.description != "" {
			op["description"] = rt.description
		}
		if i := strings.Index(rt.path[len("/api/"):], "/"); i > 0 {
			op["tags"] = []string{rt.path[len("/api/") : len("/api/")+i]}
		}
		var params []object
		for _, p := range rt.params {
			schema := object{"type": p.kind}
			switch {
			case len(p.choices) > 0 && p.kind == "integer":
				var enum []int
				for _, c := range p.choices {
					n, _ := strconv.Atoi(c)
					enum = append(enum, n)
				}
				schema["enum"] = enum
			case len(p.choices) > 0:
				schema["enum"] = p.choices
			}
			if p.max > p.min {
				schema["minimum"], schema["maximum"] = p.min, p.max
				if p.cap > p.min {
					schema["maximum"] = p.cap // beyond, 422
				}
			}
			op := object{"name": p.name, "in": "query", "description": p.description, "schema": schema}
			if p.required {
				op["required"] = true
			}
			params = append(params, op)
		}
		if params != nil {
			op["parameters"] = params
		}
		responses := op["responses"].(object)
		if rt.method != "GET" {
			responses["403"] = errorResponse("a request from a page of another site (Origin, Sec-Fetch-Site)")
		}
		if rt.body != "" {
			content := object{"text/plain": object{"schema": object{"type": "string"}}}
			if rt.bodyTypes != nil {
				content = object{}
				for _, t := range rt.bodyTypes {
					content[t] = object{"schema": object{"type": "string", "format": "binary"}}
				}
			}
			op["requestBody"] = object{"required": true, "description": rt.body, "content": content}
			responses["413"] = errorResponse("the request body is over the size limit")
		}
		if rt.refuses != "" {
			responses["422"] = errorResponse(rt.refuses)
		}
		if rt.heavy {
			responses["429"] = errorResponse("this client (its remote address) has as many requests working and waiting as one client may (see Retry-After)")
			responses["503"] = errorResponse("every worker is busy and the queue is full (see Retry-After)")
			responses["504"] = object{"description": "the time limit ran out; for a solve, the record has status \"timeout\"",
				"content": object{"application/json": object{"schema": object{"type": "object"}}}}
		}
		item, _ := paths[rt.path].(object)
		if item == nil {
			item = object{}
			paths[rt.path] = item
		}
		item[strings.ToLower(rt.method)] = op
	}
	doc := object{
		"openapi": "3.1.0",
		"info": object{
			"title":   "puzzle",
			"version": "1",
			"description": "Solves, explains and generates logic puzzles. Each solve endpoint takes a puzzle as the " +
				"text/plain body, in any format the command line reads, and returns the JSON object that " +
				"`puzzle <family> solve --json` prints.",
		},
		"paths":      paths,
		"components": object{"schemas": schemaComponents()},
	}
	b, err := json.MarshalIndent(doc, "", "  ")
	if err != nil {
		panic(err) // maps, strings and slices only
	}
	return append(b, '\n')
}

func schemaOf(contentType, ref string) map[string]any {
	switch {
	case ref != "":
		return map[string]any{"$ref": componentRef(ref)}
	case contentType == "application/json":
		return map[string]any{"type": "object"}
	case strings.HasPrefix(contentType, "text/"), contentType == "image/svg+xml":
		return map[string]any{"type": "string"}
	}
	return map[string]any{"type": "string", "format": "binary"}
}

// operationID names a route: "POST /api/sudoku/solve" is "sudokuSolve",
// "GET /api/openapi.json" is "openapi".
func operationID(rt *route) string {
	path := strings.TrimSuffix(strings.TrimPrefix(rt.path, "/api/"), ".json")
	var b strings.Builder
	for i, part := range strings.Split(path, "/") {
		if i > 0 && part != "" {
			part = strings.ToUpper(part[:1]) + part[1:]
		}
		b.WriteString(part)
	}
	return b.String()
}
