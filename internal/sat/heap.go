package sat

import "slices"

// VarHeap is a binary max-heap of variables ordered by activity, with each
// variable's position kept so that a variable whose activity grew can move
// up. It is the decision order of VSIDS, shared by this package's solver
// and the Sudoku clause-learning engine.
type VarHeap struct {
	activity *[]float64
	heap     []int32
	pos      []int32 // per variable: its position in heap, or -1
}

// Init empties the heap, orders it by *activity, and puts variables
// 0..n-1 in it (all with equal activity, so in that order).
func (h *VarHeap) Init(activity *[]float64, n int) {
	h.activity = activity
	h.heap = make([]int32, n)
	h.pos = make([]int32, n)
	for i := range n {
		h.heap[i] = int32(i)
		h.pos[i] = int32(i)
	}
}

// InitOrder is Init with the variables 0..len(order)-1 put in the order
// order lists them, which must hold each once: with equal activities, the
// order Init would give variables numbered so.
func (h *VarHeap) InitOrder(activity *[]float64, order []int32) {
	h.activity = activity
	h.heap = slices.Clone(order)
	h.pos = make([]int32, len(order))
	for i, v := range order {
		h.pos[v] = int32(i)
	}
}

// Add adds a new variable, numbered after the others, and puts it in.
func (h *VarHeap) Add() {
	h.pos = append(h.pos, -1)
	h.Insert(len(h.pos) - 1)
}

// Empty reports whether no variable is in the heap.
func (h *VarHeap) Empty() bool { return len(h.heap) == 0 }

// Contains reports whether v is in the heap.
func (h *VarHeap) Contains(v int) bool { return h.pos[v] >= 0 }

// Insert puts v in the heap if it is not there.
func (h *VarHeap) Insert(v int) {
	if h.pos[v] >= 0 {
		return
	}
	h.pos[v] = int32(len(h.heap))
	h.heap = append(h.heap, int32(v))
	h.up(len(h.heap) - 1)
}

// Update moves v up after its activity grew, if it is in the heap.
func (h *VarHeap) Update(v int) {
	if h.pos[v] >= 0 {
		h.up(int(h.pos[v]))
	}
}

// Pop removes and returns the variable of highest activity.
func (h *VarHeap) Pop() int {
	v := h.heap[0]
	last := h.heap[len(h.heap)-1]
	h.heap = h.heap[:len(h.heap)-1]
	h.pos[v] = -1
	if len(h.heap) > 0 {
		h.heap[0] = last
		h.pos[last] = 0
		h.down(0)
	}
	return int(v)
}

// Remove takes v out of the heap.
func (h *VarHeap) Remove(v int) {
	i := h.pos[v]
	last := h.heap[len(h.heap)-1]
	h.heap = h.heap[:len(h.heap)-1]
	h.pos[v] = -1
	if int(i) < len(h.heap) {
		h.heap[i] = last
		h.pos[last] = i
		h.down(int(i))
		h.up(int(h.pos[last]))
	}
}

func (h *VarHeap) up(i int) {
	act := *h.activity
	v := h.heap[i]
	for i > 0 {
		p := (i - 1) / 2
		if act[h.heap[p]] >= act[v] {
			break
		}
		h.heap[i] = h.heap[p]
		h.pos[h.heap[i]] = int32(i)
		i = p
	}
	h.heap[i] = v
	h.pos[v] = int32(i)
}

func (h *VarHeap) down(i int) {
	act := *h.activity
	v := h.heap[i]
	n := len(h.heap)
	for {
		c := 2*i + 1
		if c >= n {
			break
		}
		if c+1 < n && act[h.heap[c+1]] > act[h.heap[c]] {
			c++
		}
		if act[h.heap[c]] <= act[v] {
			break
		}
		h.heap[i] = h.heap[c]
		h.pos[h.heap[i]] = int32(i)
		i = c
	}
	h.heap[i] = v
	h.pos[v] = int32(i)
}
