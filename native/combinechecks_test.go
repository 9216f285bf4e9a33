package native

import (
	"regexp"
	"testing"
)

// runBlock builds a function of one block: after the arguments x, n
// and p, body (which may use them as values 0, 1 and 2), then a
// return.
func runBlock(body func(m *Func, x, n, p Value) []*Instr) *Func {
	m := &Func{}
	x, n, p := m.newValue(GP, false), m.newValue(GP, false), m.newValue(GP, true)
	instrs := []*Instr{
		{Op: OpArg, Dst: x, Width: 8},
		{Op: OpArg, Dst: n, Off: 8, Width: 8},
		{Op: OpArg, Dst: p, Off: 16, Width: 8},
	}
	instrs = append(instrs, body(m, x, n, p)...)
	instrs = append(instrs, &Instr{Op: OpReturn, Dst: NoValue})
	m.Blocks = []*Block{{Index: 0, Instrs: instrs}}
	return m
}

// checkedStore is the check of x+k against n and a store of a byte at
// p[x+k].
func checkedStore(m *Func, x, n, p Value, k int64) []*Instr {
	i := x
	var out []*Instr
	if k != 0 {
		i = m.newValue(GP, false)
		out = append(out, &Instr{Op: OpLea, Dst: i, Mem: Mem{Base: x, Index: NoValue, Disp: k}, Args: []Value{x}})
	}
	return append(out,
		&Instr{Op: OpBounds, Dst: NoValue, Args: []Value{i, n}},
		&Instr{Op: OpStore, Dst: NoValue, Width: 1, Mem: Mem{Base: p, Index: i, Scale: 1}, Args: []Value{x, p, i}})
}

func countOps(b *Block, op Op) int {
	c := 0
	for _, in := range b.Instrs {
		if in.Op == op {
			c++
		}
	}
	return c
}

// TestCombineChecksRewrite checks the rewrite of p[x], p[x+1], p[x+2]
// = …: the first check stays, then x+2 < n chooses between the stores
// without checks and the original sequence ending in a trap; and that
// a call between, another length, or a single later check leave the
// block as it is.
func TestCombineChecksRewrite(t *testing.T) {
	m := runBlock(func(m *Func, x, n, p Value) []*Instr {
		var out []*Instr
		for k := range int64(3) {
			out = append(out, checkedStore(m, x, n, p, k)...)
		}
		return out
	})
	combineChecks(m, nil)
	if err := verifySSA(m); err != nil {
		t.Fatal(err)
	}
	if len(m.Blocks) != 3 {
		t.Fatalf("got %d blocks, want 3 (the check, the fast side, the slow side)", len(m.Blocks))
	}
	b, fast, slow := m.Blocks[0], m.Blocks[1], m.Blocks[2]
	br := b.Instrs[len(b.Instrs)-1]
	top := b.Instrs[len(b.Instrs)-2]
	if countOps(b, OpBounds) != 1 || br.Op != OpBranch || br.Cond != CondLt || br.Signed || br.Args[0] != top.Dst || br.Args[1] != 1 ||
		top.Op != OpLea || top.Mem.Base != 0 || top.Mem.Disp != 2 || b.Succs[0] != fast.Index || b.Succs[1] != slow.Index {
		t.Errorf("the first block does not check x < n and branch on x+2 < n: %+v / %+v", top, br)
	}
	if countOps(fast, OpBounds) != 0 || countOps(fast, OpStore) != 3 || fast.Instrs[len(fast.Instrs)-1].Op != OpReturn {
		t.Errorf("the fast side keeps %d checks and %d stores, want 0 and 3", countOps(fast, OpBounds), countOps(fast, OpStore))
	}
	// Up to the last check, which fails there: its store never runs.
	if countOps(slow, OpBounds) != 2 || countOps(slow, OpStore) != 2 || slow.Instrs[len(slow.Instrs)-1].Op != OpTrap || len(slow.Succs) != 0 {
		t.Errorf("the slow side has %d checks and %d stores, want the original 2 and 2, then a trap", countOps(slow, OpBounds), countOps(slow, OpStore))
	}

	kept := map[string]func(m *Func, x, n, p Value) []*Instr{
		"a call between": func(m *Func, x, n, p Value) []*Instr {
			out := checkedStore(m, x, n, p, 0)
			out = append(out, checkedStore(m, x, n, p, 1)...)
			out = append(out, &Instr{Op: OpCall, Dst: NoValue, Sym: "f"})
			return append(out, checkedStore(m, x, n, p, 2)...)
		},
		"another length": func(m *Func, x, n, p Value) []*Instr {
			out := checkedStore(m, x, n, p, 0)
			out = append(out, checkedStore(m, x, n, p, 1)...)
			return append(out, checkedStore(m, x, p, p, 2)...)
		},
		"one later check": func(m *Func, x, n, p Value) []*Instr {
			return append(checkedStore(m, x, n, p, 0), checkedStore(m, x, n, p, 1)...)
		},
		"an index below the first": func(m *Func, x, n, p Value) []*Instr {
			out := checkedStore(m, x, n, p, 1)
			out = append(out, checkedStore(m, x, n, p, 0)...)
			return append(out, checkedStore(m, x, n, p, 2)...)
		},
	}
	for name, body := range kept {
		m := runBlock(body)
		combineChecks(m, nil)
		if len(m.Blocks) != 1 {
			t.Errorf("%s: the block was split", name)
		}
	}
}

// TestCombinedChecksEncode compiles base32's round: src[si+0] …
// src[si+4] and dst[di+0] … dst[di+7] are checked once per run, so that
// the stores take their offsets as displacements (7(SI)(R10*1)) rather
// than an index computed for a check as well.
func TestCombinedChecksEncode(t *testing.T) {
	text := compiledText(t, fallback+encode5, "Encode5", "Encode5", "Zero5", "Tags")
	stores := regexp.MustCompile(`MOVB [A-Z0-9]+, [1-7]\([A-Z0-9]+\)\([A-Z0-9]+\*1\)`).FindAllString(text, -1)
	if len(stores) != 7 {
		t.Errorf("Encode5 stores dst[di+1] … dst[di+7] %d times at a displacement, want 7:\n%s", len(stores), text)
	}
}

const encode5 = `func Encode5(dst, src []byte, tab *[32]byte) {
	di, si := 0, 0
	n := (len(src) / 5) * 5
	for si < n {
		hi := uint32(src[si+0])<<24 | uint32(src[si+1])<<16 | uint32(src[si+2])<<8 | uint32(src[si+3])
		lo := hi<<8 | uint32(src[si+4])
		dst[di+0] = tab[(hi>>27)&0x1F]
		dst[di+1] = tab[(hi>>22)&0x1F]
		dst[di+2] = tab[(hi>>17)&0x1F]
		dst[di+3] = tab[(hi>>12)&0x1F]
		dst[di+4] = tab[(hi>>7)&0x1F]
		dst[di+5] = tab[(hi>>2)&0x1F]
		dst[di+6] = tab[(lo>>5)&0x1F]
		dst[di+7] = tab[(lo)&0x1F]
		si += 5
		di += 8
	}
}

// Tags is snappy decode's tagCopy4: src[s-5], then the offset in
// src[s-4] … src[s-1], after s += 5.
func Tags(src []byte) uint32 {
	var sum uint32
	s := 0
	for s < len(src) {
		s += 5
		if uint(s) > uint(len(src)) {
			break
		}
		x := uint32(src[s-5]) >> 2
		sum += x + (uint32(src[s-4]) | uint32(src[s-3])<<8 | uint32(src[s-2])<<16 | uint32(src[s-1])<<24)
	}
	return sum
}

// Zero5 is ascii85's start of a round: constant indexes.
func Zero5(dst []byte, v byte) int {
	n := 0
	for len(dst) > 8 {
		dst[0] = 0
		dst[1] = v
		dst[2] = 0
		dst[3] = v
		dst[4] = 0
		dst = dst[5:]
		n++
	}
	return n
}
`

// TestCombinedChecksPanics runs the generated equivalence test of
// Encode5, Zero5 and Tags: on inputs whose dst is too short, the panic and
// the bytes stored before it are the Go original's.
func TestCombinedChecksPanics(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: not building a generated package")
	}
	dir := writeModule(t, map[string]string{"p.go": fallback + encode5})
	compileAndWrite(t, dir, "Encode5", "Zero5", "Tags")
	if out, ok := goTest(t, dir, "-run", "VSSA", "-count", "1", "."); !ok {
		t.Fatalf("the generated test fails:\n%s", out)
	}
}

// TestCombinedChecksLoad compiles snappy decode's offset read: the
// indexes s-4 … s-1 go into the loads' displacements (foldIndexLeas,
// subtractions included; the slow side computes its own), and the four
// byte loads then make one 4-byte load (folded into the ADDL that
// reads it), as gc's. Its displacement depends on the base the index
// is written from (-4 from s, or 1 from s before s += 5, where
// checkelim removes src[s-5]'s check and combineChecks computes s-4 in
// the block before the loads).
func TestCombinedChecksLoad(t *testing.T) {
	text := compiledText(t, fallback+encode5, "Tags", "Encode5", "Zero5", "Tags")
	if !regexp.MustCompile(`[A-Z]+L -?[0-9]+\([A-Z0-9]+\)\([A-Z0-9]+\*1\)`).MatchString(text) {
		t.Errorf("Tags does not load src[s-4:s] as one 4-byte load:\n%s", text)
	}
}

// TestCombineChecksOwnIndexes checks that indexes computed before the
// run (x+1 and x+2 here, ahead of the check of x) are computed again on
// the slow side, so that the fast side's accesses are their only
// readers (foldIndexLeas then folds them).
func TestCombineChecksOwnIndexes(t *testing.T) {
	var early []Value
	m := runBlock(func(m *Func, x, n, p Value) []*Instr {
		var out []*Instr
		for k := int64(1); k <= 2; k++ {
			i := m.newValue(GP, false)
			early = append(early, i)
			out = append(out, &Instr{Op: OpLea, Dst: i, Mem: Mem{Base: x, Index: NoValue, Disp: k}, Args: []Value{x}})
		}
		out = append(out, checkedStore(m, x, n, p, 0)...)
		for _, i := range early {
			out = append(out,
				&Instr{Op: OpBounds, Dst: NoValue, Args: []Value{i, n}},
				&Instr{Op: OpStore, Dst: NoValue, Width: 1, Mem: Mem{Base: p, Index: i, Scale: 1}, Args: []Value{x, p, i}})
		}
		return out
	})
	combineChecks(m, nil)
	if err := verifySSA(m); err != nil {
		t.Fatal(err)
	}
	if len(m.Blocks) != 3 {
		t.Fatalf("got %d blocks, want 3", len(m.Blocks))
	}
	for _, in := range m.Blocks[2].Instrs {
		for _, a := range in.Args {
			if a == early[0] || a == early[1] {
				t.Errorf("the slow side reads the fast side's index v%d: %+v", a, in)
			}
		}
	}
}
