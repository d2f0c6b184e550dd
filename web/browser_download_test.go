package web

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"encoding/xml"
	"fmt"
	"image/png"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	cdpbrowser "github.com/chromedp/cdproto/browser"
	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/puzzlesolvers/puzzle/nonogram"
	"github.com/puzzlesolvers/puzzle/sliding"
)

// svgNode is an element of a downloaded SVG document, read with
// encoding/xml: the page's files are checked by a parser of their own.
type svgNode struct {
	XMLName xml.Name
	Attrs   []xml.Attr `xml:",any,attr"`
	Text    string     `xml:",chardata"`
	Kids    []svgNode  `xml:",any"`
}

// attr returns the value of an attribute, "" when absent.
func (n *svgNode) attr(name string) string {
	for _, a := range n.Attrs {
		if a.Name.Local == name {
			return a.Value
		}
	}
	return ""
}

// all returns the elements under n (n included), in document order, whose
// class attribute holds every one of the words of class.
func (n *svgNode) all(class string) []*svgNode {
	var out []*svgNode
	var walk func(m *svgNode)
	walk = func(m *svgNode) {
		have := strings.Fields(m.attr("class"))
		ok := true
		for _, w := range strings.Fields(class) {
			ok = ok && slices.Contains(have, w)
		}
		if ok {
			out = append(out, m)
		}
		for i := range m.Kids {
			walk(&m.Kids[i])
		}
	}
	walk(n)
	return out
}

// texts returns the text of each element.
func texts(ns []*svgNode) []string {
	out := make([]string, len(ns))
	for i, n := range ns {
		out[i] = strings.TrimSpace(n.Text)
		if out[i] == "" && len(n.Kids) > 0 { // a <g> around a <text>
			for _, k := range n.Kids {
				out[i] += strings.TrimSpace(k.Text)
			}
		}
	}
	return out
}

// downloaded is a file the page made.
type downloaded struct {
	Name, Type string
	Data       []byte
	svg        *svgNode // its document, for an SVG
}

// denyDownloads stops the browser from saving files: the test reads them
// from the page (Puzzle.download.last) instead.
func denyDownloads(ctx context.Context, t *chromedp.Target) error {
	_, err := cdp.Call(ctx, t, cdpbrowser.SetDownloadBehavior, cdpbrowser.SetDownloadBehaviorParams{Behavior: cdpbrowser.SetDownloadBehaviorBehaviorDeny})
	return err
}

// download presses a download button of family's tab ("puzzle" or
// "solution", "svg" or "png") and returns the file the page made, which
// it checks: the name it asked for; an SVG that DOMParser and
// encoding/xml both read, black on white, with a title, a viewBox and its
// size in px; a PNG of twice the SVG's size (svgOf gives the sheet's SVG).
func download(t *testing.T, ctx context.Context, family, which, format, wantName string, svgOf *downloaded) downloaded {
	t.Helper()
	act(t, ctx,
		chromedp.Click(id(family+"-download-"+which+"-"+format)),
		chromedp.WaitVisible(css("#"+family+"-download[data-last]")),
	)
	if last := eval[string](t, ctx, `document.getElementById("`+family+`-download").dataset.last`); last != wantName {
		t.Fatalf("%s %s %s: the page made %q (%s), want %q", family, which, format, last, text(t, ctx, "#"+family+"-download-status"), wantName)
	}
	var f struct{ Name, Type, Data, ParseError string }
	v, err := chromedp.Run(ctx, chromedp.Evaluate[json.RawMessage](`(async () => {
		const l = Puzzle.download.last;
		const b = new Uint8Array(await l.blob.arrayBuffer());
		let s = "";
		for (const x of b) s += String.fromCharCode(x);
		const err = l.type === "image/svg+xml" ? new DOMParser().parseFromString(l.text, "image/svg+xml").querySelector("parsererror") : null;
		return {name: l.name, type: l.type, data: btoa(s), parseError: err ? err.textContent : ""};
	})()`, chromedp.EvalAwaitPromise))
	if err == nil {
		err = json.Unmarshal(v, &f)
	}
	if err != nil {
		t.Fatalf("reading %s: %v", wantName, err)
	}
	d := downloaded{Name: f.Name, Type: f.Type}
	if d.Data, err = base64.StdEncoding.DecodeString(f.Data); err != nil {
		t.Fatal(err)
	}
	if d.Name != wantName {
		t.Fatalf("last file %q, want %q", d.Name, wantName)
	}
	switch format {
	case "svg":
		if d.Type != "image/svg+xml" || f.ParseError != "" {
			t.Fatalf("%s: type %q, DOMParser: %s", d.Name, d.Type, f.ParseError)
		}
		d.svg = &svgNode{}
		if err := xml.Unmarshal(d.Data, d.svg); err != nil {
			t.Fatalf("%s: %v\n%s", d.Name, err, d.Data)
		}
		root := d.svg
		w, h := root.attr("width"), root.attr("height")
		if root.XMLName.Local != "svg" || root.XMLName.Space != "http://www.w3.org/2000/svg" || root.attr("viewBox") != "0 0 "+w+" "+h {
			t.Errorf("%s: root %v, width %q, height %q, viewBox %q", d.Name, root.XMLName, w, h, root.attr("viewBox"))
		}
		page := root.all("page")
		if len(page) != 1 || page[0].attr("fill") != "#fff" || !strings.Contains(root.attr("font-family"), "Arial") {
			t.Errorf("%s: no white page, or font %q", d.Name, root.attr("font-family"))
		}
		if len(root.Kids) == 0 || root.Kids[0].XMLName.Local != "title" || root.Kids[0].Text == "" || len(root.all("title")) != 1 {
			t.Errorf("%s: no <title> first, or no title shown", d.Name)
		}
	case "png":
		cfg, err := png.DecodeConfig(bytes.NewReader(d.Data))
		if d.Type != "image/png" || !bytes.HasPrefix(d.Data, []byte("\x89PNG\r\n\x1a\n")) || err != nil {
			t.Fatalf("%s: type %q, %d bytes starting %q: %v", d.Name, d.Type, len(d.Data), d.Data[:min(8, len(d.Data))], err)
		}
		w, _ := strconv.Atoi(svgOf.svg.attr("width"))
		h, _ := strconv.Atoi(svgOf.svg.attr("height"))
		if cfg.Width != 2*w || cfg.Height != 2*h {
			t.Errorf("%s: %d×%d px, want twice the SVG's %d×%d", d.Name, cfg.Width, cfg.Height, w, h)
		}
	}
	return d
}

// keep writes a file the page made into the screenshot directory and,
// for an SVG, a screenshot of it drawn by the browser in a tab of its own.
func keep(t *testing.T, ctx context.Context, dir string, f downloaded) {
	t.Helper()
	if err := os.WriteFile(filepath.Join(dir, "download-"+f.Name), f.Data, 0o644); err != nil {
		t.Fatal(err)
	}
	if f.svg == nil {
		return
	}
	w, _ := strconv.ParseInt(f.svg.attr("width"), 10, 64)
	h, _ := strconv.ParseInt(f.svg.attr("height"), 10, 64)
	tab, cancel := chromedp.NewContext(ctx)
	defer cancel()
	act(t, tab,
		chromedp.EmulateViewport(w, h),
		chromedp.Navigate("data:image/svg+xml;base64,"+base64.StdEncoding.EncodeToString(f.Data)),
	)
	screenshot(t, tab, dir, "download-"+strings.TrimSuffix(f.Name, ".svg")+"-svg.png")
}

// TestBrowserDownload presses every tab's download buttons and reads the
// files made: each SVG holds the puzzle shown (cells, givens, clues,
// tiles, queens), each solution SVG the solution the API finds, and each
// PNG is that SVG drawn at twice its size.
func TestBrowserDownload(t *testing.T) {
	bctx := browser(t)
	watchErrors(t, bctx)
	ts := httptest.NewServer(newTestServer(t, Config{}))
	defer ts.Close()
	dir := screenshotDir(t)
	shots := os.Getenv("PUZZLE_SCREENSHOTS") != ""
	act(t, bctx, chromedp.Func(denyDownloads))
	tab := func(t *testing.T) context.Context {
		ctx, cancel := chromedp.NewContext(bctx)
		t.Cleanup(cancel)
		return ctx
	}
	// post asks the API, as the page does, and decodes its answer.
	post := func(t *testing.T, path, body string, out any) {
		t.Helper()
		resp, err := http.Post(ts.URL+path, "text/plain", strings.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		if err := json.NewDecoder(resp.Body).Decode(out); err != nil {
			t.Fatal(err)
		}
	}

	t.Run("sudoku", func(t *testing.T) {
		ctx := tab(t)
		p := parseSudoku(t, sudokuClassic)
		act(t, ctx,
			chromedp.Navigate(ts.URL+"/#sudoku"),
			chromedp.WaitVisible(css("#sudoku-grid .cell")),
			chromedp.Click(css("#tab-sudoku details.import summary")),
			chromedp.SetValue(id("sudoku-text"), sudokuClassic),
			chromedp.Click(id("sudoku-load")),
		)
		puzzle := download(t, ctx, "sudoku", "puzzle", "svg", "sudoku-9x9-puzzle.svg", nil)
		cells := puzzle.svg.all("cell")
		givens := texts(puzzle.svg.all("given"))
		if len(cells) != 81 || len(givens) != p.Givens() || len(puzzle.svg.all("solved")) != 0 {
			t.Errorf("puzzle: %d cells, %d givens, want 81 and %d, and no solved digit", len(cells), len(givens), p.Givens())
		}
		var want []string
		for _, ch := range sudokuClassic {
			if ch != '.' {
				want = append(want, string(ch))
			}
		}
		if !slices.Equal(givens, want) {
			t.Errorf("puzzle: givens %v, want %v", givens, want)
		}
		download(t, ctx, "sudoku", "puzzle", "png", "sudoku-9x9-puzzle.png", &puzzle)

		// The solution: every cell has its digit, the givens bold and black,
		// the others grey, and the digits are the API's solution.
		sol := download(t, ctx, "sudoku", "solution", "svg", "sudoku-9x9-solution.svg", nil)
		var rec struct {
			Status   string
			Solution [][]int
		}
		post(t, "/api/sudoku/solve", sudokuClassic, &rec)
		var all []string
		for _, row := range rec.Solution {
			for _, v := range row {
				all = append(all, fmt.Sprint(v))
			}
		}
		digits := sol.svg.all("digits")[0]
		var drawn []string
		for _, k := range digits.Kids {
			drawn = append(drawn, strings.TrimSpace(k.Text))
		}
		if rec.Status != "unique" || !slices.Equal(drawn, all) {
			t.Errorf("solution drawn %v, the API's (%s) %v", drawn, rec.Status, all)
		}
		solved := sol.svg.all("solved")
		if len(solved) != 81-p.Givens() || solved[0].attr("fill") == sol.svg.all("given")[0].attr("fill") {
			t.Errorf("solution: %d solved digits (want %d), fill %q like the givens'", len(solved), 81-p.Givens(), solved[0].attr("fill"))
		}
		png := download(t, ctx, "sudoku", "solution", "png", "sudoku-9x9-solution.png", &sol)
		if shots {
			keep(t, ctx, dir, sol)
			keep(t, ctx, dir, png)
		}

		// Givens with several solutions: both sheets outline exactly the
		// undecided cells the API gives, and the solution is one of them.
		several := "12..34.." + strings.Repeat(".", 8)
		act(t, ctx,
			chromedp.SetValue(id("sudoku-text"), several),
			chromedp.Click(id("sudoku-load")),
		)
		var und struct {
			Status    string
			Undecided []struct{ Row, Col int }
		}
		post(t, "/api/sudoku/solve?undecided=true", several, &und)
		var wantAt []string
		for _, c := range und.Undecided {
			wantAt = append(wantAt, fmt.Sprint(c.Row*4+c.Col))
		}
		if und.Status != "multiple" || len(wantAt) == 0 || len(wantAt) == 16 {
			t.Fatalf("%s: %s with %d undecided cells, want several solutions differing in some cells only", several, und.Status, len(wantAt))
		}
		outlined := func(d downloaded) []string {
			var at []string
			for _, r := range d.svg.all("undecided") {
				x, _ := strconv.ParseFloat(r.attr("x"), 64)
				y, _ := strconv.ParseFloat(r.attr("y"), 64)
				w, _ := strconv.ParseFloat(r.attr("width"), 64)
				c := w + 5 // the outline is inset by 2.5 on each side
				at = append(at, fmt.Sprint(int(y/c)*4+int(x/c)))
			}
			return at
		}
		small := download(t, ctx, "sudoku", "puzzle", "svg", "sudoku-4x4-puzzle.svg", nil)
		if n := len(small.svg.all("cell")); n != 16 {
			t.Errorf("4×4 puzzle: %d cells", n)
		}
		if got := outlined(small); !slices.Equal(got, wantAt) {
			t.Errorf("4×4 puzzle: undecided cells outlined %v, the API's %v", got, wantAt)
		}
		one := download(t, ctx, "sudoku", "solution", "svg", "sudoku-4x4-solution.svg", nil)
		if got := outlined(one); !slices.Equal(got, wantAt) {
			t.Errorf("4×4 solution: undecided cells outlined %v, the API's %v", got, wantAt)
		}
		if title := one.svg.all("title")[0].Text; !strings.Contains(title, "one of several solutions") {
			t.Errorf("4×4 solution titled %q", title)
		}
		if shots {
			keep(t, ctx, dir, download(t, ctx, "sudoku", "solution", "png", "sudoku-4x4-solution.png", &one))
		}
	})

	// nonogramSheets checks the puzzle and solution SVGs of the puzzle p
	// the nonogram tab shows against p and its only picture g.
	nonogramSheets := func(t *testing.T, ctx context.Context, p *nonogram.Puzzle, g *nonogram.Grid) (puzzle, solution downloaded) {
		t.Helper()
		size := fmt.Sprintf("%dx%d", len(p.Rows), len(p.Cols))
		clueTexts := 0
		for _, l := range append(slices.Clone(p.Rows), p.Cols...) {
			clueTexts += max(1, len(l))
		}
		puzzle = download(t, ctx, "nonogram", "puzzle", "svg", "nonogram-"+size+"-puzzle.svg", nil)
		if cells, clues, filled := len(puzzle.svg.all("cell")), len(puzzle.svg.all("clue")), len(puzzle.svg.all("cell filled")); cells != g.Width*g.Height || clues != clueTexts || filled != 0 {
			t.Errorf("puzzle: %d cells, %d clue numbers, %d filled; want %d, %d, 0", cells, clues, filled, g.Width*g.Height, clueTexts)
		}
		var firstRow []string
		for _, n := range p.Rows[0] {
			firstRow = append(firstRow, fmt.Sprint(n))
		}
		if got := texts(puzzle.svg.all("clue")[:len(firstRow)]); !slices.Equal(got, firstRow) {
			t.Errorf("first row clue drawn %v, want %v", got, firstRow)
		}
		download(t, ctx, "nonogram", "puzzle", "png", "nonogram-"+size+"-puzzle.png", &puzzle)
		solution = download(t, ctx, "nonogram", "solution", "svg", "nonogram-"+size+"-solution.svg", nil)
		cells := solution.svg.all("cell")
		if len(cells) != g.Width*g.Height || len(solution.svg.all("clue")) != clueTexts {
			t.Fatalf("solution: %d cells, %d clues", len(cells), len(solution.svg.all("clue")))
		}
		for i, c := range cells {
			r, col := i/g.Width, i%g.Width
			filled := strings.Contains(c.attr("class"), "filled")
			want := ""
			if g.Colors != nil && g.At(r, col) {
				want = strings.ToLower(p.Colors[g.ColorAt(r, col)].RGB)
			} else if g.At(r, col) {
				want = "000000"
			}
			if filled != g.At(r, col) || strings.ToLower(c.attr("data-color")) != want {
				t.Errorf("r%dc%d drawn filled %v colour %q, the picture has %v %q", r+1, col+1, filled, c.attr("data-color"), g.At(r, col), want)
			}
		}
		download(t, ctx, "nonogram", "solution", "png", "nonogram-"+size+"-solution.png", &solution)
		return puzzle, solution
	}

	t.Run("nonogram", func(t *testing.T) {
		ctx := tab(t)
		act(t, ctx,
			chromedp.Navigate(ts.URL+"/#nonogram"),
			chromedp.WaitVisible(id("nonogram-text")),
		)
		// Nothing on the board yet: nothing to download, and the buttons say why.
		if why := eval[string](t, ctx, `(b => b.disabled ? b.title : "")(document.getElementById("nonogram-download-puzzle-svg"))`); !strings.HasPrefix(why, "Solve a puzzle first") {
			t.Errorf("before a solve: puzzle button title %q", why)
		}
		duck, err := os.ReadFile("../examples/nonogram/duck.txt")
		if err != nil {
			t.Skipf("no example: %v", err)
		}
		act(t, ctx,
			chromedp.SetValue(id("nonogram-speed"), "instant"),
			chromedp.SetValue(id("nonogram-text"), string(duck)),
			chromedp.Click(id("nonogram-solve")),
			chromedp.WaitVisible(css(`#nonogram-svg[data-state="done"]`)),
		)
		p := parseNonogram(t, string(duck))
		var rec struct {
			Status   string
			Solution []string
		}
		post(t, "/api/nonogram/solve", string(duck), &rec)
		g := nonogram.NewGrid(len(p.Cols), len(p.Rows))
		for r, row := range rec.Solution {
			for c, ch := range row {
				g.Set(r, c, ch == '#')
			}
		}
		if rec.Status != "unique" {
			t.Fatalf("duck: %s", rec.Status)
		}
		_, sol := nonogramSheets(t, ctx, p, g)
		if shots {
			keep(t, ctx, dir, sol)
		}

		// Several pictures: no solution to download.
		rocket := "14 12\n2\n4\n1 1\n1 1\n4\n6\n2 2\n2 2\n8\n3 2 3\n2 2 2\n2\n1 1\n1 1\n1\n2\n2\n5 1\n8 1\n2 2 4\n2 2 4\n8 1\n5 1\n2\n2\n1\n"
		act(t, ctx,
			chromedp.SetValue(id("nonogram-text"), rocket),
			chromedp.Click(id("nonogram-solve")),
			chromedp.WaitVisible(css(`#nonogram-svg[data-state="done"]`)),
		)
		if why := eval[string](t, ctx, `(b => b.disabled ? b.title : "")(document.getElementById("nonogram-download-solution-png"))`); !strings.HasPrefix(why, "Several pictures") {
			t.Errorf("several pictures: solution button title %q", why)
		}
		download(t, ctx, "nonogram", "puzzle", "svg", "nonogram-14x12-puzzle.svg", nil)
	})

	t.Run("nonogram colour", func(t *testing.T) {
		ctx := tab(t)
		src := solveColourExample(t, ctx, ts.URL)
		p := parseNonogram(t, string(src))
		var rec struct {
			Status   string
			Solution []string
			Colors   []struct{ Char, RGB string }
		}
		post(t, "/api/nonogram/solve", string(src), &rec)
		g := nonogram.NewGrid(len(p.Cols), len(p.Rows))
		g.Colors = make([]uint8, len(g.Cells))
		for r, row := range rec.Solution {
			for c, ch := range row {
				k := slices.IndexFunc(rec.Colors, func(x struct{ Char, RGB string }) bool { return x.Char == string(ch) })
				g.Set(r, c, k > 0)
				g.Colors[r*g.Width+c] = uint8(max(k, 0))
			}
		}
		_, sol := nonogramSheets(t, ctx, p, g)
		if shots {
			keep(t, ctx, dir, sol)
		}
	})

	t.Run("sliding", func(t *testing.T) {
		ctx := tab(t)
		act(t, ctx,
			chromedp.Navigate(ts.URL+"/#sliding"),
			chromedp.WaitVisible(css("#sliding-board .tile")),
			chromedp.SetValue(id("sliding-size"), "3x4"),
			chromedp.SetValue(id("sliding-seed"), "7"),
			chromedp.Click(id("sliding-shuffle")),
			chromedp.Poll[chromedp.Void](`document.getElementById("sliding-board").dataset.tiles.split(" ").length === 12`, chromedp.WithPollingTimeout(20*time.Second)),
		)
		start := eval[string](t, ctx, `document.getElementById("sliding-board").dataset.tiles`)
		// Moves played do not change the puzzle: its start.
		act(t, ctx, chromedp.SendKeys(id("sliding-board"), kb.ArrowLeft+kb.ArrowUp+kb.ArrowRight+kb.ArrowDown))
		if moved := eval[string](t, ctx, `document.getElementById("sliding-board").dataset.moves`); moved == "0" {
			t.Fatalf("no move played")
		}
		puzzle := download(t, ctx, "sliding", "puzzle", "svg", "sliding-3x4-puzzle.svg", nil)
		tiles := puzzle.svg.all("tile")
		var drawn []string
		for _, tl := range tiles {
			drawn = append(drawn, tl.attr("data-tile"))
		}
		want := slices.DeleteFunc(strings.Fields(start), func(s string) bool { return s == "0" })
		if !slices.Equal(drawn, want) || !slices.Equal(texts(tiles), want) || len(puzzle.svg.all("blank")) != 1 {
			t.Errorf("puzzle: tiles %v (numbers %v), want %v and one blank", drawn, texts(tiles), want)
		}
		download(t, ctx, "sliding", "puzzle", "png", "sliding-3x4-puzzle.png", &puzzle)

		// The solution: the goal, and the moves the API finds from the
		// start, which reach it.
		sol := download(t, ctx, "sliding", "solution", "svg", "sliding-3x4-solution.svg", nil)
		if got := texts(sol.svg.all("tile")); strings.Join(got, " ") != "1 2 3 4 5 6 7 8 9 10 11" {
			t.Errorf("solution: tiles %v, want the goal", got)
		}
		moves := strings.ReplaceAll(strings.Join(texts(sol.svg.all("moves")), ""), " ", "")
		var rec struct {
			Status string
			Moves  string
		}
		board := ""
		f := strings.Fields(start)
		for r := range 3 {
			board += strings.Join(f[r*4:r*4+4], " ") + "\n"
		}
		post(t, "/api/sliding/solve?algo=auto", board, &rec)
		ms, err := sliding.ParseMoves(moves)
		var tilesN []int
		for _, s := range f {
			v, _ := strconv.Atoi(s)
			tilesN = append(tilesN, v)
		}
		b, _ := sliding.NewBoard(3, 4, tilesN)
		if err != nil || rec.Status != "solved" || moves != rec.Moves || b.Check(ms, sliding.BlankLast) != nil {
			t.Errorf("solution moves %q (%v), the API's (%s) %q", moves, err, rec.Status, rec.Moves)
		}
		download(t, ctx, "sliding", "solution", "png", "sliding-3x4-solution.png", &sol)
		if shots {
			keep(t, ctx, dir, sol)
		}
	})

	t.Run("queens", func(t *testing.T) {
		ctx := tab(t)
		square := func(r, c int) chromedp.CSS { return css(fmt.Sprintf(`#queens-board [data-r="%d"][data-c="%d"]`, r, c)) }
		act(t, ctx,
			chromedp.Navigate(ts.URL+"/#queens"),
			chromedp.WaitVisible(square(0, 0)),
			chromedp.Click(square(0, 0)),
			chromedp.Click(square(4, 1)),
		)
		puzzle := download(t, ctx, "queens", "puzzle", "svg", "queens-8x8-puzzle.svg", nil)
		at := func(d downloaded, class string) []string {
			var out []string
			for _, q := range d.svg.all(class) {
				out = append(out, q.attr("data-row")+":"+q.attr("data-col"))
			}
			slices.Sort(out)
			return out
		}
		if q, sq := at(puzzle, "queen"), len(puzzle.svg.all("square")); strings.Join(q, " ") != "0:0 4:1" || sq != 64 {
			t.Errorf("puzzle: queens %v on %d squares, want 0:0 4:1 on 64", q, sq)
		}
		download(t, ctx, "queens", "puzzle", "png", "queens-8x8-puzzle.png", &puzzle)
		// The solution: the API's completion of the two queens.
		sol := download(t, ctx, "queens", "solution", "svg", "queens-8x8-solution.svg", nil)
		var rec struct {
			Status    string
			Solutions [][]struct{ Row, Col int }
		}
		post(t, "/api/queens/complete", "n 8\n0:0, 1:4\n", &rec)
		var want []string
		for _, q := range rec.Solutions[0] {
			want = append(want, fmt.Sprintf("%d:%d", q.Row, q.Col))
		}
		slices.Sort(want)
		if got := at(sol, "queen"); rec.Status != "solved" || !slices.Equal(got, want) || strings.Join(at(sol, "queen given"), " ") != "0:0 4:1" {
			t.Errorf("solution: queens %v (given %v), the API's (%s) %v", got, at(sol, "queen given"), rec.Status, want)
		}
		download(t, ctx, "queens", "solution", "png", "queens-8x8-solution.png", &sol)
		if shots {
			keep(t, ctx, dir, sol)
		}
		// Two queens that attack each other: no solution, and the page says why.
		act(t, ctx,
			chromedp.Click(square(1, 1)),
			chromedp.Click(id("queens-download-solution-svg")),
			chromedp.WaitVisible(css(`#queens-download[data-last="error"]`)),
		)
		if msg := text(t, ctx, "#queens-download-status"); !strings.HasPrefix(msg, "No solution to download: ") {
			t.Errorf("attacking queens: %q", msg)
		}
	})

	// At 390 px every tab's buttons fit without a sideways scroll, and
	// they work from the keyboard: Tab to one, Enter.
	t.Run("narrow and keyboard", func(t *testing.T) {
		ctx := tab(t)
		for _, family := range []string{"sudoku", "nonogram", "sliding", "queens"} {
			act(t, ctx,
				chromedp.EmulateViewport(390, 900),
				chromedp.Navigate(ts.URL+"/?narrow-"+family+"#"+family),
				chromedp.WaitVisible(id(family+"-download")),
			)
			checkNarrow(t, ctx, family)
			names := eval[[]string](t, ctx, `[...document.querySelectorAll("#`+family+`-download button")].map(b => b.getAttribute("aria-label"))`)
			if strings.Join(names, ", ") != "Download puzzle svg, Download puzzle png, Download solution svg, Download solution png" {
				t.Errorf("%s: buttons named %q", family, names)
			}
			if shots {
				act(t, ctx, chromedp.ScrollIntoView(id(family+"-download")))
				png, err := chromedp.Run(ctx, chromedp.Screenshot(css("#tab-"+family+" .side-col")))
				if err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(filepath.Join(dir, "download-390-"+family+".png"), png, 0o644); err != nil {
					t.Fatal(err)
				}
			}
		}
		act(t, ctx,
			chromedp.Focus(id("queens-download-puzzle-png")),
			chromedp.KeyEvent(kb.Enter),
			chromedp.WaitVisible(css(`#queens-download[data-last="queens-8x8-puzzle.png"]`)),
		)
		if focused := eval[string](t, ctx, `document.activeElement.id`); focused != "queens-download-puzzle-png" {
			t.Errorf("after the download the focus is on %q", focused)
		}
	})
}
