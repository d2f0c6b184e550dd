package sliding

import (
	"syscall"
	"unsafe"
)

// hugeCopy returns a copy of a large table in anonymous memory advised to
// use huge pages, which spares the lookups of IDA* most of their TLB
// misses; ok is false if the system refuses.
func hugeCopy(table []byte) (copied []byte, ok bool) {
	mem, ok := hugeBytes(len(table))
	if !ok {
		return nil, false
	}
	copy(mem, table)
	return mem, true
}

// tableBytes returns n bytes for a table read from a file, and the
// function that releases them. Large tables live outside the Go heap, in
// anonymous memory, so that the collector neither scans nor counts them:
// advised to use huge pages if huge (lookups are faster, but the kernel
// may first compact memory: reading and checking the 7-8 tables then
// takes 0.12 to 0.9 s), else populated at once (about 0.16 s, steadily).
func tableBytes(n int, huge bool) (mem []byte, release func()) {
	if n < hugeTable {
		return make([]byte, n), func() {}
	}
	if huge {
		if mem, ok := hugeBytes(n); ok {
			return mem, func() { syscall.Munmap(mem[:cap(mem)]) }
		}
	}
	mem, err := syscall.Mmap(-1, 0, n, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_PRIVATE|syscall.MAP_ANON|syscall.MAP_POPULATE)
	if err != nil {
		return make([]byte, n), func() {}
	}
	return mem, func() { syscall.Munmap(mem) }
}

// hugeBytes returns n zero bytes of anonymous memory advised to use huge
// pages; ok is false if the system refuses.
func hugeBytes(n int) (mem []byte, ok bool) {
	const huge = 2 << 20
	size := (n + huge - 1) / huge * huge
	if size == 0 {
		return nil, false
	}
	mem, err := syscall.Mmap(-1, 0, size, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_PRIVATE|syscall.MAP_ANON)
	if err != nil {
		return nil, false
	}
	syscall.Madvise(mem, syscall.MADV_HUGEPAGE)
	return mem[:n], true
}

// hugeWords returns n zero words, on huge pages where the system allows
// it, and the function that releases them (nil for garbage-collected
// memory). The random writes of a build are then spared most TLB misses.
func hugeWords[T uint32 | uint64](n int64) (words []T, release func()) {
	var zero T
	size := int(unsafe.Sizeof(zero))
	mem, ok := hugeBytes(int(n) * size)
	if !ok {
		return make([]T, n), func() {}
	}
	words = unsafe.Slice((*T)(unsafe.Pointer(unsafe.SliceData(mem))), n)
	return words, func() { syscall.Munmap(mem[:cap(mem)]) }
}
