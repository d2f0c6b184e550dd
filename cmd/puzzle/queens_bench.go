package main

import (
	"context"
	"flag"
	"fmt"
	"runtime"
	"time"

	"github.com/puzzlesolvers/puzzle/queens"
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

// queensBenchRecord is one row of the bench.
type queensBenchRecord struct {
	Task    string  `json:"task"`
	N       int     `json:"n"`
	Workers int     `json:"workers"`
	Result  string  `json:"result"`
	OK      bool    `json:"ok"`
	Check   string  `json:"check"`
	WallMS  float64 `json:"wall_ms"`
	CPUMS   float64 `json:"cpu_ms"`
	Nodes   int64   `json:"nodes,omitempty"`
	Target  string  `json:"target,omitempty"`
	Met     *bool   `json:"met,omitempty"`
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
	o := e.queensOutput(c.json)
	defer o.flush()
	if !c.json {
		o.printf("%d cores (GOMAXPROCS %d), %s %s/%s; CPU is the whole process's user+system time\n\n",
			runtime.NumCPU(), runtime.GOMAXPROCS(0), runtime.Version(), runtime.GOOS, runtime.GOARCH)
		o.printf("%-9s %9s %7s  %-44s %-6s %10s %10s %14s  %s\n", "task", "n", "workers", "result", "check", "wall", "cpu", "nodes", "target")
		o.flush()
	}
	failed := false
	emit := func(rec queensBenchRecord) {
		if !rec.OK {
			failed = true
		}
		if c.json {
			o.record(rec)
			return
		}
		check := "ok"
		if !rec.OK {
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
		if rec.Nodes > 0 {
			nodes = fmt.Sprint(rec.Nodes)
		}
		o.printf("%-9s %9d %7d  %-44s %-6s %10s %10s %14s  %s\n", rec.Task, rec.N, rec.Workers, rec.Result, check,
			fmtDuration(time.Duration(rec.WallMS*float64(time.Millisecond))), fmtDuration(time.Duration(rec.CPUMS*float64(time.Millisecond))), nodes, target)
		o.flush()
	}
	// measure runs fn and fills in the times and the target.
	measure := func(rec *queensBenchRecord, limit time.Duration, byCPU bool, fn func(ctx context.Context) error) error {
		runtime.GC()
		c0, t0 := queensCPUTime(), time.Now()
		err := fn(e.ctx)
		wall, cpu := time.Since(t0), queensCPUTime()-c0
		rec.WallMS, rec.CPUMS = ms(wall), ms(cpu)
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
		rec := queensBenchRecord{Task: "count", N: n, Workers: workers}
		var res queens.Counts
		err := measure(&rec, limit, byCPU, func(ctx context.Context) error {
			var err error
			res, err = queens.Count(ctx, n, queens.CountOptions{Workers: workers})
			return err
		})
		if err != nil {
			return false
		}
		total, fundamental, known := queens.KnownCounts(n)
		rec.OK = known && res.Solutions == total && res.Fundamental == fundamental
		rec.Result = fmt.Sprintf("%d solutions, %d fundamental", res.Solutions, res.Fundamental)
		rec.Check = "OEIS A000170, A002562"
		rec.Nodes = int64(res.Nodes)
		emit(rec)
		return true
	}
	if c.oneCore >= 1 {
		for n := min(12, c.oneCore); n <= c.oneCore; n++ {
			var limit time.Duration
			if n == 17 {
				limit = 10 * time.Second
			}
			if !count(n, 1, limit, true) {
				return e.queensInterrupted("bench")
			}
		}
	}
	if c.allCores >= 1 {
		var limit time.Duration
		if c.allCores == 18 {
			limit = 40 * time.Second
		}
		if !count(c.allCores, runtime.GOMAXPROCS(0), limit, false) {
			return e.queensInterrupted("bench")
		}
	}
	if c.construct >= 1 {
		n := c.construct
		rec := queensBenchRecord{Task: "one", N: n, Workers: 1, Check: "Verify"}
		var verr error
		measure(&rec, time.Second, false, func(context.Context) error {
			rows, err := queens.One(n)
			if err == nil {
				verr = queens.Verify(rows)
			} else {
				verr = err
			}
			return nil
		})
		rec.OK = verr == nil || n == 2 || n == 3
		rec.Result = "explicit placement, checked"
		if verr != nil {
			rec.Result = verr.Error()
		}
		emit(rec)
	}
	if c.minconf >= 1 {
		n := c.minconf
		rec := queensBenchRecord{Task: "minconf", N: n, Workers: 1, Check: "Verify"}
		var verr error
		var st queens.LocalStats
		err := measure(&rec, 5*time.Second, false, func(ctx context.Context) error {
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
			return e.queensInterrupted("bench")
		}
		rec.OK = verr == nil || n == 2 || n == 3
		rec.Result = fmt.Sprintf("%d swaps, %d restarts, checked", st.Swaps, st.Restarts)
		if verr != nil {
			rec.Result = verr.Error()
		}
		rec.Nodes = st.Tries
		emit(rec)
	}
	for _, ind := range []bool{false, true} {
		task, check, symbol, upto, known := "dominate", "OEIS A075458", "γ", c.dominate, queens.KnownDomination
		if ind {
			task, check, symbol, upto, known = "indep", "OEIS A075324", "i", c.independent, queens.KnownIndependentDomination
		}
		for n := 1; n <= upto; n++ {
			rec := queensBenchRecord{Task: task, N: n, Workers: 1, Check: check}
			var res queens.Domination
			err := measure(&rec, time.Minute, false, func(ctx context.Context) error {
				var err error
				res, err = queens.Dominate(ctx, n, queens.DominateOptions{Independent: ind})
				return err
			})
			if err != nil {
				return e.queensInterrupted("bench")
			}
			want, ok := known(n)
			rec.OK = ok && res.Size == want && queens.VerifyDomination(n, res.Queens, ind) == nil
			last := res.Tried[len(res.Tried)-1]
			rec.Result = fmt.Sprintf("%s = %d", symbol, res.Size)
			if res.Size > 1 {
				rec.Result += fmt.Sprintf("; fewer impossible (%d nodes)", res.Nodes-last.Nodes)
			}
			rec.Nodes = res.Nodes
			emit(rec)
		}
	}
	if failed {
		return exitFail
	}
	return exitOK
}
