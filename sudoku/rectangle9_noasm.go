//go:build !amd64 || purego

package sudoku

// rectangle9AVX512 exists on amd64 only (rectangle9_amd64.go).
func rectangle9AVX512(sol, cells *[81]uint8, t *rect9Table) int { panic("sudoku: no AVX-512") }

const rectangle9Wide = false
