package main

import (
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/vssa-go/vssa/ir"
)

func init() {
	var discipline string
	var showDom bool
	register(&command{
		name:  "ir",
		usage: "[-discipline=rtl|ssa|none] [-dom] FILE.vssa...",
		short: "parse, check and print IR text files",
		long: `Ir parses each file in vssa's IR text format, checks every function's
well-formedness in the chosen discipline (by default the one the
module's "discipline" line declares, as vssa dump writes it, else ssa),
and prints the module in canonical form. With -dom it also prints, per function, the immediate
dominator, dominance frontier and live-in registers of each block.

Errors are printed as FILE:LINE:COL (parse errors) or
FUNCTION: BLOCK: INSTRUCTION: MESSAGE [RULE] (well-formedness).
The exit status is 1 if any file fails to parse or check.`,
		flags: func(fs *flag.FlagSet) {
			fs.StringVar(&discipline, "discipline", "", "well-formedness rules: rtl, ssa, gsa, or none to skip the check (default: the module's declared discipline, else ssa)")
			fs.BoolVar(&showDom, "dom", false, "also print dominators, frontiers and liveness")
		},
		run: func(fs *flag.FlagSet, args []string, stdout, stderr io.Writer) int {
			var d ir.Discipline
			switch discipline {
			case "rtl":
				d = ir.RTL
			case "ssa":
				d = ir.SSA
			case "gsa":
				d = ir.GSA
			case "none", "":
			default:
				fmt.Fprintf(stderr, "vssa ir: -discipline must be rtl, ssa, gsa or none, not %q\n", discipline)
				return exitUsage
			}
			if len(args) == 0 {
				return badUsage(stderr, "ir", "no files given")
			}
			status := exitOK
			for _, file := range args {
				src, err := os.ReadFile(file)
				if err != nil {
					fmt.Fprintf(stderr, "vssa ir: %v\n", err)
					status = exitFailure
					continue
				}
				m, err := ir.Parse(file, string(src))
				if err != nil {
					fmt.Fprintln(stderr, err)
					status = exitFailure
					continue
				}
				if discipline != "none" {
					d := d
					if discipline == "" {
						d = ir.SSA
						if m.DisciplineSet {
							d = m.Discipline
						}
					}
					for _, f := range m.Funcs {
						if err := ir.Check(f, d); err != nil {
							for _, e := range err.(ir.CheckErrors) {
								fmt.Fprintf(stderr, "%s: %v\n", file, e)
							}
							status = exitFailure
						}
					}
				}
				fmt.Fprint(stdout, m.String())
				if showDom {
					for _, f := range m.Funcs {
						printAnalyses(stdout, f)
					}
				}
			}
			return status
		},
	})
}

// printAnalyses prints the CFG analyses of f, one line per block.
func printAnalyses(w io.Writer, f *ir.Func) {
	fmt.Fprintf(w, "\n// analyses of %s\n", f.Name)
	dom := f.Dom()
	df := dom.Frontiers(f.Graph())
	live := f.Liveness()
	for _, b := range f.Blocks {
		idom := "-"
		if d := dom.Idom(b.Index); d >= 0 {
			idom = fmt.Sprintf("b%d", d)
		}
		fmt.Fprintf(w, "// b%d: idom %s, frontier %s, live-in %s\n", b.Index, idom, blockList(df[b.Index]), regList(live.In(b.Index)))
	}
}

func blockList(bs []int) string {
	s := "{"
	for i, b := range bs {
		if i > 0 {
			s += " "
		}
		s += fmt.Sprintf("b%d", b)
	}
	return s + "}"
}

func regList(set interface{ ForEach(func(int)) }) string {
	s := "{"
	first := true
	set.ForEach(func(r int) {
		if !first {
			s += " "
		}
		first = false
		s += ir.Reg(r).String()
	})
	return s + "}"
}
