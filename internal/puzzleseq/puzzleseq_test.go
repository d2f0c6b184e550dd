package puzzleseq

import (
	"errors"
	"fmt"
	"io"
	"slices"
	"testing"
)

type syntaxError struct{ line int }

func (e *syntaxError) Error() string                     { return fmt.Sprintf("line %d: bad", e.line) }
func (e *syntaxError) Position() (file string, line int) { return "f", e.line }

// next returns the steps in turn, then io.EOF.
func next(steps ...error) func() (int, error) {
	i := 0
	return func() (int, error) {
		if i == len(steps) {
			return 0, io.EOF
		}
		i++
		return i, steps[i-1]
	}
}

func TestAll(t *testing.T) {
	broken := errors.New("read: broken pipe")
	for _, c := range []struct {
		steps []error
		want  []string
	}{
		{nil, nil},
		{[]error{nil, nil}, []string{"1", "2"}},
		// A syntax error, even wrapped, is yielded and reading goes on.
		{[]error{nil, &syntaxError{2}, fmt.Errorf("x: %w", &syntaxError{3}), nil}, []string{"1", "line 2: bad", "x: line 3: bad", "4"}},
		// Any other error is yielded last.
		{[]error{nil, broken, nil}, []string{"1", "read: broken pipe"}},
	} {
		var got []string
		for p, err := range All(next(c.steps...)) {
			if err != nil {
				got = append(got, err.Error())
			} else {
				got = append(got, fmt.Sprint(p))
			}
		}
		if !slices.Equal(got, c.want) {
			t.Errorf("%v: got %q, want %q", c.steps, got, c.want)
		}
	}
	// Breaking out of the loop stops the reading.
	calls := 0
	for range All(func() (int, error) { calls++; return calls, nil }) {
		if calls == 3 {
			break
		}
	}
	if calls != 3 {
		t.Errorf("read %d after a break at 3", calls)
	}
}
