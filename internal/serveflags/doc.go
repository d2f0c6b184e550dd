// Package serveflags defines "puzzle serve": its flags, its help and the
// checks of its arguments. It imports no networking, so that the puzzle
// command, which parses "puzzle serve" and then runs the companion program
// puzzle-serve, does not link the web server (package serve runs it).
package serveflags
