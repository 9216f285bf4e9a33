// This file keeps the constants no immediate holds, and the addresses
// of symbols, in registers rather than loading them at each use:
// xxhash's writeBlocks multiplies by prime2 and prime1 four times each
// in its loop, utf8.ValidString tests hiBits every iteration, and
// encoding/hex's Decode looks up two bytes in one table; each use had
// its own MOVQ $imm64 or LEAQ sym(SB), where gc loads them once, before
// the loop.

package native

// shareConstants makes, in each block, every integer constant that
// does not fit an instruction's immediate (so takes a MOVQ of its own)
// and every address of a symbol alone the value of the first
// instruction that computes it.
func shareConstants(m *Func) {
	type key struct {
		op  Op
		imm int64
		sym string
		off int64
	}
	sub := map[Value]Value{}
	for _, b := range m.Blocks {
		seen := map[key]Value{}
		for _, in := range b.Instrs {
			var k key
			switch {
			case in.Op == OpConst && !in.Float && in.Imm != int64(int32(in.Imm)):
				k = key{op: OpConst, imm: in.Imm}
			case in.Op == OpLea && in.Mem.Sym != "" && len(in.Args) == 0:
				k = key{op: OpLea, sym: in.Mem.Sym, off: in.Mem.Disp}
			default:
				continue
			}
			if v, ok := seen[k]; ok {
				sub[in.Dst] = v
				continue
			}
			seen[k] = in.Dst
		}
	}
	if len(sub) > 0 {
		substitute(m, sub)
	}
}

// hoistConstants moves each integer constant that does not fit an
// immediate out of the innermost loop whose body holds it, into the
// loop's preheader (splitloops.go: the one block outside the loop that
// enters it, which every entry passes), where shareConstants then gives equal ones
// one register: utf8.ValidString's hiBits, xxhash's primes, crc32's
// polynomial were a MOVQ $imm64 every iteration, where gc loads them
// before the loop. One loop out only: a constant kept in a register
// through an outer loop's other inner loops would take a register
// from them too.
func hoistConstants(m *Func) {
	loops := naturalLoops(m)
	// innermost[b]: the header of the smallest loop holding b, -1 if
	// none.
	innermost := make([]int, len(m.Blocks))
	size := make([]int, len(m.Blocks))
	for i := range innermost {
		innermost[i] = -1
	}
	for h, body := range loops {
		n := 0
		for _, in := range body {
			if in {
				n++
			}
		}
		size[h] = n
	}
	for h, body := range loops {
		for b, in := range body {
			if in && (innermost[b] < 0 || size[h] < size[innermost[b]]) {
				innermost[b] = h
			}
		}
	}
	for _, b := range m.Blocks {
		h := innermost[b.Index]
		if h < 0 {
			continue
		}
		pre := preheader(m, h, loops[h])
		if pre < 0 {
			continue
		}
		pb := m.Blocks[pre]
		kept := b.Instrs[:0]
		for _, in := range b.Instrs {
			if in.Op == OpConst && !in.Float && in.Imm != int64(int32(in.Imm)) {
				last := pb.Instrs[len(pb.Instrs)-1]
				pb.Instrs = append(pb.Instrs[:len(pb.Instrs)-1], in, last)
				continue
			}
			kept = append(kept, in)
		}
		b.Instrs = kept
	}
}
