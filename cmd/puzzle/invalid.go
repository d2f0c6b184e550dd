package main

import (
	"errors"
	"fmt"
	"io"
	"strconv"

	"github.com/puzzlesolvers/puzzle/internal/record"
	"github.com/puzzlesolvers/puzzle/nonogram"
	"github.com/puzzlesolvers/puzzle/queens"
	"github.com/puzzlesolvers/puzzle/sliding"
	"github.com/puzzlesolvers/puzzle/sudoku"
)

// writeUnreadable writes the human lines of a puzzle that could not be
// read: "file:line: invalid: what is wrong" and a blank line. The place is
// said once: the message is the syntax error's own, without the family
// and the place that its Error repeats.
func writeUnreadable(w io.Writer, h *record.Head, cause error) error {
	where := h.File
	if h.Line > 0 {
		where += ":" + strconv.Itoa(h.Line)
	}
	_, err := fmt.Fprintf(w, "%s: %s: %s\n\n", where, h.Status, syntaxMessage(cause, h.Error))
	return err
}

// syntaxMessage returns the message of a family's syntax error in err,
// or else.
func syntaxMessage(err error, or string) string {
	var (
		su *sudoku.SyntaxError
		no *nonogram.SyntaxError
		sl *sliding.SyntaxError
		qu *queens.SyntaxError
	)
	switch {
	case errors.As(err, &su):
		return su.Msg
	case errors.As(err, &no):
		return no.Msg
	case errors.As(err, &sl):
		return sl.Msg
	case errors.As(err, &qu):
		return qu.Msg
	}
	return or
}
