// Command gen writes the standard library table of the interpreter
// (../zstd.go): every exported, non-generic function, method, variable
// and type of the packages listed in packages.go.
//
// Usage: go run ./ir/interp/stdlib/gen -o ir/interp/stdlib/zstd.go
package main
