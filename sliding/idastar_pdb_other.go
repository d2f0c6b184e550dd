//go:build !amd64

package sliding

// pdbIterate runs the iteration loop of k in Go, without prefetches: the
// lookups wait for memory one by one.
func pdbIterate(k *pdbKernel, resume bool) int { return k.iterateGo(resume) }
