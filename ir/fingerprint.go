// This file computes a function's fingerprint: a hash of everything a
// pass could change in it, which the pass manager takes before a pass
// and compares after it to be sure the pass left its input alone.

package ir

import (
	"math/bits"
	"unsafe"
)

// Fingerprint returns a hash of f as it is now: its signature and
// attributes, its register types (by identity: only f's own methods
// change them, and each change shows in the hash), its blocks and edges,
// and every instruction: which one it is (its address) and all it says
// (kind, attributes, position, Aux and its contents, registers).
//
// Two fingerprints of a function differ if anything in it changed,
// except with a probability of about 2^-64 for a given change; the
// hash is not meant to resist changes crafted to collide. It reads
// every instruction once. The IR checker computes it on the way (the
// same hasher, fed in the same order) and leaves it in its Verdict.
func (f *Func) Fingerprint() uint64 {
	var fp hasher
	fp.start(f)
	for _, b := range f.Blocks {
		fp.block(b)
		if b == nil {
			continue
		}
		for _, in := range b.Phis {
			fp.instr(in)
		}
		for _, in := range b.Instrs {
			fp.instr(in)
		}
	}
	return fp.sum()
}

// hasher computes a fingerprint from the parts of a function, given in
// order: start, then for each block its header and its phis and
// instructions.
type hasher struct{ h uint64 }

func (fp *hasher) start(f *Func) {
	h := mix(uint64(len(f.Name)), uint64(f.Recover)<<2|boolBit(f.Variadic)<<1|boolBit(f.Wrapper))
	h = mix(h^stringSum(f.Name), uint64(f.Pos))
	h = mix(h^regsSum(f.Params)^uint64(len(f.Params)), regsSum(f.FreeVars)+uint64(len(f.FreeVars)))
	h = mix(h^uint64(len(f.Results)), uint64(uintptr(unsafe.Pointer(f.Module))))
	for _, t := range f.Results {
		h = mix(h, ifaceWords(unsafe.Pointer(&t)))
	}
	fp.h = mix(h^f.regs.sum(), uint64(len(f.Blocks)))
}

func (fp *hasher) block(b *Block) {
	if b == nil {
		fp.h = mix(fp.h, 0)
		return
	}
	h := mix(fp.h^uint64(b.Index), intsSum(b.Preds)^intsSum(b.Succs)<<1)
	fp.h = mix(h, uint64(len(b.Phis))<<32|uint64(len(b.Instrs)))
}

// instr adds an instruction. One multiply-add per instruction chains
// them; the sums of the instructions are independent of each other.
func (fp *hasher) instr(in *Instr) { fp.h = fp.h*fpPrime + instrSum(in) }

func (fp *hasher) sum() uint64 { return mix(fp.h, fpPrime) }

// Odd constants (from wyhash and the golden ratio).
const (
	fpPrime = 0x9e3779b97f4a7c15
	fpK1    = 0xa0761d6478bd642f
	fpK2    = 0xe7037ed1a0b428db
	fpK3    = 0x8ebc6af09c88c6e3
	fpK4    = 0x589965cc75374cc3
	fpK5    = 0x1d8e4e27c47d124f
	fpK6    = 0xeb44accab455d165
	fpK7    = 0xc2b2ae3d27d4eb4f
)

// mix combines two words into one (the multiply-and-fold of wyhash).
func mix(a, b uint64) uint64 {
	hi, lo := bits.Mul64(a^fpK1, b^fpK2)
	return hi ^ lo
}

func boolBit(b bool) uint64 {
	if b {
		return 1
	}
	return 0
}

// instrSum hashes one instruction: its address and everything in it.
// Each word is multiplied by its own odd constant and the products are
// added: a change of a single word always changes the sum (an odd
// constant has an inverse modulo 2^64), and the products do not wait
// for each other.
func instrSum(in *Instr) uint64 {
	if in == nil {
		return 0
	}
	head := uint64(in.Op) | uint64(in.Flags)<<8 | uint64(in.CallMode)<<16 | uint64(in.nDsts)<<24 | uint64(uint32(in.Field))<<32
	s := head*fpK1 + uint64(in.Pos)*fpK2 + uint64(uintptr(unsafe.Pointer(in)))*fpK3 + uint64(len(in.regs))*fpK4
	s += regsSum(in.regs) * fpK5
	if a := in.Aux; a != nil {
		s += uint64(uintptr(unsafe.Pointer(a)))*fpK7 + ifaceWords(unsafe.Pointer(&a.Const))*fpK2 + stringSum(a.Sym)*fpK3
		for i, d := range a.SelectDirs {
			s += uint64(d+1) * uint64(2*i+1) * fpK4
		}
		for i, g := range a.Gates {
			// Each literal weighs by gate, cube and place, so that a
			// gate moved to another argument changes the sum.
			s += uint64(len(g)+1) * uint64(2*i+1) * fpK5
			for j, c := range g {
				for k, l := range c {
					v := uint64(uint32(l.Reg))<<1 | b2u(l.Neg)
					s += (v + 1) * (fpPrime + 2*uint64(i<<20|j<<10|k)) * fpK6
				}
			}
		}
	}
	return s
}

// regsSum folds a list of registers into one word: register i is
// multiplied by an odd constant of its own.
func regsSum(rs []Reg) uint64 {
	var s uint64
	for i, r := range rs {
		s += uint64(uint32(r)) * (fpPrime + 2*uint64(i))
	}
	return s
}

// intsSum hashes a list of block indices.
func intsSum(xs []int) uint64 {
	h := uint64(len(xs))
	for _, x := range xs {
		h = mix(h, uint64(x))
	}
	return h
}

// stringSum hashes a string by its memory: strings do not change.
func stringSum(s string) uint64 {
	return uint64(uintptr(unsafe.Pointer(unsafe.StringData(s))))*fpPrime ^ uint64(len(s))
}

// ifaceWords folds the two words of the interface value at p (its type
// and its data pointer): the same value of an immutable type, such as a
// types.Type or a constant.Value, keeps its words.
func ifaceWords(p unsafe.Pointer) uint64 {
	w := (*[2]uintptr)(p)
	return uint64(w[0])*fpPrime ^ uint64(w[1])
}

func b2u(b bool) uint64 {
	if b {
		return 1
	}
	return 0
}
