// This file turns small if-then-else diamonds into branch-free code:
// both arms are computed and each phi of the join becomes a conditional
// move. A branch on data the processor cannot predict (a count of the
// elements below a threshold, a clamp of random values) costs a
// mispredict every other iteration; a conditional move costs a cycle.

package native

// maxArm is the most instructions an arm may have to be computed
// unconditionally.
const maxArm = 4

// ifConvert converts every diamond it can: a block ending with an
// integer compare-and-branch whose two successors have it as their only
// predecessor, jump to the same join, and hold at most maxArm
// instructions that cannot fault or write memory; the join's phis on
// those edges must be integers (amd64 has no conditional move for
// floats).
func ifConvert(m *Func) {
	// An arm converted may make the diamond around it convertible:
	// again until nothing changes.
	for ifConvertOnce(m) {
	}
}

func ifConvertOnce(m *Func) (changed bool) {
	depth := loopDepths(m)
	for _, b := range m.Blocks {
		if len(b.Instrs) == 0 {
			continue
		}
		br := b.Instrs[len(b.Instrs)-1]
		if br.Op != OpBranch || br.Float || len(b.Succs) != 2 {
			continue
		}
		t, f := m.Blocks[b.Succs[0]], m.Blocks[b.Succs[1]]
		if t == f || !convertibleArm(t, b) || !convertibleArm(f, b) || t.Succs[0] != f.Succs[0] {
			continue
		}
		j := m.Blocks[t.Succs[0]]
		jt, jf := indexOf(j.Preds, t.Index), indexOf(j.Preds, f.Index)
		ok := true
		for _, p := range j.Phis {
			if m.Values[p.Dst].Class != GP && p.Args[jt] != p.Args[jf] {
				ok = false
			}
		}
		if !ok || selectsOutsideLoops(depth, b, j, jt, jf) || feedsAddress(b, t, f, j, jt, jf) || loadCarried(m, br, j, jt, jf) {
			continue
		}
		// Both arms run, then the selects, then a jump to the join.
		code := b.Instrs[:len(b.Instrs)-1]
		code = append(code, t.Instrs[:len(t.Instrs)-1]...)
		code = append(code, f.Instrs[:len(f.Instrs)-1]...)
		def := map[Value]*Instr{}
		for _, in := range code {
			if in.Dst != NoValue {
				def[in.Dst] = in
			}
		}
		args := make([]Value, len(j.Phis))
		for i, p := range j.Phis {
			vt, vf := p.Args[jt], p.Args[jf]
			if vt == vf {
				args[i] = vt
				continue
			}
			// v + 1 or v: v plus the comparison's 0 or 1, which keeps
			// the select off a loop-carried chain (a count).
			if add, c := incrementOf(def, vt, vf, br.Cond); add != nil {
				cmp := &Instr{Op: OpCmp, Dst: m.newValue(GP, false), Cond: c, Signed: br.Signed, Width: br.Width, Imm: br.Imm, HasImm: br.HasImm, Args: append([]Value(nil), br.Args...), Pos: br.Pos}
				sum := &Instr{Op: OpBin, Bin: BinAdd, Dst: m.newValue(GP, false), Width: add.Width, Signed: add.Signed, Args: []Value{add.Args[0], cmp.Dst}, Pos: br.Pos}
				code = append(code, cmp, sum)
				args[i] = sum.Dst
				continue
			}
			sel := &Instr{Op: OpSelect, Dst: m.newValue(GP, m.Values[p.Dst].Pointer), Cond: br.Cond, Signed: br.Signed, Width: br.Width, Imm: br.Imm, HasImm: br.HasImm, Pos: br.Pos}
			sel.Args = append(append([]Value(nil), br.Args...), vt, vf)
			code = append(code, sel)
			args[i] = sel.Dst
		}
		code = append(code, &Instr{Op: OpJump, Dst: NoValue, Pos: br.Pos})
		b.Instrs = code
		b.Succs = []int{j.Index}
		// The join's edge from t now comes from b; f's goes.
		j.Preds[jt] = b.Index
		j.Preds = append(j.Preds[:jf], j.Preds[jf+1:]...)
		for i := range j.Phis {
			p := &j.Phis[i]
			p.Args[jt] = args[i]
			p.Args = append(p.Args[:jf], p.Args[jf+1:]...)
		}
		for _, arm := range []*Block{t, f} {
			arm.Instrs, arm.Preds, arm.Succs = nil, nil, nil
		}
		changed = true
	}
	return changed
}

// convertibleArm reports whether a, a successor of b, can run
// unconditionally in b: b is its only predecessor, it jumps, and its
// other instructions neither fault nor write memory.
func convertibleArm(a, b *Block) bool {
	if len(a.Preds) != 1 || a.Preds[0] != b.Index || len(a.Instrs) == 0 || len(a.Instrs) > maxArm+1 || len(a.Phis) > 0 {
		return false
	}
	if a.Instrs[len(a.Instrs)-1].Op != OpJump {
		return false
	}
	for _, in := range a.Instrs[:len(a.Instrs)-1] {
		switch in.Op {
		case OpConst, OpBin, OpUnary, OpCmp, OpExt, OpLea, OpSelect:
		case OpShift:
			if !in.HasImm {
				return false // it clobbers CX
			}
		default:
			return false
		}
		if in.Float && in.Op == OpBin && in.Bin == BinDiv {
			return false
		}
	}
	return true
}

// feedsAddress reports whether a value the join's phis select between
// depends on an address b loads from (a binary search: the next bounds
// come from the middle index just loaded). There a conditional move
// would chain every load behind the one before, where a predicted
// branch lets the next load start early.
func feedsAddress(b, t, f, j *Block, jt, jf int) bool {
	addr := map[Value]bool{}
	def := map[Value]*Instr{}
	for _, blk := range []*Block{b, t, f} {
		for _, in := range blk.Instrs {
			if in.Op == OpLoad {
				for _, a := range in.Mem.args() {
					addr[a] = true
				}
			}
			if in.Dst != NoValue {
				def[in.Dst] = in
			}
		}
	}
	seen := map[Value]bool{}
	var reaches func(v Value) bool
	reaches = func(v Value) bool {
		if addr[v] {
			return true
		}
		if seen[v] {
			return false
		}
		seen[v] = true
		if in := def[v]; in != nil {
			for _, a := range in.Args {
				if reaches(a) {
					return true
				}
			}
		}
		return false
	}
	for _, p := range j.Phis {
		if p.Args[jt] != p.Args[jf] && (reaches(p.Args[jt]) || reaches(p.Args[jf])) {
			return true
		}
	}
	return false
}

// loadCarried reports whether br's condition depends on a load whose
// address depends, through the loop's phis, on a value the join's phis
// would select: a search that returns when it finds the element
// (if x[h] == t { return h }; if x[h] < t { i = h+1 } else { j = h })
// loads in a block before the diamond's, and its next bounds, selected,
// would chain the next load behind this one, where gc keeps the branch
// and a predicted branch lets the next load start early. A select whose
// values no load's address reads (a maximum and its index) is not on
// such a chain.
func loadCarried(m *Func, br *Instr, j *Block, jt, jf int) bool {
	def := definitions(m)
	phiArgs := map[Value][]Value{}
	for _, blk := range m.Blocks {
		for _, p := range blk.Phis {
			phiArgs[p.Dst] = p.Args
		}
	}
	// The loads the condition reads, through instructions only: a phi
	// ends the iteration.
	var loads []*Instr
	seen := map[Value]bool{}
	var cond func(v Value)
	cond = func(v Value) {
		if v == NoValue || seen[v] {
			return
		}
		seen[v] = true
		in := def[v].instr
		switch {
		case in == nil:
		case in.Op == OpLoad:
			loads = append(loads, in)
		default:
			for _, a := range in.Args {
				cond(a)
			}
		}
	}
	for _, a := range br.Args {
		cond(a)
	}
	if len(loads) == 0 {
		return false
	}
	selected := map[Value]bool{}
	for _, p := range j.Phis {
		if p.Args[jt] != p.Args[jf] {
			selected[p.Dst] = true
		}
	}
	// The values the loads' addresses read, through instructions and
	// phis (the iterations before).
	seen = map[Value]bool{}
	var reaches func(v Value) bool
	reaches = func(v Value) bool {
		if v == NoValue || seen[v] {
			return false
		}
		seen[v] = true
		if selected[v] {
			return true
		}
		args := phiArgs[v]
		if in := def[v].instr; in != nil {
			args = in.Args
		}
		for _, a := range args {
			if reaches(a) {
				return true
			}
		}
		return false
	}
	for _, ld := range loads {
		for _, a := range ld.Mem.args() {
			if reaches(a) {
				return true
			}
		}
	}
	return false
}

// incrementOf returns the addition when one of vt, vf is the other plus
// one (an integer addition among def), with the condition under which
// the sum is chosen.
func incrementOf(def map[Value]*Instr, vt, vf Value, c Cond) (*Instr, Cond) {
	isInc := func(sum, of Value) *Instr {
		in := def[sum]
		if in != nil && in.Op == OpBin && in.Bin == BinAdd && !in.Float && in.HasImm && in.Imm == 1 && in.Args[0] == of {
			return in
		}
		return nil
	}
	if in := isInc(vt, vf); in != nil {
		return in, c
	}
	if in := isInc(vf, vt); in != nil {
		return in, negate(c)
	}
	return nil, c
}
