package sliding

// prefetch2 asks the processor to bring in the cache lines holding a and
// b, without waiting for them (PREFETCHT0).
//
//go:noescape
func prefetch2(a, b *byte)
