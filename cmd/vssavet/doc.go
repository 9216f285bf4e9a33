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
package main
