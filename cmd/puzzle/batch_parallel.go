package main

import (
	"bytes"
	"context"
	"encoding/json"
	"sync"
	"sync/atomic"
	"time"

	"github.com/puzzlesolvers/puzzle/internal/record"
	"github.com/puzzlesolvers/puzzle/status"
)

// jobSize is the number of puzzles a worker of the pipeline takes at a
// time: enough for the hand-over to cost next to nothing against the
// work, few enough for the cores to share a short file.
const jobSize = 256

// A pipeline answers quick puzzles on several cores and keeps the output
// in input order: the reading goroutine gathers the puzzles into jobs,
// each worker answers a job and writes its records into the job's
// buffer, and one writer writes the jobs in the order they were read. It
// is runBatch's path for a run of quick puzzles when more than one core
// may work (batch.parallel).
type pipeline[P any, R record.Record] struct {
	b     *batch[P, R]
	ctx   context.Context
	work  chan *job[P, R] // to the workers
	order chan *job[P, R] // to the writer, in input order
	cur   *job[P, R]      // the job being gathered
	free  chan *job[P, R] // jobs written, for reuse
	wg    sync.WaitGroup  // the workers and the writer
	// stopped is set by the writer when the batch must stop: a write
	// failed, a usage error, an interruption.
	stopped atomic.Bool
	// write writes one job's output and takes its outcome (the writer's
	// end of runBatch); it reports whether to go on.
	write func(j *job[P, R]) bool
}

// A job is a run of puzzles of one pipeline, in input order.
type job[P any, R record.Record] struct {
	items []jobItem[P, R]
	// What the worker made: the output, the status of each record
	// written, and why it stopped early, if it did: a usage error (of
	// items[len(statuses)]), a record marked interrupted (the last one),
	// a record that could not be written (err).
	out         []byte
	statuses    []status.Status
	usage       error
	interrupted bool
	err         error
	// flush asks the writer to flush the output once the job is written:
	// the reader is about to wait for more input.
	flush bool
	done  chan struct{} // closed when the worker is through
	ack   chan struct{} // when not nil: closed when the writer is through
}

// A jobItem is a puzzle to answer, or the record of one that could not
// be read.
type jobItem[P any, R record.Record] struct {
	file  string
	p     P
	rec   R
	ready bool // rec is the answer already
}

func newPipeline[P any, R record.Record](ctx context.Context, b *batch[P, R], write func(j *job[P, R]) bool) *pipeline[P, R] {
	n := b.parallel
	pl := &pipeline[P, R]{b: b, ctx: ctx, write: write,
		work: make(chan *job[P, R], 2*n), order: make(chan *job[P, R], 4*n), free: make(chan *job[P, R], 8*n)}
	pl.wg.Add(n + 1)
	for range n {
		go pl.worker()
	}
	go pl.writer()
	return pl
}

// add appends a puzzle to the job being gathered, or the record of one
// that could not be read, and hands the job on when it is full.
func (pl *pipeline[P, R]) add(it jobItem[P, R]) {
	if pl.cur == nil {
		pl.cur = pl.newJob()
	}
	pl.cur.items = append(pl.cur.items, it)
	if len(pl.cur.items) == jobSize {
		pl.send(false)
	}
}

func (pl *pipeline[P, R]) newJob() *job[P, R] {
	select {
	case j := <-pl.free:
		*j = job[P, R]{items: j.items[:0], out: j.out[:0], statuses: j.statuses[:0], done: make(chan struct{})}
		return j
	default:
		return &job[P, R]{items: make([]jobItem[P, R], 0, jobSize), done: make(chan struct{})}
	}
}

// send hands the job being gathered to a worker and to the writer, even
// an empty one when flush is set: the writer then flushes the output
// once every job before it is written.
func (pl *pipeline[P, R]) send(flush bool) {
	j := pl.cur
	pl.cur = nil
	if j == nil {
		if !flush {
			return
		}
		j = pl.newJob()
	}
	j.flush = flush
	pl.order <- j
	if len(j.items) == 0 {
		close(j.done)
		return
	}
	pl.work <- j
}

// wait hands on the job being gathered and returns when the writer has
// written every job: runBatch may then write itself.
func (pl *pipeline[P, R]) wait() {
	pl.send(false)
	j := pl.newJob()
	j.ack = make(chan struct{})
	pl.cur = j
	pl.send(true)
	<-j.ack
}

// close waits for every job to be written and stops the goroutines.
func (pl *pipeline[P, R]) close() {
	pl.wait()
	close(pl.work)
	close(pl.order)
	pl.wg.Wait()
}

func (pl *pipeline[P, R]) worker() {
	defer pl.wg.Done()
	var buf bytes.Buffer // for the records that encoding/json writes
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	for j := range pl.work {
		if !pl.stopped.Load() {
			pl.answer(j, &buf, enc)
		}
		close(j.done)
	}
}

// answer answers the puzzles of j and writes their records into j.out,
// as runBatch's emit writes them.
func (pl *pipeline[P, R]) answer(j *job[P, R], buf *bytes.Buffer, enc *json.Encoder) {
	b := pl.b
	for _, it := range j.items {
		r := it.rec
		if !it.ready {
			var err error
			if r, err = b.work(pl.ctx, it.file, it.p); err != nil {
				j.usage = err
				return
			}
			j.interrupted = interruptedHead(pl.ctx, r.Header())
		}
		j.statuses = append(j.statuses, r.Header().Status)
		buf.Reset()
		switch a, ok := any(r).(jsonAppender); {
		case b.json && ok:
			var done bool
			if j.out, done = a.AppendJSON(j.out); done {
				j.out = append(j.out, '\n')
				break
			}
			j.err = enc.Encode(r)
		case b.json:
			j.err = enc.Encode(r)
		default:
			j.err = b.human(buf, r)
		}
		j.out = append(j.out, buf.Bytes()...)
		if j.err != nil || j.interrupted {
			return
		}
	}
}

// writer writes the jobs in input order.
func (pl *pipeline[P, R]) writer() {
	defer pl.wg.Done()
	for j := range pl.order {
		<-j.done
		if !pl.stopped.Load() && !pl.write(j) {
			pl.stopped.Store(true)
		}
		if j.ack != nil {
			close(j.ack)
		}
		select {
		case pl.free <- j:
		default:
		}
	}
}

// flushDue reports whether output that waits in the buffer since last
// should be flushed now.
func flushDue(last time.Time) bool { return time.Since(last) >= flushEvery }
