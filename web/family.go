package web

import (
	"cmp"
	"slices"
)

// A family is one puzzle family's part of the server: a tab on the page,
// whose script is static/{name}.js, and its API routes. Each family file
// registers itself from an init function, so adding a family to the server
// is adding one Go file and one script.
type family struct {
	name   string // "sudoku": the path segment, the script and the tab's id
	title  string // "Sudoku": the tab's label
	order  int    // tabs are sorted by order
	routes func() []*route
}

// families lists the registered families in tab order.
var families []family

// register adds a family; it is called from init functions.
func register(f family) {
	families = append(families, f)
	slices.SortStableFunc(families, func(a, b family) int { return cmp.Compare(a.order, b.order) })
}
