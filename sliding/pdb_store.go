package sliding

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
)

// hugeTable is the size from which a table is copied to huge pages.
const hugeTable = 16 << 20

// pdbVersion changes whenever the file layout or the relaxation changes,
// so that old files are rebuilt rather than misread.
const pdbVersion = 2

// The file of one pattern database: a 64-byte header, then the table.
//
//	magic    8 bytes  "SLIDEPDB"
//	version  uint32   pdbVersion
//	rows     uint8
//	cols     uint8
//	k        uint8    number of tiles
//	maxDelta uint8    largest entry
//	tiles    32 bytes the tiles (goal cells), zero-padded
//	size     uint64   number of placements
//	crc      uint32   CRC-32C of the table
//	hcrc     uint32   CRC-32C of the 60 bytes before it
//
// Integers are little-endian.
const (
	pdbMagic      = "SLIDEPDB"
	pdbHeaderSize = 64
)

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

func (pt *pattern) header() []byte {
	h := make([]byte, pdbHeaderSize)
	copy(h, pdbMagic)
	binary.LittleEndian.PutUint32(h[8:], pdbVersion)
	h[12], h[13], h[14], h[15] = byte(pt.rows), byte(pt.cols), byte(len(pt.tiles)), byte(pt.maxDelta)
	copy(h[16:48], pt.tiles)
	binary.LittleEndian.PutUint64(h[48:], uint64(pt.size))
	binary.LittleEndian.PutUint32(h[56:], crc32.Checksum(pt.table, castagnoli))
	binary.LittleEndian.PutUint32(h[60:], crc32.Checksum(h[:60], castagnoli))
	return h
}

// checkFile verifies that data is the file of pt (same board and tiles,
// intact) and returns its table and largest entry.
func (pt *pattern) checkFile(data []byte) (table []byte, maxDelta int, err error) {
	if len(data) < pdbHeaderSize || string(data[:8]) != pdbMagic {
		return nil, 0, errors.New("not a pattern database")
	}
	h := data[:pdbHeaderSize]
	if v := binary.LittleEndian.Uint32(h[8:]); v != pdbVersion {
		return nil, 0, fmt.Errorf("version %d, want %d", v, pdbVersion)
	}
	if crc32.Checksum(h[:60], castagnoli) != binary.LittleEndian.Uint32(h[60:]) {
		return nil, 0, errors.New("header checksum mismatch")
	}
	k := int(h[14])
	if int(h[12]) != pt.rows || int(h[13]) != pt.cols || k != len(pt.tiles) || !bytes.Equal(h[16:16+k], pt.tiles) {
		return nil, 0, errors.New("built for another board or pattern")
	}
	if binary.LittleEndian.Uint64(h[48:]) != uint64(pt.size) || int64(len(data)-pdbHeaderSize) != (pt.size+1)/2 {
		return nil, 0, fmt.Errorf("truncated: %d bytes of table, want %d", len(data)-pdbHeaderSize, (pt.size+1)/2)
	}
	table = data[pdbHeaderSize:]
	if crc32.Checksum(table, castagnoli) != binary.LittleEndian.Uint32(h[56:]) {
		return nil, 0, errors.New("table checksum mismatch (corrupt file)")
	}
	return table, int(h[15]), nil
}

// Store finds pattern databases in memory, in its directory, or builds
// them (and saves them there). It is safe for concurrent use.
type Store struct {
	// Dir holds the files; "" keeps the databases in memory only.
	Dir string
	// Workers is the number of goroutines that build; 0 means GOMAXPROCS.
	Workers int
	// Progress, if set, is called as databases are built.
	Progress func(BuildProgress)
	// Logf, if set, reports files found bad and rebuilt.
	Logf func(format string, args ...any)
	// HugePages copies large tables from their files into memory backed
	// by huge pages where the system allows it: loading takes longer
	// (a copy), lookups are faster (fewer TLB misses). For long runs.
	HugePages bool
	// MayBuild, if set, says which sets may be built (or rebuilt from a
	// bad file) by Load; for the others a missing or bad file is
	// ErrNotBuilt. A server sets it so that no request waits for a slow
	// build.
	MayBuild func(Heuristic) bool

	mu       sync.Mutex
	sets     map[string]*PDBSet
	patterns map[string]*pattern
}

var (
	defaultStore     *Store
	defaultStoreOnce sync.Once
)

// CacheDir returns the directory of the pattern database files:
// $PUZZLE_CACHE if set, else the user cache directory's "puzzle".
func CacheDir() string {
	if d := os.Getenv("PUZZLE_CACHE"); d != "" {
		return d
	}
	d, err := os.UserCacheDir()
	if err != nil {
		return ""
	}
	return filepath.Join(d, "puzzle")
}

// DefaultStore returns the store in CacheDir.
func DefaultStore() *Store {
	defaultStoreOnce.Do(func() { defaultStore = &Store{Dir: CacheDir()} })
	return defaultStore
}

// mayBuild reports whether Load may build the set h.
func (s *Store) mayBuild(h Heuristic) bool { return s.MayBuild == nil || s.MayBuild(h) }

// Present reports whether every database of the set is in memory or has
// a file (not checked until loaded).
func (s *Store) Present(h Heuristic) bool {
	p, ok := partitions[h]
	if !ok {
		return false
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, tiles := range p.patterns {
		name := patternFile(p.side, p.side, tiles)
		if _, ok := s.patterns[name]; ok {
			continue
		}
		if s.Dir == "" {
			return false
		}
		if _, err := os.Stat(filepath.Join(s.Dir, name)); err != nil {
			return false
		}
	}
	return true
}

// Partition returns the patterns of a named database set and the board
// side it is for.
func Partition(h Heuristic) (side int, patterns [][]int, ok bool) {
	p, ok := partitions[h]
	if !ok {
		return 0, nil, false
	}
	for _, pt := range p.patterns {
		var tiles []int
		for _, t := range pt {
			tiles = append(tiles, int(t))
		}
		patterns = append(patterns, tiles)
	}
	return p.side, patterns, true
}

// Load returns the named database set for a rows×cols board, building
// what is missing.
func (s *Store) Load(ctx context.Context, h Heuristic, rows, cols int) (*PDBSet, error) {
	p, ok := partitions[h]
	if !ok {
		return nil, fmt.Errorf("sliding: %q is not a pattern database set", h)
	}
	if rows != p.side || cols != p.side {
		return nil, fmt.Errorf("sliding: %s is for %d×%d boards, not %d×%d", h, p.side, p.side, rows, cols)
	}
	return s.LoadPatterns(ctx, h, rows, cols, p.patterns)
}

// LoadPatterns returns the set of the given patterns (tiles as goal cells
// of the blank-first goal), building what is missing.
func (s *Store) LoadPatterns(ctx context.Context, name Heuristic, rows, cols int, tiles [][]uint8) (*PDBSet, error) {
	if err := pdbBoardFits(rows, cols); err != nil {
		return nil, err
	}
	key := fmt.Sprintf("%s/%dx%d/%v", name, rows, cols, tiles)
	s.mu.Lock()
	if set, ok := s.sets[key]; ok {
		s.mu.Unlock()
		return set, nil
	}
	s.mu.Unlock()
	var pats []*pattern
	for _, t := range tiles {
		pt, err := s.pattern(ctx, name, rows, cols, t)
		if err != nil {
			return nil, err
		}
		pats = append(pats, pt)
	}
	set, err := newPDBSet(name, rows, cols, pats)
	if err != nil {
		return nil, err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.sets == nil {
		s.sets = map[string]*PDBSet{}
	}
	s.sets[key] = set
	return set, nil
}

// ErrNotBuilt reports a database that Store.MayBuild forbids building.
var ErrNotBuilt = errors.New("sliding: pattern database not built")

// pattern returns one database of set h: from memory, from its file, or
// built.
func (s *Store) pattern(ctx context.Context, h Heuristic, rows, cols int, tiles []uint8) (*pattern, error) {
	name := patternFile(rows, cols, tiles)
	s.mu.Lock()
	defer s.mu.Unlock() // one build at a time; a build uses every core
	if pt, ok := s.patterns[name]; ok {
		return pt, nil
	}
	pt := newPattern(rows, cols, append([]uint8(nil), tiles...))
	mayBuild := s.mayBuild(h)
	if s.Dir != "" {
		path := filepath.Join(s.Dir, name)
		data, err := mapFile(path)
		if err == nil {
			table, maxDelta, cerr := pt.checkFile(data)
			if cerr == nil {
				pt.table, pt.maxDelta = table, maxDelta
				if s.HugePages && len(table) >= hugeTable {
					if c, ok := hugeCopy(table); ok {
						pt.table = c
						unmapFile(data)
					}
				}
				s.remember(name, pt)
				return pt, nil
			}
			unmapFile(data)
			err = cerr
		}
		if !mayBuild {
			return nil, fmt.Errorf("%w: %s: %v (run 'puzzle sliding pdb build %s')", ErrNotBuilt, path, err, h)
		}
		if !errors.Is(err, fs.ErrNotExist) && s.Logf != nil {
			s.Logf("%s: %v; rebuilding", path, err)
		}
	} else if !mayBuild {
		return nil, fmt.Errorf("%w: %s (run 'puzzle sliding pdb build %s')", ErrNotBuilt, h, h)
	}
	if err := pt.build(ctx, s.Workers, s.Progress, name); err != nil {
		return nil, err
	}
	if s.HugePages && len(pt.table) >= hugeTable {
		if c, ok := hugeCopy(pt.table); ok {
			pt.table = c
		}
	}
	if s.Dir != "" {
		// A cache that cannot be written costs a rebuild next time, not
		// this answer.
		if err := s.save(pt, filepath.Join(s.Dir, name)); err != nil && s.Logf != nil {
			s.Logf("%v; the database is kept in memory only", err)
		}
	}
	s.remember(name, pt)
	return pt, nil
}

func (s *Store) remember(name string, pt *pattern) {
	if s.patterns == nil {
		s.patterns = map[string]*pattern{}
	}
	s.patterns[name] = pt
}

// save writes the database to path atomically: a temporary file in the
// same directory, synced, then renamed over path.
func (s *Store) save(pt *pattern, path string) (err error) {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return fmt.Errorf("sliding: %w", err)
	}
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*.tmp")
	if err != nil {
		return fmt.Errorf("sliding: %w", err)
	}
	tmp := f.Name()
	defer func() {
		if err != nil {
			os.Remove(tmp)
			err = fmt.Errorf("sliding: writing %s: %w", path, err)
		}
	}()
	_, err = f.Write(pt.header())
	if err == nil {
		_, err = f.Write(pt.table)
	}
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Chmod(tmp, 0o644)
	}
	if err == nil {
		err = os.Rename(tmp, path)
	}
	return err
}

// FileInfo describes a pattern database file.
type FileInfo struct {
	Name  string // file name
	Path  string
	Bytes int64
	Sets  []Heuristic // the sets using it
	Tiles []int
	// Err is why the file cannot be used, nil if it is sound (checked
	// only by Verify).
	Err error
}

// Files lists the database files of the known sets, present or not, in
// the order of the sets, and any other file of the directory that looks
// like one. Present reports whether the file exists.
func (s *Store) Files() (known []FileInfo, present map[string]bool) {
	present = map[string]bool{}
	seen := map[string]int{}
	for _, h := range []Heuristic{PDB555, PDB663, PDB78, PDB6666} {
		p := partitions[h]
		for _, tiles := range p.patterns {
			name := patternFile(p.side, p.side, tiles)
			if i, ok := seen[name]; ok {
				known[i].Sets = append(known[i].Sets, h)
				continue
			}
			fi := FileInfo{Name: name, Path: filepath.Join(s.Dir, name), Sets: []Heuristic{h}}
			for _, t := range tiles {
				fi.Tiles = append(fi.Tiles, int(t))
			}
			if st, err := os.Stat(fi.Path); err == nil {
				fi.Bytes = st.Size()
				present[name] = true
			}
			seen[name] = len(known)
			known = append(known, fi)
		}
	}
	entries, _ := os.ReadDir(s.Dir)
	var others []string
	for _, e := range entries {
		if _, ok := seen[e.Name()]; !ok && strings.HasPrefix(e.Name(), "sliding-") && strings.HasSuffix(e.Name(), ".pdb") {
			others = append(others, e.Name())
		}
	}
	sort.Strings(others)
	for _, name := range others {
		fi := FileInfo{Name: name, Path: filepath.Join(s.Dir, name)}
		if st, err := os.Stat(fi.Path); err == nil {
			fi.Bytes = st.Size()
		}
		present[name] = true
		known = append(known, fi)
	}
	return known, present
}

// Verify checks one file of a known set against its checksums.
func (s *Store) Verify(fi FileInfo) error {
	tiles := make([]uint8, len(fi.Tiles))
	for i, t := range fi.Tiles {
		tiles[i] = uint8(t)
	}
	if len(fi.Sets) == 0 {
		return errors.New("not the file of a known set (an old version?)")
	}
	side := partitions[fi.Sets[0]].side
	pt := newPattern(side, side, tiles)
	data, err := os.ReadFile(fi.Path)
	if err != nil {
		return err
	}
	_, _, err = pt.checkFile(data)
	return err
}
