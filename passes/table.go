// This file is the pass table and the ordering rules between passes.

package passes

import (
	"fmt"
	"strings"

	"github.com/vssa-go/vssa/ir"
	"github.com/vssa-go/vssa/passes/mem2reg"
	"github.com/vssa-go/vssa/passes/normalize"
	"github.com/vssa-go/vssa/passes/outofssa"
	"github.com/vssa-go/vssa/validate"
)

// Pass is one transformation with its validator.
type Pass struct {
	Name     string
	Doc      string
	In, Out  ir.Discipline
	Run      func(*ir.Func) (*ir.Func, any, error)
	Validate func(before, after *ir.Func, hints any) error
}

// Table lists every pass.
var Table = []*Pass{
	{
		Name: "normalize", Doc: "remove unreachable blocks, split edges into joins", In: ir.RTL, Out: ir.RTL,
		Run: func(f *ir.Func) (*ir.Func, any, error) { return normalize.Run(f) },
		Validate: func(b, a *ir.Func, h any) error {
			return validate.Normalize(b, a, h.(*validate.NormalizeHints))
		},
	},
	{
		Name: "mem2reg", Doc: "promote variables to registers, SSA form by Cytron et al.", In: ir.RTL, Out: ir.SSA,
		Run:      func(f *ir.Func) (*ir.Func, any, error) { return mem2reg.Run(f) },
		Validate: func(b, a *ir.Func, h any) error { return validate.Mem2Reg(b, a, h.(*validate.Mem2RegHints)) },
	},
	{
		Name: "mem2reg-braun", Doc: "promote variables to registers, SSA form by Braun et al.", In: ir.RTL, Out: ir.SSA,
		Run:      func(f *ir.Func) (*ir.Func, any, error) { return mem2reg.RunBraun(f) },
		Validate: func(b, a *ir.Func, h any) error { return validate.Mem2Reg(b, a, h.(*validate.Mem2RegHints)) },
	},
	{
		Name: "outofssa", Doc: "replace phis by copies on incoming edges", In: ir.SSA, Out: ir.RTL,
		Run:      func(f *ir.Func) (*ir.Func, any, error) { return outofssa.Run(f) },
		Validate: func(b, a *ir.Func, h any) error { return validate.OutOfSSA(b, a, h.(*validate.OutOfSSAHints)) },
	},
}

// Rule is an ordering constraint between passes, with its reason.
type Rule struct {
	Pass   string // the constrained pass
	Before string // a pass that must run before it
	Auto   bool   // insert Before automatically if missing
	Why    string
}

// Rules are the ordering constraints. A test checks them against the
// passes' disciplines.
var Rules = []Rule{
	{"mem2reg", "normalize", true, "SSA form needs a normalised CFG (edges into joins leave jumps)"},
	{"mem2reg-braun", "normalize", true, "SSA form needs a normalised CFG (edges into joins leave jumps)"},
	{"outofssa", "mem2reg|mem2reg-braun", false, "outofssa takes SSA form"},
}

// Lookup returns the pass named name, or nil.
func Lookup(name string) *Pass {
	for _, p := range Table {
		if p.Name == name {
			return p
		}
	}
	return nil
}

// Pipeline parses a comma-separated pass list, inserting the passes that
// must run first (normalize before mem2reg) and checking the others.
func Pipeline(list string) ([]*Pass, error) {
	var out []*Pass
	if strings.TrimSpace(list) == "" {
		return nil, nil
	}
	ran := map[string]bool{}
	for _, name := range strings.Split(list, ",") {
		name = strings.TrimSpace(name)
		p := Lookup(name)
		if p == nil {
			return nil, fmt.Errorf("unknown pass %q (passes: %s)", name, names())
		}
		for _, r := range Rules {
			if r.Pass != name {
				continue
			}
			ok := false
			for _, alt := range strings.Split(r.Before, "|") {
				ok = ok || ran[alt]
			}
			if ok {
				continue
			}
			if !r.Auto {
				return nil, fmt.Errorf("pass %s needs %s before it: %s", name, strings.ReplaceAll(r.Before, "|", " or "), r.Why)
			}
			out = append(out, Lookup(r.Before))
			ran[r.Before] = true
		}
		out = append(out, p)
		ran[name] = true
	}
	return out, nil
}

func names() string {
	var ns []string
	for _, p := range Table {
		ns = append(ns, p.Name)
	}
	return strings.Join(ns, ", ")
}
