package nonogram

// sink takes the pictures a search finds: it keeps them, or hands each to
// found as it comes and keeps only the count, so that enumerating every
// picture of a puzzle with many needs no memory for them.
type sink struct {
	limit   int // stop after this many pictures; negative: never
	found   func(*Grid) bool
	kept    []*Grid
	count   int
	refused bool // found asked to stop
}

// add takes one picture.
func (k *sink) add(g *Grid) {
	k.count++
	if k.found == nil {
		k.kept = append(k.kept, g)
	} else if !k.found(g) {
		k.refused = true
	}
}

// full reports whether the search should stop: the limit is reached, or
// found asked to stop.
func (k *sink) full() bool {
	return k.refused || k.limit >= 0 && k.count >= k.limit
}

// passTo hands the pictures k kept on to to, up to its limit.
func (k *sink) passTo(to *sink) {
	for _, g := range k.kept {
		if to.full() {
			return
		}
		to.add(g)
	}
}
