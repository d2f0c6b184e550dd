package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/puzzlesolvers/puzzle/internal/schematest"
)

// The workloads of the sharding tests: each is run whole in-process, and
// in K shards as K separate processes, whose outputs puzzle merge puts
// back together; the merge must print what the whole run prints.
type shardWorkload struct {
	name string
	args []string
	k    int
	// ref is the schema of the records (of the shards, without their
	// place, and of merge --json).
	ref string
	// json is the flag that makes the whole run print JSON: the shards of
	// queens count print JSON with it only.
	queens bool
}

func shardWorkloads(t *testing.T) []shardWorkload {
	dir := t.TempDir()
	// A sudoku batch with every status: unique, multiple, none, invalid.
	var sud []byte
	for _, f := range []string{"unique9.txt", "multiple9.txt", "none9.txt", "malformed.txt", "small4.txt", "euler5.txt"} {
		sud = append(sud, mustRead(t, filepath.Join("testdata", f))...)
	}
	sudoku := filepath.Join(dir, "sudoku.txt")
	if err := os.WriteFile(sudoku, sud, 0o644); err != nil {
		t.Fatal(err)
	}
	return []shardWorkload{
		{name: "queens", args: []string{"queens", "count", "14"}, k: 4, ref: "queens.json#/$defs/count", queens: true},
		{name: "sudoku", args: []string{"sudoku", "solve", sudoku}, k: 3, ref: "sudoku.json#/$defs/solve"},
		{name: "nonogram", args: []string{"nonogram", "solve", "testdata/nonogram/several.txt", "../../examples/nonogram/statuses.txt"}, k: 3, ref: "nonogram.json#/$defs/solve"},
		{name: "sliding", args: []string{"sliding", "solve", "../../examples/sliding/eight.txt", "../../examples/sliding/statuses.txt"}, k: 2, ref: "sliding.json#/$defs/solve"},
		{name: "generate", args: []string{"sudoku", "generate", "--size", "4", "--count", "5", "--seed", "3"}, k: 2, ref: "sudoku.json#/$defs/generate"},
	}
}

// schedulerVars are the variables --shard auto reads: the tests set
// their own.
var schedulerVars = []string{"JOB_COMPLETION_INDEX", "SLURM_ARRAY_TASK_ID", "SLURM_ARRAY_TASK_COUNT", "SLURM_ARRAY_TASK_MIN",
	"SLURM_ARRAY_TASK_MAX", "SLURM_ARRAY_TASK_STEP", "PARALLEL_SEQ"}

// shardEnv is the environment of a shard's process: this one's, without
// any scheduler's variables, with vars.
func shardEnv(cache string, vars ...string) []string {
	var env []string
	for _, kv := range os.Environ() {
		name, _, _ := strings.Cut(kv, "=")
		if !slices.Contains(schedulerVars, name) && name != "PUZZLE_CACHE" {
			env = append(env, kv)
		}
	}
	return append(append(env, "PUZZLE_CACHE="+cache), vars...)
}

// runShard runs puzzle with args in a process of its own, with the
// scheduler variables vars, and writes its stdout to file.
func runShard(t *testing.T, file, cache string, vars []string, args ...string) {
	t.Helper()
	cmd := helperCommand(t, args...)
	cmd.Env = append(shardEnv(cache, vars...), helperEnv+"="+strings.Join(args, "\n"))
	var errb bytes.Buffer
	cmd.Stderr = &errb
	out, err := cmd.Output()
	if _, ok := err.(*exec.ExitError); err != nil && !ok {
		t.Fatalf("%s: %v", args, err)
	}
	if code := cmd.ProcessState.ExitCode(); code == exitUsage {
		t.Fatalf("%s: exit %d: %s", args, code, errb.String())
	}
	if len(vars) > 0 && strings.Contains(strings.Join(args, " "), "--shard auto") && !strings.Contains(errb.String(), ", from ") {
		t.Errorf("%s with %s: stderr does not say where the shard came from: %q", args, vars, errb.String())
	}
	if err := os.WriteFile(file, out, 0o644); err != nil {
		t.Fatal(err)
	}
}

// shardArgs returns the workload's command for one shard.
func (w shardWorkload) shardArgs(shard ...string) []string {
	args := slices.Clone(w.args)
	if w.queens {
		args = append(args, "--json")
	}
	return append(args, shard...)
}

// checkMerge merges files and compares the output, text and JSON, with
// the whole run's.
func checkMerge(t *testing.T, w shardWorkload, files []string) {
	t.Helper()
	wholeText, _, wholeCode := runCmd(t, "", w.args...)
	wholeJSON, _, _ := runCmd(t, "", append(slices.Clone(w.args), "--json")...)
	text, errOut, code := runCmd(t, "", append([]string{"merge"}, files...)...)
	if code != wholeCode {
		t.Fatalf("merge: exit %d, whole run %d; stderr %s", code, wholeCode, errOut)
	}
	if got, want := queensNormalise(text), queensNormalise(wholeText); got != want {
		t.Errorf("merge:\n%s\nwhole run:\n%s", got, want)
	}
	js, errOut, code := runCmd(t, "", append([]string{"merge", "--json"}, files...)...)
	if code != wholeCode {
		t.Fatalf("merge --json: exit %d, whole run %d; stderr %s", code, wholeCode, errOut)
	}
	if got, want := queensNormalise(js), queensNormalise(wholeJSON); got != want {
		t.Errorf("merge --json:\n%s\nwhole run:\n%s", got, want)
	}
	schematest.ValidateLines(t, w.ref, []byte(js))
	// queens merge is the same code as merge.
	if w.queens {
		q, _, _ := runCmd(t, "", append([]string{"queens", "merge", "--json"}, files...)...)
		if q != js {
			t.Errorf("queens merge --json %s, merge --json %s", q, js)
		}
	}
}

// checkShardRecords validates the lines of a batch shard's output.
func checkShardRecords(t *testing.T, w shardWorkload, file string) {
	t.Helper()
	if w.queens {
		schematest.ValidateLines(t, w.ref, []byte(mustRead(t, file)))
		return
	}
	lines := strings.Split(strings.TrimSuffix(mustRead(t, file), "\n"), "\n")
	schematest.Validate(t, "shard.json#/$defs/summary", []byte(lines[len(lines)-1]))
	for _, l := range lines[:len(lines)-1] {
		schematest.Validate(t, "shard.json#/$defs/place", []byte(l))
		rec, _, err := unplace([]byte(l))
		if err != nil {
			t.Fatal(err)
		}
		schematest.Validate(t, w.ref, rec)
	}
}

// TestShardsMerge runs every workload in K processes, with --shard I/K
// and with --shard auto under the variables of a Kubernetes Indexed Job
// and of a Slurm job array (numbered from 100), and merges them.
func TestShardsMerge(t *testing.T) {
	cache := t.TempDir()
	for _, w := range shardWorkloads(t) {
		t.Run(w.name, func(t *testing.T) {
			for _, sched := range []string{"flag", "kubernetes", "slurm"} {
				t.Run(sched, func(t *testing.T) {
					dir := t.TempDir()
					var files []string
					for i := 1; i <= w.k; i++ {
						file := filepath.Join(dir, fmt.Sprintf("part%d.jsonl", i))
						var vars, shard []string
						switch sched {
						case "flag":
							shard = []string{"--shard", fmt.Sprintf("%d/%d", i, w.k)}
						case "kubernetes":
							vars = []string{fmt.Sprintf("JOB_COMPLETION_INDEX=%d", i-1)}
							shard = []string{"--shard", "auto", "--shards", fmt.Sprint(w.k)}
						case "slurm":
							vars = []string{fmt.Sprintf("SLURM_ARRAY_TASK_ID=%d", 99+i), "SLURM_ARRAY_TASK_MIN=100",
								fmt.Sprintf("SLURM_ARRAY_TASK_MAX=%d", 99+w.k), fmt.Sprintf("SLURM_ARRAY_TASK_COUNT=%d", w.k)}
							shard = []string{"--shard", "auto"}
						}
						runShard(t, file, cache, vars, w.shardArgs(shard...)...)
						checkShardRecords(t, w, file)
						files = append(files, file)
					}
					// Any order of the files, and all in one file, merge the same.
					slices.Reverse(files)
					checkMerge(t, w, files)
					var all []byte
					for _, f := range files {
						all = append(all, mustRead(t, f)...)
					}
					one := filepath.Join(dir, "all.jsonl")
					os.WriteFile(one, all, 0o644)
					checkMerge(t, w, []string{one})
				})
			}
		})
	}
}

// TestShardsGNUParallel runs the shards under GNU parallel, two at a time,
// each finding its shard in PARALLEL_SEQ.
func TestShardsGNUParallel(t *testing.T) {
	par, err := exec.LookPath("parallel")
	if err != nil {
		t.Skip("GNU parallel is not installed (apt-get install parallel): the shards under it are not tested")
	}
	if out, err := exec.Command(par, "--version").Output(); err != nil || !bytes.Contains(out, []byte("GNU parallel")) {
		t.Skipf("%s is not GNU parallel (moreutils has one too): %s", par, firstLine(out))
	}
	cache := t.TempDir()
	for _, w := range shardWorkloads(t) {
		t.Run(w.name, func(t *testing.T) {
			dir := t.TempDir()
			args := w.shardArgs("--shard", "auto", "--shards", fmt.Sprint(w.k))
			// {} is the job's argument, unused: PARALLEL_SEQ numbers the jobs.
			script := fmt.Sprintf(": {}; exec '%s' '-test.run=^TestHelperCommand$' > '%s/part{#}.jsonl'", os.Args[0], dir)
			seq := make([]string, w.k)
			for i := range seq {
				seq[i] = fmt.Sprint(i + 1)
			}
			cmd := exec.Command(par, append([]string{"--will-cite", "--jobs", "2", script, ":::"}, seq...)...)
			cmd.Env = append(shardEnv(cache), helperEnv+"="+strings.Join(args, "\n"))
			out, err := cmd.CombinedOutput()
			if _, ok := err.(*exec.ExitError); err != nil && !ok {
				t.Fatalf("parallel: %v: %s", err, out)
			}
			var files []string
			for i := 1; i <= w.k; i++ {
				files = append(files, filepath.Join(dir, fmt.Sprintf("part%d.jsonl", i)))
				checkShardRecords(t, w, files[i-1])
			}
			checkMerge(t, w, files)
		})
	}
}

func firstLine(b []byte) string {
	line, _, _ := bytes.Cut(b, []byte("\n"))
	return string(line)
}

// checkMergeRefused runs merge on files, as text and as --json: each exits
// 1, writes nothing on stdout and says every one of msgs on stderr.
func checkMergeRefused(t *testing.T, files, msgs []string) {
	t.Helper()
	for _, asJSON := range []bool{false, true} {
		args := append([]string{"merge"}, files...)
		if asJSON {
			args = append(args, "--json")
		}
		out, errOut, code := runCmd(t, "", args...)
		if code != exitFail || out != "" {
			t.Errorf("%s: exit %d, stdout %q; want 1 and nothing", args, code, out)
		}
		for _, m := range msgs {
			if !strings.Contains(errOut, m) {
				t.Errorf("stderr %q does not say %q", errOut, m)
			}
		}
	}
}

// TestShardsMergeRefused hands merge shard sets that are not one whole
// job: it must exit 1, name the problem and print nothing.
func TestShardsMergeRefused(t *testing.T) {
	ws := shardWorkloads(t)
	w := ws[1] // the sudoku batch
	dir := t.TempDir()
	cache := t.TempDir()
	shards := func(name string, k int, extra ...string) []string {
		var files []string
		for i := 1; i <= k; i++ {
			file := filepath.Join(dir, fmt.Sprintf("%s%d.jsonl", name, i))
			runShard(t, file, cache, nil, append(w.shardArgs("--shard", fmt.Sprintf("%d/%d", i, k)), extra...)...)
			files = append(files, file)
		}
		return files
	}
	write := func(name, content string) string {
		f := filepath.Join(dir, name)
		if err := os.WriteFile(f, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
		return f
	}
	good := shards("s", 3)
	other := shards("limit", 3, "--limit", "1") // another job: other arguments
	two := shards("two", 2)                     // the same job in 2 shards
	var inputs []string                         // the same command on other inputs
	otherInput := filepath.Join(dir, "other.txt")
	os.WriteFile(otherInput, []byte(mustRead(t, "testdata/unique9.txt")), 0o644)
	for i := 1; i <= 3; i++ {
		file := filepath.Join(dir, fmt.Sprintf("input%d.jsonl", i))
		runShard(t, file, cache, nil, "sudoku", "solve", otherInput, "--shard", fmt.Sprintf("%d/3", i))
		inputs = append(inputs, file)
	}
	queens := filepath.Join(dir, "queens.json")
	runShard(t, queens, cache, nil, "queens", "count", "--json", "--shard", "1/2", "9")

	lines := func(f string) []string { return strings.SplitAfter(strings.TrimSuffix(mustRead(t, f), "\n"), "\n") }
	g2 := lines(good[1])
	failed := write("failed.jsonl", strings.Join(g2[:len(g2)-1], "")+
		strings.Replace(g2[len(g2)-1], `"status":"solved"`, `"status":"timeout","error":"interrupted"`, 1))
	cut := write("cut.jsonl", strings.Join(g2[1:], "")) // a record lost
	noSummary := write("nosummary.jsonl", strings.Join(g2[:len(g2)-1], ""))
	intruder := write("intruder.jsonl", lines(other[1])[0]+strings.Join(g2, "")) // another job's record slipped in
	for _, tc := range []struct {
		name  string
		files []string
		msgs  []string
	}{
		{"incomplete", good[:2], []string{"shard 3/3 missing"}},
		{"two missing", good[1:2], []string{"shards 1/3 and 3/3 missing"}},
		{"duplicated", append(slices.Clone(good), good[0]), []string{"shard 1/3 given twice (" + good[0] + ":"}},
		{"foreign arguments", []string{good[0], other[1], good[2]}, []string{"shard 2/3 missing", other[1] + ":", "is foreign"}},
		{"foreign inputs", []string{good[0], inputs[1], good[2]}, []string{"is foreign"}},
		{"mixed K", []string{good[0], good[1], two[1]}, []string{"shard 3/3 missing", "shard 2/2 is foreign: of a job cut into 2 shards, not 3"}},
		{"failed", []string{good[0], failed, good[2]}, []string{"failed.jsonl:", "shard 2/3 failed (status timeout: interrupted)"}},
		{"cut short", []string{good[0], cut, good[2]}, []string{"shard 2/3 wrote"}},
		{"no summary", []string{good[0], noSummary, good[2]}, []string{"shard 2/3 missing"}},
		{"intruder", []string{good[0], intruder, good[2]}, []string{"intruder.jsonl:1: a record of another job"}},
		{"queens among batch", []string{good[0], queens}, []string{"a record of queens count among those of a batch"}},
		{"not json", []string{good[0], write("bad.jsonl", "{\n")}, []string{"bad.jsonl:1: not a record of a shard"}},
		{"no records", []string{write("empty.jsonl", "\n")}, []string{"no shard records read"}},
		{"no file", []string{filepath.Join(dir, "nope.jsonl")}, []string{"no such file"}},
	} {
		t.Run(tc.name, func(t *testing.T) { checkMergeRefused(t, tc.files, tc.msgs) })
	}
	// The whole set merges, from stdin too.
	var all string
	for _, f := range good {
		all += mustRead(t, f)
	}
	if _, errOut, code := runCmd(t, all, "merge", "--json"); code != exitFail || errOut != "" {
		// exit 1: the batch holds puzzles with no solution, as the whole run does
		t.Errorf("merge of stdin: exit %d, %s", code, errOut)
	}
}

// TestShardUsage checks the usage errors of --shard.
func TestShardUsage(t *testing.T) {
	t.Setenv("JOB_COMPLETION_INDEX", "")
	os.Unsetenv("JOB_COMPLETION_INDEX")
	for _, tc := range []struct {
		args []string
		msg  string
	}{
		{[]string{"sudoku", "solve", "--shard", "4/3", "testdata/unique9.txt"}, `shard "4/3": want I/K`},
		{[]string{"sudoku", "solve", "--shards", "3", "testdata/unique9.txt"}, "--shards goes with --shard"},
		{[]string{"sudoku", "solve", "--shard", "1/3", "--shards", "2", "testdata/unique9.txt"}, "disagree"},
		{[]string{"sudoku", "solve", "--shard", "1/3", "--all", "testdata/unique9.txt"}, "--shard does not go with listing solutions"},
		{[]string{"sudoku", "generate", "--shard", "1/3"}, "--shard needs --seed"},
		{[]string{"queens", "count", "--shard", "0/3", "9"}, `shard "0/3"`},
		{[]string{"queens", "dominate", "--shard", "auto", "9"}, "none of JOB_COMPLETION_INDEX"},
		{[]string{"sliding", "solve", "--shard", "1/2", "--animate", "1", "2", "3", "4", "5", "6", "7", "0", "8"}, "--shard does not go with --animate"},
	} {
		_, errOut, code := runCmd(t, "", tc.args...)
		if code != exitUsage || !strings.Contains(errOut, tc.msg) {
			t.Errorf("%s: exit %d, stderr %q; want 2 and %q", tc.args, code, errOut, tc.msg)
		}
	}
}

// TestShardRecordsRoundTrip checks that unplace gives back the record of
// --json: the fields of place removed, the others in their order.
func TestShardRecordsRoundTrip(t *testing.T) {
	t.Parallel()
	line := []byte(`{"file":"a","status":"unique","x":[1,{"y":"<>"}],"shard":"1/2","index":4,"job":"0123456789abcdef","human":"a: unique\n"}`)
	rec, human, err := unplace(line)
	if err != nil || string(rec) != `{"file":"a","status":"unique","x":[1,{"y":"<>"}]}` || human != "a: unique\n" {
		t.Errorf("unplace = %s, %q, %v", rec, human, err)
	}
	var v map[string]any
	if err := json.Unmarshal(rec, &v); err != nil {
		t.Error(err)
	}
}

// TestShardsDominate runs queens dominate in K processes: the merge gives
// the whole search's size and set, and its nodes for every size proved
// impossible; the shards' records and the merge's hold to the schema.
func TestShardsDominate(t *testing.T) {
	dir, cache := t.TempDir(), t.TempDir()
	for _, ind := range []bool{false, true} {
		args := []string{"queens", "dominate", "--json", "7", "9"}
		if ind {
			args = append(args, "--independent")
		}
		whole, _, code := runCmd(t, "", args...)
		if code != exitOK {
			t.Fatalf("%s: exit %d", args, code)
		}
		const k = 3
		var files []string
		for i := 1; i <= k; i++ {
			file := filepath.Join(dir, fmt.Sprintf("d%v%d.json", ind, i))
			runShard(t, file, cache, []string{fmt.Sprintf("JOB_COMPLETION_INDEX=%d", i-1)}, append(slices.Clone(args), "--shard", "auto", "--shards", fmt.Sprint(k))...)
			schematest.ValidateLines(t, "queens.json#/$defs/dominate", []byte(mustRead(t, file)))
			files = append(files, file)
		}
		out, errOut, code := runCmd(t, "", append([]string{"merge", "--json"}, files...)...)
		if code != exitOK {
			t.Fatalf("merge: exit %d: %s", code, errOut)
		}
		schematest.ValidateLines(t, "queens.json#/$defs/dominate", []byte(out))
		type rec struct {
			N      int `json:"n"`
			Size   int `json:"size"`
			Queens []struct{ Row, Col int }
			Proof  []struct {
				K     int
				Found bool
				Nodes int64
			}
		}
		decode := func(s string) []rec {
			var rs []rec
			for _, l := range strings.Split(strings.TrimSpace(s), "\n") {
				var r rec
				if err := json.Unmarshal([]byte(l), &r); err != nil {
					t.Fatal(err)
				}
				rs = append(rs, r)
			}
			return rs
		}
		got, want := decode(out), decode(whole)
		if len(got) != len(want) {
			t.Fatalf("merged %d records, whole %d", len(got), len(want))
		}
		for i := range want {
			g, w := got[i], want[i]
			if g.N != w.N || g.Size != w.Size || fmt.Sprint(g.Queens) != fmt.Sprint(w.Queens) || len(g.Proof) != len(w.Proof) {
				t.Errorf("independent=%v: merged %+v, whole %+v", ind, g, w)
				continue
			}
			for j := range w.Proof[:w.Size-1] {
				if g.Proof[j] != w.Proof[j] {
					t.Errorf("independent=%v n=%d: k=%d merged %+v, whole %+v", ind, w.N, j+1, g.Proof[j], w.Proof[j])
				}
			}
		}
		// Incomplete and mixed sets are refused.
		if _, errOut, code := runCmd(t, "", "merge", files[0], files[2]); code != exitFail || !strings.Contains(errOut, "shard 2/3 missing") {
			t.Errorf("merge without shard 2: exit %d, %q", code, errOut)
		}
	}
}
