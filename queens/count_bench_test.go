package queens

import (
	"context"
	"fmt"
	"testing"

	"github.com/puzzlesolvers/puzzle/internal/oeis"
)

// BenchmarkCount counts on one goroutine (-cpu sets GOMAXPROCS for the
// others). go test -bench Count/n=17 -benchtime 1x is the n=17 target.
func BenchmarkCount(b *testing.B) {
	for _, n := range []int{12, 14, 15, 16, 17} {
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			var res Counts
			for b.Loop() {
				var err error
				res, err = Count(context.Background(), n, CountOptions{Workers: 1})
				if err != nil {
					b.Fatal(err)
				}
			}
			if total, fundamental, _ := oeis.QueensCounts(n); res.Solutions != total || res.Fundamental != fundamental {
				b.Fatalf("n=%d: %d, %d; OEIS %d, %d", n, res.Solutions, res.Fundamental, total, fundamental)
			}
			b.ReportMetric(float64(res.Nodes)/b.Elapsed().Seconds()*float64(b.N), "nodes/s")
		})
	}
}
