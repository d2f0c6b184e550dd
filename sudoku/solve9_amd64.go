//go:build amd64 && !purego

package sudoku

// spread9AVX2 is spread over all the words of st at once, with AVX2
// (solve9_spread_amd64.s). It reaches the same state as st.spread from
// words whose deductions are already applied, except the dirty ones.
//
//go:noescape
func spread9AVX2(st *state9) bool

func cpuAVX2() bool

// spread9Wide says whether propagate uses spread9AVX2.
var spread9Wide = cpuAVX2()

// spread9WideMin is the number of dirty words from which spread hands the
// rest of its work to spread9AVX2: a sweep costs about as much as four
// words taken one by one.
var spread9WideMin = 4

// propagate9AVX512 applies all the deductions of propagate to st, to all
// its words at once, with AVX-512 (solve9_prop_amd64.s), until nothing
// changes. It returns 0 on a contradiction (st is then undefined), 1 if
// st is solved, 2 if no cell has two candidates, and otherwise the key of
// the cell pickGuess chooses among those (unplaced peers << 7 | 127 - cell,
// in the low 16 bits) and the digit guessWord would try there, less one
// (above).
//
//go:noescape
func propagate9AVX512(st *state9) uint32

func cpuAVX512() bool

// propagate9Wide says whether propagate uses propagate9AVX512.
var propagate9Wide = cpuAVX512()

// givens9AVX512 is readGivens with AVX-512 (solve9_prop_amd64.s).
//
//go:noescape
func givens9AVX512(cells *[81]uint8, st *state9) bool

// givens9Wide says whether readGivens uses givens9AVX512.
var givens9Wide = propagate9Wide

// solution9AVX512 writes the grid of the solved state st to sol, as
// record does, with AVX-512 (solve9_prop_amd64.s).
//
//go:noescape
func solution9AVX512(st *state9, sol *[81]uint8)
