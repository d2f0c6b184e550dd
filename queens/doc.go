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
//     1997), and counts each solution only in a canonical form under the
//     8 symmetries of the square, weighted by the size of its class, as
//     Takaken's solver does, but with the opposite choice of form: row 0's
//     queen is the edge queen farthest from its corner, where Takaken's is
//     the nearest. At distance b (1 ≤ b ≤ (n-1)/2, on the left half), the
//     other edges' queens are no farther than b from a corner, so the side
//     columns are closed to the rows b+1..n-2-b and the last row keeps to
//     the columns within b of a corner; a look-ahead drops a placement
//     whose last row has no such column left. Row 0's queen in the middle
//     column (n odd) is its own mirror image, so row 1's queen is taken on
//     the left. A reflection never ties (the tying queen would share a
//     diagonal or a column with row 0's), so only the rotations that bring
//     another queen to row 0, column b are compared, in full, at the leaf;
//     a solution equal to its quarter or half turn stands for 2 or 4, any
//     other for 8. The farthest queen leaves the early rows fewer free
//     squares than the nearest, so the search visits fewer nodes than
//     with Takaken's form. (Placing the whole frame first, the queens of
//     the four edges, and searching the interior of one frame of each
//     class under the symmetries — the pre-placement by which the Q27
//     project splits n=27: Preußer and Engelhardt, "Putting Queens in
//     Carry Chains, No 27", J. Signal Processing Systems 88(2), 2017 —
//     visits more nodes, since each frame searches its interior anew,
//     where the row-by-row search shares each placement of the upper rows
//     among all the edge queens below it.) The node counts of both are in
//     docs/benchmarks.md. Placing the first rows splits the count into
//     independent sub-problems, run on every core or dealt round-robin
//     into shards that Merge (merge.go) adds up.
//   - Solve (solve.go) lists the solutions of a Puzzle (queens placed in
//     advance, or none) in lexicographic order by the same bit masks,
//     column by column. With Options.Complete it finds one completion
//     instead (complete.go): it extends queens placed in advance (n-queens
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
// A Reader (reader.go) reads completion instances in the text format of
// CSPLib problem 079: a size line "n N", then the queens placed in advance
// as "col:row". The JSON records of the command line and the web API are built
// outside this package, in internal/record.
package queens
