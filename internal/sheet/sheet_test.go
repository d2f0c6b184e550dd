package sheet

import (
	"fmt"
	"github.com/puzzlesolvers/puzzle/internal/svgtest"
	"strings"
	"testing"
)

func TestGrid(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		paper      Paper
		per        int
		w, h       float64
		cols, rows int
	}{
		{A4, 1, 1, 1, 1, 1},
		{A4, 2, 1, 1, 1, 2}, // two squares fit larger one above the other on a tall page
		{A4, 4, 1, 1, 2, 2},
		{A4, 6, 1, 1, 2, 3},
		{Letter, 4, 1, 1, 2, 2},
		{A4, 3, 4, 1, 1, 3},  // wide items stack
		{A4, 20, 1, 1, 4, 5}, // answers
	} {
		cols, rows := Grid(tc.paper, tc.per, tc.w, tc.h)
		if cols != tc.cols || rows != tc.rows {
			t.Errorf("Grid(%s, %d, %v×%v) = %d×%d, want %d×%d", tc.paper.Name, tc.per, tc.w, tc.h, cols, rows, tc.cols, tc.rows)
		}
	}
}

// node is an element of a parsed SVG page.
type node = svgtest.Node

func items(n int) []Item {
	var its []Item
	for i := range n {
		its = append(its, Item{Caption: fmt.Sprint(i + 1), Width: 100, Height: 100, Class: "puzzle",
			Body: fmt.Sprintf(`<text class="mark" x="50" y="50">item %d</text>`, i+1)})
	}
	return its
}

func TestPages(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		n, per int
		want   []int // items on each page
	}{
		{1, 4, []int{1}},
		{4, 4, []int{4}},
		{10, 4, []int{4, 4, 2}},
		{7, 1, []int{1, 1, 1, 1, 1, 1, 1}},
	} {
		pages := Pages(A4, Sheet{Title: "T & co", Note: "a note", Items: items(tc.n), PerPage: tc.per, FirstPage: 1})
		if len(pages) != len(tc.want) {
			t.Fatalf("%d items, %d a page: %d pages, want %d", tc.n, tc.per, len(pages), len(tc.want))
		}
		next := 1
		for i, pg := range pages {
			root := svgtest.Parse(t, pg)
			if root.Attr["width"] != "210mm" || root.Attr["height"] != "297mm" || root.Attr["viewBox"] != "0 0 595.28 841.89" {
				t.Errorf("page %d: size %q×%q, viewBox %q", i+1, root.Attr["width"], root.Attr["height"], root.Attr["viewBox"])
			}
			groups := root.Find(func(n *node) bool { return n.Name == "g" && n.Attr["class"] == "puzzle" })
			if len(groups) != tc.want[i] {
				t.Errorf("%d items, %d a page: page %d holds %d, want %d", tc.n, tc.per, i+1, len(groups), tc.want[i])
			}
			for _, g := range groups {
				caps := g.Find(func(n *node) bool { return n.Attr["class"] == "caption" })
				marks := g.Find(func(n *node) bool { return n.Attr["class"] == "mark" })
				if len(caps) != 1 || caps[0].Text != fmt.Sprint(next) || len(marks) != 1 || marks[0].Text != fmt.Sprintf("item %d", next) {
					t.Errorf("page %d: an item out of order or mislabelled, want item %d", i+1, next)
				}
				next++
			}
			num := root.Find(func(n *node) bool { return n.Attr["class"] == "page-number" })
			if want := fmt.Sprintf("page %d of %d", i+2, len(pages)+1); len(num) != 1 || num[0].Text != want {
				t.Errorf("page %d: page number %v, want %q", i+1, num, want)
			}
			title := root.Find(func(n *node) bool { return n.Attr["class"] == "title" })
			if len(title) != 1 || title[0].Text != "T & co" {
				t.Errorf("page %d: title %v", i+1, title)
			}
		}
	}
}

// TestPagesFit checks that every item stays inside the page's margins,
// whatever its shape.
func TestPagesFit(t *testing.T) {
	t.Parallel()
	its := []Item{{Width: 900, Height: 100}, {Width: 100, Height: 1200}, {Width: 10, Height: 10}}
	for _, paper := range []Paper{A4, Letter} {
		for _, per := range []int{1, 3} {
			k := 0
			for _, pg := range Pages(paper, Sheet{Items: its, PerPage: per}) {
				root := svgtest.Parse(t, pg)
				for _, g := range root.Find(func(n *node) bool { return strings.HasPrefix(n.Attr["transform"], "translate(") }) {
					var x, y, s float64
					if _, err := fmt.Sscanf(g.Attr["transform"], "translate(%g %g) scale(%g)", &x, &y, &s); err != nil {
						t.Fatal(err)
					}
					it := its[k]
					k++
					if s > 1.5 || x < margin-0.01 || y < margin+headH || x+it.Width*s > paper.Width-margin+0.01 || y+it.Height*s > paper.Height-margin-footH+0.01 {
						t.Errorf("%s, %d a page: item %d (%v×%v) at %v,%v scale %v leaves the page's margins", paper.Name, per, k, it.Width, it.Height, x, y, s)
					}
				}
			}
			if k != len(its) {
				t.Errorf("%s: %d items drawn, want %d", paper.Name, k, len(its))
			}
		}
	}
}
