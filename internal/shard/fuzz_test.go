package shard

import "testing"

// FuzzResolve checks that no --shard value or environment makes Resolve
// panic, and that what it accepts is a shard: 1 ≤ I ≤ K, K from --shards
// when given, and "I/K" that parses back to itself.
func FuzzResolve(f *testing.F) {
	for _, s := range []string{"", "auto", "1/1", "3/8", "0/1", "9/8", "1/", "/", "-1/-1", "99999999999999999999/1"} {
		f.Add(s, 0, "", "", "")
		f.Add(s, 4, "3", "", "")
	}
	f.Add("auto", 0, "", "7", "")
	f.Add("auto", 3, "", "", "2")
	f.Fuzz(func(t *testing.T, value string, shards int, k8s, slurmID, seq string) {
		vars := map[string]string{}
		if k8s != "" {
			vars[EnvKubernetes] = k8s
		}
		if slurmID != "" {
			vars[EnvSlurmID], vars[EnvSlurmMin], vars[EnvSlurmCount] = slurmID, "1", "4"
		}
		if seq != "" {
			vars[EnvParallel] = seq
		}
		s, _, err := Resolve(value, shards, env(vars))
		if err != nil || s.K == 0 {
			return
		}
		if s.I < 1 || s.I > s.K || shards != 0 && s.K != shards {
			t.Fatalf("Resolve(%q, %d, %v) = %v", value, shards, vars, s)
		}
		if back, err := Parse(s.String()); err != nil || back != s {
			t.Fatalf("Parse(%q) = %v, %v", s, back, err)
		}
	})
}
