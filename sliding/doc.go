// Package sliding solves sliding-tile puzzles: the 8-, 15- and 24-puzzle
// optimally, and any board from 2×2 to 10×10 by a fast method that is not
// optimal.
//
// A board is solvable when the parity of its permutation equals the parity
// of the blank's distance to its home (every move flips both), which is
// decided at once for any size. The optimal solvers are breadth-first
// search (tiny boards), A* (Hart, Nilsson and Raphael, 1968) and IDA*
// (Korf, "Depth-first iterative-deepening: an optimal admissible tree
// search", AIJ 27, 1985), which never undoes its last move. Their lower
// bounds: Manhattan distance, updated in one step per move; linear
// conflict (Hansson, Mayer and Yung, 1992), two more moves for each tile
// that must leave its home row or column to let another pass; walking
// distance (Ken'ichiro Takahashi), the moves of tiles between rows plus
// those between columns, from a table made by one breadth-first search;
// and additive disjoint pattern databases (Korf and Felner, "Disjoint
// pattern database heuristics", AIJ 134, 2002): 5-5-5, 6-6-3 and 7-8 for
// the 15-puzzle and 6-6-6-6 for the 24-puzzle, each looked up twice, for
// the position and for its reflection about the main diagonal, keeping the
// larger sum. A database entry is the fewest moves of its tiles that bring
// them home, the blank moving freely through the cells the pattern leaves
// free (the least over the blank's regions); it is stored as the excess
// over the tiles' Manhattan distance, halved, in four bits. The databases
// are built on first use by a parallel breadth-first search and kept as
// versioned, checksummed files, read into memory and verified (Store). The
// search splits a placement into the set of cells the tiles occupy and
// the permutation of the tiles over them: the blank's regions and the
// moves depend on the set only, and a move maps every permutation of its
// set to a fixed rotation of it, so a layer of the search maps bitsets of
// permutations onto bitsets (pdb_build.go), in the caches rather than at
// random through memory. With the databases IDA* runs a specialised loop:
// a move changes one tile, hence one entry of the position and one of its
// reflection, whose ranks it updates from the cells the tile passes (or,
// for the large tables of the 24-puzzle, read in memory by a sparse index,
// the tiles' cells as digits, which a move changes by delta times a
// weight whatever the tile passes: pdb_sparse.go); it asks for the entries of all the children of a node before it reads any
// (PREFETCHT0, after Mowry, Lam and Gupta 1992), so that their cache
// misses overlap. The loop walks an explicit stack of frames over one flat
// record, in assembly on amd64 (idastar_pdb_amd64.s) and in Go elsewhere;
// the tests hold the two to each other node for node.
//
// One IDA* iteration can be cut into shards for many machines: a wave
// (wave.go). Every shard walks the tree above a fixed depth as the
// iteration does and splits the nodes at that depth, by their subtrees'
// sizes at the previous bound, largest first onto the least loaded shard
// (Graham's LPT rule, 1969); merged, the shards give the iteration's node
// counts exactly, as in Korf and Felner's tables, and its first solution.
// The depth of the cut is chosen from the number of shards K, unless
// given: the least depth whose frontier holds 32 subtrees per shard, since
// the LPT split keeps every shard within one subtree of the mean. A shard
// whose context is cancelled with cause FoundBy (another shard found the
// goal at the same bound) stops at once and reports partial counts; the
// solution stays optimal, every smaller bound having been searched in
// full, but the iteration's counts are then not known.
//
// The solvers work on Korf's goal (blank first); a board for the usual goal
// (blank last) is turned half a turn, which maps one goal onto the other,
// and its moves are turned back.
//
// Reduce solves any board row by row, then column by column, placing one
// or two tiles at a time by breadth-first search within the unsolved part.
//
// A Reader (parse.go) reads boards as tiles in reading order, 0 for the
// blank, one board per line or one row per line. The JSON records of the
// command line and the web API are built outside this package, in
// internal/record, which replays every solution to the goal before it
// reports it.
package sliding
