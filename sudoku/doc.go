// Package sudoku reads, writes, solves, explains, rates and generates
// Sudoku puzzles of every size N×N with N = b² boxes of b×b cells, from 4×4
// (b = 2) to 64×64 (b = 8).
//
// Solve proves uniqueness by default: it looks for a second solution, and
// reports Unique, Multiple or None (or Solved when asked for one solution
// only). Three engines share the work:
//
//   - 9×9 grids use a bitboard solver (solve9.go): per digit, three bands
//     of 27 bits; band tables give locked candidates and hidden singles in
//     one lookup, bit-sliced counters give naked singles, and the search
//     guesses on a bivalue cell, until its first contradiction two or
//     three at a time, in different bands and stacks, propagated together
//     (farGuesses). With AVX2 or AVX-512 the deductions run on all 27 words
//     at once in assembly, the digits of a band side by side in vector
//     lanes; with AVX-512 the whole search does, the state held in
//     registers and the pending branches on an explicit stack. The
//     method follows the fast solvers of the enjoysudoku forum (JCZSolve,
//     fsss2) and Tom Dillon's notes on tdoku. When the first solution has
//     a deadly rectangle free of givens (two rows of a band and two columns
//     of different stacks, or the transpose, holding a b / b a), exchanging
//     its digits gives the second, and the search stops there
//     (rectangle9.go): the unavoidable set is the proof of a second
//     solution that the search would otherwise go on to find.
//   - Other sizes start with a depth-first search (search.go) over bitset
//     candidates, propagating naked and hidden singles and locked
//     candidates to a fixpoint (propagate.go) and branching on the cell with
//     the fewest candidates, as in Norvig's "Solving Every Sudoku Puzzle".
//     One board serves the whole search: per digit, a word of places for
//     every row, column and box besides the candidates of every cell, so
//     singles and contradictions show as a change is made, and a trail
//     undoes the changes on backtracking. Digits are tried in the order of a
//     template, a pattern grid renamed to agree with the givens.
//   - Sparse grids (sparse.go) settle their tightly constrained cells by
//     that search and hand the rest to a local search (repair.go) after
//     Rhyd Lewis ("Metaheuristics can solve Sudoku puzzles", 2007): boxes
//     kept whole, swaps inside a box, min-conflicts with the breakout
//     method's weights (Morris, 1993). A second solution comes from
//     exchanging the cells of an unavoidable set free of givens
//     (unavoidable.go); every solution is checked.
//   - When that search exceeds a node budget, a conflict-driven
//     clause-learning engine (cdcl.go) takes over: the rules are
//     exactly-one groups of cell-digit variables whose at-most-one half is
//     propagated natively (a true member makes the others false) and whose
//     at-least-one half is a watched clause, whose search for a new watch
//     starts where the last one ended (Gent, 2013). The variables of the
//     candidates the givens leave are numbered first, so that the search's
//     per-variable arrays are dense (cdcl_numbering.go), and whenever the
//     facts of level 0 grow, the clauses satisfied there are dropped and
//     the literals false there leave the clauses and the groups, as
//     MiniSat's simplify and CaDiCaL's garbage collection do
//     (cdcl_simplify.go). Conflicts are analysed
//     to the first UIP after MiniSat (Eén and Sörensson, 2003), minimised and
//     shrunk to one literal per level where possible (Fleury and Biere,
//     2021; cdcl_learn.go); learned clauses are kept in tiers by glue
//     (Audemard and Simon, 2009; cdcl_clauses.go), a glue lowered when the
//     analysis resolves on the clause again and finds its literals on
//     fewer levels (their dynamic update, as in Glucose and CaDiCaL), and,
//     as an option of the policy (off by default), vivified after each reduction: their
//     literals' negations are propagated one at a time and the literals
//     found not needed are dropped (Piette, Hamadi and Saïs, 2008;
//     CaDiCaL; cdcl_vivify.go); the
//     search alternates a focused mode with glue-driven restarts and a
//     stable mode with target phases, as CaDiCaL and Kissat do, and a restart keeps the levels it
//     would decide again, after van der Tak, Ramos and Heule (2011;
//     cdcl_search.go). Hard minimal 25×25 puzzles need it. With
//     Options.Workers, two such searches, seeded differently, race on two
//     cores and share their solutions and their learned clauses of glue up to
//     12, as ManySAT does (Hamadi, Jabbour and Sais, 2009;
//     cdcl_portfolio.go).
//
// Explain (explain.go) solves as a person would, one deduction at a time,
// always with the simplest technique that applies (logic.go): singles,
// locked candidates, naked and hidden subsets, X-wing, swordfish,
// jellyfish, their finned and sashimi forms (finnedfish.go: extra places
// of the digit, the fins, all in one box, so that the fish's eliminations
// hold in the cells that see every fin, as Sudopedia's and HoDoKu's pages
// on finned fish describe), XY-, XYZ- and W-wings, simple colouring, 3D
// Medusa (medusa.go: two-colouring the candidates joined by bivalue cells
// and by units where a digit has two places, over all digits at once, with
// the rules of sudokuwiki's 3D Medusa page), X- and XY-chains, with the
// names of Andrew Stuart's sudokuwiki; on a puzzle known to have one
// solution, unique rectangles of types 1 to 4 and BUG+1 (uniqueness.go,
// which explains why a deadly pattern of two solutions must be broken;
// type 3 treats the extra digits of two corners as one cell of a naked
// subset, after Sudopedia's and HoDoKu's descriptions); then, on grids up
// to 9×9, alternating inference chains with grouped nodes (aic.go: strong
// and weak links between candidates and the cells of a digit in a
// box-line intersection; one end of the chain is true), and almost locked
// sets (als.go: N cells of a unit with N+1 digits, joined by restricted
// common candidates into ALS-XZ, ALS-XY-wings and ALS chains), as
// Sudopedia and Bernhard Hobiger's HoDoKu manual describe them; then
// forcing chains (forcing.go: an assumed candidate followed by singles
// leads to a contradiction, or all the branches of a cell or of a digit in
// a unit agree) and nested forcing chains (nested.go: a contradiction
// whose branch uses forcing chains itself), after Sudoku Explainer's
// dynamic and nested forcing chains. Rate (rate.go) grades a puzzle by the
// hardest step of that path, as Sudoku Explainer does, from easy to
// extreme (forcing chains, or logic alone gets stuck), and estimates its
// rating on Sudoku Explainer's published scale (se.go: SE's base value for
// each technique and our own rise for long chains; an estimate on SE's
// scale, not SE's own rating). Generate (generate.go) digs a
// random complete grid, removing givens in random order while the puzzle
// stays unique; one pass yields a minimal puzzle, because removing a given
// only adds solutions. On 16×16 and 25×25 grids one clause-learning
// solver checks every removal of the pass, under assumptions
// (cdcl_assume.go): the givens, and the removed cell not holding its digit
// (removal.go). From 36×36 up each check is a race of fresh solvers with
// those as facts (removal_fresh.go): the conflicts are cheaper without the
// assumptions, and a race cuts the heavy tail of the searches for second
// solutions (Gomes, Selman and Kautz, "Boosting combinatorial search
// through randomization", AAAI 1998). The removal searches are anchored
// to the solution: each decision takes its digit, so a second solution is
// looked for where it differs from the solution least. From 36×36 up the
// pass does not start from the complete grid: a unique puzzle is first
// built up from no givens (buildup.go). While a cell, visited in random
// order, has another digit in some solution of the givens so far, a
// solution drawn at random that differs there gives a new given where it
// differs, and is that given's witness: a proof that it is needed, for as
// long as no later given lies where the witness differs. The removal pass
// checks only the givens whose witnesses a later given broke, and those
// checks, on a puzzle grown this way, are far easier than on one dug down.
//
// Undecided (undecided.go) finds exactly the cells where the solutions of
// a puzzle with several differ, the complement of its backbone: starting
// from one solution, each empty cell that no solution found so far
// disagrees on is given each other digit it may hold and solved for one
// solution; a solution marks every cell where it differs, none proves the
// cell decided. This is the backbone computation of SAT solving by
// repeated calls, as in Janota, Lynce and Marques-Silva, "Algorithms for
// computing backbones of propositional formulae" (AI Communications,
// 2015), with the solver's own propagation in place of assumptions.
//
// UniqueGivens (unique_givens.go) finds the fewest givens to add, from an
// intended solution, to make a puzzle with several solutions unique: a
// minimum hitting set of the cells where the other solutions differ from
// it, found by the implicit hitting set method (internal/hitset;
// Moreno-Centeno and Karp, Operations Research 61(2), 2013): an exact
// minimum of the sets found so far, then a solve with those givens added
// that proves uniqueness or returns one more solution. Removable
// (minimal.go) lists the givens of a unique puzzle that can each go, one
// uniqueness proof per given; none means the puzzle is minimal.
//
// The reader (format.go) detects the layout of each puzzle: one puzzle per
// line (digits, then letters A=10, ...), the Project Euler 96 "Grid NN"
// blocks, and grids of one row per line (integers or characters, with '|'
// and ruler lines ignored); '#' starts a comment and CRLF is accepted. A
// malformed puzzle is reported with its file and line, and reading goes on
// with the next one.
package sudoku
