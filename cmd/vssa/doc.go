// Command vssa is the main tool of vssa, a translation-validated SSA
// middle-end for Go.
//
// Usage:
//
//	vssa <command> [flags] [arguments]
//
// Commands:
//
//	bench    measure SSA construction and validation against x/tools' lifting
//	check    run the validated passes on every function of some packages
//	checks   count run-time checks per source line, before and after the passes
//	compile  compile hot Go functions to amd64 assembly
//	dump     print the IR of a package's functions
//	goroot   interpret the GOROOT test programs and compare with the real ones
//	ir       parse, check and print IR text files
//	run      interpret a Go program's main through vssa's IR
//	stats    measure what GVN removes, against a pessimistic dominator walk
//	view     write an HTML page of a function's IR after each pass, and its graph
//	zerochecks compare the division checks checkelim and zce remove
//
// Each command explains itself with -h. Exit status: 0 success, 1 the
// command ran and found problems, 2 bad invocation (the usage on
// stderr; -h prints it on stdout, with status 0). vssa run's status is
// the program's (0, os.Exit's argument, 2 after a panic), apart from
// its own outcomes, each after a line on stderr that starts with "vssa
// run: " or "vssa: ": 121 unloadable (the program could not be loaded),
// 122 undefined (undefined behaviour detected), 123 unsupported (or an
// internal error).
package main
