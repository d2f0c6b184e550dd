package status

import "fmt"

// Status is the outcome of solving one puzzle.
type Status uint8

const (
	// Unknown is the zero value: nothing has been decided.
	Unknown Status = iota
	// Unique means exactly one solution exists, and the search proved it.
	Unique
	// Multiple means at least two solutions exist.
	Multiple
	// None means the puzzle has no solution (for example a sliding board
	// whose permutation has the wrong parity).
	None
	// Solved means a solution was found without proving it is the only one.
	Solved
	// Invalid means the puzzle is malformed (a bad clue, a broken rule).
	Invalid
	// Timeout means the time limit or a cancellation stopped the work.
	Timeout
)

var names = [...]string{
	Unknown:  "unknown",
	Unique:   "unique",
	Multiple: "multiple",
	None:     "none",
	Solved:   "solved",
	Invalid:  "invalid",
	Timeout:  "timeout",
}

// String returns the lower-case name used in JSON and human output.
func (s Status) String() string {
	if int(s) < len(names) {
		return names[s]
	}
	return fmt.Sprintf("status(%d)", uint8(s))
}

// Parse returns the Status with the given name.
func Parse(name string) (Status, error) {
	for i, n := range names {
		if n == name {
			return Status(i), nil
		}
	}
	return Unknown, fmt.Errorf("status: unknown status %q", name)
}

// MarshalText encodes the status as its name.
func (s Status) MarshalText() ([]byte, error) {
	if int(s) >= len(names) {
		return nil, fmt.Errorf("status: invalid status %d", uint8(s))
	}
	return []byte(names[s]), nil
}

// UnmarshalText decodes a status name.
func (s *Status) UnmarshalText(b []byte) error {
	v, err := Parse(string(b))
	if err != nil {
		return err
	}
	*s = v
	return nil
}

// OfSearch classifies the outcome of a search for up to limit solutions
// (limit ≤ 0: no limit) that found the given number of them: Timeout if it
// was stopped, None, Solved when only one was asked for (no proof of
// uniqueness), Unique, or Multiple.
func OfSearch(found, limit int, stopped bool) Status {
	switch {
	case stopped:
		return Timeout
	case found == 0:
		return None
	case limit == 1:
		return Solved
	case found == 1:
		return Unique
	}
	return Multiple
}

// Solved reports whether the status carries at least one solution.
func (s Status) Solved() bool {
	return s == Unique || s == Multiple || s == Solved
}
