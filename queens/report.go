package queens

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/puzzlesolvers/puzzle/status"
)

// The reports are the JSON objects that `puzzle queens <verb> --json`
// prints on a line and that the web API returns: one type and one
// constructor per verb, so that both write the same bytes.

func millis(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }

// SearchStats is the work of a search, as the reports show it.
type SearchStats struct {
	Nodes    int64   `json:"nodes"`
	Restarts int     `json:"restarts,omitempty"`
	TimeMS   float64 `json:"time_ms"`
}

// ---- count ----

// CountReport is the object of count and merge.
type CountReport struct {
	N           int        `json:"n"`
	Solutions   uint64     `json:"solutions"`
	Fundamental uint64     `json:"fundamental"`
	Sym1        uint64     `json:"sym1,omitempty"`
	Sym2        uint64     `json:"sym2"`
	Sym4        uint64     `json:"sym4"`
	Sym8        uint64     `json:"sym8"`
	Shard       string     `json:"shard,omitempty"`
	Stats       CountStats `json:"stats"`
}

// CountStats is the work of a count.
type CountStats struct {
	Nodes            uint64  `json:"nodes"`
	Subproblems      int     `json:"subproblems"`
	TotalSubproblems int     `json:"total_subproblems"`
	Workers          int     `json:"workers,omitempty"`
	TimeMS           float64 `json:"time_ms"`
}

// NewCountReport is the report of counts made with the number of workers
// asked for (0: the default, left out).
func NewCountReport(r Counts, workers int) CountReport {
	rec := CountReport{N: r.N, Solutions: r.Solutions, Fundamental: r.Fundamental, Sym1: r.Sym1, Sym2: r.Sym2, Sym4: r.Sym4, Sym8: r.Sym8,
		Stats: CountStats{Nodes: r.Nodes, Subproblems: r.Subproblems, TotalSubproblems: r.Total, Workers: workers, TimeMS: millis(r.Time)}}
	if r.Shards > 1 {
		rec.Shard = fmt.Sprintf("%d/%d", r.Shard, r.Shards)
	}
	return rec
}

// Counts reads the counts back from a report (for Merge).
func (rec CountReport) Counts() (Counts, error) {
	r := Counts{N: rec.N, Solutions: rec.Solutions, Fundamental: rec.Fundamental, Sym1: rec.Sym1, Sym2: rec.Sym2, Sym4: rec.Sym4, Sym8: rec.Sym8,
		Nodes: rec.Stats.Nodes, Subproblems: rec.Stats.Subproblems, Total: rec.Stats.TotalSubproblems,
		Time: time.Duration(rec.Stats.TimeMS * float64(time.Millisecond))}
	if rec.Shard != "" {
		i, k, err := ParseShard(rec.Shard)
		if err != nil {
			return r, err
		}
		r.Shard, r.Shards = i, k
	}
	return r, nil
}

// ParseShard reads "I/K", 1 ≤ I ≤ K.
func ParseShard(s string) (i, k int, err error) {
	is, ks, ok := strings.Cut(s, "/")
	i, err1 := strconv.Atoi(is)
	k, err2 := strconv.Atoi(ks)
	if !ok || err1 != nil || err2 != nil || k < 1 || i < 1 || i > k {
		return 0, 0, fmt.Errorf("shard %q: want I/K with 1 ≤ I ≤ K, such as 2/8", s)
	}
	return i, k, nil
}

// ---- solve ----

// SolveReport is the object of solve. Its JSON can be written in pieces,
// the solutions as they are found: JSONStart, the solutions (JSONSolution)
// separated by commas, then JSONEnd.
type SolveReport struct {
	N         int
	FirstRow  *int
	Solutions [][]int
	Status    status.Status
	Count     int
	Stats     SearchStats
}

// NewSolveReport is the report of a search of the n×n board from the
// first row (nil: any) whose outcome is res.
func NewSolveReport(n int, firstRow *int, res Result) *SolveReport {
	return &SolveReport{N: n, FirstRow: firstRow, Solutions: res.Solutions, Status: res.Status, Count: res.Count,
		Stats: SearchStats{Nodes: res.Stats.Nodes, TimeMS: millis(res.Stats.Time)}}
}

// JSONStart is the object up to the opening bracket of its solutions.
func (r *SolveReport) JSONStart() []byte {
	head, _ := json.Marshal(struct {
		N        int  `json:"n"`
		FirstRow *int `json:"first_row,omitempty"`
	}{r.N, r.FirstRow})
	return append(head[:len(head)-1], `,"solutions":[`...)
}

// JSONSolution is one solution in the list.
func JSONSolution(rows []int) []byte {
	b := []byte{'['}
	for i, x := range rows {
		if i > 0 {
			b = append(b, ',')
		}
		b = strconv.AppendInt(b, int64(x), 10)
	}
	return append(b, ']')
}

// JSONEnd is the object from the closing bracket of its solutions.
func (r *SolveReport) JSONEnd() []byte {
	tail, _ := json.Marshal(struct {
		Status status.Status `json:"status"`
		Count  int           `json:"count"`
		Stats  SearchStats   `json:"stats"`
	}{r.Status, r.Count, r.Stats})
	return append([]byte("],"), tail[1:]...)
}

// MarshalJSON writes the whole object, as the pieces do.
func (r *SolveReport) MarshalJSON() ([]byte, error) {
	b := r.JSONStart()
	for i, s := range r.Solutions {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, JSONSolution(s)...)
	}
	return append(b, r.JSONEnd()...), nil
}

// ---- complete ----

// CompleteReport is the object of complete.
type CompleteReport struct {
	File   string        `json:"file,omitempty"`
	Line   int           `json:"line,omitempty"`
	N      int           `json:"n"`
	Given  []Queen       `json:"given"`
	Status status.Status `json:"status"`
	Queens []int         `json:"queens,omitempty"`
	Error  string        `json:"error,omitempty"`
	Stats  *SearchStats  `json:"stats,omitempty"`
}

// NewCompleteReport completes the instance, read from file ("" for none),
// and reports on it. A positive timeout bounds the search and is named in
// the error of a timed-out report.
func NewCompleteReport(ctx context.Context, file string, in Instance, timeout time.Duration) (*CompleteReport, Result) {
	rec := &CompleteReport{File: file, Line: in.Line, N: in.N, Given: in.Queens}
	if rec.Given == nil {
		rec.Given = []Queen{}
	}
	sctx := ctx
	if timeout > 0 {
		var cancel context.CancelFunc
		sctx, cancel = context.WithTimeout(ctx, timeout)
		defer cancel()
	}
	res, err := Complete(sctx, in.N, in.Queens)
	rec.Status = res.Status
	switch {
	case res.Status == status.Timeout && timeout > 0 && ctx.Err() == nil:
		rec.Error = fmt.Sprintf("no answer within %v", timeout)
	case err != nil:
		rec.Error = strings.TrimPrefix(err.Error(), "queens: complete: ")
	default:
		rec.Stats = &SearchStats{Nodes: res.Stats.Nodes, Restarts: res.Stats.Restarts, TimeMS: millis(res.Stats.Time)}
	}
	if len(res.Solutions) > 0 {
		rec.Queens = res.Solutions[0]
	}
	return rec, res
}

// ---- one ----

// OneReport is the object of one.
type OneReport struct {
	N        int      `json:"n"`
	Method   string   `json:"method"`
	Queens   []int    `json:"queens,omitempty"`
	Verified bool     `json:"verified"`
	Stats    OneStats `json:"stats"`
}

// OneStats is the work of one.
type OneStats struct {
	TimeMS   float64 `json:"time_ms"`
	VerifyMS float64 `json:"verify_ms"`
	Swaps    int64   `json:"swaps,omitempty"`
	Tries    int64   `json:"tries,omitempty"`
	Restarts int     `json:"restarts,omitempty"`
}

// NewOneReport places n queens by the method, "explicit" (One) or
// "minconflicts" (MinConflicts with the seed), and checks the placement.
// quiet leaves the queens out of the report. The placement is returned
// with the report; the error is that of the method, or of Verify.
func NewOneReport(ctx context.Context, n int, method string, seed uint64, quiet bool) (*OneReport, []int, error) {
	rec := &OneReport{N: n, Method: method}
	var rows []int
	var err error
	t0 := time.Now()
	switch method {
	case "minconflicts":
		var st LocalStats
		rows, st, err = MinConflicts(ctx, n, seed)
		rec.Stats.Swaps, rec.Stats.Tries, rec.Stats.Restarts = st.Swaps, st.Tries, st.Restarts
	case "explicit":
		rows, err = One(n)
	default:
		return rec, nil, fmt.Errorf("queens: one: unknown method %q (want explicit or minconflicts)", method)
	}
	rec.Stats.TimeMS = millis(time.Since(t0))
	if err != nil {
		return rec, nil, err
	}
	t1 := time.Now()
	verr := Verify(rows)
	rec.Stats.VerifyMS = millis(time.Since(t1))
	rec.Verified = verr == nil
	if !quiet {
		rec.Queens = rows
	}
	if verr != nil {
		return rec, rows, fmt.Errorf("queens: one: n=%d: the placement is wrong: %w", n, verr)
	}
	return rec, rows, nil
}

// ---- dominate ----

// DominateReport is the object of dominate.
type DominateReport struct {
	N           int         `json:"n"`
	Independent bool        `json:"independent"`
	Size        int         `json:"size"`
	Queens      [][2]int    `json:"queens"`
	Proof       []SizeProof `json:"proof"`
	Stats       SearchStats `json:"stats"`
}

// SizeProof is the search for one number of queens.
type SizeProof struct {
	K      int     `json:"k"`
	Found  bool    `json:"found"`
	Nodes  int64   `json:"nodes"`
	TimeMS float64 `json:"time_ms"`
}

// NewDominateReport is the report of Dominate's outcome; queens are
// [row, col] pairs.
func NewDominateReport(n int, independent bool, res Domination) *DominateReport {
	rec := &DominateReport{N: n, Independent: independent, Size: res.Size, Queens: [][2]int{},
		Stats: SearchStats{Nodes: res.Nodes, TimeMS: millis(res.Time)}}
	for _, q := range res.Queens {
		rec.Queens = append(rec.Queens, [2]int{q.Row, q.Col})
	}
	for _, t := range res.Tried {
		rec.Proof = append(rec.Proof, SizeProof{K: t.K, Found: t.Found, Nodes: t.Nodes, TimeMS: millis(t.Time)})
	}
	return rec
}
