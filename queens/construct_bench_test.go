package queens

import (
	"context"
	"testing"
)

// BenchmarkOne places and checks 10^7 queens (the target is 1 s).
func BenchmarkOne(b *testing.B) {
	const n = 10_000_000
	for b.Loop() {
		rows, err := One(n)
		if err != nil {
			b.Fatal(err)
		}
		if err := Verify(rows); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(n)*float64(b.N)/b.Elapsed().Seconds(), "queens/s")
}

// BenchmarkMinConflicts places and checks 10^6 queens (the target is 5 s).
func BenchmarkMinConflicts(b *testing.B) {
	const n = 1_000_000
	var st LocalStats
	for b.Loop() {
		rows, s, err := MinConflicts(context.Background(), n, 1)
		if err != nil {
			b.Fatal(err)
		}
		if err := Verify(rows); err != nil {
			b.Fatal(err)
		}
		st = s
	}
	b.ReportMetric(float64(st.Tries), "tries")
}
