package sat

// varHeap is a binary max-heap of variables ordered by activity, with each
// variable's position kept so that a bumped variable can move up.
type varHeap struct {
	heap     []int
	index    []int // per variable: its position in heap, or -1
	activity *[]float64
}

func (h *varHeap) empty() bool         { return len(h.heap) == 0 }
func (h *varHeap) contains(v int) bool { return h.index[v] >= 0 }

func (h *varHeap) less(a, b int) bool { return (*h.activity)[a] > (*h.activity)[b] }

func (h *varHeap) insert(v int) {
	h.index[v] = len(h.heap)
	h.heap = append(h.heap, v)
	h.up(len(h.heap) - 1)
}

func (h *varHeap) removeMax() int {
	v := h.heap[0]
	last := h.heap[len(h.heap)-1]
	h.heap = h.heap[:len(h.heap)-1]
	h.index[v] = -1
	if len(h.heap) > 0 {
		h.heap[0] = last
		h.index[last] = 0
		h.down(0)
	}
	return v
}

func (h *varHeap) up(i int) {
	v := h.heap[i]
	for i > 0 {
		parent := (i - 1) / 2
		if !h.less(v, h.heap[parent]) {
			break
		}
		h.heap[i] = h.heap[parent]
		h.index[h.heap[i]] = i
		i = parent
	}
	h.heap[i] = v
	h.index[v] = i
}

func (h *varHeap) down(i int) {
	v := h.heap[i]
	n := len(h.heap)
	for {
		child := 2*i + 1
		if child >= n {
			break
		}
		if child+1 < n && h.less(h.heap[child+1], h.heap[child]) {
			child++
		}
		if !h.less(h.heap[child], v) {
			break
		}
		h.heap[i] = h.heap[child]
		h.index[h.heap[i]] = i
		i = child
	}
	h.heap[i] = v
	h.index[v] = i
}

// remove takes v out of the heap.
func (h *varHeap) remove(v int) {
	i := h.index[v]
	last := h.heap[len(h.heap)-1]
	h.heap = h.heap[:len(h.heap)-1]
	h.index[v] = -1
	if i < len(h.heap) {
		h.heap[i] = last
		h.index[last] = i
		h.down(i)
		h.up(h.index[last])
	}
}
