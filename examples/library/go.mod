module example.com/puzzleuser

go 1.26.0

require github.com/puzzlesolvers/puzzle v0.0.0

replace github.com/puzzlesolvers/puzzle => ../..
