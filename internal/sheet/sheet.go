package sheet

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"math"
	"strconv"
	"strings"
)

// Paper is a page size in points.
type Paper struct {
	Name          string // "a4", "letter"
	Width, Height float64
	// W and H are the physical size written in the SVG, "210mm".
	W, H string
}

// The paper sizes.
var (
	A4     = Paper{"a4", 595.28, 841.89, "210mm", "297mm"}
	Letter = Paper{"letter", 612, 792, "8.5in", "11in"}
)

// PaperNames lists the names PaperByName takes.
var PaperNames = []string{"a4", "letter"}

// PaperByName returns the paper named name.
func PaperByName(name string) (Paper, bool) {
	switch strings.ToLower(name) {
	case "a4":
		return A4, true
	case "letter":
		return Letter, true
	}
	return Paper{}, false
}

// Item is one drawing of a sheet: Body is SVG elements drawn from (0, 0)
// to (Width, Height) in its own units.
type Item struct {
	Caption       string // "3. Easy one", above the drawing
	Width, Height float64
	Body          string
	// Class names the item's group, "puzzle" or "answer".
	Class string
}

// Sheet is the input of Pages.
type Sheet struct {
	Title, Note string
	Items       []Item
	// PerPage is the number of items a page holds, at least 1.
	PerPage int
	// MaxScale bounds the scale of an item (its units to points), so that
	// a small grid alone on a page is not drawn huge. 0 means 1.5.
	MaxScale float64
	// Page numbers start after FirstPage pages (of Total, when set).
	FirstPage, Total int
	// Small lays the page out for PerPage items even when there are fewer,
	// so that they stay small (answers); otherwise fewer items get larger
	// slots.
	Small bool
}

// Page measures, in points.
const (
	margin    = 40.0 // around the page
	headTitle = 18.0 // font size of the title
	headNote  = 10.5
	headH     = 50.0 // from the top margin to the first slot
	footH     = 18.0 // the page number
	caption   = 10.0 // font size of an item's caption
	captionH  = 18.0
	gutter    = 16.0 // between slots
)

// Grid returns the columns and rows of the slots that hold perPage items
// of the given shape (the widest ratio of width to height among them) on
// paper: the choice that draws them largest.
func Grid(paper Paper, perPage int, itemW, itemH float64) (cols, rows int) {
	perPage = max(perPage, 1)
	availW := paper.Width - 2*margin
	availH := paper.Height - 2*margin - headH - footH
	best := -1.0
	for c := 1; c <= perPage; c++ {
		r := (perPage + c - 1) / c
		if c > 1 && (c-1)*r >= perPage {
			continue // a column of the grid would stay empty
		}
		sw := (availW - float64(c-1)*gutter) / float64(c)
		sh := (availH-float64(r-1)*gutter)/float64(r) - captionH
		if sw <= 0 || sh <= 0 {
			continue
		}
		s := math.Min(sw/itemW, sh/itemH)
		if s > best+1e-9 {
			best, cols, rows = s, c, r
		}
	}
	if best < 0 {
		return 1, perPage
	}
	return cols, rows
}

// Pages lays out the sheet on paper and returns one SVG document a page.
func Pages(paper Paper, s Sheet) [][]byte {
	per := max(s.PerPage, 1)
	maxScale := s.MaxScale
	if maxScale <= 0 {
		maxScale = 1.5
	}
	// One grid for the whole sheet, for the widest item shape, so that
	// every page looks the same.
	wide := 0.0
	var iw, ih float64 = 1, 1
	for _, it := range s.Items {
		if r := it.Width / it.Height; r > wide {
			wide, iw, ih = r, it.Width, it.Height
		}
	}
	slots := per
	if !s.Small {
		slots = min(per, max(len(s.Items), 1))
	}
	cols, rows := Grid(paper, slots, iw, ih)
	per = min(per, cols*rows)
	availW := paper.Width - 2*margin
	availH := paper.Height - 2*margin - headH - footH
	slotW := (availW - float64(cols-1)*gutter) / float64(cols)
	slotH := (availH - float64(rows-1)*gutter) / float64(rows)

	npages := (len(s.Items) + per - 1) / per
	total := s.Total
	if total == 0 {
		total = s.FirstPage + npages
	}
	var out [][]byte
	for pg := range npages {
		var b bytes.Buffer
		fmt.Fprintf(&b, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
		fmt.Fprintf(&b, "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"%s\" height=\"%s\" viewBox=\"0 0 %s %s\" font-family=\"Helvetica, Arial, 'Liberation Sans', sans-serif\">\n",
			paper.W, paper.H, Num(paper.Width), Num(paper.Height))
		fmt.Fprintf(&b, "<title>%s</title>\n", Esc(s.Title))
		fmt.Fprintf(&b, "<rect class=\"page\" width=\"%s\" height=\"%s\" fill=\"#fff\"/>\n", Num(paper.Width), Num(paper.Height))
		fmt.Fprintf(&b, "<text class=\"title\" x=\"%s\" y=\"%s\" font-size=\"%s\" font-weight=\"bold\" fill=\"#000\">%s</text>\n",
			Num(margin), Num(margin+headTitle*0.8), Num(headTitle), Esc(s.Title))
		if s.Note != "" {
			fmt.Fprintf(&b, "<text class=\"note\" x=\"%s\" y=\"%s\" font-size=\"%s\" fill=\"#000\">%s</text>\n",
				Num(margin), Num(margin+headTitle+headNote+2), Num(headNote), Esc(s.Note))
		}
		fmt.Fprintf(&b, "<text class=\"page-number\" x=\"%s\" y=\"%s\" font-size=\"9\" text-anchor=\"end\" fill=\"#000\">page %d of %d</text>\n",
			Num(paper.Width-margin), Num(paper.Height-margin), s.FirstPage+pg+1, total)
		items := s.Items[pg*per : min(len(s.Items), (pg+1)*per)]
		scales := make([]float64, len(items))
		rowH := make([]float64, rows) // the tallest drawing of each row
		for k, it := range items {
			// Rounded down to the 4 decimals written, so as not to overflow.
			scales[k] = math.Floor(1e4*math.Min(maxScale, math.Min(slotW/it.Width, (slotH-captionH)/it.Height))) / 1e4
			rowH[k/cols] = max(rowH[k/cols], it.Height*scales[k])
		}
		for k, it := range items {
			col, row := k%cols, k/cols
			x := margin + float64(col)*(slotW+gutter)
			y := margin + headH + float64(row)*(slotH+gutter)
			if !s.Small {
				y += (slotH - captionH - rowH[row]) / 2 // the row centred in its slots
			}
			scale := scales[k]
			dx := x + (slotW-it.Width*scale)/2
			class := it.Class
			if class == "" {
				class = "item"
			}
			fmt.Fprintf(&b, "<g class=\"%s\">\n", Esc(class))
			fmt.Fprintf(&b, "<text class=\"caption\" x=\"%s\" y=\"%s\" font-size=\"%s\" font-weight=\"bold\" fill=\"#000\">%s</text>\n",
				Num(dx), Num(y+caption), Num(caption), Esc(it.Caption))
			fmt.Fprintf(&b, "<g transform=\"translate(%s %s) scale(%s)\">\n%s\n</g>\n</g>\n",
				Num(dx), Num(y+captionH), strconv.FormatFloat(scale, 'f', 4, 64), it.Body)
		}
		b.WriteString("</svg>\n")
		out = append(out, b.Bytes())
	}
	return out
}

// Num formats a coordinate with at most two decimals.
func Num(v float64) string {
	return strconv.FormatFloat(math.Round(v*100)/100, 'f', -1, 64)
}

// Esc escapes text for an SVG attribute or element.
func Esc(s string) string {
	var b strings.Builder
	xml.EscapeText(&b, []byte(s))
	return b.String()
}
