//go:build amd64 && !purego

#include "textflag.h"

// func rectangle9AVX512(sol, cells *[81]uint8, t *rect9Table) int returns
// the first slot of t whose rectangle is free of givens in sol, or -1
// (rectangle9.go). The rect9Table fields: sentinel at 0, a at 128, b at
// 640, c at 1152, d at 1664.
TEXT ·rectangle9AVX512(SB), NOSPLIT, $0-32
	MOVQ sol+0(FP), SI
	MOVQ cells+8(FP), DX
	MOVQ t+16(FP), BX
	MOVL $0x1FFFF, AX
	KMOVQ AX, K1
	VMOVDQU8 0(SI), Z0
	VMOVDQU8.Z 64(SI), K1, Z1
	VMOVDQU8 0(DX), Z2
	VMOVDQU8.Z 64(DX), K1, Z3
	VPTESTMB Z2, Z2, K2
	VPTESTMB Z3, Z3, K3
	VMOVDQU8 0(BX), K2, Z0  // a given's cell holds its sentinel
	VMOVDQU8 64(BX), K3, Z1
	XORL CX, CX

loop:
	VMOVDQU8 128(BX)(CX*1), Z4
	VPERMI2B Z1, Z0, Z4
	VMOVDQU8 640(BX)(CX*1), Z5
	VPERMI2B Z1, Z0, Z5
	VPCMPEQB Z5, Z4, K4
	VMOVDQU8 1152(BX)(CX*1), Z6
	VPERMI2B Z1, Z0, Z6
	VMOVDQU8 1664(BX)(CX*1), Z7
	VPERMI2B Z1, Z0, Z7
	VPCMPEQB Z7, Z6, K4, K5
	KORTESTQ K5, K5
	JNZ found
	ADDQ $64, CX
	CMPQ CX, $512
	JB loop
	MOVQ $-1, ret+24(FP)
	VZEROUPPER
	RET

found:
	KMOVQ K5, AX
	TZCNTQ AX, AX
	ADDQ CX, AX
	MOVQ AX, ret+24(FP)
	VZEROUPPER
	RET
