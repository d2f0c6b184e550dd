// Package sheet lays out printable sheets of puzzles and writes them as
// SVG pages or as one PDF document.
//
// A sheet is a title, a note and a list of items, each a drawing in SVG
// with its own size and a caption; Pages places them PerPage to a page of
// A4 or Letter, in a grid of equal slots (the columns chosen so that the
// items come out largest), each item scaled to fit its slot, and returns
// one standalone SVG document a page, in points (1/72 in) with the page's
// physical size, so that a viewer prints it at its real size.
//
// PDF draws the same pages: it reads each SVG page back (the subset this
// package and its callers write: svg, g with translate and scale, rect,
// line, path with absolute M, L, H, V and Z, text) and writes PDF 1.4
// drawing operators with the standard Helvetica and Courier fonts, which
// every reader has (PDF 32000-1:2008, 9.6.2.2), so that there is one
// drawing and no font to embed. Text is WinAnsiEncoding; text-anchor
// middle and end use the fonts' Adobe metrics for the width.
package sheet
