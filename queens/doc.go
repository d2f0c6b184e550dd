// Package queens solves the n-queens problem and its relatives: counting
// every solution, listing them, completing a partial placement, placing
// millions of queens, and dominating the board with the fewest queens.
//
// A placement is the row of the queen of each column, rows and columns
// counted from 0, row 0 at the top; Verify checks one in O(n).
//
//   - Count (count.go) walks the rows with three bit masks, the columns and
//     both diagonals attacked, taking the lowest free bit first (Richards,
//     "Backtracking algorithms in MCPL using bit patterns and recursion",
//     1997), and counts each solution only in its canonical form under the
//     8 symmetries of the square, weighted by the size of its class (the
//     method of Takaken's solver): a solution with a corner queen is turned
//     so that it stands at row 0, column 0, and reflected on the diagonal
//     so that the queen of row 1 is left of where the queen of column 1
//     stands; none of these is symmetric, each stands for 8. Otherwise the
//     queen of row 0 must be no farther from its corner (at distance b,
//     left half) than the queens of the other three edges are from theirs,
//     which the search enforces row by row; the rotations that tie are
//     compared in full at the leaf, and a solution equal to its quarter or
//     half turn stands for 2 or 4. Placing the first rows splits the count
//     into independent sub-problems, run on every core or dealt
//     round-robin into shards that Merge (merge.go) adds up.
//   - Solve (solve.go) lists solutions in lexicographic order by the same
//     bit masks, column by column.
//   - Complete (complete.go) extends queens placed in advance (n-queens
//     completion, NP-complete: Gent, Jefferson and Nightingale,
//     "Complexity of n-Queens Completion", JAIR 59, 2017; CSPLib problem
//     079), filling the column (or row) with the fewest open squares first,
//     with restarts.
//   - One (construct.go) builds a solution for any n ≥ 4 in O(n) from the
//     explicit construction (even rows, then odd rows, repaired when n mod
//     6 is 2 or 3; Hoffman, Loessi and Moore, Mathematics Magazine 42,
//     1969; Bernhardsson, SIGART Bulletin 2, 1991). MinConflicts
//     (minconflicts.go) finds one by local search on permutations (Minton,
//     Johnston, Philips and Laird, 1992; Sosic and Gu, 1994).
//   - Dominate (dominate.go) finds γ(Q_n), the least number of queens that
//     occupy or attack every square (OEIS A075458), or the least number of
//     such queens that do not attack each other (A075324), and proves it
//     minimal by exhaustive set-cover search with bounds and symmetry.
//   - Accessibility (heuristic.go) is the textbook accessibility heuristic,
//     and RandomBrute and ExhaustiveBrute (brute.go) the brute-force
//     baselines it is compared with.
//
// The reports (report.go) are the JSON objects of the command line's
// verbs, which the web API returns too: built in one place, they are the
// same bytes in both.
package queens
