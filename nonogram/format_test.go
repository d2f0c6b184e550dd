package nonogram

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/puzzlesolvers/puzzle/internal/badinput"
	"github.com/puzzlesolvers/puzzle/internal/longtest"
)

// readEvery reads every record of rd: the puzzles, and the errors (a
// non-puzzle error is last).
func readEvery(t testing.TB, rd *Reader) ([]*Puzzle, []error) {
	t.Helper()
	var ps []*Puzzle
	var errs []error
	for range 100000 {
		p, err := rd.Next()
		switch {
		case err == io.EOF:
			return ps, errs
		case err != nil:
			errs = append(errs, err)
		default:
			ps = append(ps, p)
		}
	}
	t.Fatal("reader did not reach the end of its input")
	return nil, nil
}

func readFile(t testing.TB, path string, f Format) ([]*Puzzle, []error) {
	t.Helper()
	file, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer file.Close()
	return readEvery(t, NewReader(file, path, f))
}

func clues(cs [][]int) string {
	s := make([]string, len(cs))
	for i, c := range cs {
		s[i] = formatClue(c)
	}
	return strings.Join(s, "/")
}

// The hand-made files all hold the picture "##.#", "....", ".###" and,
// where the format allows more than one puzzle, a second one.
const (
	stepsRows = "2 1/0/3"
	stepsCols = "1/1 1/1/1 1"
	stepsGoal = "##.#\n....\n.###\n"
)

func TestReadFormats(t *testing.T) {
	t.Parallel()
	type want struct {
		name, rows, cols, goal string
		line                   int
	}
	steps := want{rows: stepsRows, cols: stepsCols}
	diagonal := want{name: "Diagonal", rows: "1/1", cols: "1/1"}
	named := func(w want, name string, line int) want { w.name, w.line = name, line; return w }
	withGoal := func(w want) want { w.goal = stepsGoal; return w }
	tests := []struct {
		file   string
		format Format
		want   []want
		meta   [3]string // author, copyright, license of the first puzzle
	}{
		{"plain.txt", FormatPlain, []want{named(steps, "", 5), named(diagonal, "", 15)}, [3]string{}},
		{"steps.nin", FormatNIN, []want{named(steps, "", 1)}, [3]string{}},
		{"steps.cwd", FormatCWD, []want{named(steps, "", 1)}, [3]string{}},
		{"steps.mk", FormatMK, []want{named(steps, "", 1)}, [3]string{}},
		{"picross.txt", FormatPicross, []want{named(steps, "Steps", 3), named(diagonal, "Diagonal", 14)}, [3]string{}},
		{"steps.non", FormatNON, []want{withGoal(named(steps, "Steps & stairs", 1)),
			{name: "Diagonal", rows: "1/1", cols: "1/1", goal: "#.\n.#\n", line: 22}},
			[3]string{"Zoë", "© 2025 nobody", "CC0-1.0"}},
		{"steps.xml", FormatXML, []want{withGoal(named(steps, "Steps & stairs", 6)), named(diagonal, "Diagonal", 32),
			{name: "Only a picture", rows: "1/2", cols: "2/1", goal: "#.\n##\n", line: 38}},
			[3]string{"Zoë", "© 2025 nobody", ""}},
		{"two.taai", FormatTAAI, []want{
			{name: "1", rows: "1/1/5/1/1", cols: "1/1/5/1/1", line: 1},
			{name: "2", rows: "1 1 1/0/5/0/1 1", cols: "1 1 1/1/1 1/1/1 1 1", line: 12}}, [3]string{}},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			t.Parallel()
			path := filepath.Join("testdata", "formats", tt.file)
			for _, detect := range []string{"by name", "by content"} {
				name := path
				if detect == "by content" {
					name = ""
				}
				b, err := os.ReadFile(path)
				if err != nil {
					t.Fatal(err)
				}
				rd := NewReader(bytes.NewReader(b), name, "")
				if rd.Format() != tt.format {
					t.Errorf("%s: format %q, want %q", detect, rd.Format(), tt.format)
				}
				ps, errs := readEvery(t, rd)
				if len(errs) > 0 || len(ps) != len(tt.want) {
					t.Fatalf("%s: %d puzzles, errors %v; want %d puzzles", detect, len(ps), errs, len(tt.want))
				}
				for i, p := range ps {
					w := tt.want[i]
					if p.Name != w.name || clues(p.Rows) != w.rows || clues(p.Cols) != w.cols || p.Line != w.line || p.File != name {
						t.Errorf("%s: puzzle %d is %q rows %s cols %s at %q:%d, want %q rows %s cols %s at line %d",
							detect, i+1, p.Name, clues(p.Rows), clues(p.Cols), p.File, p.Line, w.name, w.rows, w.cols, w.line)
					}
					switch {
					case w.goal == "" && p.Goal != nil:
						t.Errorf("%s: puzzle %d has a goal", detect, i+1)
					case w.goal != "" && (p.Goal == nil || p.Goal.String() != w.goal):
						t.Errorf("%s: puzzle %d goal %v, want\n%s", detect, i+1, p.Goal, w.goal)
					}
					if len(p.RowLine) > 0 && (len(p.RowLine) != p.Height() || len(p.ColLine) != p.Width()) {
						t.Errorf("%s: puzzle %d has %d row and %d column line numbers", detect, i+1, len(p.RowLine), len(p.ColLine))
					}
				}
				if got := [3]string{ps[0].Author, ps[0].Copyright, ps[0].License}; got != tt.meta {
					t.Errorf("%s: author, copyright, license %q, want %q", detect, got, tt.meta)
				}
			}
		})
	}
}

func TestClueLines(t *testing.T) {
	t.Parallel()
	for file, want := range map[string][2][]int{
		"plain.txt":   {{6, 7, 8}, {9, 10, 11, 12}},
		"steps.cwd":   {{3, 4, 5}, {7, 8, 9, 10}},
		"steps.mk":    {{2, 3, 4}, {6, 7, 8, 9}},
		"steps.non":   {{10, 11, 12}, {15, 16, 17, 18}},
		"steps.xml":   {{19, 20, 21}, {13, 14, 15, 16}},
		"picross.txt": {{5, 6, 7}, {9, 10, 11, 12}},
		"two.taai":    {{7, 8, 9, 10, 11}, {2, 3, 4, 5, 6}},
	} {
		ps, errs := readFile(t, filepath.Join("testdata", "formats", file), "")
		if len(errs) > 0 {
			t.Fatalf("%s: %v", file, errs)
		}
		if !slices.Equal(ps[0].RowLine, want[0]) || !slices.Equal(ps[0].ColLine, want[1]) {
			t.Errorf("%s: row lines %v, column lines %v, want %v", file, ps[0].RowLine, ps[0].ColLine, want)
		}
	}
}

func TestParseFormat(t *testing.T) {
	t.Parallel()
	for _, f := range Formats {
		if g, err := ParseFormat(strings.ToUpper(string(f))); err != nil || g != f {
			t.Errorf("ParseFormat(%q) = %q, %v", strings.ToUpper(string(f)), g, err)
		}
	}
	if _, err := ParseFormat("pdf"); err == nil || !strings.Contains(err.Error(), "plain, xml") {
		t.Errorf("ParseFormat(pdf) error %v, want the list of formats", err)
	}
	for name, want := range map[string]Format{
		"a.XML": FormatXML, "b.pbn": FormatXML, "c.non": FormatNON, "d.nonpack": FormatNON, "e.nin": FormatNIN,
		"f.cwd": FormatCWD, "g.mk": FormatMK, "h.taai": FormatTAAI, "i.txt": "", "j": "",
	} {
		if got := formatByName(name); got != want {
			t.Errorf("formatByName(%q) = %q, want %q", name, got, want)
		}
	}
}

func TestSniffFormat(t *testing.T) {
	t.Parallel()
	tests := []struct {
		in   string
		want Format
	}{
		{"  \n<?xml version=\"1.0\"?>", FormatXML},
		{"# c\n\n$1\n1\n1\n", FormatTAAI},
		{"1\t1\t2\n3\n", FormatTAAI},
		{"GRID x\n", FormatPicross},
		{"# comment\nROWS\n", FormatPicross},
		{"[ 1 ]\n", FormatPicross},
		{"title \"x\"\nwidth 3\n", FormatNON},
		{"Width\t3\n", FormatNON},
		{"3 4\n2 1\n0\n3\n1\n1 1\n1\n1 1\n", FormatPlain},
		{"2 2\n1\n#\n1\n1\n", FormatPlain}, // '#' is not after the two row clues
		{"2 2\n1\n1\n#\n1\n1\n", FormatMK},
		{"4 3\n2 1\n0\n3\n1\n1 1\n1\n1 1\n", FormatNIN},
		{"3 4\n1\n", FormatPlain}, // too short to tell: the default
		{"3\n4\n", FormatCWD},
		{"3\n\n4 4\n", ""},
		{"3\nx\n", ""},
		{"hello\n", ""},
		{"#only a comment\n", ""},
	}
	for _, tt := range tests {
		if got := sniffFormat([]byte(tt.in)); got != tt.want {
			t.Errorf("sniffFormat(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// records reads every record of input and describes each: "ok" for a
// puzzle, "LINE: message" for a puzzle error, "fatal: error" for others.
func records(t *testing.T, f Format, input string) []string {
	t.Helper()
	rd := NewReader(strings.NewReader(input), "t", f)
	var out []string
	for range 1000 {
		p, err := rd.Next()
		if err == io.EOF {
			return out
		}
		var se *SyntaxError
		var ce *ClueError
		switch {
		case err == nil:
			out = append(out, "ok "+p.Name)
		case errors.As(err, &se):
			if se.File != "t" || !strings.HasPrefix(err.Error(), fmt.Sprintf("nonogram: t:%d: ", se.Line)) {
				t.Errorf("error %q does not start with its file and line", err)
			}
			if f, line := se.Position(); f != se.File || line != se.Line {
				t.Errorf("Position() = %q, %d; want %q, %d", f, line, se.File, se.Line)
			}
			if !errors.As(err, &ce) {
				out = append(out, fmt.Sprintf("%d: %s", se.Line, se.Msg))
				break
			}
			// A clue that cannot be right: the *ClueError is the cause,
			// at the same place.
			if ce.File != se.File || ce.Line != se.Line || !strings.HasSuffix(se.Msg, ce.Msg) || se.Unwrap() != ce {
				t.Errorf("syntax error %+v wraps clue error %+v", se, ce)
			}
			out = append(out, fmt.Sprintf("%d: %s (clue error)", se.Line, se.Msg))
		default:
			out = append(out, "fatal: "+err.Error())
		}
	}
	t.Fatal("reader did not reach the end of its input")
	return nil
}

func TestReadErrors(t *testing.T) {
	t.Parallel()
	many := func(n int, s string) string { return strings.Repeat(s, n) }
	xmlPuzzle := func(body string) string {
		return "<puzzleset>\n<puzzle>\n" + body + "\n</puzzle>\n<puzzle><title>next</title>" +
			"<clues type=\"rows\"><line><count>1</count></line></clues>" +
			"<clues type=\"columns\"><line><count>1</count></line></clues></puzzle>\n</puzzleset>\n"
	}
	const xmlRows = "<clues type=\"rows\"><line><count>1</count></line></clues>"
	const xmlCols = "<clues type=\"columns\"><line><count>1</count></line></clues>"
	const xmlRowsCols = "<puzzleset><puzzle>" + xmlRows + xmlCols + "</puzzle></puzzleset>"
	tests := []struct {
		name   string
		format Format
		input  string
		want   []string // "ok NAME" or "LINE: part of the message"
	}{
		// Detection.
		{"unknown format", "", "hello\n1 2\n", []string{"1: cannot tell the format"}},
		{"empty input", "", " \n\n", nil},
		{"only comments", "", "\ufeff# a\n\n  # b\n", nil},
		{"bad format name", "pdf", "1 1\n1\n1\n", []string{"fatal: nonogram: unknown format \"pdf\""}},
		{"format name in capitals", "XML", xmlRowsCols, []string{"ok "}},

		// Clues, in every counted format.
		{"plain not a number", FormatPlain, "2 2\n1\n2 x\n1\n1\n1 1\n1\n1\n",
			[]string{`3: row 2 clue "2 x": "x" is not a number`, "ok "}},
		{"plain negative", FormatPlain, "1 1\n-1\n1\n", []string{`2: row 1 clue "-1": "-1" is not a number`}},
		{"plain colour", FormatPlain, "1 1\n1\n1a\n", []string{`3: column 1 clue "1a": "1a" has a colour, which this format cannot give (webpbn XML and .non can)`}},
		{"plain too large", FormatPlain, "1 1\n1234567890\n1\n", []string{`2: row 1 clue "1234567890": "1234567890" is too large`}},
		{"plain longer than any line", FormatPlain, "1 1\n5000\n1\n", []string{`2: row 1 clue "5000": run length 5000 is longer than any line (at most 4096)`}},
		{"plain too many runs", FormatPlain, "1 1\n" + many(2049, "1 ") + "\n1\n", []string{`2: row 1 clue "1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 "...: has 2049 numbers, more than fit in any line`}},
		{"plain truncated", FormatPlain, "2 2\n1\n1\n1\n", []string{"4: input ends after 1 of 2 column clues"}},
		{"plain truncated after bad clue", FormatPlain, "2 2\nx\n", []string{`2: row 1 clue "x": "x" is not a number`}},
		{"plain bad header", FormatPlain, "x y\n1\n1\n1 1\n1\n1\n", []string{`1: header "x y": want "ROWS COLS"`}},
		{"plain zero height", FormatPlain, "0 3\n", []string{"1: height 0 is out of range 1..4096"}},
		{"plain huge width", FormatPlain, "3 5000\n", []string{"1: width 5000 is out of range 1..4096"}},
		{"plain clue too long", FormatPlain, "2 2\n3\n0\n1\n1\n\n1 1\n1\n1\n",
			[]string{"2: row 1 clue 3 needs 3 cells, the row has 2 (clue error)", "ok "}},
		{"plain sums differ", FormatPlain, "# a comment\n2 2\n1\n1\n1\n0\n", []string{"2: rows fill 2 cells but columns fill 1 (clue error)"}},
		{"plain zero run", FormatPlain, "1 3\n1 0 1\n1\n0\n1\n", []string{"2: row 1 clue 1 0 1: run length 0 is not positive (clue error)"}},
		{"nin bad header", FormatNIN, "5\n", []string{`1: header "5": want "WIDTH HEIGHT"`}},
		{"nin one puzzle", FormatNIN, "1 1\n1\n1\n1 1\n1\n1\n", []string{"ok "}},
		{"nin bad clue ends", FormatNIN, "1 1\nx\n1\n1 1\n1\n1\n", []string{`2: row 1 clue "x": "x" is not a number`}},
		{"nin column too long", FormatNIN, "2 1\n1\n1\n1 1\n", []string{"4: column 2 clue 1 1 needs 3 cells, the column has 1 (clue error)"}},
		{"cwd no width", FormatCWD, "3\n", []string{"1: input ends after the height, want the width"}},
		{"cwd two widths", FormatCWD, "3\n4 5\n", []string{`2: width "4 5": want one number`}},
		{"cwd zero width", FormatCWD, "2\n0\n", []string{"2: width 0 is out of range 1..4096"}},
		{"cwd bad header", FormatCWD, "1 2\n", []string{`1: header "1 2": want the height`}},
		{"cwd no blank line", FormatCWD, "1\n1\n1\n1\n", []string{"ok "}},
		{"mk no separator", FormatMK, "1 1\n1\n1\n", []string{`3: found "1" after the 1 row clues, want a line '#'`}},
		{"mk early separator", FormatMK, "2 1\n1\n#\n1\n", []string{"3: found '#' after 1 of 2 row clues"}},
		{"mk truncated", FormatMK, "1 1\n1\n", []string{"2: input ends after the row clues, want a line '#' and 1 column clues"}},
		{"mk bad header", FormatMK, "#d\nx\n", []string{`2: header "x": want "HEIGHT WIDTH"`}},

		// .non
		{"non bad width", FormatNON, "width x\nheight 1\n====\nwidth 1\nheight 1\nrows\n1\ncolumns\n1\n",
			[]string{`1: width "x": want a number`, "ok "}},
		{"non zero height", FormatNON, "height 0\n", []string{"1: height 0 is out of range 1..4096"}},
		{"non rows N", FormatNON, "rows 5000\n", []string{"1: height 5000 is out of range 1..4096"}},
		{"non rows x", FormatNON, "rows x\n", []string{`1: rows "x": want a number`}},
		{"non contradiction", FormatNON, "width 2\nwidth 3\n", []string{"2: width 3 contradicts the width 2 given before"}},
		{"non rows before height", FormatNON, "width 1\nrows\n1\n", []string{"2: rows before the height"}},
		{"non rows twice", FormatNON, "width 1\nheight 1\nrows\n1\nrows\n1\ncolumns\n1\n", []string{"5: rows given twice"}},
		{"non goal twice", FormatNON, "width 1\nheight 1\nrows\n1\ncolumns\n1\ngoal 1\ngoal 1\n", []string{"8: goal given twice"}},
		{"non rows truncated", FormatNON, "width 1\nheight 2\nrows\n1\n", []string{"4: input ends after 1 of 2 row clues"}},
		{"non rows cut by key", FormatNON, "width 1\nheight 2\nrows\n1\ncolumns\n1\n", []string{`5: found "columns" after 1 of 2 row clues`}},
		{"non rows cut by divider", FormatNON, "width 1\nheight 2\nrows\n1\n====\nwidth 1\nheight 1\nrows\n1\ncolumns\n1\n",
			[]string{`5: found "====" after 1 of 2 row clues`, "ok "}},
		{"non bad clue", FormatNON, "width 2\nheight 1\nrows\n1,x\ncolumns\n1\n0\n", []string{`4: row 1 clue "1,x": "x" is not a number`}},
		{"non colour clue", FormatNON, "color a #ff0000\nwidth 1\nheight 1\nrows\n1a\ncolumns\n1a\n", []string{"ok "}},
		{"non colour twice", FormatNON, "color a #ff0000\ncolor a #00ff00\nwidth 1\nheight 1\nrows\n1a\ncolumns\n1a\n", []string{`2: colour "a" declared twice`}},
		{"non colour bad", FormatNON, "color 7 #ff0000\nwidth 1\nheight 1\nrows\n1\ncolumns\n1\n", []string{`1: color "7 #ff0000": want a letter, then a colour such as #ff0000`}},
		{"non colour goal", FormatNON, "width 2\nheight 1\nrows\n1a 1b\ncolumns\n1a\n1b\ngoal \"ac\"\n", []string{`8: goal: cell 2 is 'c', not 0, 1 or a colour of the clues`}},
		{"non no rows", FormatNON, "\nwidth 1\nheight 1\ncolumns\n1\n", []string{`2: no row clues`}},
		{"non no columns", FormatNON, "width 1\nheight 1\nrows\n1\n", []string{`1: no column clues`}},
		{"non goal colour", FormatNON, "width 2\nheight 1\nrows\n2\ncolumns\n1\n1\ngoal \"1a\"\n", []string{`8: goal: cell 2 is 'a', a colour, but the clues have no colours`}},
		{"non goal junk", FormatNON, "width 2\nheight 1\nrows\n2\ncolumns\n1\n1\ngoal 1*\n", []string{`8: goal: cell 2 is '*', not 0 or 1`}},
		{"non goal size", FormatNON, "width 1\nheight 1\nrows\n1\ncolumns\n1\ngoal 101\n", []string{`7: goal: 3 cells, want 1×1 = 1`}},
		{"non clue too long", FormatNON, "width 1\nheight 1\nrows\n2\ncolumns\n1\n", []string{"4: row 1 clue 2 needs 2 cells, the row has 1 (clue error)"}},
		{"non goal is not a solution", FormatNON, "width 1\nheight 1\nrows\n1\ncolumns\n1\ngoal 0\n", []string{"ok "}},
		{"non Simpson sizes", FormatNON, "width 1\nrows 1\ncolumns 1\n\nrows\n1\ncolumns\n1\n", []string{"ok "}},
		{"non goal lines", FormatNON, "title \"open\nwidth 1\nheight 2\nrows\n1\n1\ncolumns\n2\ngoal\n1\n1\nby x\n", []string{"ok open"}},
		{"non empty sections", FormatNON, "====\n\n====\nwidth 1\nheight 1\nrows\n\ncolumns\n0\n====\n", []string{"ok "}},

		// XML
		{"xml malformed", FormatXML, "<puzzleset>\n<puzzle>\n</puzzleset>\n", []string{"3: XML: element <puzzle> closed by </puzzleset>"}},
		{"xml truncated", FormatXML, "<puzzleset><puzzle>\n<title>x", []string{"2: XML: unexpected EOF"}},
		{"xml encoding", FormatXML, "<?xml version=\"1.0\" encoding=\"KOI8-R\"?>\n<puzzleset/>\n", []string{`1: XML: xml: opening charset "KOI8-R": encoding "KOI8-R" is not supported`}},
		{"xml unknown entity", FormatXML, "<puzzleset><puzzle><title>&bogus;</title></puzzle></puzzleset>", []string{"1: XML: invalid character entity &bogus;"}},
		{"xml triddler", FormatXML, xmlPuzzle(""), []string{"2: puzzle has no <clues type=\"rows\">", "ok next"}},
		{"xml puzzle type", FormatXML, strings.Replace(xmlPuzzle(xmlRows+xmlCols), "<puzzle>", `<puzzle type="triddler">`, 1),
			[]string{`2: puzzle type "triddler" is not supported (only "grid")`, "ok next"}},
		{"xml colour no name", FormatXML, xmlPuzzle(`<color char="r">f00</color>` + xmlRows + xmlCols),
			[]string{`3: a <color> without a name`, "ok next"}},
		{"xml colour twice", FormatXML, xmlPuzzle(`<color name="red" char="r">f00</color><color name="red" char="s">f00</color>` + xmlRows + xmlCols),
			[]string{`3: colour "red" declared twice`, "ok next"}},
		{"xml colour char", FormatXML, xmlPuzzle(`<color name="red" char="rr">f00</color><clues type="rows"><line><count color="red">1</count></line></clues>` + xmlCols),
			[]string{`3: colour "red" has character "rr", want a single character`, "ok next"}},
		{"xml colour same char", FormatXML, xmlPuzzle(`<color name="red" char="X">f00</color><clues type="rows"><line><count color="red">1</count></line></clues>` + xmlCols),
			[]string{`3: colours "black" and "red" have the same character "X"`, "ok next"}},
		{"xml colour image", FormatXML, xmlPuzzle(`<color name="red" char="r">f00</color><clues type="rows"><line><count color="red">1</count></line></clues>` + xmlCols +
			"\n<solution type=\"goal\"><image>\n|?|\n</image></solution>"),
			[]string{`5: goal image: row 1, column 1: '?' is none of ".", "X", "r"`, "ok next"}},
		{"xml clues type", FormatXML, xmlPuzzle(`<clues type="diagonal"><line/></clues>`), []string{`3: clues of type "diagonal", want "rows" or "columns"`, "ok next"}},
		{"xml clues twice", FormatXML, xmlPuzzle(xmlRows + "\n" + xmlRows + xmlCols), []string{`4: row clues given twice`, "ok next"}},
		{"xml count colour", FormatXML, xmlPuzzle(`<clues type="rows"><line><count color="red">1</count></line></clues>`),
			[]string{`3: row 1: count of colour "red", which is not declared (or is the background)`, "ok next"}},
		{"xml count not a number", FormatXML, xmlPuzzle("<clues type=\"rows\">\n<line><count>1</count>\n<count>x</count></line></clues>"),
			[]string{`5: row 1: count "x" is not a number`, "ok next"}},
		{"xml count too large", FormatXML, xmlPuzzle(`<clues type="columns"><line><count>5000</count></line></clues>`),
			[]string{`3: column 1: run length 5000 is longer than any line (at most 4096)`, "ok next"}},
		{"xml too many counts", FormatXML, xmlPuzzle(`<clues type="rows"><line>` + many(2049, "<count>1</count>") + `</line></clues>`),
			[]string{`3: row 1: more than 2048 counts, more than fit in any line`, "ok next"}},
		{"xml too many lines", FormatXML, xmlPuzzle(`<clues type="rows">` + many(4097, "<line/>") + `</clues>`),
			[]string{`3: more than 4096 row clues`, "ok next"}},
		{"xml no columns", FormatXML, xmlPuzzle(xmlRows), []string{`2: puzzle has no <clues type="columns">`, "ok next"}},
		{"xml image chars", FormatXML, xmlPuzzle(`<color name="black" char="XY">000</color>` + xmlRows + xmlCols + "<solution><image>\n|X|\n</image></solution>"),
			[]string{`3: goal image: colour characters "." and "XY" are not single characters`, "ok next"}},
		{"xml image empty", FormatXML, xmlPuzzle(xmlRows + xmlCols + "\n<solution type=\"goal\"><image>\n</image></solution>"),
			[]string{`4: goal image: no rows`, "ok next"}},
		{"xml image empty row", FormatXML, xmlPuzzle(xmlRows + xmlCols + "\n<solution type=\"goal\"><image>\n||\n</image></solution>"),
			[]string{`5: goal image: row 1 has 0 cells, want 1..4096`, "ok next"}},
		{"xml image ragged", FormatXML, xmlPuzzle(xmlRows + xmlCols + "\n<solution type=\"goal\"><image>\n|X.|\n|X|\n</image></solution>"),
			[]string{`6: goal image: row 2 has 1 cells, row 1 has 2`, "ok next"}},
		{"xml image bad cell", FormatXML, xmlPuzzle(xmlRows + xmlCols + "\n<solution type=\"goal\"><image>\n|?|\n</image></solution>"),
			[]string{`5: goal image: row 1, column 1: '?' is neither "." (empty) nor "X" (filled)`, "ok next"}},
		{"xml image too tall", FormatXML, xmlPuzzle(xmlRows + xmlCols + "\n<solution type=\"goal\"><image>\n" + many(4097, "|X|\n") + "</image></solution>"),
			[]string{`4101: goal image: more than 4096 rows`, "ok next"}},
		{"xml image size", FormatXML, xmlPuzzle(xmlRows + xmlCols + "\n<solution type=\"goal\"><image>|XX|</image></solution>"),
			[]string{`4: goal image is 1×2, the clues 1×1`, "ok next"}},
		{"xml other solutions ignored", FormatXML, xmlPuzzle(xmlRows + xmlCols + "<solution type=\"solution\"><image>|?|</image></solution>"),
			[]string{"ok ", "ok next"}},
		{"xml clue error", FormatXML, xmlPuzzle(xmlRows + "\n<clues type=\"columns\"><line/></clues>"),
			[]string{"2: rows fill 1 cells but columns fill 0 (clue error)", "ok next"}},

		{"xml element in a count", FormatXML, xmlPuzzle("<clues type=\"rows\">\n<line><count><b>1</b></count></line></clues>" + xmlCols),
			[]string{`4: row 1: unexpected element <b> inside <count> (want a number)`, "ok next"}},
		{"xml byte-order mark", FormatXML, "\ufeff" + xmlRowsCols, []string{"ok "}},
		{"xml deep", FormatXML, "<puzzleset>\n" + many(100000, "<a>"), []string{"2: XML: elements nested more than 256 deep"}},
		{"xml deep in a puzzle", FormatXML, "<puzzleset><puzzle>\n<title>" + many(100000, "<a>"), []string{"2: XML: elements nested more than 256 deep"}},
		{"xml long tag", FormatXML, "<puzzleset>\n<a" + many(300000, ` b=""`), []string{"2: XML: a tag longer than 1 MiB"}},
		{"xml long tag, quoted >", FormatXML, "<puzzleset>\n<a" + many(300000, ` b=">"`), []string{"2: XML: a tag longer than 1 MiB"}},
		{"xml long comment", FormatXML, "<!-- don't " + many(2<<20, "x") + " -->\n" + xmlRowsCols, []string{"ok "}},
		{"xml long CDATA", FormatXML, "<puzzleset><puzzle><title><![CDATA[don't <" + many(2<<20, "x") + "]]></title>" + xmlRows + xmlCols + "</puzzle></puzzleset>",
			[]string{"ok don't <" + many(2<<20, "x")}},
		{"xml long text", FormatXML, "<puzzleset><puzzle><title>" + many(2<<20, "x") + "</title>" + xmlRows + xmlCols + "</puzzle></puzzleset>", []string{"ok " + many(2<<20, "x")}},

		// Line caps and marks in the text formats.
		{"plain byte-order mark", FormatPlain, "\ufeff1 1\n1\n1\n", []string{"ok "}},
		{"plain line of the cap", FormatPlain, "#" + many(maxLine-1, "x") + "\n1 1\n1\n1\n", []string{"ok "}},
		{"plain line over the cap", FormatPlain, "1 1\n1\n1\n\n#" + many(maxLine, "x") + "\n1 1\n1\n1\n", []string{"ok ", "5: line longer than 1 MiB"}},
		{"non endless line", FormatNON, many(3*maxLine, "\x00"), []string{"1: line longer than 1 MiB"}},
		{"taai endless line", FormatTAAI, "$1\n" + many(3*maxLine, "1"), []string{"2: line longer than 1 MiB"}},
		{"detected endless line", "", "1 1\n1\n" + many(3*maxLine, "1"), []string{"3: line longer than 1 MiB"}},

		// TAAI
		{"taai no clues", FormatTAAI, "$1\n\n$2\n1\n1\n", []string{"1: no clues", "ok 2"}},
		{"taai odd", FormatTAAI, "$1\n1\n1\n1\n", []string{"4: 3 clue lines: want as many column clues as row clues"}},
		{"taai blank clues", FormatTAAI, "$1\n1\n\n1\n\n\n\n$2\n1\n1\n", []string{"ok 1", "ok 2"}},
		{"taai no header", FormatTAAI, "\n1\n1\n$2\n1\n1\n", []string{"ok ", "ok 2"}},
		{"taai too many lines", FormatTAAI, "$1\n" + many(8195, "1\n") + "$2\n1\n1\n", []string{"1: more than 8192 clue lines: a puzzle is at most 4096×4096", "ok 2"}},
		{"taai too large", FormatTAAI, "$1\n" + many(8194, "1\n") + "$2\n1\n1\n", []string{"1: 8194 clue lines: a puzzle is at most 4096×4096", "ok 2"}},
		{"taai bad clue", FormatTAAI, "$1\nx\n1\n$2\n1\n1\n", []string{`2: column 1 clue "x": "x" is not a number`, "ok 2"}},
		{"taai clue error", FormatTAAI, "$1\n1\n0\n", []string{"1: rows fill 0 cells but columns fill 1 (clue error)"}},

		// picross-solver
		{"picross outside a grid", FormatPicross, "ROWS\n[ 1 ]\nGRID a\nROWS\n[ 1 ]\nCOLUMNS\n[ 1 ]\n",
			[]string{`1: found "ROWS" outside a grid, want "GRID name"`, "ok a"}},
		{"picross rows twice", FormatPicross, "GRID a\nROWS\n[ 1 ]\nROWS\n", []string{"4: ROWS given twice"}},
		{"picross clue before section", FormatPicross, "GRID a\n[ 1 ]\n", []string{`2: clue "[ 1 ]" before ROWS or COLUMNS`}},
		{"picross no closing bracket", FormatPicross, "GRID a\nROWS\n[ 1\n", []string{`3: row 1 clue "[ 1": no closing ]`}},
		{"picross bad clue", FormatPicross, "GRID a\nROWS\n[ 1 ]\n[ x ]\nGRID b\nROWS\n[ 1 ]\nCOLUMNS\n[ 1 ]\n",
			[]string{`4: row 2 clue "[ x ]": "x" is not a number`, "ok b"}},
		{"picross too many clues", FormatPicross, "GRID a\nCOLUMNS\n" + many(4097, "[ ]\n"), []string{"4099: more than 4096 column clues"}},
		{"picross junk in rows", FormatPicross, "GRID a\nROWS\n[ 1 ]\nfoo\n[ 1 ]\nGRID b\nROWS\n[ 1 ]\nCOLUMNS\n[ 1 ]\n",
			[]string{`4: unexpected "foo" in grid "a" (want ROWS, COLUMNS, a clue "[ ... ]" or GRID)`, "ok b"}},
		{"picross junk after columns", FormatPicross, "GRID a\nROWS\n[ 1 ]\nCOLUMNS\n[ 1 ]\nGRILL b\nROWS\n",
			[]string{"ok a", `6: unexpected "GRILL b" in grid "a"`}},
		{"picross junk after bad grid", FormatPicross, "GRID a\nROWS\n[ 2 ]\nCOLUMNS\n[ 1 ]\nGRILL b\n",
			[]string{`3: grid "a": row 1 clue 2 needs 2 cells, the row has 1 (clue error)`, `6: unexpected "GRILL b" in grid "a"`}},
		{"picross no rows", FormatPicross, "GRID a\nCOLUMNS\n[ 1 ]\n", []string{`1: grid "a": grid is 0×1: needs at least one row and one column (clue error)`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			got := records(t, tt.format, tt.input)
			if len(got) != len(tt.want) {
				t.Fatalf("got %d records %q, want %d %q", len(got), got, len(tt.want), tt.want)
			}
			for i, w := range tt.want {
				at, msg, _ := strings.Cut(w, ": ")
				gotAt, _, _ := strings.Cut(got[i], ": ")
				if w == "ok" || strings.HasPrefix(w, "ok ") {
					at, msg = w, ""
					gotAt = got[i]
				}
				if gotAt != at || !strings.Contains(got[i], msg) {
					t.Errorf("record %d is %q, want %q", i+1, got[i], w)
				}
			}
		})
	}
}

func TestReadLatin1(t *testing.T) {
	t.Parallel()
	in := "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>\n<puzzleset><puzzle><title>Caf\xe9</title>" +
		"<clues type=\"rows\"><line><count>1</count></line></clues>" +
		"<clues type=\"columns\"><line><count>1</count></line></clues></puzzle></puzzleset>"
	p, err := Parse(strings.NewReader(in))
	if err != nil || p.Name != "Café" {
		t.Fatalf("got %+v, %v", p, err)
	}
	// The converter must split a character over two reads.
	l := &xmlLatin1{r: bufio.NewReader(strings.NewReader("\xe9\xe9a"))}
	var out []byte
	buf := make([]byte, 1)
	for {
		n, err := l.Read(buf)
		out = append(out, buf[:n]...)
		if err != nil {
			break
		}
	}
	if string(out) != "ééa" {
		t.Errorf("latin-1 reads %q, want %q", out, "ééa")
	}
}

func TestReadIOErrors(t *testing.T) {
	t.Parallel()
	boom := errors.New("boom")
	for _, f := range []Format{FormatPlain, FormatXML, FormatNON, FormatTAAI, FormatPicross, FormatNIN} {
		r := io.MultiReader(strings.NewReader("1"), iotest.ErrReader(boom))
		rd := NewReader(r, "t", f)
		_, err := rd.Next()
		if !errors.Is(err, boom) || isPuzzleError(err) {
			t.Errorf("%s: error %v, want boom", f, err)
		}
		if _, err := rd.Next(); err != io.EOF {
			t.Errorf("%s: after an I/O error, Next returns %v", f, err)
		}
	}
	// An error while the format is being detected.
	rd := NewReader(iotest.ErrReader(boom), "t", "")
	if _, err := rd.Next(); !errors.Is(err, boom) {
		t.Errorf("detection: error %v, want boom", err)
	}
	// An XML read error after the start.
	r := io.MultiReader(strings.NewReader(strings.Repeat(" ", parseSniffSize+10)+"<puzzleset>"), iotest.ErrReader(boom))
	if _, err := NewReader(r, "t", FormatXML).Next(); !errors.Is(err, boom) || isPuzzleError(err) {
		t.Errorf("xml: error %v, want boom", err)
	}
	// A line longer than 1 MiB is an error that ends the stream.
	long := "1 1\n" + strings.Repeat("1 ", maxLine) + "\n1\n"
	rd = NewReader(strings.NewReader(long), "t", FormatPlain)
	if _, err := rd.Next(); !isPuzzleError(err) || !strings.Contains(err.Error(), "t:2: line longer than 1 MiB") {
		t.Errorf("long line: error %v", err)
	}
	if _, err := rd.Next(); err != io.EOF {
		t.Errorf("after a long line, Next returns %v", err)
	}
}

// TestReadXMLCap reads XML from sources that never end: the reader stops
// with an error that names the line, having read little more than the
// document's cap.
func TestReadXMLCap(t *testing.T) {
	t.Parallel()
	caps := []int64{1 << 20}
	if longtest.Enabled() {
		caps = append(caps, xmlMaxDocument)
	}
	for _, max := range caps {
		doc := fmt.Sprintf("XML: document larger than %d MiB", max>>20)
		text := doc
		if max > xmlMaxText {
			text = "XML: a text, comment or CDATA section longer than 20 MiB"
		}
		for _, tc := range []struct{ head, unit, want string }{
			{"", "\x00", "XML: illegal character code U+0000"},
			{"<puzzleset>", " \n", text},
			{"<puzzleset><puzzle><title>", "x", text},
			{"<puzzleset><!--", "x", text},
			{"<puzzleset>", "<!-- -->", doc},
		} {
			src := &badinput.Endless{Head: tc.head, Unit: tc.unit}
			rd := NewReader(src, "z", FormatXML)
			rd.maxXML = max
			var errs []error
			for _, err := range rd.All() {
				errs = append(errs, err)
			}
			var se *SyntaxError
			if len(errs) != 1 || !errors.As(errs[0], &se) || se.File != "z" || se.Line < 1 || se.Msg != tc.want {
				t.Errorf("%q, cap %d: errors %v, want one at z:LINE: %s", tc.unit, max, errs, tc.want)
			}
			if src.N > max+2*parseSniffSize {
				t.Errorf("%q, cap %d: read %d bytes", tc.unit, max, src.N)
			}
		}
	}
}

// All yields what Next returns, goes on after a bad puzzle and stops after
// an I/O error.
func TestReaderAll(t *testing.T) {
	t.Parallel()
	const text = "1 1\n1\n1\n\n1 2\n3\n1\n1\n\n1 1\n0\n0\n"
	var got []string
	for p, err := range NewReader(strings.NewReader(text), "t", "").All() {
		if err != nil {
			got = append(got, err.Error())
			continue
		}
		got = append(got, fmt.Sprintf("ok %d", p.Line))
	}
	want := []string{"ok 1", "nonogram: t:6: row 1 clue 3 needs 3 cells, the row has 2", "ok 10"}
	if !slices.Equal(got, want) {
		t.Errorf("All yields %q, want %q", got, want)
	}
	// Breaking out early is fine, and the rest is still there for Next.
	rd := NewReader(strings.NewReader(text), "t", "")
	for range rd.All() {
		break
	}
	if _, err := rd.Next(); err == nil {
		t.Error("the second puzzle was skipped")
	}
	// An I/O error is yielded once, and ends the iteration.
	boom := errors.New("boom")
	pad := strings.Repeat("# padding past the format detection\n", parseSniffSize/10)
	r := io.MultiReader(strings.NewReader("1 1\n1\n1\n"+pad+"1 1\n"), iotest.ErrReader(boom))
	n, errs := 0, 0
	for _, err := range NewReader(r, "t", FormatPlain).All() {
		n++
		if err != nil {
			errs++
			if !errors.Is(err, boom) {
				t.Errorf("error %v, want boom", err)
			}
		}
	}
	if n != 2 || errs != 1 {
		t.Errorf("%d values, %d errors; want a puzzle and the error", n, errs)
	}
}

func TestParse(t *testing.T) {
	t.Parallel()
	if got := (&SyntaxError{Line: 3, Msg: "bad"}).Error(); got != "nonogram: line 3: bad" {
		t.Errorf("error without a file name: %q", got)
	}
	if _, err := Parse(strings.NewReader("")); err == nil || err.Error() != "nonogram: no puzzle in input" {
		t.Errorf("Parse of nothing: %v", err)
	}
	p, err := Parse(strings.NewReader("\xef\xbb\xbf1 1\r\n1\r\n1\r\n"))
	if err != nil || clues(p.Rows) != "1" {
		t.Errorf("Parse with BOM and CRLF: %v, %v", p, err)
	}
	if _, err := Parse(strings.NewReader("2 2\n1\n1\n1\n")); err == nil {
		t.Error("Parse of a truncated puzzle: no error")
	}
	// Exactly one puzzle: a second one, good or bad, is an error that
	// says where it starts.
	for in, want := range map[string]string{
		"1 1\n1\n1\n\n1 1\n0\n0\n":    "nonogram: line 5: a second puzzle starts here",
		"1 1\n1\n1\n\n1 2\n3\n1\n1\n": "nonogram: line 6: more than one puzzle in input",
	} {
		p, err := Parse(strings.NewReader(in))
		var se *SyntaxError
		if p != nil || !errors.As(err, &se) || !strings.HasPrefix(err.Error(), want) {
			t.Errorf("Parse(%q) = %v, %v; want %q", in, p, err, want)
		}
	}
	// The one-puzzle formats end at their puzzle.
	if p, err := Parse(strings.NewReader("1 2\n1\n1\n2\nanything\n")); err != nil || p.Height() != 2 {
		t.Errorf("Parse of a .nin puzzle with text after it: %v, %v", p, err)
	}
}

// randomFormatPuzzle returns the puzzle of a random w×h picture, with its goal
// and metadata.
func randomFormatPuzzle(rng *rand.Rand, w, h int) *Puzzle {
	g := NewGrid(w, h)
	density := rng.Float64()
	for i := range g.Cells {
		g.Cells[i] = rng.Float64() < density
	}
	if h > 1 {
		for c := range w { // an empty row, for the empty-clue cases
			g.Set(rng.IntN(h), c, false)
		}
	}
	p := g.Clues()
	p.Goal = g
	p.Name = fmt.Sprintf("Picture %d×%d <&> \"quoted\" 'ünïcode'", w, h)
	p.Author = "A. N. Author & co"
	p.Copyright = "©\t2025"
	p.License = "CC-BY-4.0"
	return p
}

func TestRoundTrip(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(1, 2))
	sizes := [][2]int{{1, 1}, {1, 5}, {5, 1}, {3, 4}, {7, 7}, {25, 25}, {30, 20}, {40, 60}}
	for _, f := range Formats {
		t.Run(string(f), func(t *testing.T) {
			var ps []*Puzzle
			for _, s := range sizes {
				for range 5 {
					w, h := s[0], s[1]
					if f == FormatTAAI {
						h = w
					}
					ps = append(ps, randomFormatPuzzle(rng, w, h))
				}
			}
			for _, p := range ps {
				var buf bytes.Buffer
				if err := p.Format(&buf, f); err != nil {
					t.Fatal(err)
				}
				text := buf.String()
				rd := NewReader(&buf, "", f)
				got, errs := readEvery(t, rd)
				if len(errs) > 0 || len(got) != 1 {
					t.Fatalf("%d×%d: read back %d puzzles, errors %v:\n%s", p.Height(), p.Width(), len(got), errs, text)
				}
				checkSame(t, f, p, got[0], text)
				// The format is also detected from the content alone, but
				// for nin, which only looks like plain with the sizes swapped.
				if f == FormatNIN {
					continue
				}
				q, err := Parse(strings.NewReader(text))
				if err != nil || clues(q.Rows) != clues(p.Rows) || clues(q.Cols) != clues(p.Cols) {
					t.Errorf("%d×%d: Parse without a format: %v\n%s", p.Height(), p.Width(), err, text)
				}
			}
			if f == FormatNIN || f == FormatCWD || f == FormatMK {
				return
			}
			var buf bytes.Buffer
			if err := WriteAll(&buf, ps, f); err != nil {
				t.Fatal(err)
			}
			got, errs := readEvery(t, NewReader(&buf, "", f))
			if len(errs) > 0 || len(got) != len(ps) {
				t.Fatalf("WriteAll: read back %d of %d puzzles, errors %v", len(got), len(ps), errs)
			}
			for i := range ps {
				checkSame(t, f, ps[i], got[i], "")
			}
		})
	}
}

// checkSame compares a puzzle with the one read back from its text in f.
func checkSame(t *testing.T, f Format, p, q *Puzzle, text string) {
	t.Helper()
	if clues(q.Rows) != clues(p.Rows) || clues(q.Cols) != clues(p.Cols) {
		t.Errorf("%d×%d: clues differ after the round trip:\n%s", p.Height(), p.Width(), text)
	}
	hasGoal := f == FormatXML || f == FormatNON
	if hasGoal != (q.Goal != nil) || hasGoal && !q.Goal.Equal(p.Goal) {
		t.Errorf("%d×%d: goal %v after the round trip, want %v", p.Height(), p.Width(), q.Goal, p.Goal)
	}
	var want [4]string
	switch f {
	case FormatXML:
		want = [4]string{p.Name, p.Author, p.Copyright, ""}
	case FormatNON:
		want = [4]string{p.Name, p.Author, p.Copyright, p.License}
	case FormatPicross:
		want = [4]string{p.Name, "", "", ""}
	}
	if f == FormatTAAI {
		want[0] = q.Name // "$1", "$2", ... or the name
		if !strings.HasPrefix(p.Name, q.Name) {
			t.Errorf("TAAI name %q, want %q", q.Name, p.Name)
		}
	}
	if got := [4]string{q.Name, q.Author, q.Copyright, q.License}; got != want {
		t.Errorf("metadata %q after the round trip, want %q:\n%s", got, want, text)
	}
}

func TestWriteErrors(t *testing.T) {
	t.Parallel()
	p := NewGrid(3, 2).Clues()
	var buf bytes.Buffer
	if err := p.Format(&buf, FormatTAAI); err == nil || !strings.Contains(err.Error(), "square puzzles only, puzzle 1 is 2×3") {
		t.Errorf("TAAI of a 2×3 puzzle: %v", err)
	}
	buf.Reset()
	if err := p.Format(&buf, "Plain"); err != nil || buf.String() != "2 3\n0\n0\n0\n0\n0\n" {
		t.Errorf("format name in capitals: %v\n%s", err, buf.String())
	}
	if err := p.Format(&buf, "pdf"); err == nil {
		t.Error("unknown format: no error")
	}
	if err := WriteAll(&buf, []*Puzzle{p, p}, FormatNIN); err == nil || !strings.Contains(err.Error(), "holds one puzzle, not 2") {
		t.Errorf("two puzzles as nin: %v", err)
	}
	p.Goal = NewGrid(2, 2)
	if err := p.Format(&buf, FormatNON); err == nil || !strings.Contains(err.Error(), "goal picture is 2×2, the grid 2×3") {
		t.Errorf("goal of the wrong size: %v", err)
	}
	p.Goal = nil
	var taai bytes.Buffer
	q := NewGrid(1, 1).Clues()
	if err := WriteAll(&taai, []*Puzzle{q, q}, FormatTAAI); err != nil || taai.String() != "$1\n0\n0\n$2\n0\n0\n" {
		t.Errorf("TAAI of unnamed puzzles: %v\n%s", err, taai.String())
	}
	if err := p.Format(iotest.TruncateWriter(io.Discard, 0), FormatPlain); err != nil {
		t.Errorf("writer: %v", err)
	}
	if err := p.Format(errWriter{}, FormatXML); err == nil {
		t.Error("failing writer: no error")
	}
}

type errWriter struct{}

func (errWriter) Write([]byte) (int, error) { return 0, errors.New("disk full") }

func TestWriteText(t *testing.T) {
	t.Parallel()
	g := NewGrid(4, 3)
	for r, row := range []string{"##.#", "....", ".###"} {
		for c := range row {
			g.Set(r, c, row[c] == '#')
		}
	}
	p := g.Clues()
	p.Name = "Steps"
	for f, want := range map[Format]string{
		FormatPlain:   "# Steps\n3 4\n2 1\n0\n3\n1\n1 1\n1\n1 1\n",
		FormatNIN:     "4 3\n2 1\n0\n3\n1\n1 1\n1\n1 1\n",
		FormatCWD:     "3\n4\n2 1\n0\n3\n\n1\n1 1\n1\n1 1\n",
		FormatMK:      "3 4\n2 1\n0\n3\n#\n1\n1 1\n1\n1 1\n",
		FormatPicross: "GRID Steps\nROWS\n[ 2 1 ]\n[ ]\n[ 3 ]\nCOLUMNS\n[ 1 ]\n[ 1 1 ]\n[ 1 ]\n[ 1 1 ]\n",
		FormatNON:     "title \"Steps\"\nwidth 4\nheight 3\n\nrows\n2,1\n0\n3\n\ncolumns\n1\n1,1\n1\n1,1\n",
	} {
		var buf bytes.Buffer
		if err := p.Format(&buf, f); err != nil || buf.String() != want {
			t.Errorf("%s: got %v\n%s\nwant\n%s", f, err, buf.String(), want)
		}
	}
}

func TestReadTAAIGoals(t *testing.T) {
	t.Parallel()
	f, err := os.Open("testdata/formats/two_goals.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	goals, err := readTAAIGoals(f, "two_goals.txt")
	if err != nil || len(goals) != 2 {
		t.Fatalf("%d goals, %v", len(goals), err)
	}
	ps, errs := readFile(t, "testdata/formats/two.taai", "")
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	for _, p := range ps {
		if !p.Satisfies(goals[p.Name]) {
			t.Errorf("$%s does not match its goal\n%v", p.Name, goals[p.Name])
		}
	}
	for in, want := range map[string]string{
		"$1\n$2\n1\n":                           "t:1: picture $1 has no rows",
		"$1\n1\n$1\n1\n":                        "t:3: picture $1 given twice",
		"1 0\n":                                 `t:1: found "1 0" before the first "$" line`,
		"$1\n1 0\n1\n":                          "t:3: row 2 of $1 has 1 cells, row 1 has 2",
		"$1\n1 2\n":                             `t:2: row 1 of $1: cell 2 is "2", not 0 or 1`,
		"$1\n" + bigRow(4097):                   "t:2: picture $1 is larger than 4096×4096",
		"$1\n" + strings.Repeat("1\n", 4097):    "t:4098: picture $1 is larger than 4096×4096",
		"$1\n" + strings.Repeat("1", maxLine+1): "t:2: line longer than 1 MiB",
	} {
		_, err := readTAAIGoals(strings.NewReader(in), "t")
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("readTAAIGoals(%.20q): %v, want %q", in, err, want)
		}
	}
	if _, err := readTAAIGoals(iotest.ErrReader(errors.New("boom")), "t"); err == nil || !strings.Contains(err.Error(), "boom") {
		t.Errorf("I/O error: %v", err)
	}
}

func bigRow(n int) string { return strings.Repeat("0 ", n) + "\n" }

// FuzzParse checks that no input makes a reader panic or loop, and that
// every puzzle it returns is valid and survives a round trip.
func FuzzParse(f *testing.F) {
	files, err := filepath.Glob("testdata/formats/*")
	if err != nil {
		f.Fatal(err)
	}
	for _, name := range files {
		b, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b, uint8(0))
		if fm := formatByName(name); fm != "" {
			f.Add(b, uint8(slices.Index(Formats, fm)+1))
		}
	}
	f.Add([]byte("GRID a\nROWS\n[ 1 ]\nCOLUMNS\n[ 1 ]\nGRILL\n"), uint8(8))
	f.Add([]byte("$1\n1\n\n1\n\n\n$2\n"), uint8(7))
	f.Add([]byte("\ufeff<puzzleset><puzzle><clues type=\"rows\"><line><count><b>1</b></count></line></clues></puzzle></puzzleset>"), uint8(0))
	f.Add([]byte("<puzzleset><!-- don't --><puzzle a=\">\"><![CDATA[<]]><a><a><a></puzzle>"), uint8(2))
	f.Add([]byte("\ufeff# only a comment\n\n"), uint8(0))
	f.Fuzz(func(t *testing.T, data []byte, fi uint8) {
		var format Format
		if k := int(fi) % (len(Formats) + 1); k > 0 {
			format = Formats[k-1]
		}
		rd := NewReader(bytes.NewReader(data), "fuzz", format)
		for range 10000 {
			p, err := rd.Next()
			if err == io.EOF {
				return
			}
			if err != nil {
				continue
			}
			if err := p.Validate(); err != nil {
				t.Fatalf("reader returned an invalid puzzle: %v", err)
			}
			out := FormatPlain
			switch {
			case p.IsColor():
				out = FormatXML
			case p.Goal != nil:
				out = FormatNON
			}
			var buf bytes.Buffer
			if err := p.Format(&buf, out); err != nil {
				t.Fatal(err)
			}
			q, err := Parse(&buf)
			if err != nil || clues(q.Rows) != clues(p.Rows) || clues(q.Cols) != clues(p.Cols) ||
				fmt.Sprint(q.RowColors, q.ColColors) != fmt.Sprint(p.RowColors, p.ColColors) {
				t.Fatalf("round trip through %s failed: %v", out, err)
			}
		}
		t.Fatal("reader did not reach the end of its input")
	})
}
