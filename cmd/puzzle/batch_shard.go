package main

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"flag"
	"hash"
	"io"
	"iter"
	"strconv"
	"time"

	"github.com/puzzlesolvers/puzzle/internal/record"
	"github.com/puzzlesolvers/puzzle/internal/shard"
	"github.com/puzzlesolvers/puzzle/status"
)

// batchShard is a batch run as one shard of a job (--shard): it answers
// the puzzles the shard owns by their index among all the inputs' puzzles,
// writes each record as JSON with its place (shard, index, job, human),
// and ends with the shard's summary record, which 'puzzle merge' checks.
type batchShard struct {
	spec shard.Spec
	job  shard.Job // Inputs filled at the end
	// inputs hashes the inputs as they are read.
	inputs shard.Inputs
	// next is the index of the next puzzle read; written counts the
	// records of this shard; records hashes their lines.
	next, written int
	records       hash.Hash
	start         time.Time
}

// batch returns the shard of a batch verb, or nil without --shard; ok is
// false after a usage error, whose exit code is code. The job's arguments
// are the flags given, but those that do not change the answers (and the
// directories of caches and data, which differ from machine to machine).
func (f *shardFlags) batch(e *env, v *verb) (bs *batchShard, code int, ok bool) {
	s, code, ok := f.resolve(e, v)
	if !ok || s.K == 0 {
		return nil, code, ok
	}
	args := []string{}
	v.fs.Visit(func(fl *flag.Flag) {
		switch fl.Name {
		case "shard", "shards", "json", "workers", "cache", "delay", "data":
			return
		}
		args = append(args, "--"+fl.Name+"="+fl.Value.String())
	})
	return &batchShard{spec: s, job: shard.Job{Command: v.name, Args: args}, records: sha256.New(), start: time.Now()}, exitOK, true
}

// batchShardRead returns read, hashing each input into s.inputs as it is read and
// reading it to the end when the puzzles are through.
func batchShardRead[P any](s *batchShard, read readFunc[P]) readFunc[P] {
	return func(file string, r io.Reader) iter.Seq2[P, error] {
		hr := s.inputs.Reader(r)
		return func(yield func(P, error) bool) {
			for p, err := range read(file, hr) {
				if !yield(p, err) {
					return
				}
			}
			io.Copy(io.Discard, hr)
		}
	}
}

// owns takes the index of the next puzzle and reports whether it is this
// shard's; without a shard (s nil) every puzzle is.
func (s *batchShard) owns() (index int, mine bool) {
	if s == nil {
		return 0, true
	}
	index = s.next
	s.next++
	return index, s.spec.Owns(index)
}

// jobID is the job's name in every record: its command and arguments (the
// inputs are known only at the end; the summary record names them, and the
// checksum of the records ties these to it).
func (s *batchShard) jobID() string {
	return shard.Job{Command: s.job.Command, Args: s.job.Args}.ID()
}

// place appends to b the record line, a JSON object, with its place in
// the job and the output for people, and a newline; it hashes the line.
func (s *batchShard) place(b, line, human []byte, index int) []byte {
	line = bytes.TrimRight(line, "\n")
	start := len(b)
	b = append(b, line[:len(line)-1]...)
	b = append(b, `,"shard":"`...)
	b = append(b, s.spec.String()...)
	b = append(b, `","index":`...)
	b = strconv.AppendInt(b, int64(index), 10)
	b = append(b, `,"job":"`...)
	b = append(b, s.jobID()...)
	b = append(b, `","human":`...)
	b = appendJSONString(b, human)
	b = append(b, '}')
	s.records.Write(b[start:])
	s.written++
	return append(b, '\n')
}

// appendJSONString appends s as a JSON string, as encoding/json writes it
// without HTML escaping.
func appendJSONString(b, s []byte) []byte {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.Encode(string(s))
	return append(b, bytes.TrimRight(buf.Bytes(), "\n")...)
}

// ShardSummary is the last record of a shard's output: the job, this
// shard's part of it and how it ended. Status solved when the shard went
// through its inputs; timeout when interrupted, invalid when an input
// could not be read (with error): merge refuses such a shard.
type shardSummary struct {
	Status  status.Status `json:"status"`
	Error   string        `json:"error,omitempty"`
	Shard   string        `json:"shard"`
	Job     string        `json:"job"`
	Command string        `json:"command"`
	Args    []string      `json:"args"`
	Inputs  string        `json:"inputs"`
	// Puzzles is the number of this shard's records, Total that of the
	// puzzles of all the inputs; Records the SHA-256 of this shard's
	// record lines, in order.
	Puzzles int               `json:"puzzles"`
	Total   int               `json:"total"`
	Records string            `json:"records"`
	Stats   shardSummaryStats `json:"stats"`
}

type shardSummaryStats struct {
	TimeMS float64 `json:"time_ms"`
}

// summary returns the shard's last record. st is its status: solved, or
// timeout or invalid with the error.
func (s *batchShard) summary(st status.Status, errText string) *shardSummary {
	return &shardSummary{Status: st, Error: errText, Shard: s.spec.String(), Job: s.jobID(), Command: s.job.Command, Args: s.job.Args,
		Inputs: s.inputs.Sum(), Puzzles: s.written, Total: s.next, Records: "sha256:" + hex.EncodeToString(s.records.Sum(nil)),
		Stats: shardSummaryStats{TimeMS: record.Millis(time.Since(s.start))}}
}

// writeShardRecord writes r as a shard's record: its JSON (as --json
// writes it), with its place and its output for people.
func writeShardRecord[R record.Record](out *bufio.Writer, s *batchShard, r R, index int, human func(io.Writer, R) error) error {
	var line []byte
	if a, ok := any(r).(jsonAppender); ok {
		line, ok = a.AppendJSON(nil)
		if !ok {
			line = nil
		}
	}
	if line == nil {
		var buf bytes.Buffer
		enc := json.NewEncoder(&buf)
		enc.SetEscapeHTML(false)
		if err := enc.Encode(r); err != nil {
			return err
		}
		line = buf.Bytes()
	}
	var text bytes.Buffer
	if err := human(&text, r); err != nil {
		return err
	}
	_, err := out.Write(s.place(out.AvailableBuffer(), line, text.Bytes(), index))
	return err
}

// writeJSONLine writes v as one line of JSON.
func writeJSONLine(out io.Writer, v any) error {
	enc := json.NewEncoder(out)
	enc.SetEscapeHTML(false)
	return enc.Encode(v)
}

func newShardHash() *shardHash { return &shardHash{h: sha256.New()} }

func (h *shardHash) add(line []byte) {
	h.h.Write(line)
	h.n++
}

func (h *shardHash) sum() string { return "sha256:" + hex.EncodeToString(h.h.Sum(nil)) }
