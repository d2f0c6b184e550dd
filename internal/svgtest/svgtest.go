// Package svgtest reads an SVG document back into a tree of elements, for
// tests that check the drawings the project writes with a parser of their
// own (encoding/xml), not with the code that wrote them.
package svgtest

import (
	"bytes"
	"encoding/xml"
	"errors"
	"io"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// Node is an element: its name, its attributes, its text and its children.
type Node struct {
	Name string
	Attr map[string]string
	Text string
	Kids []*Node
}

// Parse reads doc, which must hold one svg element, and fails the test
// when it does not parse.
func Parse(t testing.TB, doc []byte) *Node {
	t.Helper()
	dec := xml.NewDecoder(bytes.NewReader(doc))
	root := &Node{}
	stack := []*Node{root}
	for {
		tok, err := dec.Token()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatalf("the SVG does not parse: %v", err)
		}
		switch tok := tok.(type) {
		case xml.StartElement:
			n := &Node{Name: tok.Name.Local, Attr: map[string]string{}}
			for _, a := range tok.Attr {
				n.Attr[a.Name.Local] = a.Value
			}
			top := stack[len(stack)-1]
			top.Kids = append(top.Kids, n)
			stack = append(stack, n)
		case xml.CharData:
			stack[len(stack)-1].Text += string(tok)
		case xml.EndElement:
			stack = stack[:len(stack)-1]
		}
	}
	if len(root.Kids) != 1 || root.Kids[0].Name != "svg" {
		t.Fatalf("want one svg element, got %d elements", len(root.Kids))
	}
	return root.Kids[0]
}

// Find returns the elements under n (n included) that pred accepts, in
// document order.
func (n *Node) Find(pred func(*Node) bool) []*Node {
	var out []*Node
	var walk func(*Node)
	walk = func(m *Node) {
		if pred(m) {
			out = append(out, m)
		}
		for _, k := range m.Kids {
			walk(k)
		}
	}
	walk(n)
	return out
}

// Class returns the elements under n whose class attribute holds c.
func (n *Node) Class(c string) []*Node {
	return n.Find(func(m *Node) bool { return slices.Contains(strings.Fields(m.Attr["class"]), c) })
}

// Num returns a numeric attribute, failing the test when it is not one.
func (n *Node) Num(t testing.TB, attr string) float64 {
	t.Helper()
	v, err := strconv.ParseFloat(n.Attr[attr], 64)
	if err != nil {
		t.Fatalf("<%s %s=%q>: %v", n.Name, attr, n.Attr[attr], err)
	}
	return v
}
