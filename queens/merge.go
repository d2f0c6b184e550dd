package queens

import (
	"errors"
	"fmt"
	"strings"
)

// Merge adds the Counts of the shares of one count, checking that they
// belong together: the same n and number of shares, every share once.
func Merge(parts []Counts) (Counts, error) {
	if len(parts) == 0 {
		return Counts{}, errors.New("queens: no shard results")
	}
	n, k := parts[0].N, parts[0].Shards
	if k == 0 {
		k = 1
	}
	seen := make([]bool, k+1)
	res := Counts{N: n}
	for i, p := range parts {
		pk, ps := p.Shards, p.Shard
		if pk == 0 {
			pk, ps = 1, 1
		}
		switch {
		case p.N != n:
			return res, fmt.Errorf("queens: n %d and %d mixed", n, p.N)
		case pk != k:
			return res, fmt.Errorf("queens: shards of %d and of %d mixed", k, pk)
		case ps < 1 || ps > k:
			return res, fmt.Errorf("queens: result %d: shard %d/%d out of range", i+1, ps, k)
		case seen[ps]:
			return res, fmt.Errorf("queens: shard %d/%d given twice", ps, k)
		case p.Total != parts[0].Total:
			return res, fmt.Errorf("queens: result %d splits into %d sub-problems, result 1 into %d", i+1, p.Total, parts[0].Total)
		case p.Solutions != p.Sym1+2*p.Sym2+4*p.Sym4+8*p.Sym8 || p.Fundamental != p.Sym1+p.Sym2+p.Sym4+p.Sym8:
			return res, fmt.Errorf("queens: result %d: solutions and fundamental do not match sym2, sym4, sym8", i+1)
		}
		seen[ps] = true
		res.Sym1 += p.Sym1
		res.Sym2 += p.Sym2
		res.Sym4 += p.Sym4
		res.Sym8 += p.Sym8
		res.Nodes += p.Nodes
		res.Subproblems += p.Subproblems
		res.Time += p.Time
	}
	var missing []string
	for i := 1; i <= k; i++ {
		if !seen[i] {
			missing = append(missing, fmt.Sprintf("%d/%d", i, k))
		}
	}
	switch len(missing) {
	case 0:
	case 1:
		return res, fmt.Errorf("queens: shard %s missing", missing[0])
	default:
		last := len(missing) - 1
		return res, fmt.Errorf("queens: shards %s and %s missing", strings.Join(missing[:last], ", "), missing[last])
	}
	res.Total = parts[0].Total
	if res.Subproblems != res.Total {
		return res, fmt.Errorf("queens: the shards counted %d sub-problems, not %d", res.Subproblems, res.Total)
	}
	res.Fundamental = res.Sym1 + res.Sym2 + res.Sym4 + res.Sym8
	res.Solutions = res.Sym1 + 2*res.Sym2 + 4*res.Sym4 + 8*res.Sym8
	return res, nil
}
