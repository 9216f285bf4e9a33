package native

// This file extends the random functions (randfuncs_gen_test.go) with
// what real hot code is written in beyond scalars and indexes: slice
// expressions that re-slice the parameters (p = p[n:], p[i:j:k],
// s[:i], a guarded advance as a decoder's), lengths and elements of
// slice expressions, copy between them, calls of the package's
// functions (small ones the IR inlines, ones with loops called through
// trampolines) and of methods (of *S, of P by value), and random
// functions that are themselves methods of *S.

import (
	"fmt"
	"regexp"
	"sort"
	"strconv"
	"strings"
)

// rfHelpers is the part of the types file the random functions call.
const rfHelpers = `
// rfMix is small and has no loop: compiled code inlines it.
func rfMix(x, y int64) int64 { return x*31 ^ y>>3 }

// rfCount has a loop: compiled code calls it through a trampoline.
func rfCount(s string, c byte) int {
	n := 0
	for i := 0; i < len(s); i++ {
		if s[i] == c {
			n++
		}
	}
	return n
}

// Sum is a method of *S without a loop (it panics on nil).
func (s *S) Sum() int64 { return s.A + int64(s.C) - int64(s.B) }

// Bits is a method of *S with a loop.
func (s *S) Bits(n uint64) int {
	k := int(s.B)
	for n != 0 {
		n &= n - 1
		k++
	}
	return k
}

// Key is a method of P, by value.
func (p P) Key() int64 { return p.X ^ int64(p.Y)<<3 + int64(p.Z) }
`

// rfMethodName is how the command line names random function name
// when it is a method of *S (Mk), as rfFunction writes it.
func rfMethodName(name string) string {
	if strings.HasPrefix(name, "M") {
		return "(*S)." + name
	}
	return name
}

// rfTestName is the name the generated test gives the compiled function
// named name on the command line: S_Mk for (*S).Mk.
func rfTestName(name string) string {
	return strings.Replace(name, "(*S).", "S_", 1)
}

// rfNames matches the names of random functions in Compile's errors
// and the generated tests' output.
var rfNames = regexp.MustCompile(`\b([FC]\d+|S_M\d+)\b`)

// reslice writes a statement that re-slices a slice or string
// parameter, or reports that there is none: indexes that may be out of
// range (the panics are compared) or an advance guarded by a length
// check.
func (g *rfGen) reslice() bool {
	var cands []*rfVar
	for _, p := range g.params {
		if p.shape == rfSlice || p.shape == rfString || p.shape == rfPSlice {
			cands = append(cands, p)
		}
	}
	if len(cands) == 0 {
		return false
	}
	p := cands[g.n(len(cands))]
	small := func() string { return fmt.Sprint(1 + g.n(8)) }
	switch c := g.n(10); {
	case c < 3:
		n := small()
		g.line("if len(%s) >= %s {\n%s = %s[%s:]\n}", p.name, n, p.name, p.name, n)
	case c < 5:
		g.line("%s = %s[%s:]", p.name, p.name, g.bound(p))
	case c < 6:
		g.line("%s = %s[:%s]", p.name, p.name, g.bound(p))
	case c < 8:
		b := g.bounds(p, 2)
		g.line("%s = %s[%s:%s]", p.name, p.name, b[0], b[1])
	default:
		if p.shape == rfString {
			g.line("%s = %s[%s:]", p.name, p.name, g.bound(p))
			break
		}
		// Three indexes: the capacity cut, at the length or below.
		b := g.bounds(p, 3)
		switch g.n(3) {
		case 0:
			b[2] = "len(" + p.name + ")"
		case 1:
			b[2] = "cap(" + p.name + ")"
		}
		g.line("%s = %s[%s:%s:%s]", p.name, p.name, b[0], b[1], b[2])
	}
	return true
}

// bounds returns k indexes of one slice expression of s: those that are
// constants in increasing order (constants out of order do not
// compile).
func (g *rfGen) bounds(s *rfVar, k int) []string {
	b := make([]string, k)
	var at []int
	var vals []int
	for i := range b {
		b[i] = g.bound(s)
		if v, err := strconv.Atoi(b[i]); err == nil {
			at = append(at, i)
			vals = append(vals, v)
		}
	}
	sort.Ints(vals)
	for j, i := range at {
		b[i] = strconv.Itoa(vals[j])
	}
	return b
}

// bound returns an index of a slice expression of s: within its length
// most often, at times negative or beyond.
func (g *rfGen) bound(s *rfVar) string {
	switch g.n(6) {
	case 0:
		return "0"
	case 1:
		return "len(" + s.name + ")"
	case 2:
		return "len(" + s.name + ")/2"
	}
	return g.index(s)
}

// copyStmt writes a copy between two slices of one element type, either
// re-sliced, folding the count into a local, or reports that there are
// none.
func (g *rfGen) copyStmt() bool {
	var slices []*rfVar
	for _, p := range g.params {
		if p.shape == rfSlice || p.shape == rfPSlice {
			slices = append(slices, p)
		}
	}
	for range 4 {
		if len(slices) == 0 {
			return false
		}
		d, s := slices[g.n(len(slices))], slices[g.n(len(slices))]
		if d.shape != s.shape || d.kind != s.kind {
			continue
		}
		dst, src := d.name, s.name
		if g.pct(60) {
			dst += "[" + g.bound(d) + ":]"
		}
		if g.pct(40) {
			src += "[:" + g.bound(s) + "]"
		}
		v := g.intLocal()
		g.line("%s += %s(copy(%s, %s))", v.name, v.kind, dst, src)
		return true
	}
	return false
}

// intLocal returns an integer local.
func (g *rfGen) intLocal() *rfVar {
	for {
		if v := g.locals[g.n(len(g.locals))]; v.kind.isInt() {
			return v
		}
	}
}

// callCands returns the ways to read a value of kind k through a call,
// a method or a slice expression of v: none while the arguments of a
// call are written (the calls nest no further).
func (g *rfGen) callCands(v *rfVar, k rfKind) []func() string {
	if g.inCall {
		return nil
	}
	arg := func(k rfKind) string {
		e, from := g.anyIntLeaf()
		if from != k {
			e = k.String() + "(" + e + ")"
		}
		return e
	}
	var cands []func() string
	add := func(f func() string) {
		// What f writes reads no further calls either.
		cands = append(cands, func() string {
			g.inCall = true
			defer func() { g.inCall = false }()
			return f()
		})
	}
	switch v.shape {
	case rfScalar:
		if k == rfInt64 && v.kind == rfInt64 {
			add(func() string { return "rfMix(" + v.name + ", " + arg(rfInt64) + ")" })
		}
	case rfPtr:
		switch k {
		case rfInt64:
			add(func() string { return v.name + ".Sum()" })
		case rfInt:
			add(func() string { return v.name + ".Bits(" + arg(rfUint64) + ")" })
		}
	case rfPSlice:
		if k == rfInt64 {
			add(func() string { return v.name + "[" + g.index(v) + "].Key()" })
		}
	case rfString:
		if k == rfInt {
			add(func() string { return "rfCount(" + v.name + ", " + arg(rfUint8) + ")" })
			add(func() string { return "rfCount(" + v.name + "[" + g.bound(v) + ":], 'a')" })
		}
	}
	if v.shape == rfSlice || v.shape == rfString || v.shape == rfPSlice {
		if k == rfInt {
			add(func() string { b := g.bounds(v, 2); return "len(" + v.name + "[" + b[0] + ":" + b[1] + "])" })
		}
		if v.shape != rfPSlice && v.kind == k {
			add(func() string { return v.name + "[" + g.bound(v) + ":][" + g.index(v) + "]" })
		}
	}
	return cands
}
