package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
	"time"

	"github.com/puzzlesolvers/puzzle/internal/jsonl"
	"github.com/puzzlesolvers/puzzle/sudoku"
)

// ---- generate ----

// generateAvailable reports whether generate and rate work.
const generateAvailable = true

const generateSummary = "make new puzzles of a given size and difficulty"

const generateUsage = `Usage: puzzle sudoku generate [--size 4|9|16|25] [--difficulty easy|medium|hard|expert|extreme]
                              [--seed N] [--count K] [--symmetric] [--json] [--format F]
                              [--budget D] [--check-timeout D]

Makes puzzles with a unique solution and no given to spare (minimal),
rated by the hardest technique their logical solution needs. Puzzle k of
--count K uses seed N+k, so each can be made again on its own; without
--seed a random seed is drawn and shown. A header comment line gives the
seed, the rating and the work done, so the output can be fed back to
'puzzle sudoku solve'. If no puzzle of the wanted difficulty turns up,
the closest one is printed and the exit status is 1.

On 25×25 grids the uniqueness checks of nearly minimal puzzles can take
seconds, so by default each check gets 50ms and the removal pass 3s: the
puzzle is unique but may keep a given it could spare, and the header says
"not proved minimal". A larger --budget and --check-timeout buy the proof
(--budget 2m --check-timeout 3s proves a 25×25 puzzle minimal in about
half a minute).

Examples:

	puzzle sudoku generate
	puzzle sudoku generate --difficulty hard --seed 7 --format line
	puzzle sudoku generate --size 16 --count 3 --json
	puzzle sudoku generate --size 25 --budget 2m --check-timeout 3s
	puzzle sudoku generate --count 10 --format line | puzzle sudoku solve
`

type generateCmd struct {
	size       int
	difficulty *choiceFlag
	seed       seedFlag
	count      int
	symmetric  bool
	json       bool
	format     *choiceFlag
	budget     time.Duration
	check      time.Duration
}

// seedFlag is a uint64 flag that knows whether it was set.
type seedFlag struct {
	v   uint64
	set bool
}

func (s *seedFlag) String() string {
	if !s.set {
		return ""
	}
	return strconv.FormatUint(s.v, 10)
}

func (s *seedFlag) Set(v string) error {
	n, err := strconv.ParseUint(v, 0, 64)
	if err != nil {
		return errors.New("want a non-negative integer")
	}
	s.v, s.set = n, true
	return nil
}

func (c *generateCmd) define(fs *flag.FlagSet) {
	c.difficulty = &choiceFlag{value: "any", choices: []string{"any", "easy", "medium", "hard", "expert", "extreme"}}
	c.format = formatFlag("pretty")
	fs.IntVar(&c.size, "size", 9, "grid size `N`: 4, 9, 16 or 25")
	fs.Var(c.difficulty, "difficulty", "wanted `level`: any, easy, medium, hard, expert or extreme")
	fs.Var(&c.seed, "seed", "random seed `N` (default: drawn at random and shown)")
	fs.IntVar(&c.count, "count", 1, "number of puzzles `K`")
	fs.BoolVar(&c.symmetric, "symmetric", false, "keep the givens symmetric under a half turn")
	fs.BoolVar(&c.json, "json", false, "print one JSON object per puzzle per line")
	fs.Var(c.format, "format", "`layout` of the puzzles: pretty, line, grid or euler")
	fs.DurationVar(&c.budget, "budget", 0, "time `D` for removing givens from one puzzle; 0: 3s for 25×25, none below")
	fs.DurationVar(&c.check, "check-timeout", 0, "time `D` for each uniqueness check; 0: 50ms for 25×25")
}

func (c *generateCmd) run(e *env, v *verb, operands []string) int {
	if len(operands) > 0 {
		return v.usageError(e, "unexpected argument %q", operands[0])
	}
	box := 0
	for b := 2; b <= 5; b++ {
		if b*b == c.size {
			box = b
		}
	}
	if box == 0 {
		return v.usageError(e, "--size must be 4, 9, 16 or 25, not %d", c.size)
	}
	if c.count < 1 {
		return v.usageError(e, "--count must be at least 1")
	}
	if c.budget < 0 || c.check < 0 {
		return v.usageError(e, "--budget and --check-timeout must not be negative")
	}
	f := c.format.format()
	if f == sudoku.FormatEuler && box > 3 {
		return v.usageError(e, "--format euler holds grids up to 9×9")
	}
	diff, err := sudoku.ParseDifficulty(c.difficulty.value)
	if err != nil || c.difficulty.value == "any" {
		diff = 0
	}
	seed := c.seed.v
	if !c.seed.set {
		seed = rand.Uint64() >> 1 // readable, and N+k does not wrap
	}

	out := bufio.NewWriter(e.stdout)
	defer out.Flush()
	jw := jsonl.NewWriter(e.stdout)
	failed := false
	for k := range c.count {
		if e.ctx.Err() != nil {
			break
		}
		s := seed + uint64(k)
		start := time.Now()
		g, err := sudoku.Generate(e.ctx, sudoku.GenerateOptions{
			Box: box, Difficulty: diff, Seed: s, Symmetric: c.symmetric, Budget: c.budget, CheckTimeout: c.check,
		})
		elapsed := time.Since(start)
		if err != nil && !errors.Is(err, sudoku.ErrDifficultyMissed) {
			out.Flush()
			e.errorf("sudoku generate: seed %d: %s", s, errText(err))
			failed = true
			continue
		}
		if err != nil {
			failed = true
		}
		p := g.Puzzle
		n := p.Size()
		if c.json {
			rec := g.Report(s, elapsed)
			if err != nil {
				rec.Error = errText(err)
			}
			jw.Write(rec)
			jw.Flush()
			continue
		}
		if k > 0 && f != sudoku.FormatLine {
			out.WriteByte('\n')
		}
		minimal := "minimal"
		if !g.Minimal {
			minimal = "not proved minimal"
		}
		fmt.Fprintf(out, "# seed %d: %d×%d, %s (hardest: %s, %d steps, score %.1f), %d givens, %s; %s in %s\n",
			s, n, n, g.Rating.Difficulty, g.Rating.Hardest, g.Rating.Steps, g.Rating.Score, p.Givens(), minimal,
			plural(g.Attempts, "attempt"), fmtDuration(elapsed))
		if err != nil {
			fmt.Fprintf(out, "# %s\n", errText(err))
		}
		if f == sudoku.FormatEuler {
			p.Name = fmt.Sprintf("Grid %02d", k+1)
		}
		if err := p.Format(out, f); err != nil {
			out.Flush()
			e.errorf("sudoku generate: %s", errText(err))
			return exitFail
		}
		out.Flush()
	}
	if e.ctx.Err() != nil {
		out.Flush()
		e.errorf("sudoku generate: interrupted")
		return exitFail
	}
	if failed {
		return exitFail
	}
	return exitOK
}

// ---- rate ----

const rateSummary = "grade puzzles by the techniques they need"

const rateUsage = `Usage: puzzle sudoku rate [--json] [--timeout D] [files|-]

Grades every puzzle by the hardest technique its logical solution needs,
always taking the simplest technique that makes progress: easy (singles),
medium (locked candidates, naked pairs), hard (hidden pairs, triples,
quads), expert (fish, wings, chains) or extreme (logic gets stuck and
guessing is needed). A puzzle must have exactly one solution to be rated.

Examples:

	puzzle sudoku rate top95.txt
	puzzle sudoku rate --json puzzles.txt | jq -r .difficulty | sort | uniq -c
`

type rateCmd struct {
	json    bool
	timeout time.Duration
}

func (c *rateCmd) define(fs *flag.FlagSet) {
	fs.BoolVar(&c.json, "json", false, "print one JSON object per puzzle per line")
	fs.DurationVar(&c.timeout, "timeout", 0, "give up on a puzzle after `D`; 0 means no limit")
}

// rateRecord is the JSON object of one rated puzzle.
type rateRecord struct {
	File       string  `json:"file"`
	Line       int     `json:"line"`
	Name       string  `json:"name,omitempty"`
	Size       int     `json:"size,omitempty"`
	Difficulty string  `json:"difficulty,omitempty"`
	Hardest    string  `json:"hardest,omitempty"`
	Steps      int     `json:"steps,omitempty"`
	Score      float64 `json:"score,omitempty"`
	Error      string  `json:"error,omitempty"`
}

func (c *rateCmd) run(e *env, v *verb, files []string) int {
	if c.timeout < 0 {
		return v.usageError(e, "--timeout must not be negative")
	}
	out := bufio.NewWriter(e.stdout)
	defer out.Flush()
	jw := jsonl.NewWriter(e.stdout)
	failed := false
	counts := map[string]int{}
	total := 0
	emit := func(rec rateRecord) {
		total++
		if rec.Error != "" {
			failed = true
			counts["error"]++
		} else {
			counts[rec.Difficulty]++
		}
		if c.json {
			jw.Write(rec)
			jw.Flush()
			return
		}
		head := fmt.Sprintf("%s:%d", rec.File, rec.Line)
		if rec.Name != "" {
			head += " (" + rec.Name + ")"
		}
		if rec.Error != "" {
			fmt.Fprintf(out, "%s: error: %s\n", head, strings.TrimPrefix(rec.Error, fmt.Sprintf("sudoku: %s:%d: ", rec.File, rec.Line)))
		} else {
			fmt.Fprintf(out, "%s %d×%d: %s (hardest: %s, %d steps, score %.1f)\n",
				head, rec.Size, rec.Size, rec.Difficulty, rec.Hardest, rec.Steps, rec.Score)
		}
		out.Flush()
	}
	opened := e.eachPuzzle("sudoku rate", files, func() { out.Flush() }, func(name string, p *sudoku.Puzzle, se *sudoku.SyntaxError) bool {
		if se != nil {
			emit(rateRecord{File: name, Line: se.Line, Error: se.Error()})
			return e.ctx.Err() == nil
		}
		ctx, cancel := e.ctx, context.CancelFunc(func() {})
		if c.timeout > 0 {
			ctx, cancel = context.WithTimeout(e.ctx, c.timeout)
		}
		rt, err := sudoku.Rate(ctx, p)
		cancel()
		rec := rateRecord{File: name, Line: p.Line, Name: p.Name, Size: p.Size()}
		if err != nil {
			rec.Error = errText(err)
		} else {
			rec.Difficulty, rec.Hardest, rec.Steps, rec.Score = rt.Difficulty.String(), rt.Hardest.String(), rt.Steps, rt.Score
		}
		emit(rec)
		return e.ctx.Err() == nil
	})
	if e.ctx.Err() != nil {
		out.Flush()
		e.errorf("sudoku rate: interrupted")
		return exitFail
	}
	if !c.json && total > 1 {
		var parts []string
		for _, d := range []string{"easy", "medium", "hard", "expert", "extreme", "error"} {
			if counts[d] > 0 {
				parts = append(parts, fmt.Sprintf("%d %s", counts[d], d))
			}
		}
		fmt.Fprintf(out, "%s: %s\n", plural(total, "puzzle"), strings.Join(parts, ", "))
	}
	if failed || !opened {
		return exitFail
	}
	return exitOK
}
