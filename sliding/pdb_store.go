package sliding

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"sync"
	"time"
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

// castagnoli is the CRC-32C table, made when a table is first checked:
// making it takes a tenth of a millisecond, which every command would
// otherwise spend at start-up.
var castagnoli = sync.OnceValue(func() *crc32.Table { return crc32.MakeTable(crc32.Castagnoli) })

func (pt *pattern) header() []byte {
	h := make([]byte, pdbHeaderSize)
	copy(h, pdbMagic)
	binary.LittleEndian.PutUint32(h[8:], pdbVersion)
	h[12], h[13], h[14], h[15] = byte(pt.rows), byte(pt.cols), byte(len(pt.tiles)), byte(pt.maxDelta)
	copy(h[16:48], pt.tiles)
	binary.LittleEndian.PutUint64(h[48:], uint64(pt.size))
	binary.LittleEndian.PutUint32(h[56:], crc32.Checksum(pt.table, castagnoli()))
	binary.LittleEndian.PutUint32(h[60:], crc32.Checksum(h[:60], castagnoli()))
	return h
}

// checkHeader verifies that h, the header of a file of size bytes, is
// that of pt (same board and tiles) and returns the table's checksum and
// largest entry.
func (pt *pattern) checkHeader(h []byte, size int64) (crc uint32, maxDelta int, err error) {
	if len(h) < pdbHeaderSize || string(h[:8]) != pdbMagic {
		return 0, 0, errors.New("not a pattern database")
	}
	if v := binary.LittleEndian.Uint32(h[8:]); v != pdbVersion {
		return 0, 0, fmt.Errorf("version %d, want %d", v, pdbVersion)
	}
	if crc32.Checksum(h[:60], castagnoli()) != binary.LittleEndian.Uint32(h[60:]) {
		return 0, 0, errors.New("header checksum mismatch")
	}
	k := int(h[14])
	if int(h[12]) != pt.rows || int(h[13]) != pt.cols || k != len(pt.tiles) || !bytes.Equal(h[16:16+k], pt.tiles) {
		return 0, 0, errors.New("built for another board or pattern")
	}
	if binary.LittleEndian.Uint64(h[48:]) != uint64(pt.size) {
		return 0, 0, errors.New("built for another board or pattern")
	}
	if size != pt.fileSize() {
		what := "truncated"
		if size > pt.fileSize() {
			what = "too long"
		}
		return 0, 0, fmt.Errorf("%s: %d bytes of table, want %d", what, size-pdbHeaderSize, pt.fileSize()-pdbHeaderSize)
	}
	return binary.LittleEndian.Uint32(h[56:]), int(h[15]), nil
}

// fileSize is the size of the file of pt.
func (pt *pattern) fileSize() int64 { return pdbHeaderSize + (pt.size+1)/2 }

// errNotRegular refuses a FIFO, a device or a directory in a table's place.
var errNotRegular = errors.New("not a regular file")

// notRegular is the error of a file of mode m in a table's place.
func notRegular(m fs.FileMode) error {
	kind := "a special file"
	switch {
	case m&fs.ModeNamedPipe != 0:
		kind = "a FIFO"
	case m&fs.ModeDevice != 0:
		kind = "a device"
	case m.IsDir():
		kind = "a directory"
	case m&fs.ModeSocket != 0:
		kind = "a socket"
	}
	return fmt.Errorf("%w: %s", errNotRegular, kind)
}

// openTable opens the file at path if it is a regular file (a symbolic
// link to one will do), never blocking on a FIFO, and returns it with its
// size as the open file has it.
func openTable(path string) (*os.File, fs.FileInfo, error) {
	if st, err := os.Stat(path); err != nil {
		return nil, nil, err
	} else if !st.Mode().IsRegular() {
		return nil, nil, notRegular(st.Mode())
	}
	f, err := os.OpenFile(path, os.O_RDONLY|openFlags, 0)
	if err != nil {
		return nil, nil, err
	}
	st, err := f.Stat() // what was opened, whatever the name points to now
	if err == nil && !st.Mode().IsRegular() {
		err = notRegular(st.Mode())
	}
	if err != nil {
		f.Close()
		return nil, nil, err
	}
	return f, st, nil
}

// readTable reads the file at path, checks that it is the sound file of
// pt and returns its table, in memory of this process (see tableBytes),
// its largest entry, the function that releases the table, and the file's
// information. The table is copied rather than mapped: what was checked
// is what is used, whatever later happens to the file (rewritten in
// place, truncated, replaced), and a truncated file cannot fault a
// lookup. Reads stop at the size the pattern implies.
func (pt *pattern) readTable(path string, huge bool) (table []byte, maxDelta int, release func(), info fs.FileInfo, err error) {
	f, info, err := openTable(path)
	if err != nil {
		return nil, 0, nil, info, err
	}
	defer f.Close()
	var h [pdbHeaderSize]byte
	if n, err := io.ReadFull(f, h[:]); err != nil {
		_, _, herr := pt.checkHeader(h[:n], info.Size())
		return nil, 0, nil, info, herr
	}
	crc, maxDelta, err := pt.checkHeader(h[:], info.Size())
	if err != nil {
		return nil, 0, nil, info, err
	}
	n := int(pt.fileSize() - pdbHeaderSize)
	table, release = tableBytes(n, huge)
	// The checksum follows the reads a piece at a time, while the piece
	// is in the caches.
	sum := uint32(0)
	for off := 0; off < n; {
		piece := table[off:min(off+1<<20, n)]
		if _, err := io.ReadFull(f, piece); err != nil {
			release()
			if errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF) {
				err = errors.New("truncated while read")
			}
			return nil, 0, nil, info, err
		}
		sum = crc32.Update(sum, castagnoli(), piece)
		off += len(piece)
	}
	if sum != crc {
		release()
		return nil, 0, nil, info, errors.New("table checksum mismatch (corrupt file)")
	}
	return table, maxDelta, release, info, nil
}

// verifyFile checks the file at path against pt's header and its
// checksums, reading it in pieces.
func (pt *pattern) verifyFile(path string) error {
	f, info, err := openTable(path)
	if err != nil {
		return err
	}
	defer f.Close()
	var h [pdbHeaderSize]byte
	if n, err := io.ReadFull(f, h[:]); err != nil {
		_, _, herr := pt.checkHeader(h[:n], info.Size())
		return herr
	}
	crc, _, err := pt.checkHeader(h[:], info.Size())
	if err != nil {
		return err
	}
	sum := crc32.New(castagnoli())
	if n, err := io.CopyN(sum, f, pt.fileSize()-pdbHeaderSize); err != nil {
		return fmt.Errorf("truncated while read: %d bytes of table, want %d", n, pt.fileSize()-pdbHeaderSize)
	}
	if sum.Sum32() != crc {
		return errors.New("table checksum mismatch (corrupt file)")
	}
	return nil
}

// Store finds pattern databases in memory, in its directory, or builds
// them (and saves them there). It is safe for concurrent use, and
// processes sharing a directory build each database once: a builder
// holds a lock (flock) on the database's lock file, and one that finds
// it taken waits, then reads what the first one saved.
//
// A file is read into memory and checked (size, header, checksums)
// before use; later changes to the file do not reach a loaded database.
// Files are written under a temporary name and renamed, never modified
// in place, so a rebuild or a kill keeps the old file until the new one
// is complete.
type Store struct {
	// Dir holds the files; "" keeps the databases in memory only.
	Dir string
	// Workers is the number of goroutines that build; 0 means GOMAXPROCS.
	Workers int
	// Progress, if set, is called as databases are built: first with
	// Done 0 when a build starts.
	Progress func(BuildProgress)
	// Logf, if set, reports files found bad (and rebuilt, or passed
	// over by Auto), waits for another builder and temporary files
	// removed.
	Logf func(format string, args ...any)
	// HugePages puts large tables in memory advised to use huge pages
	// where the system allows it: loading may take longer (the kernel
	// may compact memory first), lookups are faster (fewer TLB misses).
	// For long runs.
	HugePages bool
	// MayBuild, if set, says which sets may be built (or rebuilt from a
	// bad file) by Load; for the others a missing or bad file is
	// ErrNotBuilt. A server sets it so that no request waits for a slow
	// build.
	MayBuild func(Heuristic) bool

	mu       sync.Mutex
	sets     map[string]*PDBSet
	patterns map[string]*pattern
	bad      map[string]badFile // files found bad, not read again while unchanged
	warned   map[string]bool    // messages of Auto's fallbacks already given
}

// badFile is a file found bad: its information then, and why.
type badFile struct {
	info fs.FileInfo
	err  error
}

// sameFile reports whether a and b describe the same file, unchanged.
func sameFile(a, b fs.FileInfo) bool {
	return a != nil && b != nil && os.SameFile(a, b) && a.Size() == b.Size() && a.ModTime().Equal(b.ModTime())
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
// a file of the right size that is not known to be bad (the checksums
// are not read until the set is loaded).
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
		st, err := os.Stat(filepath.Join(s.Dir, name))
		if err != nil || !st.Mode().IsRegular() || st.Size() != newPattern(p.side, p.side, tiles).fileSize() {
			return false
		}
		if b, ok := s.bad[name]; ok && sameFile(b.info, st) {
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

// loadMode says what Store.pattern may do besides reading a file.
type loadMode int

const (
	loadOrBuild loadMode = iota // build what is missing or bad, if the store may
	loadOnly                    // never build
	rebuild                     // build anew, replacing the file
)

// Load returns the named database set for a rows×cols board, building
// what is missing.
func (s *Store) Load(ctx context.Context, h Heuristic, rows, cols int) (*PDBSet, error) {
	return s.loadSet(ctx, h, rows, cols, loadOrBuild)
}

// Rebuild builds the named database set anew and replaces its files
// (each by a rename once complete: an interrupted rebuild keeps the old
// file). A file that another process rebuilt while this one waited for
// its lock is read instead of built again.
func (s *Store) Rebuild(ctx context.Context, h Heuristic) (*PDBSet, error) {
	p, ok := partitions[h]
	if !ok {
		return nil, fmt.Errorf("sliding: %q is not a pattern database set", h)
	}
	return s.loadSet(ctx, h, p.side, p.side, rebuild)
}

func (s *Store) loadSet(ctx context.Context, h Heuristic, rows, cols int, mode loadMode) (*PDBSet, error) {
	p, ok := partitions[h]
	if !ok {
		return nil, fmt.Errorf("sliding: %q is not a pattern database set", h)
	}
	if rows != p.side || cols != p.side {
		return nil, fmt.Errorf("sliding: %s is for %d×%d boards, not %d×%d", h, p.side, p.side, rows, cols)
	}
	return s.loadPatterns(ctx, h, rows, cols, p.patterns, mode)
}

// LoadPatterns returns the set of the given patterns (tiles as goal cells
// of the blank-first goal), building what is missing.
func (s *Store) LoadPatterns(ctx context.Context, name Heuristic, rows, cols int, tiles [][]uint8) (*PDBSet, error) {
	return s.loadPatterns(ctx, name, rows, cols, tiles, loadOrBuild)
}

func (s *Store) loadPatterns(ctx context.Context, name Heuristic, rows, cols int, tiles [][]uint8, mode loadMode) (*PDBSet, error) {
	if err := pdbBoardFits(rows, cols); err != nil {
		return nil, err
	}
	key := fmt.Sprintf("%s/%dx%d/%v", name, rows, cols, tiles)
	if mode != rebuild {
		s.mu.Lock()
		if set, ok := s.sets[key]; ok {
			s.mu.Unlock()
			return set, nil
		}
		s.mu.Unlock()
	}
	var pats []*pattern
	for _, t := range tiles {
		pt, err := s.pattern(ctx, name, rows, cols, t, mode)
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

// ErrNotBuilt reports a database that Store.MayBuild forbids building
// (errors.Is finds it in the error of Load and Solve).
var ErrNotBuilt = errors.New("sliding: pattern database not built")

// notBuiltError is the error of a set that may not be built here: its
// file is missing or bad (err).
type notBuiltError struct {
	h   Heuristic
	err error
}

func (e *notBuiltError) Error() string {
	why := ""
	if e.err != nil {
		why = ": " + e.err.Error()
	}
	took := "under a second"
	if secs := setBuildSeconds(e.h); secs >= 1 {
		took = fmt.Sprintf("about %d s", secs)
	}
	return fmt.Sprintf("sliding: pattern database %s is not built%s; building it takes %s: run 'puzzle sliding pdb build %s'", e.h, why, took, e.h)
}

func (e *notBuiltError) Is(target error) bool { return target == ErrNotBuilt }

// setBuildSeconds estimates the seconds a build of set h takes here:
// about 25 million placements a second per core.
func setBuildSeconds(h Heuristic) int {
	p, ok := partitions[h]
	if !ok {
		return 0
	}
	var n int64
	for _, tiles := range p.patterns {
		n += newPattern(p.side, p.side, tiles).size
	}
	return int(n / (25e6 * int64(runtime.GOMAXPROCS(0))))
}

// pattern returns one database of set h: from memory, from its file, or
// built (see loadMode).
func (s *Store) pattern(ctx context.Context, h Heuristic, rows, cols int, tiles []uint8, mode loadMode) (*pattern, error) {
	name := patternFile(rows, cols, tiles)
	s.mu.Lock()
	defer s.mu.Unlock() // one build at a time; a build uses every core
	if pt, ok := s.patterns[name]; ok && mode != rebuild {
		return pt, nil
	}
	pt := newPattern(rows, cols, append([]uint8(nil), tiles...))
	mayBuild := mode == rebuild || mode == loadOrBuild && s.mayBuild(h)
	if s.Dir == "" {
		if !mayBuild {
			return nil, &notBuiltError{h, nil}
		}
		if err := s.build(ctx, pt, name); err != nil {
			return nil, err
		}
		s.remember(name, pt)
		return pt, nil
	}
	path := filepath.Join(s.Dir, name)
	var loadErr error
	var before fs.FileInfo
	if mode == rebuild {
		before, _ = os.Stat(path)
	} else {
		if loadErr = s.load(pt, name); loadErr == nil {
			return pt, nil
		}
		if !mayBuild {
			if errors.Is(loadErr, fs.ErrNotExist) {
				return nil, &notBuiltError{h, fmt.Errorf("%s is missing", path)}
			}
			return nil, &notBuiltError{h, fmt.Errorf("%s: %v", path, loadErr)}
		}
	}

	os.MkdirAll(s.Dir, 0o755) // for the lock file; save reports a failure
	unlock, err := lockFile(ctx, s.lockPath(name), func() {
		s.logf("%s: waiting for another process building it", path)
	})
	if err != nil {
		return nil, err
	}
	defer unlock()
	s.removeStale(name)
	// Another process may have built the file while this one waited.
	if after, err := os.Stat(path); err == nil && (mode != rebuild || !sameFile(before, after)) {
		if err := s.load(pt, name); err == nil {
			return pt, nil
		}
	}
	if loadErr != nil && !errors.Is(loadErr, fs.ErrNotExist) {
		s.logf("%s: %v; rebuilding", path, loadErr)
	}
	if err := s.build(ctx, pt, name); err != nil {
		return nil, err
	}
	// A cache that cannot be written costs a rebuild next time, not this
	// answer.
	if err := s.save(pt, path); err != nil {
		s.logf("%v; the database is kept in memory only", err)
	}
	if mode == rebuild {
		s.sets = nil // sets made of the old table
	}
	s.remember(name, pt)
	return pt, nil
}

// load reads the file of pt, unless it is known bad and unchanged, and
// remembers the database. Called with s.mu held.
func (s *Store) load(pt *pattern, name string) error {
	path := filepath.Join(s.Dir, name)
	if b, ok := s.bad[name]; ok {
		if st, err := os.Stat(path); err == nil && sameFile(b.info, st) {
			return b.err
		}
	}
	table, maxDelta, _, info, err := pt.readTable(path, s.HugePages)
	if err != nil {
		if info != nil {
			if s.bad == nil {
				s.bad = map[string]badFile{}
			}
			s.bad[name] = badFile{info, err}
		}
		return err
	}
	delete(s.bad, name)
	pt.table, pt.maxDelta = table, maxDelta
	pt.makeSparse(s.HugePages, s.Workers)
	s.remember(name, pt)
	return nil
}

// build fills pt's table, reporting its start and progress.
func (s *Store) build(ctx context.Context, pt *pattern, name string) error {
	if s.Progress != nil {
		s.Progress(BuildProgress{Name: name, Total: pt.size})
	}
	if err := pt.build(ctx, s.Workers, s.Progress, name); err != nil {
		return err
	}
	if s.HugePages && len(pt.table) >= hugeTable {
		if c, ok := hugeCopy(pt.table); ok {
			pt.table = c
		}
	}
	pt.makeSparse(s.HugePages, s.Workers)
	return nil
}

func (s *Store) logf(format string, args ...any) {
	if s.Logf != nil {
		s.Logf(format, args...)
	}
}

func (s *Store) remember(name string, pt *pattern) {
	if s.patterns == nil {
		s.patterns = map[string]*pattern{}
	}
	s.patterns[name] = pt
}

// lockPath is the lock file of the builders of a database file.
func (s *Store) lockPath(name string) string { return filepath.Join(s.Dir, "."+name+".lock") }

// tempPattern is the pattern of the temporary files of a database file.
func tempPattern(name string) string { return "." + name + ".*.tmp" }

// save writes the database to path atomically: a temporary file in the
// same directory, synced, then renamed over path.
func (s *Store) save(pt *pattern, path string) (err error) {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return fmt.Errorf("sliding: %w", err)
	}
	f, err := os.CreateTemp(filepath.Dir(path), tempPattern(filepath.Base(path)))
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

// staleAge is the age beyond which a temporary file is stale even where
// no lock tells (a save takes seconds).
const staleAge = time.Hour

// TempFile is a temporary file of the cache directory: a database being
// written, or left by a build that was killed.
type TempFile struct {
	Name  string
	Path  string
	Bytes int64
	// Stale reports that no live process writes it (nobody holds the
	// lock of its database, or it is older than an hour).
	Stale bool
}

// Temps lists the temporary files of the directory.
func (s *Store) Temps() []TempFile {
	entries, _ := os.ReadDir(s.Dir)
	var temps []TempFile
	for _, e := range entries {
		name, ok := tempOf(e.Name())
		if !ok {
			continue
		}
		t := TempFile{Name: e.Name(), Path: filepath.Join(s.Dir, e.Name())}
		info, err := e.Info()
		if err != nil {
			continue
		}
		t.Bytes = info.Size()
		t.Stale = time.Since(info.ModTime()) > staleAge || !lockHeld(s.lockPath(name))
		temps = append(temps, t)
	}
	return temps
}

// tempOf returns the database file that a temporary file is written for.
func tempOf(file string) (name string, ok bool) {
	if !strings.HasPrefix(file, ".sliding-") || !strings.HasSuffix(file, ".tmp") {
		return "", false
	}
	name = strings.TrimSuffix(file[1:], ".tmp")
	i := strings.LastIndexByte(name, '.')
	if i < 0 || !strings.HasSuffix(name[:i], ".pdb") {
		return "", false
	}
	return name[:i], true
}

// RemoveStale removes the stale temporary files of the directory (see
// TempFile) and returns them.
func (s *Store) RemoveStale() []TempFile {
	var removed []TempFile
	for _, t := range s.Temps() {
		if t.Stale && os.Remove(t.Path) == nil {
			removed = append(removed, t)
		}
	}
	return removed
}

// removeStale removes the temporary files of the database file name:
// stale, since this process holds the lock of their database.
func (s *Store) removeStale(name string) {
	temps, _ := filepath.Glob(filepath.Join(s.Dir, tempPattern(name)))
	for _, t := range temps {
		if st, err := os.Lstat(t); err == nil && os.Remove(t) == nil {
			s.logf("%s: removed (%.1f MB left by an interrupted build)", t, float64(st.Size())/1e6)
		}
	}
}

// FileInfo describes a pattern database file.
type FileInfo struct {
	Name  string // file name
	Path  string
	Bytes int64
	Sets  []Heuristic // the sets using it
	Tiles []int
	// Err is why the file cannot be used, nil if it is sound (checked
	// only by Verify, but for a file that is not a regular file).
	Err error
}

// Files lists the database files of the known sets, present or not, in
// the order of the sets, and any other file of the directory that looks
// like one. Present reports whether the file exists.
func (s *Store) Files() (known []FileInfo, present map[string]bool) {
	present = map[string]bool{}
	seen := map[string]int{}
	stat := func(fi *FileInfo) {
		if st, err := os.Stat(fi.Path); err == nil {
			fi.Bytes = st.Size()
			present[fi.Name] = true
			if !st.Mode().IsRegular() {
				fi.Bytes, fi.Err = 0, notRegular(st.Mode())
			}
		} else if _, lerr := os.Lstat(fi.Path); lerr == nil {
			present[fi.Name] = true
			fi.Err = err // a dangling link
		}
	}
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
			stat(&fi)
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
		stat(&fi)
		known = append(known, fi)
	}
	return known, present
}

// Verify checks one file of a known set against its checksums: a regular
// file, read no further than its set's table.
func (s *Store) Verify(fi FileInfo) error {
	tiles := make([]uint8, len(fi.Tiles))
	for i, t := range fi.Tiles {
		tiles[i] = uint8(t)
	}
	if len(fi.Sets) == 0 {
		return errors.New("not the file of a known set (an old version?)")
	}
	side := partitions[fi.Sets[0]].side
	return newPattern(side, side, tiles).verifyFile(fi.Path)
}
