package main

import (
	"context"
	"flag"
	"fmt"
	"runtime"
	"time"

	"github.com/puzzlesolvers/puzzle/internal/oeis"
	"github.com/puzzlesolvers/puzzle/internal/record"
	"github.com/puzzlesolvers/puzzle/queens"
	"github.com/puzzlesolvers/puzzle/status"
)

const queensBenchUsage = `Usage: puzzle queens bench [--one-core N] [--all-cores N] [--construct N]
                          [--minconflicts N] [--dominate N] [--independent N] [--quick] [--json]

Measures the engine against its targets and checks every answer:

	count       n = 12 .. --one-core (17) on one goroutine: solutions and
	            fundamental solutions against OEIS A000170 and A002562
	            (target for n = 17: 10 s of CPU)
	count       n = --all-cores (18) on every core (target for n = 18:
	            40 s wall on 2 cores)
	one         an explicit placement of --construct (10^7) queens, with its
	            O(n) check (target: 1 s)
	minconf     min-conflicts local search for --minconflicts (10^6) queens,
	            with its check (target: 5 s)
	dominate    γ(Q_n) for n = 1 .. --dominate (13), proved minimal, against
	            OEIS A075458, the set checked (target: 60 s each)
	indep       the same for independent queens, n = 1 .. --independent (13),
	            against OEIS A075324

Wall time and the process's CPU time are given for each row: the machine
may be shared, and CPU time is the fairer figure. A wrong answer gives
exit status 1; a missed target is reported, not an error. 0 skips a row.
--quick runs small sizes (for tests).

--json prints {"status", "error", "task", "n", "workers", "result",
"check", "target", "met", "stats": {"nodes", "time_ms", "cpu_ms"}} per
row: status solved when the answer is right, invalid (with the error)
when it is wrong; time_ms is wall time.

Examples:

	puzzle queens bench
	puzzle queens bench --all-cores 0 --dominate 12
	puzzle queens bench --json
`

type queensBenchCmd struct {
	oneCore, allCores, construct, minconf, dominate, independent int
	quick, json                                                  bool
}

func (c *queensBenchCmd) define(fs *flag.FlagSet) {
	fs.IntVar(&c.oneCore, "one-core", 17, "count n = 12 .. `N` on one goroutine")
	fs.IntVar(&c.allCores, "all-cores", 18, "count `N` on every core")
	fs.IntVar(&c.construct, "construct", 10_000_000, "place `N` queens by the explicit construction")
	fs.IntVar(&c.minconf, "minconflicts", 1_000_000, "place `N` queens by min-conflicts")
	fs.IntVar(&c.dominate, "dominate", 13, "prove γ(Q_n) for n = 1 .. `N`")
	fs.IntVar(&c.independent, "independent", 13, "prove i(Q_n), independent queens, for n = 1 .. `N`")
	fs.BoolVar(&c.quick, "quick", false, "small sizes: --one-core 12 --all-cores 13 --construct 100000 --minconflicts 10000 --dominate 8 --independent 8")
	fs.BoolVar(&c.json, "json", false, "print one JSON object per row")
}

func (c *queensBenchCmd) run(e *env, v *verb, ops []string) int {
	if len(ops) > 0 {
		return v.usageError(e, "unexpected argument %q", ops[0])
	}
	if c.quick {
		c.oneCore, c.allCores, c.construct, c.minconf, c.dominate, c.independent = 12, 13, 100_000, 10_000, 8, 8
	}
	if c.oneCore > queens.MaxCount || c.allCores > queens.MaxCount || c.dominate > queens.MaxDominate || c.independent > queens.MaxDominate ||
		c.oneCore < 0 || c.allCores < 0 || c.dominate < 0 || c.independent < 0 || c.construct < 0 || c.minconf < 0 {
		return v.usageError(e, "sizes out of range: counts up to %d, dominate up to %d", queens.MaxCount, queens.MaxDominate)
	}
	o := e.queensOutput(v, c.json)
	if !c.json {
		o.printf("%d cores (GOMAXPROCS %d), %s %s/%s; CPU is the whole process's user+system time\n\n",
			runtime.NumCPU(), runtime.GOMAXPROCS(0), runtime.Version(), runtime.GOOS, runtime.GOARCH)
		o.printf("%-9s %9s %7s  %-44s %-6s %10s %10s %14s  %s\n", "task", "n", "workers", "result", "check", "wall", "cpu", "nodes", "target")
		o.flush()
	}
	emit := func(rec *record.QueensBench, ok bool, wrong string) {
		if ok {
			rec.Status = status.Solved
		} else {
			rec.Status, rec.Error = status.Invalid, "wrong answer: "+wrong
		}
		o.record(rec, func() { queensBenchHuman(o, rec) })
	}
	// measure runs fn and fills in the times and the target.
	measure := func(rec *record.QueensBench, limit time.Duration, byCPU bool, fn func(ctx context.Context) error) error {
		runtime.GC()
		c0, t0 := queensCPUTime(), time.Now()
		err := fn(e.ctx)
		wall, cpu := time.Since(t0), queensCPUTime()-c0
		rec.Stats.TimeMS, rec.Stats.CPUMS = ms(wall), ms(cpu)
		if limit > 0 {
			d, what := wall, "wall"
			if byCPU {
				d, what = cpu, "CPU"
			}
			met := d <= limit
			rec.Met = &met
			rec.Target = fmt.Sprintf("≤ %v %s", limit, what)
		}
		return err
	}
	count := func(n, workers int, limit time.Duration, byCPU bool) bool {
		rec := &record.QueensBench{Task: "count", N: n, Workers: workers}
		var res queens.Counts
		err := measure(rec, limit, byCPU, func(ctx context.Context) error {
			var err error
			res, err = queens.Count(ctx, n, queens.CountOptions{Workers: workers})
			return err
		})
		if err != nil {
			return false
		}
		total, fundamental, known := oeis.QueensCounts(n)
		rec.Result = fmt.Sprintf("%d solutions, %d fundamental", res.Solutions, res.Fundamental)
		rec.Check = "OEIS A000170, A002562"
		rec.Stats.Nodes = int64(res.Nodes)
		emit(rec, known && res.Solutions == total && res.Fundamental == fundamental, fmt.Sprintf("OEIS: %d, %d", total, fundamental))
		return true
	}
	if c.oneCore >= 1 {
		for n := min(12, c.oneCore); n <= c.oneCore; n++ {
			var limit time.Duration
			if n == 17 {
				limit = 10 * time.Second
			}
			if !count(n, 1, limit, true) {
				return o.exit()
			}
		}
	}
	if c.allCores >= 1 {
		var limit time.Duration
		if c.allCores == 18 {
			limit = 40 * time.Second
		}
		if !count(c.allCores, runtime.GOMAXPROCS(0), limit, false) {
			return o.exit()
		}
	}
	if c.construct >= 1 {
		n := c.construct
		rec := &record.QueensBench{Task: "one", N: n, Workers: 1, Check: "Verify"}
		var verr error
		measure(rec, time.Second, false, func(context.Context) error {
			rows, err := queens.One(n)
			if err == nil {
				verr = queens.Verify(rows)
			} else {
				verr = err
			}
			return nil
		})
		rec.Result = "explicit placement, checked"
		if verr != nil {
			rec.Result = verr.Error()
		}
		emit(rec, verr == nil || n == 2 || n == 3, fmt.Sprint(verr))
	}
	if c.minconf >= 1 {
		n := c.minconf
		rec := &record.QueensBench{Task: "minconf", N: n, Workers: 1, Check: "Verify"}
		var verr error
		var st queens.LocalStats
		err := measure(rec, 5*time.Second, false, func(ctx context.Context) error {
			rows, s, err := queens.MinConflicts(ctx, n, 1)
			st = s
			if err == nil {
				verr = queens.Verify(rows)
			} else {
				verr = err
			}
			return ctx.Err()
		})
		if err != nil {
			return o.exit()
		}
		rec.Result = fmt.Sprintf("%d swaps, %d restarts, checked", st.Swaps, st.Restarts)
		if verr != nil {
			rec.Result = verr.Error()
		}
		rec.Stats.Nodes = st.Tries
		emit(rec, verr == nil || n == 2 || n == 3, fmt.Sprint(verr))
	}
	for _, ind := range []bool{false, true} {
		task, check, symbol, upto, known := "dominate", "OEIS A075458", "γ", c.dominate, oeis.QueensDomination
		if ind {
			task, check, symbol, upto, known = "indep", "OEIS A075324", "i", c.independent, oeis.IndependentDomination
		}
		for n := 1; n <= upto; n++ {
			rec := &record.QueensBench{Task: task, N: n, Workers: 1, Check: check}
			var res queens.Domination
			err := measure(rec, time.Minute, false, func(ctx context.Context) error {
				var err error
				res, err = queens.Dominate(ctx, n, queens.DominateOptions{Independent: ind})
				return err
			})
			if err != nil {
				return o.exit()
			}
			want, ok := known(n)
			verr := queens.VerifyDomination(n, res.Queens, ind)
			last := res.Tried[len(res.Tried)-1]
			rec.Result = fmt.Sprintf("%s = %d", symbol, res.Size)
			if res.Size > 1 {
				rec.Result += fmt.Sprintf("; fewer impossible (%d nodes)", res.Nodes-last.Nodes)
			}
			rec.Stats.Nodes = res.Nodes
			emit(rec, ok && res.Size == want && verr == nil, fmt.Sprintf("%s = %d (known: %v), %v", symbol, want, ok, verr))
		}
	}
	return o.exit()
}

// queensBenchHuman writes a bench row for people.
func queensBenchHuman(o *queensOutput, rec *record.QueensBench) {
	check := "ok"
	if rec.Status != status.Solved {
		check = "WRONG"
	}
	target := rec.Target
	if rec.Met != nil {
		if *rec.Met {
			target += " met"
		} else {
			target += " MISSED"
		}
	}
	nodes := ""
	if rec.Stats.Nodes > 0 {
		nodes = fmt.Sprint(rec.Stats.Nodes)
	}
	o.printf("%-9s %9d %7d  %-44s %-6s %10s %10s %14s  %s\n", rec.Task, rec.N, rec.Workers, rec.Result, check,
		fmtDuration(time.Duration(rec.Stats.TimeMS*float64(time.Millisecond))), fmtDuration(time.Duration(rec.Stats.CPUMS*float64(time.Millisecond))), nodes, target)
}
