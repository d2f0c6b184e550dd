//go:build !amd64 || purego

package sudoku

// spread9AVX2 exists on amd64 only (solve9_amd64.go).
func spread9AVX2(st *state9) bool { return st.spread(band27) }

const spread9Wide = false

const spread9WideMin = 28 // never reached

// propagate9AVX512 exists on amd64 only (solve9_amd64.go).
func propagate9AVX512(st *state9) uint32 { panic("sudoku: no AVX-512") }

const propagate9Wide = false

// search9 exists on amd64 only (solve9_amd64.go).
type search9 struct {
	st     state9
	key    uint32
	contra uint32
	nodes  int64
	depth  int64
	sol    [81]uint8
	pend   uint32
}

// search9AVX512 exists on amd64 only (solve9_amd64.go).
func search9AVX512(s *search9, mode uint32) uint32 { panic("sudoku: no AVX-512") }

// givens9AVX512 exists on amd64 only (solve9_amd64.go).
func givens9AVX512(cells *[81]uint8, st *state9) bool { panic("sudoku: no AVX-512") }

const givens9Wide = false

// solution9AVX512 exists on amd64 only (solve9_amd64.go).
func solution9AVX512(st *state9, sol *[81]uint8) { panic("sudoku: no AVX-512") }
