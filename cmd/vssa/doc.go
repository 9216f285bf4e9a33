// Command vssa is the main tool of vssa, a translation-validated SSA
// middle-end for Go.
//
// Usage:
//
//	vssa <command> [flags] [arguments]
//
// Commands:
//
//	ir    parse, check and print IR text files (ir.Parse, ir.Check)
//
// Each command explains itself with -h. Exit status: 0 success, 1 the
// command ran and found problems, 2 bad invocation.
package main
