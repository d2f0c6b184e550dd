package queens

import (
	"context"
	"slices"
	"testing"
)

// TestDominateShards checks the shares of Dominate against the whole
// search: every size below the least is searched node for node, the least
// size is the whole search's, and the share with the least branch found
// finds the whole search's set.
func TestDominateShards(t *testing.T) {
	t.Parallel()
	for n := 1; n <= 9; n++ {
		for _, ind := range []bool{false, true} {
			whole, err := Dominate(context.Background(), n, DominateOptions{Independent: ind})
			if err != nil {
				t.Fatal(err)
			}
			for k := 2; k <= 5; k++ {
				nodes := make([]int64, n+1)
				size, branch := 0, -1
				var queens []Queen
				for i := 1; i <= k; i++ {
					s, err := Dominate(context.Background(), n, DominateOptions{Independent: ind, Shard: i, Shards: k})
					if err != nil {
						t.Fatal(err)
					}
					if s.Shard != i || s.Shards != k {
						t.Fatalf("n=%d %d/%d: shard %d/%d", n, i, k, s.Shard, s.Shards)
					}
					for _, tr := range s.Tried {
						nodes[tr.K] += tr.Nodes
					}
					if len(s.Tried) < whole.Size {
						t.Fatalf("n=%d %d/%d: sizes up to %d searched, not %d", n, i, k, len(s.Tried), whole.Size)
					}
					if s.Size > 0 && (size == 0 || s.Size < size || s.Size == size && s.Branch < branch) {
						size, branch, queens = s.Size, s.Branch, s.Queens
					}
				}
				if size != whole.Size || !slices.Equal(queens, whole.Queens) {
					t.Errorf("n=%d independent=%v, %d shares: size %d %v, whole %d %v", n, ind, k, size, queens, whole.Size, whole.Queens)
				}
				for _, tr := range whole.Tried[:whole.Size-1] {
					if nodes[tr.K] != tr.Nodes {
						t.Errorf("n=%d independent=%v, %d shares: k=%d: %d nodes, whole %d", n, ind, k, tr.K, nodes[tr.K], tr.Nodes)
					}
				}
			}
		}
	}
	if _, err := Dominate(context.Background(), 8, DominateOptions{Shard: 3, Shards: 2}); err == nil {
		t.Error("shard 3/2 accepted")
	}
}
