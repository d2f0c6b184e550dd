package queens

import "testing"

func TestOneSmall(t *testing.T) {
	t.Parallel()
	for n := 1; n <= 3000; n++ {
		rows, err := One(n)
		if n == 2 || n == 3 {
			if err == nil {
				t.Errorf("n=%d: got %v, want an error", n, rows)
			}
			continue
		}
		if err != nil {
			t.Fatalf("n=%d: %v", n, err)
		}
		if len(rows) != n {
			t.Fatalf("n=%d: %d queens", n, len(rows))
		}
		if err := Verify(rows); err != nil {
			t.Fatalf("n=%d: %v: %v", n, rows, err)
		}
	}
	if _, err := One(0); err == nil {
		t.Error("n=0 accepted")
	}
}

func TestOneMillion(t *testing.T) {
	t.Parallel()
	for _, n := range []int{1_000_000, 1_000_002, 1_000_003, 999_999} {
		rows, err := One(n)
		if err != nil {
			t.Fatal(err)
		}
		if err := Verify(rows); err != nil {
			t.Fatalf("n=%d: %v", n, err)
		}
	}
}

func TestVerifyRejects(t *testing.T) {
	t.Parallel()
	for _, bad := range [][]int{{}, {0, 0}, {0, 1}, {1, 0}, {0, 2, 4, 1, 3, 5}, {0, 7}, {-1}} {
		if err := Verify(bad); err == nil {
			t.Errorf("%v accepted", bad)
		}
	}
}
