// Package redundant is an example for vssa's analyzers: each function has
// a condition that never changes, and `go vet -vettool=vssavet` reports it
// with the earlier fact that makes it so.
package redundant
