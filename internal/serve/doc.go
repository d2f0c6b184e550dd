// Package serve runs the web server of "puzzle serve": the program
// puzzle-serve is this package's Main, and the puzzle command runs that
// program when asked to serve. Its flags, help and checks are those of
// package serveflags; the server itself is package web.
package serve
