// This file gives a function's certificate the bounds of the integer
// results of the small functions of its package it calls
// (validate.ResultBound): gc inlines them and proves an index by a
// hash of h bits below the length of a table of 1 << h entries; the
// analysis does not inline, so it reads the bound the callee's IR gives
// at the call's constant arguments. They stay in the package: no fact
// carries them, so a dependency analysed for its facts derives none.

package vssair

import (
	"fmt"
	"go/types"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/vssa-go/vssa/bridge"
	"github.com/vssa-go/vssa/ir"
	"github.com/vssa-go/vssa/validate"
)

// Limits on the bounds' derivation: callees of at most maxBoundBlocks
// blocks (a hash, a mask, a switch over a few of them: gc inlines little more), and at most
// maxBoundSpecial sets of constant arguments per callee.
const (
	maxBoundBlocks  = 16
	maxBoundSpecial = 8
)

// resultBounds are a builder's derived bounds: per callee, per set of
// constant arguments (boundKey), and the callees under derivation (a
// recursive call derives nothing).
type resultBounds struct {
	byKey    map[string][]validate.ResultBound
	special  map[*ssa.Function]int
	deriving map[*ssa.Function]bool
}

// addBounds adds to calls the result bounds of the static calls in g,
// the SSA form of a function of prog, to small functions of the
// package, at their constant arguments.
func (b *builder) addBounds(prog *bridge.Program, g *ir.Func, calls *callees) {
	var rules *validate.FactRules
	added := map[string]bool{} // by boundKey: a call repeated adds nothing
	for bi, block := range g.Blocks {
		for _, in := range block.Instrs {
			if in.Op != ir.OpCall || in.CallMode != ir.CallStatic || len(in.Dsts()) == 0 {
				continue
			}
			callee := prog.SSAFunc(in.Sym())
			if !b.boundable(callee) {
				continue
			}
			if rules == nil {
				rules = validate.NewFactRules(g)
			}
			var args []validate.ConstArg
			for k, a := range in.CallArgs() {
				if v, ok := rules.Constant(a, bi); ok {
					args = append(args, validate.ConstArg{Param: k, Value: v})
				}
			}
			bounds := b.boundsOf(callee, args)
			key := boundKey(callee, args)
			if len(bounds) == 0 || added[key] {
				continue
			}
			added[key] = true
			con := calls.contracts[in.Sym()].WithResultBounds(bounds) // a copy: the book's is shared
			if calls.contracts == nil {
				calls.contracts, calls.fns = validate.Contracts{}, map[string]*ssa.Function{}
			}
			calls.contracts[in.Sym()], calls.fns[in.Sym()] = con, callee
		}
	}
}

// boundable reports whether fn is a small declared function of the
// package with an integer result.
func (b *builder) boundable(fn *ssa.Function) bool {
	if fn == nil || fn.Pkg != b.pkg || declared(fn) == nil || len(fn.Blocks) == 0 || len(fn.Blocks) > maxBoundBlocks {
		return false
	}
	for v := range fn.Signature.Results().Variables() {
		if t, ok := v.Type().Underlying().(*types.Basic); ok && t.Info()&types.IsInteger != 0 {
			return true
		}
	}
	return false
}

// boundsOf returns fn's result bounds at calls with the constant
// arguments args, derived once (those at every call, Args nil, once
// fn has maxBoundSpecial sets already).
func (b *builder) boundsOf(fn *ssa.Function, args []validate.ConstArg) []validate.ResultBound {
	rb := &b.bounds
	if rb.byKey == nil {
		rb.byKey, rb.special, rb.deriving = map[string][]validate.ResultBound{}, map[*ssa.Function]int{}, map[*ssa.Function]bool{}
	}
	key := boundKey(fn, args)
	if bounds, ok := rb.byKey[key]; ok {
		return bounds
	}
	if len(args) > 0 && rb.special[fn] >= maxBoundSpecial {
		return b.boundsOf(fn, nil)
	}
	if rb.deriving[fn] {
		return nil // a recursive call: not yet known
	}
	rb.deriving[fn] = true
	defer delete(rb.deriving, fn)
	b.translate([]*ssa.Function{fn})
	var bounds []validate.ResultBound
	if s := b.ssaFormOf(fn); s != nil {
		bounds = validate.DeriveResultBounds(s.g, s.calls.contracts, args)
	}
	rb.byKey[key] = bounds
	if len(args) > 0 {
		rb.special[fn]++
	}
	return bounds
}

// boundKey names fn with a set of constant arguments.
func boundKey(fn *ssa.Function, args []validate.ConstArg) string {
	var s strings.Builder
	fmt.Fprintf(&s, "%p", fn)
	for _, a := range args {
		fmt.Fprintf(&s, " %d=%d", a.Param, a.Value)
	}
	return s.String()
}
