// Package badinput makes malformed inputs from good ones, for the
// reliability tests of the readers and the CLI: inputs cut short, bits
// flipped, bytes changed or inserted (NUL, 0xff, line ends), numbers made
// huge, negative or zero, byte-order marks, lines deleted, doubled or
// swapped (sizes that no longer match), very long lines, deep XML nesting
// and long XML tags. The cases of a seed are always the same, so that a
// failure can be replayed by its name.
package badinput

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"strings"
)

// A Case is one malformed input.
type Case struct {
	Name string // what was done to the good input, such as "flip 120.3"
	Data []byte
}

// Options says how many cases to make.
type Options struct {
	// Random is the number of random mutations (flips, cuts, ...).
	Random int
	// Long is the length of the very long lines, in bytes; 0 leaves them
	// out. A line a byte over a reader's cap tests the cap.
	Long int
	// Seed seeds the random mutations.
	Seed uint64
}

// Numbers replace the numbers of an input: too large for any integer
// type, past every board's size, negative, zero.
var Numbers = []string{"9223372036854775808", "18446744073709551616", "99999999999999999999999999999999", "4097", "65", "-1", "0", "1e3"}

// Cases returns the malformed variants of the good input in.
func Cases(in []byte, opt Options) []Case {
	var cs []Case
	add := func(name string, data []byte) {
		if !bytes.Equal(data, in) || in == nil {
			cs = append(cs, Case{name, data})
		}
	}
	lines := bytes.SplitAfter(in, []byte("\n"))
	if len(lines[len(lines)-1]) == 0 {
		lines = lines[:len(lines)-1] // after the last line end
	}
	join := func(ls [][]byte) []byte { return bytes.Join(ls, nil) }
	mid := len(in) / 2
	midLine := len(lines) / 2

	// The whole input.
	add("empty", nil)
	add("blank lines", []byte("\n \n\t\r\n"))
	add("byte-order mark", cat([]byte("\xef\xbb\xbf"), in))
	add("two byte-order marks", cat([]byte("\xef\xbb\xbf\xef\xbb\xbf"), in))
	add("UTF-16 byte-order mark", cat([]byte("\xff\xfe"), in))
	add("CRLF", bytes.ReplaceAll(in, []byte("\n"), []byte("\r\n")))
	add("CR", bytes.ReplaceAll(in, []byte("\n"), []byte("\r")))
	add("no final line end", bytes.TrimRight(in, "\r\n"))
	add("three times", bytes.Repeat(in, 3))
	add("three times, no line end", bytes.Repeat(bytes.TrimRight(in, "\r\n"), 3))
	add("tabs", bytes.ReplaceAll(in, []byte(" "), []byte("\t")))
	add("NULs for blanks", bytes.ReplaceAll(in, []byte(" "), []byte{0}))

	// Bytes in the middle.
	for _, b := range []string{"\x00", "\xff\xfe", "\xef\xbb\xbf", "\r", "\n", "\n\n", "#", "<", "&", "\"", "-"} {
		add(fmt.Sprintf("insert %q at %d", b, mid), insert(in, mid, []byte(b)))
	}
	add("NUL line", join(insertLine(lines, midLine, []byte("\x00\x00\x00\n"))))

	// Cut short.
	for _, at := range []int{1, mid, len(in) - 1} {
		if at > 0 && at < len(in) {
			add(fmt.Sprintf("truncate %d", at), in[:at])
		}
	}
	for _, k := range []int{1, midLine, len(lines) - 1} {
		if k > 0 && k < len(lines) {
			add(fmt.Sprintf("truncate at line %d", k+1), join(lines[:k]))
		}
	}

	// Lines dropped, doubled, swapped: sizes that no longer match.
	for _, k := range []int{0, 1, midLine, len(lines) - 1} {
		if k >= 0 && k < len(lines) {
			add(fmt.Sprintf("delete line %d", k+1), join(deleteLine(lines, k)))
			add(fmt.Sprintf("double line %d", k+1), join(insertLine(lines, k, lines[k])))
			add(fmt.Sprintf("blank line %d", k+1), join(insertLine(lines, k, []byte("\n"))))
		}
	}
	if midLine+1 < len(lines) {
		ls := append([][]byte(nil), lines...)
		ls[midLine], ls[midLine+1] = ls[midLine+1], ls[midLine]
		add(fmt.Sprintf("swap lines %d and %d", midLine+1, midLine+2), join(ls))
	}

	// Numbers.
	runs := digitRuns(in)
	for _, k := range spread(len(runs), 4) {
		r := runs[k]
		for _, n := range Numbers {
			add(fmt.Sprintf("number at %d is %s", r[0], n), cat(in[:r[0]], []byte(n), in[r[1]:]))
		}
	}

	// XML.
	if bytes.Contains(in, []byte("<")) {
		at := bytes.IndexByte(in, '>') + 1
		add("deep nesting", insert(in, at, bytes.Repeat([]byte("<a>"), 10000)))
		add("deep nesting, closed", insert(in, at, cat(bytes.Repeat([]byte("<a>"), 300), bytes.Repeat([]byte("</a>"), 300))))
		add("unclosed element", insert(in, at, []byte("<a>")))
		add("stray end tag", insert(in, at, []byte("</a>")))
		add("unknown entity", insert(in, at, []byte("&bogus;")))
		add("entity declaration", cat([]byte(`<!DOCTYPE x [<!ENTITY a "`+strings.Repeat("a", 1000)+`"><!ENTITY b "&a;&a;&a;&a;">]>`), in))
		add("many attributes", insert(in, at, cat([]byte("<a"), bytes.Repeat([]byte(` b=">"`), 1000), []byte("/>"))))
		add("element in text", bytes.Replace(in, []byte("</"), []byte("<b>1</b></"), 3))
		if opt.Long > 0 {
			add("long tag", insert(in, at, cat([]byte("<a"), bytes.Repeat([]byte(` b=""`), opt.Long/5+1), []byte("/>"))))
			add("long comment", insert(in, at, cat([]byte("<!-- '"), bytes.Repeat([]byte("x"), opt.Long), []byte(" -->"))))
		}
	}

	// Very long lines.
	if opt.Long > 0 {
		long := func(b byte) []byte { return bytes.Repeat([]byte{b}, opt.Long) }
		add("long first line", cat(long('1'), []byte("\n"), in))
		add("long line of blanks", join(insertLine(lines, midLine, cat(long(' '), []byte("\n")))))
		add("long comment line", join(insertLine(lines, midLine, cat([]byte("#"), long('x'), []byte("\n")))))
		add("long last line", cat(in, long('9')))
		add("long line of NULs", join(insertLine(lines, midLine, long(0))))
		add("long line of line ends", cat(in, long('\n')))
	}

	// Random mutations.
	rng := rand.New(rand.NewPCG(opt.Seed, uint64(len(in))))
	for range opt.Random {
		if len(in) == 0 {
			break
		}
		i := rng.IntN(len(in))
		switch rng.IntN(6) {
		case 0:
			bit := rng.IntN(8)
			out := bytes.Clone(in)
			out[i] ^= 1 << bit
			add(fmt.Sprintf("flip %d.%d", i, bit), out)
		case 1:
			b := byte(rng.IntN(256))
			out := bytes.Clone(in)
			out[i] = b
			add(fmt.Sprintf("set %d to %#x", i, b), out)
		case 2:
			add(fmt.Sprintf("truncate %d", i), in[:i])
		case 3:
			j := min(len(in), i+1+rng.IntN(16))
			add(fmt.Sprintf("delete %d:%d", i, j), cat(in[:i], in[j:]))
		case 4:
			j := min(len(in), i+1+rng.IntN(64))
			add(fmt.Sprintf("repeat %d:%d", i, j), cat(in[:j], in[i:]))
		case 5:
			n := Numbers[rng.IntN(len(Numbers))]
			add(fmt.Sprintf("insert %s at %d", n, i), insert(in, i, []byte(n)))
		}
	}
	return cs
}

// cat returns the byte slices joined, in a new slice.
func cat(parts ...[]byte) []byte { return bytes.Join(parts, nil) }

func insert(in []byte, at int, b []byte) []byte { return cat(in[:at], b, in[at:]) }

func insertLine(lines [][]byte, k int, line []byte) [][]byte {
	out := append([][]byte(nil), lines[:k]...)
	out = append(out, line)
	return append(out, lines[k:]...)
}

func deleteLine(lines [][]byte, k int) [][]byte {
	out := append([][]byte(nil), lines[:k]...)
	return append(out, lines[k+1:]...)
}

// digitRuns returns the start and end of every run of digits in s.
func digitRuns(s []byte) [][2]int {
	var runs [][2]int
	for i := 0; i < len(s); {
		if s[i] < '0' || s[i] > '9' {
			i++
			continue
		}
		j := i
		for j < len(s) && s[j] >= '0' && s[j] <= '9' {
			j++
		}
		runs = append(runs, [2]int{i, j})
		i = j
	}
	return runs
}

// spread returns up to k indexes spread over 0..n-1: the first, the last
// and some between.
func spread(n, k int) []int {
	if n <= k {
		out := make([]int, n)
		for i := range out {
			out[i] = i
		}
		return out
	}
	out := make([]int, k)
	for i := range out {
		out[i] = i * (n - 1) / (k - 1)
	}
	return out
}
