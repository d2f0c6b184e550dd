package sliding

import "syscall"

// hugeCopy returns a copy of a large table in anonymous memory advised to
// use huge pages, which spares the lookups of IDA* most of their TLB
// misses; ok is false if the system refuses.
func hugeCopy(table []byte) (copied []byte, ok bool) {
	const huge = 2 << 20
	size := (len(table) + huge - 1) / huge * huge
	mem, err := syscall.Mmap(-1, 0, size, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_PRIVATE|syscall.MAP_ANON)
	if err != nil {
		return nil, false
	}
	syscall.Madvise(mem, syscall.MADV_HUGEPAGE)
	copy(mem, table)
	return mem[:len(table)], true
}
