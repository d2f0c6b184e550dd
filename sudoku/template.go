package sudoku

import "sort"

// A sparse grid has a great many solutions, and a depth-first search that
// tries digits in a fixed order can still wander: on an empty 64×64 grid
// the choices it makes early conflict only thousands of cells later. A
// known complete grid avoids that: tried first in every cell, its digits
// never conflict with one another, so on an empty grid the search goes
// straight down, and on a sparse one it departs from the template only
// around the givens that disagree with it.
//
// The template is the pattern grid P(r, c) = (b·(r mod b) + ⌊r/b⌋ + c) mod N
// (every row a shift of the first, the shifts chosen so that boxes hold
// every digit) with its digits renamed to agree with as many givens as a
// greedy assignment finds: the pairs (pattern digit, given digit) are taken
// by how many givens they agree on, most first, each digit once.

// patternDigit is the digit, from 1, of the pattern grid at row r, column c.
func patternDigit(b, r, c int) uint8 {
	n := b * b
	return uint8((b*(r%b)+r/b+c)%n + 1)
}

// template returns the pattern grid of box size b with its digits renamed
// to agree with the givens of cells as far as the greedy matching goes.
func template(b int, cells []uint8) []uint8 {
	n := b * b
	counts := make([]int32, n*n) // counts[a*n+v]: givens v where the pattern has a
	for c, v := range cells {
		if v != 0 {
			a := patternDigit(b, c/n, c%n) - 1
			counts[int(a)*n+int(v-1)]++
		}
	}
	pairs := make([]int32, 0, n)
	for k, m := range counts {
		if m > 0 {
			pairs = append(pairs, int32(k))
		}
	}
	sort.SliceStable(pairs, func(x, y int) bool { return counts[pairs[x]] > counts[pairs[y]] })
	rename := make([]uint8, n) // rename[a]: the digit pattern digit a+1 becomes, from 1
	used := make([]bool, n)
	for _, k := range pairs {
		a, v := int(k)/n, int(k)%n
		if rename[a] == 0 && !used[v] {
			rename[a], used[v] = uint8(v+1), true
		}
	}
	next := 0
	for a := range rename {
		if rename[a] == 0 {
			for used[next] {
				next++
			}
			rename[a], used[next] = uint8(next+1), true
		}
	}
	out := make([]uint8, n*n)
	for c := range out {
		out[c] = rename[patternDigit(b, c/n, c%n)-1]
	}
	return out
}
