// This file prints functions and modules in the text format (see doc.go
// for the grammar; parse.go reads it back).

package ir

import (
	"fmt"
	"go/constant"
	"go/types"
	"io"
	"strconv"
	"strings"
)

// PrintOptions control the printer. The zero value prints the canonical
// form that Parse reads back exactly.
type PrintOptions struct {
	// Positions appends "// file:line:col" to instructions that have a
	// position and whose module has a FileSet. The parser ignores it.
	Positions bool
}

// String returns the canonical text of the whole module.
func (m *Module) String() string {
	var sb strings.Builder
	m.Print(&sb, PrintOptions{})
	return sb.String()
}

// Print writes the module: the named types that anything in it refers
// to, its globals and external functions (sorted by name), then its
// functions in order.
func (m *Module) Print(w io.Writer, opts PrintOptions) error {
	decls := m.decls()
	p := &printer{opts: opts, mod: m}
	if m.DisciplineSet {
		p.sb.WriteString("discipline " + strings.ToLower(m.Discipline.String()) + "\n")
	}
	p.decls(decls, func(fn string) bool {
		_, ok := m.FuncSignature(fn)
		return ok
	})
	for _, f := range m.Funcs {
		if p.sb.Len() > 0 {
			p.sb.WriteByte('\n')
		}
		p.fn(f)
	}
	_, err := io.WriteString(w, p.sb.String())
	return err
}

// decls gathers the declarations the module's text has.
func (m *Module) decls() *declSet {
	var decls declSet
	for _, name := range sortedKeys(m.Globals) {
		decls.global(name, m.Globals[name])
	}
	for _, name := range sortedKeys(m.Externs) {
		decls.extern(name, m.Externs[name])
	}
	for _, f := range m.Funcs {
		decls.addFuncTypes(f)
	}
	return &decls
}

// NamedTypes returns the named types the module's text declares: those
// its globals, external functions and functions refer to, sorted as
// printed.
func (m *Module) NamedTypes() []*types.Named {
	named := append([]*types.Named(nil), m.decls().types.order...)
	sortNamed(named)
	return named
}

// String returns the function alone (without declarations), as used in
// dumps and error reports.
func (f *Func) String() string {
	p := &printer{mod: f.Module}
	p.fn(f)
	return p.sb.String()
}

// Format returns a self-contained module text for f: the declarations of
// everything f refers to (functions of its module other than f become
// declarations), then f. Parse accepts it.
func (f *Func) Format(opts PrintOptions) string {
	var decls declSet
	decls.addFuncTypes(f)
	for _, b := range f.Blocks {
		if b == nil {
			continue
		}
		for _, in := range b.Instrs {
			if in == nil || in.Sym() == "" || (in.IsCall() && in.CallMode != CallStatic) {
				continue
			}
			switch {
			case in.Op == OpGlobal:
				if f.Module != nil {
					if t, ok := f.Module.Globals[in.Sym()]; ok {
						decls.global(in.Sym(), t)
					}
				}
			case in.Sym() == f.Name:
			case f.Module != nil:
				if sig, ok := f.Module.FuncSignature(in.Sym()); ok {
					decls.extern(in.Sym(), sig)
				}
			}
		}
	}
	p := &printer{opts: opts, mod: f.Module}
	p.decls(&decls, func(fn string) bool {
		_, declared := decls.externSigs[fn]
		return fn == f.Name || declared
	})
	if p.sb.Len() > 0 {
		p.sb.WriteByte('\n')
	}
	p.fn(f)
	return p.sb.String()
}

// declSet gathers the declarations a text needs.
type declSet struct {
	types       namedTypes
	globalNames []string
	globalTypes map[string]types.Type
	externNames []string
	externSigs  map[string]*types.Signature
}

func (d *declSet) global(name string, t types.Type) {
	if d.globalTypes == nil {
		d.globalTypes = map[string]types.Type{}
	}
	if _, ok := d.globalTypes[name]; !ok {
		d.globalNames = append(d.globalNames, name)
		d.globalTypes[name] = t
		d.types.add(t)
	}
}

func (d *declSet) extern(name string, sig *types.Signature) {
	if d.externSigs == nil {
		d.externSigs = map[string]*types.Signature{}
	}
	if _, ok := d.externSigs[name]; !ok {
		d.externNames = append(d.externNames, name)
		d.externSigs[name] = sig
		d.types.add(sig)
	}
}

type printer struct {
	sb   strings.Builder
	opts PrintOptions
	mod  *Module
}

// decls prints the declarations of d: each named type with its methods
// whose functions the text has (inText), the globals, the external
// functions.
func (p *printer) decls(d *declSet, inText func(fn string) bool) {
	named := append([]*types.Named(nil), d.types.order...)
	sortNamed(named)
	for _, t := range named {
		fmt.Fprintf(&p.sb, "type %s %s\n", TypeString(t), TypeString(t.Underlying()))
		p.methodLines(t, inText)
	}
	sortStrings(d.globalNames)
	for _, name := range d.globalNames {
		fmt.Fprintf(&p.sb, "global %s %s\n", symbol(name), TypeString(d.globalTypes[name]))
	}
	sortStrings(d.externNames)
	for _, name := range d.externNames {
		fmt.Fprintf(&p.sb, "declare %s %s\n", symbol(name), TypeString(d.externSigs[name]))
	}
}

// symbol returns the printed form of a function or global name: "@" and
// the name, quoted unless it is a plain word.
func symbol(name string) string {
	if isWord(name) {
		return "@" + name
	}
	return "@" + strconv.Quote(name)
}

func (p *printer) fn(f *Func) {
	sb := &p.sb
	fmt.Fprintf(sb, "func %s(", symbol(f.Name))
	for i, r := range f.Params {
		if i > 0 {
			sb.WriteString(", ")
		}
		t := typeOrNil(f, r)
		if f.Variadic && i == len(f.Params)-1 && t != nil {
			sb.WriteString(r.String() + " ...")
			if s, ok := t.Underlying().(*types.Slice); ok {
				t = s.Elem()
			}
			sb.WriteString(TypeString(t))
			continue
		}
		fmt.Fprintf(sb, "%s %s", r, TypeString(t))
	}
	sb.WriteByte(')')
	results := make([]*types.Var, len(f.Results))
	for i, t := range f.Results {
		results[i] = types.NewParam(0, nil, "", t)
	}
	writeResults(sb, types.NewTuple(results...))
	if len(f.FreeVars) > 0 {
		sb.WriteString(" free(")
		for i, r := range f.FreeVars {
			if i > 0 {
				sb.WriteString(", ")
			}
			fmt.Fprintf(sb, "%s %s", r, TypeString(typeOrNil(f, r)))
		}
		sb.WriteByte(')')
	}
	if f.Recover >= 0 {
		fmt.Fprintf(sb, " recover b%d", f.Recover)
	}
	if f.Wrapper {
		sb.WriteString(" wrapper")
	}
	sb.WriteString(" {\n")
	for i, b := range f.Blocks {
		if b == nil {
			fmt.Fprintf(sb, "<missing block b%d>\n", i)
			continue
		}
		fmt.Fprintf(sb, "b%d:", b.Index)
		for i, pr := range b.Preds {
			if i == 0 {
				sb.WriteString(" <-")
			} else {
				sb.WriteByte(',')
			}
			fmt.Fprintf(sb, " b%d", pr)
		}
		sb.WriteByte('\n')
		for _, in := range b.Phis {
			p.instr(f, b, in)
		}
		for _, in := range b.Instrs {
			p.instr(f, b, in)
		}
	}
	sb.WriteString("}\n")
}

// addFuncTypes adds the types f's signature and registers name (its
// parameters' are its registers').
func (d *declSet) addFuncTypes(f *Func) {
	for _, t := range f.Results {
		if t != nil {
			d.types.add(t)
		}
	}
	for _, t := range f.RegTypes() {
		if t != nil {
			d.types.add(t)
		}
	}
}

// typeOrNil is the type of register r of f, or nil if it has none (a
// function the checker refuses may still be printed, for its report).
func typeOrNil(f *Func, r Reg) types.Type {
	if !f.HasReg(r) {
		return nil
	}
	return f.TypeOf(r)
}

// String returns "r<N>", or "_" for NoReg.
func (r Reg) String() string {
	if r == NoReg {
		return "_"
	}
	return "r" + strconv.Itoa(int(r))
}

func (p *printer) instr(f *Func, b *Block, in *Instr) {
	sb := &p.sb
	sb.WriteString("    ")
	sb.WriteString(FormatInstr(f, b, in))
	if p.opts.Positions && in != nil && in.Pos.IsValid() && p.mod != nil && p.mod.Fset != nil {
		fmt.Fprintf(sb, " // %s", p.mod.Fset.Position(in.Pos))
	}
	sb.WriteByte('\n')
}

// FormatInstr returns the text of one instruction of block b of f (b is
// needed for the successors of a terminator and may be nil otherwise).
// A missing instruction (nil, which no well-formed function has, but a
// rejected result's dump may) is written "<missing instruction>", which
// the parser refuses.
func FormatInstr(f *Func, b *Block, in *Instr) string {
	if in == nil {
		return "<missing instruction>"
	}
	var sb strings.Builder
	for i, d := range in.Dsts() {
		if i > 0 {
			sb.WriteString(", ")
		}
		sb.WriteString(d.String())
		if d >= 0 && int(d) < f.NumRegs() {
			sb.WriteByte(':')
			sb.WriteString(TypeString(f.TypeOf(d)))
		}
	}
	if len(in.Dsts()) > 0 {
		sb.WriteString(" = ")
	}
	name := in.Op.String()
	if in.Op == OpAlloc && in.Has(FlagHeap) {
		name = "new"
	}
	sb.WriteString(name)
	args := func(rs []Reg) {
		for i, r := range rs {
			if i > 0 {
				sb.WriteString(", ")
			}
			sb.WriteString(r.String())
		}
	}
	switch in.Op {
	case OpConst:
		sb.WriteByte(' ')
		var t types.Type
		if d := in.Dsts(); len(d) == 1 && f.HasReg(d[0]) {
			t = f.TypeOf(d[0])
		}
		sb.WriteString(constString(in.Const(), t))
	case OpGlobal, OpFunc:
		sb.WriteString(" " + symbol(in.Sym()))
	case OpField, OpFieldAddr:
		sb.WriteByte(' ')
		args(in.Args())
		sb.WriteString(", " + fieldName(f, in))
	case OpSliceCheck:
		if in.Has(FlagCapBound) {
			sb.WriteString(" cap ")
		} else {
			sb.WriteString(" len ")
		}
		args(in.Args())
	case OpLookup:
		if in.Has(FlagAssignLookup) {
			sb.WriteString(" assign")
		}
		sb.WriteByte(' ')
		args(in.Args())
	case OpNext:
		if in.Has(FlagStringIter) {
			sb.WriteString(" string ")
		} else {
			sb.WriteString(" map ")
		}
		args(in.Args())
	case OpSelect:
		if in.Has(FlagBlocking) {
			sb.WriteString(" blocking")
		} else {
			sb.WriteString(" nonblocking")
		}
		k := 0
		for i, dir := range in.SelectDirs() {
			if i > 0 {
				sb.WriteByte(',')
			}
			if k >= len(in.Args()) {
				sb.WriteString(" ?")
				break
			}
			if dir == types.SendOnly && k+1 < len(in.Args()) {
				fmt.Fprintf(&sb, " %s<-%s", in.Args()[k], in.Args()[k+1])
				k += 2
			} else {
				fmt.Fprintf(&sb, " <-%s", in.Args()[k])
				k++
			}
		}
	case OpMakeClosure:
		sb.WriteString(" " + symbol(in.Sym()) + "(")
		args(in.Args())
		sb.WriteByte(')')
	case OpCall, OpGo, OpDefer:
		sb.WriteByte(' ')
		if s := in.DeferStack(); s != NoReg {
			sb.WriteString("onto " + s.String() + " ")
		}
		switch in.CallMode {
		case CallStatic:
			sb.WriteString(symbol(in.Sym()))
		case CallClosure:
			sb.WriteString(in.Callee().String())
		case CallInvoke:
			sb.WriteString(in.Callee().String() + "." + in.Sym())
		case CallBuiltin:
			sb.WriteString(in.Sym())
		}
		sb.WriteByte('(')
		args(in.CallArgs())
		sb.WriteByte(')')
	case OpGamma, OpEta:
		for i, r := range in.Args() {
			if i > 0 {
				sb.WriteByte(',')
			}
			if i < len(in.Gates()) {
				sb.WriteString(" [" + in.Gates()[i].String() + "]")
			}
			sb.WriteString(" " + r.String())
		}
	case OpJump, OpIf:
		if len(in.Args()) > 0 {
			sb.WriteByte(' ')
			args(in.Args())
		}
		for i := 0; b != nil && i < len(b.Succs); i++ {
			if i > 0 || len(in.Args()) > 0 {
				sb.WriteByte(',')
			}
			fmt.Fprintf(&sb, " b%d", b.Succs[i])
		}
	default:
		if len(in.Args()) > 0 {
			sb.WriteByte(' ')
			args(in.Args())
		}
	}
	return sb.String()
}

// fieldName returns how field and fieldaddr name their field: by name if
// it identifies the field, else by index.
func fieldName(f *Func, in *Instr) string {
	st, i := structOf(f, in), int(in.Field)
	if st == nil || i < 0 || i >= st.NumFields() {
		return strconv.Itoa(i)
	}
	name := st.Field(i).Name()
	if name == "_" {
		return strconv.Itoa(i)
	}
	return name
}

// structOf returns the struct type a field or fieldaddr selects from.
func structOf(f *Func, in *Instr) *types.Struct {
	args := in.Args()
	if len(args) != 1 || !f.HasReg(args[0]) {
		return nil
	}
	t := f.TypeOf(args[0]).Underlying()
	if in.Op == OpFieldAddr {
		p, ok := t.(*types.Pointer)
		if !ok {
			return nil
		}
		t = p.Elem().Underlying()
	}
	st, _ := t.(*types.Struct)
	return st
}

// constString returns the printed value of a constant of type t.
func constString(v constant.Value, t types.Type) string {
	if v == nil {
		if t != nil && isNilable(t) {
			return "nil"
		}
		return "zero"
	}
	switch v.Kind() {
	case constant.Bool:
		return v.String()
	case constant.String:
		return strconv.Quote(constant.StringVal(v))
	case constant.Int:
		return v.ExactString()
	case constant.Float:
		return floatString(v, t)
	case constant.Complex:
		return "complex(" + floatString(constant.Real(v), t) + ", " + floatString(constant.Imag(v), t) + ")"
	}
	return "unsupported<" + v.String() + ">"
}

// floatString formats a float constant as the shortest decimal that reads
// back to the same float64 (or float32 for float32 and complex64).
func floatString(v constant.Value, t types.Type) string {
	bits := 64
	if b, ok := underlyingBasic(t); ok && (b.Kind() == types.Float32 || b.Kind() == types.Complex64) {
		bits = 32
	}
	if v.Kind() == constant.Int {
		v = constant.ToFloat(v)
	}
	x, _ := constant.Float64Val(v)
	s := strconv.FormatFloat(x, 'g', -1, bits)
	if !strings.ContainsAny(s, ".eIN") {
		s += ".0"
	}
	return s
}

func underlyingBasic(t types.Type) (*types.Basic, bool) {
	if t == nil {
		return nil, false
	}
	b, ok := t.Underlying().(*types.Basic)
	return b, ok
}

// isNilable reports whether nil is a value of t.
func isNilable(t types.Type) bool {
	switch u := t.Underlying().(type) {
	case *types.Pointer, *types.Slice, *types.Map, *types.Chan, *types.Signature, *types.Interface:
		return true
	case *types.Basic:
		return u.Kind() == types.UnsafePointer || u.Kind() == types.UntypedNil
	}
	return false
}
