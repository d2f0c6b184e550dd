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

// bodyPuzzle is the one puzzle of a request body, or the syntax error of a
// malformed one, of which the route makes its invalid record.
type bodyPuzzle[P any] struct {
	file   string // the name parameter, "request" by default
	puzzle P
	syntax error // a record.Positioned error; the puzzle is then the zero value
}

// readBody reads the one puzzle of the request body with a family's reader;
// lineOf returns the line where a puzzle starts. A body without a puzzle,
// with several, or that cannot be read otherwise gives the reply to send
// instead: 400 with a message.
func readBody[P any](c *call, open func(r io.Reader, file string) puzzleReader[P], lineOf func(P) int) (bodyPuzzle[P], *reply) {
	in := bodyPuzzle[P]{file: c.text("name", "request")}
	rd := open(bytes.NewReader(c.body), in.file)
	p, err := rd.Next()
	var syntax record.Positioned
	switch {
	case err == io.EOF:
		r := failf(http.StatusBadRequest, "no puzzle in the request body")
		return in, &r
	case errors.As(err, &syntax):
		in.syntax = err
	case err != nil:
		r := failf(http.StatusBadRequest, "%v", err)
		return in, &r
	default:
		in.puzzle = p
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
		r := failf(http.StatusBadRequest, "the body holds more than one puzzle%s: send one per request", where)
		return in, &r
	}
	return in, nil
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
