package nonogram

import (
	"bufio"
	"encoding/xml"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
)

// svgLayout places the parts of an SVG picture, in user units.
type svgLayout struct {
	cell               int
	pad                int
	fontSize           float64
	slotW              int // width of the slot of a row-clue number
	gap                int // blank between the clues and the grid
	rowSlots, colSlots int
	left, top          int // top-left corner of the grid
	width, height      int
}

// svgLayoutFor lays out a width×height puzzle with clue margins st. The
// font size is 0.6 of a cell, less when column numbers need it to fit in
// a cell's width (a digit is taken to be 0.6 em wide).
func svgLayoutFor(width, height int, st renderClueStats, opt RenderOptions) svgLayout {
	c := opt.CellSize
	if c <= 0 {
		c = renderDefaultCell
	}
	c = min(max(c, 4), renderMaxCell)
	l := svgLayout{cell: c, pad: c / 2}
	if !opt.NoClues {
		l.rowSlots, l.colSlots = st.rowSlots, st.colSlots
		l.fontSize = min(0.6*float64(c), 0.9*float64(c)/(0.6*float64(st.colDigits)))
		l.slotW = max(c, int(math.Ceil(0.6*l.fontSize*float64(st.rowDigits)+0.25*float64(c))))
		l.gap = c / 4
	}
	l.left = l.pad + l.rowSlots*l.slotW + l.gap
	l.top = l.pad + l.colSlots*c + l.gap
	l.width = l.left + width*c + l.pad
	l.height = l.top + height*c + l.pad
	return l
}

// svgNum formats a coordinate with at most two decimals.
func svgNum(v float64) string {
	return strconv.FormatFloat(math.Round(v*100)/100, 'f', -1, 64)
}

// RenderSVG draws the puzzle as an SVG document: filled cells as black
// rectangles (one per cell, in a group of class "filled"), unknown cells
// light grey (class "unknown"), empty cells left white, thin grey grid lines
// and thick black ones every 5 cells and around the grid, and the clues as
// text elements in the margins (an empty clue drawn as 0). The title is the
// puzzle's name, or its size when it has none. A nil board draws every
// cell unknown. CellSize is in user units, 16 by default, clamped to
// 4..256. In a colour puzzle cells and clue numbers take their colours.
func RenderSVG(w io.Writer, p *Puzzle, b *Board, opt RenderOptions) error {
	b, err := renderCheck(p, b)
	if err != nil {
		return err
	}
	l := svgLayoutFor(b.Width, b.Height, renderStatsOf(p), opt)
	c := l.cell
	bw := bufio.NewWriter(w)

	fmt.Fprintf(bw, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
	fmt.Fprintf(bw, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\">\n",
		l.width, l.height, l.width, l.height)
	title := p.Name
	if strings.TrimSpace(title) == "" {
		title = fmt.Sprintf("nonogram %d×%d", b.Height, b.Width)
	}
	bw.WriteString("<title>")
	xml.EscapeText(bw, []byte(title))
	bw.WriteString("</title>\n")
	fmt.Fprintf(bw, "<rect width=\"%d\" height=\"%d\" fill=\"#fff\"/>\n", l.width, l.height)

	var buf []byte
	size := fmt.Sprintf("\" width=\"%d\" height=\"%d\"/>\n", c, c)
	type cellGroup struct {
		state      Cell
		class, rgb string
	}
	groups := []cellGroup{{Unknown, "unknown", "#d0d0d0"}, {Filled, "filled", "#000"}}
	if p.IsColor() {
		groups = groups[:1]
		for col := 1; col < len(p.Colors); col++ {
			groups = append(groups, cellGroup{ColorCell(col), fmt.Sprintf("colour-%d", col), renderRGB(p, col)})
		}
	}
	for _, g := range groups {
		open := false
		for i, v := range b.Cells {
			if v != g.state {
				continue
			}
			if !open {
				fmt.Fprintf(bw, "<g class=%q fill=%q>\n", g.class, g.rgb)
				open = true
			}
			buf = append(buf[:0], "<rect x=\""...)
			buf = strconv.AppendInt(buf, int64(l.left+i%b.Width*c), 10)
			buf = append(buf, "\" y=\""...)
			buf = strconv.AppendInt(buf, int64(l.top+i/b.Width*c), 10)
			buf = append(buf, size...)
			bw.Write(buf)
		}
		if open {
			bw.WriteString("</g>\n")
		}
	}

	// Thin lines cover the first unit of a cell, as in the PNG; thick ones
	// the last unit of the previous cell too.
	right, bottom := l.left+b.Width*c, l.top+b.Height*c
	bw.WriteString("<g class=\"grid\" fill=\"none\" shape-rendering=\"crispEdges\">\n")
	for pass := range 2 {
		thick := pass == 1
		var d strings.Builder
		for i := 0; i <= b.Width; i++ {
			if (i%5 == 0 || i == b.Width) != thick {
				continue
			}
			x := l.left + i*c
			if thick {
				fmt.Fprintf(&d, "M%d %dV%d", x, l.top-1, bottom+1)
			} else {
				fmt.Fprintf(&d, "M%s %dV%d", svgNum(float64(x)+0.5), l.top, bottom)
			}
		}
		for i := 0; i <= b.Height; i++ {
			if (i%5 == 0 || i == b.Height) != thick {
				continue
			}
			y := l.top + i*c
			if thick {
				fmt.Fprintf(&d, "M%d %dH%d", l.left-1, y, right+1)
			} else {
				fmt.Fprintf(&d, "M%d %sH%d", l.left, svgNum(float64(y)+0.5), right)
			}
		}
		if d.Len() == 0 {
			continue
		}
		if thick {
			fmt.Fprintf(bw, "<path stroke=\"#000\" stroke-width=\"2\" d=\"%s\"/>\n", d.String())
		} else {
			fmt.Fprintf(bw, "<path stroke=\"#999\" stroke-width=\"1\" d=\"%s\"/>\n", d.String())
		}
	}
	bw.WriteString("</g>\n")

	if !opt.NoClues {
		fmt.Fprintf(bw, "<g class=\"clues\" font-family=\"sans-serif\" font-size=\"%s\" text-anchor=\"middle\">\n", svgNum(l.fontSize))
		half, base := float64(c)/2, 0.35*l.fontSize
		for col, clue := range p.Cols {
			nums := renderClueNums(clue)
			for i, n := range nums {
				k := l.colSlots - len(nums) + i
				fmt.Fprintf(bw, "<text x=\"%s\" y=\"%s\"%s>%d</text>\n",
					svgNum(float64(l.left+col*c)+half), svgNum(float64(l.pad+k*c)+half+base), svgClueFill(p, 1, col, i, n), n)
			}
		}
		for r, clue := range p.Rows {
			nums := renderClueNums(clue)
			for i, n := range nums {
				k := l.rowSlots - len(nums) + i
				fmt.Fprintf(bw, "<text x=\"%s\" y=\"%s\"%s>%d</text>\n",
					svgNum(float64(l.pad+k*l.slotW)+float64(l.slotW)/2), svgNum(float64(l.top+r*c)+half+base), svgClueFill(p, 0, r, i, n), n)
			}
		}
		bw.WriteString("</g>\n")
	}
	bw.WriteString("</svg>\n")
	return bw.Flush()
}

// svgClueFill returns the fill attribute of a clue number: the run's
// colour in a colour puzzle, nothing (black) otherwise.
func svgClueFill(p *Puzzle, side, line, i, n int) string {
	if !p.IsColor() || n == 0 {
		return ""
	}
	return fmt.Sprintf(" fill=%q", renderRGB(p, renderRunColor(p, side, line, i)))
}
