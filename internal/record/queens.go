package record

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"time"

	"github.com/puzzlesolvers/puzzle/queens"
	"github.com/puzzlesolvers/puzzle/status"
)

// QueensPlacement is a placement of queens, the row of each column's queen
// as the engine gives it; in JSON it is the array of the queens' cells,
// column by column: [{"row": 3, "col": 0}, ...].
type QueensPlacement []int

// MarshalJSON writes the queens' cells.
func (p QueensPlacement) MarshalJSON() ([]byte, error) {
	return AppendQueensPlacement(nil, p), nil
}

// UnmarshalJSON reads the queens' cells: one queen in each column.
func (p *QueensPlacement) UnmarshalJSON(b []byte) error {
	var cells []Cell
	if err := json.Unmarshal(b, &cells); err != nil {
		return err
	}
	rows := make([]int, len(cells))
	for i := range rows {
		rows[i] = -1
	}
	for _, c := range cells {
		if c.Col < 0 || c.Col >= len(rows) || c.Row < 0 || c.Row >= len(rows) || rows[c.Col] >= 0 {
			return fmt.Errorf("queens: %d queens are not one in each column of the %d×%d board (%v)", len(rows), len(rows), len(rows), c)
		}
		rows[c.Col] = c.Row
	}
	*p = rows
	return nil
}

// AppendQueensPlacement appends the cells of the placement rows to b.
func AppendQueensPlacement(b []byte, rows []int) []byte {
	b = append(b, '[')
	for c, r := range rows {
		if c > 0 {
			b = append(b, ',')
		}
		b = AppendCell(b, r, c)
	}
	return append(b, ']')
}

// AppendCell appends the cell {"row":row,"col":col} to b, as Cell's JSON.
func AppendCell(b []byte, row, col int) []byte {
	b = append(b, `{"row":`...)
	b = strconv.AppendInt(b, int64(row), 10)
	b = append(b, `,"col":`...)
	b = strconv.AppendInt(b, int64(col), 10)
	return append(b, '}')
}

// QueensCells returns the cells of queens (never nil).
func QueensCells(qs []queens.Queen) []Cell {
	cells := make([]Cell, len(qs))
	for i, q := range qs {
		cells[i] = Cell{Row: q.Row, Col: q.Col}
	}
	return cells
}

// QueensStats is the work of a search.
type QueensStats struct {
	Nodes int64 `json:"nodes"`
	// Restarts counts the fresh starts of the completion search.
	Restarts int     `json:"restarts,omitempty"`
	TimeMS   float64 `json:"time_ms"`
}

// queensStopped is the error of work that ctx stopped: "interrupted" when
// cancelled, the time limit when it ran out.
func queensStopped(ctx context.Context, timeout time.Duration) string {
	if timeout > 0 && !errors.Is(ctx.Err(), context.Canceled) {
		return fmt.Sprintf("no answer within %v", timeout)
	}
	if errors.Is(ctx.Err(), context.DeadlineExceeded) {
		return "no answer within the time limit"
	}
	return "interrupted"
}

// queensFailed records the error of the work in h, if there is one:
// timeout when ctx stopped it, invalid otherwise.
func queensFailed(ctx context.Context, h *Head, err error) {
	switch {
	case err != nil && ctx.Err() != nil:
		h.Status, h.Error = status.Timeout, queensStopped(ctx, 0)
	case err != nil:
		h.Status, h.Error = status.Invalid, err.Error()
	}
}

// ---- count and merge ----

// QueensCount is the record of queens count and merge. Its status is
// none, unique or multiple as the board has 0, 1 or more solutions; solved
// for a shard, whose share says nothing of the whole; timeout when the
// count was stopped (the counts are then partial).
type QueensCount struct {
	Head
	N           int    `json:"n"`
	Count       uint64 `json:"count"`
	Fundamental uint64 `json:"fundamental"`
	Sym1        uint64 `json:"sym1,omitempty"`
	Sym2        uint64 `json:"sym2"`
	Sym4        uint64 `json:"sym4"`
	Sym8        uint64 `json:"sym8"`
	// Shard is "I/K", the share counted, 1 ≤ I ≤ K; "" for the whole count.
	Shard string           `json:"shard,omitempty"`
	Stats QueensCountStats `json:"stats"`
}

// QueensCountStats is the work of a count.
type QueensCountStats struct {
	Nodes            uint64  `json:"nodes"`
	Subproblems      int     `json:"subproblems"`
	TotalSubproblems int     `json:"total_subproblems"`
	Workers          int     `json:"workers,omitempty"`
	TimeMS           float64 `json:"time_ms"`
}

// NewQueensCount counts the solutions of the n×n board.
func NewQueensCount(ctx context.Context, n int, opt queens.CountOptions) *QueensCount {
	c, err := queens.Count(ctx, n, opt)
	rec := QueensCountOf(c, opt.Workers)
	queensFailed(ctx, &rec.Head, err)
	return rec
}

// QueensCountOf is the record of counts made with the number of workers
// asked for (0: the default, left out).
func QueensCountOf(c queens.Counts, workers int) *QueensCount {
	rec := &QueensCount{N: c.N, Count: c.Solutions, Fundamental: c.Fundamental, Sym1: c.Sym1, Sym2: c.Sym2, Sym4: c.Sym4, Sym8: c.Sym8,
		Stats: QueensCountStats{Nodes: c.Nodes, Subproblems: c.Subproblems, TotalSubproblems: c.Total, Workers: workers, TimeMS: Millis(c.Time)}}
	switch {
	case c.Shards > 1:
		rec.Shard = fmt.Sprintf("%d/%d", c.Shard, c.Shards)
		rec.Status = status.Solved
	case c.Solutions == 0:
		rec.Status = status.None
	case c.Solutions == 1:
		rec.Status = status.Unique
	default:
		rec.Status = status.Multiple
	}
	return rec
}

// ---- solve and complete ----

// QueensOptions control NewQueensSolve.
type QueensOptions struct {
	// Limit is the most solutions to list; 0 lists them all.
	Limit int
	// Complete asks for one solution by the completion search.
	Complete bool
	// Timeout, if positive, bounds the search and is named in the error.
	Timeout time.Duration
	// Visit, if set, receives each solution as it is found, instead of the
	// record holding them (the slice is reused after Visit returns).
	Visit func(rows []int)
}

// QueensSolve is the record of queens solve and complete: the queens given
// in advance, the solutions (each an array of cells) and their count.
// Its JSON puts status, count and stats after the solutions, so that a
// listing can be written as it is found (AppendStart, the solutions with
// AppendQueensPlacement separated by commas, AppendEnd).
type QueensSolve struct {
	Head
	N         int               `json:"n"`
	Given     []Cell            `json:"given"`
	Solutions []QueensPlacement `json:"solutions"`
	Count     int               `json:"count"`
	Stats     QueensStats       `json:"stats"`

	// Cause is the error of a puzzle that could not be read (a
	// *queens.SyntaxError), for the human output.
	Cause error `json:"-"`
}

// NewQueensSolve solves p, read from file ("" for none).
func NewQueensSolve(ctx context.Context, file string, p *queens.Puzzle, opt QueensOptions) *QueensSolve {
	rec := QueensSolveStart(file, p)
	sctx := ctx
	if opt.Timeout > 0 {
		var cancel context.CancelFunc
		sctx, cancel = context.WithTimeout(ctx, opt.Timeout)
		defer cancel()
	}
	res, err := queens.Solve(sctx, p, queens.Options{Limit: opt.Limit, Complete: opt.Complete, Visit: opt.Visit})
	rec.Status, rec.Count = res.Status, res.Count
	rec.Stats = QueensStats{Nodes: res.Stats.Nodes, Restarts: res.Stats.Restarts, TimeMS: Millis(res.Stats.Time)}
	for _, s := range res.Solutions {
		rec.Solutions = append(rec.Solutions, s)
	}
	switch {
	case res.Status == status.Timeout:
		rec.Error = queensStopped(sctx, opt.Timeout)
	case err != nil:
		rec.Status, rec.Error = status.Invalid, err.Error()
	}
	return rec
}

// QueensSolveStart is the record of p before it is solved: what
// AppendStart writes.
func QueensSolveStart(file string, p *queens.Puzzle) *QueensSolve {
	return &QueensSolve{Head: Head{File: file, Line: p.Line, Name: p.Name}, N: p.N, Given: QueensCells(p.Queens)}
}

// AppendStart appends the record up to the opening bracket of its
// solutions.
func (r *QueensSolve) AppendStart(b []byte) []byte {
	head, _ := json.Marshal(struct {
		File  string `json:"file,omitempty"`
		Line  int    `json:"line,omitempty"`
		Name  string `json:"name,omitempty"`
		N     int    `json:"n"`
		Given []Cell `json:"given"`
	}{r.File, r.Line, r.Name, r.N, r.Given})
	return append(append(b, head[:len(head)-1]...), `,"solutions":[`...)
}

// AppendEnd appends the record from the closing bracket of its solutions.
func (r *QueensSolve) AppendEnd(b []byte) []byte {
	tail, _ := json.Marshal(struct {
		Status status.Status `json:"status"`
		Error  string        `json:"error,omitempty"`
		Reason string        `json:"reason,omitempty"`
		Count  int           `json:"count"`
		Stats  QueensStats   `json:"stats"`
	}{r.Status, r.Error, r.Reason, r.Count, r.Stats})
	return append(append(b, "],"...), tail[1:]...)
}

// MarshalJSON writes the whole record, as the pieces do; the record of a
// puzzle that could not be read (N is 0) is its head alone.
func (r QueensSolve) MarshalJSON() ([]byte, error) {
	if r.N == 0 {
		return json.Marshal(r.Head)
	}
	b := r.AppendStart(nil)
	for i, s := range r.Solutions {
		if i > 0 {
			b = append(b, ',')
		}
		b = AppendQueensPlacement(b, s)
	}
	return r.AppendEnd(b), nil
}

// ---- one ----

// QueensOne is the record of queens one: a placement of n queens by a
// construction or by local search, checked. Status solved; none for the
// boards without a solution (2 and 3, with a reason); timeout.
type QueensOne struct {
	Head
	N      int    `json:"n"`
	Method string `json:"method"`
	// Seed is that of minconflicts.
	Seed *Seed `json:"seed,omitempty"`
	// Queens is the placement, left out when quiet.
	Queens   QueensPlacement `json:"queens,omitempty"`
	Verified bool            `json:"verified"`
	Stats    QueensOneStats  `json:"stats"`
	// Rows is the placement, even when quiet.
	Rows []int `json:"-"`
}

// QueensOneStats is the work of one.
type QueensOneStats struct {
	TimeMS   float64 `json:"time_ms"`
	VerifyMS float64 `json:"verify_ms"`
	Swaps    int64   `json:"swaps,omitempty"`
	Tries    int64   `json:"tries,omitempty"`
	Restarts int     `json:"restarts,omitempty"`
}

// NewQueensOne places n queens by the method, "explicit" (queens.One) or
// "minconflicts" (queens.MinConflicts with the seed), and checks the
// placement. quiet leaves the queens out of the JSON. The error is an
// unknown method.
func NewQueensOne(ctx context.Context, n int, method string, seed uint64, quiet bool) (*QueensOne, error) {
	rec := &QueensOne{Head: Head{Status: status.Solved}, N: n, Method: method}
	if method != "explicit" && method != "minconflicts" {
		return rec, fmt.Errorf("unknown method %q (want explicit or minconflicts)", method)
	}
	if method == "minconflicts" {
		s := Seed(seed)
		rec.Seed = &s
	}
	if n == 2 || n == 3 {
		rec.Status, rec.Reason = status.None, fmt.Sprintf("the %d×%d board has no solution", n, n)
		return rec, nil
	}
	var rows []int
	var err error
	t0 := time.Now()
	if method == "minconflicts" {
		var st queens.LocalStats
		rows, st, err = queens.MinConflicts(ctx, n, seed)
		rec.Stats.Swaps, rec.Stats.Tries, rec.Stats.Restarts = st.Swaps, st.Tries, st.Restarts
	} else {
		rows, err = queens.OneContext(ctx, n)
	}
	rec.Stats.TimeMS = Millis(time.Since(t0))
	switch {
	case err != nil && ctx.Err() != nil:
		rec.Status, rec.Error = status.Timeout, queensStopped(ctx, 0)
		return rec, nil
	case err != nil:
		rec.Status, rec.Error = status.Invalid, err.Error()
		return rec, nil
	}
	t1 := time.Now()
	verr := queens.VerifyContext(ctx, rows)
	rec.Stats.VerifyMS = Millis(time.Since(t1))
	if verr != nil && ctx.Err() != nil {
		rec.Status, rec.Error = status.Timeout, queensStopped(ctx, 0)
		return rec, nil
	}
	rec.Verified, rec.Rows = verr == nil, rows
	if !quiet {
		rec.Queens = rows
	}
	if verr != nil {
		rec.Status, rec.Error = status.Invalid, fmt.Sprintf("the placement is wrong: %v", verr)
	}
	return rec, nil
}

// ---- dominate ----

// QueensDominate is the record of queens dominate: the fewest queens that
// occupy or attack every square, with the proof that fewer cannot. Status
// solved; timeout (the sizes tried so far in proof).
type QueensDominate struct {
	Head
	N           int               `json:"n"`
	Independent bool              `json:"independent"`
	Size        int               `json:"size"`
	Queens      []Cell            `json:"queens"`
	Proof       []QueensSizeProof `json:"proof"`
	// Shard is "I/K" for a share of the search (--shard), whose size is
	// the least it found (0 for none up to n) and Branch the first
	// queen's branch of its set (-1 for none); merge takes the least.
	Shard  string      `json:"shard,omitempty"`
	Branch *int        `json:"branch,omitempty"`
	Stats  QueensStats `json:"stats"`
}

// QueensSizeProof is the search for k queens.
type QueensSizeProof struct {
	K      int     `json:"k"`
	Found  bool    `json:"found"`
	Nodes  int64   `json:"nodes"`
	TimeMS float64 `json:"time_ms"`
}

// NewQueensDominate runs queens.Dominate on the n×n board.
func NewQueensDominate(ctx context.Context, n int, opt queens.DominateOptions) *QueensDominate {
	res, err := queens.Dominate(ctx, n, opt)
	rec := &QueensDominate{Head: Head{Status: status.Solved}, N: n, Independent: opt.Independent, Size: res.Size,
		Queens: QueensCells(res.Queens), Proof: []QueensSizeProof{}, Stats: QueensStats{Nodes: res.Nodes, TimeMS: Millis(res.Time)}}
	for _, t := range res.Tried {
		rec.Proof = append(rec.Proof, QueensSizeProof{K: t.K, Found: t.Found, Nodes: t.Nodes, TimeMS: Millis(t.Time)})
	}
	if res.Shards > 1 {
		rec.Shard = fmt.Sprintf("%d/%d", res.Shard, res.Shards)
		rec.Branch = &res.Branch
	}
	queensFailed(ctx, &rec.Head, err)
	return rec
}

// ---- heuristic ----

// QueensHeuristic is the record of queens heuristic: the accessibility
// heuristic from every starting square. Status solved when the study ran
// to its end (whether or not a start succeeds); timeout.
type QueensHeuristic struct {
	Head
	N         int           `json:"n"`
	Successes int           `json:"successes"`
	Starts    []QueensStart `json:"starts"`
	Stats     struct {
		TimeMS float64 `json:"time_ms"`
	} `json:"stats"`
}

// QueensStart is the heuristic from one square.
type QueensStart struct {
	Row    int `json:"row"`
	Col    int `json:"col"`
	Placed int `json:"placed"`
	// Queens is the solution, when all n queens were placed.
	Queens QueensPlacement `json:"queens,omitempty"`
}

// NewQueensHeuristic runs queens.Accessibility on the n×n board.
func NewQueensHeuristic(ctx context.Context, n int) *QueensHeuristic {
	t0 := time.Now()
	starts, err := queens.Accessibility(ctx, n)
	rec := &QueensHeuristic{Head: Head{Status: status.Solved}, N: n, Starts: []QueensStart{}}
	rec.Stats.TimeMS = Millis(time.Since(t0))
	for _, s := range starts {
		rec.Starts = append(rec.Starts, QueensStart{Row: s.Row, Col: s.Col, Placed: s.Placed, Queens: s.Rows})
		if s.Rows != nil {
			rec.Successes++
		}
	}
	queensFailed(ctx, &rec.Head, err)
	return rec
}

// ---- brute ----

// QueensBrute is the record of queens brute: a brute-force baseline and
// the nodes plain backtracking takes for its first solution. Status
// solved; none when the exhaustive search finds no solution; timeout when
// the random one gives up (or is stopped).
type QueensBrute struct {
	Head
	N      int    `json:"n"`
	Method string `json:"method"`
	// Seed is that of the random method.
	Seed   *Seed            `json:"seed,omitempty"`
	Queens QueensPlacement  `json:"queens,omitempty"`
	Stats  QueensBruteStats `json:"stats"`
}

// QueensBruteStats is the work of a baseline.
type QueensBruteStats struct {
	// Trials counts the random boards filled.
	Trials int64 `json:"trials,omitempty"`
	// Nodes counts the queens placed (random) or the placements tested
	// (exhaustive).
	Nodes int64 `json:"nodes"`
	// BacktrackingNodes is the nodes of solve --limit 1 (n ≤ 32).
	BacktrackingNodes int64   `json:"backtracking_nodes"`
	TimeMS            float64 `json:"time_ms"`
}

// NewQueensBrute runs the baseline, "random" (queens.RandomBrute with the
// seed, up to maxTrials boards) or "exhaustive" (queens.ExhaustiveBrute).
func NewQueensBrute(ctx context.Context, n int, method string, seed uint64, maxTrials int64) *QueensBrute {
	rec := &QueensBrute{Head: Head{Status: status.Solved}, N: n, Method: method}
	var res queens.BruteResult
	var err error
	if method == "random" {
		s := Seed(seed)
		rec.Seed = &s
		res, err = queens.RandomBrute(ctx, n, seed, maxTrials)
	} else {
		res, err = queens.ExhaustiveBrute(ctx, n)
	}
	rec.Queens = res.Rows
	rec.Stats = QueensBruteStats{Trials: res.Trials, Nodes: res.Nodes, TimeMS: Millis(res.Time)}
	switch {
	case err != nil && ctx.Err() != nil:
		rec.Status, rec.Error = status.Timeout, queensStopped(ctx, 0)
		return rec
	case err != nil:
		rec.Status, rec.Error = status.Invalid, err.Error()
		return rec
	case res.Rows == nil && method == "random":
		rec.Status, rec.Error = status.Timeout, fmt.Sprintf("no solution within %d boards", maxTrials)
	case res.Rows == nil:
		rec.Status = status.None
	}
	if n <= queens.MaxCount {
		bt, _ := queens.Solve(ctx, &queens.Puzzle{N: n}, queens.Options{Limit: 1})
		rec.Stats.BacktrackingNodes = bt.Stats.Nodes
	}
	return rec
}

// ---- bench ----

// QueensBench is one row of queens bench: a task measured and its answer
// checked. Status solved when the answer is right, invalid (with the
// error) when it is wrong.
type QueensBench struct {
	Head
	Task    string `json:"task"`
	N       int    `json:"n"`
	Workers int    `json:"workers"`
	Result  string `json:"result"`
	// Check names the oracle.
	Check string `json:"check"`
	// Target is the time aimed at, and Met whether it was.
	Target string           `json:"target,omitempty"`
	Met    *bool            `json:"met,omitempty"`
	Stats  QueensBenchStats `json:"stats"`
}

// QueensBenchStats is the work of a row: wall and CPU time.
type QueensBenchStats struct {
	Nodes  int64   `json:"nodes,omitempty"`
	TimeMS float64 `json:"time_ms"`
	CPUMS  float64 `json:"cpu_ms"`
}
