package nonogram

import (
	"fmt"
	"math/rand/v2"
)

// RandomGrid returns a picture whose cells are filled independently, each
// with probability density, drawing from rng in row-major order.
func RandomGrid(rng *rand.Rand, width, height int, density float64) *Grid {
	g := NewGrid(width, height)
	for i := range g.Cells {
		g.Cells[i] = rng.Float64() < density
	}
	return g
}

// Random returns the clues of the random picture of a seed (RandomGrid
// drawing from a PCG generator seeded with seed and 0), with that picture
// as its goal and a name that says how to make it again. The same seed and
// sizes give the same puzzle on every platform and in every release. Such
// puzzles are a standard hard workload: at a density between 0.3 and 0.5
// they need much search, and most have many pictures.
func Random(width, height int, density float64, seed uint64) (*Puzzle, error) {
	if width < 1 || height < 1 || width > MaxSide || height > MaxSide {
		return nil, fmt.Errorf("nonogram: a random grid is 1×1 to %d×%d, not %d×%d", MaxSide, MaxSide, height, width)
	}
	if !(density >= 0 && density <= 1) {
		return nil, fmt.Errorf("nonogram: density %v is not between 0 and 1", density)
	}
	g := RandomGrid(rand.New(rand.NewPCG(seed, 0)), width, height, density)
	p := g.Clues()
	p.Goal = g
	p.Name = fmt.Sprintf("random %d×%d, density %v, seed %d", height, width, density, seed)
	return p, nil
}
