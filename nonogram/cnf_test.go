package nonogram

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

// TestWriteCNF writes, for each puzzle of the file $NONOGRAM_CNF_IN, the
// clauses that the clause-learning search starts from (after line solving
// at the root) in DIMACS form, to $NONOGRAM_CNF_OUT/N.cnf for the N-th
// puzzle from 1; variable r*cols+c+1 is cell (r, c). It is the input of the
// comparison with SAT solvers in docs/benchmarks.md, and is skipped unless
// both variables are set.
func TestWriteCNF(t *testing.T) {
	in, out := os.Getenv("NONOGRAM_CNF_IN"), os.Getenv("NONOGRAM_CNF_OUT")
	if in == "" || out == "" {
		t.Skip("set NONOGRAM_CNF_IN and NONOGRAM_CNF_OUT to write DIMACS files")
	}
	f, err := os.Open(in)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	n := 0
	for p, err := range NewReader(f, in, "").All() {
		if err != nil {
			t.Fatal(err)
		}
		n++
		g := newGrid(p)
		pr := newPropagator(g)
		root := g.newState()
		pr.pushAll()
		pr.run(root)
		s, _ := g.encode(root)
		w, err := os.Create(filepath.Join(out, fmt.Sprintf("%d.cnf", n)))
		if err != nil {
			t.Fatal(err)
		}
		if err := s.WriteDIMACS(w); err != nil {
			t.Fatal(err)
		}
		if err := w.Close(); err != nil {
			t.Fatal(err)
		}
	}
}
