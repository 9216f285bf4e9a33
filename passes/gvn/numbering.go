// This file numbers the values of a function (see doc.go).

package gvn

import (
	"go/constant"
	"go/types"

	"github.com/vssa-go/vssa/ir"
)

// top is the number of a register not yet reached: every number may
// still be its (the optimistic assumption).
const top ir.Reg = -2

// maxKeyArgs is the most operands a key holds; an instruction with
// more is numbered only by its own result (few are: calls, phis of
// large joins).
const maxKeyArgs = 4

// static is the part of an instruction's key that does not change from
// round to round: its kind and attributes, with its symbol as a small
// integer, so that a key is plain memory, cheap to hash.
type static struct {
	op    ir.Op
	flags ir.Flags
	mode  ir.CallMode
	dst   int8 // which result
	nDsts int8
	nArgs int8
	field int32
	sym   int32
}

// key is what a numbered result is a function of, but for its type:
// results of one key whose types are identical have one number (the
// types are compared apart, see lookup, since identical types need not
// be one types.Type).
type key struct {
	static
	extra int32 // phis: their block; memory reads: the version they see
	args  [maxKeyArgs]ir.Reg
}

// constKey is the key of a constant but for its type: small integers
// and booleans are held in i, strings in s, other values as their exact
// string in s, so that the common ones need no formatting.
type constKey struct {
	kind constant.Kind
	i    int64
	s    string
}

// constKeyOf returns the key of the constant v (nil: the zero value).
func constKeyOf(v constant.Value) constKey {
	var k constKey
	if v == nil {
		return k
	}
	k.kind = v.Kind()
	switch k.kind {
	case constant.Bool:
		if constant.BoolVal(v) {
			k.i = 1
		}
		return k
	case constant.String:
		k.s = constant.StringVal(v)
		return k
	case constant.Int:
		if i, exact := constant.Int64Val(v); exact {
			k.i = i
			return k
		}
	}
	k.i, k.s = 1, v.ExactString() // i tells it from a string or zero
	return k
}

// entry is one number of a key, for results of one type: the entries
// of a key are chained, since results of different types may share one
// (conversions of one value to different types).
type entry struct {
	typ  types.Type
	num  ir.Reg
	next int32 // the key's next entry, or -1
}

// How an instruction is numbered (plan.how).
const (
	unplanned uint8 = iota
	byOwn           // its results are numbered by themselves
	byCopy          // its operand's number
	byConst         // its constant's
	byKey           // its key's
	byMemKey        // its key's, with the memory version it sees
	byFold          // the constant ir.Fold makes of it, else its key's
)

// plan is what the numbering works out once about an instruction.
type plan struct {
	how uint8
	static
}

// numbering is the state of one numbering of f.
type numbering struct {
	f           *ir.Func
	mem         *memory
	pessimistic bool
	s           *scratch

	num    []ir.Reg         // register → its number (top until reached)
	consts []constant.Value // number → the constant its class holds, if any
	plans  []plan           // by instruction place, when there are several rounds
}

func (n *numbering) symID(s string) int32 {
	if s == "" {
		return -1
	}
	id, ok := n.s.symIDs[s]
	if !ok {
		id = int32(len(n.s.symIDs))
		n.s.symIDs[s] = id
	}
	return id
}

// planOf works out how in, the instruction at place pos, is numbered,
// or reads what an earlier round worked out.
func (n *numbering) planOf(pos int, in *ir.Instr) plan {
	if n.plans == nil {
		return n.makePlan(in)
	}
	if n.plans[pos].how == unplanned {
		n.plans[pos] = n.makePlan(in)
	}
	return n.plans[pos]
}

func (n *numbering) makePlan(in *ir.Instr) plan {
	f := n.f
	dsts := in.Dsts()
	if len(dsts) == 0 {
		return plan{how: byOwn}
	}
	if in.Op == ir.OpCopy {
		return plan{how: byCopy}
	}
	var p plan
	switch f.ValueKind(in) {
	case ir.ValueConst:
		return plan{how: byConst}
	case ir.ValuePure:
		p.how = byKey
		if len(dsts) == 1 && len(in.Args()) <= 2 {
			p.how = byFold
		}
	case ir.ValueMemory:
		p.how = byMemKey
	default:
		return plan{how: byOwn}
	}
	if len(in.Args()) > maxKeyArgs {
		return plan{how: byOwn}
	}
	p.static = static{op: in.Op, flags: in.Flags, mode: in.CallMode, nDsts: int8(len(dsts)), nArgs: int8(len(in.Args())),
		field: in.Field, sym: n.symID(in.Sym())}
	return p
}

// maxRounds bounds the iteration; Simpson's algorithm needs the loop
// nesting depth plus two rounds, so this is never reached in practice,
// and a function that would need more is left as it is.
const maxRounds = 100

// number numbers f's registers; it returns false when the iteration
// did not settle within maxRounds.
func (n *numbering) number(rpo []*ir.Block) bool {
	f := n.f
	nr := f.NumRegs()
	n.num = make([]ir.Reg, nr)
	n.consts = sized(&n.s.consts, nr)
	for i := range n.num {
		n.num[i] = top
	}
	for _, vs := range [2][]ir.Reg{f.Params, f.FreeVars} {
		for _, v := range vs {
			n.num[v] = v
		}
	}
	// Without a retreating edge every operand is numbered before its
	// use, so one round is final; else each round reads the plans the
	// first made.
	once := n.pessimistic || !n.mem.cyclic
	if !once {
		n.plans = sized(&n.s.plans, len(n.mem.ver))
	}
	for round := 0; round < maxRounds; round++ {
		clear(n.s.keys)
		clear(n.s.ckeys)
		clear(n.consts)
		n.s.entries = n.s.entries[:0]
		changed := false
		for _, b := range rpo {
			for _, phi := range b.Phis {
				changed = n.set(phi.Dst(), n.phiNumber(b, phi)) || changed
			}
			off := n.mem.offset[b.Index]
			for k, in := range b.Instrs {
				for j, d := range in.Dsts() {
					changed = n.set(d, n.instrNumber(off+k, in, j)) || changed
				}
			}
		}
		if !changed || once {
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
	k := key{static: static{op: ir.OpPhi, nArgs: int8(len(args)), sym: -1}, extra: int32(b.Index)}
	for i, a := range args {
		k.args[i] = n.num[a]
	}
	return n.lookup(k, n.f.TypeOf(d), d)
}

// instrNumber numbers result j of in, the instruction at place pos.
func (n *numbering) instrNumber(pos int, in *ir.Instr, j int) ir.Reg {
	p := n.planOf(pos, in)
	d := in.Dsts()[j]
	switch p.how {
	case byOwn:
		return d
	case byCopy:
		return n.num[in.Args()[0]]
	case byConst:
		return n.constNumber(d, n.f.ConstValue(in))
	case byFold:
		if v, ok := n.fold(in); ok {
			return n.constNumber(d, v)
		}
	}
	k := key{static: p.static, extra: -1}
	k.dst = int8(j)
	if p.how == byMemKey {
		k.extra = n.mem.ver[pos]
	}
	for i, a := range in.Args() {
		k.args[i] = ir.NoReg
		if a != ir.NoReg {
			k.args[i] = n.num[a]
		}
	}
	if n.f.Commutes(in) && k.args[1] < k.args[0] {
		k.args[0], k.args[1] = k.args[1], k.args[0]
	}
	return n.lookup(k, n.f.TypeOf(in.Dsts()[0]), d)
}

// lookup returns the number of d, whose key is k and whose
// instruction's first result has type t: that of an earlier result of
// key k and an identical type, else d.
func (n *numbering) lookup(k key, t types.Type, d ir.Reg) ir.Reg {
	head, ok := n.s.keys[k]
	if num, found := n.find(head, ok, t); found {
		return num
	}
	n.s.keys[k] = n.chain(head, ok, t, d)
	return d
}

// constNumber numbers d, which holds the constant v.
func (n *numbering) constNumber(d ir.Reg, v constant.Value) ir.Reg {
	k := constKeyOf(v)
	t := n.f.TypeOf(d)
	head, ok := n.s.ckeys[k]
	num, found := n.find(head, ok, t)
	if !found {
		n.s.ckeys[k] = n.chain(head, ok, t, d)
		num = d
	}
	n.consts[num] = v
	return num
}

// find looks for an entry of type t in the chain from head (if ok).
func (n *numbering) find(head int32, ok bool, t types.Type) (ir.Reg, bool) {
	if !ok {
		return 0, false
	}
	for e := head; e >= 0; e = n.s.entries[e].next {
		if types.Identical(n.s.entries[e].typ, t) {
			return n.s.entries[e].num, true
		}
	}
	return 0, false
}

// chain adds an entry for d of type t in front of the chain from head
// (if ok), and returns it.
func (n *numbering) chain(head int32, ok bool, t types.Type, d ir.Reg) int32 {
	if !ok {
		head = -1
	}
	n.s.entries = append(n.s.entries, entry{t, d, head})
	return int32(len(n.s.entries) - 1)
}

// fold evaluates in if its operands' numbers hold constants.
func (n *numbering) fold(in *ir.Instr) (constant.Value, bool) {
	args := in.Args()
	if len(args) == 0 {
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
