package native

// This file generates random functions in the subset vssa compile
// supports, aimed at exact semantics: integers of every width and
// signedness mixed by conversions, shifts by constant and variable
// counts (negative ones panic), division and remainder by variables
// (zero panics, MinInt / -1 wraps), wrap-around at narrow widths,
// signed and unsigned comparisons, float arithmetic on NaN, ±0 and ±Inf,
// loops over slices reading and writing elements at indexes that may be
// out of range, nested branches producing values, and bounded counted
// loops; with randfuncs_calls_test.go, slice expressions re-slicing the
// parameters, copies, calls of the package's functions and methods, and
// functions that are methods of *S. TestRandomFuncs (randfuncs_test.go) compiles them and runs the
// generated equivalence tests.

import (
	"fmt"
	"go/format"
	"math/rand/v2"
	"regexp"
	"strconv"
	"strings"
)

// An rfKind is a scalar type of the subset.
type rfKind uint8

const (
	rfInt rfKind = iota
	rfInt8
	rfInt16
	rfInt32
	rfInt64
	rfUint
	rfUint8
	rfUint16
	rfUint32
	rfUint64
	rfFloat32
	rfFloat64
	rfBool
	rfNumKinds
)

var rfKindInfo = [rfNumKinds]struct {
	name   string
	bits   int
	signed bool
}{
	{"int", 64, true}, {"int8", 8, true}, {"int16", 16, true}, {"int32", 32, true}, {"int64", 64, true},
	{"uint", 64, false}, {"uint8", 8, false}, {"uint16", 16, false}, {"uint32", 32, false}, {"uint64", 64, false},
	{"float32", 32, true}, {"float64", 64, true}, {"bool", 1, false},
}

func (k rfKind) String() string { return rfKindInfo[k].name }
func (k rfKind) isInt() bool    { return k <= rfUint64 }
func (k rfKind) isFloat() bool  { return k == rfFloat32 || k == rfFloat64 }
func (k rfKind) signed() bool   { return rfKindInfo[k].signed }
func (k rfKind) bits() int      { return rfKindInfo[k].bits }

// floatable reports whether an integer of kind k may be converted to a
// float (not from a 64-bit unsigned integer).
func (k rfKind) floatable() bool { return k.isInt() && (k.signed() || k.bits() < 64) }

// rfFields are the fields of the struct S the functions reach through
// pointers (rfTypesFile declares it).
var rfFields = []struct {
	name string
	kind rfKind
}{
	{"A", rfInt64}, {"B", rfUint8}, {"C", rfInt32}, {"D", rfFloat64}, {"E", rfBool},
	{"F", rfUint16}, {"G", rfFloat32}, {"H", rfInt}, {"I", rfInt8}, {"J", rfUint32},
}

// rfPFields are the fields of P, the element of the []P parameters:
// 16 bytes, an element size no addressing mode scales by.
var rfPFields = []struct {
	name string
	kind rfKind
}{
	{"X", rfInt64}, {"Y", rfInt32}, {"Z", rfUint16},
}

// rfTypesFile returns the file, built everywhere, that declares S and P.
func rfTypesFile(pkg string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "package %s\n\n// S is the struct the random functions reach through pointers.\ntype S struct {\n", pkg)
	for _, f := range rfFields {
		fmt.Fprintf(&b, "\t%s %s\n", f.name, f.kind)
	}
	b.WriteString("}\n\n// P is the element of the random functions' []P parameters.\ntype P struct {\n")
	for _, f := range rfPFields {
		fmt.Fprintf(&b, "\t%s %s\n", f.name, f.kind)
	}
	b.WriteString("}\n")
	b.WriteString(rfHelpers)
	return b.String()
}

type rfShape uint8

const (
	rfScalar rfShape = iota
	rfSlice
	rfString
	rfPtr
	rfPSlice // []P: its elements' fields are read and written
)

// An rfVar is a parameter, a local or a loop variable.
type rfVar struct {
	name  string
	shape rfShape
	kind  rfKind // the scalar's, or the element's (uint8 for a string)
}

// An rfLoop is an enclosing loop.
type rfLoop struct {
	idx  *rfVar // its index, nil if none
	over *rfVar // the slice or string the index runs over, nil if none
}

type rfGen struct {
	r       *rand.Rand
	b       strings.Builder
	params  []*rfVar
	locals  []*rfVar // declared at the top, all folded into the results
	scope   []*rfVar // loop variables in scope, innermost last
	loops   []rfLoop
	results []rfKind
	nloops  int
	budget  int // statements left
	depth   int // nesting of ifs and loops
	nvars   int
	elem    *rfVar // in an element-wise loop, its index: every slice is indexed by it
	inCall  bool   // writing a call's arguments (randfuncs_calls_test.go)
}

// rfFunction returns the source, named name, of the function number
// index of the series seed (the same whatever the series' length).
func rfFunction(seed, index uint64, name string) string {
	g := &rfGen{r: rand.New(rand.NewPCG(seed, index^0x72616e6466756e63))}
	g.function(name)
	return g.b.String()
}

// rfFile returns the file of the Go originals, formatted.
func rfFile(pkg string, srcs []string) ([]byte, error) {
	text := "//go:build !amd64 || purego\n\npackage " + pkg + "\n\n" + strings.Join(srcs, "\n")
	return format.Source([]byte(text))
}

// rfFormatFunc returns the source of a function formatted, or as it is
// if it does not parse.
func rfFormatFunc(src string) string {
	const header = "package r\n\n"
	b, err := format.Source([]byte(header + src))
	if err != nil {
		return src
	}
	return strings.TrimPrefix(string(b), header)
}

func (g *rfGen) n(k int) int                     { return g.r.IntN(k) }
func (g *rfGen) pct(p int) bool                  { return g.r.IntN(100) < p }
func (g *rfGen) line(format string, args ...any) { fmt.Fprintf(&g.b, format+"\n", args...) }

func (g *rfGen) newVar(prefix string, shape rfShape, k rfKind) *rfVar {
	v := &rfVar{name: fmt.Sprintf("%s%d", prefix, g.nvars), shape: shape, kind: k}
	g.nvars++
	return v
}

// intKind returns a random integer kind.
func (g *rfGen) intKind() rfKind { return rfKind(g.n(int(rfUint64) + 1)) }

func (g *rfGen) floatKind() rfKind { return rfFloat32 + rfKind(g.n(2)) }

// anyKind returns a random kind, integers most often.
func (g *rfGen) anyKind() rfKind {
	switch c := g.n(100); {
	case c < 70:
		return g.intKind()
	case c < 88:
		return g.floatKind()
	}
	return rfBool
}

func (g *rfGen) function(name string) {
	// Parameters: scalars, slices, strings, pointers to S; at least one
	// integer scalar; at most five pointers (a loop's poll takes eight).
	np := 2 + g.n(5)
	ptrs, hasInt := 0, false
	// A method of *S (Mk): its receiver is the first parameter.
	method := strings.HasPrefix(name, "M")
	if method {
		g.params = append(g.params, g.newVar("p", rfPtr, rfInt))
		ptrs++
	}
	for range np {
		var v *rfVar
		switch c := g.n(100); {
		case c < 52 || ptrs >= 5:
			v = g.newVar("p", rfScalar, g.anyKind())
			hasInt = hasInt || v.kind.isInt()
		case c < 78:
			v = g.newVar("p", rfSlice, g.anyKind())
		case c < 84:
			v = g.newVar("p", rfPSlice, rfInt64)
		case c < 92:
			v = g.newVar("p", rfString, rfUint8)
		default:
			v = g.newVar("p", rfPtr, rfInt)
		}
		if v.shape != rfScalar {
			ptrs++
		}
		g.params = append(g.params, v)
	}
	if !hasInt {
		g.params = append(g.params, g.newVar("p", rfScalar, g.intKind()))
	}

	// Locals: the first an integer, then integers, floats and a few bools.
	nl := 2 + g.n(5)
	kinds := []rfKind{g.intKind()}
	nbool, nfloat := 0, 0
	for range nl - 1 {
		switch c := g.n(100); {
		case c < 22:
			kinds = append(kinds, g.floatKind())
			nfloat++
		case c < 35 && nbool < 3:
			kinds = append(kinds, rfBool)
			nbool++
		default:
			kinds = append(kinds, g.intKind())
		}
	}
	g.results = []rfKind{g.intKind()}
	switch {
	case nfloat > 0:
		g.results = append(g.results, g.floatKind())
	case g.pct(50):
		g.results = append(g.results, g.anyKind())
	}
	if len(g.results) == 2 && g.pct(40) {
		g.results[0], g.results[1] = g.results[1], g.results[0]
	}

	var ps, rs []string
	for _, p := range g.params {
		ps = append(ps, p.name+" "+rfTypeName(p))
	}
	for _, k := range g.results {
		rs = append(rs, k.String())
	}
	res := strings.Join(rs, ", ")
	if len(rs) > 1 {
		res = "(" + res + ")"
	}
	if method {
		g.line("func (%s) %s(%s) %s {", ps[0], name, strings.Join(ps[1:], ", "), res)
	} else {
		g.line("func %s(%s) %s {", name, strings.Join(ps, ", "), res)
	}
	for _, k := range kinds {
		v := g.newVar("v", rfScalar, k)
		g.line("var %s %s = %s", v.name, k, g.expr(k, 2))
		g.locals = append(g.locals, v)
	}
	g.budget = 6 + g.n(14)
	for g.budget > 0 {
		g.stmt()
	}
	g.ret()
	g.line("}")
}

func rfTypeName(v *rfVar) string {
	switch v.shape {
	case rfSlice:
		return "[]" + v.kind.String()
	case rfString:
		return "string"
	case rfPtr:
		return "*S"
	case rfPSlice:
		return "[]P"
	}
	return v.kind.String()
}

// ret writes the return statement: every local is folded into the
// results (the bools first into the first local).
func (g *rfGen) ret() {
	v0 := g.locals[0]
	bit := 1
	var bools, ints, floats []*rfVar
	for _, v := range g.locals {
		switch {
		case v.kind == rfBool:
			bools = append(bools, v)
			g.line("if %s {\n%s ^= %d\n}", v.name, v0.name, bit)
			bit <<= 1
		case v.kind.isFloat():
			floats = append(floats, v)
		default:
			ints = append(ints, v)
		}
	}
	var out []string
	for _, k := range g.results {
		switch {
		case k.isInt():
			e := ""
			for i, v := range ints {
				if i == 0 {
					e = fmt.Sprintf("%s(%s)", k, v.name)
				} else {
					e = fmt.Sprintf("(%s)*31 + %s(%s)", e, k, v.name)
				}
			}
			out = append(out, e)
		case k.isFloat():
			var terms []string
			for _, v := range floats {
				terms = append(terms, fmt.Sprintf("%s(%s)", k, v.name))
			}
			if len(terms) == 0 {
				terms = append(terms, fmt.Sprintf("%s(int64(%s))", k, v0.name))
			}
			out = append(out, strings.Join(terms, " + "))
		default:
			e := fmt.Sprintf("(%s > 0)", ints[len(ints)-1].name)
			for _, v := range bools {
				e = fmt.Sprintf("(%s != %s)", e, v.name)
			}
			out = append(out, e)
		}
	}
	g.line("return %s", strings.Join(out, ", "))
}

// visible returns the variables in scope.
func (g *rfGen) visible() []*rfVar {
	vs := append(append([]*rfVar{}, g.params...), g.locals...)
	return append(vs, g.scope...)
}

// stmt writes one statement.
func (g *rfGen) stmt() {
	g.budget--
	for {
		switch c := g.n(100); {
		case c < 30:
			g.assign()
			return
		case c < 46:
			if g.depth < 3 {
				g.ifStmt()
				return
			}
		case c < 55:
			if len(g.loops) < 2 && g.nloops < 4 {
				g.loop()
				return
			}
		case c < 60:
			if len(g.loops) < 2 && g.nloops < 4 && g.elementWise() {
				return
			}
		case c < 72:
			if g.store() {
				return
			}
		case c < 76:
			if g.reslice() {
				return
			}
		case c < 78:
			if g.copyStmt() {
				return
			}
		case c < 83:
			if g.floatToInt() {
				return
			}
		case c < 86:
			g.line("if %s {", g.cond())
			g.ret()
			g.line("}")
			return
		case c < 93:
			if len(g.loops) > 0 {
				kw := "break"
				if g.pct(50) {
					kw = "continue"
				}
				g.line("if %s {\n%s\n}", g.cond(), kw)
				return
			}
		default:
			v := g.locals[g.n(len(g.locals))]
			if v.kind != rfBool {
				op := "++"
				if g.pct(50) {
					op = "--"
				}
				g.line("%s%s", v.name, op)
				return
			}
		}
	}
}

// block writes a block's statements.
func (g *rfGen) block(n int) {
	g.depth++
	for i := 0; i < n && (i == 0 || g.budget > 0); i++ {
		g.stmt()
	}
	g.depth--
}

func (g *rfGen) ifStmt() {
	g.line("if %s {", g.cond())
	g.block(1 + g.n(3))
	for g.pct(30) {
		g.line("} else if %s {", g.cond())
		g.block(1 + g.n(2))
	}
	if g.pct(50) {
		g.line("} else {")
		g.block(1 + g.n(3))
	}
	g.line("}")
}

// assign writes an assignment to a local.
func (g *rfGen) assign() {
	v := g.locals[g.n(len(g.locals))]
	g.line("%s", g.update(v.name, v.kind))
}

// update returns an assignment to lhs, of kind k.
func (g *rfGen) update(lhs string, k rfKind) string {
	if k == rfBool {
		e := g.cond()
		if e == lhs {
			e = "!" + e
		}
		return lhs + " = " + e
	}
	if g.pct(60) {
		e := g.expr(k, 3)
		if e == lhs {
			e = g.expr(k, 3)
			if e == lhs {
				return lhs + " += 1"
			}
		}
		return lhs + " = " + e
	}
	if k.isFloat() {
		switch g.n(4) {
		case 0:
			return lhs + " += " + g.operand(k, 2)
		case 1:
			return lhs + " -= " + g.operand(k, 2)
		case 2:
			return lhs + " *= " + g.operand(k, 2)
		}
		return lhs + " /= " + g.divisor(k, 2)
	}
	switch g.n(10) {
	case 0, 1:
		return lhs + " /= " + g.divisor(k, 2)
	case 2:
		return lhs + " %= " + g.divisor(k, 2)
	case 3:
		return lhs + " <<= " + g.shiftCount(k, 1)
	case 4:
		return lhs + " >>= " + g.shiftCount(k, 1)
	}
	ops := []string{"+=", "-=", "*=", "^=", "|=", "&=", "&^="}
	return lhs + " " + ops[g.n(len(ops))] + " " + g.operand(k, 2)
}

// store writes a store through a slice or a pointer parameter, or
// reports that there is none.
func (g *rfGen) store() bool {
	var cands []*rfVar
	for _, p := range g.params {
		if p.shape == rfSlice || p.shape == rfPtr || p.shape == rfPSlice {
			cands = append(cands, p)
		}
	}
	if len(cands) == 0 {
		return false
	}
	p := cands[g.n(len(cands))]
	var lhs string
	k := p.kind
	switch p.shape {
	case rfSlice:
		lhs = p.name + "[" + g.index(p) + "]"
	case rfPSlice:
		f := rfPFields[g.n(len(rfPFields))]
		lhs, k = p.name+"["+g.index(p)+"]."+f.name, f.kind
	default:
		f := rfFields[g.n(len(rfFields))]
		lhs, k = p.name+"."+f.name, f.kind
	}
	if k != rfBool && g.pct(15) {
		if g.pct(50) {
			g.line("%s++", lhs)
		} else {
			g.line("%s--", lhs)
		}
		return true
	}
	g.line("%s", g.update(lhs, k))
	return true
}

// floatToInt writes a conversion of a float to an integer guarded by a
// range check (out of range, the conversion is implementation-defined).
func (g *rfGen) floatToInt() bool {
	var ints []*rfVar
	for _, v := range g.locals {
		if v.kind.isInt() {
			ints = append(ints, v)
		}
	}
	v := ints[g.n(len(ints))]
	fk := g.floatKind()
	f := g.leaf(fk)
	to := []string{"int64", "int32", "int"}[g.n(3)]
	bound := []string{"1e9", "2e9", "100", "1e6"}[g.n(4)]
	if to == "int32" && bound == "2e9" {
		bound = "2.1e9"
	}
	g.line("if %s > -%s && %s < %s {\n%s = %s(%s(%s))\n}", f, bound, f, bound, v.name, v.kind, to, f)
	return true
}

// loop writes a loop: over a slice or a string, counted up to a bound
// kept small, or over the bits of an unsigned integer.
func (g *rfGen) loop() {
	g.nloops++
	inner := len(g.loops) > 0
	var slices, seqs, texts []*rfVar
	for _, p := range g.params {
		switch p.shape {
		case rfSlice:
			slices = append(slices, p)
			seqs = append(seqs, p)
			if p.kind == rfUint8 {
				texts = append(texts, p) // ranged over as string(p)
			}
		case rfString:
			seqs = append(seqs, p)
			texts = append(texts, p)
		case rfPSlice:
			seqs = append(seqs, p)
		}
	}
	i := g.newVar("i", rfScalar, rfInt)
	var vars []*rfVar
	l := rfLoop{idx: i}
	mask := "63"
	if inner {
		mask = "7"
	}
	for {
		c := g.n(15)
		if c <= 2 && len(slices) == 0 || c >= 3 && c <= 7 && len(seqs) == 0 || c == 13 && len(seqs) == 0 || c == 14 && len(texts) == 0 {
			continue
		}
		switch c {
		case 14:
			// Over the runes of a string, or of string(b): byte
			// indices, and runes decoded as Go decodes them.
			s := texts[g.n(len(texts))]
			over := s.name
			if s.shape == rfSlice {
				over = "string(" + s.name + ")"
			}
			x := g.newVar("x", rfScalar, rfInt32)
			vars = append(vars, x)
			l.over = s
			switch g.n(3) {
			case 0:
				g.line("for %s, %s := range %s {", i.name, x.name, over)
			case 1:
				l.idx = nil
				g.line("for _, %s := range %s {", x.name, over)
			default:
				vars = vars[:len(vars)-1]
				g.line("for %s := range %s {", i.name, over)
			}
		case 0:
			s := slices[g.n(len(slices))]
			l.over = s
			g.line("for %s := range %s {", i.name, s.name)
		case 1:
			s := slices[g.n(len(slices))]
			x := g.newVar("x", rfScalar, s.kind)
			vars = append(vars, x)
			l.over = s
			g.line("for %s, %s := range %s {", i.name, x.name, s.name)
		case 2:
			s := slices[g.n(len(slices))]
			x := g.newVar("x", rfScalar, s.kind)
			vars = append(vars, x)
			l.idx = nil
			g.line("for _, %s := range %s {", x.name, s.name)
		case 3:
			s := seqs[g.n(len(seqs))]
			l.over = s
			g.line("for %s := 0; %s < len(%s); %s++ {", i.name, i.name, s.name, i.name)
		case 4:
			s := seqs[g.n(len(seqs))]
			l.over = s
			g.line("for %s := 1; %s < len(%s); %s++ {", i.name, i.name, s.name, i.name)
		case 5:
			s := seqs[g.n(len(seqs))]
			l.over = s
			g.line("for %s := len(%s) - 1; %s >= 0; %s-- {", i.name, s.name, i.name, i.name)
		case 6:
			s := seqs[g.n(len(seqs))]
			l.over = s
			g.line("for %s := 0; %s+1 < len(%s); %s += 2 {", i.name, i.name, s.name, i.name)
		case 7:
			s, t := seqs[g.n(len(seqs))], seqs[g.n(len(seqs))]
			if s == t {
				continue
			}
			l.over = s
			g.line("for %s := 0; %s < len(%s) && %s < len(%s); %s++ {", i.name, i.name, s.name, i.name, t.name, i.name)
		case 8:
			e, _ := g.anyIntLeaf()
			g.line("for %s := 0; %s < int(%s&%s); %s++ {", i.name, i.name, e, mask, i.name)
		case 9:
			e, k := g.anyIntLeaf()
			i.kind = k
			g.line("for %s := range %s & %s {", i.name, e, mask)
		case 13:
			// From a start computed at run time, negative at times:
			// loop splitting tests it before its copy without checks.
			s := seqs[g.n(len(seqs))]
			e, _ := g.anyIntLeaf()
			l.over = s
			g.line("for %s := int(%s)%%5 - 1; %s < len(%s); %s++ {", i.name, e, i.name, s.name, i.name)
		case 10:
			if len(seqs) == 0 || inner {
				continue
			}
			s := seqs[g.n(len(seqs))]
			l.over = s
			g.line("for %s := range len(%s) {", i.name, s.name)
		default:
			// Over the bits of an unsigned integer: at most 64
			// iterations whatever the body does.
			k := rfUint + rfKind(g.n(5))
			u := g.newVar("u", rfScalar, k)
			l.idx = nil
			vars = append(vars, u)
			step := []string{"%s >>= 1", "%s >>= 3", "%s &= %s - 1", "%s /= 2", "%s /= 3", "%s /= 10"}[g.n(6)]
			g.line("for %s := %s; %s != 0; "+strings.ReplaceAll(step, "%s", u.name)+" {", u.name, g.expr(k, 1), u.name)
		}
		break
	}
	if l.idx != nil {
		vars = append(vars, i)
	}
	g.scope = append(g.scope, vars...)
	g.loops = append(g.loops, l)
	start := g.b.Len()
	g.block(1 + g.n(4))
	// Every loop variable is used (and observed).
	body := g.b.String()[start:]
	v0 := g.locals[0]
	for _, v := range vars {
		if regexp.MustCompile(`\b`+v.name+`\b`).MatchString(body) && g.pct(50) {
			continue
		}
		switch {
		case v.kind.isInt():
			g.line("%s += %s(%s)", v0.name, v0.kind, v.name)
		case v.kind.isFloat():
			g.line("if %s > 0.5 {\n%s++\n}", v.name, v0.name)
		default:
			g.line("if %s {\n%s++\n}", v.name, v0.name)
		}
	}
	g.scope = g.scope[:len(g.scope)-len(vars)]
	g.loops = g.loops[:len(g.loops)-1]
	g.line("}")
}

// index returns an index into the slice or string s: the enclosing
// loop's index, off by one, reversed, or an expression that may be out
// of range or negative.
func (g *rfGen) index(s *rfVar) string {
	if g.elem != nil {
		return g.elem.name
	}
	var idxs []*rfVar
	for j := len(g.loops) - 1; j >= 0; j-- {
		if g.loops[j].idx != nil {
			idxs = append(idxs, g.loops[j].idx)
			if g.loops[j].over == s && g.pct(70) {
				idxs = idxs[len(idxs)-1:]
				break
			}
		}
	}
	if len(idxs) > 0 && g.pct(75) {
		i := idxs[g.n(len(idxs))]
		switch c := g.n(12); {
		case c < 6:
			return i.name
		case c < 7:
			return i.name + "+1"
		case c < 8:
			return i.name + "-1"
		case c < 9 && i.kind == rfInt:
			return "len(" + s.name + ")-1-" + i.name
		case c < 10:
			return i.name + "/2"
		case c < 11:
			return i.name + "*2"
		}
		return i.name + "+2"
	}
	// Elsewhere: mostly in range of a slice long enough, sometimes
	// negative or beyond.
	switch c := g.n(100); {
	case c < 25:
		return strconv.Itoa(g.n(3))
	case c < 45:
		e, _ := g.scalarIntLeaf()
		return e + "&7"
	case c < 60:
		e, _ := g.scalarIntLeaf()
		return e + "&63"
	case c < 75:
		return "len(" + s.name + ")-1"
	case c < 85:
		e, k := g.scalarIntLeaf()
		if k != rfInt {
			e = "int(" + e + ")"
		}
		return e + "%len(" + s.name + ")"
	case c < 93:
		for _, v := range g.visible() {
			if v.shape == rfScalar && (v.kind == rfInt8 || v.kind == rfUint8) && g.pct(50) {
				return v.name
			}
		}
	}
	e, _ := g.scalarIntLeaf()
	return e
}

// cond returns a condition.
func (g *rfGen) cond() string {
	return g.boolExpr(2).text
}

// expr returns an expression of kind k that is not a constant.
func (g *rfGen) expr(k rfKind, d int) string {
	if d <= 0 || g.pct(25) {
		return g.leaf(k)
	}
	switch {
	case k == rfBool:
		return g.boolExpr(d).text
	case k.isFloat():
		return g.floatExpr(k, d)
	}
	return g.intExpr(k, d)
}

// operand returns the right operand of a binary operator: an expression
// or a constant.
func (g *rfGen) operand(k rfKind, d int) string {
	if g.pct(35) {
		return g.constant(k, false)
	}
	return g.expr(k, d)
}

func (g *rfGen) intExpr(k rfKind, d int) string {
	switch c := g.n(20); {
	case c < 6:
		ops := []string{"+", "-", "*", "&", "|", "^", "&^"}
		return "(" + g.expr(k, d-1) + " " + ops[g.n(len(ops))] + " " + g.operand(k, d-1) + ")"
	case c < 8:
		op := "/"
		if g.pct(40) {
			op = "%"
		}
		return "(" + g.expr(k, d-1) + " " + op + " " + g.divisor(k, d-1) + ")"
	case c < 11:
		op := "<<"
		if g.pct(55) {
			op = ">>"
		}
		return "(" + g.expr(k, d-1) + " " + op + " " + g.shiftCount(k, d-1) + ")"
	case c < 12:
		op := "-"
		if g.pct(50) {
			op = "^"
		}
		return "(" + op + g.expr(k, d-1) + ")"
	case c < 16:
		from := g.intKind()
		return k.String() + "(" + g.expr(from, d-1) + ")"
	case c < 17:
		return g.rotate(k)
	}
	return g.leaf(k)
}

// rotate returns a rotation of a variable of kind k, by a constant or
// by a masked variable count (signed kinds shift in their sign).
func (g *rfGen) rotate(k rfKind) string {
	var vs []*rfVar
	for _, v := range g.visible() {
		if v.shape == rfScalar && v.kind == k {
			vs = append(vs, v)
		}
	}
	if len(vs) == 0 {
		return g.leaf(k)
	}
	x, w := vs[g.n(len(vs))].name, k.bits()
	if g.pct(50) {
		c := 1 + g.n(w-1)
		if g.pct(50) {
			return fmt.Sprintf("(%s<<%d | %s>>%d)", x, c, x, w-c)
		}
		return fmt.Sprintf("(%s>>%d | %s<<%d)", x, c, x, w-c)
	}
	y, _ := g.scalarIntLeaf()
	return fmt.Sprintf("(%s<<(%s&%d) | %s>>(%d-%s&%d))", x, y, w-1, x, w, y, w-1)
}

// elementWise writes a loop storing into element i of a slice an
// expression of elements i of slices (maybe shorter) and scalars, the
// kind of loop the backend vectorises, or reports that there is no
// slice to store into.
func (g *rfGen) elementWise() bool {
	var dsts []*rfVar
	for _, p := range g.params {
		if p.shape == rfSlice && p.kind != rfBool {
			dsts = append(dsts, p)
		}
	}
	if len(dsts) == 0 {
		return false
	}
	g.nloops++
	dst := dsts[g.n(len(dsts))]
	i := g.newVar("i", rfScalar, rfInt)
	switch g.n(3) {
	case 0:
		g.line("for %s := range %s {", i.name, dst.name)
	case 1:
		g.line("for %s := 0; %s < len(%s); %s++ {", i.name, i.name, dst.name, i.name)
	default:
		e, _ := g.scalarIntLeaf()
		g.line("for %s := 0; %s < int(%s&63); %s++ {", i.name, i.name, e, i.name)
	}
	g.elem = i
	lhs := dst.name + "[" + i.name + "]"
	e := g.expr(dst.kind, 3)
	for e == lhs {
		e = g.expr(dst.kind, 3)
	}
	g.line("%s = %s", lhs, e)
	if g.pct(30) {
		g.line("%s", g.update(lhs, dst.kind))
	}
	g.elem = nil
	g.line("}")
	return true
}

func (g *rfGen) floatExpr(k rfKind, d int) string {
	switch c := g.n(10); {
	case c < 5:
		op := []string{"+", "-", "*", "/"}[g.n(4)]
		r := g.operand(k, d-1)
		if op == "/" {
			r = g.divisor(k, d-1)
		}
		return "(" + g.expr(k, d-1) + " " + op + " " + r + ")"
	case c < 6:
		return "(-" + g.expr(k, d-1) + ")"
	case c < 7:
		return k.String() + "(" + g.expr(rfFloat32+rfFloat64-k, d-1) + ")"
	case c < 9:
		from := g.intKind()
		for !from.floatable() {
			from = g.intKind()
		}
		return k.String() + "(" + g.expr(from, d-1) + ")"
	}
	return g.leaf(k)
}

// An rfCond is a condition as vet's bools check sees it: a chain of
// && or || is the list of its operands (through parentheses), a
// comparison its operator and left operand.
type rfCond struct {
	text  string
	op    string // "&&", "||", a comparison's operator, or ""
	left  string
	parts []rfCond // the operands of a chain
}

// operands returns c's operands in a chain of op.
func (c rfCond) operands(op string) []rfCond {
	if c.op == op {
		return c.parts
	}
	return []rfCond{c}
}

// rfVetClean reports whether a chain of op with these operands passes
// vet's bools check: no operand twice (redundant), no x != c1 || x != c2
// nor x == c1 && x == c2 (suspect).
func rfVetClean(op string, parts []rfCond) bool {
	suspect := "!="
	if op == "&&" {
		suspect = "=="
	}
	for i, a := range parts {
		for _, b := range parts[:i] {
			if a.text == b.text || a.op == suspect && b.op == suspect && a.left == b.left {
				return false
			}
		}
	}
	return true
}

// boolExpr returns a condition.
func (g *rfGen) boolExpr(d int) rfCond {
	c := g.n(10)
	if d <= 0 {
		c = g.n(3)
	}
	switch {
	case c < 2:
		if cands := g.leafCands(rfBool); len(cands) > 0 {
			return rfCond{text: cands[g.n(len(cands))]()}
		}
		fallthrough
	case c < 6:
		var k rfKind
		if g.pct(75) {
			k = g.intKind()
		} else {
			k = g.floatKind()
		}
		op := []string{"==", "!=", "<", "<=", ">", ">="}[g.n(6)]
		l := g.expr(k, d-1)
		return rfCond{text: "(" + l + " " + op + " " + g.operand(k, d-1) + ")", op: op, left: l}
	case c < 8:
		a, b := g.boolExpr(d-1), g.boolExpr(d-1)
		op := "&&"
		if g.pct(50) {
			op = "||"
		}
		parts := append(append([]rfCond{}, a.operands(op)...), b.operands(op)...)
		if !rfVetClean(op, parts) {
			return a
		}
		return rfCond{text: "(" + a.text + " " + op + " " + b.text + ")", op: op, parts: parts}
	case c < 9:
		a := g.boolExpr(d - 1)
		return rfCond{text: "!" + a.text}
	}
	a, b := g.boolExpr(d-1), g.boolExpr(d-1)
	op := "=="
	if g.pct(50) {
		op = "!="
	}
	return rfCond{text: "(" + a.text + " " + op + " " + b.text + ")", op: op, left: a.text}
}

// divisor returns a divisor of kind k: a non-zero constant (-1 often),
// or an expression that may be zero or -1.
func (g *rfGen) divisor(k rfKind, d int) string {
	switch g.n(7) {
	case 0, 1:
		if k.signed() && !k.isFloat() && g.pct(30) {
			return "(-1)"
		}
		return g.constant(k, true)
	case 2, 3:
		return g.expr(k, d)
	case 4:
		if k.isFloat() {
			return g.expr(k, d)
		}
		return "(" + g.expr(k, d) + " | 1)"
	case 5:
		if k.isFloat() {
			return g.constant(k, true)
		}
		if k.signed() {
			return "(" + g.expr(k, d) + " | -2)"
		}
		return "(" + g.expr(k, d) + " & 3)"
	}
	if k.isFloat() {
		return g.expr(k, d)
	}
	return "(" + g.expr(k, d) + " & 3)"
}

// shiftCount returns the count of a shift of a value of kind k: a
// constant below its width, or a variable count, unsigned (often beyond
// the width) or signed (panicking when negative).
func (g *rfGen) shiftCount(k rfKind, d int) string {
	switch g.n(9) {
	case 0, 1, 2:
		w := k.bits()
		return strconv.Itoa([]int{0, 1, w - 1, w / 2, g.n(w)}[g.n(5)])
	case 3:
		return g.expr(rfUint+rfKind(g.n(5)), d)
	case 4:
		return "(" + g.expr(rfUint+rfKind(g.n(5)), d) + " & " + []string{"7", "15", "31", "63", "127"}[g.n(5)] + ")"
	case 5:
		return "(" + g.expr(rfUint+rfKind(g.n(5)), d) + " % 72)"
	case 6:
		return g.expr(rfInt+rfKind(g.n(5)), d)
	case 7:
		return "(" + g.expr(rfInt+rfKind(g.n(5)), d) + " & " + []string{"7", "31", "63", "127"}[g.n(4)] + ")"
	}
	return "uint(" + g.expr(rfInt+rfKind(g.n(5)), d) + ")"
}

// leafCands returns the ways to read a value of kind k: variables,
// elements of slices and strings, fields, lengths.
func (g *rfGen) leafCands(k rfKind) []func() string {
	var cands []func() string
	for _, v := range g.visible() {
		cands = append(cands, g.callCands(v, k)...)
		switch v.shape {
		case rfScalar:
			if v.kind == k {
				cands = append(cands, func() string { return v.name }, func() string { return v.name })
			}
		case rfSlice, rfString:
			if v.kind == k {
				cands = append(cands, func() string { return v.name + "[" + g.index(v) + "]" })
			}
			if k == rfInt {
				cands = append(cands, func() string { return "len(" + v.name + ")" })
			}
		case rfPSlice:
			for _, f := range rfPFields {
				if f.kind == k {
					cands = append(cands, func() string { return v.name + "[" + g.index(v) + "]." + f.name })
				}
			}
			if k == rfInt {
				cands = append(cands, func() string { return "len(" + v.name + ")" })
			}
		case rfPtr:
			for _, f := range rfFields {
				if f.kind == k {
					cands = append(cands, func() string { return v.name + "." + f.name })
				}
			}
		}
	}
	return cands
}

// leaf returns a variable, an element, a field or a length of kind k,
// or a conversion of one of another kind.
func (g *rfGen) leaf(k rfKind) string {
	cands := g.leafCands(k)
	if len(cands) > 0 && !g.pct(10) {
		return cands[g.n(len(cands))]()
	}
	switch {
	case k.isInt():
		e, _ := g.anyIntLeaf()
		return k.String() + "(" + e + ")"
	case k.isFloat():
		if other := g.leafCands(rfFloat32 + rfFloat64 - k); len(other) > 0 && g.pct(50) {
			return k.String() + "(" + other[g.n(len(other))]() + ")"
		}
		e, from := g.anyIntLeaf()
		if !from.floatable() {
			e = "int64(" + e + ")"
		}
		return k.String() + "(" + e + ")"
	}
	e, from := g.anyIntLeaf()
	return "(" + e + " > " + g.constant(from, false) + ")"
}

// scalarIntLeaf returns an integer variable, or a length if there is
// none, and its kind.
func (g *rfGen) scalarIntLeaf() (string, rfKind) {
	var vs []*rfVar
	for _, v := range g.visible() {
		if v.shape == rfScalar && v.kind.isInt() {
			vs = append(vs, v)
		}
	}
	if len(vs) == 0 {
		return g.anyIntLeaf()
	}
	v := vs[g.n(len(vs))]
	return v.name, v.kind
}

// anyIntLeaf returns a value of an integer kind, and the kind.
func (g *rfGen) anyIntLeaf() (string, rfKind) {
	for {
		k := g.intKind()
		if cands := g.leafCands(k); len(cands) > 0 {
			return cands[g.n(len(cands))](), k
		}
	}
}

// rfIntEdges are the constants, where they fit, an integer operand is
// most often.
var rfIntEdges = []int64{0, 1, 2, 3, 5, 7, 8, 10, 15, 16, 31, 32, 63, 64, 100, 127, 128, 255, 256, 1000, 4095, 32767, 32768, 65535, 1<<31 - 1, 1 << 31, 1<<32 - 1, -1, -2, -3, -7, -8, -100, -128, -129, -32768, -1 << 31, 0x5555555555555555, -0x0f0f0f0f0f0f0f10}

var rfFloatEdges = map[rfKind][]string{
	rfFloat32: {"0", "1", "-1", "0.5", "2", "-2.5", "3", "1e30", "-1e30", "3.4028234e38", "1e-45", "0.1", "100", "16777217"},
	rfFloat64: {"0", "1", "-1", "0.5", "2", "-2.5", "3", "1e300", "-1e300", "1.7976931348623157e308", "5e-324", "0.1", "100", "9007199254740993"},
}

// constant returns a constant of kind k (not zero if nonzero),
// parenthesized when negative.
func (g *rfGen) constant(k rfKind, nonzero bool) string {
	if k == rfBool {
		return "true"
	}
	for {
		var s string
		if k.isFloat() {
			edges := rfFloatEdges[k]
			s = edges[g.n(len(edges))]
		} else {
			w := uint(k.bits())
			switch g.n(6) {
			case 0:
				if k.signed() {
					s = strconv.FormatInt(int64(g.r.Uint64())>>(64-w), 10)
				} else {
					s = strconv.FormatUint(g.r.Uint64()>>(64-w), 10)
				}
			case 1:
				if k.signed() {
					s = strconv.FormatInt(1<<(w-1)-1, 10)
				} else {
					s = strconv.FormatUint(1<<(w-1)<<1-1, 10)
				}
			case 2:
				if k.signed() {
					s = strconv.FormatInt(-1<<(w-1), 10)
				} else {
					s = strconv.FormatUint(1<<(w-1), 10)
				}
			default:
				v := rfIntEdges[g.n(len(rfIntEdges))]
				if k.signed() && w < 64 && (v < -1<<(w-1) || v > 1<<(w-1)-1) || !k.signed() && (v < 0 || w < 64 && v >= 1<<w) {
					continue
				}
				s = strconv.FormatInt(v, 10)
			}
		}
		if nonzero && (s == "0") {
			continue
		}
		if strings.HasPrefix(s, "-") {
			s = "(" + s + ")"
		}
		return s
	}
}
