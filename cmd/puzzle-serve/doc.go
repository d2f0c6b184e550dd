// Command puzzle-serve serves the puzzle families' web page and JSON API:
// it is "puzzle serve", which runs it. It takes the same flags
// ('puzzle-serve -h' lists them; docs/cli.md and docs/api.md describe the
// server). It is a program of its own so that puzzle, run once per puzzle
// by scripts, starts without the web server's packages.
package main
