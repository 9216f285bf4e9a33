// Command gen writes the standard library table of the interpreter
// (../zstd.go): every exported, non-generic function, method, variable
// and type of the packages listed in packages.go.
//
// Usage: go run ./interp/stdlib/gen -o interp/stdlib/zstd.go
package main
