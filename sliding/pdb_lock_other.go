//go:build !unix

package sliding

import "context"

// openFlags are added to the flags of every open of a cache file.
const openFlags = 0

// lockFile does nothing on this system: builders are not kept apart.
func lockFile(ctx context.Context, path string, waiting func()) (unlock func(), err error) {
	return func() {}, ctx.Err()
}

// lockHeld reports that no lock is held: temporary files are judged by
// their age alone.
func lockHeld(path string) bool { return false }
