// Package jsonl writes JSON Lines: one JSON object per line, in order, the
// machine-readable output of every `--json` command.
package jsonl
