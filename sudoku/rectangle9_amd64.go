//go:build amd64 && !purego

package sudoku

// rectangle9AVX512 is rectangle9Go with AVX-512 (rectangle9_amd64.s): the
// grid with its sentinels in two registers, and 64 slots of t at a time
// looked up with byte permutations (VBMI) and compared.
//
//go:noescape
func rectangle9AVX512(sol, cells *[81]uint8, t *rect9Table) int

// rectangle9Wide says whether secondBySwap9 uses rectangle9AVX512; the
// processor check of propagate9Wide covers VBMI.
var rectangle9Wide = propagate9Wide
