package main

import (
	"fmt"
	"io"

	"github.com/vssa-go/vssa/bridge"
	"github.com/vssa-go/vssa/passes"
)

// applyPasses runs a pass list on every function of a program, in place:
// each function is replaced by the result of the passes that were
// accepted. Rejections and crashes are reported on w if it is not nil
// (they do not stop anything: the function keeps its input). It returns
// an error for a bad pass list (callers check it first) and for a pass
// that changed its input, which leaves the program unfit to use.
func applyPasses(prog *bridge.Program, list string, w io.Writer) error {
	pipeline, err := passes.Pipeline(list)
	if err != nil || len(pipeline) == 0 {
		return err
	}
	m := &passes.Manager{Pipeline: pipeline}
	for _, f := range prog.Module.Funcs {
		g, reports := m.Run(f)
		for _, r := range reports {
			if w != nil && (r.Outcome == passes.Rejected || r.Outcome == passes.Crashed) {
				fmt.Fprintf(w, "vssa: %v\n", r)
			}
			if r.Outcome == passes.Corrupted {
				return fmt.Errorf("internal error: %v", r)
			}
		}
		if g != f {
			prog.Module.Add(g)
		}
	}
	return nil
}

// passesPipeline checks a pass list.
func passesPipeline(list string) ([]*passes.Pass, error) { return passes.Pipeline(list) }
