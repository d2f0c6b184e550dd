package sudoku

import "testing"

func TestMedusa3D(t *testing.T) {
	runPatternCases(t, []patternCase{
		{
			name: "a cell holds both colours", tech: Medusa3D,
			setup: func(t *testing.T, l *logic) {
				setCands(t, l, []int{1, 2}, "r1c1")
				dropDigit(t, l, 1, unitRow(1), "r1c1", "r1c5")
				dropDigit(t, l, 2, unitRow(1), "r1c1", "r1c5")
			},
			elim: func(t *testing.T) string { return expandElims(t, []int{3, 4, 5, 6, 7, 8, 9}, "r1c5") },
			text: "3D Medusa: the bivalue cells and the units where a digit has two places join r1c1=1, r1c5=2 (one colour) and r1c1=2, r1c5=1 (the other); exactly one colour is true, so 3, 4, 5, 6, 7, 8 and 9 are removed from r1c5",
		},
		{
			name: "one colour twice in a unit", tech: Medusa3D,
			setup: func(t *testing.T, l *logic) {
				setCands(t, l, []int{1, 2}, "r1c1")
				dropDigit(t, l, 2, unitRow(1), "r1c1", "r1c5")
				setCands(t, l, []int{2, 3}, "r1c5")
				dropDigit(t, l, 3, unitCol(5), "r1c5", "r5c5")
				setCands(t, l, []int{1, 3}, "r5c5")
				dropDigit(t, l, 1, unitRow(5), "r5c5", "r5c1")
			},
			elim: func(t *testing.T) string { return "r1c1=1 r1c5=2 r5c1=1 r5c5=3" },
			text: "3D Medusa: the bivalue cells and the units where a digit has two places join r1c1=1, r1c5=2, r5c1=1, r5c5=3 (one colour) and r1c1=2, r1c5=3, r5c5=1 (the other); exactly one colour is true; r1c1=1 and r5c1=1 share a colour and see each other, so that colour is false: 1 is removed from r1c1, r5c1; 2 is removed from r1c5; 3 is removed from r5c5",
		},
		{
			name: "a colour would empty a cell", tech: Medusa3D,
			setup: func(t *testing.T, l *logic) {
				setCands(t, l, []int{1, 2}, "r1c1")
				dropDigit(t, l, 2, unitRow(1), "r1c1", "r1c5")
				setCands(t, l, []int{2, 3}, "r1c5")
				dropDigit(t, l, 3, unitCol(5), "r1c5", "r9c5")
				setCands(t, l, []int{1, 3}, "r9c1")
			},
			elim: func(t *testing.T) string { return "r1c1=1 r1c5=2 r9c5=3" },
		},
		{
			name: "a candidate sees both colours", tech: Medusa3D,
			setup: func(t *testing.T, l *logic) {
				setCands(t, l, []int{1, 2}, "r1c1")
				dropDigit(t, l, 2, unitCol(1), "r1c1", "r5c1")
				setCands(t, l, []int{2, 3}, "r5c1")
				dropDigit(t, l, 3, unitRow(5), "r5c1", "r5c7")
				setCands(t, l, []int{1, 3}, "r5c7")
			},
			elim: func(t *testing.T) string { return "r1c7=1" },
		},
		{
			name: "a candidate sees one colour, its cell the other", tech: Medusa3D,
			setup: func(t *testing.T, l *logic) {
				setCands(t, l, []int{1, 2}, "r1c1")
				dropDigit(t, l, 1, unitRow(1), "r1c1", "r1c9")
				setCands(t, l, []int{1, 3}, "r1c9")
				dropDigit(t, l, 3, unitCol(9), "r1c9", "r5c9")
				dropDigit(t, l, 2, unitCol(1), "r1c1", "r5c1")
			},
			elim: func(t *testing.T) string { return "r5c1=3 r5c9=2" },
		},
	})
}
