package web

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"

	"github.com/puzzlesolvers/puzzle/internal/record"
	"github.com/puzzlesolvers/puzzle/status"
)

// A puzzleReader is a family's Reader: Next returns the puzzles in turn,
// then io.EOF.
type puzzleReader[P any] interface {
	Next() (P, error)
}

// readBody reads the one puzzle of the request body with a family's reader;
// lineOf returns the line where a puzzle starts. When there is no puzzle to
// work on it returns the reply to send instead: for a malformed puzzle, 400
// with the record that invalid makes of its head and error (or with the
// error alone when invalid is nil); for a body without a puzzle, with
// several, or that cannot be read, 400 with a message.
func readBody[P any](c *call, open func(r io.Reader, file string) puzzleReader[P], lineOf func(P) int,
	invalid func(h record.Head, err error) record.Record) (file string, p P, bad *reply) {
	file = c.text("name", "request")
	fail := func(r reply) (string, P, *reply) {
		var zero P
		return file, zero, &r
	}
	rd := open(bytes.NewReader(c.body), file)
	p, err := rd.Next()
	var syntax record.Positioned
	switch {
	case err == io.EOF:
		return fail(failf(http.StatusBadRequest, "no puzzle in the request body"))
	case errors.As(err, &syntax) && invalid != nil:
		return fail(jsonReply(http.StatusBadRequest, invalid(record.Invalid(file, err), err)))
	case err != nil:
		return fail(failf(http.StatusBadRequest, "%v", err))
	}
	if q, err := rd.Next(); err != io.EOF {
		where := ""
		switch {
		case err == nil:
			where = fmt.Sprintf(" (another starts at line %d)", lineOf(q))
		case errors.As(err, &syntax):
			_, line := syntax.Position()
			where = fmt.Sprintf(" (another, malformed, at line %d)", line)
		}
		return fail(failf(http.StatusBadRequest, "the body holds more than one puzzle%s: send one per request", where))
	}
	return file, p, nil
}

// codeOf is the HTTP status of a record's status.
func codeOf(s status.Status) int {
	switch s {
	case status.Invalid:
		return http.StatusBadRequest
	case status.Timeout:
		return http.StatusGatewayTimeout
	}
	return http.StatusOK
}

// answer replies with a record, under the HTTP status of its status: 400
// for an invalid puzzle, 504 when the time ran out, else 200. A record cut
// short by the server's time limit says which limit.
func answer(c *call, rec record.Record) reply {
	h := rec.Header()
	if h.Status == status.Timeout && errors.Is(c.ctx.Err(), context.DeadlineExceeded) {
		h.Error = fmt.Sprintf("no answer within %v", c.timeout)
	}
	return jsonReply(codeOf(h.Status), rec)
}
