package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/puzzlesolvers/puzzle/nonogram"
	"github.com/puzzlesolvers/puzzle/status"
)

func main() {
	var solveT, undT time.Duration
	n, cells, undecided, calls := 0, 0, 0, 0
	for _, dir := range os.Args[1:] {
		files, _ := filepath.Glob(dir)
		for _, f := range files {
			fh, err := os.Open(f)
			if err != nil {
				continue
			}
			for p, err := range nonogram.NewReader(fh, f, "").All() {
				if err != nil {
					continue
				}
				ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
				t0 := time.Now()
				res, _ := nonogram.Solve(ctx, p, nonogram.Options{})
				d := time.Since(t0)
				if res.Status != status.Multiple {
					cancel()
					continue
				}
				t1 := time.Now()
				b, found, err := nonogram.Undecided(ctx, p, res.Solutions)
				u := time.Since(t1)
				cancel()
				k := 0
				if b != nil {
					for _, v := range b.Cells {
						if v == nonogram.Unknown {
							k++
						}
					}
				}
				n++
				solveT += d
				undT += u
				cells += p.Width() * p.Height()
				undecided += k
				calls += len(found)
				fmt.Printf("%s %q %dx%d solve %.2fms undecided %.2fms: %d cells, %d more pictures, err %v\n", f, p.Name, p.Height(), p.Width(), ms(d), ms(u), k, len(found), err)
			}
			fh.Close()
		}
	}
	fmt.Printf("TOTAL %d multiple: solve %.1fms undecided %.1fms, %d undecided cells of %d\n", n, ms(solveT), ms(undT), undecided, cells)
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
