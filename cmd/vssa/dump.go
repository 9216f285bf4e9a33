package main

import (
	"flag"
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/vssa-go/vssa/bridge"
	"github.com/vssa-go/vssa/ir"
)

func init() {
	var passes string
	var positions bool
	register(&command{
		name:  "dump",
		usage: "[-passes=LIST] [-pos] PKG|FILE.go [FUNC]",
		short: "print the IR of a package's functions",
		long: `Dump loads a package (or one .go file), translates it to vssa's IR,
optionally runs passes, and prints its functions in the IR text format:
all of them, or only FUNC, given by its full name ("main.f",
"(*main.T).M", "main.f$1") or by a suffix of it after a dot ("f", "T).M").
The output is one module that vssa ir can parse back: the declarations
it needs come first. Functions the bridge could not translate are listed
on stderr with the construct that stopped them.

Exit status: 0, or 1 if the package does not load or FUNC is not found.`,
		flags: func(fs *flag.FlagSet) {
			fs.StringVar(&passes, "passes", "", "comma-separated passes to run first ("+passNames()+")")
			fs.BoolVar(&positions, "pos", false, "append each instruction's source position as a comment")
		},
		run: func(fs *flag.FlagSet, args []string, stdout, stderr io.Writer) int {
			if len(args) < 1 || len(args) > 2 {
				fs.Usage()
				return exitUsage
			}
			if _, err := passesPipeline(passes); err != nil {
				fmt.Fprintf(stderr, "vssa dump: %v\n", err)
				return exitUsage
			}
			prog, err := bridge.Load(bridge.Config{}, patternOf(args[0]))
			if err != nil {
				fmt.Fprintf(stderr, "vssa dump: %v\n", err)
				return exitFailure
			}
			if err := applyPasses(prog, passes, stderr); err != nil {
				fmt.Fprintf(stderr, "vssa dump: %v\n", err)
				return exitFailure
			}
			opts := ir.PrintOptions{Positions: positions}
			if len(args) == 2 {
				f := findFunc(prog.Module, args[1])
				if f == nil {
					if err, ok := prog.Unsupported[args[1]]; ok {
						fmt.Fprintf(stderr, "vssa dump: %v\n", err)
					} else {
						fmt.Fprintf(stderr, "vssa dump: no function %s\n", args[1])
					}
					return exitFailure
				}
				fmt.Fprint(stdout, f.Format(opts))
				return exitOK
			}
			prog.Module.Print(stdout, opts)
			names := make([]string, 0, len(prog.Unsupported))
			for name := range prog.Unsupported {
				names = append(names, name)
			}
			sort.Strings(names)
			for _, name := range names {
				fmt.Fprintf(stderr, "vssa dump: %v\n", prog.Unsupported[name])
			}
			return exitOK
		},
	})
}

// patternOf turns a .go file argument into an absolute path pattern.
func patternOf(arg string) string {
	if strings.HasSuffix(arg, ".go") {
		if abs, err := absPath(arg); err == nil {
			return abs
		}
	}
	return arg
}

// findFunc finds a function by full name or by a suffix after a dot.
func findFunc(m *ir.Module, name string) *ir.Func {
	if f := m.Func(name); f != nil {
		return f
	}
	var found *ir.Func
	for _, f := range m.Funcs {
		if strings.HasSuffix(f.Name, "."+name) {
			if found != nil {
				return nil // ambiguous
			}
			found = f
		}
	}
	return found
}
