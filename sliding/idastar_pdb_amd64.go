package sliding

// pdbIterate runs the iteration loop of k (see iterateGo, which it
// follows step for step) in assembly, with prefetches.
//
//go:noescape
func pdbIterate(k *pdbKernel, resume bool) int
