// Package status defines the outcome of solving a puzzle, shared by every
// puzzle family so that the command line and the web API speak one language.
package status
