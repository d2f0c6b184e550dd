package main

import (
	"flag"
	"fmt"
	"strings"
	"time"

	"github.com/puzzlesolvers/puzzle/internal/record"
	"github.com/puzzlesolvers/puzzle/queens"
	"github.com/puzzlesolvers/puzzle/status"
)

// ---- dominate ----

const queensDominateUsage = `Usage: puzzle queens dominate [--independent] [--draw] [--json] [--shard I/K|auto [--shards K]] N...

Finds the least number of queens that occupy or attack every square of
the N×N board, γ(Q_N) (OEIS A075458), with such a set, for N up to 16;
with --independent, queens that also do not attack each other (A075324).
The search tries 1, 2, ... queens; every size below the answer is proved
impossible by exhaustive search (set cover with bounds and symmetry), and
the set found is checked. Proofs take under a second up to N = 13, about
10 s for N = 14 and minutes for N = 15; larger boards take far longer
(the command stops on interrupt).

Human output: the size, the queens (column:row), the nodes of each size
tried; --draw draws the board with 'Q' for a queen. --json prints {"n",
"status", "independent", "size", "queens": [{"row", "col"}, ...],
"proof": [{"k", "found", "nodes", "time_ms"}, ...], "stats": {"nodes",
"time_ms"}} per N; the status is solved, or timeout when interrupted
(exit status 1).

--shard I/K searches, for each number of queens k, only the branches of
the first queen i (from 0, in the order the search tries them) with i
mod K = I-1, and stops at the first k it finds a set for; --shard auto
takes I and K from Kubernetes, Slurm or GNU parallel. 'puzzle merge' of
the K shards' --json records gives the whole search's record: the same
size, set and nodes for every k proved impossible; the nodes of the size
found are the shards' (each searches its branches up to its own first
set). The branches number about 2N, so K beyond that leaves shards idle.

Examples:

	puzzle queens dominate 8
	puzzle queens dominate --json 1 2 3 4 5 6 7 8 9 10 11 12 13
	puzzle queens dominate --independent --draw 12
	puzzle queens dominate --json --shard 2/8 15 > d2.json
`

type queensDominateCmd struct {
	json, draw, independent bool
	timeout                 time.Duration
	shard                   shardFlags
}

func (c *queensDominateCmd) define(fs *flag.FlagSet) {
	fs.BoolVar(&c.json, "json", false, "print one JSON object per N")
	fs.BoolVar(&c.draw, "draw", false, "draw the board")
	fs.BoolVar(&c.independent, "independent", false, "queens that do not attack each other")
	queensTimeoutFlag(fs, &c.timeout)
	c.shard.define(fs, "first queen's branches of each size")
}

func (c *queensDominateCmd) run(e *env, v *verb, ops []string) int {
	ns, code, ok := queensBoardSizes(e, v, ops, 1, queens.MaxDominate)
	if !ok {
		return code
	}
	if c.timeout < 0 {
		return v.usageError(e, "--timeout must not be negative")
	}
	sh, code, ok := c.shard.resolve(e, v)
	if !ok {
		return code
	}
	o := e.queensOutput(v, c.json)
	o.timeout = c.timeout
	tty := isTerminal(e.stderr)
	for _, n := range ns {
		var prog *progress
		opt := queens.DominateOptions{Independent: c.independent, Progress: func(k int) {
			if tty {
				prog.stop()
				prog = startProgress(e.stderr, fmt.Sprintf("dominate n=%d: trying %s, k", n, plural(k, "queen")), n)
				prog.set(k)
			}
		}, Shard: sh.I, Shards: sh.K}
		ctx, cancel := o.limit()
		rec := record.NewQueensDominate(ctx, n, opt)
		cancel()
		prog.stop()
		o.record(rec, func() { queensDominateHuman(o, rec, c.draw) })
		if o.done() {
			break
		}
	}
	return o.exit()
}

// queensDominateHuman writes a dominate record for people.
func queensDominateHuman(o *queensOutput, rec *record.QueensDominate, draw bool) {
	n := rec.N
	what := "queens dominate"
	if rec.Independent {
		what = "independent queens dominate"
	}
	if rec.Status != status.Solved {
		o.printf("n=%d: %s\n", n, rec.Status)
		o.humanError(&rec.Head)
		return
	}
	if rec.Shard != "" && rec.Size == 0 {
		o.printf("n=%d: shard %s: no set of up to %d %s\n", n, rec.Shard, n, what)
	} else if rec.Shard != "" {
		o.printf("n=%d: shard %s: %d %s the board, first queen's branch %d\n", n, rec.Shard, rec.Size, what, *rec.Branch)
	}
	var sq []string
	for _, q := range rec.Queens {
		sq = append(sq, fmt.Sprintf("%d:%d", q.Col, q.Row))
	}
	if rec.Shard == "" {
		o.printf("n=%d: %d %s the board (%s), proved minimal in %s\n", n, rec.Size, what, strings.Join(sq, " "),
			fmtDuration(time.Duration(rec.Stats.TimeMS*float64(time.Millisecond))))
	}
	for _, t := range rec.Proof {
		verdict := "impossible"
		if rec.Shard != "" {
			verdict = "none here"
		}
		if t.Found {
			verdict = "found"
		}
		o.printf("  k=%-2d %-10s %10d nodes  %s\n", t.K, verdict, t.Nodes, fmtDuration(time.Duration(t.TimeMS*float64(time.Millisecond))))
	}
	if draw && rec.Size > 0 {
		drawQueens(o, n, rec.Queens)
	}
}

// drawQueens draws a board with 'Q' on the given squares.
func drawQueens(o *queensOutput, n int, qs []record.Cell) {
	board := make([][]byte, n)
	for r := range board {
		board[r] = []byte(strings.Repeat("- ", n))
		board[r] = board[r][:2*n-1]
	}
	for _, q := range qs {
		board[q.Row][2*q.Col] = 'Q'
	}
	for _, row := range board {
		o.printf("%s\n", row)
	}
	o.printf("\n")
}

// ---- heuristic ----

const queensHeuristicUsage = `Usage: puzzle queens heuristic [--json] N...

Runs the accessibility heuristic of the textbook eight queens exercise
from every starting square, for N up to 64: after the first queen, each
queen goes on the free square that would eliminate the fewest free
squares (counting itself), the first such square row by row on ties,
until no free square is left. It succeeds from a square when N queens
are placed.

Human output: a board of the number of queens placed from each starting
square (a '*' marks success), then the successful starts and the
solutions they give. --json prints {"n", "status", "successes", "starts":
[{"row", "col", "placed", "queens"}, ...], "stats": {"time_ms"}} per N,
queens (of a start that succeeds) an array of cells {"row", "col"}; the
status is solved when every start was tried, timeout when interrupted.

Examples:

	puzzle queens heuristic 8
	puzzle queens heuristic --json 4 5 6 7 8
`

type queensHeuristicCmd struct {
	json    bool
	timeout time.Duration
}

func (c *queensHeuristicCmd) define(fs *flag.FlagSet) {
	fs.BoolVar(&c.json, "json", false, "print one JSON object per N")
	queensTimeoutFlag(fs, &c.timeout)
}

func (c *queensHeuristicCmd) run(e *env, v *verb, ops []string) int {
	ns, code, ok := queensBoardSizes(e, v, ops, 1, queens.MaxHeuristic)
	if !ok {
		return code
	}
	if c.timeout < 0 {
		return v.usageError(e, "--timeout must not be negative")
	}
	o := e.queensOutput(v, c.json)
	o.timeout = c.timeout
	for _, n := range ns {
		ctx, cancel := o.limit()
		rec := record.NewQueensHeuristic(ctx, n)
		cancel()
		o.record(rec, func() {
			if rec.Status != status.Solved {
				o.printf("n=%d: %s\n", n, rec.Status)
				o.humanError(&rec.Head)
				return
			}
			o.printf("n=%d: succeeds from %d of %d starting squares\n", n, rec.Successes, n*n)
			width := len(fmt.Sprint(n)) + 1
			for r := range n {
				var line strings.Builder
				for col := range n {
					s := rec.Starts[r*n+col]
					mark := " "
					if s.Queens != nil {
						mark = "*"
					}
					fmt.Fprintf(&line, "%*d%s", width, s.Placed, mark)
				}
				o.printf("%s\n", strings.TrimRight(line.String(), " "))
			}
			for _, s := range rec.Starts {
				if s.Queens != nil {
					o.printf("  from %d:%d: %s\n", s.Col, s.Row, queensJoinInts(s.Queens))
				}
			}
			o.printf("\n")
		})
		if o.done() {
			break
		}
	}
	return o.exit()
}

// ---- brute ----

const queensBruteUsage = `Usage: puzzle queens brute --random|--exhaustive [--seed S] [--max-trials T] [--json] N...

The brute-force baselines that textbooks compare backtracking with, each
with its node count:

	--random      fill boards at random, each queen on a random square no
	              earlier queen attacks, until a board holds N queens
	              (nodes: queens placed; trials: boards filled)
	--exhaustive  test every placement of one queen per column in
	              lexicographic order until one is a solution (nodes:
	              placements tested; N up to 14)

For comparison, each line ends with the nodes plain backtracking takes
for its first solution (solve --limit 1).

--json prints {"n", "status", "error", "method", "seed", "queens",
"stats": {"trials", "nodes", "backtracking_nodes", "time_ms"}} per N,
queens an array of cells {"row", "col"}, seed (of --random) a string. The
status is solved; none when the exhaustive search finds no solution (N =
2, 3); timeout when --random gives up after --max-trials boards, or on
an interruption. Exit status 1 when no solution was found.

Examples:

	puzzle queens brute --random 8
	puzzle queens brute --exhaustive 8
	puzzle queens brute --random --json --seed 3 4 5 6 7 8 9 10
`

type queensBruteCmd struct {
	json, random, exhaustive bool
	seed                     uint64
	maxTrials                int64
	timeout                  time.Duration
}

func (c *queensBruteCmd) define(fs *flag.FlagSet) {
	fs.BoolVar(&c.json, "json", false, "print one JSON object per N")
	fs.BoolVar(&c.random, "random", false, "random boards until one holds N queens")
	fs.BoolVar(&c.exhaustive, "exhaustive", false, "every placement of one queen per column, in order")
	fs.Uint64Var(&c.seed, "seed", 1, "random seed")
	fs.Int64Var(&c.maxTrials, "max-trials", 10_000_000, "give up after `T` random boards")
	queensTimeoutFlag(fs, &c.timeout)
}

func (c *queensBruteCmd) run(e *env, v *verb, ops []string) int {
	if c.random == c.exhaustive {
		return v.usageError(e, "choose one of --random and --exhaustive")
	}
	if c.maxTrials < 1 {
		return v.usageError(e, "--max-trials must be at least 1")
	}
	hi, method := queens.MaxHeuristic, "random"
	if c.exhaustive {
		hi, method = queens.MaxExhaustive, "exhaustive"
	}
	ns, code, ok := queensBoardSizes(e, v, ops, 1, hi)
	if !ok {
		return code
	}
	if c.timeout < 0 {
		return v.usageError(e, "--timeout must not be negative")
	}
	o := e.queensOutput(v, c.json)
	o.timeout = c.timeout
	for _, n := range ns {
		ctx, cancel := o.limit()
		rec := record.NewQueensBrute(ctx, n, method, c.seed, c.maxTrials)
		cancel()
		o.record(rec, func() {
			o.printf("n=%d %s: ", n, rec.Method)
			if rec.Queens == nil {
				o.printf("no solution")
			} else {
				o.printf("%s", queensJoinInts(rec.Queens))
			}
			if c.random {
				o.printf(" after %s, %d queens placed", plural(int(rec.Stats.Trials), "board"), rec.Stats.Nodes)
			} else {
				o.printf(" after %d placements tested", rec.Stats.Nodes)
			}
			o.printf(" in %s; backtracking: %d nodes\n", fmtDuration(time.Duration(rec.Stats.TimeMS*float64(time.Millisecond))), rec.Stats.BacktrackingNodes)
			o.humanError(&rec.Head)
		})
		if o.done() {
			break
		}
	}
	return o.exit()
}
