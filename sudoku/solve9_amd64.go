//go:build amd64 && !purego

package sudoku

// spread9AVX2 is spread over all the words of st at once, with AVX2
// (solve9_spread_amd64.s). It reaches the same state as st.spread from
// words whose deductions are already applied, except the dirty ones.
//
//go:noescape
func spread9AVX2(st *state9) bool

func cpuAVX2() bool

// spread9Wide says whether propagate uses spread9AVX2. With AVX-512,
// propagate never reaches spread, and the processor is not asked again:
// a CPUID instruction costs tens of microseconds under some hypervisors,
// at every start of the program.
var spread9Wide = !propagate9Wide && cpuAVX2()

// spread9WideMin is the number of dirty words from which spread hands the
// rest of its work to spread9AVX2: a sweep costs about as much as four
// words taken one by one.
var spread9WideMin = 4

// search9 is the state of search9AVX512 between its calls; the assembly
// knows the offsets of its fields (TestSearch9Layout).
type search9 struct {
	st     state9    // the root, the state of a guess Go chooses, or propagate9AVX512's state
	key    uint32    // the guess Go chose (mode 3)
	contra uint32    // not 0 once the search met a contradiction (solver9.contradicted)
	nodes  int64     // Stats.Nodes so far
	depth  int64     // branches on stack
	sol    [81]uint8 // the solution just found
	_      [31]uint8
	cur    [64]uint32     // the registers of the state to resume with (mode 2); scratch of the loop otherwise
	stack  [81][64]uint32 // the registers of the other branch of every guess on the path
	keys   [96]uint32     // the key of every cell at the last choice of a guess, for the rest of a group
	pend   uint32         // the guesses of a group left to place (solver9.farGuesses)
	pendAt [6]uint32      // their bits in the band, bands and lanes, the next last
}

// search9AVX512 runs solver9.search with AVX-512 (solve9_prop_amd64.s),
// the state held in registers from node to node, until it needs Go: it
// returns 0 when the search is over, 1 with a solution in s.sol, 2 every
// 1024 nodes so that Go checks its context, and 3 when no cell has two
// candidates, for Go to choose the guess at s.st and put it in s.key.
// mode says where to go on from: 0 the root at s.st, 1 the last branch on
// the stack, 2 the state saved at the node-count check, 3 the guess in
// s.key at s.st.
//
//go:noescape
func search9AVX512(s *search9, mode uint32) uint32

// propagate9AVX512 applies all the deductions of propagate to st, to all
// its words at once, with AVX-512 (search9AVX512's mode 4), until nothing
// changes. It returns 0 on a contradiction (st is then undefined), 1 if
// st is solved, 2 if no cell has two candidates, and otherwise the key of
// the cell pickGuess chooses among those (unplaced peers << 7 | 127 - cell,
// in the low 16 bits) and the digit guessWord would try there, less one
// (above).
func propagate9AVX512(st *state9) uint32 {
	s := new(search9)
	s.st = *st
	key := search9AVX512(s, 4)
	*st = s.st
	return key
}

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
