// This file lowers a range over a string (utf8.RuneCountInString's
// `for range s`) to plain IR before the validated passes run, as gc
// lowers it: the byte at the index loaded; below utf8.RuneSelf it is the
// rune, of width 1; otherwise the rune and its width are decoded by
// the decoder spliced in (decoderune.go; invalid UTF-8 gives Go's
// RuneError of width 1). The passes then see an ordinary loop, with no
// call in it.
//
// A range over string(b), b a []byte, whose conversion nothing else
// reads, ranges over b's bytes without the copy Go makes, where the
// copy cannot be told apart: the function writes no memory but its own
// local variables, and calls nothing that could (otherwise the
// conversion is refused as before).

package native

import (
	"go/constant"
	"go/types"

	"github.com/vssa-go/vssa/ir"
)

// lowerStringRanges rewrites, in f (RTL discipline, modified in place),
// each range over a string whose iterator only next reads.
func lowerStringRanges(f *ir.Func) {
	if str, byt := decoders(); str == nil || byt == nil {
		return // refused where lowered
	}
	uses := map[ir.Reg][]*ir.Instr{}
	def := map[ir.Reg]*ir.Instr{}
	var ranges []*ir.Instr
	for _, b := range f.Blocks {
		for _, in := range b.Instrs {
			for _, a := range in.Args() {
				uses[a] = append(uses[a], in)
			}
			for _, d := range in.Dsts() {
				def[d] = in
			}
			if in.Op == ir.OpRange && isString(f.TypeOf(in.Args()[0])) {
				ranges = append(ranges, in)
			}
		}
	}
	type iter struct {
		src, idx ir.Reg
		bytes    bool
	}
	iters := map[ir.Reg]iter{}
	for _, r := range ranges {
		it := r.Dsts()[0]
		ok := true
		for _, u := range uses[it] {
			ok = ok && u.Op == ir.OpNext && u.Has(ir.FlagStringIter)
		}
		if !ok {
			continue // refused where lowered
		}
		s := r.Args()[0]
		bytes := false
		// string(b) read only by the range: range over b's bytes.
		if c := def[s]; c != nil && c.Op == ir.OpConvert && len(uses[s]) == 1 && !writesMemory(f, def) {
			if _, isSlice := f.TypeOf(c.Args()[0]).Underlying().(*types.Slice); isSlice {
				s, bytes = c.Args()[0], true
				removeInstr(f, c)
			}
		}
		src := f.NewReg(f.TypeOf(s))
		idx := f.NewReg(types.Typ[types.Int])
		zero := ir.NewInstr(ir.OpConst, r.Pos, []ir.Reg{idx}, nil)
		zero.SetConst(constant.MakeInt64(0))
		replaceInstr(f, r, ir.NewInstr(ir.OpCopy, r.Pos, []ir.Reg{src}, []ir.Reg{s}), zero)
		iters[it] = iter{src, idx, bytes}
	}
	if len(iters) == 0 {
		return
	}
	for bi := 0; bi < len(f.Blocks); bi++ {
		b := f.Blocks[bi]
		for x, in := range b.Instrs {
			if in.Op != ir.OpNext {
				continue
			}
			it, ok := iters[in.Args()[0]]
			if !ok {
				continue
			}
			splitNext(f, b, x, in, it.src, it.idx, it.bytes)
			break // the rest of b is in a new block, scanned later
		}
	}
	for _, b := range f.Blocks {
		b.Preds = nil
	}
	for _, b := range f.Blocks {
		for _, s := range b.Succs {
			f.Blocks[s].Preds = append(f.Blocks[s].Preds, b.Index)
		}
	}
}

// splitNext replaces ok, k, v = next (b.Instrs[x]) over src at index idx
// by the loads and the decode, the rest of b moving to a new block:
//
//	b:    n = len src; k = idx; v = 0; ok = idx < n; if ok, load, rest
//	load: c = src[idx]; if c >= 0x80, slow, fast
//	fast: v = rune(c); idx = idx + 1; jump rest
//	slow: v, w = decode(src, idx), spliced in; idx = idx + w; jump rest
//	rest: what followed next in b
func splitNext(f *ir.Func, b *ir.Block, x int, next *ir.Instr, src, idx ir.Reg, bytes bool) {
	pos := next.Pos
	okR, k, v := next.Dsts()[0], next.Dsts()[1], next.Dsts()[2]
	intT, byteT, runeT := types.Typ[types.Int], types.Typ[types.Byte], f.TypeOf(v)
	konst := func(t types.Type, c int64) (ir.Reg, *ir.Instr) {
		r := f.NewReg(t)
		in := ir.NewInstr(ir.OpConst, pos, []ir.Reg{r}, nil)
		in.SetConst(constant.MakeInt64(c))
		return r, in
	}
	load, fast, slow, rest := f.NewBlock(), f.NewBlock(), f.NewBlock(), f.NewBlock()
	rest.Instrs = append([]*ir.Instr(nil), b.Instrs[x+1:]...)
	rest.Succs = b.Succs

	n := f.NewReg(intT)
	zeroR, zeroI := konst(runeT, 0)
	code := append(b.Instrs[:x:x],
		ir.NewInstr(ir.OpLen, pos, []ir.Reg{n}, []ir.Reg{src}),
		ir.NewInstr(ir.OpCopy, pos, []ir.Reg{k}, []ir.Reg{idx}),
		zeroI,
		ir.NewInstr(ir.OpCopy, pos, []ir.Reg{v}, []ir.Reg{zeroR}),
		ir.NewInstr(ir.OpLt, pos, []ir.Reg{okR}, []ir.Reg{idx, n}),
		ir.NewInstr(ir.OpIf, pos, nil, []ir.Reg{okR}))
	b.Instrs = code
	b.Succs = []int{load.Index, rest.Index}

	c := f.NewReg(byteT)
	if bytes {
		p := f.NewReg(types.NewPointer(f.TypeOf(src).Underlying().(*types.Slice).Elem()))
		load.Instrs = append(load.Instrs,
			ir.NewInstr(ir.OpIndexAddr, pos, []ir.Reg{p}, []ir.Reg{src, idx}),
			ir.NewInstr(ir.OpLoad, pos, []ir.Reg{c}, []ir.Reg{p}))
	} else {
		load.Instrs = append(load.Instrs, ir.NewInstr(ir.OpIndex, pos, []ir.Reg{c}, []ir.Reg{src, idx}))
	}
	self, selfI := konst(byteT, 0x80) // utf8.RuneSelf
	big := f.NewReg(types.Typ[types.Bool])
	load.Instrs = append(load.Instrs, selfI,
		ir.NewInstr(ir.OpGe, pos, []ir.Reg{big}, []ir.Reg{c, self}),
		ir.NewInstr(ir.OpIf, pos, nil, []ir.Reg{big}))
	load.Succs = []int{slow.Index, fast.Index}

	one, oneI := konst(intT, 1)
	fast.Instrs = []*ir.Instr{
		ir.NewInstr(ir.OpConvert, pos, []ir.Reg{v}, []ir.Reg{c}),
		oneI,
		ir.NewInstr(ir.OpAdd, pos, []ir.Reg{idx}, []ir.Reg{idx, one}),
		ir.NewInstr(ir.OpJump, pos, nil, nil),
	}
	fast.Succs = []int{rest.Index}

	w := f.NewReg(intT)
	call := ir.NewInstr(ir.OpCall, pos, []ir.Reg{v, w}, []ir.Reg{src, idx})
	call.CallMode = ir.CallStatic
	slow.Instrs = []*ir.Instr{
		call,
		ir.NewInstr(ir.OpAdd, pos, []ir.Reg{idx}, []ir.Reg{idx, w}),
		ir.NewInstr(ir.OpJump, pos, nil, nil),
	}
	slow.Succs = []int{rest.Index}
	dec, byt := decoders()
	if bytes {
		dec = byt
	}
	splice(f, slow, 0, call, dec)
}

// removeInstr deletes in from f.
func removeInstr(f *ir.Func, in *ir.Instr) { replaceInstr(f, in) }

// replaceInstr replaces in, in f, by with.
func replaceInstr(f *ir.Func, in *ir.Instr, with ...*ir.Instr) {
	for _, b := range f.Blocks {
		for i, x := range b.Instrs {
			if x == in {
				b.Instrs = append(b.Instrs[:i:i], append(with, b.Instrs[i+1:]...)...)
				return
			}
		}
	}
}

// writesMemory reports whether f may write memory other than its local
// variables (allocs that do not escape): a store elsewhere, or a call
// other than of a built-in that writes nothing.
func writesMemory(f *ir.Func, def map[ir.Reg]*ir.Instr) bool {
	for _, b := range f.Blocks {
		for _, in := range b.Instrs {
			switch in.Op {
			case ir.OpStore:
				if a := def[in.Args()[0]]; a == nil || a.Op != ir.OpAlloc || a.Has(ir.FlagHeap) {
					return true
				}
			case ir.OpCall:
				if in.CallMode != ir.CallBuiltin || in.Sym() != "min" && in.Sym() != "max" && in.Sym() != "len" && in.Sym() != "cap" {
					return true
				}
			case ir.OpGo, ir.OpDefer, ir.OpMapUpdate, ir.OpSend:
				return true
			}
		}
	}
	return false
}
