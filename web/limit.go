package web

import (
	"context"
	"errors"
	"fmt"
	"net"
	"slices"
	"sync"
	"time"
)

// errBusy is returned by lane.acquire when the queue is full or the wait
// for a worker ran out.
var errBusy = errors.New("the server is busy: every worker is taken and the queue is full; try again shortly")

// errClientBusy is returned by lane.acquire when the client already has as
// many requests waiting as one client may.
type errClientBusy struct{ working, waiting int }

func (e errClientBusy) Error() string {
	return fmt.Sprintf("too many requests from your address: %d solving and %d waiting, the most one address may have; try again once one is answered",
		e.working, e.waiting)
}

// A lane bounds the requests doing work at once (its slots) and those
// waiting for a slot (its queue), and shares both among the clients: one
// client (a remote address) holds at most share slots and waits with at
// most clientQueue requests, and a free slot goes to the clients waiting in
// turn, one request each, so that a client sending many requests delays the
// others by one request at a time, not by all of its own.
type lane struct {
	slots, share       int // slots in all, slots one client may hold
	queue, clientQueue int // waiting requests in all, from one client

	mu      sync.Mutex
	working int
	waiting int
	clients map[string]*laneClient
	turn    []*laneClient // the clients with a request waiting, next served first
}

type laneClient struct {
	key     string
	working int
	waiters []*waiter // in the order they came
}

type waiter struct {
	ready   chan struct{} // closed when the slot is granted
	granted bool
}

// newLane returns a lane of slots workers and a queue of queue requests,
// of which one client may hold share slots and clientQueue places in the
// queue.
func newLane(slots, share, queue, clientQueue int) *lane {
	return &lane{slots: slots, share: max(1, min(share, slots)), queue: max(queue, 0), clientQueue: max(0, min(clientQueue, queue)),
		clients: map[string]*laneClient{}}
}

// acquire takes a slot for client, waiting at most wait in the queue. It
// returns errBusy when the queue is full or the wait runs out,
// errClientBusy when the client's part of the queue is full, and ctx.Err()
// when ctx ends first. After a nil error the caller must call release
// with the same client.
func (l *lane) acquire(ctx context.Context, client string, wait time.Duration) error {
	l.mu.Lock()
	c := l.clients[client]
	if c == nil {
		c = &laneClient{key: client}
		l.clients[client] = c
	}
	// A waiter that could use a free slot has been given it (dispatch runs
	// on every release), so a free slot now is free for this request, unless
	// the client waits already (first come, first served within a client).
	if l.working < l.slots && c.working < l.share && len(c.waiters) == 0 {
		l.working++
		c.working++
		l.mu.Unlock()
		return nil
	}
	if len(c.waiters) >= l.clientQueue && l.waiting < l.queue {
		err := errClientBusy{c.working, len(c.waiters)}
		l.forget(c)
		l.mu.Unlock()
		return err
	}
	if l.waiting >= l.queue {
		l.forget(c)
		l.mu.Unlock()
		return errBusy
	}
	w := &waiter{ready: make(chan struct{})}
	c.waiters = append(c.waiters, w)
	if len(c.waiters) == 1 {
		l.turn = append(l.turn, c)
	}
	l.waiting++
	l.mu.Unlock()

	t := time.NewTimer(wait)
	defer t.Stop()
	var err error
	select {
	case <-w.ready:
		return nil
	case <-ctx.Done():
		err = ctx.Err()
	case <-t.C:
		err = errBusy
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if w.granted { // granted while giving up: take it after all
		return nil
	}
	c.waiters = slices.DeleteFunc(c.waiters, func(x *waiter) bool { return x == w })
	l.waiting--
	if len(c.waiters) == 0 {
		l.turn = slices.DeleteFunc(l.turn, func(x *laneClient) bool { return x == c })
	}
	l.forget(c)
	return err
}

// release gives back the slot client took by acquire, and grants it to the
// next request waiting.
func (l *lane) release(client string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	c := l.clients[client]
	if c == nil || c.working == 0 {
		panic("web: release of a slot not held by " + client)
	}
	l.working--
	c.working--
	l.dispatch()
	l.forget(c)
}

// dispatch grants the free slots to the waiting requests: the first
// client in turn that may hold another slot gets one for its oldest
// request and goes to the end of the turn.
func (l *lane) dispatch() {
	for l.working < l.slots {
		i := slices.IndexFunc(l.turn, func(c *laneClient) bool { return c.working < l.share })
		if i < 0 {
			return
		}
		c := l.turn[i]
		w := c.waiters[0]
		c.waiters = c.waiters[1:]
		l.turn = slices.Delete(l.turn, i, i+1)
		if len(c.waiters) > 0 {
			l.turn = append(l.turn, c)
		}
		w.granted = true
		close(w.ready)
		l.working++
		l.waiting--
		c.working++
	}
}

// forget drops a client that neither works nor waits.
func (l *lane) forget(c *laneClient) {
	if c.working == 0 && len(c.waiters) == 0 {
		delete(l.clients, c.key)
	}
}

// load returns the number of requests working and waiting.
func (l *lane) load() (working, waiting int) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.working, l.waiting
}

// clientKey is the client a request counts against: its remote IP
// address, without the port; an IPv6 address counts by its /64 network,
// which one host usually holds whole.
func clientKey(remoteAddr string) string {
	host, _, err := net.SplitHostPort(remoteAddr)
	if err != nil {
		host = remoteAddr
	}
	ip := net.ParseIP(host)
	switch {
	case ip == nil:
		return host
	case ip.To4() != nil:
		return ip.To4().String()
	}
	return ip.Mask(net.CIDRMask(64, 128)).String() + "/64"
}

// A limiter holds the lanes of a server: one for heavy requests, one for
// cheap ones (nil when there is none).
type limiter struct {
	heavy, cheap *lane
}

// cheapQueue is the length of the cheap lane's queue per worker: a cheap
// request takes milliseconds, so a long queue is a short wait.
const cheapQueue = 32

func newLimiter(cfg Config) *limiter {
	l := &limiter{heavy: newLane(cfg.Workers, cfg.ClientWorkers, cfg.Queue, max(1, cfg.Queue/2))}
	if cfg.CheapWorkers > 0 {
		q := cheapQueue * cfg.CheapWorkers
		l.cheap = newLane(cfg.CheapWorkers, max(1, cfg.CheapWorkers/2), q, q/2)
	}
	return l
}

// load returns the number of requests working and waiting, in both lanes.
func (l *limiter) load() (working, waiting int) {
	working, waiting = l.heavy.load()
	if l.cheap != nil {
		w, q := l.cheap.load()
		working, waiting = working+w, waiting+q
	}
	return working, waiting
}
