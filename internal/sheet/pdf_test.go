package sheet

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// CheckPDF checks the structure of a PDF that PDF wrote: the header, every
// object where the cross-reference table says, /Size the number of
// entries, startxref at the table, each stream as long as its /Length,
// and pages pages. It returns the content streams.
func CheckPDF(t testing.TB, doc []byte, pages int) [][]byte {
	t.Helper()
	if !bytes.HasPrefix(doc, []byte("%PDF-1.4\n")) || !bytes.HasSuffix(doc, []byte("%%EOF\n")) {
		t.Fatalf("not a PDF 1.4 file: starts %q", doc[:min(len(doc), 12)])
	}
	m := regexp.MustCompile(`startxref\n(\d+)\n%%EOF\n$`).FindSubmatch(doc)
	if m == nil {
		t.Fatal("no startxref at the end")
	}
	xref, _ := strconv.Atoi(string(m[1]))
	if xref >= len(doc) || !bytes.HasPrefix(doc[xref:], []byte("xref\n0 ")) {
		t.Fatalf("startxref %d does not point at the xref table", xref)
	}
	var n int
	if _, err := fmt.Sscanf(string(doc[xref:]), "xref\n0 %d\n", &n); err != nil {
		t.Fatal(err)
	}
	table := doc[xref:]
	table = table[bytes.IndexByte(table, '\n')+1:]
	table = table[bytes.IndexByte(table, '\n')+1:]
	if len(table) < 20*n {
		t.Fatalf("xref table of %d entries is cut short", n)
	}
	if string(table[:20]) != "0000000000 65535 f\r\n" {
		t.Errorf("entry 0 is %q", table[:20])
	}
	for i := 1; i < n; i++ {
		e := string(table[20*i : 20*i+20])
		off, err := strconv.Atoi(e[:10])
		if err != nil || e[10:] != " 00000 n\r\n" {
			t.Fatalf("xref entry %d is %q", i, e)
		}
		if want := fmt.Sprintf("%d 0 obj\n", i); !bytes.HasPrefix(doc[off:], []byte(want)) {
			t.Fatalf("xref entry %d: offset %d holds %q, not object %d", i, off, doc[off:min(len(doc), off+12)], i)
		}
	}
	if !bytes.HasPrefix(table[20*n:], []byte(fmt.Sprintf("trailer\n<< /Size %d /Root 1 0 R", n))) {
		t.Errorf("trailer %q: want /Size %d", table[20*n:min(len(table), 20*n+40)], n)
	}
	if objs := bytes.Count(doc, []byte(" 0 obj\n")); objs != n-1 {
		t.Errorf("%d objects, the xref table lists %d", objs, n-1)
	}
	if got := bytes.Count(doc, []byte("/Type /Page ")); got != pages {
		t.Errorf("%d pages, want %d", got, pages)
	}
	if !bytes.Contains(doc, []byte(fmt.Sprintf("/Count %d >>", pages))) {
		t.Errorf("the page tree does not count %d pages", pages)
	}
	var streams [][]byte
	re := regexp.MustCompile(`<< /Length (\d+) >>\nstream\n`)
	for _, loc := range re.FindAllSubmatchIndex(doc, -1) {
		length, _ := strconv.Atoi(string(doc[loc[2]:loc[3]]))
		start := loc[1]
		if start+length > len(doc) || !bytes.HasPrefix(doc[start+length:], []byte("\nendstream\n")) {
			t.Fatalf("a stream at %d is not %d bytes long", start, length)
		}
		streams = append(streams, doc[start:start+length])
	}
	if len(streams) != pages {
		t.Errorf("%d content streams, want %d", len(streams), pages)
	}
	return streams
}

func TestPDF(t *testing.T) {
	t.Parallel()
	its := items(5)
	its[0].Body = `<rect class="cell" x="0" y="0" width="50" height="50" fill="#ff0000" stroke="#000" stroke-width="2"/>` +
		`<g fill="none" stroke="#999"><path d="M0 0.5H100M10 0V100"/></g>` +
		`<line x1="0" y1="0" x2="100" y2="100" stroke="black" stroke-dasharray="4 3"/>` +
		`<text x="50" y="50" font-size="20" text-anchor="middle" font-weight="bold">(7)</text>` +
		`<svg width="20" height="10" viewBox="0 0 40 20"><title>no drawing</title><rect width="40" height="20"/></svg>`
	pages := Pages(A4, Sheet{Title: "Sudoku – 4×4", Items: its, PerPage: 2})
	doc, err := PDF(context.Background(), "Sudoku – 4×4", pages)
	if err != nil {
		t.Fatal(err)
	}
	streams := CheckPDF(t, doc, 3)
	first := string(streams[0])
	for _, want := range []string{
		"1 0 0 -1 0 841.89 cm\n",                        // SVG's y axis
		"1 0 0 rg 0 0 0 RG 2 w [] 0 d 0 0 50 50 re B\n", // the red rect, stroked
		"0.6 0.6 0.6 RG 1 w [] 0 d 0 0.5 m 100 0.5 l 10 0 m 10 100 l S\n",
		"[4 3] 0 d 0 0 m 100 100 l S\n",
		"/F2 20 Tf 1 0 0 -1 37.78 50 Tm (\\(7\\)) Tj", // centred: 3 bold glyphs of 333, 556, 333 at 20
		"q 0.5 0 0 0.5 0 0 cm\n",                      // the nested svg
		"(Sudoku \x96 4\xd74) Tj",                     // WinAnsi
	} {
		if !strings.Contains(first, want) {
			t.Errorf("page 1 lacks %q:\n%s", want, first)
		}
	}
	if strings.Contains(first, "no drawing") {
		t.Error("a title was drawn")
	}
	if q, qq := strings.Count(first, "q "), strings.Count(first, "Q\n"); q != qq {
		t.Errorf("%d q and %d Q: the graphics states do not balance", q, qq)
	}
	if !bytes.Contains(doc, []byte("/Title <FEFF005300750064006F006B0075002020130020003400D70034>")) {
		t.Error("no title in the document information")
	}
}

func TestPDFErrors(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ page, want string }{
		{`<svg viewBox="0 0 10 10"><path d="M0 0C1 1 2 2 3 3"/></svg>`, `command "C"`},
		{`<svg viewBox="0 0 10 10"><path d="M0"/></svg>`, "a number is missing"},
		{`<svg viewBox="0 0 10 10"><g transform="rotate(45)"/></svg>`, "translate"},
		{`<svg><rect/></svg>`, "viewBox"},
		{`<svg viewBox="0 0 10 10"><rect>`, "unexpected EOF"},
		{`<g/>`, "no svg element"},
	} {
		_, err := PDF(context.Background(), "x", [][]byte{[]byte(tc.page)})
		if err == nil || !strings.Contains(err.Error(), tc.want) || !strings.Contains(err.Error(), "page 1") {
			t.Errorf("%s: error %v, want one about %q on page 1", tc.page, err, tc.want)
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := PDF(ctx, "x", Pages(A4, Sheet{Items: items(1), PerPage: 1})); err != context.Canceled {
		t.Errorf("cancelled: %v", err)
	}
}

// TestPDFTools has qpdf and pdfinfo (poppler) check a document, when they
// are installed.
func TestPDFTools(t *testing.T) {
	t.Parallel()
	pages := Pages(Letter, Sheet{Title: "Check", Note: "a note", Items: items(9), PerPage: 4})
	doc, err := PDF(context.Background(), "Check", pages)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "sheet.pdf")
	if err := os.WriteFile(path, doc, 0o644); err != nil {
		t.Fatal(err)
	}
	ran := false
	if qpdf, err := exec.LookPath("qpdf"); err == nil {
		ran = true
		if out, err := exec.Command(qpdf, "--check", path).CombinedOutput(); err != nil || !strings.Contains(string(out), "No syntax or stream encoding errors") {
			t.Errorf("qpdf --check: %v\n%s", err, out)
		}
	}
	if pdfinfo, err := exec.LookPath("pdfinfo"); err == nil {
		ran = true
		out, err := exec.Command(pdfinfo, path).CombinedOutput()
		if err != nil || !regexp.MustCompile(`Pages:\s+3\n`).Match(out) || !strings.Contains(string(out), "612 x 792 pts (letter)") {
			t.Errorf("pdfinfo: %v\n%s", err, out)
		}
	}
	if !ran {
		t.Skip("neither qpdf nor pdfinfo is installed")
	}
}
