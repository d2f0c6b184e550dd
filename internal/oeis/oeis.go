// Package oeis holds the published N-Queens figures that the tests and the
// queens bench check the engine against: the numbers of solutions and of
// fundamental solutions (OEIS A000170, A002562) and the queen domination
// numbers (A075458, and A075324 for independent queens).
package oeis

// QueensCounts returns the number of solutions (A000170) and of fundamental
// solutions (A002562) of the n-queens problem, for n from 1 to 27; ok is
// false beyond.
func QueensCounts(n int) (solutions, fundamental uint64, ok bool) {
	if n < 1 || n >= len(counts) {
		return 0, 0, false
	}
	k := counts[n]
	return k[0], k[1], true
}

var counts = [...][2]uint64{
	1: {1, 1}, {0, 0}, {0, 0}, {2, 1}, {10, 2}, {4, 1}, {40, 6}, {92, 12}, {352, 46}, {724, 92},
	{2680, 341}, {14200, 1787}, {73712, 9233}, {365596, 45752}, {2279184, 285053}, {14772512, 1846955},
	{95815104, 11977939}, {666090624, 83263591}, {4968057848, 621012754}, {39029188884, 4878666808},
	{314666222712, 39333324973}, {2691008701644, 336376244042}, {24233937684440, 3029242658210},
	{227514171973736, 28439272956934}, {2207893435808352, 275986683743434},
	{22317699616364044, 2789712466510289}, {234907967154122528, 29363495934315694},
}

// QueensDomination returns γ(Q_n), the least number of queens that occupy or
// attack every square of the n×n board (A075458), for n from 1 to 25.
func QueensDomination(n int) (int, bool) {
	if n < 1 || n >= len(gamma) {
		return 0, false
	}
	return gamma[n], true
}

var gamma = [...]int{1: 1, 1, 1, 2, 3, 3, 4, 5, 5, 5, 5, 6, 7, 8, 9, 9, 9, 9, 10, 11, 11, 12, 12, 13, 13}

// IndependentDomination returns i(Q_n), the least number of queens, none
// attacking another, that occupy or attack every square of the n×n board
// (A075324, the diagonal of A299029), for n from 1 to 14.
func IndependentDomination(n int) (int, bool) {
	if n < 1 || n >= len(independent) {
		return 0, false
	}
	return independent[n], true
}

var independent = [...]int{1: 1, 1, 1, 3, 3, 4, 4, 5, 5, 5, 5, 7, 7, 8}
