package sliding

import (
	"context"
	"errors"
	"testing"
)

// TestBuildCancel cancels builds during the search and during the last
// pass, which copies the entries into rank order.
func TestBuildCancel(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name string
		stop func(BuildProgress) bool
	}{
		{"search", func(p BuildProgress) bool { return p.Depth == 3 }},
		{"copy", func(p BuildProgress) bool { return p.Done == p.Total }},
	} {
		ctx, cancel := context.WithCancel(context.Background())
		pt := newPattern(4, 4, []uint8{1, 2, 3, 6, 7})
		err := pt.build(ctx, 2, func(p BuildProgress) {
			if tc.stop(p) {
				cancel()
			}
		}, "test")
		cancel()
		if !errors.Is(err, context.Canceled) || pt.table != nil {
			t.Errorf("%s: cancelled build returned %v with a table of %d bytes", tc.name, err, len(pt.table))
		}
	}
}

// TestBuildProgress checks the progress reports: one per layer, the
// placements reached growing to all of them.
func TestBuildProgress(t *testing.T) {
	t.Parallel()
	pt := newPattern(3, 4, []uint8{1, 5, 6, 11})
	var reports []BuildProgress
	if err := pt.build(context.Background(), 2, func(p BuildProgress) { reports = append(reports, p) }, "test"); err != nil {
		t.Fatal(err)
	}
	for i, p := range reports {
		if p.Name != "test" || p.Total != pt.size || p.Depth != i+1 || (i > 0 && p.Done < reports[i-1].Done) {
			t.Fatalf("report %d: %+v", i, p)
		}
	}
	if last := reports[len(reports)-1]; last.Done != pt.size {
		t.Errorf("last report %+v, want all %d placements", last, pt.size)
	}
}

// TestBuildExactEntries builds tables with every entry worked out from its
// placement's Manhattan distance (the path of entries that may be
// clamped), against the tables built the usual way.
func TestBuildExactEntries(t *testing.T) {
	// Not parallel: it changes layerEntriesSpan.
	for _, tc := range []struct {
		rows, cols int
		tiles      []uint8
	}{
		{3, 3, []uint8{1, 3, 5, 7}},
		{4, 4, []uint8{1, 2, 3, 6, 7}},
		{5, 5, []uint8{1, 7, 24}},
	} {
		usual := newPattern(tc.rows, tc.cols, tc.tiles)
		if err := usual.build(context.Background(), 2, nil, "usual"); err != nil {
			t.Fatal(err)
		}
		saved := layerEntriesSpan
		layerEntriesSpan = -1
		exact := newPattern(tc.rows, tc.cols, tc.tiles)
		err := exact.build(context.Background(), 2, nil, "exact")
		layerEntriesSpan = saved
		if err != nil {
			t.Fatal(err)
		}
		if string(usual.table) != string(exact.table) || usual.maxDelta != exact.maxDelta {
			t.Errorf("%v: the tables differ", tc.tiles)
		}
	}
}
