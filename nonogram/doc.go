// Package nonogram reads, solves, certifies and draws black-and-white
// nonograms (Picross, paint-by-number puzzles).
//
// A puzzle gives, for every row and column, the lengths of the runs of filled
// cells in order. The solver works in phases, each complete for what it
// claims:
//
//   - Line solving. A line is solved by dynamic programming over the positions
//     of its runs (the method of Batenburg and Kosters, "Solving Nonograms by
//     combining relaxations", Pattern Recognition 42, 2009): a forward pass
//     records which prefixes of the line can hold the first j runs, a backward
//     pass which suffixes can hold the rest, and a cell is fixed when every
//     placement consistent with both agrees on it. This finds every cell that
//     the line alone determines. A queue of changed lines propagates the
//     deductions until nothing changes.
//   - Probing. Each undecided cell is tried filled and empty, and both
//     trials are propagated; a contradiction fixes the cell the other way, and
//     cells that both trials fix alike are fixed (the approach of pbnsolve
//     and of Wu et al.'s LalaFrogKK, TCIAIG 2013).
//   - Search. Depth-first search branches on the cell whose probes fixed
//     the most cells, and counts solutions up to a limit (2 by default, which
//     is what proves a picture unique).
//
// Formats: the plain "rows cols" text, webpbn XML, Steve Simpson's .non,
// .nin, .cwd, Olšák's .mk, TAAI tournament files and picross-solver's text
// format.
package nonogram
