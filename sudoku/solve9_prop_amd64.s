//go:build amd64 && !purego

#include "textflag.h"

// The AVX-512 form of propagate (solve9.go): every pass applies all the
// deductions of the Go loop to all 27 (digit, band) words at once, and the
// loop ends when nothing after the band filter of a pass changes a word. Z0 holds digits 1..8 of band 0
// (lanes 0..7) and of band 1 (lanes 8..15); Z1 digits 1..8 of band 2
// (lanes 0..7), digit 9 of bands 0, 1, 2 (lanes 8..10) and, in lanes 11..15,
// a full word that no deduction changes. Z2 and Z3 hold, in each lane, the
// unplaced cells of that lane's band (0 in the spare lanes). K1 marks the
// lanes of Z1 in use.
//
// Constants: Z16 minirow bits, Z17 and Z18 the masks of the box rotations,
// Z19 0x1FF, Z20 0x049, Z21 0x124, Z22 the low bit of each row, Z23..Z26
// the masks of the row carry test, Z27 and Z28 the indexes of the other
// bands' lanes for Z1, Z29 and Z30 digit 9's lane of each band, Z31 the
// band totals for the lanes of Z1.

// The ternary-logic immediates below are for VPTERNLOGD $imm, C, B, A,
// which sets A to f(A, B, C): 0xFE is A|B|C, 0xF8 A|(B&C), 0xE0 A&(B|C),
// 0x10 A&^(B|C), 0xD8 C ? B : A, 0x08 B&C&^A, 0xB0 A&(C|^B), 0xA8 (A|B)&C,
// 0x80 A&B&C, 0x40 A&B&^C.

// PERMF keeps in X only the minirows that belong to a placement of the
// digit in the band (see the AVX2 sweep, solve9_spread_amd64.s).
#define PERMF(X) \
	VPSRLD $1, X, Z6; VPSRLD $2, X, Z7; VPTERNLOGD $0xFE, Z7, X, Z6; VPANDD Z16, Z6, Z6; \
	VPSRLD $3, Z6, Z7; VPSLLD $6, Z6, Z8; VPTERNLOGD $0xD8, Z17, Z8, Z7; \
	VPSRLD $6, Z6, Z8; VPSLLD $3, Z6, Z9; VPTERNLOGD $0xD8, Z18, Z9, Z8; \
	VPSRLD $9, Z7, Z9; VPSLLD $18, Z7, Z10; VPORD Z10, Z9, Z9; \
	VPSRLD $18, Z8, Z10; VPSLLD $9, Z8, Z11; VPTERNLOGD $0xE0, Z11, Z10, Z9; \
	VPSRLD $9, Z8, Z10; VPSLLD $18, Z8, Z11; VPORD Z11, Z10, Z10; \
	VPSRLD $18, Z7, Z11; VPSLLD $9, Z7, Z7; VPTERNLOGD $0xE0, Z7, Z11, Z10; \
	VPTERNLOGD $0xE0, Z10, Z9, Z6; \
	VPSLLD $1, Z6, Z7; VPSLLD $2, Z6, Z8; VPTERNLOGD $0xFE, Z8, Z7, Z6; \
	VPANDD Z6, X, X

// COLS sets C to the columns of X that hold a candidate.
#define COLS(X, C, T) \
	VPSRLD $9, X, C; VPSRLD $18, X, T; VPTERNLOGD $0xFE, T, X, C; VPANDD Z19, C, C

// ALONE sets E to the cells, in all rows, of the columns of C that are the
// only column of their box.
#define ALONE(C, E, T1, T2) \
	VPSRLD $2, C, T1; VPSLLD $1, C, T2; VPTERNLOGD $0xD8, Z20, T1, T2; \
	VPSLLD $2, C, T1; VPSRLD $1, C, E; VPTERNLOGD $0xD8, Z21, T1, E; \
	VPORD T2, E, E; VPANDND C, E, E; \
	VPSLLD $9, E, T1; VPSLLD $18, E, T2; VPTERNLOGD $0xFE, T2, T1, E

// CLAIM sets M to the cells of the band that lose the digit because of
// the columns O whose digit lies in this band only: in each box with such
// a column, the other columns of the box.
#define CLAIM(O, M, T1, T2) \
	VPSRLD $1, O, T1; VPSRLD $2, O, T2; VPORD T1, O, M; VPTERNLOGD $0xA8, Z20, T2, M; \
	VPSLLD $1, M, T1; VPSLLD $2, M, T2; VPTERNLOGD $0xFE, T2, T1, M; \
	VPANDND M, O, M; \
	VPSLLD $9, M, T1; VPSLLD $18, M, T2; VPTERNLOGD $0xFE, T2, T1, M

// SINGLE sets S to the cells of X, in the unplaced cells U, that are alone
// in their row.
#define SINGLE(X, U, S, T) \
	VPSUBD Z22, X, T; VPANDD X, T, T; \
	VPANDD Z23, T, S; VPADDD Z23, S, S; VPANDD Z25, S, S; \
	VPANDD Z24, T, T; VPADDD Z24, T, T; VPTERNLOGD $0xF8, Z26, T, S; \
	VPSRLD $9, S, S; VPSLLD $9, S, T; VPSUBD S, T, T; \
	VPTERNLOGD $0x08, U, X, T; VMOVDQA64 T, S

// ROWS sets M to the full rows of the rows of V that are not empty.
#define ROWS(V, M, T) \
	VPANDD Z23, V, M; VPADDD Z23, M, M; VPANDD Z25, M, M; \
	VPANDD Z24, V, T; VPADDD Z24, T, T; VPTERNLOGD $0xF8, Z26, T, M; \
	VPSRLD $9, M, M; VPSLLD $9, M, T; VPSUBD M, T, M

// COUNT sets ONE to the cells held by one lane or more of V among the
// eight of each half, TWO to those held by two or more, in every lane of
// the half.
#define COUNT(V, ONE, TWO, R1, R2) \
	VPSHUFD $0x4E, V, R1; VPORD R1, V, ONE; VPANDD R1, V, TWO; \
	VSHUFI32X4 $0xB1, ONE, ONE, R1; VSHUFI32X4 $0xB1, TWO, TWO, R2; \
	VPTERNLOGD $0xF8, R1, ONE, R2; VPORD R2, TWO, TWO; VPORD R1, ONE, ONE; \
	VPSHUFD $0xB1, ONE, R1; VPSHUFD $0xB1, TWO, R2; \
	VPTERNLOGD $0xF8, R1, ONE, R2; VPORD R2, TWO, TWO; VPORD R1, ONE, ONE

// MULTI sets T1 to the rows of V that hold two cells or more.
#define MULTI(V, T1, T2, T3) \
	VPANDD Z23, V, T1; VPORD Z25, T1, T1; VPSUBD Z14, T1, T2; VPTERNLOGD $0x80, Z23, T2, T1; \
	VPANDD Z24, V, T2; VPORD Z26, T2, T2; VPSUBD Z15, T2, T3; VPTERNLOGD $0x80, Z24, T3, T2; \
	VPORD T2, T1, T1

// NINE adds digit 9 (lanes of Z1 through the index IDX) to the counts.
#define NINE(V1, IDX, ONE, TWO, T) \
	VPERMD V1, IDX, T; VPTERNLOGD $0xF8, T, ONE, TWO; VPORD T, ONE, ONE

// COUNT3 is COUNT with THREE, the cells held by three lanes or more.
#define COUNT3(V, ONE, TWO, THREE, R1, R2, R3) \
	VPSHUFD $0x4E, V, R1; VPORD R1, V, ONE; VPANDD R1, V, TWO; \
	VSHUFI32X4 $0xB1, ONE, ONE, R1; VSHUFI32X4 $0xB1, TWO, TWO, R2; \
	VPANDD R1, TWO, THREE; VPTERNLOGD $0xF8, R2, ONE, THREE; \
	VPTERNLOGD $0xF8, R1, ONE, R2; VPORD R2, TWO, TWO; VPORD R1, ONE, ONE; \
	VPSHUFD $0xB1, ONE, R1; VPSHUFD $0xB1, TWO, R2; VPSHUFD $0xB1, THREE, R3; \
	VPTERNLOGD $0xF8, R1, TWO, R3; VPTERNLOGD $0xF8, R2, ONE, R3; VPORD R3, THREE, THREE; \
	VPTERNLOGD $0xF8, R1, ONE, R2; VPORD R2, TWO, TWO; VPORD R1, ONE, ONE

// NINE3 is NINE with THREE.
#define NINE3(V1, IDX, ONE, TWO, THREE, T) \
	VPERMD V1, IDX, T; VPTERNLOGD $0xF8, T, TWO, THREE; VPTERNLOGD $0xF8, T, ONE, TWO; VPORD T, ONE, ONE

// SCORE takes the keys of the 16 cells from byte OFF/4 of the cell tables
// into the running maximum Z20, for the cells whose bits are set in the
// low 16 bits of R.
#define SCORE(OFF, R) \
	VPANDD z9Peers0<>+OFF(SB), Z16, Z21; VPOPCNTD Z21, Z21; \
	VPANDD z9Peers1<>+OFF(SB), Z17, Z22; VPOPCNTD Z22, Z22; \
	VPANDD z9Peers2<>+OFF(SB), Z18, Z23; VPOPCNTD Z23, Z23; \
	VPADDD Z22, Z21, Z21; VPADDD Z23, Z21, Z21; VPSLLD $16, Z21, Z21; \
	VPORD z9Key<>+OFF(SB), Z21, Z21; VMOVDQU32 Z21, (S9KEYS+OFF)(DI); KMOVW R, K4; VPMAXUD Z21, Z20, K4, Z20

// MAXKEY sets AX to the largest key of the lanes of Z20.
#define MAXKEY \
	VSHUFI32X4 $0x4E, Z20, Z20, Z21; VPMAXUD Z21, Z20, Z20; \
	VSHUFI32X4 $0xB1, Z20, Z20, Z21; VPMAXUD Z21, Z20, Z20; \
	VPSHUFD $0x4E, Z20, Z21; VPMAXUD Z21, Z20, Z20; \
	VPSHUFD $0xB1, Z20, Z21; VPMAXUD Z21, Z20, Z20; \
	VMOVD X20, AX

// PICK decodes the key in AX: the cell's band in R8 and its bit in the
// band in DX; of its two digits, the one whose word holds more cells of
// the band (the first on a tie), as a lane in R11: lane l of Z0 is bit l,
// lane l of Z1 bit 16+l of R10; a band's lanes are bits 8b..8b+7 and
// 24+b, in the order of their digits.
#define PICK \
	MOVL AX, DX; ANDL $31, DX; \
	MOVL AX, R8; SHRL $5, R8; ANDL $3, R8; \
	MOVL DX, CX; MOVL $1, R9; SHLL CX, R9; VPBROADCASTD R9, Z22; \
	VPTESTMD Z22, Z0, K4; VPTESTMD Z22, Z1, K5; \
	KMOVW K4, R10; KMOVW K5, R11; SHLL $16, R11; ORL R11, R10; \
	LEAL (R8*8), CX; MOVL $0xFF, R11; SHLL CX, R11; \
	LEAL 24(R8), CX; MOVL $1, R12; SHLL CX, R12; ORL R12, R11; \
	ANDL R11, R10; \
	BSFL R10, SI; BSRL R10, R11; \
	MOVL (S9CUR)(DI)(SI*4), R9; MOVL (S9CUR)(DI)(R11*4), R12; \
	CMPL R12, R9; CMOVLLE SI, R11

// BANDSTACK sets AX (cells 0..63) and BX (cells 64..80) to the cells of
// the band R8 and of the stack of the bit DX ((column * 11) >> 5).
#define BANDSTACK \
	IMUL3L $57, DX, R12; SHRL $9, R12; IMUL3L $9, R12, CX; \
	MOVL DX, R9; SUBL CX, R9; IMUL3L $11, R9, R9; SHRL $5, R9; SHLL $4, R9; \
	MOVL R8, CX; SHLL $4, CX; \
	LEAQ z9BandCells<>(SB), R12; MOVQ 0(R12)(CX*1), AX; MOVQ 8(R12)(CX*1), BX; \
	LEAQ z9StackCells<>(SB), R12; ORQ 0(R12)(R9*1), AX; ORQ 8(R12)(R9*1), BX

// KEEP stores the guess in DX, R8, R11 (bit, band, lane) at OFF(DI).
#define KEEP(OFF) \
	MOVL DX, OFF(DI); MOVL R8, OFF+4(DI); MOVL R11, OFF+8(DI)

// FAR sets AX, BX to the cells kept at LO(DI), HI(DI) outside the band
// R8 and the stack of the bit DX, and the zero flag if there are none.
#define FAR(LO, HI) \
	BANDSTACK; NOTQ AX; ANDQ LO(DI), AX; NOTQ BX; ANDQ HI(DI), BX; \
	MOVQ AX, CX; ORQ BX, CX

// BESTOF sets AX to the largest key SCORE kept of the cells in AX, BX.
#define BESTOF \
	VPXORD Z20, Z20, Z20; \
	KMOVW AX, K4; VPMAXUD (S9KEYS+0)(DI), Z20, K4, Z20; SHRQ $16, AX; \
	KMOVW AX, K4; VPMAXUD (S9KEYS+64)(DI), Z20, K4, Z20; SHRQ $16, AX; \
	KMOVW AX, K4; VPMAXUD (S9KEYS+128)(DI), Z20, K4, Z20; SHRQ $16, AX; \
	KMOVW AX, K4; VPMAXUD (S9KEYS+192)(DI), Z20, K4, Z20; \
	KMOVW BX, K4; VPMAXUD (S9KEYS+256)(DI), Z20, K4, Z20; SHRQ $16, BX; \
	KMOVW BX, K4; VPMAXUD (S9KEYS+320)(DI), Z20, K4, Z20; \
	MAXKEY

// DIGIT writes digit D+1 (broadcast in ZD) into the byte lanes of Z0, Z1,
// Z2 (bands 0, 1, 2) where word 3D+b of the state at DI has a bit.
#define DIGIT(D, ZD) \
	MOVL $(D+1), AX; VPBROADCASTB AX, ZD; \
	MOVL (12*D)(DI), AX; KMOVD AX, K1; VMOVDQU8 ZD, K1, Z0; \
	MOVL (12*D+4)(DI), AX; KMOVD AX, K1; VMOVDQU8 ZD, K1, Z1; \
	MOVL (12*D+8)(DI), AX; KMOVD AX, K1; VMOVDQU8 ZD, K1, Z2

// PLACE places the digit of the lane bit L (8b+d in A0, 16 up in A1,
// as in guess) in the cell Z6 of band b: the digit leaves the column Z8
// in every band, the other digits of the band (lanes SI of A0, R8 of
// A1) and the unplaced cells U0, U1 leave the cell, and the digit's lane
// keeps only the cell of Z9, its row, box and column.
#define PLACE(L, A0, A1, U0, U1) \
	MOVL L, AX; SHRL $8, AX; ORL L, AX; MOVL L, BX; SHRL $16, BX; ORL BX, AX; ANDL $0xFF, AX; \
	MOVL AX, CX; SHLL $8, CX; ORL AX, CX; KMOVW CX, K4; \
	XORL CX, CX; MOVL $0x700, DX; TESTL $0x7000000, L; CMOVLNE DX, CX; ORL AX, CX; KMOVW CX, K5; \
	VPANDND A0, Z8, K4, A0; VPANDND A1, Z8, K5, A1; \
	KMOVW SI, K4; KMOVW R8, K5; \
	VPANDND A0, Z6, K4, A0; VPANDND A1, Z6, K5, A1; VPANDND U0, Z6, K4, U0; VPANDND U1, Z6, K5, U1; \
	KMOVW L, K6; MOVL L, AX; SHRL $16, AX; KMOVW AX, K7; \
	VPANDND A0, Z9, K6, A0; VPANDND A1, Z9, K7, A1; VPORD Z6, A0, K6, A0; VPORD Z6, A1, K7, A1

// CONSTS loads the constants of the loop and its masks; RELOAD those
// that the choice of the guess takes as scratch.
#define CONSTS \
	VPBROADCASTD z9MR<>(SB), Z16; \
	VPBROADCASTD z9K2<>(SB), Z17; \
	VPBROADCASTD z9K12<>(SB), Z18; \
	VPBROADCASTD z9M1FF<>(SB), Z19; \
	VPBROADCASTD z9M49<>(SB), Z20; \
	VPBROADCASTD z9M124<>(SB), Z21; \
	VPBROADCASTD z9K0<>(SB), Z22; \
	VPBROADCASTD z9FA<>(SB), Z23; \
	VPBROADCASTD z9FB<>(SB), Z24; \
	VPBROADCASTD z9CA<>(SB), Z25; \
	VPBROADCASTD z9CB<>(SB), Z26; \
	VPBROADCASTD z9SubA<>(SB), Z14; \
	VPBROADCASTD z9SubB<>(SB), Z15; \
	VMOVDQU32 z9IdxP<>(SB), Z27; \
	VMOVDQU32 z9IdxQ<>(SB), Z28; \
	VMOVDQU32 z9IdxD0<>(SB), Z29; \
	VMOVDQU32 z9IdxD1<>(SB), Z30; \
	VMOVDQU32 z9IdxBand<>(SB), Z31; \
	MOVL $0x07FF, AX; \
	KMOVW AX, K1; \
	MOVL $0x3FFF, AX; \
	KMOVW AX, K2; \
	MOVL $0xF800, AX; \
	KMOVW AX, K3

#define RELOAD \
	VPBROADCASTD z9MR<>(SB), Z16; \
	VPBROADCASTD z9K2<>(SB), Z17; \
	VPBROADCASTD z9K12<>(SB), Z18; \
	VPBROADCASTD z9M49<>(SB), Z20; \
	VPBROADCASTD z9M124<>(SB), Z21; \
	VPBROADCASTD z9K0<>(SB), Z22; \
	VPBROADCASTD z9FA<>(SB), Z23; \
	VPBROADCASTD z9FB<>(SB), Z24; \
	VPBROADCASTD z9CA<>(SB), Z25; \
	VPBROADCASTD z9CB<>(SB), Z26; \
	VPBROADCASTD z9SubA<>(SB), Z14

// LOADST sets the registers to the state9 at DI.
#define LOADST \
	VMOVDQU32 0(DI), Z6; \
	VMOVDQU32.Z 64(DI), K2, Z7; \
	VMOVDQU32 z9Ld0<>(SB), Z0; \
	VPERMI2D Z7, Z6, Z0; \
	VMOVDQU32 z9Ld1<>(SB), Z1; \
	VPERMI2D Z7, Z6, Z1; \
	VPBROADCASTD z9Full<>(SB), K3, Z1; \
	VMOVDQU32 z9LdU0<>(SB), Z2; \
	VPERMI2D Z7, Z6, Z2; \
	VMOVDQU32 z9LdU1<>(SB), Z3; \
	VPERMI2D.Z Z7, Z6, K1, Z3

// STORE writes the registers back to the state9 at DI: words 3d+b and
// st.u.
#define STORE \
	VMOVDQU32 z9St0<>(SB), Z6; \
	VPERMI2D Z1, Z0, Z6; \
	VMOVDQU32 Z6, 0(DI); \
	VMOVDQU32 z9St1<>(SB), Z7; \
	VPERMI2D Z1, Z0, Z7; \
	VMOVDQU32 z9StU<>(SB), Z8; \
	VPERMI2D Z3, Z2, Z8; \
	MOVL $0x3800, AX; \
	KMOVW AX, K4; \
	VMOVDQA32 Z8, K4, Z7; \
	VMOVDQU32 Z7, K2, 64(DI)

// The search9 fields (solve9_amd64.go).
#define S9KEY 120
#define S9NODES 128
#define S9DEPTH 136
#define S9SOL 144
#define S9CONTRA 124
#define S9CUR 256
#define S9STACK 512
#define S9KEYS 21248
// Scratch of the choice of a group (in S9CUR, free after the loop): the
// cells with two candidates (two quadwords), the first and second guesses
// (bit, band, lane) and the cells far from the first (two quadwords).
#define S9KEPT 384
#define S9FIRST 400
#define S9SECOND 412
#define S9FAR 424
#define S9PEND 21632
#define S9PENDAT 21636

// func search9AVX512(s *search9, mode uint32) uint32 runs the depth-first
// search of solver9.search from the state that mode names, with the state
// in registers and the other branches of the guesses on s.stack, until it
// must hand over to Go:
//
//   - mode 0 starts at the root, s.st; mode 1 backtracks (after a
//     solution); mode 2 resumes at s.cur (after a node-count check); mode
//     3 guesses at s.st on the cell and digit of s.key (after pickFewest).
//   - It returns 0 when the search is over, 1 with a solution in s.sol, 2
//     every 1024 nodes, for Go to check its context, with the state to go
//     on with in s.cur, and 3 when no cell has two candidates, with the
//     state in s.st, for Go to choose the guess.
//
// Mode 4 is propagate9AVX512: one propagation of s.st, which returns 0 on
// a contradiction (s.st is then undefined), 1 if s.st is solved, 2 if no
// cell has two candidates, and otherwise the key of the guess (unplaced
// peers << 7 | 127 - cell, in the low 16 bits) and the digit to try there,
// less one, above; s.st is the propagated state.
TEXT ·search9AVX512(SB), NOSPLIT, $0-20
	MOVQ s+0(FP), DI
	MOVL mode+8(FP), R13
	CONSTS
	CMPL R13, $1
	JEQ pop
	CMPL R13, $2
	JEQ resume
	LOADST
	CMPL R13, $3
	JNE loop
	MOVL S9KEY(DI), AX
	JMP guess

resume:
	VMOVDQU32 (S9CUR+0)(DI), Z0
	VMOVDQU32 (S9CUR+64)(DI), Z1
	VMOVDQU32 (S9CUR+128)(DI), Z2
	VMOVDQU32 (S9CUR+192)(DI), Z3

loop:
	PERMF(Z0)
	PERMF(Z1)
	// The words are compared at the end of the pass with their state
	// here, after the band filter (kept at S9CUR+128): the filter keeps
	// what it has kept, so when nothing after it changes a word, the next
	// pass would change nothing either, and is not run.
	VMOVDQU32 Z0, (S9CUR+128)(DI)
	VMOVDQU32 Z1, (S9CUR+192)(DI)
	VPTESTNMD Z0, Z0, K4
	VPTESTNMD Z1, Z1, K5
	KORTESTW K4, K5
	JNZ contradiction

	// Pointing: a digit's columns alone in their box leave the other bands.
	COLS(Z0, Z12, Z6)
	COLS(Z1, Z13, Z6)
	ALONE(Z12, Z8, Z6, Z7)
	ALONE(Z13, Z9, Z6, Z7)
	VSHUFI32X4 $0x4E, Z8, Z8, Z6
	VSHUFI32X4 $0x44, Z9, Z9, Z7
	VPTERNLOGD $0x10, Z7, Z6, Z0
	VMOVDQA64 Z8, Z6
	VPERMT2D.Z Z9, Z27, K1, Z6
	VMOVDQA64 Z8, Z7
	VPERMT2D.Z Z9, Z28, K1, Z7
	VPTERNLOGD $0x10, Z7, Z6, Z1

	// Claiming: a digit's columns that lie in one band keep it, in that
	// band, out of the other columns of their box; a column without the
	// digit is a contradiction. The cells to take out wait in Z4, Z5 for
	// the end of the pass, as the hidden singles' below do.
	VSHUFI32X4 $0x4E, Z12, Z12, Z6
	VSHUFI32X4 $0x44, Z13, Z13, Z7
	VMOVDQA64 Z12, Z10
	VPERMT2D.Z Z13, Z27, K1, Z10
	VMOVDQA64 Z12, Z11
	VPERMT2D.Z Z13, Z28, K1, Z11
	VMOVDQA64 Z12, Z8
	VPTERNLOGD $0xFE, Z7, Z6, Z8
	VPCMPUD $4, Z19, Z8, K4
	VMOVDQA64 Z13, Z9
	VPTERNLOGD $0xFE, Z11, Z10, Z9
	VPCMPUD $4, Z19, Z9, K1, K5
	KORTESTW K4, K5
	JNZ contradiction
	VPTERNLOGD $0x10, Z7, Z6, Z12
	VPTERNLOGD $0x10, Z11, Z10, Z13
	CLAIM(Z12, Z8, Z6, Z7)
	CLAIM(Z13, Z9, Z6, Z7)
	VMOVDQA64 Z8, Z4
	VMOVDQA64 Z9, Z5

	// Hidden singles in rows: the new placements leave the other digits
	// of their band, and a cell placed by two digits loses both. They
	// leave the unplaced cells at once, but the words only at the end of
	// the pass (with the claimed cells, in Z4, Z5): the naked singles
	// below need not wait for them, and the pass's chain of dependent
	// instructions, which sets its time, is shorter.
	SINGLE(Z0, Z2, Z12, Z6)
	SINGLE(Z1, Z3, Z13, Z6)
	VPORD Z13, Z12, Z7
	VPTESTMD Z7, Z7, K4
	KORTESTW K4, K4
	JZ naked
	COUNT(Z12, Z8, Z9, Z6, Z7)
	NINE(Z13, Z29, Z8, Z9, Z6)
	COUNT(Z13, Z10, Z11, Z6, Z7)
	NINE(Z13, Z30, Z10, Z11, Z6)
	VMOVDQA64 Z31, Z6
	VPERMI2D.Z Z10, Z8, K1, Z6
	VMOVDQA64 Z31, Z7
	VPERMI2D.Z Z11, Z9, K1, Z7
	VPANDND Z2, Z8, Z2
	VPTERNLOGD $0xD8, Z12, Z9, Z8
	VPORD Z8, Z4, Z4
	VPANDND Z3, Z6, Z3
	VPTERNLOGD $0xD8, Z13, Z7, Z6
	VPORD Z6, Z5, Z5

	// Naked singles: a cell left with one digit keeps the digit's row to
	// itself; a cell left with none is a contradiction.
naked:
	COUNT(Z0, Z8, Z9, Z6, Z7)
	NINE(Z1, Z29, Z8, Z9, Z6)
	COUNT(Z1, Z10, Z11, Z6, Z7)
	NINE(Z1, Z30, Z10, Z11, Z6)
	VPANDND Z2, Z8, Z6
	VPTESTMD Z6, Z6, K4
	MOVL $0x00FF, AX
	KMOVW AX, K6
	VPANDND Z3, Z10, Z7
	VPTESTMD Z7, Z7, K6, K5
	KORTESTW K4, K5
	JNZ contradiction
	VPANDND Z2, Z9, Z12
	VPANDD Z0, Z12, Z12
	VMOVDQA64 Z31, Z6
	VPERMI2D.Z Z11, Z9, K1, Z6
	VPANDND Z3, Z6, Z13
	VPANDD Z1, Z13, Z13
	VPORD Z13, Z12, Z7
	VPTESTMD Z7, Z7, K4
	KORTESTW K4, K4
	JZ same
	MULTI(Z12, Z6, Z7, Z8)
	MULTI(Z13, Z9, Z7, Z8)
	VPTESTMD Z6, Z6, K4
	VPTESTMD Z9, Z9, K5
	KORTESTW K4, K5
	JNZ contradiction
	ROWS(Z12, Z8, Z6)
	VPTERNLOGD $0xB0, Z12, Z8, Z0
	ROWS(Z13, Z8, Z6)
	VPTERNLOGD $0xB0, Z13, Z8, Z1

	// The claimed cells and the hidden singles' out of the words, and
	// again while a word changed since the band filter.
same:
	VPANDND Z0, Z4, Z0
	VPANDND Z1, Z5, Z1
	VPCMPUD $4, (S9CUR+128)(DI), Z0, K4
	VPCMPUD $4, (S9CUR+192)(DI), Z1, K5
	KORTESTW K4, K5
	JNZ loop

	// Solved if no cell is left unplaced.
	VPTESTMD Z2, Z2, K4
	VPTESTMD Z3, Z3, K5
	KORTESTW K4, K5
	JZ solved
	// The cells of each lane's word, for the choice of the digit below,
	// lane l of Z0 at S9CUR+4l, of Z1 at S9CUR+64+4l.
	VPOPCNTD Z0, Z24
	VPOPCNTD Z1, Z25
	VMOVDQU32 Z24, (S9CUR)(DI)
	VMOVDQU32 Z25, (S9CUR+64)(DI)

	// The cells with two candidates: bands 0 and 1 in lanes 0 and 8 of
	// Z9, band 2 in lane 0 of Z13.
	COUNT3(Z0, Z8, Z9, Z10, Z6, Z7, Z11)
	NINE3(Z1, Z29, Z8, Z9, Z10, Z6)
	COUNT3(Z1, Z12, Z13, Z14, Z6, Z7, Z11)
	NINE3(Z1, Z30, Z12, Z13, Z14, Z6)
	VPTERNLOGD $0x40, Z10, Z2, Z9
	VPTERNLOGD $0x40, Z14, Z3, Z13
	VMOVD X9, AX
	VEXTRACTI32X4 $2, Z9, X11
	VMOVD X11, BX
	VMOVD X13, CX
	SHLQ $27, BX
	ORQ BX, AX
	MOVQ CX, DX
	SHLQ $54, DX
	ORQ DX, AX
	SHRQ $10, CX
	MOVQ AX, DX
	ORQ CX, DX
	JZ nobivalue

	// Of those, the one that sees the most unplaced cells, and the first
	// of them: the largest key (peers << 16 | (127 - cell) << 8, with the
	// cell's band << 5 | its bit in the band below) over 16 cells at a
	// time. The cells (AX for 0..63, CX for 64..80) wait in the scratch
	// for the choice of a second guess.
	MOVQ AX, S9KEPT(DI)
	MOVQ CX, S9KEPT+8(DI)
	VPBROADCASTD X2, Z16
	VSHUFI32X4 $0xAA, Z2, Z2, Z17
	VPSHUFD $0, Z17, Z17
	VPBROADCASTD X3, Z18
	VPXORD Z20, Z20, Z20
	SCORE(0, AX)
	SHRQ $16, AX
	SCORE(64, AX)
	SHRQ $16, AX
	SCORE(128, AX)
	SHRQ $16, AX
	SCORE(192, AX)
	SCORE(256, CX)
	SHRQ $16, CX
	SCORE(320, CX)
	MAXKEY
	PICK
	CMPL R13, $4
	JNE pair
	// Mode 4: the digit, less one, in bits 16 up of the key, and the state.
	MOVL R11, CX
	ANDL $7, CX
	MOVL $8, R9
	CMPL R11, $24
	CMOVLCC R9, CX
	SHLL $16, CX
	// The key as Go reads it: peers << 7 | 127 - cell.
	MOVL AX, R9
	SHRL $16, R9
	SHLL $7, R9
	ORL R9, CX
	SHRL $8, AX
	ANDL $127, AX
	ORL AX, CX
	STORE
	VZEROUPPER
	MOVL CX, ret+16(FP)
	RET

	// Until the search meets a contradiction, up to two more guesses go
	// with the first (solver9.farGuesses): the best of the cells with two
	// candidates in a band and stack that the group does not use yet, by
	// the keys SCORE kept. They wait in S9PENDAT, the next to place last.
pair:
	CMPL S9CONTRA(DI), $0
	JNE place
	KEEP(S9FIRST)
	FAR(S9KEPT, S9KEPT+8)
	JZ first
	MOVQ AX, S9FAR(DI)
	MOVQ BX, S9FAR+8(DI)
	BESTOF
	PICK
	KEEP(S9SECOND)
	MOVL $1, S9PEND(DI)
	FAR(S9FAR, S9FAR+8)
	JZ second
	BESTOF
	PICK
	KEEP(S9PENDAT)
	MOVL $2, S9PEND(DI)
second:
	// The second guess, in the slot S9PEND says.
	MOVL S9PEND(DI), CX
	DECL CX
	IMUL3L $12, CX, CX
	LEAQ S9PENDAT(DI), BX
	MOVL S9SECOND(DI), AX
	MOVL AX, 0(BX)(CX*1)
	MOVL S9SECOND+4(DI), AX
	MOVL AX, 4(BX)(CX*1)
	MOVL S9SECOND+8(DI), AX
	MOVL AX, 8(BX)(CX*1)
first:
	MOVL S9FIRST(DI), DX
	MOVL S9FIRST+4(DI), R8
	MOVL S9FIRST+8(DI), R11
	JMP place

	// The guess of the key in AX: the digit placed in the cell, and the
	// other branch, without the digit in the cell, on the stack.
guess:
	MOVL AX, SI
	ANDL $127, SI
	MOVL $127, DX
	SUBL SI, DX
	IMUL3L $1214, DX, R8
	SHRL $15, R8 // the band
	IMUL3L $27, R8, R9
	SUBL R9, DX // the cell's bit in the band
	MOVL AX, R10
	SHRL $16, R10 // the digit, less one
	// Its lane: 8b+d for digits 1..8 (Z0, then Z1 from 16), 24+b for 9.
	LEAL (R10)(R8*8), R11
	LEAL 24(R8), R12
	CMPL R10, $8
	CMOVLEQ R12, R11
	// The guess of the band R8, the cell's bit DX and the lane R11.
place:
	MOVL R11, CX
	MOVL $1, R11
	SHLL CX, R11
	KMOVW R11, K6
	MOVL R11, CX
	SHRL $16, CX
	KMOVW CX, K7
	// The cell (Z6), its column in all rows (Z8), and the cells that a
	// digit placed there leaves in its band: its row, box and column (Z9).
	MOVL DX, CX
	MOVL $1, R9
	SHLL CX, R9
	VPBROADCASTD R9, Z6
	IMUL3L $57, DX, R12
	SHRL $9, R12 // its row
	IMUL3L $9, R12, CX
	SUBL CX, DX // its column
	MOVL $0x1FF, R12
	SHLL CX, R12
	MOVL DX, CX
	MOVL $0x40201, AX
	SHLL CX, AX
	VPBROADCASTD AX, Z8
	ORL AX, R12
	IMUL3L $11, DX, BX
	SHRL $5, BX // its box
	LEAL (BX)(BX*2), CX
	MOVL $0x1C0E07, BX
	SHLL CX, BX
	ORL BX, R12
	VPBROADCASTD R12, Z9
	// The band's lanes: 8b..8b+7 of Z0 (in SI) and 8+b of Z1 (in R8),
	// with 0..7 of Z1 for band 2.
	LEAL (R8*8), CX
	MOVL $0xFF, SI
	SHLL CX, SI
	MOVL R8, CX
	MOVL $0x100, BX
	SHLL CX, BX
	MOVL $0x4FF, R9
	CMPL R8, $2
	CMOVLEQ R9, BX
	MOVL BX, R8
	KMOVW SI, K4
	KMOVW R8, K5
	// The other branch (Z10..Z13), and the lanes where its cell keeps a
	// digit (R12): one when the cell had two, and that digit is placed.
	VMOVDQA64 Z0, Z10
	VPANDND Z0, Z6, K6, Z10
	VMOVDQA64 Z1, Z11
	VPANDND Z1, Z6, K7, Z11
	VMOVDQA64 Z2, Z12
	VMOVDQA64 Z3, Z13
	VPTESTMD Z6, Z10, K4, K3
	KMOVW K3, R12
	VPTESTMD Z6, Z11, K5, K3
	KMOVW K3, AX
	SHLL $16, AX
	ORL AX, R12
	PLACE(R11, Z0, Z1, Z2, Z3)
	POPCNTL R12, AX
	CMPL AX, $1
	JNE push
	PLACE(R12, Z10, Z11, Z12, Z13)
push:
	MOVQ S9DEPTH(DI), BX
	LEAQ 1(BX), CX
	MOVQ CX, S9DEPTH(DI)
	SHLQ $8, BX
	LEAQ S9STACK(DI)(BX*1), BX
	VMOVDQU32 Z10, 0(BX)
	VMOVDQU32 Z11, 64(BX)
	VMOVDQU32 Z12, 128(BX)
	VMOVDQU32 Z13, 192(BX)
	// The next guess of a group, placed on the ones before: its other
	// branch goes on the stack above theirs.
	MOVL S9PEND(DI), CX
	TESTL CX, CX
	JZ placed
	DECL CX
	MOVL CX, S9PEND(DI)
	IMUL3L $12, CX, CX
	LEAQ S9PENDAT(DI), BX
	MOVL 0(BX)(CX*1), DX
	MOVL 4(BX)(CX*1), R8
	MOVL 8(BX)(CX*1), R11
	JMP place
placed:
	RELOAD
	JMP node

contradiction:
	CMPL R13, $4
	JEQ ret0
	MOVL $1, S9CONTRA(DI)
	// Back to the last branch left on the stack.
pop:
	MOVQ S9DEPTH(DI), BX
	TESTQ BX, BX
	JZ ret0
	DECQ BX
	MOVQ BX, S9DEPTH(DI)
	SHLQ $8, BX
	LEAQ S9STACK(DI)(BX*1), BX
	VMOVDQU32 0(BX), Z0
	VMOVDQU32 64(BX), Z1
	VMOVDQU32 128(BX), Z2
	VMOVDQU32 192(BX), Z3

	// A node: counted, and every 1024 a hand-over to Go.
node:
	MOVQ S9NODES(DI), AX
	INCQ AX
	MOVQ AX, S9NODES(DI)
	TESTQ $1023, AX
	JNZ loop
	VMOVDQU32 Z0, (S9CUR+0)(DI)
	VMOVDQU32 Z1, (S9CUR+64)(DI)
	VMOVDQU32 Z2, (S9CUR+128)(DI)
	VMOVDQU32 Z3, (S9CUR+192)(DI)
	VZEROUPPER
	MOVL $2, ret+16(FP)
	RET

nobivalue:
	STORE
	VZEROUPPER
	MOVL $2, AX
	MOVL $3, BX
	CMPL R13, $4
	CMOVLNE BX, AX
	MOVL AX, ret+16(FP)
	RET

solved:
	STORE
	CMPL R13, $4
	JEQ ret1
	LEAQ S9SOL(DI), SI
	VPXORD Z0, Z0, Z0
	VPXORD Z1, Z1, Z1
	VPXORD Z2, Z2, Z2
	DIGIT(0, Z3)
	DIGIT(1, Z4)
	DIGIT(2, Z5)
	DIGIT(3, Z6)
	DIGIT(4, Z7)
	DIGIT(5, Z8)
	DIGIT(6, Z9)
	DIGIT(7, Z10)
	DIGIT(8, Z11)
	MOVL $0x7FFFFFF, AX
	KMOVQ AX, K2
	VMOVDQU8 Z0, K2, 0(SI)
	VMOVDQU8 Z1, K2, 27(SI)
	VMOVDQU8 Z2, K2, 54(SI)
ret1:
	VZEROUPPER
	MOVL $1, ret+16(FP)
	RET

ret0:
	VZEROUPPER
	MOVL $0, ret+16(FP)
	RET

// VALUE stores the cells of value V, band by band, at OFF(DI): the
// cells compared in Z0 (bytes 0..63) and Z1 (64..80).
#define VALUE(V, OFF) \
	MOVL $V, AX; VPBROADCASTB AX, Z2; VPCMPEQB Z2, Z0, K4; VPCMPEQB Z2, Z1, K5; \
	KMOVQ K4, R8; KMOVQ K5, R9; \
	MOVQ R8, R10; ANDQ R12, R10; MOVL R10, OFF(DI); \
	MOVQ R8, R10; SHRQ $27, R10; ANDQ R12, R10; MOVL R10, OFF+4(DI); \
	SHRQ $54, R8; SHLQ $10, R9; ORQ R9, R8; ANDQ R12, R8; MOVL R8, OFF+8(DI)

// GIVEN checks the givens G of the lanes of one register (one digit in
// one band each) for two in a row or in a box, and sets F to the cells
// left to the digit: the unplaced cells U but the rows and boxes of its
// givens and the columns AC (all rows), and its givens.
#define GIVEN(G, U, AC, F, T1, T2, T3) \
	MULTI(G, T1, T2, T3); VPTESTMD T1, T1, K4; KORTESTW K4, K4; JNZ bad; \
	VPSRLD $1, G, T1; VPSRLD $2, G, T2; VPORD T1, G, F; VPTERNLOGD $0xA8, Z16, T2, F; \
	VPSRLD $9, F, T1; VPSRLD $18, F, T2; VPORD T2, T1, T1; VPANDD F, T1, T1; \
	VPANDD Z17, G, T2; VPSRLD $1, G, T3; VPTERNLOGD $0xF8, T3, T2, T1; \
	VPANDD Z16, G, T2; VPSRLD $2, G, T3; VPTERNLOGD $0xF8, T3, T2, T1; \
	VPTESTMD T1, T1, K4; KORTESTW K4, K4; JNZ bad; \
	COLS(G, T1, T2); \
	VPSRLD $1, T1, T2; VPSRLD $2, T1, T3; VPTERNLOGD $0xFE, T3, T2, T1; VPANDD Z20, T1, T1; \
	VPSLLD $1, T1, T2; VPSLLD $2, T1, T3; VPTERNLOGD $0xFE, T3, T2, T1; \
	VPORD AC, T1, T1; \
	VPSLLD $9, T1, T2; VPSLLD $18, T1, T3; VPTERNLOGD $0xFE, T3, T2, T1; \
	ROWS(G, T2, T3); VPORD T2, T1, T1; \
	VPANDND U, T1, F; VPORD G, F, F

// func givens9AVX512(cells *[81]uint8, st *state9) bool sets st to the grid of
// the 81 values at cells, as setGivens does, after checking them as the
// Go code does: a value over 9, or a digit given twice in a row, column or
// box, gives false and leaves st undefined.
TEXT ·givens9AVX512(SB), NOSPLIT, $0-17
	MOVQ cells+0(FP), SI
	MOVQ st+8(FP), DI
	VMOVDQU8 0(SI), Z0
	MOVL $0x1FFFF, AX
	KMOVQ AX, K3
	VMOVDQU8.Z 64(SI), K3, Z1
	MOVL $9, AX
	VPBROADCASTB AX, Z2
	VPCMPUB $6, Z2, Z0, K4
	VPCMPUB $6, Z2, Z1, K5
	KORTESTQ K4, K5
	JNZ bad
	MOVQ $0x7FFFFFF, R12
	VALUE(0, 108)
	VALUE(1, 0)
	VALUE(2, 12)
	VALUE(3, 24)
	VALUE(4, 36)
	VALUE(5, 48)
	VALUE(6, 60)
	VALUE(7, 72)
	VALUE(8, 84)
	VALUE(9, 96)

	VPBROADCASTD z9MR<>(SB), Z16
	VPBROADCASTD z9Pair1<>(SB), Z17
	VPBROADCASTD z9M1FF<>(SB), Z19
	VPBROADCASTD z9M49<>(SB), Z20
	VPBROADCASTD z9FA<>(SB), Z23
	VPBROADCASTD z9FB<>(SB), Z24
	VPBROADCASTD z9CA<>(SB), Z25
	VPBROADCASTD z9CB<>(SB), Z26
	VPBROADCASTD z9SubA<>(SB), Z14
	VPBROADCASTD z9SubB<>(SB), Z15
	VMOVDQU32 z9IdxP<>(SB), Z27
	VMOVDQU32 z9IdxQ<>(SB), Z28
	MOVL $0x07FF, AX
	KMOVW AX, K1
	MOVL $0x3FFF, AX
	KMOVW AX, K2
	VMOVDQU32 0(DI), Z6
	VMOVDQU32.Z 64(DI), K2, Z7
	VMOVDQU32 z9Ld0<>(SB), Z0
	VPERMI2D Z7, Z6, Z0
	VMOVDQU32 z9Ld1<>(SB), Z1
	VPERMI2D.Z Z7, Z6, K1, Z1
	VMOVDQU32 z9LdU0<>(SB), Z2
	VPERMI2D Z7, Z6, Z2
	VMOVDQU32 z9LdU1<>(SB), Z3
	VPERMI2D.Z Z7, Z6, K1, Z3

	// Columns: a digit's column given in two bands is a clash; all its
	// given columns leave every band.
	COLS(Z0, Z12, Z6)
	COLS(Z1, Z13, Z6)
	VSHUFI32X4 $0x4E, Z12, Z12, Z6
	VSHUFI32X4 $0x44, Z13, Z13, Z7
	VPORD Z7, Z6, Z10
	VMOVDQA64 Z12, Z6
	VPERMT2D.Z Z13, Z27, K1, Z6
	VMOVDQA64 Z12, Z7
	VPERMT2D.Z Z13, Z28, K1, Z7
	VPORD Z7, Z6, Z11
	VPTESTMD Z10, Z12, K4
	VPTESTMD Z11, Z13, K5
	KORTESTW K4, K5
	JNZ bad
	GIVEN(Z0, Z2, Z10, Z4, Z6, Z7, Z8)
	GIVEN(Z1, Z3, Z11, Z5, Z6, Z7, Z8)

	VMOVDQU32 z9St0<>(SB), Z6
	VPERMI2D Z5, Z4, Z6
	VMOVDQU32 Z6, 0(DI)
	VMOVDQU32 z9St1<>(SB), Z7
	VPERMI2D Z5, Z4, Z7
	MOVL $0x07FF, AX
	KMOVW AX, K4
	VMOVDQU32 Z7, K4, 64(DI)
	VZEROUPPER
	MOVB $1, ret+16(FP)
	RET

bad:
	VZEROUPPER
	MOVB $0, ret+16(FP)
	RET

// func solution9AVX512(st *state9, sol *[81]uint8) writes the grid of a
// solved state, as record does.
TEXT ·solution9AVX512(SB), NOSPLIT, $0-16
	MOVQ st+0(FP), DI
	MOVQ sol+8(FP), SI
	VPXORD Z0, Z0, Z0
	VPXORD Z1, Z1, Z1
	VPXORD Z2, Z2, Z2
	DIGIT(0, Z3)
	DIGIT(1, Z4)
	DIGIT(2, Z5)
	DIGIT(3, Z6)
	DIGIT(4, Z7)
	DIGIT(5, Z8)
	DIGIT(6, Z9)
	DIGIT(7, Z10)
	DIGIT(8, Z11)
	MOVL $0x7FFFFFF, AX
	KMOVQ AX, K2
	VMOVDQU8 Z0, K2, 0(SI)
	VMOVDQU8 Z1, K2, 27(SI)
	VMOVDQU8 Z2, K2, 54(SI)
	VZEROUPPER
	RET

// func cpuAVX512() bool reports whether the processor and the system
// support AVX-512 F, BW, VPOPCNTDQ and VBMI (rectangle9AVX512's byte
// permutations; every processor with VPOPCNTDQ but Knights Mill has it).
TEXT ·cpuAVX512(SB), NOSPLIT, $0-1
	MOVL $0, AX
	XORL CX, CX
	CPUID
	CMPL AX, $7
	JB no
	MOVL $1, AX
	XORL CX, CX
	CPUID
	ANDL $0x08000000, CX // OSXSAVE
	CMPL CX, $0x08000000
	JNE no
	XORL CX, CX
	XGETBV
	ANDL $0xE6, AX // XMM, YMM, opmask and ZMM states saved by the system
	CMPL AX, $0xE6
	JNE no
	MOVL $7, AX
	XORL CX, CX
	CPUID
	BTL $16, BX // AVX-512 F
	JCC no
	BTL $30, BX // AVX-512 BW
	JCC no
	BTL $14, CX // AVX-512 VPOPCNTDQ
	JCC no
	BTL $1, CX // AVX-512 VBMI
	JCC no
	MOVB $1, ret+0(FP)
	RET
no:
	MOVB $0, ret+0(FP)
	RET

DATA z9MR<>+0(SB)/4, $0x01249249
GLOBL z9MR<>(SB), RODATA|NOPTR, $4
DATA z9K2<>+0(SB)/4, $0x01008040
GLOBL z9K2<>(SB), RODATA|NOPTR, $4
DATA z9K12<>+0(SB)/4, $0x01209048
GLOBL z9K12<>(SB), RODATA|NOPTR, $4
DATA z9M1FF<>+0(SB)/4, $0x000001ff
GLOBL z9M1FF<>(SB), RODATA|NOPTR, $4
DATA z9M49<>+0(SB)/4, $0x00000049
GLOBL z9M49<>(SB), RODATA|NOPTR, $4
DATA z9M124<>+0(SB)/4, $0x00000124
GLOBL z9M124<>(SB), RODATA|NOPTR, $4
DATA z9K0<>+0(SB)/4, $0x00040201
GLOBL z9K0<>(SB), RODATA|NOPTR, $4
DATA z9FA<>+0(SB)/4, $0x07fc01ff
GLOBL z9FA<>(SB), RODATA|NOPTR, $4
DATA z9FB<>+0(SB)/4, $0x0003fe00
GLOBL z9FB<>(SB), RODATA|NOPTR, $4
DATA z9CA<>+0(SB)/4, $0x08000200
GLOBL z9CA<>(SB), RODATA|NOPTR, $4
DATA z9CB<>+0(SB)/4, $0x00040000
GLOBL z9CB<>(SB), RODATA|NOPTR, $4
DATA z9SubA<>+0(SB)/4, $0x00040001
GLOBL z9SubA<>(SB), RODATA|NOPTR, $4
DATA z9SubB<>+0(SB)/4, $0x00000200
GLOBL z9SubB<>(SB), RODATA|NOPTR, $4
DATA z9Pair1<>+0(SB)/4, $0x036db6db
GLOBL z9Pair1<>(SB), RODATA|NOPTR, $4
DATA z9Full<>+0(SB)/4, $0x07ffffff
GLOBL z9Full<>(SB), RODATA|NOPTR, $4

DATA z9IdxP<>+0(SB)/4, $0
DATA z9IdxP<>+4(SB)/4, $1
DATA z9IdxP<>+8(SB)/4, $2
DATA z9IdxP<>+12(SB)/4, $3
DATA z9IdxP<>+16(SB)/4, $4
DATA z9IdxP<>+20(SB)/4, $5
DATA z9IdxP<>+24(SB)/4, $6
DATA z9IdxP<>+28(SB)/4, $7
DATA z9IdxP<>+32(SB)/4, $25
DATA z9IdxP<>+36(SB)/4, $24
DATA z9IdxP<>+40(SB)/4, $24
DATA z9IdxP<>+44(SB)/4, $0
DATA z9IdxP<>+48(SB)/4, $0
DATA z9IdxP<>+52(SB)/4, $0
DATA z9IdxP<>+56(SB)/4, $0
DATA z9IdxP<>+60(SB)/4, $0
GLOBL z9IdxP<>(SB), RODATA|NOPTR, $64
DATA z9IdxQ<>+0(SB)/4, $8
DATA z9IdxQ<>+4(SB)/4, $9
DATA z9IdxQ<>+8(SB)/4, $10
DATA z9IdxQ<>+12(SB)/4, $11
DATA z9IdxQ<>+16(SB)/4, $12
DATA z9IdxQ<>+20(SB)/4, $13
DATA z9IdxQ<>+24(SB)/4, $14
DATA z9IdxQ<>+28(SB)/4, $15
DATA z9IdxQ<>+32(SB)/4, $26
DATA z9IdxQ<>+36(SB)/4, $26
DATA z9IdxQ<>+40(SB)/4, $25
DATA z9IdxQ<>+44(SB)/4, $0
DATA z9IdxQ<>+48(SB)/4, $0
DATA z9IdxQ<>+52(SB)/4, $0
DATA z9IdxQ<>+56(SB)/4, $0
DATA z9IdxQ<>+60(SB)/4, $0
GLOBL z9IdxQ<>(SB), RODATA|NOPTR, $64
DATA z9IdxD0<>+0(SB)/4, $8
DATA z9IdxD0<>+4(SB)/4, $8
DATA z9IdxD0<>+8(SB)/4, $8
DATA z9IdxD0<>+12(SB)/4, $8
DATA z9IdxD0<>+16(SB)/4, $8
DATA z9IdxD0<>+20(SB)/4, $8
DATA z9IdxD0<>+24(SB)/4, $8
DATA z9IdxD0<>+28(SB)/4, $8
DATA z9IdxD0<>+32(SB)/4, $9
DATA z9IdxD0<>+36(SB)/4, $9
DATA z9IdxD0<>+40(SB)/4, $9
DATA z9IdxD0<>+44(SB)/4, $9
DATA z9IdxD0<>+48(SB)/4, $9
DATA z9IdxD0<>+52(SB)/4, $9
DATA z9IdxD0<>+56(SB)/4, $9
DATA z9IdxD0<>+60(SB)/4, $9
GLOBL z9IdxD0<>(SB), RODATA|NOPTR, $64
DATA z9IdxD1<>+0(SB)/4, $10
DATA z9IdxD1<>+4(SB)/4, $10
DATA z9IdxD1<>+8(SB)/4, $10
DATA z9IdxD1<>+12(SB)/4, $10
DATA z9IdxD1<>+16(SB)/4, $10
DATA z9IdxD1<>+20(SB)/4, $10
DATA z9IdxD1<>+24(SB)/4, $10
DATA z9IdxD1<>+28(SB)/4, $10
DATA z9IdxD1<>+32(SB)/4, $10
DATA z9IdxD1<>+36(SB)/4, $10
DATA z9IdxD1<>+40(SB)/4, $10
DATA z9IdxD1<>+44(SB)/4, $10
DATA z9IdxD1<>+48(SB)/4, $10
DATA z9IdxD1<>+52(SB)/4, $10
DATA z9IdxD1<>+56(SB)/4, $10
DATA z9IdxD1<>+60(SB)/4, $10
GLOBL z9IdxD1<>(SB), RODATA|NOPTR, $64
DATA z9IdxBand<>+0(SB)/4, $16
DATA z9IdxBand<>+4(SB)/4, $17
DATA z9IdxBand<>+8(SB)/4, $18
DATA z9IdxBand<>+12(SB)/4, $19
DATA z9IdxBand<>+16(SB)/4, $20
DATA z9IdxBand<>+20(SB)/4, $21
DATA z9IdxBand<>+24(SB)/4, $22
DATA z9IdxBand<>+28(SB)/4, $23
DATA z9IdxBand<>+32(SB)/4, $0
DATA z9IdxBand<>+36(SB)/4, $8
DATA z9IdxBand<>+40(SB)/4, $16
DATA z9IdxBand<>+44(SB)/4, $0
DATA z9IdxBand<>+48(SB)/4, $0
DATA z9IdxBand<>+52(SB)/4, $0
DATA z9IdxBand<>+56(SB)/4, $0
DATA z9IdxBand<>+60(SB)/4, $0
GLOBL z9IdxBand<>(SB), RODATA|NOPTR, $64
DATA z9Ld0<>+0(SB)/4, $0
DATA z9Ld0<>+4(SB)/4, $3
DATA z9Ld0<>+8(SB)/4, $6
DATA z9Ld0<>+12(SB)/4, $9
DATA z9Ld0<>+16(SB)/4, $12
DATA z9Ld0<>+20(SB)/4, $15
DATA z9Ld0<>+24(SB)/4, $18
DATA z9Ld0<>+28(SB)/4, $21
DATA z9Ld0<>+32(SB)/4, $1
DATA z9Ld0<>+36(SB)/4, $4
DATA z9Ld0<>+40(SB)/4, $7
DATA z9Ld0<>+44(SB)/4, $10
DATA z9Ld0<>+48(SB)/4, $13
DATA z9Ld0<>+52(SB)/4, $16
DATA z9Ld0<>+56(SB)/4, $19
DATA z9Ld0<>+60(SB)/4, $22
GLOBL z9Ld0<>(SB), RODATA|NOPTR, $64
DATA z9Ld1<>+0(SB)/4, $2
DATA z9Ld1<>+4(SB)/4, $5
DATA z9Ld1<>+8(SB)/4, $8
DATA z9Ld1<>+12(SB)/4, $11
DATA z9Ld1<>+16(SB)/4, $14
DATA z9Ld1<>+20(SB)/4, $17
DATA z9Ld1<>+24(SB)/4, $20
DATA z9Ld1<>+28(SB)/4, $23
DATA z9Ld1<>+32(SB)/4, $24
DATA z9Ld1<>+36(SB)/4, $25
DATA z9Ld1<>+40(SB)/4, $26
DATA z9Ld1<>+44(SB)/4, $0
DATA z9Ld1<>+48(SB)/4, $0
DATA z9Ld1<>+52(SB)/4, $0
DATA z9Ld1<>+56(SB)/4, $0
DATA z9Ld1<>+60(SB)/4, $0
GLOBL z9Ld1<>(SB), RODATA|NOPTR, $64
DATA z9LdU0<>+0(SB)/4, $27
DATA z9LdU0<>+4(SB)/4, $27
DATA z9LdU0<>+8(SB)/4, $27
DATA z9LdU0<>+12(SB)/4, $27
DATA z9LdU0<>+16(SB)/4, $27
DATA z9LdU0<>+20(SB)/4, $27
DATA z9LdU0<>+24(SB)/4, $27
DATA z9LdU0<>+28(SB)/4, $27
DATA z9LdU0<>+32(SB)/4, $28
DATA z9LdU0<>+36(SB)/4, $28
DATA z9LdU0<>+40(SB)/4, $28
DATA z9LdU0<>+44(SB)/4, $28
DATA z9LdU0<>+48(SB)/4, $28
DATA z9LdU0<>+52(SB)/4, $28
DATA z9LdU0<>+56(SB)/4, $28
DATA z9LdU0<>+60(SB)/4, $28
GLOBL z9LdU0<>(SB), RODATA|NOPTR, $64
DATA z9LdU1<>+0(SB)/4, $29
DATA z9LdU1<>+4(SB)/4, $29
DATA z9LdU1<>+8(SB)/4, $29
DATA z9LdU1<>+12(SB)/4, $29
DATA z9LdU1<>+16(SB)/4, $29
DATA z9LdU1<>+20(SB)/4, $29
DATA z9LdU1<>+24(SB)/4, $29
DATA z9LdU1<>+28(SB)/4, $29
DATA z9LdU1<>+32(SB)/4, $27
DATA z9LdU1<>+36(SB)/4, $28
DATA z9LdU1<>+40(SB)/4, $29
DATA z9LdU1<>+44(SB)/4, $0
DATA z9LdU1<>+48(SB)/4, $0
DATA z9LdU1<>+52(SB)/4, $0
DATA z9LdU1<>+56(SB)/4, $0
DATA z9LdU1<>+60(SB)/4, $0
GLOBL z9LdU1<>(SB), RODATA|NOPTR, $64
DATA z9St0<>+0(SB)/4, $0
DATA z9St0<>+4(SB)/4, $8
DATA z9St0<>+8(SB)/4, $16
DATA z9St0<>+12(SB)/4, $1
DATA z9St0<>+16(SB)/4, $9
DATA z9St0<>+20(SB)/4, $17
DATA z9St0<>+24(SB)/4, $2
DATA z9St0<>+28(SB)/4, $10
DATA z9St0<>+32(SB)/4, $18
DATA z9St0<>+36(SB)/4, $3
DATA z9St0<>+40(SB)/4, $11
DATA z9St0<>+44(SB)/4, $19
DATA z9St0<>+48(SB)/4, $4
DATA z9St0<>+52(SB)/4, $12
DATA z9St0<>+56(SB)/4, $20
DATA z9St0<>+60(SB)/4, $5
GLOBL z9St0<>(SB), RODATA|NOPTR, $64
DATA z9St1<>+0(SB)/4, $13
DATA z9St1<>+4(SB)/4, $21
DATA z9St1<>+8(SB)/4, $6
DATA z9St1<>+12(SB)/4, $14
DATA z9St1<>+16(SB)/4, $22
DATA z9St1<>+20(SB)/4, $7
DATA z9St1<>+24(SB)/4, $15
DATA z9St1<>+28(SB)/4, $23
DATA z9St1<>+32(SB)/4, $24
DATA z9St1<>+36(SB)/4, $25
DATA z9St1<>+40(SB)/4, $26
DATA z9St1<>+44(SB)/4, $0
DATA z9St1<>+48(SB)/4, $0
DATA z9St1<>+52(SB)/4, $0
DATA z9St1<>+56(SB)/4, $0
DATA z9St1<>+60(SB)/4, $0
GLOBL z9St1<>(SB), RODATA|NOPTR, $64
DATA z9StU<>+0(SB)/4, $0
DATA z9StU<>+4(SB)/4, $0
DATA z9StU<>+8(SB)/4, $0
DATA z9StU<>+12(SB)/4, $0
DATA z9StU<>+16(SB)/4, $0
DATA z9StU<>+20(SB)/4, $0
DATA z9StU<>+24(SB)/4, $0
DATA z9StU<>+28(SB)/4, $0
DATA z9StU<>+32(SB)/4, $0
DATA z9StU<>+36(SB)/4, $0
DATA z9StU<>+40(SB)/4, $0
DATA z9StU<>+44(SB)/4, $0
DATA z9StU<>+48(SB)/4, $8
DATA z9StU<>+52(SB)/4, $16
DATA z9StU<>+56(SB)/4, $0
DATA z9StU<>+60(SB)/4, $0
GLOBL z9StU<>(SB), RODATA|NOPTR, $64
// z9Peers0..2 hold the peers of each cell in bands 0, 1 and 2, z9Key its
// key but for the peers: (127 - cell) << 8 | band << 5 | bit in the band.
DATA z9Peers0<>+0(SB)/4, $0x001c0ffe
DATA z9Peers0<>+4(SB)/4, $0x001c0ffd
DATA z9Peers0<>+8(SB)/4, $0x001c0ffb
DATA z9Peers0<>+12(SB)/4, $0x00e071f7
DATA z9Peers0<>+16(SB)/4, $0x00e071ef
DATA z9Peers0<>+20(SB)/4, $0x00e071df
DATA z9Peers0<>+24(SB)/4, $0x070381bf
DATA z9Peers0<>+28(SB)/4, $0x0703817f
DATA z9Peers0<>+32(SB)/4, $0x070380ff
DATA z9Peers0<>+36(SB)/4, $0x001ffc07
DATA z9Peers0<>+40(SB)/4, $0x001ffa07
DATA z9Peers0<>+44(SB)/4, $0x001ff607
DATA z9Peers0<>+48(SB)/4, $0x00e3ee38
DATA z9Peers0<>+52(SB)/4, $0x00e3de38
DATA z9Peers0<>+56(SB)/4, $0x00e3be38
DATA z9Peers0<>+60(SB)/4, $0x07037fc0
DATA z9Peers0<>+64(SB)/4, $0x0702ffc0
DATA z9Peers0<>+68(SB)/4, $0x0701ffc0
DATA z9Peers0<>+72(SB)/4, $0x07f80e07
DATA z9Peers0<>+76(SB)/4, $0x07f40e07
DATA z9Peers0<>+80(SB)/4, $0x07ec0e07
DATA z9Peers0<>+84(SB)/4, $0x07dc7038
DATA z9Peers0<>+88(SB)/4, $0x07bc7038
DATA z9Peers0<>+92(SB)/4, $0x077c7038
DATA z9Peers0<>+96(SB)/4, $0x06ff81c0
DATA z9Peers0<>+100(SB)/4, $0x05ff81c0
DATA z9Peers0<>+104(SB)/4, $0x03ff81c0
DATA z9Peers0<>+108(SB)/4, $0x00040201
DATA z9Peers0<>+112(SB)/4, $0x00080402
DATA z9Peers0<>+116(SB)/4, $0x00100804
DATA z9Peers0<>+120(SB)/4, $0x00201008
DATA z9Peers0<>+124(SB)/4, $0x00402010
DATA z9Peers0<>+128(SB)/4, $0x00804020
DATA z9Peers0<>+132(SB)/4, $0x01008040
DATA z9Peers0<>+136(SB)/4, $0x02010080
DATA z9Peers0<>+140(SB)/4, $0x04020100
DATA z9Peers0<>+144(SB)/4, $0x00040201
DATA z9Peers0<>+148(SB)/4, $0x00080402
DATA z9Peers0<>+152(SB)/4, $0x00100804
DATA z9Peers0<>+156(SB)/4, $0x00201008
DATA z9Peers0<>+160(SB)/4, $0x00402010
DATA z9Peers0<>+164(SB)/4, $0x00804020
DATA z9Peers0<>+168(SB)/4, $0x01008040
DATA z9Peers0<>+172(SB)/4, $0x02010080
DATA z9Peers0<>+176(SB)/4, $0x04020100
DATA z9Peers0<>+180(SB)/4, $0x00040201
DATA z9Peers0<>+184(SB)/4, $0x00080402
DATA z9Peers0<>+188(SB)/4, $0x00100804
DATA z9Peers0<>+192(SB)/4, $0x00201008
DATA z9Peers0<>+196(SB)/4, $0x00402010
DATA z9Peers0<>+200(SB)/4, $0x00804020
DATA z9Peers0<>+204(SB)/4, $0x01008040
DATA z9Peers0<>+208(SB)/4, $0x02010080
DATA z9Peers0<>+212(SB)/4, $0x04020100
DATA z9Peers0<>+216(SB)/4, $0x00040201
DATA z9Peers0<>+220(SB)/4, $0x00080402
DATA z9Peers0<>+224(SB)/4, $0x00100804
DATA z9Peers0<>+228(SB)/4, $0x00201008
DATA z9Peers0<>+232(SB)/4, $0x00402010
DATA z9Peers0<>+236(SB)/4, $0x00804020
DATA z9Peers0<>+240(SB)/4, $0x01008040
DATA z9Peers0<>+244(SB)/4, $0x02010080
DATA z9Peers0<>+248(SB)/4, $0x04020100
DATA z9Peers0<>+252(SB)/4, $0x00040201
DATA z9Peers0<>+256(SB)/4, $0x00080402
DATA z9Peers0<>+260(SB)/4, $0x00100804
DATA z9Peers0<>+264(SB)/4, $0x00201008
DATA z9Peers0<>+268(SB)/4, $0x00402010
DATA z9Peers0<>+272(SB)/4, $0x00804020
DATA z9Peers0<>+276(SB)/4, $0x01008040
DATA z9Peers0<>+280(SB)/4, $0x02010080
DATA z9Peers0<>+284(SB)/4, $0x04020100
DATA z9Peers0<>+288(SB)/4, $0x00040201
DATA z9Peers0<>+292(SB)/4, $0x00080402
DATA z9Peers0<>+296(SB)/4, $0x00100804
DATA z9Peers0<>+300(SB)/4, $0x00201008
DATA z9Peers0<>+304(SB)/4, $0x00402010
DATA z9Peers0<>+308(SB)/4, $0x00804020
DATA z9Peers0<>+312(SB)/4, $0x01008040
DATA z9Peers0<>+316(SB)/4, $0x02010080
DATA z9Peers0<>+320(SB)/4, $0x04020100
DATA z9Peers0<>+324(SB)/4, $0x00000000
DATA z9Peers0<>+328(SB)/4, $0x00000000
DATA z9Peers0<>+332(SB)/4, $0x00000000
DATA z9Peers0<>+336(SB)/4, $0x00000000
DATA z9Peers0<>+340(SB)/4, $0x00000000
DATA z9Peers0<>+344(SB)/4, $0x00000000
DATA z9Peers0<>+348(SB)/4, $0x00000000
DATA z9Peers0<>+352(SB)/4, $0x00000000
DATA z9Peers0<>+356(SB)/4, $0x00000000
DATA z9Peers0<>+360(SB)/4, $0x00000000
DATA z9Peers0<>+364(SB)/4, $0x00000000
DATA z9Peers0<>+368(SB)/4, $0x00000000
DATA z9Peers0<>+372(SB)/4, $0x00000000
DATA z9Peers0<>+376(SB)/4, $0x00000000
DATA z9Peers0<>+380(SB)/4, $0x00000000
GLOBL z9Peers0<>(SB), RODATA|NOPTR, $384
DATA z9Peers1<>+0(SB)/4, $0x00040201
DATA z9Peers1<>+4(SB)/4, $0x00080402
DATA z9Peers1<>+8(SB)/4, $0x00100804
DATA z9Peers1<>+12(SB)/4, $0x00201008
DATA z9Peers1<>+16(SB)/4, $0x00402010
DATA z9Peers1<>+20(SB)/4, $0x00804020
DATA z9Peers1<>+24(SB)/4, $0x01008040
DATA z9Peers1<>+28(SB)/4, $0x02010080
DATA z9Peers1<>+32(SB)/4, $0x04020100
DATA z9Peers1<>+36(SB)/4, $0x00040201
DATA z9Peers1<>+40(SB)/4, $0x00080402
DATA z9Peers1<>+44(SB)/4, $0x00100804
DATA z9Peers1<>+48(SB)/4, $0x00201008
DATA z9Peers1<>+52(SB)/4, $0x00402010
DATA z9Peers1<>+56(SB)/4, $0x00804020
DATA z9Peers1<>+60(SB)/4, $0x01008040
DATA z9Peers1<>+64(SB)/4, $0x02010080
DATA z9Peers1<>+68(SB)/4, $0x04020100
DATA z9Peers1<>+72(SB)/4, $0x00040201
DATA z9Peers1<>+76(SB)/4, $0x00080402
DATA z9Peers1<>+80(SB)/4, $0x00100804
DATA z9Peers1<>+84(SB)/4, $0x00201008
DATA z9Peers1<>+88(SB)/4, $0x00402010
DATA z9Peers1<>+92(SB)/4, $0x00804020
DATA z9Peers1<>+96(SB)/4, $0x01008040
DATA z9Peers1<>+100(SB)/4, $0x02010080
DATA z9Peers1<>+104(SB)/4, $0x04020100
DATA z9Peers1<>+108(SB)/4, $0x001c0ffe
DATA z9Peers1<>+112(SB)/4, $0x001c0ffd
DATA z9Peers1<>+116(SB)/4, $0x001c0ffb
DATA z9Peers1<>+120(SB)/4, $0x00e071f7
DATA z9Peers1<>+124(SB)/4, $0x00e071ef
DATA z9Peers1<>+128(SB)/4, $0x00e071df
DATA z9Peers1<>+132(SB)/4, $0x070381bf
DATA z9Peers1<>+136(SB)/4, $0x0703817f
DATA z9Peers1<>+140(SB)/4, $0x070380ff
DATA z9Peers1<>+144(SB)/4, $0x001ffc07
DATA z9Peers1<>+148(SB)/4, $0x001ffa07
DATA z9Peers1<>+152(SB)/4, $0x001ff607
DATA z9Peers1<>+156(SB)/4, $0x00e3ee38
DATA z9Peers1<>+160(SB)/4, $0x00e3de38
DATA z9Peers1<>+164(SB)/4, $0x00e3be38
DATA z9Peers1<>+168(SB)/4, $0x07037fc0
DATA z9Peers1<>+172(SB)/4, $0x0702ffc0
DATA z9Peers1<>+176(SB)/4, $0x0701ffc0
DATA z9Peers1<>+180(SB)/4, $0x07f80e07
DATA z9Peers1<>+184(SB)/4, $0x07f40e07
DATA z9Peers1<>+188(SB)/4, $0x07ec0e07
DATA z9Peers1<>+192(SB)/4, $0x07dc7038
DATA z9Peers1<>+196(SB)/4, $0x07bc7038
DATA z9Peers1<>+200(SB)/4, $0x077c7038
DATA z9Peers1<>+204(SB)/4, $0x06ff81c0
DATA z9Peers1<>+208(SB)/4, $0x05ff81c0
DATA z9Peers1<>+212(SB)/4, $0x03ff81c0
DATA z9Peers1<>+216(SB)/4, $0x00040201
DATA z9Peers1<>+220(SB)/4, $0x00080402
DATA z9Peers1<>+224(SB)/4, $0x00100804
DATA z9Peers1<>+228(SB)/4, $0x00201008
DATA z9Peers1<>+232(SB)/4, $0x00402010
DATA z9Peers1<>+236(SB)/4, $0x00804020
DATA z9Peers1<>+240(SB)/4, $0x01008040
DATA z9Peers1<>+244(SB)/4, $0x02010080
DATA z9Peers1<>+248(SB)/4, $0x04020100
DATA z9Peers1<>+252(SB)/4, $0x00040201
DATA z9Peers1<>+256(SB)/4, $0x00080402
DATA z9Peers1<>+260(SB)/4, $0x00100804
DATA z9Peers1<>+264(SB)/4, $0x00201008
DATA z9Peers1<>+268(SB)/4, $0x00402010
DATA z9Peers1<>+272(SB)/4, $0x00804020
DATA z9Peers1<>+276(SB)/4, $0x01008040
DATA z9Peers1<>+280(SB)/4, $0x02010080
DATA z9Peers1<>+284(SB)/4, $0x04020100
DATA z9Peers1<>+288(SB)/4, $0x00040201
DATA z9Peers1<>+292(SB)/4, $0x00080402
DATA z9Peers1<>+296(SB)/4, $0x00100804
DATA z9Peers1<>+300(SB)/4, $0x00201008
DATA z9Peers1<>+304(SB)/4, $0x00402010
DATA z9Peers1<>+308(SB)/4, $0x00804020
DATA z9Peers1<>+312(SB)/4, $0x01008040
DATA z9Peers1<>+316(SB)/4, $0x02010080
DATA z9Peers1<>+320(SB)/4, $0x04020100
DATA z9Peers1<>+324(SB)/4, $0x00000000
DATA z9Peers1<>+328(SB)/4, $0x00000000
DATA z9Peers1<>+332(SB)/4, $0x00000000
DATA z9Peers1<>+336(SB)/4, $0x00000000
DATA z9Peers1<>+340(SB)/4, $0x00000000
DATA z9Peers1<>+344(SB)/4, $0x00000000
DATA z9Peers1<>+348(SB)/4, $0x00000000
DATA z9Peers1<>+352(SB)/4, $0x00000000
DATA z9Peers1<>+356(SB)/4, $0x00000000
DATA z9Peers1<>+360(SB)/4, $0x00000000
DATA z9Peers1<>+364(SB)/4, $0x00000000
DATA z9Peers1<>+368(SB)/4, $0x00000000
DATA z9Peers1<>+372(SB)/4, $0x00000000
DATA z9Peers1<>+376(SB)/4, $0x00000000
DATA z9Peers1<>+380(SB)/4, $0x00000000
GLOBL z9Peers1<>(SB), RODATA|NOPTR, $384
DATA z9Peers2<>+0(SB)/4, $0x00040201
DATA z9Peers2<>+4(SB)/4, $0x00080402
DATA z9Peers2<>+8(SB)/4, $0x00100804
DATA z9Peers2<>+12(SB)/4, $0x00201008
DATA z9Peers2<>+16(SB)/4, $0x00402010
DATA z9Peers2<>+20(SB)/4, $0x00804020
DATA z9Peers2<>+24(SB)/4, $0x01008040
DATA z9Peers2<>+28(SB)/4, $0x02010080
DATA z9Peers2<>+32(SB)/4, $0x04020100
DATA z9Peers2<>+36(SB)/4, $0x00040201
DATA z9Peers2<>+40(SB)/4, $0x00080402
DATA z9Peers2<>+44(SB)/4, $0x00100804
DATA z9Peers2<>+48(SB)/4, $0x00201008
DATA z9Peers2<>+52(SB)/4, $0x00402010
DATA z9Peers2<>+56(SB)/4, $0x00804020
DATA z9Peers2<>+60(SB)/4, $0x01008040
DATA z9Peers2<>+64(SB)/4, $0x02010080
DATA z9Peers2<>+68(SB)/4, $0x04020100
DATA z9Peers2<>+72(SB)/4, $0x00040201
DATA z9Peers2<>+76(SB)/4, $0x00080402
DATA z9Peers2<>+80(SB)/4, $0x00100804
DATA z9Peers2<>+84(SB)/4, $0x00201008
DATA z9Peers2<>+88(SB)/4, $0x00402010
DATA z9Peers2<>+92(SB)/4, $0x00804020
DATA z9Peers2<>+96(SB)/4, $0x01008040
DATA z9Peers2<>+100(SB)/4, $0x02010080
DATA z9Peers2<>+104(SB)/4, $0x04020100
DATA z9Peers2<>+108(SB)/4, $0x00040201
DATA z9Peers2<>+112(SB)/4, $0x00080402
DATA z9Peers2<>+116(SB)/4, $0x00100804
DATA z9Peers2<>+120(SB)/4, $0x00201008
DATA z9Peers2<>+124(SB)/4, $0x00402010
DATA z9Peers2<>+128(SB)/4, $0x00804020
DATA z9Peers2<>+132(SB)/4, $0x01008040
DATA z9Peers2<>+136(SB)/4, $0x02010080
DATA z9Peers2<>+140(SB)/4, $0x04020100
DATA z9Peers2<>+144(SB)/4, $0x00040201
DATA z9Peers2<>+148(SB)/4, $0x00080402
DATA z9Peers2<>+152(SB)/4, $0x00100804
DATA z9Peers2<>+156(SB)/4, $0x00201008
DATA z9Peers2<>+160(SB)/4, $0x00402010
DATA z9Peers2<>+164(SB)/4, $0x00804020
DATA z9Peers2<>+168(SB)/4, $0x01008040
DATA z9Peers2<>+172(SB)/4, $0x02010080
DATA z9Peers2<>+176(SB)/4, $0x04020100
DATA z9Peers2<>+180(SB)/4, $0x00040201
DATA z9Peers2<>+184(SB)/4, $0x00080402
DATA z9Peers2<>+188(SB)/4, $0x00100804
DATA z9Peers2<>+192(SB)/4, $0x00201008
DATA z9Peers2<>+196(SB)/4, $0x00402010
DATA z9Peers2<>+200(SB)/4, $0x00804020
DATA z9Peers2<>+204(SB)/4, $0x01008040
DATA z9Peers2<>+208(SB)/4, $0x02010080
DATA z9Peers2<>+212(SB)/4, $0x04020100
DATA z9Peers2<>+216(SB)/4, $0x001c0ffe
DATA z9Peers2<>+220(SB)/4, $0x001c0ffd
DATA z9Peers2<>+224(SB)/4, $0x001c0ffb
DATA z9Peers2<>+228(SB)/4, $0x00e071f7
DATA z9Peers2<>+232(SB)/4, $0x00e071ef
DATA z9Peers2<>+236(SB)/4, $0x00e071df
DATA z9Peers2<>+240(SB)/4, $0x070381bf
DATA z9Peers2<>+244(SB)/4, $0x0703817f
DATA z9Peers2<>+248(SB)/4, $0x070380ff
DATA z9Peers2<>+252(SB)/4, $0x001ffc07
DATA z9Peers2<>+256(SB)/4, $0x001ffa07
DATA z9Peers2<>+260(SB)/4, $0x001ff607
DATA z9Peers2<>+264(SB)/4, $0x00e3ee38
DATA z9Peers2<>+268(SB)/4, $0x00e3de38
DATA z9Peers2<>+272(SB)/4, $0x00e3be38
DATA z9Peers2<>+276(SB)/4, $0x07037fc0
DATA z9Peers2<>+280(SB)/4, $0x0702ffc0
DATA z9Peers2<>+284(SB)/4, $0x0701ffc0
DATA z9Peers2<>+288(SB)/4, $0x07f80e07
DATA z9Peers2<>+292(SB)/4, $0x07f40e07
DATA z9Peers2<>+296(SB)/4, $0x07ec0e07
DATA z9Peers2<>+300(SB)/4, $0x07dc7038
DATA z9Peers2<>+304(SB)/4, $0x07bc7038
DATA z9Peers2<>+308(SB)/4, $0x077c7038
DATA z9Peers2<>+312(SB)/4, $0x06ff81c0
DATA z9Peers2<>+316(SB)/4, $0x05ff81c0
DATA z9Peers2<>+320(SB)/4, $0x03ff81c0
DATA z9Peers2<>+324(SB)/4, $0x00000000
DATA z9Peers2<>+328(SB)/4, $0x00000000
DATA z9Peers2<>+332(SB)/4, $0x00000000
DATA z9Peers2<>+336(SB)/4, $0x00000000
DATA z9Peers2<>+340(SB)/4, $0x00000000
DATA z9Peers2<>+344(SB)/4, $0x00000000
DATA z9Peers2<>+348(SB)/4, $0x00000000
DATA z9Peers2<>+352(SB)/4, $0x00000000
DATA z9Peers2<>+356(SB)/4, $0x00000000
DATA z9Peers2<>+360(SB)/4, $0x00000000
DATA z9Peers2<>+364(SB)/4, $0x00000000
DATA z9Peers2<>+368(SB)/4, $0x00000000
DATA z9Peers2<>+372(SB)/4, $0x00000000
DATA z9Peers2<>+376(SB)/4, $0x00000000
DATA z9Peers2<>+380(SB)/4, $0x00000000
GLOBL z9Peers2<>(SB), RODATA|NOPTR, $384
DATA z9Key<>+0(SB)/4, $0x00007f00
DATA z9Key<>+4(SB)/4, $0x00007e01
DATA z9Key<>+8(SB)/4, $0x00007d02
DATA z9Key<>+12(SB)/4, $0x00007c03
DATA z9Key<>+16(SB)/4, $0x00007b04
DATA z9Key<>+20(SB)/4, $0x00007a05
DATA z9Key<>+24(SB)/4, $0x00007906
DATA z9Key<>+28(SB)/4, $0x00007807
DATA z9Key<>+32(SB)/4, $0x00007708
DATA z9Key<>+36(SB)/4, $0x00007609
DATA z9Key<>+40(SB)/4, $0x0000750a
DATA z9Key<>+44(SB)/4, $0x0000740b
DATA z9Key<>+48(SB)/4, $0x0000730c
DATA z9Key<>+52(SB)/4, $0x0000720d
DATA z9Key<>+56(SB)/4, $0x0000710e
DATA z9Key<>+60(SB)/4, $0x0000700f
DATA z9Key<>+64(SB)/4, $0x00006f10
DATA z9Key<>+68(SB)/4, $0x00006e11
DATA z9Key<>+72(SB)/4, $0x00006d12
DATA z9Key<>+76(SB)/4, $0x00006c13
DATA z9Key<>+80(SB)/4, $0x00006b14
DATA z9Key<>+84(SB)/4, $0x00006a15
DATA z9Key<>+88(SB)/4, $0x00006916
DATA z9Key<>+92(SB)/4, $0x00006817
DATA z9Key<>+96(SB)/4, $0x00006718
DATA z9Key<>+100(SB)/4, $0x00006619
DATA z9Key<>+104(SB)/4, $0x0000651a
DATA z9Key<>+108(SB)/4, $0x00006420
DATA z9Key<>+112(SB)/4, $0x00006321
DATA z9Key<>+116(SB)/4, $0x00006222
DATA z9Key<>+120(SB)/4, $0x00006123
DATA z9Key<>+124(SB)/4, $0x00006024
DATA z9Key<>+128(SB)/4, $0x00005f25
DATA z9Key<>+132(SB)/4, $0x00005e26
DATA z9Key<>+136(SB)/4, $0x00005d27
DATA z9Key<>+140(SB)/4, $0x00005c28
DATA z9Key<>+144(SB)/4, $0x00005b29
DATA z9Key<>+148(SB)/4, $0x00005a2a
DATA z9Key<>+152(SB)/4, $0x0000592b
DATA z9Key<>+156(SB)/4, $0x0000582c
DATA z9Key<>+160(SB)/4, $0x0000572d
DATA z9Key<>+164(SB)/4, $0x0000562e
DATA z9Key<>+168(SB)/4, $0x0000552f
DATA z9Key<>+172(SB)/4, $0x00005430
DATA z9Key<>+176(SB)/4, $0x00005331
DATA z9Key<>+180(SB)/4, $0x00005232
DATA z9Key<>+184(SB)/4, $0x00005133
DATA z9Key<>+188(SB)/4, $0x00005034
DATA z9Key<>+192(SB)/4, $0x00004f35
DATA z9Key<>+196(SB)/4, $0x00004e36
DATA z9Key<>+200(SB)/4, $0x00004d37
DATA z9Key<>+204(SB)/4, $0x00004c38
DATA z9Key<>+208(SB)/4, $0x00004b39
DATA z9Key<>+212(SB)/4, $0x00004a3a
DATA z9Key<>+216(SB)/4, $0x00004940
DATA z9Key<>+220(SB)/4, $0x00004841
DATA z9Key<>+224(SB)/4, $0x00004742
DATA z9Key<>+228(SB)/4, $0x00004643
DATA z9Key<>+232(SB)/4, $0x00004544
DATA z9Key<>+236(SB)/4, $0x00004445
DATA z9Key<>+240(SB)/4, $0x00004346
DATA z9Key<>+244(SB)/4, $0x00004247
DATA z9Key<>+248(SB)/4, $0x00004148
DATA z9Key<>+252(SB)/4, $0x00004049
DATA z9Key<>+256(SB)/4, $0x00003f4a
DATA z9Key<>+260(SB)/4, $0x00003e4b
DATA z9Key<>+264(SB)/4, $0x00003d4c
DATA z9Key<>+268(SB)/4, $0x00003c4d
DATA z9Key<>+272(SB)/4, $0x00003b4e
DATA z9Key<>+276(SB)/4, $0x00003a4f
DATA z9Key<>+280(SB)/4, $0x00003950
DATA z9Key<>+284(SB)/4, $0x00003851
DATA z9Key<>+288(SB)/4, $0x00003752
DATA z9Key<>+292(SB)/4, $0x00003653
DATA z9Key<>+296(SB)/4, $0x00003554
DATA z9Key<>+300(SB)/4, $0x00003455
DATA z9Key<>+304(SB)/4, $0x00003356
DATA z9Key<>+308(SB)/4, $0x00003257
DATA z9Key<>+312(SB)/4, $0x00003158
DATA z9Key<>+316(SB)/4, $0x00003059
DATA z9Key<>+320(SB)/4, $0x00002f5a
DATA z9Key<>+324(SB)/4, $0x00000000
DATA z9Key<>+328(SB)/4, $0x00000000
DATA z9Key<>+332(SB)/4, $0x00000000
DATA z9Key<>+336(SB)/4, $0x00000000
DATA z9Key<>+340(SB)/4, $0x00000000
DATA z9Key<>+344(SB)/4, $0x00000000
DATA z9Key<>+348(SB)/4, $0x00000000
DATA z9Key<>+352(SB)/4, $0x00000000
DATA z9Key<>+356(SB)/4, $0x00000000
DATA z9Key<>+360(SB)/4, $0x00000000
DATA z9Key<>+364(SB)/4, $0x00000000
DATA z9Key<>+368(SB)/4, $0x00000000
DATA z9Key<>+372(SB)/4, $0x00000000
DATA z9Key<>+376(SB)/4, $0x00000000
DATA z9Key<>+380(SB)/4, $0x00000000
GLOBL z9Key<>(SB), RODATA|NOPTR, $384

// z9BandCells and z9StackCells hold, for each band and each stack, its
// cells as the choice of a guess numbers them: cells 0..63 in the first
// quadword, 64..80 in the second.
DATA z9BandCells<>+0(SB)/8, $0x0000000007ffffff
DATA z9BandCells<>+8(SB)/8, $0x0000000000000000
DATA z9BandCells<>+16(SB)/8, $0x003ffffff8000000
DATA z9BandCells<>+24(SB)/8, $0x0000000000000000
DATA z9BandCells<>+32(SB)/8, $0xffc0000000000000
DATA z9BandCells<>+40(SB)/8, $0x000000000001ffff
GLOBL z9BandCells<>(SB), RODATA|NOPTR, $48
DATA z9StackCells<>+0(SB)/8, $0x81c0e070381c0e07
DATA z9StackCells<>+8(SB)/8, $0x0000000000000703
DATA z9StackCells<>+16(SB)/8, $0x0e070381c0e07038
DATA z9StackCells<>+24(SB)/8, $0x000000000000381c
DATA z9StackCells<>+32(SB)/8, $0x70381c0e070381c0
DATA z9StackCells<>+40(SB)/8, $0x000000000001c0e0
GLOBL z9StackCells<>(SB), RODATA|NOPTR, $48
