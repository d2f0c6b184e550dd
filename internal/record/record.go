package record

import (
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"time"

	"github.com/puzzlesolvers/puzzle/status"
)

// Head is the part every record shares: where the puzzle came from and how
// it ended. Records embed it first, so that these fields lead every JSON
// object.
type Head struct {
	// File names the input ("<stdin>", "request" on the web).
	File string `json:"file,omitempty"`
	// Line is the 1-based line where the puzzle starts in File.
	Line int `json:"line,omitempty"`
	// Name is the puzzle's own name, when its format has one.
	Name string `json:"name,omitempty"`
	// Status is never status.Unknown in a record that is written.
	Status status.Status `json:"status"`
	// Error says what went wrong; only with Invalid and Timeout.
	Error string `json:"error,omitempty"`
	// Reason says why there is no solution when that is known without a
	// search (a sliding board of the wrong parity); only with None.
	Reason string `json:"reason,omitempty"`
}

// Header returns h itself, so that every record embedding a Head is a Record.
func (h *Head) Header() *Head { return h }

// A Record is one JSON object of the vocabulary: a verb's answer about one
// puzzle or one job.
type Record interface {
	Header() *Head
}

// Positioned is an error that knows the file and line it is about, as
// every family's SyntaxError does.
type Positioned interface {
	error
	Position() (file string, line int)
}

// Invalid returns the head of a puzzle that could not be read: status
// invalid, the error's text, and its line when the error has one.
func Invalid(file string, err error) Head {
	h := Head{File: file, Status: status.Invalid, Error: err.Error()}
	var p Positioned
	if errors.As(err, &p) {
		if f, line := p.Position(); line > 0 {
			h.Line = line
			if f != "" {
				h.File = f
			}
		}
	}
	return h
}

// Cell names one cell of a grid or board, from 0: {"row": r, "col": c}.
type Cell struct {
	Row int `json:"row"`
	Col int `json:"col"`
}

// String writes the cell as players do, from 1: "r1c1".
func (c Cell) String() string { return fmt.Sprintf("r%dc%d", c.Row+1, c.Col+1) }

// Seed is a random seed. It is written in JSON as a string, since a 64-bit
// number does not survive JavaScript's numbers; it is read from a string or
// a number.
type Seed uint64

// MarshalJSON writes the seed as a decimal string.
func (s Seed) MarshalJSON() ([]byte, error) {
	return []byte(`"` + strconv.FormatUint(uint64(s), 10) + `"`), nil
}

// UnmarshalJSON reads a decimal string or a number.
func (s *Seed) UnmarshalJSON(b []byte) error {
	var text string
	if len(b) > 0 && b[0] == '"' {
		if err := json.Unmarshal(b, &text); err != nil {
			return err
		}
	} else {
		text = string(b)
	}
	v, err := ParseSeed(text)
	if err != nil {
		return err
	}
	*s = v
	return nil
}

// ParseSeed reads a seed written in decimal.
func ParseSeed(text string) (Seed, error) {
	v, err := strconv.ParseUint(text, 10, 64)
	if err != nil {
		return 0, fmt.Errorf("seed %q: want a non-negative integer below 2^64", text)
	}
	return Seed(v), nil
}

// String writes the seed in decimal.
func (s Seed) String() string { return strconv.FormatUint(uint64(s), 10) }

// Millis converts a duration to the float milliseconds of stats.time_ms.
func Millis(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }
