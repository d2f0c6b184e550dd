package sudoku

// The watch lists of the clause-learning engine, all in one arena, as
// Kissat keeps its watch vectors on one stack (Biere and Fleury, "Kissat",
// 2020): a literal's list is the run arena[start:start+size], with room up
// to start+room, named by its 12-byte head, in place of a slice header of
// 24 bytes per literal and an allocation per list. Propagation reads the
// head of each literal that becomes false and of each literal a clause
// moves its watch to, so small heads mean fewer cache lines for the same
// work.
//
// A list that is full moves to the end of the arena with room for as many
// watches again; its old slots are garbage until rebuild lays the lists
// out again, each with some room, when the clause database is compacted
// and when the moves have left too much garbage.
type watchLists struct {
	heads []watchHead // per literal
	arena []watch
	live  int // watches in lists, two per clause attached; the other slots of arena are room or garbage
}

type watchHead struct{ start, size, room uint32 }

func (wl *watchLists) init(numLits int) {
	wl.heads = make([]watchHead, numLits)
}

// list returns l's watches, in place: valid until the next push.
func (wl *watchLists) list(l int32) []watch {
	h := wl.heads[l]
	return wl.arena[h.start : h.start+h.size]
}

// push appends w to l's list.
func (wl *watchLists) push(l int32, w watch) {
	h := &wl.heads[l]
	if h.size < h.room {
		wl.arena[h.start+h.size] = w
		h.size++
		return
	}
	wl.pushSlow(l, w)
}

// pushSlow is push to a full list: the list moves to the end of the
// arena, with room for as many watches again (at least two).
//
//go:noinline
func (wl *watchLists) pushSlow(l int32, w watch) {
	h := &wl.heads[l]
	start := uint32(len(wl.arena))
	wl.arena = append(wl.arena, wl.arena[h.start:h.start+h.size]...)
	wl.arena = append(wl.arena, w)
	room := 2*h.size + 2
	for range room - h.size - 1 {
		wl.arena = append(wl.arena, watch{})
	}
	h.start, h.room = start, room
	h.size++
}

// truncate keeps the first n watches of l's list.
func (wl *watchLists) truncate(l int32, n uint32) {
	wl.heads[l].size = n
}

// crowded reports whether garbage and room outweigh the watches enough
// for a rebuild to pay.
func (wl *watchLists) crowded() bool {
	return len(wl.arena) > 4*wl.live+len(wl.heads)
}

// rebuild lays the lists out again in literal order, each with room for
// half as many watches again. With sizes given (one per literal) it lays
// out empty lists with room for that many and half again, for pushes to
// fill; without, it keeps the lists' watches.
func (wl *watchLists) rebuild(sizes []uint32) {
	total := 0
	for l, h := range wl.heads {
		n := h.size
		if sizes != nil {
			n = sizes[l]
		}
		total += int(n + n/2)
	}
	arena := make([]watch, 0, total+total/4)
	for l := range wl.heads {
		h := &wl.heads[l]
		n := h.size
		start := uint32(len(arena))
		if sizes != nil {
			n = sizes[l]
			h.size = 0
		} else {
			arena = append(arena, wl.arena[h.start:h.start+h.size]...)
		}
		for range n + n/2 - h.size {
			arena = append(arena, watch{})
		}
		h.start, h.room = start, n+n/2
	}
	wl.arena = arena
}
