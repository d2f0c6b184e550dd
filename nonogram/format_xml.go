package nonogram

import (
	"bufio"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/puzzlesolvers/puzzle/internal/linescan"
)

// The webpbn XML format is described at https://webpbn.com/pbn_fmt.html.
// The decoder is strict, knows the HTML entities and never fetches the DTD
// named by the DOCTYPE (encoding/xml does not read DTDs at all).

// The decoder holds a whole token in memory, and its stack of open
// elements: a document is read up to xmlMaxDocument bytes, a tag (with
// its attributes) up to xmlMaxTag, a text, comment or CDATA section up to
// xmlMaxText (a goal image of 4096×4096 cells is one text of 17 MB), and
// elements nest up to xmlMaxDepth deep.
const (
	xmlMaxDocument = 64 << 20
	xmlMaxTag      = 1 << 20
	xmlMaxText     = 20 << 20
	xmlMaxDepth    = 256
)

// xmlSource feeds the decoder. It remembers the read error of the
// underlying reader, to tell I/O errors from malformed XML, and stops at
// the caps (limit then says which): it follows the markup well enough to
// measure tags, whose quoted values may hold '>', and to let comments and
// CDATA sections through.
type xmlSource struct {
	r     io.Reader
	err   error    // the read error of r
	limit *xmlCap  // the cap that was reached
	n     int64    // bytes read
	max   int64    // the document's cap
	state xmlState // where in the markup the last byte was
	tag   int      // bytes of the tag being read, from its '<'
	text  int      // bytes of the text, comment or CDATA being read
	quote byte     // the quote that opened the value being read
	pre   []byte   // what follows a '<' while it may open a comment or CDATA
	last  [2]byte  // the two bytes before, to find "-->" and "]]>"
}

type xmlState uint8

const (
	xmlInText xmlState = iota
	xmlOpen            // just after '<'
	xmlTag
	xmlQuoted
	xmlComment
	xmlCDATA
)

// xmlCap is the error of input over one of the caps.
type xmlCap struct{ msg string }

func (e *xmlCap) Error() string { return e.msg }

func (s *xmlSource) Read(p []byte) (int, error) {
	if s.limit != nil {
		return 0, s.limit
	}
	n, err := s.r.Read(p)
	if err != nil && err != io.EOF {
		s.err = err
	}
	for i, c := range p[:n] {
		msg := ""
		if s.n++; s.n > s.max {
			msg = "document larger than " + linescan.Size(int(s.max))
		} else if c < 0x20 && c != '\t' && c != '\n' && c != '\r' {
			// XML 1.0 allows no other control character anywhere, and
			// the decoder would find it only at the end of the text.
			msg = fmt.Sprintf("illegal character code U+%04X", c)
		} else {
			msg = s.scan(c)
		}
		if msg != "" {
			s.limit = &xmlCap{msg}
			return i, s.limit
		}
	}
	return n, err
}

// scan follows the markup over one more byte; it says which cap a tag or
// a text grows over, if one does.
func (s *xmlSource) scan(c byte) string {
	const comment, cdata = "!--", "![CDATA["
	switch s.state {
	case xmlInText:
		if c == '<' {
			s.state, s.tag, s.pre = xmlOpen, 1, s.pre[:0]
			return ""
		}
		return s.scanText()
	case xmlOpen:
		s.pre = append(s.pre, c)
		switch p := string(s.pre); {
		case p == comment:
			s.state, s.last, s.text = xmlComment, [2]byte{}, 0
		case p == cdata:
			s.state, s.last, s.text = xmlCDATA, [2]byte{}, 0
		case strings.HasPrefix(comment, p) || strings.HasPrefix(cdata, p):
		default:
			s.state = xmlTag
			return s.scanTag(c)
		}
	case xmlTag, xmlQuoted:
		return s.scanTag(c)
	case xmlComment, xmlCDATA:
		end := byte('-')
		if s.state == xmlCDATA {
			end = ']'
		}
		if c == '>' && s.last == [2]byte{end, end} {
			s.state, s.text = xmlInText, 0
			return ""
		}
		s.last = [2]byte{s.last[1], c}
		return s.scanText()
	}
	return ""
}

// scanText counts one more byte of a text, comment or CDATA section.
func (s *xmlSource) scanText() string {
	if s.text++; s.text > xmlMaxText {
		return "a text, comment or CDATA section longer than " + linescan.Size(xmlMaxText)
	}
	return ""
}

// scanTag follows a tag over one more byte.
func (s *xmlSource) scanTag(c byte) string {
	s.tag++
	switch {
	case s.state == xmlQuoted:
		if c == s.quote {
			s.state = xmlTag
		}
	case c == '"' || c == '\'':
		s.state, s.quote = xmlQuoted, c
	case c == '>':
		s.state, s.text = xmlInText, 0
	}
	if s.tag > xmlMaxTag {
		return "a tag longer than " + linescan.Size(xmlMaxTag)
	}
	return ""
}

// xmlStart sets up the decoder.
func (r *Reader) xmlStart() {
	r.xsrc = &xmlSource{r: r.br, max: r.maxXML}
	r.dec = xml.NewDecoder(r.xsrc)
	r.dec.Strict = true
	r.dec.Entity = xml.HTMLEntity
	r.dec.CharsetReader = xmlCharsetReader
}

// xmlToken returns the next token, keeping count of the open elements.
func (r *Reader) xmlToken() (xml.Token, error) {
	tok, err := r.dec.Token()
	if err != nil {
		return nil, err
	}
	switch tok.(type) {
	case xml.StartElement:
		if r.depth++; r.depth > xmlMaxDepth {
			return nil, &xmlCap{fmt.Sprintf("elements nested more than %d deep", xmlMaxDepth)}
		}
	case xml.EndElement:
		r.depth--
	}
	return tok, nil
}

// xmlSkip reads up to the end of the element whose start tag was just read.
func (r *Reader) xmlSkip() error {
	for d := r.depth; r.depth >= d; {
		if _, err := r.xmlToken(); err != nil {
			return err
		}
	}
	return nil
}

// xmlCharsetReader accepts the two encodings old files declare besides
// UTF-8: ASCII and Latin-1.
func xmlCharsetReader(label string, input io.Reader) (io.Reader, error) {
	switch strings.ToLower(label) {
	case "us-ascii", "ascii", "iso-8859-1", "iso8859-1", "latin1", "latin-1", "l1":
		return &xmlLatin1{r: bufio.NewReader(input)}, nil
	}
	return nil, fmt.Errorf("encoding %q is not supported (want UTF-8 or ISO-8859-1)", label)
}

// xmlLatin1 converts ISO-8859-1 to UTF-8.
type xmlLatin1 struct {
	r    *bufio.Reader
	next byte // second byte of a character that did not fit, if not 0
}

func (l *xmlLatin1) Read(p []byte) (int, error) {
	n := 0
	if l.next != 0 && len(p) > 0 {
		p[0], l.next, n = l.next, 0, 1
	}
	for n < len(p) {
		c, err := l.r.ReadByte()
		if err != nil {
			if n > 0 {
				return n, nil
			}
			return 0, err
		}
		if c < 0x80 {
			p[n] = c
			n++
			continue
		}
		p[n] = 0xc0 | c>>6
		n++
		if n < len(p) {
			p[n] = 0x80 | c&0x3f
			n++
		} else {
			l.next = 0x80 | c&0x3f
		}
	}
	return n, nil
}

// xmlErr turns a decoder error into the error Next returns; it ends the
// stream, as the decoder cannot go on.
func (r *Reader) xmlErr(err error) error {
	r.done = true
	if err == io.EOF {
		return r.syntaxf(r.xmlLine(), "XML: unexpected end of input")
	}
	var limit *xmlCap
	if errors.As(err, &limit) {
		return r.syntaxf(r.xmlLine(), "XML: %s", limit.msg)
	}
	if r.xsrc.err != nil && errors.Is(err, r.xsrc.err) {
		return fmt.Errorf("nonogram: %s: %w", r.fileName(), err)
	}
	var se *xml.SyntaxError
	if errors.As(err, &se) {
		e := r.syntaxf(se.Line, "XML: %s", se.Msg)
		e.Err = se
		return e
	}
	return r.syntaxf(r.xmlLine(), "XML: %v", err)
}

func (r *Reader) xmlLine() int {
	line, _ := r.dec.InputPos()
	return line
}

// nextXML returns the next <puzzle> element of the document.
func (r *Reader) nextXML() (*Puzzle, error) {
	for {
		tok, err := r.xmlToken()
		if err == io.EOF {
			return nil, io.EOF
		}
		if err != nil {
			return nil, r.xmlErr(err)
		}
		if se, ok := tok.(xml.StartElement); ok && se.Name.Local == "puzzle" {
			return r.xmlPuzzle(se)
		}
	}
}

// xmlPuzzle reads a <puzzle> element whose start tag was just read. After a
// bad puzzle the decoder is left after its end tag, so that Next goes on.
func (r *Reader) xmlPuzzle(start xml.StartElement) (*Puzzle, error) {
	p := &Puzzle{Line: r.xmlLine()}
	var first error
	errorf := func(line int, format string, args ...any) {
		if first == nil {
			first = r.syntaxf(line, format, args...)
		}
	}
	typ, bg, fg := "grid", "white", "black"
	for _, a := range start.Attr {
		switch a.Name.Local {
		case "type":
			typ = a.Value
		case "backgroundcolor":
			bg = a.Value
		case "defaultcolor":
			fg = a.Value
		}
	}
	if typ != "grid" {
		errorf(p.Line, "puzzle type %s is not supported (only \"grid\")", parseQuote(typ))
	}
	chars := map[string]string{bg: ".", fg: "X"}
	rgbs := map[string]string{}
	declaredAt := map[string]int{}
	var declared []string // colour names in order of declaration
	var rowColors, colColors [][]string
	var rowColorLines, colColorLines [][]int
	var image string
	imageLine := 0
	var haveRows, haveCols bool
	for {
		tok, err := r.xmlToken()
		if err != nil {
			return nil, r.xmlErr(err)
		}
		if _, ok := tok.(xml.EndElement); ok {
			break
		}
		t, ok := tok.(xml.StartElement)
		if !ok {
			continue
		}
		line := r.xmlLine()
		if first != nil {
			if err := r.xmlSkip(); err != nil {
				return nil, r.xmlErr(err)
			}
			continue
		}
		switch t.Name.Local {
		case "title", "author", "copyright":
			text, _, err := r.xmlText()
			if err != nil {
				return nil, err
			}
			text = strings.TrimSpace(text)
			switch t.Name.Local {
			case "title":
				p.Name = text
			case "author":
				p.Author = text
			case "copyright":
				p.Copyright = text
			}
		case "color":
			name, char := xmlAttr(t, "name"), xmlAttr(t, "char")
			rgb, _, err := r.xmlText()
			if err != nil {
				return nil, err
			}
			if _, dup := rgbs[name]; dup {
				errorf(line, "colour %s declared twice", parseQuote(name))
			}
			if name == "" {
				errorf(line, "a <color> without a name")
			}
			rgbs[name] = normalRGB(strings.TrimSpace(rgb))
			declaredAt[name] = line
			declared = append(declared, name)
			if char != "" {
				chars[name] = char
			}
		case "clues":
			kind := map[string]string{"rows": "row", "columns": "column"}[xmlAttr(t, "type")]
			if kind == "" {
				errorf(line, "clues of type %s, want \"rows\" or \"columns\"", parseQuote(xmlAttr(t, "type")))
				if err := r.xmlSkip(); err != nil {
					return nil, r.xmlErr(err)
				}
				continue
			}
			if kind == "row" && haveRows || kind == "column" && haveCols {
				errorf(line, "%s clues given twice", kind)
			}
			clues, colors, colorLines, lines, err := r.xmlClues(kind, fg, &first)
			if err != nil {
				return nil, err
			}
			if kind == "row" {
				p.Rows, p.RowLine, haveRows = clues, lines, true
				rowColors, rowColorLines = colors, colorLines
			} else {
				p.Cols, p.ColLine, haveCols = clues, lines, true
				colColors, colColorLines = colors, colorLines
			}
		case "solution":
			typ := xmlAttr(t, "type")
			if (typ != "" && typ != "goal") || imageLine != 0 {
				if err := r.xmlSkip(); err != nil {
					return nil, r.xmlErr(err)
				}
				continue
			}
			img, at, err := r.xmlImage()
			if err != nil {
				return nil, err
			}
			image, imageLine = img, at
		default:
			if err := r.xmlSkip(); err != nil {
				return nil, r.xmlErr(err)
			}
		}
	}
	if first != nil {
		return nil, first
	}
	palette, index, line, msg := xmlPalette(bg, fg, declared, declaredAt, chars, rgbs, rowColors, rowColorLines, colColors, colColorLines)
	if msg != "" {
		if line == 0 {
			line = p.Line
		}
		return nil, r.syntaxf(line, "%s", msg)
	}
	if palette != nil {
		p.Colors = palette
		p.RowColors = colorIndexes(rowColors, index)
		p.ColColors = colorIndexes(colColors, index)
	}
	var goal *Grid
	if imageLine != 0 {
		var g *Grid
		var line int
		var msg string
		if palette != nil {
			g, line, msg = xmlColorGoal(image, palette)
		} else {
			g, line, msg = xmlGoal(image, chars[bg], chars[fg])
		}
		if msg != "" {
			return nil, r.syntaxf(imageLine+line, "goal image: %s", msg)
		}
		goal = g
	}
	switch {
	case !haveRows && !haveCols && goal != nil && palette != nil:
		q := goal.ColorClues(palette) // the clues follow from the picture
		p.Rows, p.Cols, p.RowColors, p.ColColors = q.Rows, q.Cols, q.RowColors, q.ColColors
	case !haveRows && !haveCols && goal != nil:
		q := goal.Clues() // the clues follow from the picture
		p.Rows, p.Cols = q.Rows, q.Cols
	case !haveRows:
		return nil, r.syntaxf(p.Line, "puzzle has no <clues type=\"rows\">")
	case !haveCols:
		return nil, r.syntaxf(p.Line, "puzzle has no <clues type=\"columns\">")
	}
	if goal != nil && (goal.Width != len(p.Cols) || goal.Height != len(p.Rows)) {
		return nil, r.syntaxf(imageLine, "goal image is %d×%d, the clues %d×%d", goal.Height, goal.Width, len(p.Rows), len(p.Cols))
	}
	p.Goal = goal
	return p, nil
}

func xmlAttr(se xml.StartElement, name string) string {
	for _, a := range se.Attr {
		if a.Name.Local == name {
			return a.Value
		}
	}
	return ""
}

// xmlText returns the character data of the element whose start tag was
// just read, and consumes its end tag; child elements are skipped, and the
// name of the first is returned.
func (r *Reader) xmlText() (text, child string, err error) {
	var b strings.Builder
	depth := 0
	for {
		tok, err := r.xmlToken()
		if err != nil {
			return "", "", r.xmlErr(err)
		}
		switch t := tok.(type) {
		case xml.CharData:
			if depth == 0 {
				b.Write(t)
			}
		case xml.StartElement:
			if child == "" {
				child = t.Name.Local
			}
			depth++
		case xml.EndElement:
			if depth == 0 {
				return b.String(), child, nil
			}
			depth--
		}
	}
}

// xmlClues reads the <line> elements of a <clues> element: the clues, the
// colour name of every count (fg when it has none) and the line of every
// count, and the line of every clue. Bad clues are recorded in *first; the
// returned error is fatal.
func (r *Reader) xmlClues(kind, fg string, first *error) (clues [][]int, colors [][]string, colorLines [][]int, lines []int, err error) {
	errorf := func(line int, format string, args ...any) {
		if *first == nil {
			*first = r.syntaxf(line, format, args...)
		}
	}
	for {
		tok, err := r.xmlToken()
		if err != nil {
			return nil, nil, nil, nil, r.xmlErr(err)
		}
		if _, ok := tok.(xml.EndElement); ok {
			return clues, colors, colorLines, lines, nil
		}
		t, ok := tok.(xml.StartElement)
		if !ok {
			continue
		}
		if t.Name.Local != "line" || *first != nil || len(clues) == MaxSide {
			if t.Name.Local == "line" && *first == nil {
				errorf(r.xmlLine(), "more than %d %s clues", MaxSide, kind)
			}
			if err := r.xmlSkip(); err != nil {
				return nil, nil, nil, nil, r.xmlErr(err)
			}
			continue
		}
		i, line := len(clues), r.xmlLine()
		clue := []int{}
		var clueColors []string
		var clueColorLines []int
		for {
			tok, err := r.xmlToken()
			if err != nil {
				return nil, nil, nil, nil, r.xmlErr(err)
			}
			if _, ok := tok.(xml.EndElement); ok {
				break
			}
			t, ok := tok.(xml.StartElement)
			if !ok {
				continue
			}
			if t.Name.Local != "count" {
				if err := r.xmlSkip(); err != nil {
					return nil, nil, nil, nil, r.xmlErr(err)
				}
				continue
			}
			at := r.xmlLine()
			text, child, err := r.xmlText()
			if err != nil {
				return nil, nil, nil, nil, err
			}
			text = strings.TrimSpace(text)
			n, ok := parseNumber(text)
			color := xmlAttr(t, "color")
			if color == "" {
				color = fg
			}
			switch {
			case child != "":
				errorf(at, "%s %d: unexpected element <%s> inside <count> (want a number)", kind, i+1, child)
			case !ok:
				errorf(at, "%s %d: count %s", kind, i+1, parseBadToken(text, false))
			case n > MaxSide:
				errorf(at, "%s %d: run length %d is longer than any line (at most %d)", kind, i+1, n, MaxSide)
			case len(clue) == parseMaxRuns:
				errorf(at, "%s %d: more than %d counts, more than fit in any line", kind, i+1, parseMaxRuns)
			default:
				clue = append(clue, n)
				clueColors = append(clueColors, color)
				clueColorLines = append(clueColorLines, at)
			}
		}
		clues = append(clues, clue)
		colors = append(colors, clueColors)
		colorLines = append(colorLines, clueColorLines)
		lines = append(lines, line)
	}
}

// xmlPalette decides whether a puzzle is in colour: it is when its counts
// use a colour other than fg, or colours besides bg and fg are declared. The palette is then the background, then the
// colours in the order they were declared (fg first if it was not), each
// with its character and RGB; index maps names to palette indexes. A count
// of an undeclared colour, a colour without a single character, or two
// colours with one character give a message and the line to blame.
func xmlPalette(bg, fg string, declared []string, declaredAt map[string]int, chars, rgbs map[string]string, rowColors [][]string, rowLines [][]int,
	colColors [][]string, colLines [][]int) (palette []Color, index map[string]int, line int, msg string) {
	colour := false
	for _, n := range declared {
		colour = colour || n != bg && n != fg
	}
	for _, side := range [2][][]string{rowColors, colColors} {
		for _, cs := range side {
			for _, c := range cs {
				colour = colour || c != fg
			}
		}
	}
	if !colour {
		return nil, nil, 0, ""
	}
	names := []string{bg}
	if !slices.Contains(declared, fg) {
		names = append(names, fg)
	}
	for _, n := range declared {
		if n != bg {
			names = append(names, n)
		}
	}
	if len(names) > maxColors {
		return nil, nil, 0, fmt.Sprintf("%d colours, more than %d", len(names), maxColors)
	}
	index = map[string]int{}
	byChar := map[byte]string{}
	for i, n := range names {
		ch := chars[n]
		if len(ch) != 1 {
			return nil, nil, declaredAt[n], fmt.Sprintf("colour %s has character %s, want a single character", parseQuote(n), parseQuote(ch))
		}
		if other, dup := byChar[ch[0]]; dup {
			return nil, nil, declaredAt[n], fmt.Sprintf("colours %s and %s have the same character %s", parseQuote(other), parseQuote(n), parseQuote(ch))
		}
		byChar[ch[0]] = n
		index[n] = i
		palette = append(palette, Color{Name: n, Char: ch[0], RGB: rgbs[n]})
	}
	for k, side := range [2][][]string{rowColors, colColors} {
		where := [2][][]int{rowLines, colLines}[k]
		for i, cs := range side {
			for j, c := range cs {
				if _, ok := index[c]; !ok || c == bg {
					return nil, nil, where[i][j], fmt.Sprintf("%s %d: count of colour %s, which is not declared (or is the background)",
						[2]string{"row", "column"}[k], i+1, parseQuote(c))
				}
			}
		}
	}
	return palette, index, 0, ""
}

// colorIndexes maps colour names to palette indexes.
func colorIndexes(names [][]string, index map[string]int) [][]int {
	out := make([][]int, len(names))
	for i, cs := range names {
		out[i] = make([]int, len(cs))
		for j, c := range cs {
			out[i][j] = index[c]
		}
	}
	return out
}

// normalRGB returns six upper-case hexadecimal digits for "#rgb", "rgb",
// "#rrggbb" or "rrggbb", and "" for anything else.
func normalRGB(s string) string {
	s = strings.ToUpper(strings.TrimPrefix(s, "#"))
	for _, c := range s {
		if !strings.ContainsRune("0123456789ABCDEF", c) {
			return ""
		}
	}
	switch len(s) {
	case 3:
		return string([]byte{s[0], s[0], s[1], s[1], s[2], s[2]})
	case 6:
		return s
	}
	return ""
}

// xmlImage reads a goal <solution> and returns the text of its <image> and
// the line where the image starts.
func (r *Reader) xmlImage() (string, int, error) {
	var image string
	line := 0
	for {
		tok, err := r.xmlToken()
		if err != nil {
			return "", 0, r.xmlErr(err)
		}
		if _, ok := tok.(xml.EndElement); ok {
			return image, line, nil
		}
		t, ok := tok.(xml.StartElement)
		if !ok {
			continue
		}
		if t.Name.Local != "image" || line != 0 {
			if err := r.xmlSkip(); err != nil {
				return "", 0, r.xmlErr(err)
			}
			continue
		}
		line = r.xmlLine()
		if image, _, err = r.xmlText(); err != nil {
			return "", 0, err
		}
	}
}

// xmlGoal decodes an image: one row per line between '|' characters, bg
// and fg the characters of empty and filled cells. On error it returns the
// offset of the bad line from the image start and a message.
func xmlGoal(image, bg, fg string) (*Grid, int, string) {
	if len(bg) != 1 || len(fg) != 1 {
		return nil, 0, fmt.Sprintf("colour characters %s and %s are not single characters", parseQuote(bg), parseQuote(fg))
	}
	return xmlImageGrid(image, []Color{{Char: bg[0]}, {Char: fg[0]}}, false)
}

// xmlColorGoal decodes the image of a colour puzzle, one palette character
// per cell.
func xmlColorGoal(image string, palette []Color) (*Grid, int, string) {
	return xmlImageGrid(image, palette, true)
}

// xmlImageGrid decodes an image whose cells are the characters of
// palette; the grid has colours when withColors is set.
func xmlImageGrid(image string, palette []Color, withColors bool) (*Grid, int, string) {
	var rows []string
	var at []int
	for i, l := range strings.Split(image, "\n") {
		l = strings.TrimSpace(l)
		if l == "" {
			continue
		}
		if len(rows) == MaxSide {
			return nil, i, fmt.Sprintf("more than %d rows", MaxSide)
		}
		rows = append(rows, strings.TrimSuffix(strings.TrimPrefix(l, "|"), "|"))
		at = append(at, i)
	}
	if len(rows) == 0 {
		return nil, 0, "no rows"
	}
	w := len(rows[0])
	if w == 0 || w > MaxSide {
		return nil, at[0], fmt.Sprintf("row 1 has %d cells, want 1..%d", w, MaxSide)
	}
	g := NewGrid(w, len(rows))
	if withColors {
		g.Colors = make([]uint8, len(g.Cells))
	}
	var index [256]int
	for i := range index {
		index[i] = -1
	}
	for i := len(palette) - 1; i >= 0; i-- {
		index[palette[i].Char] = i
	}
	for r, row := range rows {
		if len(row) != w {
			return nil, at[r], fmt.Sprintf("row %d has %d cells, row 1 has %d", r+1, len(row), w)
		}
		for c := 0; c < w; c++ {
			col := index[row[c]]
			if col < 0 && !withColors {
				return nil, at[r], fmt.Sprintf("row %d, column %d: %q is neither %s (empty) nor %s (filled)", r+1, c+1, row[c],
					parseQuote(string(palette[0].Char)), parseQuote(string(palette[1].Char)))
			}
			if col < 0 {
				var want []string
				for _, p := range palette {
					want = append(want, parseQuote(string(p.Char)))
				}
				return nil, at[r], fmt.Sprintf("row %d, column %d: %q is none of %s", r+1, c+1, row[c], strings.Join(want, ", "))
			}
			g.Set(r, c, col != 0)
			if withColors {
				g.Colors[r*w+c] = uint8(col)
			}
		}
	}
	return g, 0, ""
}

// fmtXML writes the puzzles as one webpbn XML document.
func fmtXML(b *bufio.Writer, ps []*Puzzle) error {
	b.WriteString("<?xml version=\"1.0\"?>\n<!DOCTYPE pbn SYSTEM \"https://webpbn.com/pbn-0.3.dtd\">\n<puzzleset>\n")
	for _, p := range ps {
		palette := []Color{{Name: "white", Char: '.', RGB: "FFFFFF"}, {Name: "black", Char: 'X', RGB: "000000"}}
		if p.IsColor() {
			palette = p.Colors
		}
		b.WriteString("<puzzle type=\"grid\"")
		if palette[0].Name != "white" {
			b.WriteString(" backgroundcolor=\"" + xmlEscape(palette[0].Name) + "\"")
		}
		b.WriteString(" defaultcolor=\"" + xmlEscape(palette[1].Name) + "\">\n")
		for _, kv := range [][2]string{{"title", p.Name}, {"author", p.Author}, {"copyright", p.Copyright}} {
			if kv[1] != "" {
				b.WriteString("<" + kv[0] + ">" + xmlEscape(kv[1]) + "</" + kv[0] + ">\n")
			}
		}
		for _, c := range palette {
			b.WriteString("<color name=\"" + xmlEscape(c.Name) + "\" char=\"" + xmlEscape(string(c.Char)) + "\">" + xmlEscape(c.RGB) + "</color>\n")
		}
		for k, clues := range [2][][]int{p.Cols, p.Rows} {
			colors := [2][][]int{p.ColColors, p.RowColors}[k]
			b.WriteString([2]string{"<clues type=\"columns\">\n", "<clues type=\"rows\">\n"}[k])
			for i, c := range clues {
				b.WriteString("<line>")
				for j, n := range c {
					if colors != nil && colors[i][j] != 1 {
						b.WriteString("<count color=\"" + xmlEscape(palette[colors[i][j]].Name) + "\">" + strconv.Itoa(n) + "</count>")
					} else {
						b.WriteString("<count>" + strconv.Itoa(n) + "</count>")
					}
				}
				b.WriteString("</line>\n")
			}
			b.WriteString("</clues>\n")
		}
		if g := p.Goal; g != nil {
			b.WriteString("<solution type=\"goal\">\n<image>\n")
			for r := range g.Height {
				b.WriteByte('|')
				for c := range g.Width {
					b.WriteByte(palette[min(g.ColorAt(r, c), len(palette)-1)].Char)
				}
				b.WriteString("|\n")
			}
			b.WriteString("</image>\n</solution>\n")
		}
		b.WriteString("</puzzle>\n")
	}
	b.WriteString("</puzzleset>\n")
	return nil
}

// xmlEscape escapes text for XML character data and attribute values.
func xmlEscape(s string) string {
	var b strings.Builder
	xml.EscapeText(&b, []byte(s))
	return b.String()
}
