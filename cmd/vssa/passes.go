package main

import (
	"fmt"
	"io"

	"github.com/vssa-go/vssa/bridge"
	"github.com/vssa-go/vssa/ir"
	"github.com/vssa-go/vssa/passes"
)

// applyPasses runs a pass list on every function of a program, in place:
// each function is replaced by the result of the passes that were
// accepted. Rejections and crashes are reported on w if it is not nil
// (they do not stop anything: the function keeps its input). It returns
// an error for a bad pass list (callers check it first) and for a pass
// that changed its input, which leaves the program unfit to use. It
// also returns the names of the functions in each discipline after the
// passes (the bridge's functions are in RTL; each accepted pass leaves
// its function in the discipline it gives).
func applyPasses(prog *bridge.Program, list string, w io.Writer) (map[ir.Discipline][]string, error) {
	pipeline, err := passes.Pipeline(list)
	if err != nil {
		return nil, err
	}
	forms := map[ir.Discipline][]string{}
	m := &passes.Manager{Pipeline: pipeline}
	for _, f := range prog.Module.Funcs {
		if len(pipeline) == 0 {
			forms[ir.RTL] = append(forms[ir.RTL], f.Name)
			continue
		}
		g, reports := m.Run(f)
		form := ir.RTL
		for i, r := range reports {
			if w != nil && (r.Outcome == passes.Rejected || r.Outcome == passes.Crashed) {
				fmt.Fprintf(w, "vssa: %v\n", r)
			}
			if r.Outcome == passes.Corrupted {
				return nil, fmt.Errorf("internal error: %v", r)
			}
			if r.Outcome == passes.Accepted || r.Outcome == passes.Unchecked {
				form, _ = pipeline[i].Takes(form) // gvn gives GSA form back
			}
		}
		forms[form] = append(forms[form], f.Name)
		if g != f {
			prog.Module.Add(g)
		}
	}
	return forms, nil
}

// passesPipeline checks a pass list.
func passesPipeline(list string) ([]*passes.Pass, error) { return passes.Pipeline(list) }
