// This file decides whether a compiled function's declaration may say
// //go:noescape: whether a pointer it returns could be one it was given
// (an argument's, or one reached through an argument), or whether it
// passes a pointer to a Go function, which may keep it (an interface's
// method, heapSort's data.Swap), or to a compiled function that may
// (markEscapes). A caller of a //go:noescape function may put what it
// passes on its stack, which such a pointer would outlive.

package native

// passesPointer notes that the code passes a pointer to the function
// of assembly name callee.
func (l *lowerer) passesPointer(callee string) {
	for _, c := range l.unit.Callees {
		if c.Name == callee {
			l.m.PointersTo = append(l.m.PointersTo, callee)
			return
		}
	}
	l.m.PointersToGo = true
}

// markEscapes sets Escapes of each of fns, compiled together, that
// passes a pointer to one that escapes, until none changes.
func markEscapes(fns []*Compiled) {
	escapes := map[string]bool{}
	for _, c := range fns {
		escapes[c.Name] = c.Escapes
	}
	for changed := true; changed; {
		changed = false
		for _, c := range fns {
			if c.Escapes {
				continue
			}
			for _, callee := range c.pointersTo {
				if escapes[callee] {
					c.Escapes, escapes[c.Name], changed = true, true, true
					break
				}
			}
		}
	}
}

// resultsEscape reports whether a pointer m returns may come from its
// arguments: every returned pointer must be nil, a static symbol's
// address, or loaded from a package-level variable, through phis, for
// the answer to be no.
func resultsEscape(m *Func) bool {
	def := definitions(m)
	phiArgs := map[Value][]Value{}
	for _, b := range m.Blocks {
		for _, p := range b.Phis {
			phiArgs[p.Dst] = p.Args
		}
	}
	seen := map[Value]bool{}
	var static func(v Value) bool
	static = func(v Value) bool {
		if seen[v] {
			return true // a cycle of phis adds nothing
		}
		seen[v] = true
		if args, ok := phiArgs[v]; ok {
			for _, a := range args {
				if !static(a) {
					return false
				}
			}
			return true
		}
		in := def[v].instr
		switch {
		case in == nil:
			return false
		case in.Op == OpConst && in.Imm == 0:
			return true
		case in.Op == OpLea && in.Mem.Sym != "":
			return true
		case in.Op == OpLoad && in.Mem.Sym != "":
			return true
		}
		return false
	}
	for _, b := range m.Blocks {
		for _, in := range b.Instrs {
			if in.Op != OpReturn {
				continue
			}
			for _, v := range in.Args {
				if m.Values[v].Pointer && !static(v) {
					return true
				}
			}
		}
	}
	return false
}
