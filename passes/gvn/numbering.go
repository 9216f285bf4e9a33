// This file numbers the values of a function (see doc.go).

package gvn

import (
	"go/constant"
	"go/types"
	"math"

	"github.com/vssa-go/vssa/ir"
)

// top is the number of a register not yet reached: every number may
// still be its (the optimistic assumption).
const top ir.Reg = -2

// maxKeyArgs is the most operands a key holds; an instruction with
// more is numbered only by its own result (few are: calls, phis of
// large joins). Five makes a key 40 bytes without padding.
const maxKeyArgs = 5

// static is the part of an instruction's key that does not change from
// round to round: its kind and attributes, with its symbol as a small
// integer. Keys are plain memory without padding, which Go's maps hash
// as one block.
type static struct {
	attrs uint64 // see attrsOf; bits 40-47: which result
	field int32
	sym   int32
}

// attrsOf packs an instruction's kind, flags, call mode and numbers of
// results and operands, a byte each.
func attrsOf(op ir.Op, flags ir.Flags, mode ir.CallMode, nDsts, nArgs int) uint64 {
	return uint64(op) | uint64(flags)<<8 | uint64(mode)<<16 | uint64(uint8(nDsts))<<24 | uint64(uint8(nArgs))<<32
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

// bigUint flags, in a constant's key, a value above the int64s held as
// its uint64 bits.
const bigUint = 1

// hashString hashes string constants into their keys (see constKey);
// a variable, so that tests can make strings collide.
var hashString = stringHash

// stringHash mixes s eight bytes at a time. It is the same in every
// process (hash/maphash's seeds are random), so that where two strings
// collide, and the second keeps a number of its own, every run numbers
// alike.
func stringHash(s string) uint64 {
	h := uint64(len(s)) * 0x9e3779b97f4a7c15
	for ; len(s) >= 8; s = s[8:] {
		w := uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24 |
			uint64(s[4])<<32 | uint64(s[5])<<40 | uint64(s[6])<<48 | uint64(s[7])<<56
		h = (h ^ w) * 0xbf58476d1ce4e5b9
		h ^= h >> 29
	}
	for i := 0; i < len(s); i++ {
		h = (h ^ uint64(s[i])) * 0x94d049bb133111eb
	}
	return h ^ h>>31
}

// constKey is the key of a constant v of type t: a const's kind with
// the value's kind; t's typeHash in the operands, which a const has
// none of; and the value in field and sym, as bits where they hold it
// (integers of 64 bits, exact float64s, booleans), else by an id in
// extra (its exact string). A string's is its length in extra and a
// hash of its bytes in field and sym, so hashed reports that equal
// keys may hold different strings (see constNumber). The type is
// compared apart, as for other keys: the hash only spares comparing
// types that differ (constants of one value have many: nil of every
// pointer type, 0 of every integer type).
func (n *numbering) constKey(v constant.Value, t types.Type) (k key, hashed bool) {
	k = key{static: static{attrs: attrsOf(ir.OpConst, 0, 0, 1, 0)}, extra: -1}
	h := n.typeHash(t)
	k.args[0], k.args[1] = ir.Reg(uint32(h)), ir.Reg(uint32(h>>32))
	if v == nil {
		return k, false
	}
	kind := v.Kind()
	k.attrs |= uint64(kind) << 48
	var i int64
	switch kind {
	case constant.Bool:
		if constant.BoolVal(v) {
			i = 1
		}
	case constant.String:
		s := constant.StringVal(v)
		i, k.extra, hashed = int64(hashString(s)), int32(uint32(len(s))), true
	case constant.Int:
		var exact bool
		if i, exact = constant.Int64Val(v); !exact {
			// Above the int64s, the uint64s (half of the random
			// 64-bit words of crypto tables) are bits too, told apart
			// by a flag; only larger ones need their decimal string.
			if u, ok := constant.Uint64Val(v); ok {
				i = int64(u)
				k.attrs |= bigUint << 56
			} else {
				k.extra = n.strID(v.ExactString())
			}
		}
	case constant.Float:
		// Equal exact float64s have equal bits (a constant has no -0).
		if x, exact := constant.Float64Val(v); exact {
			i = int64(math.Float64bits(x))
		} else {
			k.extra = n.strID(v.ExactString())
		}
	default:
		k.extra = n.strID(v.ExactString())
	}
	k.field, k.sym = int32(uint32(i)), int32(uint32(uint64(i)>>32))
	return k, hashed
}

// typeHash is typeHash(t), remembered for the last type: a function's
// constants come in runs of one type.
func (n *numbering) typeHash(t types.Type) uint64 {
	if t != n.lastType || n.lastType == nil {
		n.lastType, n.lastHash = t, typeHash(t)
	}
	return n.lastHash
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
	gated       *gated // nil without gated instructions

	num []ir.Reg // register → its number (top until reached)
	// number → 1 + the index in values of the constant its class holds,
	// 0 for none: no pointers, cleared cheaply for each round.
	constOf []int32
	values  []constant.Value
	plans   []plan // by instruction place, when there are several rounds

	lastType types.Type // see typeHash
	lastHash uint64
}

// symID returns the id of a symbol, -1 for none.
func (n *numbering) symID(s string) int32 {
	if s == "" {
		return -1
	}
	return n.strID(s)
}

// strID returns the id of a string: symbols, string constants.
func (n *numbering) strID(s string) int32 {
	id, ok := n.s.strIDs[s]
	if !ok {
		id = int32(len(n.s.strIDs))
		n.s.strIDs[s] = id
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
	p.static = static{attrs: attrsOf(in.Op, in.Flags, in.CallMode, len(dsts), len(in.Args())), field: in.Field, sym: n.symID(in.Sym())}
	return p
}

// maxRounds bounds the iteration; Simpson's algorithm needs the loop
// nesting depth plus two rounds, so this is never reached in practice,
// and a function that would need more is left as it is.
const maxRounds = 100

// number numbers f's registers in rounds over rpo, the memory versions
// computed; it returns false when the iteration did not settle within
// maxRounds.
func (n *numbering) number(rpo []*ir.Block) bool {
	n.start()
	// Without a retreating edge every operand is numbered before its
	// use, so one round is final; else each round reads the plans the
	// first made.
	once := n.pessimistic || !n.mem.cyclic
	if !once {
		n.plans = sized(&n.s.plans, len(n.mem.ver))
	}
	for round := 0; round < maxRounds; round++ {
		if round > 0 {
			n.s.table.size(n.f, n.f.NumRegs())
			clear(n.constOf)
			clear(n.values)
			n.values = n.values[:0]
		}
		changed := false
		for _, b := range rpo {
			changed = n.numberBlock(b) || changed
		}
		if !changed || once {
			n.finish()
			return true
		}
	}
	return false
}

// start gives every register top but the parameters and free
// variables, which number themselves, and empties the table.
func (n *numbering) start() {
	f := n.f
	nr := f.NumRegs()
	n.num = make([]ir.Reg, nr)
	n.constOf = sized(&n.s.constOf, nr)
	n.values = n.s.values[:0]
	for i := range n.num {
		n.num[i] = top
	}
	for _, vs := range [2][]ir.Reg{f.Params, f.FreeVars} {
		for _, v := range vs {
			n.num[v] = v
		}
	}
	n.s.table.size(f, nr)
}

// numberBlock numbers b's phis and instructions, and reports whether a
// number changed.
func (n *numbering) numberBlock(b *ir.Block) bool {
	changed := false
	for _, phi := range b.Phis {
		changed = n.set(phi.Dst(), n.phiNumber(b, phi)) || changed
	}
	off := n.mem.offset[b.Index]
	for k, in := range b.Instrs {
		for j, d := range in.Dsts() {
			changed = n.set(d, n.instrNumber(off+k, in, j)) || changed
		}
	}
	return changed
}

// finish numbers a register defined nowhere by itself.
func (n *numbering) finish() {
	for r, v := range n.num {
		if v == top {
			n.num[r] = ir.Reg(r)
		}
	}
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
	k := key{static: static{attrs: attrsOf(phi.Op, 0, 0, 1, len(args)), sym: -1}, extra: int32(b.Index)}
	if phi.Op == ir.OpGamma {
		id, ok := n.gatesID(phi)
		if !ok {
			return d
		}
		k.sym = id
		if n.gated.across[d] {
			k.extra = -1 // gated value numbering: any join's (gated.go)
		}
	}
	for i, a := range args {
		k.args[i] = n.num[a]
	}
	return n.s.table.lookup(&k, d, d)
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
	k.attrs |= uint64(uint8(j)) << 40
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
	return n.s.table.lookup(&k, in.Dsts()[0], d)
}

// constNumber numbers d, which holds the constant v.
func (n *numbering) constNumber(d ir.Reg, v constant.Value) ir.Reg {
	k, hashed := n.constKey(v, n.f.TypeOf(d))
	num := n.s.table.lookup(&k, d, d)
	if hashed && num != d && constant.StringVal(n.constant(num)) != constant.StringVal(v) {
		return d // two strings of one length and hash: d numbers itself
	}
	if n.constOf[num] == 0 {
		n.values = append(n.values, v)
		n.constOf[num] = int32(len(n.values))
	}
	return num
}

// constant is the constant the class of number num holds, or nil.
func (n *numbering) constant(num ir.Reg) constant.Value {
	if i := n.constOf[num]; i > 0 {
		return n.values[i-1]
	}
	return nil
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
		if v == top || n.constant(v) == nil { // Fold knows no nil constant's type
			return nil, false
		}
		vals[i], typs[i] = n.constant(v), n.f.TypeOf(a)
	}
	return ir.Fold(in.Op, n.f.TypeOf(in.Dst()), typs[:len(args)], vals[:len(args)])
}
