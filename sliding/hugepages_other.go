//go:build !linux

package sliding

// hugeCopy is not available on this system.
func hugeCopy(table []byte) ([]byte, bool) { return nil, false }

// hugeWords returns n zero words (no huge pages on this system).
func hugeWords[T uint32 | uint64](n int64) (words []T, release func()) {
	return make([]T, n), func() {}
}
