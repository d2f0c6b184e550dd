package linescan

import (
	"io"
	"slices"
	"strings"
	"testing"
	"testing/iotest"
)

func lines(t *testing.T, r io.Reader, max int) ([]string, error) {
	t.Helper()
	sc := New(r, max)
	var got []string
	for sc.Scan() {
		got = append(got, sc.Text())
	}
	return got, sc.Err()
}

func TestScan(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		in      string
		max     int
		want    []string
		tooLong bool
	}{
		{"a\nb\r\nc", 10, []string{"a", "b", "c"}, false},
		{BOM + "a\n", 10, []string{"a"}, false},
		{BOM, 10, nil, false},
		{BOM + BOM + "a", 10, []string{BOM + "a"}, false}, // only the first mark is one
		{"a" + BOM + "\n", 10, []string{"a" + BOM}, false},
		{"\xef\xbb", 10, []string{"\xef\xbb"}, false},
		{"12345\n", 5, []string{"12345"}, false},
		{"12345\r\n", 5, []string{"12345"}, false},
		{"12345", 5, []string{"12345"}, false},
		{BOM + "12345\n", 5, []string{"12345"}, false},
		{"123456\n", 5, nil, true},
		{"123456", 5, nil, true},
		{"ok\n1234567890\nnever\n", 5, []string{"ok"}, true},
		{strings.Repeat("x", 1<<20) + "\n", 1 << 20, []string{strings.Repeat("x", 1<<20)}, false},
		{strings.Repeat("x", 1<<20+1) + "\n", 1 << 20, nil, true},
	} {
		readers := []io.Reader{strings.NewReader(tc.in)}
		if len(tc.in) < 100 {
			readers = append(readers, iotest.OneByteReader(strings.NewReader(tc.in)))
		}
		for _, r := range readers {
			got, err := lines(t, r, tc.max)
			if !slices.Equal(got, tc.want) || TooLong(err) != tc.tooLong || err != nil && !tc.tooLong {
				t.Errorf("%.20q, cap %d: %.20q, %v; want %.20q, too long %v", tc.in, tc.max, got, err, tc.want, tc.tooLong)
			}
		}
	}
}

// TestEndlessLine checks that a line without an end stops the scanner
// after about its cap, whatever its bytes.
func TestEndlessLine(t *testing.T) {
	t.Parallel()
	for _, b := range []byte{0, '1', ' ', 0xff} {
		src := &endless{b: b}
		_, err := lines(t, src, 1<<16)
		if !TooLong(err) || src.n > 1<<17 {
			t.Errorf("byte %#x: %v after %d bytes", b, err, src.n)
		}
	}
}

// endless yields the byte b forever and counts what it gave.
type endless struct {
	b byte
	n int
}

func (e *endless) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = e.b
	}
	e.n += len(p)
	return len(p), nil
}

func TestSize(t *testing.T) {
	t.Parallel()
	for n, want := range map[int]string{1 << 20: "1 MiB", 16 << 20: "16 MiB", 64 << 10: "64 KiB", 100: "100 bytes", 1<<20 + 1: "1048577 bytes"} {
		if got := Size(n); got != want {
			t.Errorf("Size(%d) = %q, want %q", n, got, want)
		}
	}
}
