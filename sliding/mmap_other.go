//go:build !unix

package sliding

import "os"

// mapFile reads a file into memory (no mmap on this system).
func mapFile(path string) ([]byte, error) { return os.ReadFile(path) }

// unmapFile does nothing: the data is garbage collected.
func unmapFile([]byte) {}
