package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
)

// listStream writes one JSON record whose list of solutions is too long
// to hold: the head (where the puzzle came from, its size) first, then
// "solutions" item by item as the search finds them, then the rest of the
// record (status, count, stats), all on one line. The record is the same
// object as if it had been encoded whole, its keys in another order.
type listStream struct {
	w     *bufio.Writer
	buf   bytes.Buffer
	enc   *json.Encoder
	items int
	err   error
}

func newListStream(w *bufio.Writer) *listStream {
	s := &listStream{w: w}
	s.enc = json.NewEncoder(&s.buf)
	s.enc.SetEscapeHTML(false)
	return s
}

// encode returns v as JSON, without the encoder's newline, in s.buf.
func (s *listStream) encode(v any) []byte {
	s.buf.Reset()
	if err := s.enc.Encode(v); err != nil && s.err == nil {
		s.err = err
	}
	return bytes.TrimSuffix(s.buf.Bytes(), []byte("\n"))
}

func (s *listStream) write(b []byte) {
	if s.err != nil {
		return
	}
	_, s.err = s.w.Write(b)
}

// open starts the record with the fields of head, an object that must not
// be empty, and the list.
func (s *listStream) open(head any) {
	b := s.encode(head)
	if len(b) < 2 || b[len(b)-1] != '}' || string(b) == "{}" {
		s.err = errors.New("listStream: empty head")
		return
	}
	s.write(b[:len(b)-1])
	s.write([]byte(`,"solutions":[`))
}

// item writes one item of the list and reports whether writing goes on
// (false after a failed write: the search can stop).
func (s *listStream) item(v any) bool {
	b := s.encode(v)
	if s.items > 0 {
		s.write([]byte{','})
	}
	s.write(b)
	s.items++
	return s.err == nil
}

// close ends the list and the record with the fields of tail, an object
// that shares no key with the head nor has "solutions", and a newline.
func (s *listStream) close(tail any) error {
	b := s.encode(tail)
	s.write([]byte("],"))
	if len(b) > 1 {
		s.write(b[1:])
	}
	s.write([]byte{'\n'})
	return s.err
}
