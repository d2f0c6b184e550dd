package sheet

import (
	"bytes"
	"context"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf16"
)

// PDF converts SVG pages (as Pages writes them, items included) into one
// PDF 1.4 document titled title. It checks ctx between pages.
func PDF(ctx context.Context, title string, pages [][]byte) ([]byte, error) {
	var contents [][]byte
	var sizes [][2]float64
	for i, pg := range pages {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		c, w, h, err := pdfContent(pg)
		if err != nil {
			return nil, fmt.Errorf("sheet: page %d: %w", i+1, err)
		}
		contents = append(contents, c)
		sizes = append(sizes, [2]float64{w, h})
	}
	return pdfDocument(title, contents, sizes), nil
}

// The fonts of the document, their resource names and objects.
var pdfFonts = [...]struct{ res, base string }{
	{"F1", "Helvetica"}, {"F2", "Helvetica-Bold"}, {"F3", "Courier"},
}

// pdfDocument writes the objects: 1 catalog, 2 page tree, 3 info, 4-6
// fonts, then a page and its content for each page.
func pdfDocument(title string, contents [][]byte, sizes [][2]float64) []byte {
	var b bytes.Buffer
	b.WriteString("%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
	nobj := 6 + 2*len(contents)
	offsets := make([]int, nobj+1)
	obj := func(n int, body string) {
		offsets[n] = b.Len()
		fmt.Fprintf(&b, "%d 0 obj\n%s\nendobj\n", n, body)
	}
	obj(1, "<< /Type /Catalog /Pages 2 0 R >>")
	var kids strings.Builder
	for i := range contents {
		fmt.Fprintf(&kids, "%d 0 R ", 7+2*i)
	}
	obj(2, fmt.Sprintf("<< /Type /Pages /Kids [%s] /Count %d >>", strings.TrimSpace(kids.String()), len(contents)))
	obj(3, fmt.Sprintf("<< /Title %s /Producer (puzzle) >>", pdfTextString(title)))
	for i, f := range pdfFonts {
		obj(4+i, fmt.Sprintf("<< /Type /Font /Subtype /Type1 /BaseFont /%s /Encoding /WinAnsiEncoding >>", f.base))
	}
	for i, c := range contents {
		page, content := 7+2*i, 8+2*i
		obj(page, fmt.Sprintf("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 %s %s] /Resources << /Font << /F1 4 0 R /F2 5 0 R /F3 6 0 R >> >> /Contents %d 0 R >>",
			Num(sizes[i][0]), Num(sizes[i][1]), content))
		offsets[content] = b.Len()
		fmt.Fprintf(&b, "%d 0 obj\n<< /Length %d >>\nstream\n", content, len(c))
		b.Write(c)
		b.WriteString("\nendstream\nendobj\n")
	}
	xref := b.Len()
	fmt.Fprintf(&b, "xref\n0 %d\n0000000000 65535 f\r\n", nobj+1)
	for n := 1; n <= nobj; n++ {
		fmt.Fprintf(&b, "%010d 00000 n\r\n", offsets[n])
	}
	fmt.Fprintf(&b, "trailer\n<< /Size %d /Root 1 0 R /Info 3 0 R >>\nstartxref\n%d\n%%%%EOF\n", nobj+1, xref)
	return b.Bytes()
}

// pdfState is what an SVG element inherits from its parents.
type pdfState struct {
	fill, stroke string
	strokeWidth  float64
	fontSize     float64
	bold, mono   bool
	anchor       string
	dash         string
}

// pdfContent converts one SVG page into a content stream, and returns the
// page's size from the root's viewBox.
func pdfContent(page []byte) (content []byte, w, h float64, err error) {
	dec := xml.NewDecoder(bytes.NewReader(page))
	var out bytes.Buffer
	st := []pdfState{{fill: "#000", stroke: "none", strokeWidth: 1, fontSize: 16, anchor: "start"}}
	var open []bool // per open element: whether it wrote "q"
	var text *strings.Builder
	var textAt pdfState
	var tx, ty float64
	skip := 0 // depth inside <title>
	root := true
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, 0, 0, err
		}
		switch t := tok.(type) {
		case xml.StartElement:
			a := map[string]string{}
			for _, at := range t.Attr {
				a[at.Name.Local] = at.Value
			}
			s := st[len(st)-1]
			if v, ok := a["fill"]; ok {
				s.fill = v
			}
			if v, ok := a["stroke"]; ok {
				s.stroke = v
			}
			if v, ok := a["stroke-width"]; ok {
				s.strokeWidth = pdfFloat(v)
			}
			if v, ok := a["stroke-dasharray"]; ok {
				s.dash = v
			}
			if v, ok := a["font-size"]; ok {
				s.fontSize = pdfFloat(v)
			}
			if v, ok := a["font-weight"]; ok {
				s.bold = v == "bold" || v == "700"
			}
			if v, ok := a["font-family"]; ok {
				s.mono = strings.Contains(strings.ToLower(v), "mono") || strings.Contains(strings.ToLower(v), "courier")
			}
			if v, ok := a["text-anchor"]; ok {
				s.anchor = v
			}
			st = append(st, s)
			q := false
			switch t.Name.Local {
			case "svg":
				m, vw, vh, err := svgViewport(a)
				if err != nil {
					return nil, 0, 0, err
				}
				if root {
					w, h = vw, vh
					fmt.Fprintf(&out, "1 0 0 -1 0 %s cm\n", Num(h))
					root = false
				} else {
					fmt.Fprintf(&out, "q %s cm\n", m)
					q = true
				}
			case "g":
				if v, ok := a["transform"]; ok {
					m, err := svgTransform(v)
					if err != nil {
						return nil, 0, 0, err
					}
					fmt.Fprintf(&out, "q %s cm\n", m)
					q = true
				}
			case "title", "desc", "metadata", "style", "defs":
				skip++
			case "rect":
				x, y := pdfFloat(a["x"]), pdfFloat(a["y"])
				rw, rh := pdfFloat(a["width"]), pdfFloat(a["height"])
				pdfPaint(&out, s, fmt.Sprintf("%s %s %s %s re", Num(x), Num(y), Num(rw), Num(rh)))
			case "line":
				s.fill = "none"
				pdfPaint(&out, s, fmt.Sprintf("%s %s m %s %s l", Num(pdfFloat(a["x1"])), Num(pdfFloat(a["y1"])), Num(pdfFloat(a["x2"])), Num(pdfFloat(a["y2"]))))
			case "path":
				d, err := svgPath(a["d"])
				if err != nil {
					return nil, 0, 0, err
				}
				pdfPaint(&out, s, d)
			case "text":
				text, textAt = &strings.Builder{}, s
				tx, ty = pdfFloat(a["x"]), pdfFloat(a["y"])
			}
			open = append(open, q)
		case xml.CharData:
			if text != nil && skip == 0 {
				text.Write(t)
			}
		case xml.EndElement:
			if len(st) > 1 {
				st = st[:len(st)-1]
			}
			switch t.Name.Local {
			case "title", "desc", "metadata", "style", "defs":
				skip--
			case "text":
				if text != nil {
					pdfText(&out, textAt, tx, ty, strings.TrimSpace(text.String()))
					text = nil
				}
			}
			if n := len(open); n > 0 {
				if open[n-1] {
					out.WriteString("Q\n")
				}
				open = open[:n-1]
			}
		}
	}
	if root {
		return nil, 0, 0, errors.New("no svg element")
	}
	return out.Bytes(), w, h, nil
}

func pdfFloat(s string) float64 {
	f, err := strconv.ParseFloat(strings.TrimSuffix(strings.TrimSpace(s), "px"), 64)
	if err != nil {
		return 0
	}
	return f
}

// svgViewport returns the matrix that maps an svg element's viewBox onto
// its x, y, width and height, and the viewBox's size.
func svgViewport(a map[string]string) (m string, w, h float64, err error) {
	vb := strings.Fields(strings.ReplaceAll(a["viewBox"], ",", " "))
	if len(vb) != 4 {
		return "", 0, 0, fmt.Errorf("svg element without a viewBox of 4 numbers: %q", a["viewBox"])
	}
	vx, vy, vw, vh := pdfFloat(vb[0]), pdfFloat(vb[1]), pdfFloat(vb[2]), pdfFloat(vb[3])
	if vw <= 0 || vh <= 0 {
		return "", 0, 0, fmt.Errorf("svg element with an empty viewBox %q", a["viewBox"])
	}
	sx, sy := 1.0, 1.0
	if v, ok := a["width"]; ok && !strings.ContainsAny(v, "%acdeimnt") {
		sx = pdfFloat(v) / vw
	}
	if v, ok := a["height"]; ok && !strings.ContainsAny(v, "%acdeimnt") {
		sy = pdfFloat(v) / vh
	}
	sc := math.Min(sx, sy) // preserveAspectRatio xMidYMid meet, taken at the corner
	x, y := pdfFloat(a["x"]), pdfFloat(a["y"])
	return fmt.Sprintf("%s 0 0 %s %s %s", pdfCoef(sc), pdfCoef(sc), Num(x-vx*sc), Num(y-vy*sc)), vw, vh, nil
}

func pdfCoef(v float64) string { return strconv.FormatFloat(v, 'f', -1, 64) }

// svgTransform converts a transform list of translate and scale into a
// PDF matrix.
func svgTransform(v string) (string, error) {
	a, d, e, f := 1.0, 1.0, 0.0, 0.0
	rest := strings.TrimSpace(v)
	for rest != "" {
		open := strings.IndexByte(rest, '(')
		end := strings.IndexByte(rest, ')')
		if open < 0 || end < open {
			return "", fmt.Errorf("transform %q: want translate(...) and scale(...)", v)
		}
		name := strings.TrimSpace(rest[:open])
		var args []float64
		for _, f := range strings.Fields(strings.ReplaceAll(rest[open+1:end], ",", " ")) {
			args = append(args, pdfFloat(f))
		}
		switch {
		case name == "translate" && len(args) >= 1:
			ty := 0.0
			if len(args) > 1 {
				ty = args[1]
			}
			e, f = e+a*args[0], f+d*ty
		case name == "scale" && len(args) >= 1:
			sy := args[0]
			if len(args) > 1 {
				sy = args[1]
			}
			a, d = a*args[0], d*sy
		default:
			return "", fmt.Errorf("transform %q: want translate(...) and scale(...)", v)
		}
		rest = strings.TrimSpace(rest[end+1:])
	}
	return fmt.Sprintf("%s 0 0 %s %s %s", pdfCoef(a), pdfCoef(d), Num(e), Num(f)), nil
}

// svgPath converts path data of absolute M, L, H, V and Z commands.
func svgPath(d string) (string, error) {
	var b strings.Builder
	var x, y, sx, sy float64
	toks := pathTokens(d)
	cmd := byte(0)
	num := func(i *int) (float64, error) {
		if *i >= len(toks) || isPathCmd(toks[*i]) {
			return 0, fmt.Errorf("path %q: a number is missing", d)
		}
		v, err := strconv.ParseFloat(toks[*i], 64)
		*i++
		return v, err
	}
	for i := 0; i < len(toks); {
		if isPathCmd(toks[i]) {
			cmd = toks[i][0]
			i++
			if cmd == 'Z' || cmd == 'z' {
				b.WriteString("h ")
				x, y = sx, sy
				continue
			}
		}
		var err error
		switch cmd {
		case 'M', 'L':
			var nx, ny float64
			if nx, err = num(&i); err == nil {
				ny, err = num(&i)
			}
			x, y = nx, ny
			if cmd == 'M' {
				sx, sy = x, y
				fmt.Fprintf(&b, "%s %s m ", Num(x), Num(y))
				cmd = 'L'
			} else {
				fmt.Fprintf(&b, "%s %s l ", Num(x), Num(y))
			}
		case 'H':
			x, err = num(&i)
			fmt.Fprintf(&b, "%s %s l ", Num(x), Num(y))
		case 'V':
			y, err = num(&i)
			fmt.Fprintf(&b, "%s %s l ", Num(x), Num(y))
		default:
			return "", fmt.Errorf("path %q: command %q is not one of M, L, H, V, Z", d, string(cmd))
		}
		if err != nil {
			return "", fmt.Errorf("path %q: %v", d, err)
		}
	}
	return strings.TrimSpace(b.String()), nil
}

func isPathCmd(t string) bool {
	return len(t) == 1 && unicode.IsLetter(rune(t[0])) && t != "e" && t != "E"
}

// pathTokens splits path data into commands and numbers.
func pathTokens(d string) []string {
	var toks []string
	cur := strings.Builder{}
	flush := func() {
		if cur.Len() > 0 {
			toks = append(toks, cur.String())
			cur.Reset()
		}
	}
	for i := 0; i < len(d); i++ {
		c := d[i]
		switch {
		case c == ' ' || c == ',' || c == '\n' || c == '\t' || c == '\r':
			flush()
		case (c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z') && c != 'e' && c != 'E':
			flush()
			toks = append(toks, string(c))
		case c == '-' && cur.Len() > 0 && !strings.HasSuffix(cur.String(), "e"):
			flush()
			cur.WriteByte(c)
		default:
			cur.WriteByte(c)
		}
	}
	flush()
	return toks
}

// pdfPaint fills and strokes a path as s says.
func pdfPaint(out *bytes.Buffer, s pdfState, path string) {
	fill, fok := pdfColor(s.fill)
	stroke, sok := pdfColor(s.stroke)
	if !fok && !sok {
		return
	}
	if fok {
		fmt.Fprintf(out, "%s rg ", fill)
	}
	if sok {
		fmt.Fprintf(out, "%s RG %s w ", stroke, Num(s.strokeWidth))
		if s.dash != "" && s.dash != "none" {
			out.WriteString("[")
			for i, f := range strings.Fields(strings.ReplaceAll(s.dash, ",", " ")) {
				if i > 0 {
					out.WriteString(" ")
				}
				out.WriteString(Num(pdfFloat(f)))
			}
			out.WriteString("] 0 d ")
		} else {
			out.WriteString("[] 0 d ")
		}
	}
	out.WriteString(path)
	switch {
	case fok && sok:
		out.WriteString(" B\n")
	case fok:
		out.WriteString(" f\n")
	default:
		out.WriteString(" S\n")
	}
}

// pdfColor converts an SVG colour to PDF "r g b", or false for none.
func pdfColor(c string) (string, bool) {
	c = strings.ToLower(strings.TrimSpace(c))
	switch c {
	case "", "none", "transparent":
		return "", false
	case "black":
		c = "#000"
	case "white":
		c = "#fff"
	}
	if !strings.HasPrefix(c, "#") {
		return "0 0 0", true
	}
	h := c[1:]
	if len(h) == 3 {
		h = string([]byte{h[0], h[0], h[1], h[1], h[2], h[2]})
	}
	if len(h) != 6 {
		return "0 0 0", true
	}
	v, err := strconv.ParseUint(h, 16, 32)
	if err != nil {
		return "0 0 0", true
	}
	comp := func(shift uint) string { return pdfCoef(math.Round(float64(v>>shift&0xff)/255*1000) / 1000) }
	return comp(16) + " " + comp(8) + " " + comp(0), true
}

// pdfText writes a line of text at (x, y), the baseline, anchored as s
// says. The page is drawn upside down (SVG's y axis), so the text matrix
// turns the glyphs the right way up.
func pdfText(out *bytes.Buffer, s pdfState, x, y float64, t string) {
	if t == "" {
		return
	}
	fill, ok := pdfColor(s.fill)
	if !ok {
		return
	}
	enc := winAnsi(t)
	font := 0
	switch {
	case s.mono:
		font = 2
	case s.bold:
		font = 1
	}
	switch s.anchor {
	case "middle":
		x -= textWidth(enc, font, s.fontSize) / 2
	case "end":
		x -= textWidth(enc, font, s.fontSize)
	}
	fmt.Fprintf(out, "BT %s rg /%s %s Tf 1 0 0 -1 %s %s Tm %s Tj ET\n", fill, pdfFonts[font].res, Num(s.fontSize), Num(x), Num(y), pdfString(string(enc)))
}

// pdfString writes a literal string, its bytes as they are.
func pdfString(s string) string {
	var b strings.Builder
	b.WriteByte('(')
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case '(', ')', '\\':
			b.WriteByte('\\')
			b.WriteByte(c)
		case '\n':
			b.WriteString(`\n`)
		case '\r':
			b.WriteString(`\r`)
		default:
			b.WriteByte(c)
		}
	}
	b.WriteByte(')')
	return b.String()
}

// pdfTextString writes a text string of the document information in
// UTF-16BE with its byte order mark, as hex (PDF 32000-1, 7.9.2.2).
func pdfTextString(s string) string {
	var b strings.Builder
	b.WriteString("<FEFF")
	for _, u := range utf16.Encode([]rune(s)) {
		fmt.Fprintf(&b, "%04X", u)
	}
	b.WriteByte('>')
	return b.String()
}

// winAnsi encodes text in WinAnsiEncoding: ASCII and Latin-1 as they are,
// a few typographic characters at their places, '?' for the rest.
func winAnsi(s string) []byte {
	var b []byte
	for _, r := range s {
		switch {
		case r >= 0x20 && r < 0x7f, r >= 0xa0 && r <= 0xff:
			b = append(b, byte(r))
		default:
			if c, ok := winAnsiExtra[r]; ok {
				b = append(b, c)
			} else {
				b = append(b, '?')
			}
		}
	}
	return b
}

var winAnsiExtra = map[rune]byte{
	'€': 0x80, '…': 0x85, '‘': 0x91, '’': 0x92, '“': 0x93, '”': 0x94, '•': 0x95, '–': 0x96, '—': 0x97,
}

// textWidth returns the width of WinAnsi text in the font (0 Helvetica,
// 1 Helvetica-Bold, 2 Courier) at size.
func textWidth(s []byte, font int, size float64) float64 {
	w := 0
	for _, c := range s {
		switch {
		case font == 2:
			w += 600
		case c >= 32 && c < 127:
			w += int(helveticaWidths[font][c-32])
		case c == 0xd7: // ×
			w += 584
		default:
			w += 556
		}
	}
	return float64(w) * size / 1000
}

// helveticaWidths are the widths of the characters 32 to 126 in
// Helvetica and Helvetica-Bold, from Adobe's font metrics (AFM) files.
var helveticaWidths = [2][95]uint16{
	{278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278,
		556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 278, 278, 584, 584, 584, 556,
		1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, 722, 778,
		667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469, 556,
		333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556,
		556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584},
	{278, 333, 474, 556, 556, 889, 722, 238, 333, 333, 389, 584, 278, 333, 278, 278,
		556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 333, 333, 584, 584, 584, 611,
		975, 722, 722, 722, 722, 667, 611, 778, 722, 278, 556, 722, 611, 833, 722, 778,
		667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 333, 278, 333, 584, 556,
		333, 556, 611, 556, 611, 556, 333, 611, 611, 278, 278, 556, 278, 889, 611, 611,
		611, 611, 389, 556, 333, 611, 556, 778, 556, 556, 500, 389, 280, 389, 584},
}
