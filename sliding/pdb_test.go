package sliding

import (
	"context"
	"encoding/binary"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestRankUnrank(t *testing.T) {
	t.Parallel()
	rng := newRand(5)
	for _, tc := range []struct{ n, k int }{{9, 4}, {16, 7}, {16, 8}, {25, 6}} {
		size := int64(1)
		for i := range tc.k {
			size *= int64(tc.n - i)
		}
		cells := make([]uint8, tc.k)
		for _, r := range []int64{0, 1, size - 1, rng.Int64N(size), rng.Int64N(size)} {
			unrank(tc.n, r, cells)
			seen := map[uint8]bool{}
			for _, c := range cells {
				if int(c) >= tc.n || seen[c] {
					t.Fatalf("unrank(%d) = %v", r, cells)
				}
				seen[c] = true
			}
			if back := rank(tc.n, cells); back != r {
				t.Fatalf("n=%d k=%d: rank(unrank(%d)) = %d", tc.n, tc.k, r, back)
			}
		}
	}
	// Every placement of 3 tiles on 9 cells has its own rank below 504.
	seen := map[int64]bool{}
	for a := range uint8(9) {
		for b := range uint8(9) {
			for c := range uint8(9) {
				if a != b && b != c && a != c {
					r := rank(9, []uint8{a, b, c})
					if r < 0 || r >= 504 || seen[r] {
						t.Fatalf("rank %d", r)
					}
					seen[r] = true
				}
			}
		}
	}
}

// patternDistances computes a pattern's distances by a plain 0-1
// breadth-first search over the pattern tiles' cells and the blank's cell,
// held in a map: a blank move onto a cell no pattern tile holds is free,
// onto a pattern tile costs one. A placement's distance is its least over
// the blank's cells. The oracle for the table.
func patternDistances(rows, cols int, tiles []uint8) map[string]int {
	type state = string // the tiles' cells, then the blank's
	start := string(append(append([]byte(nil), tiles...), 0))
	dist := map[state]int{start: 0}
	buckets := [][]state{{start}} // by distance; stale entries skipped
	for b := 0; b < len(buckets); b++ {
		for len(buckets[b]) > 0 {
			s := buckets[b][len(buckets[b])-1]
			buckets[b] = buckets[b][:len(buckets[b])-1]
			if dist[s] != b {
				continue
			}
			cells := []byte(s)
			k := len(cells) - 1
			blank := int(cells[k])
			for d := range 4 {
				to := neighbour(rows, cols, blank, d)
				if to < 0 {
					continue
				}
				next := append([]byte(nil), cells...)
				next[k] = byte(to)
				cost := 0
				if i := strings.IndexByte(s[:k], byte(to)); i >= 0 {
					next[i] = byte(blank)
					cost = 1
				}
				nd := dist[s] + cost
				if old, ok := dist[string(next)]; ok && old <= nd {
					continue
				}
				dist[string(next)] = nd
				for len(buckets) <= nd {
					buckets = append(buckets, nil)
				}
				buckets[nd] = append(buckets[nd], string(next))
			}
		}
	}
	best := map[string]int{}
	for s, d := range dist {
		p := s[:len(s)-1]
		if old, ok := best[p]; !ok || d < old {
			best[p] = d
		}
	}
	return best
}

func TestPatternTableAgainstOracle(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		rows, cols int
		tiles      []uint8
	}{
		{2, 3, []uint8{1, 2, 3}},
		{2, 3, []uint8{1, 5, 4}},
		{2, 4, []uint8{1, 2, 5, 6}},
		{2, 4, []uint8{3, 4, 6, 7}},
		{3, 3, []uint8{1, 2, 3, 4}},
		{3, 3, []uint8{8, 5}},
		{3, 3, []uint8{5, 6, 7, 8}},
		{3, 3, []uint8{1, 2, 4, 5, 7}},
		{3, 3, []uint8{1, 3, 5, 7}},    // at home they cut the blank's cells into 5 regions
		{2, 5, []uint8{1, 3, 5, 7, 9}}, // 5 regions too
		{4, 4, []uint8{6, 7, 11}},
		{3, 4, []uint8{1, 5, 6, 11}},
		{5, 5, []uint8{12, 13}},
		{5, 5, []uint8{1, 7, 24}}, // more than 16 cells: combinations ranked by arithmetic
	} {
		pt := newPattern(tc.rows, tc.cols, tc.tiles)
		if err := pt.build(context.Background(), 2, nil, "test"); err != nil {
			t.Fatal(err)
		}
		oracle := patternDistances(tc.rows, tc.cols, tc.tiles)
		if int64(len(oracle)) != pt.size {
			t.Fatalf("%v: oracle reaches %d placements, want %d", tc.tiles, len(oracle), pt.size)
		}
		md := manhattanTable(tc.rows, tc.cols)
		n := tc.rows * tc.cols
		for s, d := range oracle {
			m := 0
			for i, c := range []byte(s) {
				m += int(md[int(tc.tiles[i])*n+int(c)])
			}
			if got := m + 2*pt.delta(rank(n, []uint8(s))); got != d {
				t.Fatalf("%v at %v: table gives %d, oracle %d", tc.tiles, []byte(s), got, d)
			}
		}
	}
}

func TestStoreFiles(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	tiles := [][]uint8{{1, 2, 3, 4}, {5, 6, 7, 8}}
	builds := 0
	var logs []string
	newStore := func() *Store {
		return &Store{Dir: dir, Workers: 2,
			Progress: func(BuildProgress) { builds++ },
			Logf:     func(f string, a ...any) { logs = append(logs, fmt.Sprintf(f, a...)) }}
	}
	ctx := context.Background()
	first, err := newStore().LoadPatterns(ctx, "t", 3, 3, tiles)
	if err != nil {
		t.Fatal(err)
	}
	if builds == 0 {
		t.Fatal("no build progress reported")
	}
	path := filepath.Join(dir, patternFile(3, 3, tiles[0]))
	info, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if want := int64(pdbHeaderSize + (9*8*7*6+1)/2); info.Size() != want {
		t.Errorf("file of %d bytes, want %d (4 bits per entry)", info.Size(), want)
	}
	leftovers, _ := filepath.Glob(filepath.Join(dir, ".*.tmp"))
	if len(leftovers) != 0 {
		t.Errorf("temporary files left: %v", leftovers)
	}

	// A second store reads the files without building.
	builds = 0
	second, err := newStore().LoadPatterns(ctx, "t", 3, 3, tiles)
	if err != nil || builds != 0 || len(logs) != 0 {
		t.Fatalf("reload: %v, %d builds, logs %v", err, builds, logs)
	}
	if string(second.patterns[0].table) != string(first.patterns[0].table) {
		t.Fatal("the table read differs from the table built")
	}

	// Damaged files are detected and rebuilt.
	good, _ := os.ReadFile(path)
	for _, damage := range []struct {
		name string
		edit func([]byte) []byte
		msg  string
	}{
		{"flipped bit", func(b []byte) []byte { b[len(b)-5] ^= 4; return b }, "table checksum mismatch"},
		{"truncated", func(b []byte) []byte { return b[:len(b)-100] }, "truncated"},
		{"empty", func(b []byte) []byte { return nil }, "not a pattern database"},
		{"old version", func(b []byte) []byte { binary.LittleEndian.PutUint32(b[8:], 0); return b }, "version 0"},
		{"header", func(b []byte) []byte { b[20] ^= 1; return b }, "header checksum mismatch"},
	} {
		bad := damage.edit(append([]byte(nil), good...))
		if err := os.WriteFile(path, bad, 0o644); err != nil {
			t.Fatal(err)
		}
		builds, logs = 0, nil
		s := newStore()
		set, err := s.LoadPatterns(ctx, "t", 3, 3, tiles)
		if err != nil {
			t.Fatal(err)
		}
		if builds == 0 || len(logs) != 1 || !strings.Contains(logs[0], damage.msg) {
			t.Errorf("%s: %d builds, logs %q, want %q", damage.name, builds, logs, damage.msg)
		}
		if string(set.patterns[0].table) != string(first.patterns[0].table) {
			t.Errorf("%s: rebuilt table differs", damage.name)
		}
		if now, _ := os.ReadFile(path); string(now) != string(good) {
			t.Errorf("%s: the file was not rewritten", damage.name)
		}
	}
	// A file of another pattern under this name is refused.
	other, _ := os.ReadFile(filepath.Join(dir, patternFile(3, 3, tiles[1])))
	os.WriteFile(path, other, 0o644)
	logs = nil
	if _, err := newStore().LoadPatterns(ctx, "t", 3, 3, tiles); err != nil || len(logs) != 1 || !strings.Contains(logs[0], "another board or pattern") {
		t.Errorf("foreign file: %v, logs %q", err, logs)
	}
}

func TestStoreCancel(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	dir := t.TempDir()
	s := &Store{Dir: dir}
	if _, err := s.LoadPatterns(ctx, "t", 4, 4, [][]uint8{{1, 2, 3, 4, 5}}); err == nil {
		t.Fatal("a cancelled build succeeded")
	}
	// The lock file stays (removing it would race with another builder).
	if files, _ := filepath.Glob(filepath.Join(dir, "sliding-*")); len(files) != 0 {
		t.Errorf("a cancelled build left %v", files)
	}
	if temps, _ := filepath.Glob(filepath.Join(dir, ".*.tmp")); len(temps) != 0 {
		t.Errorf("a cancelled build left %v", temps)
	}
}

func TestPartitions(t *testing.T) {
	t.Parallel()
	for h, p := range partitions {
		pats := make([]*pattern, len(p.patterns))
		for i, tiles := range p.patterns {
			pats[i] = newPattern(p.side, p.side, tiles)
		}
		if _, err := newPDBSet(h, p.side, p.side, pats); err != nil {
			t.Errorf("%s: %v", h, err)
		}
	}
	// The 7-8 files are at most 290 MB.
	total := int64(0)
	for _, tiles := range partitions[PDB78].patterns {
		total += pdbHeaderSize + (newPattern(4, 4, tiles).size+1)/2
	}
	if total > 290e6 {
		t.Errorf("7-8 files take %d bytes", total)
	}
}

// sizedFile makes the file of pattern tiles with the right size (sparse,
// all zero: Present looks no further).
func sizedFile(t *testing.T, dir string, side int, tiles []uint8) string {
	t.Helper()
	path := filepath.Join(dir, patternFile(side, side, tiles))
	if err := os.WriteFile(path, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Truncate(path, newPattern(side, side, tiles).fileSize()); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestStorePresent(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	s := &Store{Dir: dir}
	if s.Present(PDB78) {
		t.Fatal("present in an empty directory")
	}
	sizedFile(t, dir, 4, partitions[PDB78].patterns[0])
	if s.Present(PDB78) {
		t.Fatal("present with one file of two")
	}
	second := sizedFile(t, dir, 4, partitions[PDB78].patterns[1])
	if !s.Present(PDB78) || s.Present(PDB663) || s.Present("manhattan") {
		t.Fatal("Present is wrong with both files of 7-8")
	}
	// A file of the wrong size is not present.
	os.Truncate(second, 1000)
	if s.Present(PDB78) {
		t.Fatal("present with a truncated file")
	}
	// A file found bad is not present while it is unchanged.
	sizedFile(t, dir, 4, partitions[PDB78].patterns[1])
	if _, err := s.loadSet(t.Context(), PDB78, 4, 4, loadOnly); err == nil || !strings.Contains(err.Error(), "not a pattern database") {
		t.Fatalf("zero file loaded: %v", err)
	}
	if s.Present(PDB78) {
		t.Fatal("present with a bad file")
	}
}

func TestStoreUnwritable(t *testing.T) {
	t.Parallel()
	dir := filepath.Join(t.TempDir(), "file")
	os.WriteFile(dir, nil, 0o644) // a file where the directory should be
	var logs []string
	s := &Store{Dir: dir, Logf: func(f string, a ...any) { logs = append(logs, fmt.Sprintf(f, a...)) }}
	set, err := s.LoadPatterns(context.Background(), "t", 3, 3, [][]uint8{{1, 2, 3, 4}, {5, 6, 7, 8}})
	if err != nil || set == nil {
		t.Fatalf("LoadPatterns: %v", err)
	}
	if len(logs) != 4 || !strings.Contains(logs[1], "kept in memory only") || !strings.Contains(logs[3], "kept in memory only") {
		t.Errorf("logs %q", logs)
	}
}

// TestPDBBoardTooBig refuses pattern databases for boards the search loop
// does not take, before building anything.
func TestPDBBoardTooBig(t *testing.T) {
	store := &Store{Dir: t.TempDir()}
	if _, err := store.LoadPatterns(t.Context(), "pdb-big", 6, 6, [][]uint8{{1}}); err == nil || !strings.Contains(err.Error(), "up to 5×5") {
		t.Fatalf("6×6: %v", err)
	}
	if entries, _ := os.ReadDir(store.Dir); len(entries) != 0 {
		t.Fatalf("wrote %d files", len(entries))
	}
}
