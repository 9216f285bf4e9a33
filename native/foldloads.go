// This file folds memory accesses into the instructions that use them,
// as amd64 allows: a comparison into a value reads its first operand
// from memory (CMPQ 16(AX), SI; SETLT), arithmetic its second (ADDQ
// 8(BX), SI), a read-modify-write updates memory in place
// (ADDQ SI, 8(AX); INCL (BX)(CX*4)), and a nil check is dropped where
// the access right after it faults the same way.

package native

// foldLoads applies the folds.
func foldLoads(m *Func) {
	uses := readCounts(m)
	for _, b := range m.Blocks {
		dead := map[*Instr]bool{}
		pos := map[Value]int{} // value defined in b → index of its instruction
		for i, in := range b.Instrs {
			if in.Dst != NoValue {
				pos[in.Dst] = i
			}
		}
		// load returns the load of b defining v, read only once, when
		// nothing between it and instruction i writes memory or may
		// panic otherwise than a load would.
		load := func(v Value, i int) *Instr {
			j, ok := pos[v]
			if !ok || uses[v] != 1 {
				return nil
			}
			ld := b.Instrs[j]
			if ld.Op != OpLoad || ld.Float || dead[ld] {
				return nil
			}
			for _, in := range b.Instrs[j+1 : i] {
				if !quiet(in) {
					return nil
				}
			}
			return ld
		}
		for i, in := range b.Instrs {
			switch {
			case in.Op == OpCmp && !in.Float && !in.MemFirst:
				// Not into a branch: on the AMD EPYC measured, a binary
				// search's compare with memory and branch made it 22%
				// slower than the load and the compare apart
				// (CountPresent, interleaved, n=10, p<0.001); the other
				// kernels' folded branches were as fast apart.
				// Only at the comparison's own width: a narrower value
				// compared with a wider one (uint64(x) != 1<<63) needs
				// all of the other's bits.
				sameWidth := func(ld *Instr) *Instr {
					if ld != nil && ld.Width != in.Width {
						return nil
					}
					return ld
				}
				if ld := sameWidth(load(in.Args[0], i)); ld != nil {
					in.Args = in.Args[1:]
					foldCompare(in, ld)
					dead[ld] = true
				} else if !in.HasImm && len(in.Args) == 2 {
					if ld := sameWidth(load(in.Args[1], i)); ld != nil {
						in.Args = in.Args[:1]
						in.Cond = mirror(in.Cond)
						foldCompare(in, ld)
						dead[ld] = true
					}
				}
			case in.Op == OpStore && !in.Float:
				j, ok := pos[in.Args[0]]
				if !ok || uses[in.Args[0]] != 1 {
					continue
				}
				op := b.Instrs[j]
				if op.Op != OpBin || op.Float || op.Width != in.Width || dead[op] {
					continue
				}
				switch op.Bin {
				case BinAdd, BinSub, BinAnd, BinOr, BinXor:
				default:
					continue
				}
				x := -1 // the operand of op that is not the load
				var ld *Instr
				if l := load(op.Args[0], i); l != nil && l.Mem == in.Mem && l.Width == in.Width {
					ld, x = l, 1
				} else if op.Bin != BinSub && !op.HasImm {
					if l := load(op.Args[1], i); l != nil && l.Mem == in.Mem && l.Width == in.Width {
						ld, x = l, 0
					}
				}
				if ld == nil {
					continue
				}
				rmw := &Instr{Op: OpRMW, Dst: NoValue, Bin: op.Bin, Width: in.Width, Mem: in.Mem, Imm: op.Imm, HasImm: op.HasImm, Pos: in.Pos}
				if !op.HasImm {
					rmw.Args = []Value{op.Args[x]}
				}
				rmw.Args = append(rmw.Args, in.Mem.args()...)
				b.Instrs[i] = rmw
				dead[ld], dead[op] = true, true
			}
		}
		// Then loads into arithmetic (ADDQ 8(BX), SI), after the
		// read-modify-writes have taken theirs.
		for i, in := range b.Instrs {
			if isCarryArith(in) && !in.MemY {
				// ADCQ 8(BX), SI: y is the last operand.
				y := len(in.Args) - 1
				ld := load(in.Args[y], i)
				if ld == nil && in.Intr == IntrAddCarry {
					if ld = load(in.Args[0], i); ld != nil {
						in.Args[0], in.Args[y] = in.Args[y], in.Args[0]
					}
				}
				if ld == nil || ld.Width != 8 {
					continue
				}
				in.MemY, in.Mem = true, ld.Mem
				in.Args = append(in.Args[:y], ld.Mem.args()...)
				dead[ld] = true
				continue
			}
			if dead[in] || in.Op != OpBin || in.Float || in.HasImm || in.MemY || len(in.Args) != 2 {
				continue
			}
			switch in.Bin {
			case BinAdd, BinSub, BinAnd, BinOr, BinXor:
			default:
				continue
			}
			ld := load(in.Args[1], i)
			if ld == nil && in.Bin != BinSub {
				if ld = load(in.Args[0], i); ld != nil {
					in.Args[0], in.Args[1] = in.Args[1], in.Args[0]
				}
			}
			if ld == nil || ld.Width != in.Width {
				continue
			}
			in.MemY, in.Mem = true, ld.Mem
			in.Args = append(in.Args[:1], ld.Mem.args()...)
			dead[ld] = true
		}
		dropNilChecks(b, dead)
		kept := b.Instrs[:0]
		for _, in := range b.Instrs {
			if !dead[in] {
				kept = append(kept, in)
			}
		}
		b.Instrs = kept
	}
}

// foldCompare makes in compare the value ld loads, from memory.
func foldCompare(in, ld *Instr) {
	in.MemFirst, in.MemWidth, in.Mem = true, ld.Width, ld.Mem
	in.Args = append(in.Args, ld.Mem.args()...)
}

// mirror returns the condition with its operands exchanged.
func mirror(c Cond) Cond {
	return [...]Cond{CondEq, CondNe, CondGt, CondGe, CondLt, CondLe}[c]
}

// quiet reports whether in neither writes memory nor may panic but as a
// load may (with the same message): a load can move past it.
func quiet(in *Instr) bool {
	switch in.Op {
	case OpConst, OpUnary, OpShift, OpCmp, OpExt, OpLea, OpSelect, OpRotate, OpLoad, OpCvt:
		return true
	case OpBin:
		// A float division by zero is not a panic; an integer one is
		// OpDiv's. One that reads memory (a load folded into it) may
		// fault as that load would, the load it was: quiet as OpLoad,
		// so that a second load can fold past the first one's
		// (utf8.ValidString's word(s) | word(s[8:]), word(s[16:]) |
		// word(s[24:]): ORQ 8(BX), R12 kept the load of 24(BX) apart).
		return true
	}
	return false
}

// dropNilChecks removes a nil check of p when the next memory access
// after it, with only quiet instructions between, is through p within
// its first 4096 bytes: that access faults on a nil p as the check
// would, with the same panic. It also removes a check of a p the block
// has already checked, or accessed so.
func dropNilChecks(b *Block, dead map[*Instr]bool) {
	firstPage := func(in *Instr, p Value) bool {
		mem := in.Mem
		if mem.Base != p || in.Op == OpLea {
			return false
		}
		if mem.Index == NoValue {
			return mem.Disp >= 0 && mem.Disp < 4096
		}
		return mem.Extent > 0 && mem.Extent <= 4096
	}
	checked := map[Value]bool{}
	for i, in := range b.Instrs {
		if dead[in] {
			continue
		}
		if in.hasMem() {
			if firstPage(in, in.Mem.Base) {
				checked[in.Mem.Base] = true
			}
			continue
		}
		if in.Op != OpNil {
			continue
		}
		p := in.Args[0]
		if checked[p] {
			dead[in] = true
			continue
		}
		checked[p] = true
		for _, next := range b.Instrs[i+1:] {
			if dead[next] {
				continue
			}
			if next.hasMem() && next.Op != OpLea {
				if firstPage(next, p) {
					dead[in] = true
				}
				break
			}
			if !quiet(next) {
				break
			}
		}
	}
}
