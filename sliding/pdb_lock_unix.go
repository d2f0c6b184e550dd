//go:build unix

package sliding

import (
	"context"
	"errors"
	"os"
	"syscall"
	"time"
)

// openFlags are added to the flags of every open of a cache file: a FIFO
// put in a table's place then fails the regular-file check instead of
// blocking the open.
const openFlags = syscall.O_NONBLOCK

// lockPoll is how often a builder that waits for another one looks again.
const lockPoll = 50 * time.Millisecond

// lockFile takes the exclusive lock (flock) of the lock file at path,
// creating it, and returns the function that releases it. It waits while
// another process (or another open file in this one) holds it, calling
// waiting once, until ctx is done. A lock file that cannot be made (a
// read-only directory, a file system without locks) is no lock at all:
// the build then goes on unguarded, as it did before locks.
func lockFile(ctx context.Context, path string, waiting func()) (unlock func(), err error) {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE|openFlags, 0o644)
	if err != nil {
		return func() {}, nil
	}
	if st, err := f.Stat(); err != nil || !st.Mode().IsRegular() {
		f.Close()
		return func() {}, nil
	}
	fd := int(f.Fd())
	for told := false; ; {
		err := syscall.Flock(fd, syscall.LOCK_EX|syscall.LOCK_NB)
		if err == nil {
			return func() { syscall.Flock(fd, syscall.LOCK_UN); f.Close() }, nil
		}
		if !errors.Is(err, syscall.EWOULDBLOCK) && !errors.Is(err, syscall.EINTR) {
			f.Close()
			return func() {}, nil
		}
		if !told && waiting != nil {
			waiting()
			told = true
		}
		select {
		case <-ctx.Done():
			f.Close()
			return nil, ctx.Err()
		case <-time.After(lockPoll):
		}
	}
}

// lockHeld reports whether a live process holds the lock file at path.
func lockHeld(path string) bool {
	f, err := os.OpenFile(path, os.O_RDONLY|openFlags, 0)
	if err != nil {
		return false
	}
	defer f.Close()
	if st, err := f.Stat(); err != nil || !st.Mode().IsRegular() {
		return false
	}
	err = syscall.Flock(int(f.Fd()), syscall.LOCK_SH|syscall.LOCK_NB)
	if err != nil {
		return errors.Is(err, syscall.EWOULDBLOCK)
	}
	syscall.Flock(int(f.Fd()), syscall.LOCK_UN)
	return false
}
