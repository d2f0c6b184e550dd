// Command puzzle solves, converts, generates and benchmarks logic puzzles.
//
// Usage:
//
//	puzzle <family> <verb> [flags] [files|-]
//
// Run "puzzle help" for the families, their verbs and examples.
package main
