// Package buildversion says which build a program of the module is: the
// module version and VCS revision recorded by the go command
// (runtime/debug.ReadBuildInfo), for puzzle --version and puzzle-serve
// --version alike.
package buildversion
