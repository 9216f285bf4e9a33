package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/vssa-go/vssa/native"
)

func init() {
	var passList, prefix string
	register(&command{
		name:  "compile",
		usage: "[-passes=LIST] -o PREFIX DIR FUNC...",
		short: "compile hot Go functions to amd64 assembly",
		long: `Compile compiles the named functions of the package in DIR to Go
assembly for amd64, through vssa's validated passes (default ` + native.DefaultPasses + `),
a register allocation checked by its validator, and writes:

  PREFIX_amd64.s        the assembly (ABI0), built on amd64 without purego
  PREFIX_amd64.go       its declarations, and the helpers it calls (panics,
                        preemption polls)
  PREFIX_vssa_test.go   a test comparing each function with a copy of its
                        Go original on edge cases and random inputs (results,
                        memory written, panics), a fuzz target per function,
                        and benchmarks with sub-benchmarks impl=gc and impl=vssa

The Go originals stay where they are, as the fallback for other targets,
in files with the constraint //go:build !amd64 || purego; declarations they
share with the rest of the package (types, constants) belong in files built
everywhere. PREFIX is a path in DIR. Use it from go generate:

  //go:generate vssa compile -o kernels . Sum Dot

Functions outside the supported subset (integers, floats, bools,
pointers to structs and arrays, slices, strings read-only, loops and
branches) are refused with the position and the construct named. An
existing output file is replaced only if vssa compile wrote it.

Exit status: 0, 1 if a function cannot be compiled (nothing is written),
2 for bad usage.`,
		flags: func(fs *flag.FlagSet) {
			fs.StringVar(&passList, "passes", native.DefaultPasses, "comma-separated passes to run before lowering ("+passNames()+")")
			fs.StringVar(&prefix, "o", "", "output file prefix (a path in DIR)")
		},
		run: func(fs *flag.FlagSet, args []string, stdout, stderr io.Writer) int {
			if len(args) < 2 || prefix == "" {
				fs.Usage()
				return exitUsage
			}
			if _, err := passesPipeline(passList); err != nil {
				fmt.Fprintf(stderr, "vssa compile: %v\n", err)
				return exitUsage
			}
			out, err := native.Compile(native.Request{Dir: args[0], Prefix: prefix, Funcs: args[1:], Passes: passList})
			if err != nil {
				fmt.Fprintf(stderr, "vssa compile: %v\n", err)
				return exitFailure
			}
			if err := writeGenerated(out); err != nil {
				fmt.Fprintf(stderr, "vssa compile: %v\n", err)
				return exitFailure
			}
			return exitOK
		},
	})
}

// writeGenerated writes the files of out, refusing to replace a file
// that vssa compile did not write (checked for all before any is
// written).
func writeGenerated(out *native.Output) error {
	for _, path := range out.Order {
		old, err := os.ReadFile(path)
		if errors.Is(err, os.ErrNotExist) {
			continue
		}
		if err != nil {
			return err
		}
		if !bytes.HasPrefix(old, []byte(native.GeneratedHeader)) {
			return fmt.Errorf("%s exists and was not written by vssa compile: not replacing it", path)
		}
	}
	for _, path := range out.Order {
		if err := os.WriteFile(path, out.Files[path], 0o666); err != nil {
			return err
		}
	}
	return nil
}
