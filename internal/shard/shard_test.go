package shard

import (
	"strings"
	"testing"
)

func env(vars map[string]string) func(string) (string, bool) {
	return func(name string) (string, bool) {
		v, ok := vars[name]
		return v, ok
	}
}

func TestParse(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		in   string
		want Spec
		ok   bool
	}{
		{"1/1", Spec{1, 1}, true},
		{"3/8", Spec{3, 8}, true},
		{"8/8", Spec{8, 8}, true},
		{"0/8", Spec{}, false},
		{"9/8", Spec{}, false},
		{"1/0", Spec{}, false},
		{"-1/4", Spec{}, false},
		{"2", Spec{}, false},
		{"a/b", Spec{}, false},
		{"1/2/3", Spec{}, false},
		{"", Spec{}, false},
		{"1/99999999", Spec{}, false},
	} {
		got, err := Parse(tc.in)
		if (err == nil) != tc.ok || got != tc.want {
			t.Errorf("Parse(%q) = %v, %v; want %v, ok %v", tc.in, got, err, tc.want, tc.ok)
		}
		if err == nil && got.String() != tc.in {
			t.Errorf("Parse(%q).String() = %q", tc.in, got)
		}
	}
}

// TestOwns checks against the definition: every item belongs to exactly
// one shard, and the shards' sizes differ by one at most.
func TestOwns(t *testing.T) {
	t.Parallel()
	for k := 1; k <= 9; k++ {
		sizes := make([]int, k+1)
		for i := range 100 {
			owners := 0
			for s := 1; s <= k; s++ {
				if (Spec{s, k}).Owns(i) {
					owners++
					sizes[s]++
				}
			}
			if owners != 1 {
				t.Fatalf("k=%d: item %d owned by %d shards", k, i, owners)
			}
		}
		lo, hi := 100, 0
		for _, n := range sizes[1:] {
			lo, hi = min(lo, n), max(hi, n)
		}
		if hi-lo > 1 {
			t.Errorf("k=%d: shard sizes %v", k, sizes[1:])
		}
	}
	if !(Spec{}).Owns(7) {
		t.Error("the whole job does not own item 7")
	}
}

func TestResolve(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name   string
		value  string
		shards int
		vars   map[string]string
		want   Spec
		from   string // a piece of the source named, or of the error
		ok     bool
	}{
		{"none", "", 0, nil, Spec{}, "", true},
		{"explicit", "2/5", 0, nil, Spec{2, 5}, "", true},
		{"explicit agrees", "2/5", 5, nil, Spec{2, 5}, "", true},
		{"explicit disagrees", "2/5", 4, nil, Spec{}, "disagree", false},
		{"shards alone", "", 4, nil, Spec{}, "--shards goes with", false},
		{"kubernetes", "auto", 4, map[string]string{"JOB_COMPLETION_INDEX": "0"}, Spec{1, 4}, "Kubernetes", true},
		{"kubernetes last", "auto", 4, map[string]string{"JOB_COMPLETION_INDEX": "3"}, Spec{4, 4}, "JOB_COMPLETION_INDEX=3", true},
		{"kubernetes no K", "auto", 0, map[string]string{"JOB_COMPLETION_INDEX": "0"}, Spec{}, "add --shards K", false},
		{"kubernetes too far", "auto", 4, map[string]string{"JOB_COMPLETION_INDEX": "4"}, Spec{}, "outside 0..3", false},
		{"kubernetes not a number", "auto", 4, map[string]string{"JOB_COMPLETION_INDEX": "x"}, Spec{}, "not a number", false},
		{"slurm from 0", "auto", 0, map[string]string{"SLURM_ARRAY_TASK_ID": "0", "SLURM_ARRAY_TASK_MIN": "0", "SLURM_ARRAY_TASK_COUNT": "3"}, Spec{1, 3}, "Slurm", true},
		{"slurm from 1", "auto", 0, map[string]string{"SLURM_ARRAY_TASK_ID": "3", "SLURM_ARRAY_TASK_MIN": "1", "SLURM_ARRAY_TASK_COUNT": "3"}, Spec{3, 3}, "Slurm", true},
		{"slurm from 100", "auto", 0, map[string]string{"SLURM_ARRAY_TASK_ID": "101", "SLURM_ARRAY_TASK_MIN": "100", "SLURM_ARRAY_TASK_COUNT": "2"}, Spec{2, 2}, "Slurm", true},
		{"slurm step", "auto", 0, map[string]string{"SLURM_ARRAY_TASK_ID": "7", "SLURM_ARRAY_TASK_MIN": "1", "SLURM_ARRAY_TASK_STEP": "3", "SLURM_ARRAY_TASK_COUNT": "3"}, Spec{3, 3}, "Slurm", true},
		{"slurm shards agree", "auto", 3, map[string]string{"SLURM_ARRAY_TASK_ID": "1", "SLURM_ARRAY_TASK_MIN": "1", "SLURM_ARRAY_TASK_COUNT": "3"}, Spec{1, 3}, "Slurm", true},
		{"slurm shards disagree", "auto", 4, map[string]string{"SLURM_ARRAY_TASK_ID": "1", "SLURM_ARRAY_TASK_MIN": "1", "SLURM_ARRAY_TASK_COUNT": "3"}, Spec{}, "disagree", false},
		{"slurm beyond count", "auto", 0, map[string]string{"SLURM_ARRAY_TASK_ID": "5", "SLURM_ARRAY_TASK_MIN": "1", "SLURM_ARRAY_TASK_COUNT": "3"}, Spec{}, "not one of the 3 tasks", false},
		{"slurm below min", "auto", 0, map[string]string{"SLURM_ARRAY_TASK_ID": "0", "SLURM_ARRAY_TASK_MIN": "1", "SLURM_ARRAY_TASK_COUNT": "3"}, Spec{}, "not one of", false},
		{"slurm no count", "auto", 0, map[string]string{"SLURM_ARRAY_TASK_ID": "0"}, Spec{}, "without SLURM_ARRAY_TASK_COUNT", false},
		{"parallel", "auto", 2, map[string]string{"PARALLEL_SEQ": "2"}, Spec{2, 2}, "GNU parallel", true},
		{"parallel no K", "auto", 0, map[string]string{"PARALLEL_SEQ": "2"}, Spec{}, "add --shards K", false},
		{"parallel too far", "auto", 2, map[string]string{"PARALLEL_SEQ": "3"}, Spec{}, "outside 1..2", false},
		{"parallel zero", "auto", 2, map[string]string{"PARALLEL_SEQ": "0"}, Spec{}, "outside 1..2", false},
		{"none set", "auto", 2, nil, Spec{}, "none of", false},
		{"two set", "auto", 2, map[string]string{"PARALLEL_SEQ": "1", "JOB_COMPLETION_INDEX": "0"}, Spec{}, "ambiguous", false},
		{"bad value", "1/x", 0, nil, Spec{}, "want I/K", false},
		{"negative shards", "auto", -1, nil, Spec{}, "--shards -1", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, from, err := Resolve(tc.value, tc.shards, env(tc.vars))
			if (err == nil) != tc.ok || got != tc.want {
				t.Fatalf("Resolve = %v, %q, %v; want %v, ok %v", got, from, err, tc.want, tc.ok)
			}
			text := from
			if err != nil {
				text = err.Error()
			}
			if !strings.Contains(text, tc.from) {
				t.Errorf("%q does not say %q", text, tc.from)
			}
		})
	}
}

func TestJob(t *testing.T) {
	t.Parallel()
	hash := func(inputs ...string) string {
		var in Inputs
		for _, s := range inputs {
			r := in.Reader(strings.NewReader(s))
			buf := make([]byte, 3) // read in pieces
			for {
				if _, err := r.Read(buf); err != nil {
					break
				}
			}
		}
		return in.Sum()
	}
	a, b := hash("abc", "def"), hash("abcdef")
	if a == b {
		t.Error("two inputs hash as their concatenation")
	}
	if a != hash("abc", "def") {
		t.Error("the hash is not deterministic")
	}
	if !strings.HasPrefix(a, "sha256:") || len(a) != len("sha256:")+64 {
		t.Errorf("Sum = %q", a)
	}
	j := Job{Command: "sudoku solve", Args: []string{"--limit", "1"}, Inputs: a}
	for _, other := range []Job{
		{Command: "sudoku solve", Args: []string{"--limit", "2"}, Inputs: a},
		{Command: "sudoku solve", Args: []string{"--limit", "1"}, Inputs: b},
		{Command: "nonogram solve", Args: []string{"--limit", "1"}, Inputs: a},
		{Command: "sudoku solve", Args: []string{"--limit 1"}, Inputs: a},
	} {
		if other.ID() == j.ID() {
			t.Errorf("%v and %v have the same ID", j, other)
		}
	}
	if len(j.ID()) != 16 || j.ID() != (Job{Command: "sudoku solve", Args: []string{"--limit", "1"}, Inputs: a}).ID() {
		t.Errorf("ID %q", j.ID())
	}
}

func TestCheck(t *testing.T) {
	t.Parallel()
	part := func(i, k int, job, where string) Part { return Part{Spec: Spec{i, k}, Job: job, Where: where} }
	for _, tc := range []struct {
		name  string
		parts []Part
		want  []string // pieces of the error; none for a good set
	}{
		{"complete", []Part{part(2, 3, "j", "b"), part(1, 3, "j", "a"), part(3, 3, "j", "c")}, nil},
		{"one of one", []Part{part(1, 1, "j", "a")}, nil},
		{"empty", nil, []string{"no shard records"}},
		{"missing one", []Part{part(1, 3, "j", "a"), part(3, 3, "j", "c")}, []string{"shard 2/3 missing"}},
		{"missing two", []Part{part(2, 3, "j", "a")}, []string{"shards 1/3 and 3/3 missing"}},
		{"twice", []Part{part(1, 2, "j", "a:1"), part(2, 2, "j", "b:1"), part(1, 2, "j", "c:1")}, []string{"shard 1/2 given twice (a:1 and c:1)"}},
		{"thrice", []Part{part(1, 1, "j", "a"), part(1, 1, "j", "b"), part(1, 1, "j", "c")}, []string{"shard 1/1 given 3 times (a, b and c)"}},
		{"foreign job", []Part{part(1, 2, "j", "a"), part(2, 2, "j", "b"), part(2, 2, "x", "c")}, []string{"c: shard 2/2 is foreign: of job x, not j"}},
		{"foreign k", []Part{part(1, 2, "j", "a"), part(2, 2, "j", "b"), part(2, 3, "j", "c")}, []string{"c: shard 2/3 is foreign", "cut into 3"}},
		{"failed", []Part{part(1, 2, "j", "a"), {Spec: Spec{2, 2}, Job: "j", Where: "b", Failed: "status timeout: interrupted"}}, []string{"b: shard 2/2 failed (status timeout: interrupted)"}},
		{"mixed", []Part{part(1, 2, "j", "a"), part(2, 2, "x", "b")}, []string{"shard 2/2 missing", "b: shard 2/2 is foreign"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Check(tc.parts)
			if len(tc.want) == 0 {
				if err != nil {
					t.Fatal(err)
				}
				return
			}
			if err == nil {
				t.Fatalf("Check accepted %v", tc.parts)
			}
			for _, w := range tc.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q does not say %q", err, w)
				}
			}
		})
	}
}

func TestList(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		in   []string
		want string
	}{
		{nil, ""},
		{[]string{"a"}, "a"},
		{[]string{"a", "b"}, "a and b"},
		{[]string{"a", "b", "c"}, "a, b and c"},
		{strings.Split("1 2 3 4 5 6 7 8 9 10", " "), "1, 2, 3, 4, 5, 6, ... and 10"},
	} {
		if got := List(tc.in); got != tc.want {
			t.Errorf("List(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}
