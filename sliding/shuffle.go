package sliding

import "math/rand/v2"

// Shuffle returns a random solvable rows×cols board, every solvable
// position being equally likely: a random permutation, with two tiles
// swapped when its parity is wrong.
func Shuffle(rng *rand.Rand, rows, cols int, g Goal) *Board {
	n := rows * cols
	b := &Board{Rows: rows, Cols: cols, Tiles: make([]uint8, n)}
	for i := range b.Tiles {
		b.Tiles[i] = uint8(i)
	}
	rng.Shuffle(n, func(i, j int) { b.Tiles[i], b.Tiles[j] = b.Tiles[j], b.Tiles[i] })
	if !b.Solvable(g) {
		i, j := 0, 1
		if b.Tiles[i] == 0 {
			i = 2
		} else if b.Tiles[j] == 0 {
			j = 2
		}
		b.Tiles[i], b.Tiles[j] = b.Tiles[j], b.Tiles[i]
	}
	return b
}
