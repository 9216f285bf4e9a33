// Command vssavet runs vssa's analyzers under go vet:
//
//	go install github.com/vssa-go/vssa/cmd/vssavet
//	go vet -vettool=$(which vssavet) ./...
//
// The analyzers nilness and cond report conditions that never change,
// each backed by a certificate vssa's validator accepted; bce reports
// bounds checks left in loops of functions marked //vssa:bce (or of
// every function with -bce.all). go vet exits with status 1 when they
// report anything.
//
// It runs with GOGC=200 unless GOGC or GOMEMLIMIT is set: go vet runs
// it once per package, whose live heap is small, and the collector
// took a quarter of its CPU at go's default of 100.
package main
