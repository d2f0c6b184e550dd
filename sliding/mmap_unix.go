//go:build unix

package sliding

import (
	"os"
	"syscall"
)

// mapFile maps a file read-only into memory.
func mapFile(path string) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if st.Size() == 0 {
		return []byte{}, nil
	}
	return syscall.Mmap(int(f.Fd()), 0, int(st.Size()), syscall.PROT_READ, syscall.MAP_SHARED)
}

// unmapFile releases a mapping made by mapFile.
func unmapFile(data []byte) {
	if len(data) > 0 {
		syscall.Munmap(data)
	}
}
