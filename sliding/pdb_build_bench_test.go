package sliding

import (
	"context"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"
)

// BenchmarkBuildPattern builds one pattern database of the 15-puzzle: the
// 7 tiles 1..7 of the 7-8 set, or the tiles in $PUZZLE_BENCH_TILES
// (comma-separated goal cells, e.g. 8,9,10,11,12,13,14,15 for the big one)
// on a board of side $PUZZLE_BENCH_SIDE (default 4). With
// $PUZZLE_BENCH_LAYERS set it logs the time and placements of each layer.
func BenchmarkBuildPattern(b *testing.B) {
	tiles := []uint8{1, 2, 3, 4, 5, 6, 7}
	if s := os.Getenv("PUZZLE_BENCH_TILES"); s != "" {
		tiles = nil
		for _, f := range strings.Split(s, ",") {
			t, err := strconv.Atoi(f)
			if err != nil {
				b.Fatal(err)
			}
			tiles = append(tiles, uint8(t))
		}
	}
	side := 4
	if s := os.Getenv("PUZZLE_BENCH_SIDE"); s != "" {
		var err error
		if side, err = strconv.Atoi(s); err != nil {
			b.Fatal(err)
		}
	}
	layers := os.Getenv("PUZZLE_BENCH_LAYERS") != ""
	var size int64
	for b.Loop() {
		start := time.Now()
		pt := newPattern(side, side, tiles)
		if err := pt.build(context.Background(), 0, func(p BuildProgress) {
			if layers {
				b.Logf("d=%d done=%d at %v", p.Depth, p.Done, time.Since(start))
			}
		}, "bench"); err != nil {
			b.Fatal(err)
		}
		size = pt.size
	}
	b.ReportMetric(float64(size)*float64(b.N)/b.Elapsed().Seconds()/1e6, "Mplacements/s")
}
