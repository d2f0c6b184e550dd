//go:build linux && cgo

package main

// The net package links the C library's resolver when cgo is enabled, and
// with it glibc's malloc, which reserves 64 MB of address space for each
// thread's arena (up to 8 per core). Under a limit on virtual memory (ulimit
// -v 1 GB) those reservations alone exhaust it and the Go runtime dies
// "out of memory" while using 20 MB. One arena is plenty: Go code does not
// use malloc.

/*
#include <malloc.h>

__attribute__((constructor)) static void puzzleOneArena(void) {
	mallopt(M_ARENA_MAX, 1);
}
*/
import "C"
