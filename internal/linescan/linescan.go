// Package linescan is the line scanner the text readers of the four
// families share: it drops a UTF-8 byte-order mark at the start of the
// input and the "\r" of a "\r\n" line end, and refuses a line longer than
// its cap exactly (a line of the cap's length is read), so that every
// reader bounds its memory and can say which line is too long.
package linescan

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
)

// BOM is the UTF-8 encoding of U+FEFF, the byte-order mark some editors
// put at the start of a file.
const BOM = "\xef\xbb\xbf"

// New returns a Scanner of the lines of r, each at most max bytes (line
// end excluded). A longer line stops the Scanner with an error for which
// TooLong reports true; the bytes it holds are at most max+2.
func New(r io.Reader, max int) *bufio.Scanner {
	sc := bufio.NewScanner(r)
	// Room for a line of max bytes and its "\r\n": one more byte is too long.
	sc.Buffer(make([]byte, 0, min(max+2, 64<<10)), max+2)
	start := true
	sc.Split(func(data []byte, atEOF bool) (int, []byte, error) {
		skip := 0
		if start {
			if len(data) < len(BOM) && !atEOF && bytes.HasPrefix([]byte(BOM), data) {
				return 0, nil, nil // not enough to tell
			}
			start = false
			if bytes.HasPrefix(data, []byte(BOM)) {
				skip = len(BOM)
			}
		}
		advance, token, err := bufio.ScanLines(data[skip:], atEOF)
		if err == nil && len(token) > max {
			return 0, nil, bufio.ErrTooLong
		}
		if advance == 0 && token == nil && skip > 0 {
			return skip, nil, err // drop the mark, then read on
		}
		return advance + skip, token, err
	})
	return sc
}

// TooLong reports whether err is that of a line over the cap.
func TooLong(err error) bool { return errors.Is(err, bufio.ErrTooLong) }

// Size writes a cap for people: "1 MiB", "64 KiB", "100 bytes".
func Size(n int) string {
	switch {
	case n >= 1<<20 && n%(1<<20) == 0:
		return fmt.Sprintf("%d MiB", n>>20)
	case n >= 1<<10 && n%(1<<10) == 0:
		return fmt.Sprintf("%d KiB", n>>10)
	}
	return fmt.Sprintf("%d bytes", n)
}
