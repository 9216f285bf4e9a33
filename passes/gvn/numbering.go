// This file numbers the values of a function (see doc.go).

package gvn

import (
	"go/constant"
	"go/types"

	"golang.org/x/tools/go/types/typeutil"

	"github.com/vssa-go/vssa/ir"
)

// top is the number of a register not yet reached: every number may
// still be its (the optimistic assumption).
const top ir.Reg = -2

// maxKeyArgs is the most operands a key holds; an instruction with
// more is numbered only by its own result (few are: calls, phis of
// large joins).
const maxKeyArgs = 4

// key is what a numbered result is a function of.
type key struct {
	op    ir.Op
	flags ir.Flags
	mode  ir.CallMode
	dst   int8 // which result
	nDsts int8
	nArgs int8
	field int32
	block int32 // phis: their block
	mem   int32 // memory reads: the version they see
	sym   string
	typ   types.Type // the first result's type
	args  [maxKeyArgs]ir.Reg
}

// constKey is the key of a constant: its type and value.
type constKey struct {
	typ  types.Type
	kind constant.Kind
	val  string
}

// numbering is the state of one numbering of f.
type numbering struct {
	f           *ir.Func
	mem         *memory
	pessimistic bool

	num    []ir.Reg         // register → its number (top until reached)
	consts []constant.Value // number → the constant its class holds, if any
	keys   map[key]ir.Reg
	ckeys  map[constKey]ir.Reg
	types  typeutil.Map              // identical types → one of them
	canons map[types.Type]types.Type // the same, for types seen before
}

// canon returns one type for all types identical to t, so that keys
// can compare types with ==.
func (n *numbering) canon(t types.Type) types.Type {
	if c, ok := n.canons[t]; ok {
		return c
	}
	c := t
	if u := n.types.At(t); u != nil {
		c = u.(types.Type)
	} else {
		n.types.Set(t, t)
	}
	if n.canons == nil {
		n.canons = map[types.Type]types.Type{}
	}
	n.canons[t] = c
	return c
}

// maxRounds bounds the iteration; Simpson's algorithm needs the loop
// nesting depth plus two rounds, so this is never reached in practice,
// and a function that would need more is left as it is.
const maxRounds = 100

// number numbers f's registers; it returns false when the iteration
// did not settle within maxRounds.
func (n *numbering) number(rpo []*ir.Block) bool {
	f := n.f
	n.num = make([]ir.Reg, f.NumRegs())
	n.consts = make([]constant.Value, f.NumRegs())
	for i := range n.num {
		n.num[i] = top
	}
	for _, vs := range [2][]ir.Reg{f.Params, f.FreeVars} {
		for _, v := range vs {
			n.num[v] = v
		}
	}
	n.keys, n.ckeys = map[key]ir.Reg{}, map[constKey]ir.Reg{}
	for round := 0; round < maxRounds; round++ {
		clear(n.keys)
		clear(n.ckeys)
		clear(n.consts)
		changed := false
		for _, b := range rpo {
			for _, phi := range b.Phis {
				changed = n.set(phi.Dst(), n.phiNumber(b, phi)) || changed
			}
			for k, in := range b.Instrs {
				for j, d := range in.Dsts() {
					changed = n.set(d, n.instrNumber(b, k, in, j)) || changed
				}
			}
		}
		if !changed || n.pessimistic {
			for r, v := range n.num {
				if v == top { // defined nowhere
					n.num[r] = ir.Reg(r)
				}
			}
			return true
		}
	}
	return false
}

func (n *numbering) set(d, v ir.Reg) bool {
	old := n.num[d]
	n.num[d] = v
	return old != v
}

// phiNumber numbers a phi: its arguments' number if they all have one
// (ignoring those not reached yet, optimistically), else its key's.
func (n *numbering) phiNumber(b *ir.Block, phi *ir.Instr) ir.Reg {
	d := phi.Dst()
	same := top
	trivial := true
	for _, a := range phi.Args() {
		v := n.num[a]
		if v == top {
			if n.pessimistic {
				return d
			}
			continue
		}
		if same == top {
			same = v
		} else if v != same {
			trivial = false
		}
	}
	if trivial && same != top {
		return same
	}
	args := phi.Args()
	if len(args) > maxKeyArgs {
		return d
	}
	k := key{op: ir.OpPhi, block: int32(b.Index), nArgs: int8(len(args)), typ: n.canon(n.f.TypeOf(d))}
	for i, a := range args {
		k.args[i] = n.num[a]
	}
	return n.lookup(k, d)
}

// instrNumber numbers result j of in, the k-th instruction of b.
func (n *numbering) instrNumber(b *ir.Block, k int, in *ir.Instr, j int) ir.Reg {
	d := in.Dsts()[j]
	f := n.f
	if in.Op == ir.OpCopy {
		return n.num[in.Args()[0]]
	}
	kind := f.ValueKind(in)
	switch kind {
	case ir.ValueConst:
		return n.constNumber(d, f.ConstValue(in))
	case ir.ValuePure:
		if v, ok := n.fold(in); ok {
			return n.constNumber(d, v)
		}
	case ir.ValueMemory:
	default:
		return d
	}
	args := in.Args()
	if len(args) > maxKeyArgs {
		return d
	}
	kk := key{op: in.Op, flags: in.Flags, mode: in.CallMode, dst: int8(j), nDsts: int8(len(in.Dsts())), nArgs: int8(len(args)),
		field: in.Field, sym: in.Sym(), typ: n.canon(f.TypeOf(in.Dsts()[0])), mem: -1}
	if kind == ir.ValueMemory {
		kk.mem = n.mem.ver[n.mem.offset[b.Index]+k]
	}
	for i, a := range args {
		kk.args[i] = ir.NoReg
		if a != ir.NoReg {
			kk.args[i] = n.num[a]
		}
	}
	if f.Commutes(in) && kk.args[1] < kk.args[0] {
		kk.args[0], kk.args[1] = kk.args[1], kk.args[0]
	}
	return n.lookup(kk, d)
}

func (n *numbering) lookup(k key, d ir.Reg) ir.Reg {
	if v, ok := n.keys[k]; ok {
		return v
	}
	n.keys[k] = d
	return d
}

// constNumber numbers a constant v held by d.
func (n *numbering) constNumber(d ir.Reg, v constant.Value) ir.Reg {
	k := constKey{typ: n.canon(n.f.TypeOf(d))}
	if v != nil {
		k.kind, k.val = v.Kind(), v.ExactString()
	}
	num, ok := n.ckeys[k]
	if !ok {
		n.ckeys[k], num = d, d
	}
	n.consts[num] = v
	return num
}

// fold evaluates in if its operands' numbers hold constants.
func (n *numbering) fold(in *ir.Instr) (constant.Value, bool) {
	args := in.Args()
	if len(in.Dsts()) != 1 || len(args) == 0 || len(args) > 2 {
		return nil, false
	}
	var vals [2]constant.Value
	var typs [2]types.Type
	for i, a := range args {
		if a == ir.NoReg {
			return nil, false
		}
		v := n.num[a]
		if v == top || n.consts[v] == nil { // Fold knows no nil constant's type
			return nil, false
		}
		vals[i], typs[i] = n.consts[v], n.f.TypeOf(a)
	}
	return ir.Fold(in.Op, n.f.TypeOf(in.Dst()), typs[:len(args)], vals[:len(args)])
}
