// Package hitset finds a smallest set of cells whose values, given, make a
// puzzle's intended solution its only one: the Sudoku and nonogram
// "make it unique" suggestions.
//
// A set of givens taken from the intended solution rules out an
// alternative solution exactly when it holds a cell where the alternative
// differs, so the smallest sufficient set is a minimum hitting set of the
// difference sets of all the alternatives, which are far too many to list.
// Minimize follows the implicit hitting set method (Moreno-Centeno and
// Karp, "The Implicit Hitting Set Approach to Solve Combinatorial
// Optimization Problems", Operations Research 61(2), 2013; Chandrasekaran
// et al., "Algorithms for Implicit Hitting Set Problems", SODA 2011): keep
// the difference sets of the alternatives found so far, compute an exact
// minimum hitting set of them (branch and bound: branch on the unhit set
// with fewest cells, bound by a packing of disjoint unhit sets), and ask
// the caller's check, a solve, whether it makes the solution unique. If it
// does, it is optimal, since any sufficient set hits the sets found; if
// not, the alternative the solve found is one more set. A greedy pass
// first gives a verified upper bound, so that when the time runs out the
// best set found so far is reported as a bound ("at most N") with the
// lower bound proved so far.
package hitset
