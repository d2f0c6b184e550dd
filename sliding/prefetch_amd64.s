#include "textflag.h"

// func prefetch2(a, b *byte)
TEXT ·prefetch2(SB), NOSPLIT, $0-16
	MOVQ a+0(FP), AX
	PREFETCHT0 (AX)
	MOVQ b+8(FP), AX
	PREFETCHT0 (AX)
	RET
