#include "go_asm.h"
#include "textflag.h"

// func pdbIterate(k *pdbKernel, resume bool) int
//
// The loop of iterateGo (idastar_pdb.go), label for label:
//   expand    count the node, stop at the goal, list the children of the
//             top frame and ask for their two table entries each
//             (PREFETCHT0), pause every pollMask+1 expansions;
//   next      try the top frame's next child: prune it (prune) or play
//             it and push its frame (then expand);
//   pop       the frame is done: take back the move that led to it.
//
// Registers kept across the loop:
//   DI  k           R8  the top frame     R9  its depth g
//   R14 the most heuristic a child of the top frame may have, bound-g-1
//   R15 k.exp (stored back on return; ABI0 lets an assembly function use
//       R14 and R15)
//   R10 the top frame's next child, R11 the end of its children (while a
//       child is tried, R10 is that child)
// A frame's i and k hold, in the assembly, the addresses of its next
// child and of the end of its children; the top frame's are in R10 and
// R11 instead, and written to it only when a child is pushed or the loop
// pauses, so that trying the next child waits for no store. The others
// are scratch. Labels (tiles), cells and steps are bytes; the rest are
// 64-bit words.
// RANK_AFTER stores in the child (R10) the rank of a pattern (DX) after the
// move of step SI, and asks for its entry: the rank before (rank), plus
// the tile's weight (at R11) times delta, plus the terms of between (row
// R12) for the labels of the four cells of pass (rankChange in
// idastar_pdb.go). Scratch: AX, BX, R13.
#define RANK_AFTER(cells, pass, delta, weight, rank, kidrank) \
	MOVBQZX (pass+0)(SI), AX; \
	MOVBQZX cells(DI)(AX*1), AX; \
	MOVQ (R12)(AX*8), R13; \
	MOVBQZX (pass+1)(SI), AX; \
	MOVBQZX cells(DI)(AX*1), AX; \
	ADDQ (R12)(AX*8), R13; \
	MOVBQZX (pass+2)(SI), AX; \
	MOVBQZX cells(DI)(AX*1), AX; \
	ADDQ (R12)(AX*8), R13; \
	MOVBQZX (pass+3)(SI), AX; \
	MOVBQZX cells(DI)(AX*1), AX; \
	ADDQ (R12)(AX*8), R13; \
	MOVQ R13, AX; \
	NEGQ AX; \
	MOVBQSX delta(SI), BX; \
	TESTQ BX, BX; \
	CMOVQLT AX, R13; \
	IMULQ weight(R11), BX; \
	ADDQ BX, R13; \
	ADDQ rank(DI)(DX*8), R13; \
	MOVQ R13, kidrank(R10); \
	SARQ $1, R13; \
	ADDQ pdbKernel_tables(DI)(DX*8), R13; \
	PREFETCHT0 (R13)

// SPARSE_AFTER is RANK_AFTER for sparse indices (pdb_sparse.go), where
// the cells passed change nothing: the index before, plus the tile's
// weight times delta. Scratch: R13.
#define SPARSE_AFTER(delta, weight, rank, kidrank) \
	MOVBQSX delta(SI), R13; \
	IMULQ weight(R11), R13; \
	ADDQ rank(DI)(DX*8), R13; \
	MOVQ R13, kidrank(R10); \
	SARQ $1, R13; \
	ADDQ pdbKernel_tables(DI)(DX*8), R13; \
	PREFETCHT0 (R13)

// ENTRY reads into dest the 4-bit entry at rank CX of the table of
// pattern DX (nibble in idastar_pdb.go). CX is clobbered.
#define ENTRY(dest) \
	MOVQ CX, dest; \
	SARQ $1, dest; \
	ADDQ pdbKernel_tables(DI)(DX*8), dest; \
	MOVBQZX (dest), dest; \
	ANDQ $1, CX; \
	SHLQ $2, CX; \
	SHRQ CX, dest; \
	ANDQ $15, dest

// PLAY_ENTRY gives the pattern of the child (R10) its rank and entry
// (value) after the move, keeping the ones they replace in the frame (R8).
// Scratch: AX, DX.
#define PLAY_ENTRY(kidpat, kidrank, rank, vals, urank, uval, value) \
	MOVBQZX kidpat(R10), DX; \
	MOVQ rank(DI)(DX*8), AX; \
	MOVQ AX, urank(R8); \
	MOVQ vals(DI)(DX*8), AX; \
	MOVQ AX, uval(R8); \
	MOVQ kidrank(R10), AX; \
	MOVQ AX, rank(DI)(DX*8); \
	MOVQ value, vals(DI)(DX*8)

// UNDO_ENTRY gives the pattern of the move in play (R10) back the rank and
// entry the frame (R8) kept. Scratch: AX, DX.
#define UNDO_ENTRY(kidpat, rank, vals, urank, uval) \
	MOVBQZX kidpat(R10), DX; \
	MOVQ urank(R8), AX; \
	MOVQ AX, rank(DI)(DX*8); \
	MOVQ uval(R8), AX; \
	MOVQ AX, vals(DI)(DX*8)

TEXT ·pdbIterate(SB), NOSPLIT, $0-24
	MOVQ k+0(FP), DI
	MOVQ pdbKernel_depth(DI), R9
	MOVQ pdbKernel_bound(DI), R14
	SUBQ R9, R14
	DECQ R14
	MOVQ pdbKernel_exp(DI), R15
	MOVQ R9, AX
	IMULQ $pdbFrame__size, AX
	LEAQ pdbKernel_frames(DI)(AX*1), R8
	MOVBQZX resume+8(FP), AX
	TESTQ AX, AX
	JEQ expand
	MOVQ pdbFrame_i(R8), R10
	MOVQ pdbFrame_k(R8), R11
	JMP next

expand:
	INCQ R15
	MOVQ pdbFrame_md(R8), AX
	TESTQ AX, AX
	JEQ found

	// SI: the steps of the node's blank and last move; CX: how many.
	MOVQ pdbFrame_blank(R8), AX
	LEAQ (AX)(AX*4), AX
	ADDQ pdbFrame_prev(R8), AX
	INCQ AX
	MOVBQZX pdbKernel_nsteps(DI)(AX*1), CX
	SHLQ $6, AX // 4 steps of 16 bytes
	LEAQ pdbKernel_steps(DI)(AX*1), SI
	LEAQ pdbFrame_kids(R8), R10
	TESTQ CX, CX
	JEQ listed
	CMPQ pdbKernel_sparse(DI), $0
	JNE listsparse

list:
	MOVL pdbStep_to(SI), AX // to, rto, dir
	MOVL AX, pdbKid_to(R10)
	MOVBQZX AX, AX
	MOVBQZX pdbKernel_cells(DI)(AX*1), BX // the tile t
	LEAQ (BX)(BX*2), R11
	LEAQ pdbKernel_tiles(DI)(R11*8), R11 // &tiles[t]
	MOVWQZX pdbStep_mdrow(SI), R13
	ADDQ BX, R13
	MOVBQZX pdbKernel_mdstep(DI)(R13*1), R13
	MOVB R13, pdbKid_dmd(R10)
	MOVL pdbTile_label(R11), AX // tile, pat, rpat, rlab
	MOVL AX, pdbKid_tile(R10)
	MOVBQZX pdbTile_pat(R11), DX

	// The rank of the pattern of t after the move, and the same in the
	// reflection.
	MOVQ BX, R12
	SHLQ $9, R12
	LEAQ pdbKernel_between(DI)(R12*1), R12 // between[t]
	RANK_AFTER(pdbKernel_cells, pdbStep_pass, pdbStep_delta, pdbTile_weight, pdbKernel_rank, pdbKid_rank)
	MOVBQZX pdbTile_rpat(R11), DX
	MOVBQZX pdbTile_rlab(R11), R12
	SHLQ $9, R12
	LEAQ pdbKernel_between(DI)(R12*1), R12 // between[rlabel]
	RANK_AFTER(pdbKernel_rcells, pdbStep_rpass, pdbStep_rdelta, pdbTile_rweight, pdbKernel_rrank, pdbKid_rrank)

	ADDQ $pdbStep__size, SI
	ADDQ $pdbKid__size, R10
	DECQ CX
	JNE list
	JMP listed

listsparse:
	// The same as list, with sparse indices.
	MOVL pdbStep_to(SI), AX // to, rto, dir
	MOVL AX, pdbKid_to(R10)
	MOVBQZX AX, AX
	MOVBQZX pdbKernel_cells(DI)(AX*1), BX // the tile t
	LEAQ (BX)(BX*2), R11
	LEAQ pdbKernel_tiles(DI)(R11*8), R11 // &tiles[t]
	MOVWQZX pdbStep_mdrow(SI), R13
	ADDQ BX, R13
	MOVBQZX pdbKernel_mdstep(DI)(R13*1), R13
	MOVB R13, pdbKid_dmd(R10)
	MOVL pdbTile_label(R11), AX // tile, pat, rpat, rlab
	MOVL AX, pdbKid_tile(R10)
	MOVBQZX pdbTile_pat(R11), DX
	SPARSE_AFTER(pdbStep_delta, pdbTile_weight, pdbKernel_rank, pdbKid_rank)
	MOVBQZX pdbTile_rpat(R11), DX
	SPARSE_AFTER(pdbStep_rdelta, pdbTile_rweight, pdbKernel_rrank, pdbKid_rrank)
	ADDQ $pdbStep__size, SI
	ADDQ $pdbKid__size, R10
	DECQ CX
	JNE listsparse

listed:
	MOVQ R10, R11
	LEAQ pdbFrame_kids(R8), R10
	TESTQ $const_pollMask, R15
	JNE next
	MOVQ R10, pdbFrame_i(R8)
	MOVQ R11, pdbFrame_k(R8)
	MOVQ R9, pdbKernel_depth(DI)
	MOVQ R15, pdbKernel_exp(DI)
	MOVQ $const_iterPaused, ret+16(FP)
	RET

next:
	CMPQ R10, R11 // the child, and the end of the children
	JEQ pop
	INCQ pdbKernel_gen(DI)

	// R12: its Manhattan distance.
	MOVBQSX pdbKid_dmd(R10), R12
	ADDQ pdbFrame_md(R8), R12

	// SI: the entry of its pattern; R13: the sum; AX: the heuristic.
	MOVBQZX pdbKid_pat(R10), DX
	MOVQ pdbKid_rank(R10), CX
	ENTRY(SI)
	MOVQ pdbFrame_sum(R8), R13
	SUBQ pdbKernel_vals(DI)(DX*8), R13
	ADDQ SI, R13
	LEAQ (R12)(R13*2), AX

	CMPQ AX, R14
	JGT prune

	// BX: the entry in the reflection; CX: the sum there.
	MOVBQZX pdbKid_rpat(R10), DX
	MOVQ pdbKid_rrank(R10), CX
	ENTRY(BX)
	MOVQ pdbFrame_rsum(R8), CX
	SUBQ pdbKernel_rvals(DI)(DX*8), CX
	ADDQ BX, CX
	LEAQ (R12)(CX*2), DX
	CMPQ DX, AX
	CMOVQGT DX, AX
	CMPQ AX, R14
	JGT prune

	// Play the move, keeping what it replaces in the frame.
	PLAY_ENTRY(pdbKid_pat, pdbKid_rank, pdbKernel_rank, pdbKernel_vals, pdbFrame_urank, pdbFrame_uval, SI)
	PLAY_ENTRY(pdbKid_rpat, pdbKid_rrank, pdbKernel_rrank, pdbKernel_rvals, pdbFrame_urrank, pdbFrame_urval, BX)

	MOVBQZX pdbKid_tile(R10), BX
	MOVQ pdbFrame_blank(R8), AX
	MOVB BX, pdbKernel_cells(DI)(AX*1)
	MOVBQZX pdbKid_to(R10), SI
	MOVB $0, pdbKernel_cells(DI)(SI*1)
	MOVBQZX pdbKid_rlab(R10), AX
	MOVQ pdbFrame_rblank(R8), DX
	MOVB AX, pdbKernel_rcells(DI)(DX*1)
	MOVBQZX pdbKid_rto(R10), DX
	MOVB $0, pdbKernel_rcells(DI)(DX*1)
	MOVBQZX pdbKid_dir(R10), AX
	MOVB AX, pdbKernel_path(DI)(R9*1)

	// Push the child's frame, keeping where the node's children stand.
	LEAQ pdbKid__size(R10), BX
	MOVQ BX, pdbFrame_i(R8)
	MOVQ R11, pdbFrame_k(R8)
	INCQ R9
	DECQ R14
	ADDQ $pdbFrame__size, R8
	MOVQ SI, pdbFrame_blank(R8)
	MOVQ DX, pdbFrame_rblank(R8)
	MOVQ AX, pdbFrame_prev(R8)
	MOVQ R12, pdbFrame_md(R8)
	MOVQ R13, pdbFrame_sum(R8)
	MOVQ CX, pdbFrame_rsum(R8)
	JMP expand

prune:
	// AX: the heuristic; the child's f = g+1+h may be the next bound.
	LEAQ 1(R9)(AX*1), AX
	ADDQ $pdbKid__size, R10
	CMPQ AX, pdbKernel_next(DI)
	JGE next
	MOVQ AX, pdbKernel_next(DI)
	JMP next

pop:
	TESTQ R9, R9
	JEQ exhausted
	DECQ R9
	INCQ R14
	SUBQ $pdbFrame__size, R8
	MOVQ pdbFrame_i(R8), R10
	MOVQ pdbFrame_k(R8), R11
	SUBQ $pdbKid__size, R10 // the move in play
	MOVBQZX pdbKid_tile(R10), BX
	MOVQ pdbFrame_blank(R8), AX
	MOVB $0, pdbKernel_cells(DI)(AX*1)
	MOVBQZX pdbKid_to(R10), AX
	MOVB BX, pdbKernel_cells(DI)(AX*1)
	MOVBQZX pdbKid_rlab(R10), AX
	MOVBQZX pdbKid_rto(R10), DX
	MOVB AX, pdbKernel_rcells(DI)(DX*1)
	MOVQ pdbFrame_rblank(R8), DX
	MOVB $0, pdbKernel_rcells(DI)(DX*1)
	UNDO_ENTRY(pdbKid_pat, pdbKernel_rank, pdbKernel_vals, pdbFrame_urank, pdbFrame_uval)
	UNDO_ENTRY(pdbKid_rpat, pdbKernel_rrank, pdbKernel_rvals, pdbFrame_urrank, pdbFrame_urval)
	ADDQ $pdbKid__size, R10
	JMP next

found:
	MOVQ R15, pdbKernel_exp(DI)
	MOVQ R9, ret+16(FP)
	RET

exhausted:
	MOVQ R15, pdbKernel_exp(DI)
	MOVQ $const_iterExhausted, ret+16(FP)
	RET
