package sudoku

import "testing"

func TestFinnedFish(t *testing.T) {
	runPatternCases(t, []patternCase{
		{
			name: "finned x-wing", tech: FinnedXWing,
			setup: func(t *testing.T, l *logic) {
				dropDigit(t, l, 5, unitRow(2), "r2c3", "r2c8")
				dropDigit(t, l, 5, unitRow(7), "r7c3", "r7c8", "r7c9")
			},
			elim: func(t *testing.T) string { return expandElims(t, []int{5}, "r8c8", "r9c8") },
			text: "Finned X-wing: 5 in rows 2 and 7 lies only in columns 3 and 8 but for the fin r7c9 in box 9; either a fin is 5 or the X-wing holds, and either way 5 is removed from r8c8, r9c8",
		},
		{
			name: "finned x-wing on columns", tech: FinnedXWing,
			setup: func(t *testing.T, l *logic) {
				dropDigit(t, l, 5, unitCol(2), "r3c2", "r8c2")
				dropDigit(t, l, 5, unitCol(7), "r3c7", "r8c7", "r9c7")
			},
			elim: func(t *testing.T) string { return expandElims(t, []int{5}, "r8c8", "r8c9") },
		},
		{
			name: "sashimi x-wing", tech: FinnedXWing,
			setup: func(t *testing.T, l *logic) {
				dropDigit(t, l, 5, unitRow(2), "r2c3", "r2c8")
				dropDigit(t, l, 5, unitRow(7), "r7c3", "r7c9")
			},
			elim: func(t *testing.T) string { return expandElims(t, []int{5}, "r1c9", "r3c9") },
			text: "Finned X-wing (sashimi): 5 in rows 2 and 7 lies only in columns 3 and 9 but for the fin r2c8 in box 3; either a fin is 5 or the X-wing holds, and either way 5 is removed from r1c9, r3c9",
			more: true, // the same fish seen from the other fin, r7c9
		},
		{
			name: "fins in two boxes", tech: FinnedXWing,
			setup: func(t *testing.T, l *logic) {
				dropDigit(t, l, 5, unitRow(2), "r2c3", "r2c8", "r2c9")
				dropDigit(t, l, 5, unitRow(7), "r7c3", "r7c8", "r7c4")
			},
		},
		{
			name: "finned swordfish", tech: FinnedSwordfish,
			setup: func(t *testing.T, l *logic) {
				dropDigit(t, l, 4, unitRow(1), "r1c2", "r1c5")
				dropDigit(t, l, 4, unitRow(5), "r5c5", "r5c8")
				dropDigit(t, l, 4, unitRow(9), "r9c2", "r9c8", "r9c7")
			},
			elim: func(t *testing.T) string { return expandElims(t, []int{4}, "r7c8", "r8c8") },
			text: "Finned swordfish: 4 in rows 1, 5 and 9 lies only in columns 2, 5 and 8 but for the fin r9c7 in box 9; either a fin is 4 or the swordfish holds, and either way 4 is removed from r7c8, r8c8",
		},
		{
			name: "finned jellyfish", tech: FinnedJellyfish,
			setup: func(t *testing.T, l *logic) {
				dropDigit(t, l, 6, unitRow(1), "r1c1", "r1c4")
				dropDigit(t, l, 6, unitRow(3), "r3c4", "r3c7")
				dropDigit(t, l, 6, unitRow(6), "r6c7", "r6c9")
				dropDigit(t, l, 6, unitRow(8), "r8c1", "r8c9", "r8c8")
			},
			elim: func(t *testing.T) string { return expandElims(t, []int{6}, "r7c7", "r7c9", "r9c7", "r9c9") },
		},
		{
			// Without its fin the fish is a plain X-wing, left to XWing.
			name: "plain x-wing is no finned one", tech: FinnedXWing,
			setup: func(t *testing.T, l *logic) {
				dropDigit(t, l, 5, unitRow(2), "r2c3", "r2c8")
				dropDigit(t, l, 5, unitRow(7), "r7c3", "r7c8")
			},
		},
	})
}
