// Package apitest holds no code: its test builds, vets and tests the module
// in examples/library, a program outside this module that requires it
// (with a replace to this checkout) and uses every family through the
// public API only, as a user's program would.
package apitest
