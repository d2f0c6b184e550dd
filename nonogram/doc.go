// Package nonogram reads, solves, certifies and draws nonograms (Picross,
// paint-by-number puzzles), black and white or in colour.
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
//     is what proves a picture unique). It runs on a small node budget.
//   - Belief-guided decimation. A puzzle that outlasts that budget without
//     a picture gets one, if it has many, by fixing the cells that belief
//     propagation over the lines' automata is surest of, a few at a time,
//     with line solving and probing after each step (Montanari,
//     Ricci-Tersenghi and Semerjian, "Solving constraint satisfaction
//     problems through belief propagation-guided decimation", 2007), and
//     with the clause-learning search completing the state after a
//     failure. It only looks for a first picture; the verdict is the next
//     phase's. It mostly succeeds in its first rounds or not at all, so
//     after two failed rounds the clause-learning search below gets a
//     budget of conflicts from the start state, and only a puzzle that
//     outlasts it goes back to decimation. Those later rounds rank their
//     candidates by clamping: each is fixed both ways, propagated, and
//     weighed by the Bethe estimate of the number of pictures (Yedidia,
//     Freeman and Weiss, 2005; Weller and Jebara, "Clamping variables and
//     approximate inference", 2014), which sees the cells that belief
//     propagation is wrongly sure of.
//   - Clause learning. A puzzle that outlasts that budget goes to a CDCL
//     SAT solver (package internal/sat, after MiniSat) whose variables are
//     the cells and whose propagator is the complete line solver, with
//     explanations made on demand (lazy clause generation: Ohrimenko,
//     Stuckey and Codish, "Propagation via lazy clause generation",
//     Constraints 14(3), 2009): a cell a line fixes is explained by the
//     few cells of that line, known before it, that still force it (found
//     by asking whether the line still fits with the cell set the other
//     way, the forward half of the line solver), so
//     each learned clause, over cells only, stands for a piece of
//     whole-line reasoning. Each picture found is blocked by a clause so
//     that the next search finds another, its guesses leaning toward the
//     last picture found (or, before the first, the way belief
//     propagation leans). Colour puzzles, whose runs of different colours
//     may touch, are solved from the start by the same solver over
//     clauses that unroll each line's automaton (Bacchus, "GAC via unit
//     propagation", CP 2007), with one variable per cell and colour, for
//     which unit propagation is complete line solving; their explanations
//     use a colour line solver on sets of colours.
//
// Undecided finds exactly the cells on which two pictures differ (the
// complement of the backbone, in SAT's terms): every picture found marks
// the cells where it differs from the first, and each cell still unmarked,
// and not decided by line solving, is asked once (in colour once per other
// colour) by a solve for one picture with the cell fixed the other way
// (Options.Fixed, taken into the state every phase starts from); no
// picture means the cell is decided. This is the backbone computation by
// one satisfiability call per open literal described by Janota, Lynce and
// Marques-Silva, "Algorithms for computing backbones of propositional
// formulae", AI Communications 28(2), 2015.
//
// UniqueHints (unique_hints.go) finds the fewest cells of an intended
// picture to print on the grid so that it is the only picture: a minimum
// hitting set of the cells where the other pictures differ from it, found
// by the implicit hitting set method (internal/hitset; Moreno-Centeno and
// Karp, Operations Research 61(2), 2013), with a solve under the candidate
// hints (Options.Fixed) as the oracle that proves uniqueness or returns one
// more picture. UniqueEdits (unique_edits.go) tries flipping one or two
// cells of a drawn picture, near the cells where pictures differ, and
// keeps the edits whose clues have one picture, line-solvable ones first;
// UniqueColorEdits (unique_edits_color.go) does the same for a colour
// picture, recolouring each cell to a neighbour's colour or the
// background.
//
// Rate grades a puzzle with one picture for a person, by the hardest rule
// its explanation (Explain) needs: overlaps only (easy), complete line
// solving (medium), single cells and lines tried both ways (hard), or
// search, short (expert) or long (extreme): the levels of Sudoku's rating,
// in the spirit of Batenburg and Kosters' classes of line-solvable
// puzzles and of the LINE/BRANCH difficulty that picross-solver reports.
//
// Formats: the plain "rows cols" text, webpbn XML, Steve Simpson's .non,
// .nin, .cwd, Olšák's .mk, TAAI tournament files and picross-solver's text
// format.
package nonogram
