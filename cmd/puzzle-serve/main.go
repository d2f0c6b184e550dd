package main

import (
	"context"
	"os"

	"github.com/puzzlesolvers/puzzle/internal/serve"
)

func main() {
	os.Exit(serve.Main(context.Background(), os.Args[1:], os.Stdout, os.Stderr))
}
