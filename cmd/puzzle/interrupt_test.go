//go:build unix

package main

import (
	"os"
	"syscall"
	"testing"
	"time"
)

// TestInterruptContext checks the interrupt handling of main: an interrupt
// after the grace period cancels the context instead of ending the process
// (this test would die otherwise) and the stop function cancels the
// context, also when it comes before the grace period ends.
func TestInterruptContext(t *testing.T) {
	ctx, stop := interruptContext(time.Millisecond)
	time.Sleep(50 * time.Millisecond)
	if ctx.Err() != nil {
		t.Fatal("cancelled before any interrupt")
	}
	if err := syscall.Kill(os.Getpid(), syscall.SIGINT); err != nil {
		t.Fatal(err)
	}
	select {
	case <-ctx.Done():
	case <-time.After(5 * time.Second):
		t.Fatal("an interrupt after the grace period did not cancel the context")
	}
	stop()
	stop() // twice is harmless

	ctx, stop = interruptContext(time.Hour)
	stop()
	if ctx.Err() == nil {
		t.Error("stop did not cancel the context")
	}
}
