package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"iter"
	"strings"
	"time"

	"github.com/puzzlesolvers/puzzle/internal/jsonl"
	"github.com/puzzlesolvers/puzzle/internal/record"
	"github.com/puzzlesolvers/puzzle/status"
)

// readFunc reads the puzzles of one input: a family's NewReader(r, file).All().
type readFunc[P any] func(file string, r io.Reader) iter.Seq2[P, error]

// eachPuzzle calls fn with every puzzle of every input in turn ('-' or none
// is stdin), or with the error of one that could not be read (p is then the
// zero value); fn returns false to stop. eachPuzzle reports whether every
// input could be opened; read errors are fn's to judge.
func eachPuzzle[P any](e *env, prefix string, files []string, read readFunc[P], fn func(file string, p P, err error) bool) bool {
	stop := false
	return e.eachInput(prefix, files, func(file string, r io.Reader) {
		if stop {
			return
		}
		for p, err := range read(file, r) {
			if !fn(file, p, err) || e.ctx.Err() != nil {
				stop = true
				return
			}
		}
	})
}

// A batch is a verb that reads puzzles and answers each with a record:
// solve, rate, complete, ... runBatch does the rest.
type batch[P any, R record.Record] struct {
	json bool
	read readFunc[P]
	// bad returns the record of a puzzle that could not be read, or false
	// when the error ends the input (an I/O error, not a malformed puzzle).
	bad func(file string, err error) (R, bool)
	// work answers one puzzle. An error is a usage error: the options do
	// not apply to this puzzle (exit 2).
	work func(ctx context.Context, file string, p P) (R, error)
	// human writes one record for people.
	human func(w io.Writer, r R) error
	// stream, when set, takes work's place for records too large to
	// hold (every solution of a nearly empty grid): it answers one puzzle
	// and writes its output to w as the work goes, then returns the
	// record, already written, for the tally; an error is a usage error,
	// as work's (a failed write shows in w, a *bufio.Writer, whose errors
	// stick). A record it writes after ctx is done must say so: see
	// interruptedHead.
	stream func(ctx context.Context, w *bufio.Writer, file string, p P) (R, error)
	// summary prints a line of counts by status after several puzzles.
	summary bool
	// quick, when set, says that work on the puzzle takes milliseconds at
	// most: the records before it may wait in the output buffer meanwhile.
	// Without it every record is flushed as it is written.
	quick func(p P) bool
	// parallel, when above 1 (with quick set and stream not), is the
	// number of cores that answer quick puzzles at once, in jobs of
	// consecutive puzzles whose output is written in input order (see
	// pipeline). work must then be safe for concurrent use.
	parallel int
	// shard, when set, makes the run one shard of a job (--shard): see
	// batchShard. Puzzles then run one at a time and stream is refused.
	shard *batchShard
}

// jsonAppender is a record that can write itself as JSON (the bytes
// encoding/json would write) faster than encoding/json, or declines.
type jsonAppender interface {
	AppendJSON(b []byte) ([]byte, bool)
}

// flushBeforeRead is an input that calls flush whenever it is about to
// wait for more: output that waits for the next quick puzzle reaches the
// reader before the program waits on its input.
type flushBeforeRead struct {
	r     io.Reader
	flush func()
}

func (f flushBeforeRead) Read(p []byte) (int, error) {
	f.flush()
	return f.r.Read(p)
}

// flushEvery is about the longest that output waits in the buffer while
// quick puzzles follow one another: the clock is read once in 16 quick
// records, each of which takes milliseconds at most.
const flushEvery = 100 * time.Millisecond

// outputBuffer is the size of the output buffer of a batch: the records
// of quick puzzles are written a few hundred at a time.
const outputBuffer = 64 << 10

// recordRoom is the free space of the output buffer in which a record is
// built: more than the JSON record of a 16×16 Sudoku or of a small
// nonogram. A larger record is built in memory of its own.
const recordRoom = 4 << 10

// runBatch runs b over the inputs: it reads, works, writes each record (a
// JSON line, or for people), stops on an interruption (the record at hand
// becomes a timeout, "interrupted") and returns the exit code: 0 when every
// puzzle has a solution, 1 when one is invalid, has none or timed out or
// an input cannot be read, 2 on a usage error.
func runBatch[P any, R record.Record](e *env, v *verb, files []string, b batch[P, R]) int {
	out := bufio.NewWriterSize(e.stdout, outputBuffer)
	defer out.Flush()
	jw := jsonl.NewWriter(out)
	var counts tally
	failed, interrupted, usage := false, false, false
	sh := b.shard
	if sh != nil && b.stream != nil {
		return v.usageError(e, "--shard does not go with listing solutions (--all, --limit K of 2 or more)")
	}
	readFailed := false // an input could not be opened or read to its end
	start := time.Now()
	lastFlush := start
	waiting := 0 // quick records written, for the clock of flushEvery
	var pipe *pipeline[P, R]
	if b.parallel > 1 && b.quick != nil && b.stream == nil && sh == nil {
		pipe = newPipeline(e.ctx, &b, func(j *job[P, R]) bool {
			for _, s := range j.statuses {
				counts[s]++
				if !okStatus(s) {
					failed = true
				}
			}
			_, err := out.Write(j.out)
			if err == nil {
				err = j.err
			}
			if err == nil && (j.flush || j.usage != nil || flushDue(lastFlush)) && out.Buffered() > 0 {
				err = out.Flush()
				lastFlush = time.Now()
			}
			switch {
			case err != nil:
				fmt.Fprintf(e.stderr, "puzzle %s: %v\n", v.name, err)
				failed = true
			case j.usage != nil:
				v.usageError(e, "%v", j.usage)
				usage = true
			case j.interrupted:
				interrupted = true
			default:
				return true
			}
			return false
		})
	}
	base := b.read
	if sh != nil {
		base = batchShardRead(sh, base)
	}
	read := base
	if b.quick != nil {
		flush := func() {
			if out.Buffered() > 0 {
				out.Flush() // an error sticks in out, for the next write to report
			}
		}
		if pipe != nil {
			flush = func() { pipe.send(true) }
		}
		read = func(file string, r io.Reader) iter.Seq2[P, error] {
			return base(file, flushBeforeRead{r, flush})
		}
	}

	tallied := func(r R) {
		h := r.Header()
		counts[h.Status]++
		if !okStatus(h.Status) {
			failed = true
		}
	}
	// emit writes r; quick says that the record may wait in the buffer.
	emit := func(r R, quick bool, index int) bool {
		tallied(r)
		var err error
		switch a, ok := any(r).(jsonAppender); {
		case sh != nil:
			err = writeShardRecord(out, sh, r, index, b.human)
		case b.json && ok:
			// The record is built in the buffer's free space; a buffer
			// nearly full would make each record a new allocation (and
			// fresh pages to fault in) until the next flush.
			if out.Available() < recordRoom {
				if err = out.Flush(); err != nil {
					break
				}
			}
			line, done := a.AppendJSON(out.AvailableBuffer())
			if !done {
				err = jw.Write(r)
				break
			}
			_, err = out.Write(append(line, '\n'))
		case b.json:
			err = jw.Write(r)
		default:
			err = b.human(out, r)
		}
		// A clock read costs about 0.1 µs on some hosts, as much as a
		// quick record's JSON: quick records look at it one in 16.
		waiting++
		if err == nil && (!quick || waiting%16 == 0 && flushDue(lastFlush)) {
			err = out.Flush()
			lastFlush = time.Now()
		}
		if err != nil {
			fmt.Fprintf(e.stderr, "puzzle %s: %v\n", v.name, err)
			failed = true
			return false
		}
		return true
	}

	opened := eachPuzzle(e, v.name, files, read, func(file string, p P, err error) bool {
		if pipe != nil {
			if err != nil {
				if r, ok := b.bad(file, err); ok {
					pipe.add(jobItem[P, R]{file: file, rec: r, ready: true})
					return !pipe.stopped.Load()
				}
			} else if b.quick(p) {
				pipe.add(jobItem[P, R]{file: file, p: p})
				return !pipe.stopped.Load()
			}
			// Not for the pipeline: once it has written all it holds,
			// this goes the way of one core.
			pipe.wait()
			if pipe.stopped.Load() {
				return false
			}
		}
		if err != nil {
			r, ok := b.bad(file, err)
			if !ok {
				out.Flush()
				fmt.Fprintf(e.stderr, "puzzle %s: %v\n", v.name, err)
				failed, readFailed = true, true
				return true // the reader ends this input itself
			}
			index, mine := sh.owns()
			if !mine {
				return true
			}
			return emit(r, b.quick != nil, index)
		}
		index, mine := sh.owns()
		if !mine {
			return true
		}
		quick := b.quick != nil && b.quick(p)
		if !quick && out.Buffered() > 0 {
			if err := out.Flush(); err != nil {
				fmt.Fprintf(e.stderr, "puzzle %s: %v\n", v.name, err)
				failed = true
				return false
			}
		}
		if b.stream != nil {
			r, err := b.stream(e.ctx, out, file, p)
			if err != nil {
				out.Flush()
				v.usageError(e, "%v", err)
				usage = true
				return false
			}
			if err := out.Flush(); err != nil {
				fmt.Fprintf(e.stderr, "puzzle %s: %v\n", v.name, err)
				failed = true
				return false
			}
			tallied(r)
			interrupted = e.ctx.Err() != nil
			return !interrupted
		}
		r, err := b.work(e.ctx, file, p)
		if err != nil {
			out.Flush()
			v.usageError(e, "%v", err)
			usage = true
			return false
		}
		interrupted = interruptedHead(e.ctx, r.Header())
		return emit(r, quick, index) && !interrupted
	})
	if pipe != nil {
		pipe.close()
		pipe = nil
	}
	if sh != nil && !usage {
		st, msg := status.Solved, ""
		switch {
		case interrupted || e.ctx.Err() != nil:
			st, msg = status.Timeout, "interrupted"
		case !opened || readFailed:
			st, msg = status.Invalid, "an input could not be read"
		}
		if err := writeJSONLine(out, sh.summary(st, msg)); err != nil {
			fmt.Fprintf(e.stderr, "puzzle %s: %v\n", v.name, err)
			failed = true
		}
		if err := out.Flush(); err != nil {
			fmt.Fprintf(e.stderr, "puzzle %s: %v\n", v.name, err)
			failed = true
		}
	}
	switch {
	case usage:
		return exitUsage
	case interrupted || e.ctx.Err() != nil:
		out.Flush()
		fmt.Fprintf(e.stderr, "puzzle %s: interrupted\n", v.name)
		return exitFail
	}
	if counts.total() == 0 && opened && !failed && (sh == nil || sh.next == 0) {
		// Not an error: an input may hold nothing to do.
		fmt.Fprintf(e.stderr, "puzzle %s: no puzzle in the input\n", v.name)
	}
	if b.summary && !b.json && sh == nil && counts.total() > 1 {
		fmt.Fprintf(out, "%s: %s in %s\n", plural(counts.total(), "puzzle"), counts.String(), fmtDuration(time.Since(start)))
	}
	if failed || !opened {
		return exitFail
	}
	return exitOK
}

// interruptedHead marks h, the head of a record about to be written, as
// interrupted (status timeout) if ctx is done, and reports whether it is.
func interruptedHead(ctx context.Context, h *record.Head) bool {
	if ctx.Err() == nil {
		return false
	}
	h.Status, h.Error, h.Reason = status.Timeout, "interrupted", ""
	return true
}

// okStatus reports whether a record of this status leaves the exit code 0.
func okStatus(s status.Status) bool {
	return s == status.Unique || s == status.Multiple || s == status.Solved
}

// tally counts records by status.
type tally [status.Timeout + 1]int

func (t *tally) total() int {
	n := 0
	for _, k := range t {
		n += k
	}
	return n
}

// String lists the non-zero counts in the order of the statuses: "3 unique,
// 1 none".
func (t *tally) String() string {
	var parts []string
	for s, k := range t {
		if k > 0 {
			parts = append(parts, fmt.Sprintf("%d %v", k, status.Status(s)))
		}
	}
	if len(parts) == 0 {
		return "none read"
	}
	return strings.Join(parts, ", ")
}
