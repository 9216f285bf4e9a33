// Command vssa is the main tool of vssa, a translation-validated SSA
// middle-end for Go.
//
// Usage:
//
//	vssa <command> [flags] [arguments]
//
// Commands:
//
//	run     interpret a Go program's main through vssa's IR
//	dump    print the IR of a package's functions
//	goroot  run the GOROOT test programs and compare with the compiled ones
//	check   run the validated passes on every function of some packages
//	stats   measure what GVN removes, against a pessimistic dominator walk
//	checks  count run-time checks per source line, before and after the passes
//	bench   measure SSA construction and validation against x/tools' lifting
//	ir      parse, check and print IR text files (ir.Parse, ir.Check)
//
// Each command explains itself with -h. Exit status: 0 success, 1 the
// command ran and found problems, 2 bad invocation.
package main
