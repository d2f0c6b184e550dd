package web

import (
	"context"
	"errors"
	"time"
)

// errBusy is returned by limiter.acquire when the queue is full or the wait
// for a worker ran out.
var errBusy = errors.New("the server is busy: every worker is taken and the queue is full; try again shortly")

// A limiter bounds the requests doing heavy work at once (workers), and
// those waiting for a worker (the queue). It is a pair of channel
// semaphores: admitted holds a token for every request working or
// waiting, slots one for every request working.
type limiter struct {
	slots    chan struct{}
	admitted chan struct{}
}

func newLimiter(workers, queue int) *limiter {
	return &limiter{slots: make(chan struct{}, workers), admitted: make(chan struct{}, workers+queue)}
}

// acquire takes a worker, waiting at most wait in the queue. It returns
// errBusy when the queue is full or the wait runs out, and ctx.Err() when
// ctx ends first. After a nil error the caller must call release.
func (l *limiter) acquire(ctx context.Context, wait time.Duration) error {
	select {
	case l.admitted <- struct{}{}:
	default:
		return errBusy
	}
	select {
	case l.slots <- struct{}{}:
		return nil
	default:
	}
	t := time.NewTimer(wait)
	defer t.Stop()
	select {
	case l.slots <- struct{}{}:
		return nil
	case <-ctx.Done():
		<-l.admitted
		return ctx.Err()
	case <-t.C:
		<-l.admitted
		return errBusy
	}
}

// release gives back the worker taken by acquire.
func (l *limiter) release() {
	<-l.slots
	<-l.admitted
}

// load returns the number of requests working and waiting.
func (l *limiter) load() (working, waiting int) {
	working = len(l.slots)
	return working, max(len(l.admitted)-working, 0)
}
