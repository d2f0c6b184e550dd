package queens

import (
	"context"
	"unsafe"
)

// bigAlloc is the size in bytes from which makeContext allocates on a
// goroutine of its own.
const bigAlloc = 1 << 22

// makeContext returns make([]T, n), or ctx's error if ctx is done before
// the slice is made. The runtime zeroes a large slice whose memory it has
// used before, and faults in again, page by page, the part it gave back to
// the system: 800 MB for 10^8 queens can take seconds, and make cannot be
// interrupted. So a slice of bigAlloc bytes or more is made on a goroutine
// of its own; when ctx is done first, makeContext returns at once and the
// goroutine drops the slice when the runtime has made it.
func makeContext[T any](ctx context.Context, n int) ([]T, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	var t T
	done := ctx.Done()
	if done == nil || uintptr(n) < bigAlloc/max(1, unsafe.Sizeof(t)) {
		return make([]T, n), nil
	}
	made := make(chan []T, 1) // buffered: an abandoned goroutine does not block
	go func() { made <- make([]T, n) }()
	select {
	case s := <-made:
		return s, nil
	case <-done:
		return nil, ctx.Err()
	}
}
