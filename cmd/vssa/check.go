package main

import (
	"flag"
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/vssa-go/vssa/bridge"
	"github.com/vssa-go/vssa/ir"
	"github.com/vssa-go/vssa/passes"
)

func init() {
	var passList string
	var noValidate, verbose bool
	register(&command{
		name:  "check",
		usage: "[-passes=LIST] [-novalidate] [-v] PATTERNS...",
		short: "run the validated passes on every function of some packages",
		long: `Check loads the packages (e.g. "std", "./..."), translates every function
to the IR, checks its well-formedness, and runs the passes on it with
validation. A function is accepted when every pass's result passes its
validator and the IR checker; rejected when one is refused (the report
shows the pass, the reason and, with -v, both IR dumps); unsupported when
the bridge cannot translate it or a pass declines it (e.g. a register used
before it is defined); crashed when a pass panics. A generic function is
checked through its instances: those go/ssa builds, where code uses
them; the number of generic functions without one is said (with -v,
their names). It ends with one line:

  checked N functions: A accepted, R rejected, U unsupported, C crashed

Exit status: 0 if nothing was rejected or crashed, else 1.`,
		flags: func(fs *flag.FlagSet) {
			fs.StringVar(&passList, "passes", "mem2reg,outofssa", "comma-separated passes ("+passNames()+")")
			fs.BoolVar(&noValidate, "novalidate", false, "do not validate (only to measure the validators' cost)")
			fs.BoolVar(&verbose, "v", false, "print the IR before and after each rejected pass")
		},
		run: func(fs *flag.FlagSet, args []string, stdout, stderr io.Writer) int {
			if len(args) == 0 {
				return badUsage(stderr, "check", "no packages given")
			}
			pipeline, err := passes.Pipeline(passList)
			if err != nil {
				fmt.Fprintf(stderr, "vssa check: %v\n", err)
				return exitUsage
			}
			if err := missingGoFile(args); err != nil {
				fmt.Fprintf(stderr, "vssa check: %v\n", err)
				return exitFailure
			}
			prog, err := bridge.Load(bridge.Config{}, args...)
			if err != nil {
				fmt.Fprintf(stderr, "vssa check: %v\n", err)
				return exitFailure
			}
			m := &passes.Manager{Pipeline: pipeline, NoValidate: noValidate}
			var accepted, rejected, unsupported, crashed int
			names := make([]string, 0, len(prog.Unsupported))
			for name := range prog.Unsupported {
				names = append(names, name)
			}
			sort.Strings(names)
			for _, name := range names {
				unsupported++
				if verbose {
					fmt.Fprintf(stdout, "unsupported: %v\n", prog.Unsupported[name])
				}
			}
			for _, f := range prog.Module.Funcs {
				if err := ir.Check(f, ir.RTL); err != nil {
					rejected++
					fmt.Fprintf(stdout, "REJECTED bridge: %v\n", err)
					continue
				}
				_, reports := m.Run(f)
				outcome := passes.Accepted
				for _, r := range reports {
					switch r.Outcome {
					case passes.Crashed, passes.Corrupted:
						outcome = passes.Crashed
					case passes.Rejected:
						if outcome != passes.Crashed {
							outcome = passes.Rejected
						}
					case passes.Failed:
						if outcome == passes.Accepted {
							outcome = passes.Failed
						}
					}
					switch r.Outcome {
					case passes.Rejected, passes.Crashed, passes.Corrupted:
						fmt.Fprintf(stdout, "%s %v\n", strings.ToUpper(r.Outcome.String()), r)
						if verbose && r.Before != "" {
							fmt.Fprintf(stdout, "--- before %s:\n%s--- after:\n%s", r.Pass, r.Before, r.After)
						}
					case passes.Failed:
						if verbose {
							fmt.Fprintf(stdout, "declined %v\n", r)
						}
					}
				}
				switch outcome {
				case passes.Accepted:
					accepted++
				case passes.Rejected:
					rejected++
				case passes.Crashed:
					crashed++
				case passes.Failed:
					unsupported++
				}
			}
			if generics := genericsWithoutInstance(prog); len(generics) > 0 {
				if verbose {
					for _, name := range generics {
						fmt.Fprintf(stdout, "not checked: %s, generic without an instance\n", name)
					}
				}
				fmt.Fprintf(stdout, "generic: %d functions without an instance not checked (go/ssa builds the instances code uses)\n", len(generics))
			}
			fmt.Fprintf(stdout, "checked %d functions: %d accepted, %d rejected, %d unsupported, %d crashed\n",
				accepted+rejected+unsupported+crashed, accepted, rejected, unsupported, crashed)
			if rejected > 0 || crashed > 0 {
				return exitFailure
			}
			return exitOK
		},
	})
}

func passNames() string { return strings.Join(passes.Names(), ", ") }
