package queens

import (
	"context"
	"fmt"
	"testing"
)

func BenchmarkDominate(b *testing.B) {
	for _, n := range []int{8, 9, 10, 11, 12, 13} {
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			var res Domination
			for b.Loop() {
				res, _ = Dominate(context.Background(), n, DominateOptions{})
			}
			if res.Size != gammaOf(n) {
				b.Fatalf("size %d, known %d", res.Size, gammaOf(n))
			}
			b.ReportMetric(float64(res.Nodes), "nodes")
		})
	}
}
