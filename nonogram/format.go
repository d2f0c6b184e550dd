package nonogram

import (
	"bufio"
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"iter"
	"path/filepath"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/puzzlesolvers/puzzle/internal/linescan"
	"github.com/puzzlesolvers/puzzle/internal/puzzleseq"
)

// Format names a file format for nonograms.
type Format string

const (
	// FormatPlain is a "ROWS COLS" line, then one line per row clue and one
	// per column clue, numbers separated by blanks or commas; "0" or an
	// empty line is an empty clue and lines starting with '#' are comments.
	// A file may hold several puzzles, one after the other.
	FormatPlain Format = "plain"
	// FormatXML is webpbn's XML (the pbn DTD): a <puzzleset> of <puzzle>
	// elements with clues and, optionally, a goal image. Only two-colour
	// puzzles are read.
	FormatXML Format = "xml"
	// FormatNON is Steve Simpson's .non as extended by mikix/nonogram-db:
	// "key value" lines (width, height, title, by, copyright, license,
	// goal ...), "rows" and "columns" each followed by one comma-separated
	// clue per line. Several puzzles may be separated by "====" lines.
	FormatNON Format = "non"
	// FormatNIN is Jakub Wilk's .nin: a "WIDTH HEIGHT" line, then the row
	// clues, then the column clues, one per line. One puzzle per file: as
	// in Wilk's and pbnsolve's readers, what follows it is ignored.
	FormatNIN Format = "nin"
	// FormatCWD is the .cwd of QNonograms: the height and the width on two
	// lines, the row clues, a blank line, the column clues. One puzzle per
	// file.
	FormatCWD Format = "cwd"
	// FormatMK is Olšák's .mk: a "HEIGHT WIDTH" line, the row clues, a line
	// holding just '#', the column clues. One puzzle per file.
	FormatMK Format = "mk"
	// FormatTAAI is the layout of the TAAI and Computer Olympiad tournament
	// files: a "$n" line, then the column clues (left to right) and the row
	// clues (top to bottom), one per line, numbers separated by tabs. The
	// size is not stored: a block of 2n clue lines is an n×n puzzle (25×25
	// in tournaments), so only square puzzles can be written.
	FormatTAAI Format = "taai"
	// FormatPicross is the text format of pierre-dejoue/picross-solver:
	// "GRID name", "ROWS", one "[ a b ]" line per row, "COLUMNS", one line
	// per column; a file holds several grids and '#' starts a comment.
	FormatPicross Format = "picross"
)

// Formats lists every format, for help texts and flags.
var Formats = []Format{FormatPlain, FormatXML, FormatNON, FormatNIN, FormatCWD, FormatMK, FormatTAAI, FormatPicross}

// ParseFormat returns the Format with the given name (case-insensitive).
func ParseFormat(s string) (Format, error) {
	for _, f := range Formats {
		if strings.EqualFold(s, string(f)) {
			return f, nil
		}
	}
	return "", fmt.Errorf("nonogram: unknown format %q (want one of %s)", s, formatList())
}

// SyntaxError reports a puzzle that cannot be read, and where it is: a
// malformed file, or clues that cannot be right (then Err is the
// *ClueError).
type SyntaxError struct {
	File string // name of the input, "" if unknown
	Line int    // 1-based line number, 0 if unknown
	Msg  string
	Err  error // the cause, if any
}

func (e *SyntaxError) Error() string {
	return fmtPosError(e.File, e.Line, e.Msg)
}

// Unwrap returns the cause, such as a *ClueError.
func (e *SyntaxError) Unwrap() error { return e.Err }

// Position returns the file and line the error is about.
func (e *SyntaxError) Position() (file string, line int) { return e.File, e.Line }

// fmtPosError writes "nonogram: file:line: msg", leaving out what is unknown.
func fmtPosError(file string, line int, msg string) string {
	switch {
	case file != "" && line > 0:
		return fmt.Sprintf("nonogram: %s:%d: %s", file, line, msg)
	case file != "":
		return fmt.Sprintf("nonogram: %s: %s", file, msg)
	case line > 0:
		return fmt.Sprintf("nonogram: line %d: %s", line, msg)
	}
	return "nonogram: " + msg
}

// maxLine bounds the length of a line of text input.
const maxLine = 1 << 20

// parseSniffSize is how much of the input is looked at to tell its format.
const parseSniffSize = 64 << 10

// Reader reads puzzles from a stream in one of the Formats.
type Reader struct {
	file   string
	format Format
	src    io.Reader

	started bool
	done    bool
	queued  error // returned by the next call to Next
	records int   // puzzles and puzzle errors returned so far

	br *bufio.Reader

	// Text formats.
	sc      *bufio.Scanner
	line    int    // number of the last line read
	pending string // a line pushed back by unread
	pendNo  int
	hasPend bool

	// XML.
	dec    *xml.Decoder
	xsrc   *xmlSource
	depth  int   // of the elements open
	maxXML int64 // the cap of a document's size
}

// NewReader returns a Reader for r in the format f; file names the input
// in errors and in each Puzzle's File and, when f is "", guesses the format
// from its extension (.xml, .pbn, .non, .nin, .cwd, .mk, .taai). Without a
// telling extension the format is guessed from the content. A header of
// two numbers is then read as FormatPlain ("ROWS COLS") unless only the
// FormatNIN reading ("WIDTH HEIGHT") gives clues that fit, so a .nin file
// whose clues fit both ways needs its extension or an explicit format.
func NewReader(r io.Reader, file string, f Format) *Reader {
	return &Reader{file: file, format: f, src: r, maxXML: xmlMaxDocument}
}

// Format returns the format being read: the one given to NewReader or the
// one detected; "" if it cannot be told.
func (r *Reader) Format() Format {
	r.start()
	return r.format
}

// start detects the format and sets up the decoder, once.
func (r *Reader) start() {
	if r.started {
		return
	}
	r.started = true
	r.br = bufio.NewReaderSize(r.src, parseSniffSize)
	head, err := r.br.Peek(parseSniffSize)
	if err != nil && err != io.EOF && err != bufio.ErrBufferFull {
		r.fail(fmt.Errorf("nonogram: %s: %w", r.fileName(), err))
		return
	}
	if bytes.HasPrefix(head, []byte("\xef\xbb\xbf")) {
		r.br.Discard(3)
		head = head[3:]
	}
	if r.format == "" {
		r.format = formatByName(r.file)
	}
	if r.format == "" {
		if err == io.EOF && onlyComments(head) {
			r.done = true // no puzzle, in any format
			return
		}
		r.format = sniffFormat(head)
		if r.format == "" {
			r.fail(r.syntaxf(1, "cannot tell the format (want one of %s, or name it)", formatList()))
			return
		}
	}
	f, err := ParseFormat(string(r.format))
	if err != nil {
		r.fail(err)
		return
	}
	r.format = f
	if r.format == FormatXML {
		r.xmlStart()
		return
	}
	r.sc = linescan.New(r.br, maxLine)
}

// onlyComments reports whether s holds nothing but blank lines and lines
// starting with '#'.
func onlyComments(s []byte) bool {
	for line := range bytes.Lines(s) {
		if t := bytes.TrimSpace(line); len(t) > 0 && t[0] != '#' {
			return false
		}
	}
	return true
}

func formatList() string {
	var b strings.Builder
	for i, f := range Formats {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(string(f))
	}
	return b.String()
}

// fail queues err as the last thing Next returns.
func (r *Reader) fail(err error) {
	r.queued = err
	r.done = true
}

func (r *Reader) fileName() string {
	if r.file == "" {
		return "input"
	}
	return r.file
}

func (r *Reader) syntaxf(line int, format string, args ...any) *SyntaxError {
	return &SyntaxError{File: r.file, Line: line, Msg: fmt.Sprintf(format, args...)}
}

// FormatByName returns the format a file name's extension names (.xml,
// .pbn, .non, .nonpack, .nin, .cwd, .mk, .taai), "" for any other.
func FormatByName(name string) Format { return formatByName(name) }

// formatByName guesses the format from a file name's extension.
func formatByName(name string) Format {
	switch strings.ToLower(filepath.Ext(name)) {
	case ".xml", ".pbn":
		return FormatXML
	case ".non", ".nonpack":
		return FormatNON
	case ".nin":
		return FormatNIN
	case ".cwd":
		return FormatCWD
	case ".mk":
		return FormatMK
	case ".taai":
		return FormatTAAI
	}
	return ""
}

// nonKeys are the keys that start the lines of a .non file.
var nonKeys = map[string]bool{
	"width": true, "height": true, "rows": true, "columns": true, "goal": true,
	"title": true, "by": true, "copyright": true, "license": true, "catalogue": true,
	"color": true, "saved": true, "maxrule": true,
}

// sniffFormat tells the format from the first bytes of the input, "" if it
// cannot.
func sniffFormat(head []byte) Format {
	s := string(head)
	if strings.HasPrefix(strings.TrimLeft(s, " \t\r\n"), "<") {
		return FormatXML
	}
	lines := strings.Split(s, "\n")
	if len(head) == parseSniffSize && len(lines) > 1 {
		lines = lines[:len(lines)-1] // the last one may be cut short
	}
	first := -1
	for i, l := range lines {
		t := strings.TrimSpace(l)
		if t == "" || t[0] == '#' {
			continue
		}
		first = i
		break
	}
	if first < 0 {
		return ""
	}
	t := strings.TrimSpace(lines[first])
	word := strings.Fields(t)[0]
	switch {
	case t[0] == '$':
		return FormatTAAI
	case word == "GRID" || word == "ROWS" || word == "COLUMNS" || t[0] == '[':
		return FormatPicross
	case nonKeys[strings.ToLower(word)]:
		return FormatNON
	}
	nums, ok := parseInts(t)
	if !ok {
		return ""
	}
	switch {
	case strings.Contains(t, "\t") && len(nums) != 2:
		return FormatTAAI // a tournament block without its "$n" line
	case len(nums) == 2:
		if sep := first + 1 + nums[0]; sep < len(lines) && strings.TrimSpace(lines[sep]) == "#" {
			return FormatMK // "HEIGHT WIDTH", the row clues, then '#'
		}
		if nums[0] != nums[1] && !sniffFits(lines[first+1:], nums[0], nums[1]) && sniffFits(lines[first+1:], nums[1], nums[0]) {
			return FormatNIN // "WIDTH HEIGHT": only that reading makes sense
		}
		return FormatPlain
	case len(nums) == 1:
		for _, l := range lines[first+1:] {
			if u := strings.TrimSpace(l); u != "" {
				if m, ok := parseInts(u); ok && len(m) == 1 {
					return FormatCWD
				}
				break
			}
		}
	}
	return ""
}

// sniffFits reports whether the clue lines that follow a header read as h
// row clues and then w column clues that fit their lines and fill the same
// number of cells.
func sniffFits(lines []string, h, w int) bool {
	var sums [2]int
	i := 0
	for _, l := range lines {
		if i == h+w {
			break
		}
		t := strings.TrimSpace(l)
		if strings.HasPrefix(t, "#") {
			continue
		}
		clue, msg := parseClue(t)
		if msg != "" {
			return false
		}
		k, length := 0, w
		if i >= h {
			k, length = 1, h
		}
		need := -1
		for _, n := range clue {
			need += n + 1
			sums[k] += n
		}
		if need > length {
			return false
		}
		i++
	}
	return i == h+w && sums[0] == sums[1]
}

// parseInts splits s on blanks and commas into non-negative integers.
func parseInts(s string) ([]int, bool) {
	fields := parseFields(s)
	nums := make([]int, len(fields))
	for i, f := range fields {
		n, ok := parseNumber(f)
		if !ok {
			return nil, false
		}
		nums[i] = n
	}
	return nums, true
}

func parseFields(s string) []string {
	return strings.FieldsFunc(s, func(c rune) bool {
		return c == ' ' || c == '\t' || c == ',' || c == '\r' || c == '\v' || c == '\f'
	})
}

// parseNumber parses a non-negative decimal integer of at most 9 digits.
func parseNumber(s string) (int, bool) {
	if s == "" || len(s) > 9 {
		return 0, false
	}
	n := 0
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return 0, false
		}
		n = n*10 + int(s[i]-'0')
	}
	return n, true
}

// parseMaxRuns bounds the number of runs in a clue: a line of MaxSide
// cells holds at most this many.
const parseMaxRuns = (MaxSide + 1) / 2

// parseClue reads a clue: run lengths separated by blanks or commas, "0"
// or nothing for an empty clue. On error it returns a message that names
// the offending token.
func parseClue(s string) ([]int, string) {
	fields := parseFields(s)
	if len(fields) > parseMaxRuns {
		return nil, fmt.Sprintf("has %d numbers, more than fit in any line", len(fields))
	}
	clue := make([]int, 0, len(fields))
	for _, f := range fields {
		n, ok := parseNumber(f)
		if !ok {
			return nil, parseBadToken(f, false)
		}
		if n > MaxSide {
			return nil, fmt.Sprintf("run length %d is longer than any line (at most %d)", n, MaxSide)
		}
		clue = append(clue, n)
	}
	if len(clue) == 1 && clue[0] == 0 {
		clue = clue[:0]
	}
	return clue, ""
}

// parseColorClue parses a clue whose numbers may carry a colour letter
// ("3a,1,2b", .non's colour extension): the clue and each run's letter, 0
// where it has none.
func parseColorClue(s string) ([]int, []byte, string) {
	fields := parseFields(s)
	if len(fields) > parseMaxRuns {
		return nil, nil, fmt.Sprintf("has %d numbers, more than fit in any line", len(fields))
	}
	clue := make([]int, 0, len(fields))
	letters := make([]byte, 0, len(fields))
	for _, f := range fields {
		var letter byte
		if len(f) > 1 && isLetter(f[len(f)-1]) && f[len(f)-2] >= '0' && f[len(f)-2] <= '9' {
			f, letter = f[:len(f)-1], f[len(f)-1]
		}
		n, ok := parseNumber(f)
		if !ok {
			return nil, nil, parseBadToken(f, true)
		}
		if n > MaxSide {
			return nil, nil, fmt.Sprintf("run length %d is longer than any line (at most %d)", n, MaxSide)
		}
		if n == 0 && len(fields) > 1 {
			return nil, nil, "run length 0 in a clue with other runs"
		}
		clue = append(clue, n)
		letters = append(letters, letter)
	}
	if len(clue) == 1 && clue[0] == 0 {
		clue, letters = clue[:0], letters[:0]
	}
	return clue, letters, ""
}

// parseBadToken explains why tok is not a run length; colour says whether
// the format allows a colour letter after the number.
func parseBadToken(tok string, colour bool) string {
	i := 0
	for i < len(tok) && tok[i] >= '0' && tok[i] <= '9' {
		i++
	}
	if i > 0 && i < len(tok) && isLetter(tok[i]) && !colour {
		return fmt.Sprintf("%s has a colour, which this format cannot give (webpbn XML and .non can)", parseQuote(tok))
	}
	if i == len(tok) {
		return fmt.Sprintf("%s is too large", parseQuote(tok))
	}
	return fmt.Sprintf("%s is not a number", parseQuote(tok))
}

func isLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

// clueErrorf returns the error for a bad clue: kind is "row" or "column",
// i the 0-based index, text the clue as written.
func (r *Reader) clueErrorf(line int, kind string, i int, text string, msg string) *SyntaxError {
	return r.syntaxf(line, "%s %d clue %s: %s", kind, i+1, parseQuote(strings.TrimSpace(text)), msg)
}

// parseQuote quotes a piece of input for an error message, shortened to
// about 40 bytes.
func parseQuote(s string) string {
	const n = 40
	if len(s) <= n {
		return strconv.Quote(s)
	}
	i := n
	for i > 0 && !utf8.RuneStart(s[i]) {
		i--
	}
	return strconv.Quote(s[:i]) + "..."
}

// Next returns the next puzzle, validated, and io.EOF after the last. A bad
// puzzle gives a *SyntaxError (wrapping a *ClueError when its clues cannot
// be right), after which Next goes on with the following puzzle where the
// format allows it to be found (the single-puzzle formats nin, cwd and mk,
// and a malformed XML document, end there). A text line over 1 MiB, an XML
// document over 64 MiB, an XML tag over 1 MiB, an XML text over 20 MiB or
// elements nested over 256 deep give a *SyntaxError that ends the stream,
// as does any other error (a failed read). A UTF-8 byte-order mark at the start is ignored, and an
// input without puzzles is not an error.
func (r *Reader) Next() (*Puzzle, error) {
	r.start()
	if r.queued != nil {
		err := r.queued
		r.queued = nil
		r.count(err)
		return nil, err
	}
	if r.done {
		return nil, io.EOF
	}
	var p *Puzzle
	var err error
	switch r.format {
	case FormatPlain, FormatNIN, FormatCWD, FormatMK:
		p, err = r.nextCounted()
	case FormatNON:
		p, err = r.nextNON()
	case FormatXML:
		p, err = r.nextXML()
	case FormatTAAI:
		p, err = r.nextTAAI()
	case FormatPicross:
		p, err = r.nextPicross()
	}
	if err == nil {
		p.File = r.file
		if err = p.Validate(); err != nil {
			var ce *ClueError
			if errors.As(err, &ce) {
				msg := ce.Msg
				if r.format == FormatPicross && p.Name != "" {
					msg = fmt.Sprintf("grid %s: %s", parseQuote(p.Name), msg)
				}
				err = &SyntaxError{File: ce.File, Line: ce.Line, Msg: msg, Err: ce}
			}
		}
	}
	if err != nil {
		if err == io.EOF || !isPuzzleError(err) {
			r.done = true
		}
		r.count(err)
		return nil, err
	}
	r.records++
	return p, nil
}

func (r *Reader) count(err error) {
	if isPuzzleError(err) {
		r.records++
	}
}

// All returns an iterator over the puzzles of the stream: each puzzle, or
// the *SyntaxError of a bad one, after which it goes on. It stops at the end
// of the stream or after any other error, which it yields.
func (r *Reader) All() iter.Seq2[*Puzzle, error] {
	return puzzleseq.All(r.Next)
}

func isPuzzleError(err error) bool {
	var se *SyntaxError
	return errors.As(err, &se)
}

// Parse reads the one puzzle of r, detecting its format from the content.
// Input that holds a second puzzle is an error (a *SyntaxError naming the
// line where it starts); use a Reader for several.
func Parse(r io.Reader) (*Puzzle, error) {
	rd := NewReader(r, "", "")
	p, err := rd.Next()
	if err == io.EOF {
		return nil, errors.New("nonogram: no puzzle in input")
	}
	if err != nil {
		return nil, err
	}
	q, err := rd.Next()
	var se *SyntaxError
	switch {
	case err == io.EOF:
		return p, nil
	case err == nil:
		return nil, &SyntaxError{Line: q.Line, Msg: "a second puzzle starts here; Parse reads one (use a Reader)"}
	case errors.As(err, &se):
		return nil, &SyntaxError{Line: se.Line, Msg: "more than one puzzle in input; Parse reads one (use a Reader)", Err: err}
	}
	return nil, err
}

// readLine returns the next line without its line end, and its number.
func (r *Reader) readLine() (string, int, bool) {
	if r.hasPend {
		r.hasPend = false
		return r.pending, r.pendNo, true
	}
	if !r.sc.Scan() {
		return "", r.line, false
	}
	r.line++
	return strings.TrimSuffix(r.sc.Text(), "\r"), r.line, true
}

func (r *Reader) unread(s string, line int) {
	r.pending, r.pendNo, r.hasPend = s, line, true
}

// endOfText is what a text reader returns at the end of its input: io.EOF,
// or the error that stopped the scanner (a *SyntaxError for a line over
// the cap, which ends the stream too).
func (r *Reader) endOfText() error {
	err := r.sc.Err()
	switch {
	case err == nil:
		return io.EOF
	case linescan.TooLong(err):
		r.done = true
		return r.syntaxf(r.line+1, "line longer than %s", linescan.Size(maxLine))
	}
	return fmt.Errorf("nonogram: %s: %w", r.fileName(), err)
}

// truncated is the error for input that ends inside a puzzle: the
// scanner's error if it stopped on one, else a *SyntaxError.
func (r *Reader) truncated(format string, args ...any) error {
	if err := r.endOfText(); err != io.EOF {
		return err
	}
	return r.syntaxf(max(r.line, 1), format, args...)
}

// Format writes p in the format f, with what the format can hold besides
// the clues: non stores the name, author, copyright, licence and goal; xml
// the name, author, copyright and goal; picross the name, and the others in
// comments; plain the name in a comment; taai the name after the "$".
// FormatTAAI only holds square puzzles, as it does not store the size.
// Colour puzzles can only be written as xml.
func (p *Puzzle) Format(w io.Writer, f Format) error {
	return WriteAll(w, []*Puzzle{p}, f)
}

// WriteAll writes the puzzles as one file in the format f: one <puzzleset>
// for xml, "====" between .non puzzles, "$1", "$2", ... for unnamed TAAI
// puzzles. The single-puzzle formats nin, cwd and mk take exactly one.
func WriteAll(w io.Writer, ps []*Puzzle, f Format) error {
	f, err := ParseFormat(string(f))
	if err != nil {
		return err
	}
	if len(ps) != 1 && (f == FormatNIN || f == FormatCWD || f == FormatMK) {
		return fmt.Errorf("nonogram: the %s format holds one puzzle, not %d", f, len(ps))
	}
	for _, p := range ps {
		if p.IsColor() && f != FormatXML {
			return fmt.Errorf("nonogram: the %s format has no colours; write colour puzzles as xml", f)
		}
		if p.Goal != nil && (p.Goal.Width != p.Width() || p.Goal.Height != p.Height() || len(p.Goal.Cells) != p.Width()*p.Height()) {
			return fmt.Errorf("nonogram: goal picture is %d×%d, the grid %d×%d", p.Goal.Height, p.Goal.Width, p.Height(), p.Width())
		}
	}
	bw := bufio.NewWriter(w)
	switch f {
	case FormatXML:
		err = fmtXML(bw, ps)
	case FormatTAAI:
		err = fmtTAAI(bw, ps)
	default:
		for i, p := range ps {
			if i > 0 {
				sep := "\n"
				if f == FormatNON {
					sep = "====\n"
				}
				bw.WriteString(sep)
			}
			switch f {
			case FormatNON:
				fmtNON(bw, p)
			case FormatPicross:
				fmtPicross(bw, p)
			default:
				fmtCounted(bw, p, f)
			}
		}
	}
	if err != nil {
		return err
	}
	return bw.Flush()
}

// fmtClueSep writes a clue with numbers separated by sep, "0" if empty.
func fmtClueSep(b *bufio.Writer, clue []int, sep string) {
	if len(clue) == 0 {
		b.WriteByte('0')
		return
	}
	for i, n := range clue {
		if i > 0 {
			b.WriteString(sep)
		}
		b.WriteString(strconv.Itoa(n))
	}
}

// fmtOneLine replaces line breaks in a name so that it fits on one line.
func fmtOneLine(s string) string {
	return strings.NewReplacer("\r\n", " ", "\n", " ", "\r", " ").Replace(s)
}
