package shard

import (
	"crypto/sha256"
	"encoding/hex"
	"hash"
	"io"
	"strings"
)

// A Job is what makes shards parts of one whole: the command, the
// arguments that change its answer (not --shard, --shards, --workers or
// --json) and the SHA-256 of its inputs. Every shard of a job has the same.
type Job struct {
	// Command is the verb, "sudoku solve".
	Command string `json:"command"`
	// Args are the arguments that change the answer, as given.
	Args []string `json:"args"`
	// Inputs is "sha256:" and the hex SHA-256 of the inputs' SHA-256s, in
	// order; "" when the job reads none (queens count).
	Inputs string `json:"inputs,omitempty"`
}

// ID is a short name for the job, the first 16 hex digits of the SHA-256 of
// its fields: what every record of a shard carries.
func (j Job) ID() string {
	h := sha256.New()
	io.WriteString(h, j.Command)
	for _, a := range j.Args {
		io.WriteString(h, "\x00")
		io.WriteString(h, a)
	}
	io.WriteString(h, "\x01")
	io.WriteString(h, j.Inputs)
	return hex.EncodeToString(h.Sum(nil))[:16]
}

// String writes the job as a command line: `sudoku solve --limit 1
// (inputs sha256:…)`.
func (j Job) String() string {
	s := strings.Join(append([]string{j.Command}, j.Args...), " ")
	if j.Inputs != "" {
		s += " (inputs " + j.Inputs + ")"
	}
	return s
}

// Inputs hashes the inputs of a job as they are read.
type Inputs struct {
	sums [][]byte
	cur  hash.Hash
}

// Reader returns r, hashing what is read from it as the job's next input.
func (in *Inputs) Reader(r io.Reader) io.Reader {
	in.end()
	in.cur = sha256.New()
	return io.TeeReader(r, in.cur)
}

func (in *Inputs) end() {
	if in.cur != nil {
		in.sums = append(in.sums, in.cur.Sum(nil))
		in.cur = nil
	}
}

// Sum returns "sha256:" and the hex SHA-256 of the SHA-256s of the inputs
// read so far, each read to its end.
func (in *Inputs) Sum() string {
	in.end()
	h := sha256.New()
	for _, s := range in.sums {
		h.Write(s)
	}
	return "sha256:" + hex.EncodeToString(h.Sum(nil))
}
