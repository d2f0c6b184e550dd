// Package puzzleseq turns a family's Reader into the iterator every
// family's Reader.All returns, so that the four readers go on and stop by
// one rule.
package puzzleseq

import (
	"errors"
	"io"
	"iter"
)

// positioned is a malformed puzzle's error: every family's SyntaxError.
type positioned interface {
	error
	Position() (file string, line int)
}

// All returns an iterator over what next returns: each puzzle with a nil
// error, or the error of a malformed one (an error with a Position), after
// which it goes on. It stops at io.EOF, or after yielding any other error
// (a failed read).
func All[P any](next func() (P, error)) iter.Seq2[P, error] {
	return func(yield func(P, error) bool) {
		for {
			p, err := next()
			if err == io.EOF {
				return
			}
			if !yield(p, err) {
				return
			}
			if err != nil && !isSyntax(err) {
				return
			}
		}
	}
}

// isSyntax reports whether err is a malformed puzzle's error. It is apart
// from All so that the target of errors.As, which escapes, is allocated
// only for an error, not for every puzzle.
func isSyntax(err error) bool {
	var syntax positioned
	return errors.As(err, &syntax)
}
