// This file is vssa view: one function's IR after each pass, side by
// side, with its source and its Sea of Nodes graph, as an HTML page.

package main

import (
	"bytes"
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/vssa-go/vssa/bridge"
	"github.com/vssa-go/vssa/ir"
	"github.com/vssa-go/vssa/passes"
)

// viewDefaultPasses is the pipeline of issue 45's targets, so that a
// page shows every pass that moves or removes code.
const viewDefaultPasses = "mem2reg,gvn,checkelim,gcm,outofssa"

func init() {
	var passList, out string
	register(&command{
		name:  "view",
		usage: "[-passes=LIST] [-o FILE.html] PKG|FILE.go FUNC",
		short: "write an HTML page of a function's IR after each pass, and its graph",
		long: `View loads a package (or one .go file), finds FUNC (named as for
vssa dump), runs the passes of -passes on it one at a time through the
pass manager, each result checked by its validator, and writes an HTML
page, as gc's GOSSAFUNC writes ssa.html:

  - a column with the function's source lines, then one column per
    step: the IR as translated ("start"), then after each pass (passes
    the pipeline inserts, such as normalize, included). A pass that was
    rejected, failed or did not apply is shown with its reason, and the
    IR it was given.
  - Each instruction's position (file:line:col) links to its source
    line; clicking a source line number marks the instructions from it.
  - Clicking a value (rN) highlights it in every column and in the
    graph; clicking it again removes the highlight. Several values can
    be highlighted at once, each in its own colour.
  - The instructions a pass removes are struck through in the column
    before it (values defined before it and not after, and other
    instructions by kind and position); those it adds are marked in
    its own column, and those it moves to another block (gcm) say from
    where.
  - The Sea of Nodes graph (ir/son) of the last SSA-form step, drawn as
    SVG by a layered layout: data edges black, control and effect edges
    blue, anchors dotted, loop back edges dashed.

A large function's page opens fast: lines off the screen are laid out
when scrolled to, and the graph is drawn when its section is.

Without -o the page goes to a new file in the temporary directory,
whose name is printed; with -o FILE it goes to FILE, replacing it, and
-o - writes it to stdout. Open it in any browser; it needs no network.

Exit status: 0, or 1 if the package does not load, FUNC is not found
or the page cannot be written (a pass's rejection is shown on the
page and on stderr, and is not a failure).`,
		flags: func(fs *flag.FlagSet) {
			fs.StringVar(&passList, "passes", viewDefaultPasses, "comma-separated passes to show, in order ("+passNames()+")")
			fs.StringVar(&out, "o", "", "write the page to this file (replacing it; - for stdout) instead of a new temporary file")
		},
		run: func(fs *flag.FlagSet, args []string, stdout, stderr io.Writer) int {
			if len(args) != 2 {
				return badUsage(stderr, "view", "needs a package or .go file and a function")
			}
			pipeline, err := passesPipeline(passList)
			if err != nil {
				fmt.Fprintf(stderr, "vssa view: %v\n", err)
				return exitUsage
			}
			if err := missingGoFile(args[:1]); err != nil {
				fmt.Fprintf(stderr, "vssa view: %v\n", err)
				return exitFailure
			}
			prog, err := bridge.Load(bridge.Config{}, patternOf(args[0]))
			if err != nil {
				fmt.Fprintf(stderr, "vssa view: %v\n", err)
				return exitFailure
			}
			f := lookupFunc(prog, "view", args[1], stderr)
			if f == nil {
				return exitFailure
			}
			steps, err := viewSteps(f, pipeline)
			for _, s := range steps {
				if s.Problem {
					// At the function's position, as the go command
					// prefixes its errors.
					fmt.Fprintf(stderr, "%s: vssa view: %s\n", prog.Fset.Position(f.Pos), s.Note)
				}
			}
			if err != nil {
				fmt.Fprintf(stderr, "vssa view: %v\n", err)
				return exitFailure
			}
			var page bytes.Buffer
			writeViewPage(&page, prog.Fset, steps)
			return writeViewOutput(page.Bytes(), out, stdout, stderr)
		},
	})
}

// writeViewOutput writes the page where -o says: stdout for "-", the
// file named (replaced: the user named it), or a new temporary file,
// whose name it prints, so that no file is replaced unasked.
func writeViewOutput(page []byte, out string, stdout, stderr io.Writer) int {
	switch out {
	case "-":
		stdout.Write(page) // a write error is the caller's (checkedWriter)
		return exitOK
	case "":
		tmp, err := os.CreateTemp("", "vssa-view-*.html")
		if err != nil {
			fmt.Fprintf(stderr, "vssa view: %v\n", err)
			return exitFailure
		}
		_, err = tmp.Write(page)
		if cerr := tmp.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			fmt.Fprintf(stderr, "vssa view: %v\n", err)
			return exitFailure
		}
		fmt.Fprintln(stdout, tmp.Name())
		return exitOK
	}
	if err := os.WriteFile(out, page, 0o644); err != nil {
		fmt.Fprintf(stderr, "vssa view: %v\n", err)
		return exitFailure
	}
	return exitOK
}

// A viewStep is one column of the page: the function after a pass (or
// as translated).
type viewStep struct {
	Name    string   // "start" or the pass's name
	Func    *ir.Func // the function after the step (its input if the pass was refused)
	Form    ir.Discipline
	Note    string // the outcome, when the pass's result is not shown
	Problem bool   // the pass was rejected or crashed (said on stderr too)
}

// viewSteps runs pipeline on f one pass at a time, each through the
// pass manager (validated and checked), and returns f as given and
// after each pass. A refused pass leaves its input, and later passes
// take that. The manager's fallback keeps a refusal from stopping the
// others; only a pass that changed its input (Corrupted) ends the
// list, with an error: nothing after it can be trusted.
func viewSteps(f *ir.Func, pipeline []*passes.Pass) ([]viewStep, error) {
	steps := []viewStep{{Name: "start", Func: f, Form: ir.RTL}}
	cur, form := f, ir.RTL
	for _, p := range pipeline {
		m := &passes.Manager{Pipeline: []*passes.Pass{p}, In: form}
		out, reports := m.Run(cur)
		r := reports[0]
		step := viewStep{Name: p.Name, Func: cur, Form: form}
		switch r.Outcome {
		case passes.Accepted, passes.Unchecked:
			step.Func, step.Form = out, p.Out
		case passes.Corrupted:
			return steps, fmt.Errorf("internal error: %v", r)
		default:
			step.Note = r.String()
			step.Problem = r.Outcome == passes.Rejected || r.Outcome == passes.Crashed
		}
		steps = append(steps, step)
		cur, form = step.Func, step.Form
	}
	return steps, nil
}
