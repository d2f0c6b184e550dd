// Package schema embeds the JSON Schema files (draft 2020-12) that define
// every record of the command line's --json output and of the web API:
// common.json for the parts every family shares, and one file per family.
// The web server publishes them in its OpenAPI document; tests validate
// every record against them.
package schema

import "embed"

// FS holds the schema files, by name ("common.json", "sudoku.json", ...).
//
//go:embed *.json
var FS embed.FS

// Base is the $id prefix of every schema file: a file's $id is Base + its name.
const Base = "https://github.com/puzzlesolvers/puzzle/docs/schema/"
