package record

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/puzzlesolvers/puzzle/status"
	"github.com/puzzlesolvers/puzzle/sudoku"
)

// SudokuOptions control NewSudokuSolve.
type SudokuOptions struct {
	// Limit is sudoku.Options.Limit: 0 proves uniqueness, 1 finds any
	// solution, a negative value finds them all.
	Limit int
	// ListAll lists every solution found in Solutions, besides the first
	// in Solution.
	ListAll bool
	// Explain adds the steps of sudoku.Explain.
	Explain bool
	// Undecided adds, to a record of status multiple, exactly the cells
	// where solutions differ (sudoku.Undecided).
	Undecided bool
	// Suggest adds, to a record of status multiple, the fewest givens
	// that make the first solution the only one, and to one of status
	// unique whether it is minimal (record.Suggest). SuggestTime bounds
	// the search for the fewest givens (0: DefaultSuggestTime).
	Suggest     bool
	SuggestTime time.Duration
	// Intended, with Suggest, is the solution the author means: the
	// givens suggested are its digits. A puzzle it is not a solution of
	// (another size, a given it differs from) gets status invalid and an
	// error naming both.
	Intended *SudokuIntended
	// Timeout bounds the solve and the explanation together; 0 leaves the
	// limit to ctx. It is named in the error of a timed-out record.
	Timeout time.Duration
	// Lean leaves Solution nil and keeps the first solution flat, for a
	// writer that writes the record with AppendJSON, which writes the
	// grid from it; Complete fills Solution for any other use.
	Lean bool
	// Workers is sudoku.Options.Workers: the clause-learning searches
	// that may run at once on a hard grid.
	Workers int
	// Found, when set, receives each solution as it is found (see
	// sudoku.Options.Found), and the record keeps none of them: Solution
	// and Solutions stay empty, Count counts them. The command line
	// streams a long list of solutions this way.
	Found func(solution []uint8) bool
}

// SudokuSolve is the record of one solved puzzle: `puzzle sudoku solve
// --json` and POST /api/sudoku/solve. Grids are rows of values.
type SudokuSolve struct {
	Head
	Rows int `json:"rows,omitempty"`
	Cols int `json:"cols,omitempty"`
	Box  int `json:"box,omitempty"`
	// Solution is the first solution (in sorted order), Solutions every
	// solution found when they are listed.
	Solution  [][]int   `json:"solution,omitempty"`
	Solutions [][][]int `json:"solutions,omitempty"`
	// Count is the number of solutions found.
	Count int `json:"count"`
	// LimitReached says that the search stopped at the limit of
	// solutions to list (--all's default cap, or --limit), so that more
	// may exist.
	LimitReached bool `json:"limit_reached,omitempty"`
	// Undecided is, with SudokuOptions.Undecided and status multiple,
	// every cell whose digit differs between some two solutions.
	Undecided []Cell `json:"undecided,omitempty"`
	// Suggest is, with SudokuOptions.Suggest, what makes the puzzle
	// unique or whether it is minimal.
	Suggest *Suggest `json:"suggest,omitempty"`
	// Steps are the logical steps, with --explain; Stuck says the
	// techniques stopped before the grid was full.
	Steps []sudoku.Step `json:"steps,omitempty"`
	Stuck bool          `json:"stuck,omitempty"`
	Stats *SudokuStats  `json:"stats,omitempty"`

	// Puzzle, Result (its solutions sorted) and Explanation (with
	// Explain) are for the human output; so is Cause, the error of an
	// invalid puzzle (a *sudoku.SyntaxError).
	Puzzle      *sudoku.Puzzle      `json:"-"`
	Intended    *SudokuIntended     `json:"-"`
	Cause       error               `json:"-"`
	Result      sudoku.Result       `json:"-"`
	Explanation *sudoku.Explanation `json:"-"`

	// grid is the first solution, row-major, while Solution waits to be
	// filled (SudokuOptions.Lean).
	grid []uint8
}

// Complete fills Solution from the flat first solution that a Lean
// record keeps, so that encoding/json and the other readers of the
// record see it whole.
func (r *SudokuSolve) Complete() {
	if r.grid != nil && r.Solution == nil {
		r.Solution = SudokuRows(r.grid, r.Rows)
	}
	r.grid = nil
}

// SudokuStats is the work a solve took.
type SudokuStats struct {
	TimeMS    float64 `json:"time_ms"`
	Nodes     int64   `json:"nodes"`
	Conflicts int64   `json:"conflicts"`
	Solver    string  `json:"solver,omitempty"` // none when the time ran out before a solver started
}

// sudokuInvalid is the head of a puzzle that Solve finds invalid (a digit
// given twice in a puzzle not read by a sudoku.Reader, which checks it).
func sudokuInvalid(file string, p *sudoku.Puzzle, err error) (Head, error) {
	cause := err
	if u := errors.Unwrap(err); u != nil {
		cause = u
	}
	se := &sudoku.SyntaxError{File: file, Line: p.Line, Msg: cause.Error(), Err: cause}
	return Invalid(file, se), se
}

// sudokuHead is the head of a record about p.
func sudokuHead(file string, p *sudoku.Puzzle) Head {
	return Head{File: file, Line: p.Line, Name: p.Name}
}

// NewSudokuSolve solves p, read from file, and returns its record. The
// solutions are sorted, so that the record depends only on the puzzle.
func NewSudokuSolve(ctx context.Context, file string, p *sudoku.Puzzle, opt SudokuOptions) *SudokuSolve {
	room := new(sudokuRoom) // one allocation for the record and its stats
	room.solve(ctx, file, p, opt, nil)
	return &room.rec
}

// SudokuRecords makes the records of puzzles solved one after another in
// one record, whose memory (the record, its stats and its one or two 9×9
// solutions) each Solve reuses: for a writer done with each record before
// it asks for the next, such as the command line's output on one core.
// The zero value is ready to use.
type SudokuRecords struct {
	room  sudokuRoom
	grids [2][81]uint8
	lists [2][]uint8
}

// Solve is NewSudokuSolve, overwriting the record the call before
// returned.
func (s *SudokuRecords) Solve(ctx context.Context, file string, p *sudoku.Puzzle, opt SudokuOptions) *SudokuSolve {
	s.lists = [2][]uint8{s.grids[0][:], s.grids[1][:]}
	s.room.solve(ctx, file, p, opt, s.lists[:])
	return &s.room.rec
}

// sudokuRoom is a record and its stats, made together.
type sudokuRoom struct {
	rec   SudokuSolve
	stats SudokuStats
}

// solve fills room with the record of p; a 9×9 solve writes its one or
// two solutions over the grids of reuse (sudoku.SolveInto).
func (room *sudokuRoom) solve(ctx context.Context, file string, p *sudoku.Puzzle, opt SudokuOptions, reuse [][]uint8) {
	n := p.Size()
	rec := &room.rec
	*rec = SudokuSolve{Head: sudokuHead(file, p), Rows: n, Cols: n, Box: p.Box, Puzzle: p}
	room.stats = SudokuStats{}
	if opt.Timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, opt.Timeout)
		defer cancel()
	}
	if opt.Suggest && opt.Intended != nil {
		if err := opt.Intended.mismatch(file, p); err != nil {
			*rec = SudokuSolve{Head: Head{File: file, Line: p.Line, Name: p.Name, Status: status.Invalid, Error: err.Error()}, Cause: err}
			return
		}
		rec.Intended = opt.Intended
	}
	res := sudoku.Result{Solutions: reuse[:0]}
	err := sudoku.SolveInto(ctx, p, sudoku.Options{Limit: opt.Limit, Found: opt.Found, Workers: opt.Workers}, &res)
	if res.Status == status.Invalid {
		// The record a Reader makes of the same puzzle
		// (sudoku.Reader.SolveChecks): its head alone.
		head, cause := sudokuInvalid(file, p, err)
		*rec = SudokuSolve{Head: head, Cause: cause}
		return
	}
	// The order in which a search finds solutions is its own business:
	// sorted, the output depends only on the puzzle. Two, the usual
	// case, take one comparison.
	if s := res.Solutions; len(s) == 2 {
		if bytes.Compare(s[0], s[1]) > 0 {
			s[0], s[1] = s[1], s[0]
		}
	} else {
		slices.SortFunc(s, bytes.Compare)
	}
	rec.Result = res
	rec.Status = res.Status
	rec.Count = res.Count
	rec.LimitReached = opt.ListAll && opt.Limit > 0 && res.Count >= opt.Limit
	if res.Status == status.Timeout {
		rec.Error = timeoutText(opt.Timeout, err)
	}
	room.stats = SudokuStats{TimeMS: Millis(res.Stats.Time), Nodes: res.Stats.Nodes,
		Conflicts: res.Stats.Conflicts, Solver: res.Stats.Solver}
	rec.Stats = &room.stats
	switch {
	case len(res.Solutions) == 0:
	case opt.Lean:
		rec.grid = res.Solutions[0]
	default:
		rec.Solution = SudokuRows(res.Solutions[0], n)
	}
	if opt.ListAll {
		rec.Solutions = make([][][]int, len(res.Solutions))
		for i, s := range res.Solutions {
			rec.Solutions[i] = SudokuRows(s, n)
		}
	}
	if opt.Undecided && res.Status == status.Multiple && len(res.Solutions) > 0 {
		cells, _, err := sudoku.Undecided(ctx, p, res.Solutions)
		if err != nil {
			// The work asked for did not finish: the record says so.
			rec.Status, rec.Error = status.Timeout, "undecided cells: "+timeoutText(opt.Timeout, err)
			return
		}
		rec.Undecided = make([]Cell, len(cells))
		for i, c := range cells {
			rec.Undecided[i] = Cell{Row: c.Row, Col: c.Col}
		}
	}
	if opt.Suggest && (res.Status == status.Multiple || res.Status == status.Unique) && len(res.Solutions) > 0 {
		intended := res.Solutions[0]
		if opt.Intended != nil {
			intended = opt.Intended.Cells
		}
		s, err := sudokuSuggest(ctx, p, res.Status, intended, opt.SuggestTime)
		if err != nil {
			rec.Status, rec.Error = status.Timeout, suggestFailed(ctx, opt.Timeout, err)
			return
		}
		rec.Suggest = s
	}
	if !opt.Explain || res.Status == status.Timeout {
		return
	}
	ex, err := sudoku.Explain(ctx, p)
	rec.Explanation = &ex
	rec.Steps = ex.Steps
	rec.Stuck = !ex.Solved
	switch {
	case err == nil:
	case ctx.Err() != nil:
		// The explanation did not finish in time: the work asked for
		// did not, whatever the solve found.
		rec.Status, rec.Error, rec.Stuck = status.Timeout, "explanation: "+timeoutText(opt.Timeout, err), false
	default:
		// Logic reached a contradiction: the reason there is no solution.
		rec.Stuck = false
		var ce *sudoku.ContradictionError
		if rec.Status == status.None && errors.As(err, &ce) {
			rec.Reason = ce.Msg
			if ce.Steps > 0 {
				rec.Reason = fmt.Sprintf("after %d logical steps %s", ce.Steps, ce.Msg)
			}
		}
	}
}

// timeoutText says why a search stopped: the time limit when there was
// one, else ctx's error.
func timeoutText(limit time.Duration, err error) string {
	if limit > 0 {
		return fmt.Sprintf("no answer within %v", limit)
	}
	if err == nil {
		return "interrupted"
	}
	return err.Error()
}

// SudokuRows splits a row-major N×N grid into rows of values.
func SudokuRows(cells []uint8, n int) [][]int {
	g := make([][]int, n)
	all := make([]int, n*n) // one allocation for the rows, each capped
	for r := range n {
		g[r] = all[r*n : (r+1)*n : (r+1)*n]
		for c := range n {
			g[r][c] = int(cells[r*n+c])
		}
	}
	return g
}

// SudokuRating is the grade of a puzzle, in the rate and generate records.
type SudokuRating struct {
	// Difficulty is easy, medium, hard, expert or extreme.
	Difficulty string `json:"difficulty"`
	// Hardest is the hardest technique the logical solution needs.
	Hardest string `json:"hardest"`
	// Length is the number of logical steps of the solution path.
	Length int     `json:"length"`
	Score  float64 `json:"score"`
	// SERating is our estimate on Sudoku Explainer's scale (1.0–12).
	SERating float64 `json:"se_rating"`
}

func sudokuRating(r sudoku.Rating) SudokuRating {
	return SudokuRating{Difficulty: r.Difficulty.String(), Hardest: r.Hardest.String(), Length: r.Steps, Score: r.Score, SERating: r.SE}
}

// SudokuRate is the record of one rated puzzle: `puzzle sudoku rate
// --json` and POST /api/sudoku/rate. Only a puzzle with exactly one
// solution (status unique) has a rating.
type SudokuRate struct {
	Head
	Rows int `json:"rows,omitempty"`
	Cols int `json:"cols,omitempty"`
	Box  int `json:"box,omitempty"`
	*SudokuRating
	Stats *TimeStats `json:"stats,omitempty"`

	// Cause is the error of an invalid puzzle (a *sudoku.SyntaxError),
	// for the human output.
	Cause error `json:"-"`
}

// TimeStats is a stats object with the time only.
type TimeStats struct {
	TimeMS float64 `json:"time_ms"`
}

// NewSudokuRate rates p, read from file. A puzzle with several solutions
// or none gets status multiple or none and no rating; timeout names limit
// when there was one (0: ctx's error).
func NewSudokuRate(ctx context.Context, file string, p *sudoku.Puzzle, limit time.Duration) *SudokuRate {
	n := p.Size()
	rec := &SudokuRate{Head: sudokuHead(file, p), Rows: n, Cols: n, Box: p.Box}
	if limit > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, limit)
		defer cancel()
	}
	start := time.Now()
	rt, err := sudoku.Rate(ctx, p)
	rec.Stats = &TimeStats{TimeMS: Millis(time.Since(start))}
	switch {
	case err == nil:
		rec.Status = status.Unique
		r := sudokuRating(rt)
		rec.SudokuRating = &r
	case errors.Is(err, sudoku.ErrNotUnique):
		rec.Status = status.Multiple
	case errors.Is(err, sudoku.ErrNoSolution):
		rec.Status = status.None
	case ctx.Err() != nil:
		rec.Status, rec.Error = status.Timeout, timeoutText(limit, err)
	default:
		rec.Head, rec.Cause = sudokuInvalid(file, p, err)
		rec.Stats = nil
	}
	return rec
}

// SudokuGenerate is the record of one generated puzzle: `puzzle sudoku
// generate --json` and GET /api/sudoku/generate. Its status is unique, or
// timeout when the time ran out before a puzzle was made.
type SudokuGenerate struct {
	Head
	Seed Seed `json:"seed"`
	Rows int  `json:"rows"`
	Cols int  `json:"cols"`
	Box  int  `json:"box"`
	// Target is the difficulty asked for, "" for any; Missed says no
	// attempt reached it, and the puzzle is the closest found.
	Target string `json:"target,omitempty"`
	Missed bool   `json:"missed,omitempty"`
	*SudokuGenerated
	Stats SudokuGenerateStats `json:"stats"`

	// Generated is the engine's result, for the human output.
	Generated *sudoku.Generated `json:"-"`
}

// SudokuGenerated is a generated puzzle in a SudokuGenerate record.
type SudokuGenerated struct {
	Givens int `json:"givens"`
	// Text is the puzzle in the one-line format, for grids up to 61×61.
	Text     string  `json:"text,omitempty"`
	Puzzle   [][]int `json:"puzzle"`
	Solution [][]int `json:"solution"`
	SudokuRating
	// Minimal is true when every given was proved necessary.
	Minimal bool `json:"minimal"`
}

// SudokuGenerateStats is the work a generation took.
type SudokuGenerateStats struct {
	TimeMS float64 `json:"time_ms"`
	// Attempts counts the puzzles made to meet the difficulty, Checks the
	// uniqueness checks by Solve.
	Attempts int `json:"attempts"`
	Checks   int `json:"checks"`
}

// maxLineValues is the largest N the one-line format holds.
const maxLineValues = 61

// NewSudokuGenerate makes the puzzle of opt (whose Seed it records) and
// returns its record. A missed difficulty is Missed, not an error; a ctx
// that ends first gives status timeout with ctx's error, and any other
// failure of Generate (opt out of range) is returned.
func NewSudokuGenerate(ctx context.Context, opt sudoku.GenerateOptions) (*SudokuGenerate, error) {
	box := opt.Box
	if box == 0 {
		box = 3
	}
	n := box * box
	rec := &SudokuGenerate{Seed: Seed(opt.Seed), Rows: n, Cols: n, Box: box}
	if opt.Difficulty != 0 {
		rec.Target = opt.Difficulty.String()
	}
	start := time.Now()
	g, err := sudoku.Generate(ctx, opt)
	rec.Stats.TimeMS = Millis(time.Since(start))
	switch {
	case ctx.Err() != nil:
		rec.Status, rec.Error = status.Timeout, timeoutText(0, ctx.Err())
		return rec, nil
	case errors.Is(err, sudoku.ErrDifficultyMissed):
		rec.Missed = true
	case err != nil:
		return nil, err
	}
	p := g.Puzzle
	if p.Givens() == len(p.Cells) {
		// The time ran out before a single given could go: the full
		// grid is no puzzle.
		budget := "--budget"
		if opt.Budget > 0 {
			budget += " " + opt.Budget.String()
		}
		rec.Status = status.Timeout
		rec.Error = fmt.Sprintf("%s ran out before a given was removed: no puzzle (a larger --budget makes one)", budget)
		return rec, nil
	}
	rec.Status = status.Unique
	rec.Generated = &g
	rec.Stats.Attempts, rec.Stats.Checks = g.Attempts, g.Checks
	rec.SudokuGenerated = &SudokuGenerated{Givens: p.Givens(), Puzzle: SudokuRows(p.Cells, n), Solution: SudokuRows(g.Solution, n),
		SudokuRating: sudokuRating(g.Rating), Minimal: g.Minimal}
	if n <= maxLineValues {
		rec.Text = p.String()
	}
	return rec, nil
}

// SudokuHint is the answer of POST /api/sudoku/hint: the steps up to and
// including the first that places a digit. Its status is that of the grid
// as given (unique, multiple or none).
type SudokuHint struct {
	Head
	Rows int `json:"rows,omitempty"`
	Cols int `json:"cols,omitempty"`
	Box  int `json:"box,omitempty"`
	// Complete is true when the grid is full (and so right: a digit given
	// twice is invalid).
	Complete bool          `json:"complete"`
	Steps    []sudoku.Step `json:"steps,omitempty"`
	Message  string        `json:"message,omitempty"`
}

// SudokuBench is the record of one data set of `puzzle sudoku bench
// --json`. Its status is solved when every puzzle was answered and every
// solution checked, timeout when a puzzle timed out or the run was
// interrupted, invalid when a puzzle was malformed or a check failed.
type SudokuBench struct {
	Head
	Set string `json:"set"`
	// Count is the number of puzzles solved; Tally counts them by status.
	Count int                   `json:"count"`
	Tally map[status.Status]int `json:"tally"`
	Stats SudokuBenchStats      `json:"stats"`
}

// SudokuBenchStats are the measurements of a bench set.
type SudokuBenchStats struct {
	TimeMS      float64 `json:"time_ms"`
	PuzzlesPerS float64 `json:"puzzles_per_s"`
	MicrosEach  float64 `json:"us_per_puzzle"`
	// CPUMS is the CPU time (user and system) of the timed loop, the
	// measure that holds on a shared machine; 0 where it is not measured.
	CPUMS          float64 `json:"cpu_ms"`
	CPUMicrosEach  float64 `json:"cpu_us_per_puzzle"`
	WorstMS        float64 `json:"worst_ms"`
	WorstLine      int     `json:"worst_line"`
	NodesPerPuzzle float64 `json:"nodes_per_puzzle"`
}
