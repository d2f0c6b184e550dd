package jsonl

import (
	"bufio"
	"encoding/json"
	"io"
)

// Writer writes one JSON value per line. It is not safe for concurrent use.
type Writer struct {
	buf *bufio.Writer
	enc *json.Encoder
}

// NewWriter returns a Writer that buffers its output to w; call Flush when done.
func NewWriter(w io.Writer) *Writer {
	buf := bufio.NewWriter(w)
	enc := json.NewEncoder(buf)
	enc.SetEscapeHTML(false)
	return &Writer{buf: buf, enc: enc}
}

// Write encodes v on its own line.
func (w *Writer) Write(v any) error {
	return w.enc.Encode(v)
}

// Flush writes any buffered data to the underlying writer.
func (w *Writer) Flush() error {
	return w.buf.Flush()
}
