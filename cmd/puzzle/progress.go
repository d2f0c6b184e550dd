package main

import (
	"fmt"
	"io"
	"sync"
	"sync/atomic"
	"time"
)

// progress shows "label done/total" on one line of a terminal, refreshed a
// few times a second. On anything but a terminal it does nothing, so that
// logs and pipes stay clean.
type progress struct {
	done  atomic.Int64
	line  atomic.Pointer[string] // shown instead of "label done/total" when set
	quit  chan struct{}
	wg    sync.WaitGroup
	w     io.Writer
	label string
	total int
}

// startProgress starts showing progress on w if w is a terminal; the
// result is nil (and its methods do nothing) otherwise.
func startProgress(w io.Writer, label string, total int) *progress {
	if !isTerminal(w) {
		return nil
	}
	p := &progress{quit: make(chan struct{}), w: w, label: label, total: total}
	p.wg.Add(1)
	go p.loop()
	return p
}

func (p *progress) loop() {
	defer p.wg.Done()
	t := time.NewTicker(250 * time.Millisecond)
	defer t.Stop()
	for {
		select {
		case <-p.quit:
			fmt.Fprint(p.w, "\r\x1b[K")
			return
		case <-t.C:
			if line := p.line.Load(); line != nil {
				fmt.Fprintf(p.w, "\r\x1b[K%s", *line)
			} else {
				fmt.Fprintf(p.w, "\r\x1b[K%s %d/%d", p.label, p.done.Load(), p.total)
			}
		}
	}
}

// set records that n items are done.
func (p *progress) set(n int) {
	if p != nil {
		p.done.Store(int64(n))
	}
}

// show replaces the line shown by line.
func (p *progress) show(line string) {
	if p != nil {
		p.line.Store(&line)
	}
}

// stop clears the progress line.
func (p *progress) stop() {
	if p != nil {
		close(p.quit)
		p.wg.Wait()
	}
}
