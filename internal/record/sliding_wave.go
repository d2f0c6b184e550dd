package record

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/puzzlesolvers/puzzle/internal/shard"
	"github.com/puzzlesolvers/puzzle/sliding"
	"github.com/puzzlesolvers/puzzle/status"
)

// SlidingWaveJob names the search of one board by waves: its board, goal
// and heuristic. Every record of its waves carries it, so that shards of
// different jobs are never merged.
type SlidingWaveJob struct {
	Job       string `json:"job"` // shard.Job's ID: the command, goal, heuristic and the board's SHA-256
	Rows      int    `json:"rows"`
	Cols      int    `json:"cols"`
	Board     string `json:"board"`
	Goal      string `json:"goal"`
	Heuristic string `json:"heuristic"`
}

// NewSlidingWaveJob is the job of solving p with heuristic h by waves.
func NewSlidingWaveJob(p *sliding.Puzzle, h sliding.Heuristic) SlidingWaveJob {
	j := SlidingWaveJob{Rows: p.Board.Rows, Cols: p.Board.Cols, Board: p.Board.Line(), Goal: p.Goal.String(), Heuristic: string(h)}
	j.Job = j.identity()
	return j
}

func (j SlidingWaveJob) identity() string {
	var in shard.Inputs
	io.Copy(io.Discard, in.Reader(strings.NewReader(fmt.Sprintf("%d×%d %s", j.Rows, j.Cols, j.Board))))
	return shard.Job{Command: "sliding solve --bound", Args: []string{"--goal", j.Goal, "--heuristic", j.Heuristic}, Inputs: in.Sum()}.ID()
}

// Check reports a job whose identity does not match its fields.
func (j SlidingWaveJob) Check() error {
	if j.Job != j.identity() {
		return fmt.Errorf("job %q does not match its board, goal and heuristic (want %q)", j.Job, j.identity())
	}
	return nil
}

// SlidingWaveTotal counts the nodes of waves.
type SlidingWaveTotal struct {
	Waves     int   `json:"waves"`
	Generated int64 `json:"generated"`
	Expanded  int64 `json:"expanded"`
}

// SlidingSubtree is the search below one frontier node of a wave.
type SlidingSubtree struct {
	Index          int    `json:"index"`
	Path           string `json:"path"`
	AboveGenerated int64  `json:"above_generated"`
	AboveExpanded  int64  `json:"above_expanded"`
	Generated      int64  `json:"generated"`
	Expanded       int64  `json:"expanded"`
	Found          bool   `json:"found,omitempty"`
}

// SlidingWaveShard is the record of one shard of one wave: what `puzzle
// sliding solve --shard I/K --json` prints.
type SlidingWaveShard struct {
	Head
	SlidingWaveJob
	Shard    string `json:"shard"` // I/K
	Estimate int    `json:"initial_estimate"`
	Bound    int    `json:"bound"`
	Cut      int    `json:"cut"`
	// AutoCut: the cut was chosen from K (--cut auto).
	AutoCut  bool `json:"auto_cut,omitempty"`
	Frontier int  `json:"frontier"`
	Found    bool `json:"found"`
	// Length, Moves and FoundSubtree are there when Found is.
	Length       *int    `json:"length,omitempty"`
	Moves        *string `json:"moves,omitempty"`
	FoundSubtree *int    `json:"found_subtree,omitempty"`
	// NextBound is the least f above the bound this shard met.
	NextBound int `json:"next_bound,omitempty"`
	// StoppedBy is the shard (from 1) that found the goal, when this one
	// stopped for it (--found): its counts are partial.
	StoppedBy int              `json:"stopped_by,omitempty"`
	Above     SlidingWaveTotal `json:"above"`
	// Before counts the waves before this one, as the --wave file said.
	Before   SlidingWaveTotal `json:"before"`
	Subtrees []SlidingSubtree `json:"subtrees"`
	Stats    *SlidingStats    `json:"stats,omitempty"`
}

// NewSlidingWaveShard is the record of a shard's result res (err its
// error) for job j, after the waves of before. A solution is replayed to
// the goal before it is reported.
func NewSlidingWaveShard(file string, p *sliding.Puzzle, j SlidingWaveJob, before SlidingWaveTotal, res sliding.WaveResult, err error) *SlidingWaveShard {
	rec := &SlidingWaveShard{Head: Head{File: file, Line: p.Line, Name: p.Name, Status: res.Status}, SlidingWaveJob: j,
		Shard: fmt.Sprintf("%d/%d", res.Shard, res.Shards), Estimate: res.Initial, Bound: res.Bound, Cut: res.Cut, AutoCut: res.AutoCut,
		Frontier: res.Frontier, Found: res.Found, NextBound: res.Next, Before: before, Subtrees: []SlidingSubtree{},
		Above: SlidingWaveTotal{Waves: 1, Generated: res.AboveGenerated, Expanded: res.AboveExpanded}}
	switch res.Status {
	case status.Solved:
	case status.None:
		rec.Reason = "parity: the permutation's parity differs from the blank's distance to its goal"
		return rec
	default:
		rec.Error = errorText(err, res.Status)
		if errors.Is(err, context.Canceled) {
			rec.Error = "interrupted" // as the other families say it
		}
		return rec
	}
	if res.StoppedBy != 0 {
		rec.StoppedBy, rec.NextBound = res.StoppedBy, 0
	}
	if res.Found {
		if err := p.Board.Check(res.Moves, p.Goal); err != nil {
			rec.Status, rec.Error = status.Invalid, "internal error: "+err.Error()
			return rec
		}
		n, m, i := len(res.Moves), res.Moves.String(), res.FoundIndex
		rec.Length, rec.Moves, rec.FoundSubtree, rec.NextBound = &n, &m, &i, 0
	}
	for _, s := range res.Subtrees {
		rec.Subtrees = append(rec.Subtrees, SlidingSubtree{Index: s.Index, Path: s.Path, AboveGenerated: s.AboveGenerated,
			AboveExpanded: s.AboveExpanded, Generated: s.Generated, Expanded: s.Expanded, Found: s.Found})
	}
	rec.Stats = &SlidingStats{Generated: res.Stats.Generated, Expanded: res.Stats.Expanded, MaxFrontier: res.Stats.MaxFrontier,
		Iterations: res.Stats.Iterations, TimeMS: Millis(res.Stats.Time)}
	return rec
}

// Result reads the shard's result back, for sliding.MergeWave.
func (r *SlidingWaveShard) Result() (sliding.WaveResult, error) {
	res := sliding.WaveResult{Status: r.Status, Heuristic: sliding.Heuristic(r.Heuristic), Initial: r.Estimate, Bound: r.Bound,
		Cut: r.Cut, AutoCut: r.AutoCut, Frontier: r.Frontier, Found: r.Found, Next: r.NextBound, StoppedBy: r.StoppedBy,
		AboveGenerated: r.Above.Generated, AboveExpanded: r.Above.Expanded}
	if _, err := fmt.Sscanf(r.Shard, "%d/%d", &res.Shard, &res.Shards); err != nil || fmt.Sprintf("%d/%d", res.Shard, res.Shards) != r.Shard {
		return res, fmt.Errorf("shard %q: want I/K", r.Shard)
	}
	if r.Found {
		if r.Moves == nil || r.FoundSubtree == nil {
			return res, errors.New("found, but no moves or found_subtree")
		}
		ms, err := sliding.ParseMoves(*r.Moves)
		if err != nil {
			return res, err
		}
		res.Moves, res.FoundIndex = ms, *r.FoundSubtree
	}
	for _, s := range r.Subtrees {
		res.Subtrees = append(res.Subtrees, sliding.Subtree{Index: s.Index, Path: s.Path, AboveGenerated: s.AboveGenerated,
			AboveExpanded: s.AboveExpanded, Generated: s.Generated, Expanded: s.Expanded, Found: s.Found})
	}
	if r.Stats != nil {
		res.Stats = sliding.Stats{Generated: r.Stats.Generated, Expanded: r.Stats.Expanded, MaxFrontier: r.Stats.MaxFrontier,
			Iterations: r.Stats.Iterations, Time: time.Duration(r.Stats.TimeMS * float64(time.Millisecond))}
	}
	return res, nil
}

// SlidingWaveNext is the file `puzzle sliding wave` writes for the next
// wave, which its shards read with --wave: the job, the next bound and
// cut, the counts so far and the subtrees' sizes to balance the shards.
type SlidingWaveNext struct {
	SlidingWaveJob
	Bound int `json:"bound"`
	Cut   int `json:"cut"`
	// AutoCut: the cut was chosen from K; the next wave deepens it when
	// its frontier holds fewer than 32 × K subtrees.
	AutoCut bool             `json:"auto_cut,omitempty"`
	Before  SlidingWaveTotal `json:"before"`
	Sizes   map[string]int64 `json:"sizes"`
}

// SlidingWave is the record of `puzzle sliding wave`: a wave merged, and
// either the solution with the counts of every wave, or the next bound.
type SlidingWave struct {
	Head
	SlidingWaveJob
	Bound  int `json:"bound"`
	Shards int `json:"shards"`
	// Found, with Length, Moves and Optimal (true: IDA* found it at the
	// least bound that holds one).
	Found   bool    `json:"found"`
	Length  *int    `json:"length,omitempty"`
	Moves   *string `json:"moves,omitempty"`
	Optimal *bool   `json:"optimal,omitempty"`
	// Stopped lists the shards (I/K) that stopped when another found the
	// goal (--found); Partial is then true: the wave's counts (and the
	// total's) are the nodes the shards searched, not the iteration's in
	// one piece. The solution is optimal all the same.
	Stopped []string `json:"stopped,omitempty"`
	Partial bool     `json:"partial,omitempty"`
	// NextBound and NextFile (where the next wave's file was written)
	// when nothing was found.
	NextBound int    `json:"next_bound,omitempty"`
	NextFile  string `json:"next_file,omitempty"`
	// Wave counts this wave's nodes, Total every wave's so far.
	Wave  SlidingWaveTotal `json:"wave"`
	Total SlidingWaveTotal `json:"total"`
	// Balance is the most nodes a shard generated over the mean; Slowest
	// the longest time of a shard.
	Balance   float64 `json:"balance"`
	SlowestMS float64 `json:"slowest_ms"`
}
