package shard

import (
	"errors"
	"fmt"
	"slices"
	"strings"
)

// A Part is what a merge knows of the output of one shard.
type Part struct {
	Spec Spec
	// Job is the ID of the shard's job (Job.ID), or any string that is the
	// same for the shards of one job and differs between jobs.
	Job string
	// Where says where the part was read, "s3.json:12", for messages.
	Where string
	// Failed says why the shard did not finish ("status timeout:
	// interrupted"); "" when it did.
	Failed string
}

// Check checks that parts are the K shards of one job, each once and each
// finished, and returns K. Otherwise its error names every problem: the
// shards missing, given twice, of another job (foreign) or failed.
func Check(parts []Part) (int, error) {
	if len(parts) == 0 {
		return 0, errors.New("no shard records read")
	}
	// The job is that of most parts; the others are foreign.
	type key struct {
		job string
		k   int
	}
	votes := map[key]int{}
	var order []key
	for _, p := range parts {
		kk := key{p.Job, p.Spec.K}
		if votes[kk] == 0 {
			order = append(order, kk)
		}
		votes[kk]++
	}
	main := order[0]
	for _, kk := range order {
		if votes[kk] > votes[main] {
			main = kk
		}
	}
	var problems []string
	k := main.k
	where := make([][]string, k+1)
	for _, p := range parts {
		switch {
		case p.Job != main.job:
			problems = append(problems, fmt.Sprintf("%s: shard %s is foreign: of job %s, not %s", p.Where, p.Spec, p.Job, main.job))
		case p.Spec.K != k:
			problems = append(problems, fmt.Sprintf("%s: shard %s is foreign: of a job cut into %d shards, not %d", p.Where, p.Spec, p.Spec.K, k))
		case p.Spec.I < 1 || p.Spec.I > k:
			problems = append(problems, fmt.Sprintf("%s: shard %s out of range", p.Where, p.Spec))
		default:
			where[p.Spec.I] = append(where[p.Spec.I], p.Where)
			if p.Failed != "" {
				problems = append(problems, fmt.Sprintf("%s: shard %s failed (%s)", p.Where, p.Spec, p.Failed))
			}
		}
	}
	var missing []string
	for i := 1; i <= k; i++ {
		switch ws := where[i]; {
		case len(ws) == 0:
			missing = append(missing, Spec{i, k}.String())
		case len(ws) == 2:
			problems = append(problems, fmt.Sprintf("shard %s given twice (%s)", Spec{i, k}, List(ws)))
		case len(ws) > 2:
			problems = append(problems, fmt.Sprintf("shard %s given %d times (%s)", Spec{i, k}, len(ws), List(ws)))
		}
	}
	switch {
	case len(missing) == 1:
		problems = slices.Insert(problems, 0, fmt.Sprintf("shard %s missing", missing[0]))
	case len(missing) > 1:
		problems = slices.Insert(problems, 0, fmt.Sprintf("shards %s missing", List(missing)))
	}
	if len(problems) > 0 {
		return k, errors.New(strings.Join(problems, "; "))
	}
	return k, nil
}

// List writes names as people do: "a", "a and b", "a, b and c"; more than
// eight are cut to the first six, "...", and the last.
func List(names []string) string {
	if len(names) > 8 {
		names = append(append(slices.Clone(names[:6]), "..."), names[len(names)-1])
	}
	switch n := len(names); n {
	case 0:
		return ""
	case 1:
		return names[0]
	default:
		return strings.Join(names[:n-1], ", ") + " and " + names[n-1]
	}
}
