package sat

import (
	"math/rand/v2"
	"testing"
)

// TestVarHeap checks the heap against a scan for the most active variable:
// started by Init or, in a random order, by InitOrder, then random bumps,
// removals and insertions, each Pop returning a variable of the highest
// activity left.
func TestVarHeap(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 9))
	for trial := range 50 {
		n := 1 + rng.IntN(300)
		activity := make([]float64, n)
		var h VarHeap
		if trial%2 == 0 {
			h.Init(&activity, n)
		} else {
			order := rng.Perm(n)
			o := make([]int32, n)
			for i, v := range order {
				o[i] = int32(v)
			}
			h.InitOrder(&activity, o)
		}
		in := make([]bool, n)
		for v := range in {
			in[v] = true
		}
		for range 4 * n {
			v := rng.IntN(n)
			switch rng.IntN(4) {
			case 0:
				activity[v] += float64(rng.IntN(5))
				h.Update(v)
			case 1:
				if in[v] {
					h.Remove(v)
					in[v] = false
				}
			case 2:
				h.Insert(v)
				in[v] = true
			default:
				if h.Empty() {
					continue
				}
				best := -1.0
				for u, ok := range in {
					if ok && activity[u] > best {
						best = activity[u]
					}
				}
				got := h.Pop()
				if !in[got] || activity[got] != best {
					t.Fatalf("trial %d: Pop gave %d (activity %v, in heap %v), the highest is %v", trial, got, activity[got], in[got], best)
				}
				in[got] = false
			}
			for u, ok := range in {
				if ok != h.Contains(u) {
					t.Fatalf("trial %d: Contains(%d) = %v, want %v", trial, u, h.Contains(u), ok)
				}
			}
		}
	}
}
