package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/puzzlesolvers/puzzle/internal/record"
	"github.com/puzzlesolvers/puzzle/internal/shard"
	"github.com/puzzlesolvers/puzzle/queens"
	"github.com/puzzlesolvers/puzzle/status"
)

const mergeSummary = "put the outputs of --shard runs back together, checked"

const mergeUsage = `Usage: puzzle merge [--json] [files|-]

Puts the outputs of the shards of one job (a command run with --shard I/K
or --shard auto, K times) back together and prints what the command run
once, without --shard, prints: for people, or with --json its JSON
records. The files (stdin if none, or '-') may hold the shards in any
order, one file per shard or all in one.

Merge first checks that the shards make the whole job: every shard from 1
to K once, all of one job (the same command, arguments and inputs), each
one finished (its last record, the shard's summary, says solved), and the
records of each shard those its summary counts. Otherwise it names the
shards missing, given twice, foreign (of another job) or failed, and
exits with status 1, printing nothing on stdout.

The counts of 'queens count --shard' are added up; the records of the
batch verbs (sudoku solve and generate, nonogram solve, sliding solve and
bench, queens dominate) are written in the order of the puzzles in the
inputs. Times are those of the shards, added up; for sliding bench, each
heuristic's row is made again from its instances' records (instances_ms
their times added up), with time_ms the slowest shard's wall time and
shards_ms each shard's.

Exit status as for the command merged (1 when a puzzle is invalid,
unsolved or timed out), and 1 when the shards do not make the whole job.

Examples:

	for i in 1 2 3 4; do puzzle sudoku solve --shard $i/4 hard.txt > s$i.jsonl; done
	puzzle merge s*.jsonl
	puzzle merge --json s*.jsonl | jq .status
	for i in 1 2 3 4; do puzzle queens count --shard $i/4 16 > q$i.json; done
	puzzle merge q*.json
`

type mergeCmd struct{ json bool }

func (c *mergeCmd) define(fs *flag.FlagSet) {
	fs.BoolVar(&c.json, "json", false, "print the merged records as JSON, one per line")
}

// merge runs "puzzle merge".
func (e *env) merge(args []string) int {
	v := newVerb("merge", mergeSummary, mergeUsage)
	var c mergeCmd
	c.define(v.fs)
	files, code, ok := v.parse(e, args)
	if !ok {
		return code
	}
	return c.run(e, v, files)
}

// mergeMaxLine is the longest record merge reads.
const mergeMaxLine = 256 << 20

// A mergeLine is where a record of a shard's output is: for messages, and
// to read it again when it is written.
type mergeLine struct {
	file   int // index in the inputs
	name   string
	line   int
	off    int64
	length int
}

func (l mergeLine) where() string { return fmt.Sprintf("%s:%d", l.name, l.line) }

// mergeInputs are the inputs of a merge, open for reading records again.
type mergeInputs struct {
	files []*os.File
	temp  []string
}

func (in *mergeInputs) close() {
	for _, f := range in.files {
		f.Close()
	}
	for _, t := range in.temp {
		os.Remove(t)
	}
}

// read returns the bytes of line l.
func (in *mergeInputs) read(l mergeLine) ([]byte, error) {
	b := make([]byte, l.length)
	_, err := in.files[l.file].ReadAt(b, l.off)
	return b, err
}

// scanMerge opens the inputs (stdin is copied to a temporary file, to be
// read twice) and calls fn with every non-empty line. It reports on
// stderr, and returns false, when an input cannot be read.
func (e *env) scanMerge(prefix string, names []string, fn func(l mergeLine, text []byte) bool) (*mergeInputs, bool) {
	in := &mergeInputs{}
	if len(names) == 0 {
		names = []string{"-"}
	}
	for _, name := range names {
		var f *os.File
		var err error
		shown := name
		if name == "-" {
			shown = stdinName
			f, err = os.CreateTemp("", "puzzle-merge-*.jsonl")
			if err == nil {
				in.temp = append(in.temp, f.Name())
				_, err = io.Copy(f, readerCtx{e.ctx, e.stdin})
			}
		} else {
			f, err = os.Open(name)
		}
		if err != nil {
			if f != nil {
				f.Close()
			}
			e.errorf("%s: %v", prefix, err)
			return in, false
		}
		in.files = append(in.files, f)
		if _, err := f.Seek(0, io.SeekStart); err != nil {
			e.errorf("%s: %v", prefix, err)
			return in, false
		}
		r := bufio.NewReaderSize(readerCtx{e.ctx, f}, 1<<16)
		var off int64
		var buf []byte
		for line := 1; ; line++ {
			part, err := r.ReadSlice('\n')
			buf = append(buf[:0], part...)
			for err == bufio.ErrBufferFull {
				if len(buf) > mergeMaxLine {
					e.errorf("%s: %s:%d: line longer than %d MiB", prefix, shown, line, mergeMaxLine>>20)
					return in, false
				}
				part, err = r.ReadSlice('\n')
				buf = append(buf, part...)
			}
			if err != nil && err != io.EOF {
				e.errorf("%s: %s: %v", prefix, shown, err)
				return in, false
			}
			text := bytes.TrimRight(buf, "\r\n")
			if len(bytes.TrimSpace(text)) > 0 {
				if !fn(mergeLine{file: len(in.files) - 1, name: shown, line: line, off: off, length: len(text)}, text) {
					return in, false
				}
			}
			off += int64(len(buf))
			if err == io.EOF {
				break
			}
		}
	}
	return in, true
}

// readerCtx is a reader that stops when ctx is done.
type readerCtx struct {
	ctx interface{ Err() error }
	r   io.Reader
}

func (r readerCtx) Read(p []byte) (int, error) {
	if err := r.ctx.Err(); err != nil {
		return 0, err
	}
	return r.r.Read(p)
}

// mergeProbe is what merge keeps of every line, to tell the records apart
// and check them: small, so that a merge of millions of records holds
// their places, not their contents (those are read again to be written).
type mergeProbe struct {
	Status  status.Status   `json:"status"`
	Error   string          `json:"error"`
	Shard   string          `json:"shard"`
	Index   *int            `json:"index"`
	Job     string          `json:"job"`
	Command string          `json:"command"`
	Inputs  string          `json:"inputs"`
	Puzzles int             `json:"puzzles"`
	Total   int             `json:"total"`
	Records string          `json:"records"`
	Proof   json.RawMessage `json:"proof"`
	Stats   struct {
		TimeMS float64 `json:"time_ms"`
	} `json:"stats"`
}

func (c *mergeCmd) run(e *env, v *verb, files []string) int {
	var lines []mergeLine
	var probes []mergeProbe
	var texts [][]byte // the lines of queens records, kept
	bad := false
	in, ok := e.scanMerge(v.name, files, func(l mergeLine, text []byte) bool {
		var p mergeProbe
		if err := json.Unmarshal(text, &p); err != nil {
			e.errorf("%s: %s: not a record of a shard: %v", v.name, l.where(), err)
			bad = true
			return false
		}
		lines, probes = append(lines, l), append(probes, p)
		if p.Job == "" && len(texts) == len(lines)-1 {
			texts = append(texts, bytes.Clone(text))
		}
		return true
	})
	defer in.close()
	if !ok || bad {
		return exitFail
	}
	if len(lines) == 0 {
		e.errorf("%s: no shard records read", v.name)
		return exitFail
	}
	batch := 0
	for _, p := range probes {
		if p.Job != "" {
			batch++
		}
	}
	switch {
	case batch == 0 && probes[0].Proof != nil:
		return mergeDominate(e, v, lines, texts, c.json)
	case batch == 0:
		return mergeQueens(e, v, lines, texts, c.json)
	case batch < len(probes):
		for i, p := range probes {
			if p.Job == "" {
				e.errorf("%s: %s: a record of queens count among those of a batch (%s): shards of two jobs mixed", v.name, lines[i].where(), probes[0].Command)
				break
			}
		}
		return exitFail
	}
	for _, p := range probes {
		if p.Command == benchCommand {
			return mergeBench(e, v, in, lines, probes, c.json)
		}
	}
	return mergeBatch(e, v, in, lines, probes, c.json)
}

// checkSummaries reads the shards' summaries among the probes and checks
// that they make one whole job (shard.Check); problems says what is not.
func checkSummaries(lines []mergeLine, probes []mergeProbe) (sums []shardSum, problems []string) {
	var parts []shard.Part
	for i := range probes {
		p := &probes[i]
		if p.Command == "" {
			continue
		}
		s, err := shard.Parse(p.Shard)
		if err != nil {
			problems = append(problems, fmt.Sprintf("%s: %v", lines[i].where(), err))
			continue
		}
		failed := ""
		if p.Status != status.Solved {
			failed = fmt.Sprintf("status %s", p.Status)
			if p.Error != "" {
				failed += ": " + p.Error
			}
		}
		sums = append(sums, shardSum{s, p, lines[i]})
		parts = append(parts, shard.Part{Spec: s, Job: fmt.Sprintf("%s (%s, inputs %.19s…, %d puzzles)", p.Job, p.Command, p.Inputs, p.Total),
			Where: lines[i].where(), Failed: failed})
	}
	if len(problems) == 0 {
		if len(parts) == 0 {
			problems = append(problems, "no shard's summary read (the last record of each shard's output): every shard is missing or cut short")
		} else if _, err := shard.Check(parts); err != nil {
			problems = append(problems, err.Error())
		}
	}
	return sums, problems
}

// shortShards names the shards whose records, as read (hashes, by shard
// number), are not those their summaries announce.
func shortShards(sums []shardSum, hashes []*shardHash) []string {
	var problems []string
	for _, s := range sums {
		h := hashes[s.spec.I]
		if h.n != s.p.Puzzles || h.sum() != s.p.Records {
			problems = append(problems, fmt.Sprintf("%s: shard %s wrote %d records, not the %d read (cut short, or mixed with another run's)",
				s.l.where(), s.spec, s.p.Puzzles, h.n))
		}
	}
	return problems
}

// shardSum is a shard's summary, as merge read it.
type shardSum struct {
	spec shard.Spec
	p    *mergeProbe
	l    mergeLine
}

// mergeBatch checks and writes the records of the shards of a batch verb.
func mergeBatch(e *env, v *verb, in *mergeInputs, lines []mergeLine, probes []mergeProbe, asJSON bool) int {
	sums, problems := checkSummaries(lines, probes)
	if len(problems) > 0 {
		e.errorf("%s: %s", v.name, strings.Join(problems, "; "))
		return exitFail
	}
	job, total, k := sums[0].p.Job, sums[0].p.Total, sums[0].spec.K
	// The summaries agree on the total; it must be what the shards say
	// they wrote, and at most the records read, before it sizes anything.
	written, records := 0, len(lines)-len(sums)
	for _, s := range sums {
		written += s.p.Puzzles
	}
	if total != written {
		e.errorf("%s: the shards' summaries say %d puzzles in all, but %d written", v.name, total, written)
		return exitFail
	}
	if total > records {
		// Records are missing: say whose, without sizing anything by total.
		read := make([]int, k+1)
		for i := range probes {
			if s, err := shard.Parse(probes[i].Shard); err == nil && probes[i].Command == "" && s.K == k {
				read[s.I]++
			}
		}
		for _, s := range sums {
			if read[s.spec.I] != s.p.Puzzles {
				problems = append(problems, fmt.Sprintf("%s: shard %s wrote %d records, not the %d read (cut short, or mixed with another run's)",
					s.l.where(), s.spec, s.p.Puzzles, read[s.spec.I]))
			}
		}
		e.errorf("%s: %s", v.name, strings.Join(problems, "; "))
		return exitFail
	}
	at := make([]int, total) // the line of each puzzle's record, +1
	hashes := make([]*shardHash, k+1)
	for _, s := range sums {
		hashes[s.spec.I] = newShardHash()
	}
	for i := range probes {
		p, l := &probes[i], lines[i]
		if p.Command != "" {
			continue
		}
		s, err := shard.Parse(p.Shard)
		switch {
		case p.Index == nil:
			problems = append(problems, fmt.Sprintf("%s: not the record of a shard (no \"index\")", l.where()))
		case err != nil:
			problems = append(problems, fmt.Sprintf("%s: %v", l.where(), err))
		case p.Job != job || s.K != k:
			problems = append(problems, fmt.Sprintf("%s: a record of another job (%s, shard %s)", l.where(), p.Job, p.Shard))
		case *p.Index < 0 || *p.Index >= total:
			problems = append(problems, fmt.Sprintf("%s: index %d out of range: the job has %d puzzles", l.where(), *p.Index, total))
		case !s.Owns(*p.Index):
			problems = append(problems, fmt.Sprintf("%s: index %d is not shard %s's", l.where(), *p.Index, s))
		case at[*p.Index] != 0:
			problems = append(problems, fmt.Sprintf("puzzle %d given twice (%s and %s)", *p.Index, lines[at[*p.Index]-1].where(), l.where()))
		default:
			at[*p.Index] = i + 1
			b, err := in.read(l)
			if err != nil {
				problems = append(problems, fmt.Sprintf("%s: %v", l.where(), err))
				break
			}
			hashes[s.I].add(b)
		}
		if len(problems) > 20 {
			break
		}
	}
	problems = append(problems, shortShards(sums, hashes)...)
	if len(problems) > 0 {
		e.errorf("%s: %s", v.name, strings.Join(problems, "; "))
		return exitFail
	}
	// Every shard's records are all there, each puzzle's once: write them
	// in input order.
	out := bufio.NewWriterSize(e.stdout, outputBuffer)
	var counts tally
	var elapsed time.Duration
	for _, s := range sums {
		elapsed += time.Duration(s.p.Stats.TimeMS * float64(time.Millisecond))
	}
	failed := false
	for idx, li := range at {
		l := lines[li-1]
		b, err := in.read(l)
		if err == nil {
			var rec []byte
			var human string
			rec, human, err = unplace(b)
			if err == nil && asJSON {
				_, err = out.Write(append(rec, '\n'))
			} else if err == nil {
				_, err = out.WriteString(human)
			}
		}
		if err != nil {
			out.Flush()
			e.errorf("%s: %s: puzzle %d: %v", v.name, l.where(), idx, err)
			return exitFail
		}
		st := probes[li-1].Status
		counts[st]++
		if !okStatus(st) {
			failed = true
		}
	}
	if !asJSON && total > 1 && !mergeNoSummary(sums[0].p.Command) {
		fmt.Fprintf(out, "%s: %s in %s\n", plural(total, "puzzle"), counts.String(), fmtDuration(elapsed))
	}
	if err := out.Flush(); err != nil {
		e.errorf("%s: %v", v.name, err)
		return exitFail
	}
	if total == 0 {
		e.errorf("%s: no puzzle in the input", sums[0].p.Command)
	}
	if failed {
		return exitFail
	}
	return exitOK
}

// mergeNoSummary reports whether a sharded verb prints no summary line
// after several puzzles (runBatch's verbs all do).
func mergeNoSummary(command string) bool { return command == "sudoku generate" }

// unplace returns the record of a shard's line as the command without
// --shard writes it (the place fields shard, index, job and human left
// out, the others in their order), and the output for people.
func unplace(line []byte) (rec []byte, human string, err error) {
	dec := json.NewDecoder(bytes.NewReader(line))
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return nil, "", errors.New("not a JSON object")
	}
	rec = append(rec, '{')
	first := true
	for dec.More() {
		t, err := dec.Token()
		if err != nil {
			return nil, "", err
		}
		key, _ := t.(string)
		var val json.RawMessage
		if err := dec.Decode(&val); err != nil {
			return nil, "", err
		}
		switch key {
		case "shard", "index", "job":
			continue
		case "human":
			if err := json.Unmarshal(val, &human); err != nil {
				return nil, "", err
			}
			continue
		}
		if !first {
			rec = append(rec, ',')
		}
		first = false
		rec = appendJSONString(rec, []byte(key))
		rec = append(rec, ':')
		rec = append(rec, val...)
	}
	return append(rec, '}'), human, nil
}

// ---- queens ----

const queensMergeUsage = `Usage: puzzle queens merge [--json] [files|-]

Adds up the JSON records of 'puzzle queens count --json --shard I/K',
read from the files (stdin if none, or '-'), one object per line: the same
as 'puzzle merge' does with them. The records must be the shares of one
count: every one a finished shard (status solved, a shard field I/K), all
of one N and one K, every share from 1 to K exactly once, with consistent
counts. Otherwise merge names the shards missing, given twice, foreign or
failed ("shards 3/8 and 5/8 missing", "shard 2/8 given twice", "s5.json:1:
shard 5/8 is foreign: of job queens count 16, not queens count 15") and
exits with status 1. The output is that of count for the whole board.

Examples:

	puzzle queens merge s1.json s2.json s3.json s4.json
	cat s*.json | puzzle queens merge --json
`

type queensMergeCmd struct{ json bool }

func (c *queensMergeCmd) define(fs *flag.FlagSet) {
	fs.BoolVar(&c.json, "json", false, "print the sum as one JSON object")
}

func (c *queensMergeCmd) run(e *env, v *verb, files []string) int {
	var lines []mergeLine
	var texts [][]byte
	in, ok := e.scanMerge(v.name, files, func(l mergeLine, text []byte) bool {
		lines, texts = append(lines, l), append(texts, bytes.Clone(text))
		return true
	})
	in.close()
	if !ok {
		return exitFail
	}
	if len(lines) == 0 {
		e.errorf("%s: no shard records read", v.name)
		return exitFail
	}
	if bytes.Contains(texts[0], []byte(`"proof":`)) {
		return mergeDominate(e, v, lines, texts, c.json)
	}
	return mergeQueens(e, v, lines, texts, c.json)
}

// queensShardCounts reads back the counts of a shard's record, checking
// that it is one; failed says why a shard that is one did not finish.
func queensShardCounts(rec *record.QueensCount) (c queens.Counts, failed string, err error) {
	c = queens.Counts{N: rec.N, Solutions: rec.Count, Fundamental: rec.Fundamental, Sym1: rec.Sym1, Sym2: rec.Sym2, Sym4: rec.Sym4, Sym8: rec.Sym8,
		Nodes: rec.Stats.Nodes, Subproblems: rec.Stats.Subproblems, Total: rec.Stats.TotalSubproblems,
		Time: time.Duration(rec.Stats.TimeMS * float64(time.Millisecond))}
	switch {
	case rec.Status == status.Unknown:
		return c, "", fmt.Errorf("not the record of a shard (no \"status\")")
	case rec.Status != status.Solved && rec.Status != status.Timeout && rec.Status != status.Invalid:
		return c, "", fmt.Errorf("not the record of a shard (status %s, want solved)", rec.Status)
	case rec.Shard == "":
		return c, "", fmt.Errorf("not the record of a shard (no \"shard\": \"I/K\")")
	case rec.N < 1 || rec.N > queens.MaxCount:
		return c, "", fmt.Errorf("n %d out of range 1..%d", rec.N, queens.MaxCount)
	case rec.Stats.TotalSubproblems < 1 && rec.Status == status.Solved:
		return c, "", fmt.Errorf("no sub-problems to count (\"stats\": {\"total_subproblems\"} missing)")
	}
	s, err := shard.Parse(rec.Shard)
	if err != nil {
		return c, "", err
	}
	c.Shard, c.Shards = s.I, s.K
	if rec.Status != status.Solved {
		failed = fmt.Sprintf("status %s", rec.Status)
		if rec.Error != "" {
			failed += ": " + rec.Error
		}
	}
	return c, failed, nil
}

// mergeQueens adds up the records of queens count --shard, the lines
// texts read at lines.
func mergeQueens(e *env, v *verb, lines []mergeLine, texts [][]byte, asJSON bool) int {
	var counts []queens.Counts
	var parts []shard.Part
	for i, text := range texts {
		var rec record.QueensCount
		dec := json.NewDecoder(bytes.NewReader(text))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&rec); err != nil {
			e.errorf("%s: %s: not a record of count --json: %v", v.name, lines[i].where(), err)
			return exitFail
		}
		c, failed, err := queensShardCounts(&rec)
		if err != nil {
			e.errorf("%s: %s: %v", v.name, lines[i].where(), err)
			return exitFail
		}
		counts = append(counts, c)
		parts = append(parts, shard.Part{Spec: shard.Spec{I: c.Shard, K: c.Shards},
			Job: fmt.Sprintf("queens count %d", c.N), Where: lines[i].where(), Failed: failed})
	}
	if _, err := shard.Check(parts); err != nil {
		e.errorf("%s: %v", v.name, err)
		return exitFail
	}
	sum, err := queens.Merge(counts)
	if err != nil {
		e.errorf("%s: %v", v.name, err)
		return exitFail
	}
	o := e.queensOutput(v, asJSON)
	rec := record.QueensCountOf(sum, 0)
	o.record(rec, func() { queensCountHuman(o, rec) })
	return o.exit()
}

// shardHash is the checksum of a shard's record lines, as batchShard
// makes it.
type shardHash struct {
	h interface {
		io.Writer
		Sum([]byte) []byte
	}
	n int
}

// mergeDominate puts together the records of queens dominate --shard:
// for each board (in the order of the first shard's records), the least
// size any shard found, the set of the least branch found with it (the
// whole search's set), and the nodes of each size added up.
func mergeDominate(e *env, v *verb, lines []mergeLine, texts [][]byte, asJSON bool) int {
	type board struct {
		n           int
		independent bool
	}
	var order []board
	recs := map[board][]*record.QueensDominate{}
	parts := map[board][]shard.Part{}
	for i, text := range texts {
		rec := new(record.QueensDominate)
		dec := json.NewDecoder(bytes.NewReader(text))
		dec.DisallowUnknownFields()
		if err := dec.Decode(rec); err != nil {
			e.errorf("%s: %s: not a record of dominate --json: %v", v.name, lines[i].where(), err)
			return exitFail
		}
		s, err := shard.Parse(rec.Shard)
		switch {
		case rec.Shard == "" || rec.Branch == nil:
			err = errors.New(`not the record of a shard (no "shard": "I/K" and "branch")`)
		case rec.N < 1 || rec.N > queens.MaxDominate:
			err = fmt.Errorf("n %d out of range 1..%d", rec.N, queens.MaxDominate)
		}
		if err != nil {
			e.errorf("%s: %s: %v", v.name, lines[i].where(), err)
			return exitFail
		}
		failed := ""
		if rec.Status != status.Solved {
			failed = fmt.Sprintf("status %s", rec.Status)
			if rec.Error != "" {
				failed += ": " + rec.Error
			}
		}
		b := board{rec.N, rec.Independent}
		if _, ok := recs[b]; !ok {
			order = append(order, b)
		}
		recs[b] = append(recs[b], rec)
		parts[b] = append(parts[b], shard.Part{Spec: s, Job: fmt.Sprintf("queens dominate %d (independent %v)", b.n, b.independent),
			Where: lines[i].where(), Failed: failed})
	}
	// Every board's shards must be whole; boards alike in all of them.
	var problems []string
	k := 0
	for _, b := range order {
		kb, err := shard.Check(parts[b])
		if err != nil {
			problems = append(problems, fmt.Sprintf("n=%d: %v", b.n, err))
		}
		if k != 0 && kb != k {
			problems = append(problems, fmt.Sprintf("n=%d: %d shards, n=%d: %d", order[0].n, k, b.n, kb))
		}
		k = kb
	}
	if len(problems) > 0 {
		e.errorf("%s: %s", v.name, strings.Join(problems, "; "))
		return exitFail
	}
	var out []*record.QueensDominate
	for _, b := range order {
		var best *record.QueensDominate
		for _, r := range recs[b] {
			if r.Size > 0 && (best == nil || r.Size < best.Size || r.Size == best.Size && *r.Branch < *best.Branch) {
				best = r
			}
		}
		if best == nil {
			e.errorf("%s: n=%d: no shard found a set of up to %d queens", v.name, b.n, b.n)
			return exitFail
		}
		m := &record.QueensDominate{Head: record.Head{Status: status.Solved}, N: b.n, Independent: b.independent, Size: best.Size,
			Queens: best.Queens, Proof: make([]record.QueensSizeProof, best.Size)}
		for i := range m.Proof {
			m.Proof[i] = record.QueensSizeProof{K: i + 1, Found: i+1 == best.Size}
		}
		for _, r := range recs[b] {
			if len(r.Proof) < best.Size {
				e.errorf("%s: n=%d: shard %s searched up to %d queens, not %d", v.name, b.n, r.Shard, len(r.Proof), best.Size)
				return exitFail
			}
			for i := range m.Proof {
				m.Proof[i].Nodes += r.Proof[i].Nodes
				m.Proof[i].TimeMS += r.Proof[i].TimeMS
			}
		}
		for _, p := range m.Proof {
			m.Stats.Nodes += p.Nodes
			m.Stats.TimeMS += p.TimeMS
		}
		out = append(out, m)
	}
	o := e.queensOutput(v, asJSON)
	for _, m := range out {
		o.record(m, func() { queensDominateHuman(o, m, false) })
	}
	return o.exit()
}
