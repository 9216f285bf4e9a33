// This file folds an address computed into a register into the memory
// operands that read it, as amd64's addressing modes allow: s[8:] moves
// the pointer by a constant (slices.go, once decideSelects knows the
// slice is not empty), and word(s[8:]) then loads from that pointer;
// the load takes 8(BX) itself, as gc's does, instead of a LEAQ into a
// register first. utf8.ValidString reads s, s[8:], s[16:] and s[24:] in
// its hot loop.

package native

// foldLeas rewrites the memory operands whose base is the result of an
// OpLea into that OpLea's address plus their own displacement, where
// the two make one address (at most one index between them, the
// displacement within 32 bits), and only when every read of the OpLea's
// result folds, so that it goes (removeDead) rather than staying live
// beside its base.
func foldLeas(m *Func) {
	def := definitions(m)
	lea := func(v Value) *Instr {
		if v == NoValue {
			return nil
		}
		d := def[v].instr
		if d == nil || d.Op != OpLea || d.Mem.Sym != "" || d.Mem.Local != 0 || d.Mem.Base == NoValue {
			return nil
		}
		return d
	}
	// folded returns the address in's operand has with the OpLea d of
	// its base folded in.
	folded := func(in, d *Instr) (Mem, bool) {
		mem := in.Mem
		if mem.Sym != "" || mem.Local != 0 || mem.Index == mem.Base {
			return mem, false
		}
		disp := mem.Disp + d.Mem.Disp
		if disp != int64(int32(disp)) {
			return mem, false
		}
		switch {
		case mem.Index == NoValue:
			return Mem{Base: d.Mem.Base, Index: d.Mem.Index, Scale: d.Mem.Scale, Disp: disp}, true
		case d.Mem.Index == NoValue:
			// The extent was an offset from the old base; from the new
			// one it is not known.
			return Mem{Base: d.Mem.Base, Index: mem.Index, Scale: mem.Scale, Disp: disp}, true
		}
		return mem, false
	}
	foldAddressOperands(m, func(mem Mem) Value { return mem.Base }, lea, folded)
}

// foldAddressOperands rewrites every memory operand whose register
// operand(mem) is defined by an address lea recognises into the address
// folded gives, but only where every read of that register folds so,
// so that its definition goes (removeDead) rather than staying live
// beside the registers it was made from. foldLeas folds bases,
// foldIndexLeas indexes.
func foldAddressOperands(m *Func, operand func(Mem) Value, lea func(Value) *Instr, folded func(in, d *Instr) (Mem, bool)) {
	reads := readCounts(m)
	foldable := map[Value]int{}
	for _, b := range m.Blocks {
		for _, in := range b.Instrs {
			if !in.hasMem() {
				continue
			}
			if d := lea(operand(in.Mem)); d != nil {
				if _, ok := folded(in, d); ok {
					foldable[operand(in.Mem)]++
				}
			}
		}
	}
	for _, b := range m.Blocks {
		for _, in := range b.Instrs {
			if !in.hasMem() {
				continue
			}
			v := operand(in.Mem)
			d := lea(v)
			if d == nil || foldable[v] != reads[v] {
				continue
			}
			mem, ok := folded(in, d)
			if !ok {
				continue
			}
			// The address registers are the last operands.
			k := len(in.Args) - len(in.Mem.args())
			in.Mem = mem
			in.Args = append(in.Args[:k:k], mem.args()...)
		}
	}
}
