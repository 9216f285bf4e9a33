package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/vssa-go/vssa/native"
)

func init() {
	var passList, prefix string
	var inlinable bool
	register(&command{
		name:  "compile",
		usage: "[-passes=LIST] [-inlinable] -o PREFIX DIR FUNC...",
		short: "compile hot Go functions to amd64 assembly",
		long: `Compile compiles the named functions (F), methods (T.M, (*T).M) and
instantiations of generic functions (F[int64], F[uint8,float64]) of the
package in DIR to Go assembly for amd64, through vssa's validated
passes (default ` + native.DefaultPasses + `; gcm is global code motion,
bounded by register pressure, docs/gcm.md), a register allocation
checked by its validator, and writes:

  PREFIX_amd64.s        the assembly (ABI0), built on amd64 without purego
  PREFIX_amd64.go       its declarations, and the helpers it calls (panics,
                        preemption polls)
  PREFIX_vssa_test.go   a test comparing each function with a copy of its
                        Go original on edge cases and random inputs (results,
                        memory written, panics), a fuzz target per function,
                        a check that the originals are still the source
                        compiled, and benchmarks running gc's copy and vssa's
                        code in turns (gc-ns/op, vssa-ns/op, gc/vssa)

The Go originals stay where they are, as the fallback for other targets,
in files with the constraint //go:build !amd64 || purego; declarations they
share with the rest of the package (types, constants) belong in files built
everywhere, and every other declaration of the originals' files must be
compiled too or moved to such a file. PREFIX is a path in DIR. Use it from
go generate, in a file built everywhere:

  //go:generate vssa compile -o kernels . Sum Dot

An integer parameter that bounds a loop gets a range for the test's
inputs, [-1, 1024] with a warning unless the function's doc comment
gives one (//vssa:range is the only directive):

  //vssa:range n 0 1000

A generic function F is compiled at the instantiations the package uses
or at those named, F[int64] (type arguments as Go writes them, separated
by commas without spaces; quote them in a shell): basic types, the
package's types defined on them and slices of those. Each instantiation
is the assembly function F_int64 (F_uint8_float64, F_slice_int_int);
on amd64, F is a Go wrapper that switches on its type arguments to call
it, and runs the Go original, kept renamed in PREFIX_amd64.go, at other
type arguments.

A cgo package is refused (go build refuses Go assembly in it). A set
written earlier with another -o for the same functions is removed.

The subset (docs/compile.md): integers, floats, bools, pointers, small
structs and arrays by value, slices and strings with their slice
expressions, string constants, the package's own variables, local
variables without pointers, math/bits, math and encoding/binary's byte
orders as gc's instructions, copy, min and max, loops and branches,
calls of other functions (the package's small ones inlined, the rest
through Go trampolines), errors and panics. Anything else is refused
with the construct's position, what it is and what to do instead. A
function without a loop, or one gc inlines whose loops only search and
can stop at their first elements without a vector loop, is left to gc
(a call of assembly would cost more than its code saves): refused alone, kept as Go beside functions
that compile, and compiled anyway with -inlinable. An existing output file is replaced only if vssa compile
wrote it.

Exit status: 0, 1 if a function cannot be compiled (nothing is written),
2 for bad usage.`,
		flags: func(fs *flag.FlagSet) {
			fs.StringVar(&passList, "passes", native.DefaultPasses, "comma-separated passes to run before lowering ("+passNames()+")")
			fs.StringVar(&prefix, "o", "", "output file prefix (a path in DIR)")
			fs.BoolVar(&inlinable, "inlinable", false, "also compile functions that have no loop (slower than gc's code: gc inlines most of them, and the call of assembly costs more than it saves)")
		},
		run: func(fs *flag.FlagSet, args []string, stdout, stderr io.Writer) int {
			if len(args) < 2 || prefix == "" {
				return badUsage(stderr, "compile", "needs -o PREFIX, a package directory and at least one function")
			}
			if _, err := passesPipeline(passList); err != nil {
				fmt.Fprintf(stderr, "vssa compile: %v\n", err)
				return exitUsage
			}
			if fi, err := os.Stat(args[0]); err != nil || !fi.IsDir() {
				if err == nil {
					err = fmt.Errorf("%s is not a directory", args[0])
				}
				fmt.Fprintf(stderr, "vssa compile: package directory: %v\n", err)
				return exitFailure
			}
			out, err := native.Compile(native.Request{Dir: args[0], Prefix: prefix, Funcs: args[1:], Passes: passList, Inlinable: inlinable})
			if err != nil {
				fmt.Fprintf(stderr, "vssa compile: %v\n", err)
				return exitFailure
			}
			if err := writeGenerated(out); err != nil {
				fmt.Fprintf(stderr, "vssa compile: %v\n", err)
				return exitFailure
			}
			for _, w := range out.Warnings {
				fmt.Fprintf(stderr, "vssa compile: %s\n", w)
			}
			for _, path := range out.Remove {
				// An earlier set for some of the same functions, written
				// with another -o: beside the new one it would
				// redeclare them.
				if err := os.Remove(path); err != nil {
					fmt.Fprintf(stderr, "vssa compile: %v\n", err)
					return exitFailure
				}
				fmt.Fprintf(stderr, "vssa compile: removed %s, which an earlier -o wrote for the same functions\n", path)
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
	// Each file is written beside its final name and renamed once all
	// are written: a failed write (a full disk) leaves the old files as
	// they were, not some replaced and one cut short.
	var temps []string
	defer func() {
		for _, t := range temps {
			os.Remove(t) // those not renamed
		}
	}()
	for _, path := range out.Order {
		f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*")
		if err != nil {
			return err
		}
		temps = append(temps, f.Name())
		_, err = f.Write(out.Files[path])
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		if err == nil {
			// The mode of the file replaced, or rw-r--r-- (0666 under
			// the usual umask) for a new one: CreateTemp makes 0600.
			mode := os.FileMode(0o644)
			if fi, serr := os.Stat(path); serr == nil {
				mode = fi.Mode().Perm()
			}
			err = os.Chmod(f.Name(), mode)
		}
		if err != nil {
			return fmt.Errorf("write %s: %v", path, err)
		}
	}
	for i, path := range out.Order {
		if err := os.Rename(temps[i], path); err != nil {
			return err
		}
	}
	temps = nil
	return nil
}
