//go:build amd64 && !purego

#include "textflag.h"

// The AVX-512 form of propagate (solve9.go): every pass applies all the
// deductions of the Go loop to all 27 (digit, band) words at once, and the
// loop ends when a pass changes no word. Z0 holds digits 1..8 of band 0
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
// 0x80 A&B&C.

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

// func propagate9AVX512(st *state9) bool
TEXT ·propagate9AVX512(SB), NOSPLIT, $0-9
	MOVQ st+0(FP), DI
	VPBROADCASTD z9MR<>(SB), Z16
	VPBROADCASTD z9K2<>(SB), Z17
	VPBROADCASTD z9K12<>(SB), Z18
	VPBROADCASTD z9M1FF<>(SB), Z19
	VPBROADCASTD z9M49<>(SB), Z20
	VPBROADCASTD z9M124<>(SB), Z21
	VPBROADCASTD z9K0<>(SB), Z22
	VPBROADCASTD z9FA<>(SB), Z23
	VPBROADCASTD z9FB<>(SB), Z24
	VPBROADCASTD z9CA<>(SB), Z25
	VPBROADCASTD z9CB<>(SB), Z26
	VPBROADCASTD z9SubA<>(SB), Z14
	VPBROADCASTD z9SubB<>(SB), Z15
	VMOVDQU32 z9IdxP<>(SB), Z27
	VMOVDQU32 z9IdxQ<>(SB), Z28
	VMOVDQU32 z9IdxD0<>(SB), Z29
	VMOVDQU32 z9IdxD1<>(SB), Z30
	VMOVDQU32 z9IdxBand<>(SB), Z31
	MOVL $0x07FF, AX
	KMOVW AX, K1
	MOVL $0x3FFF, AX
	KMOVW AX, K2
	MOVL $0xF800, AX
	KMOVW AX, K3

	// Words 3d+b of st.f, and st.u, to the registers.
	VMOVDQU32 0(DI), Z6
	VMOVDQU32.Z 64(DI), K2, Z7
	VMOVDQU32 z9Ld0<>(SB), Z0
	VPERMI2D Z7, Z6, Z0
	VMOVDQU32 z9Ld1<>(SB), Z1
	VPERMI2D Z7, Z6, Z1
	VPBROADCASTD z9Full<>(SB), K3, Z1
	VMOVDQU32 z9LdU0<>(SB), Z2
	VPERMI2D Z7, Z6, Z2
	VMOVDQU32 z9LdU1<>(SB), Z3
	VPERMI2D.Z Z7, Z6, K1, Z3

loop:
	VMOVDQA64 Z0, Z4
	VMOVDQA64 Z1, Z5
	PERMF(Z0)
	PERMF(Z1)
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
	// digit is a contradiction.
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
	VPANDND Z0, Z8, Z0
	VPANDND Z1, Z9, Z1

	// Hidden singles in rows: the new placements leave the other digits
	// of their band, and a cell placed by two digits loses both.
	SINGLE(Z0, Z2, Z12, Z6)
	SINGLE(Z1, Z3, Z13, Z6)
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
	VPANDND Z0, Z8, Z0
	VPANDND Z3, Z6, Z3
	VPTERNLOGD $0xD8, Z13, Z7, Z6
	VPANDND Z1, Z6, Z1

	// Naked singles: a cell left with one digit keeps the digit's row to
	// itself; a cell left with none is a contradiction.
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

	// Again while a word changed.
same:
	VPCMPUD $4, Z4, Z0, K4
	VPCMPUD $4, Z5, Z1, K5
	KORTESTW K4, K5
	JNZ loop

	// The registers back to words 3d+b and st.u.
	VMOVDQU32 z9St0<>(SB), Z6
	VPERMI2D Z1, Z0, Z6
	VMOVDQU32 Z6, 0(DI)
	VMOVDQU32 z9St1<>(SB), Z7
	VPERMI2D Z1, Z0, Z7
	VMOVDQU32 z9StU<>(SB), Z8
	VPERMI2D Z3, Z2, Z8
	MOVL $0x3800, AX
	KMOVW AX, K4
	VMOVDQA32 Z8, K4, Z7
	VMOVDQU32 Z7, K2, 64(DI)
	VZEROUPPER
	MOVB $1, ret+8(FP)
	RET

contradiction:
	VZEROUPPER
	MOVB $0, ret+8(FP)
	RET

// func cpuAVX512() bool reports whether the processor and the system
// support AVX-512 F.
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
