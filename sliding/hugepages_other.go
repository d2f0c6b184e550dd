//go:build !linux

package sliding

// hugeCopy is not available on this system.
func hugeCopy(table []byte) ([]byte, bool) { return nil, false }

// hugeWords returns n zero words (no huge pages on this system).
func hugeWords[T uint32 | uint64](n int64) (words []T, release func()) {
	return make([]T, n), func() {}
}

// tableBytes returns n bytes for a table read from a file, and the
// function that releases them (nothing to do: the collector does).
func tableBytes(n int, huge bool) (mem []byte, release func()) { return make([]byte, n), func() {} }
