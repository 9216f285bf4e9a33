// This file parses the text format (the grammar is in doc.go) back into
// a Module. Errors name line:col and what was expected; malformed input
// never makes the parser panic.

package ir

import (
	"fmt"
	"go/types"
	"regexp"
	"strconv"
)

// ParseError is a syntax or resolution error at a position of the text.
type ParseError struct {
	Filename  string
	Line, Col int
	Msg       string
}

func (e *ParseError) Error() string {
	if e.Filename != "" {
		return fmt.Sprintf("%s:%d:%d: %s", e.Filename, e.Line, e.Col, e.Msg)
	}
	return fmt.Sprintf("%d:%d: %s", e.Line, e.Col, e.Msg)
}

// Limits that keep malformed input from exhausting memory or stack.
const (
	maxNesting = 200     // type nesting depth
	maxRegs    = 1 << 22 // register numbers
	maxBlocks  = 1 << 22 // block labels
)

// Parse reads a module in the text format. filename is used in errors
// only.
func Parse(filename, src string) (m *Module, err error) {
	toks, lerr := lex(src)
	if lerr != nil {
		return nil, &ParseError{filename, lerr.line, lerr.col, lerr.msg}
	}
	p := &parser{
		filename: filename,
		src:      src,
		toks:     toks,
		scope:    typeScope{pkgs: map[string]*types.Package{}, named: map[string]*types.Named{}},
		mod:      NewModule(),
	}
	p.tok = toks[0]
	defer func() {
		if r := recover(); r != nil {
			pe, ok := r.(*ParseError)
			if !ok {
				panic(r)
			}
			m, err = nil, pe
		}
	}()
	p.declareTypes()
	p.module()
	p.resolveMethods()
	return p.mod, nil
}

// ParseFunc parses a module that holds exactly one function and returns
// that function (its Module holds the declarations).
func ParseFunc(src string) (*Func, error) {
	m, err := Parse("", src)
	if err != nil {
		return nil, err
	}
	if len(m.Funcs) != 1 {
		return nil, fmt.Errorf("want exactly one function, found %d", len(m.Funcs))
	}
	return m.Funcs[0], nil
}

type parser struct {
	filename string
	src      string
	toks     []lexeme
	pos      int
	tok      lexeme // toks[pos]
	scope    typeScope
	mod      *Module
	depth    int

	fn *funcState // the function being parsed

	methods []methodLine // the method lines, resolved at the end
}

func (p *parser) fail(tok lexeme, msg string) {
	panic(&ParseError{p.filename, tok.line, tok.col, msg})
}

func (p *parser) failExpected(what string) {
	p.fail(p.tok, fmt.Sprintf("expected %s, found %s", what, p.tok))
}

// next returns the current lexeme and advances (it stays on EOF).
func (p *parser) next() lexeme {
	t := p.tok
	if p.pos < len(p.toks)-1 {
		p.pos++
		p.tok = p.toks[p.pos]
	}
	return t
}

func (p *parser) peek() lexeme {
	if p.pos+1 < len(p.toks) {
		return p.toks[p.pos+1]
	}
	return p.toks[len(p.toks)-1]
}

func (p *parser) isPunct(s string) bool { return p.tok.kind == tPunct && p.tok.text == s }
func (p *parser) isWord(s string) bool  { return p.tok.kind == tWord && p.tok.text == s }

func (p *parser) expectPunct(s string) lexeme {
	if !p.isPunct(s) {
		p.failExpected(strconv.Quote(s))
	}
	return p.next()
}

func (p *parser) expectWord(s string) lexeme {
	if !p.isWord(s) {
		p.failExpected(strconv.Quote(s))
	}
	return p.next()
}

func (p *parser) expect(kind tokKind, what string) lexeme {
	if p.tok.kind != kind {
		p.failExpected(what)
	}
	return p.next()
}

func (p *parser) expectNewline() {
	if p.tok.kind != tEOF {
		if p.tok.kind != tNewline {
			p.failExpected("end of line")
		}
		p.next()
	}
}

func (p *parser) skipNewlines() {
	for p.tok.kind == tNewline {
		p.next()
	}
}

// typeName reads a declared type's name at the current lexeme: a
// qualified word, with the instance's type arguments taken verbatim.
func (p *parser) typeName() (string, lexeme) {
	tok := p.expect(tWord, "type name")
	name := tok.text
	// Type arguments follow the name without a space: "main.List[int]";
	// "main.T [2]int" declares an array type.
	if p.isPunct("[") && p.tok.off == tok.off+len(tok.text) {
		start := p.tok
		depth := 0
		for {
			t := p.next()
			switch {
			case t.kind == tEOF || t.kind == tNewline:
				p.fail(start, "unterminated type arguments")
			case t.kind == tPunct && t.text == "[":
				depth++
			case t.kind == tPunct && t.text == "]":
				depth--
			}
			if depth == 0 {
				name += p.src[start.off : t.off+1]
				break
			}
		}
	}
	return name, tok
}

func indexByte(s string, c byte) int {
	for i := 0; i < len(s); i++ {
		if s[i] == c {
			return i
		}
	}
	return len(s)
}

// declareTypes creates every declared named type before anything is
// parsed, so that declarations may refer to each other in any order.
func (p *parser) declareTypes() {
	atLineStart := true
	for p.tok.kind != tEOF {
		if atLineStart && p.isWord("type") {
			p.next()
			name, tok := p.typeName()
			path, base, ok := splitQualified(name)
			if i := indexByte(name, '['); i < len(name) {
				path, base, ok = splitQualified(name[:i])
				base += name[i:]
			}
			if !ok {
				p.fail(tok, "type name must be qualified by its package path")
			}
			if _, dup := p.scope.named[name]; dup {
				p.fail(tok, "type "+name+" declared twice")
			}
			if _, builtin := universeTypes[name]; builtin {
				p.fail(tok, "cannot redeclare "+name)
			}
			obj := types.NewTypeName(0, p.scope.pkg(path), base, nil)
			p.scope.named[name] = types.NewNamed(obj, nil, nil)
		}
		atLineStart = p.next().kind == tNewline
	}
	p.pos = 0
	p.tok = p.toks[0]
}

func (p *parser) module() {
	for {
		p.skipNewlines()
		if p.tok.kind == tEOF {
			return
		}
		switch kw := p.expect(tWord, "discipline, type, method, global, declare or func"); kw.text {
		case "discipline":
			d := p.expect(tWord, "rtl, ssa or gsa")
			switch {
			case p.mod.DisciplineSet:
				p.fail(kw, "discipline declared twice")
			case d.text == "rtl":
				p.mod.Discipline = RTL
			case d.text == "ssa":
				p.mod.Discipline = SSA
			case d.text == "gsa":
				p.mod.Discipline = GSA
			default:
				p.fail(d, "discipline must be rtl, ssa or gsa, not "+d.text)
			}
			p.mod.DisciplineSet = true
			p.expectNewline()
		case "type":
			name, tok := p.typeName()
			named := p.scope.named[name]
			u := p.parseType(named.Obj().Pkg())
			if _, ok := u.(*types.Named); ok || u == nil {
				p.fail(tok, "underlying type of "+name+" must be a type literal")
			}
			if _, ok := u.(*types.Basic); ok && universeTypes[TypeString(u)] == nil {
				p.fail(tok, "underlying type of "+name+" must be a type literal")
			}
			named.SetUnderlying(u.Underlying())
			p.expectNewline()
		case "method":
			p.methodLine()
		case "global":
			name, tok := p.symbol()
			if _, dup := p.mod.Globals[name]; dup {
				p.fail(tok, "global "+name+" declared twice")
			}
			p.mod.Globals[name] = p.parseType(pkgOfSymbol(p, name))
			p.expectNewline()
		case "declare":
			name, tok := p.symbol()
			if p.declared(name) {
				p.fail(tok, "function "+name+" declared twice")
			}
			p.expectWord("func")
			p.mod.Externs[name] = p.parseSignature(pkgOfSymbol(p, name))
			p.expectNewline()
		case "func":
			p.function()
		default:
			p.fail(kw, fmt.Sprintf("expected discipline, type, method, global, declare or func, found %s", kw))
		}
	}
}

func (p *parser) declared(name string) bool {
	_, ext := p.mod.Externs[name]
	return ext || p.mod.Func(name) != nil
}

// symbol reads "@name" or "@\"name\"".
func (p *parser) symbol() (string, lexeme) {
	at := p.expectPunct("@")
	switch p.tok.kind {
	case tWord, tString:
		t := p.next()
		if t.text == "" {
			p.fail(t, "empty name")
		}
		return t.text, t
	}
	p.failExpected("name after @")
	return "", at
}

var symbolPkg = regexp.MustCompile(`^\(?\*?([^()*]+)\.[^./]+$`)

// pkgOfSymbol guesses the package a function or global belongs to from
// its name ("main.f", "(*main.T).M", "main.f$1"), for unexported names in
// its types.
func pkgOfSymbol(p *parser, name string) *types.Package {
	s := name
	if i := indexByte(s, ')'); i < len(s) {
		s = s[:i]
	}
	if m := symbolPkg.FindStringSubmatch(s); m != nil {
		return p.scope.pkg(m[1])
	}
	return p.scope.pkg("main")
}

var (
	regPattern    = regexp.MustCompile(`^r[0-9]+$`)
	invokePattern = regexp.MustCompile(`^(r[0-9]+)\.([A-Za-z_][A-Za-z0-9_]*)$`)
	labelPattern  = regexp.MustCompile(`^b[0-9]+$`)
)

// funcState is what the parser tracks inside one function.
type funcState struct {
	f        *Func
	pkg      *types.Package
	regTypes map[Reg]types.Type
	regUses  map[Reg]lexeme // first use, for "never defined" errors
	labels   map[string]int // label → provisional index (order of first mention)
	labelTok []lexeme       // a mention of each label, to report undefined ones
	defined  []bool         // provisional index → its block was seen
	defOrder []int          // provisional indices in order of definition
	fieldFix []fieldFixup
	block    *Block
}

type fieldFixup struct {
	in   *Instr
	name lexeme
}

func (p *parser) label(tok lexeme) int {
	st := p.fn
	if !labelPattern.MatchString(tok.text) {
		p.fail(tok, fmt.Sprintf("expected block label, found %s", tok))
	}
	if i, ok := st.labels[tok.text]; ok {
		return i
	}
	if len(st.labels) >= maxBlocks {
		p.fail(tok, "too many blocks")
	}
	i := len(st.labels)
	st.labels[tok.text] = i
	st.labelTok = append(st.labelTok, tok)
	st.defined = append(st.defined, false)
	return i
}

func (p *parser) regNumber(tok lexeme) Reg {
	if !regPattern.MatchString(tok.text) {
		p.fail(tok, fmt.Sprintf("expected register, found %s", tok))
	}
	n, err := strconv.Atoi(tok.text[1:])
	if err != nil || n >= maxRegs {
		p.fail(tok, "register number too large")
	}
	return Reg(n)
}

// defReg records a definition of register tok with type t.
func (p *parser) defReg(tok lexeme, t types.Type) Reg {
	r := p.regNumber(tok)
	st := p.fn
	if old, ok := st.regTypes[r]; ok {
		if TypeString(old) != TypeString(t) {
			p.fail(tok, fmt.Sprintf("register %s has type %s here and %s elsewhere", r, TypeString(t), TypeString(old)))
		}
		return r
	}
	st.regTypes[r] = t
	return r
}

// useReg reads an operand: a register or "_".
func (p *parser) useReg() Reg {
	tok := p.expect(tWord, "operand")
	if tok.text == "_" {
		return NoReg
	}
	r := p.regNumber(tok)
	if _, ok := p.fn.regUses[r]; !ok {
		p.fn.regUses[r] = tok
	}
	return r
}

func (p *parser) function() {
	name, nameTok := p.symbol()
	if p.declared(name) {
		p.fail(nameTok, "function "+name+" declared twice")
	}
	f := NewFunc(name)
	st := &funcState{
		f:        f,
		pkg:      pkgOfSymbol(p, name),
		regTypes: map[Reg]types.Type{},
		regUses:  map[Reg]lexeme{},
		labels:   map[string]int{},
	}
	p.fn = st
	defer func() { p.fn = nil }()

	p.expectPunct("(")
	for !p.isPunct(")") {
		if len(f.Params) > 0 {
			p.expectPunct(",")
		}
		if f.Variadic {
			p.fail(p.tok, "variadic parameter must be last")
		}
		tok := p.expect(tWord, "parameter register")
		var t types.Type
		if p.isPunct("...") {
			p.next()
			f.Variadic = true
			t = types.NewSlice(p.parseType(st.pkg))
		} else {
			t = p.parseType(st.pkg)
		}
		f.Params = append(f.Params, p.defParam(tok, t))
	}
	p.next()
	for _, v := range p.parseResults(st.pkg) {
		f.Results = append(f.Results, v.Type())
	}
	recoverTok := lexeme{}
	if p.isWord("free") {
		p.next()
		p.expectPunct("(")
		for !p.isPunct(")") {
			if len(f.FreeVars) > 0 {
				p.expectPunct(",")
			}
			tok := p.expect(tWord, "free variable register")
			f.FreeVars = append(f.FreeVars, p.defParam(tok, p.parseType(st.pkg)))
		}
		p.next()
	}
	if p.isWord("recover") {
		p.next()
		recoverTok = p.expect(tWord, "recover block label")
		f.Recover = p.label(recoverTok)
	}
	if p.isWord("wrapper") {
		p.next()
		f.Wrapper = true
	}
	p.expectPunct("{")
	p.expectNewline()
	for {
		p.skipNewlines()
		if p.isPunct("}") {
			p.next()
			break
		}
		if p.tok.kind == tEOF {
			p.failExpected(`"}"`)
		}
		if p.tok.kind == tWord && labelPattern.MatchString(p.tok.text) && p.peek().kind == tPunct && p.peek().text == ":" {
			p.blockHeader()
			continue
		}
		if st.block == nil {
			p.failExpected("block label")
		}
		p.instruction()
	}
	p.expectNewline()
	p.finishFunc()
	p.mod.Add(f)
}

// defParam defines a parameter or free-variable register.
func (p *parser) defParam(tok lexeme, t types.Type) Reg {
	r := p.regNumber(tok)
	if _, dup := p.fn.regTypes[r]; dup {
		p.fail(tok, "register "+r.String()+" declared twice")
	}
	return p.defReg(tok, t)
}

func (p *parser) blockHeader() {
	st := p.fn
	tok := p.next()
	i := p.label(tok)
	if st.defined[i] {
		p.fail(tok, "block "+tok.text+" defined twice")
	}
	st.defined[i] = true
	st.defOrder = append(st.defOrder, i)
	p.expectPunct(":")
	b := &Block{Index: i}
	if p.isPunct("<-") {
		p.next()
		for {
			b.Preds = append(b.Preds, p.label(p.expect(tWord, "predecessor label")))
			if !p.isPunct(",") {
				break
			}
			p.next()
		}
	}
	p.expectNewline()
	for len(st.f.Blocks) <= i {
		st.f.Blocks = append(st.f.Blocks, nil)
	}
	st.f.Blocks[i] = b
	st.block = b
}

// finishFunc resolves labels, register types and field names.
func (p *parser) finishFunc() {
	st := p.fn
	f := st.f
	for i, ok := range st.defined {
		if !ok {
			p.fail(st.labelTok[i], "undefined block "+st.labelTok[i].text)
		}
	}
	if len(f.Blocks) == 0 {
		p.fail(p.tok, "function "+f.Name+" has no blocks")
	}
	// Blocks are numbered in the order they are defined.
	final := make([]int, len(st.defOrder))
	for k, prov := range st.defOrder {
		final[prov] = k
	}
	blocks := make([]*Block, len(f.Blocks))
	for prov, b := range f.Blocks {
		b.Index = final[prov]
		for k := range b.Preds {
			b.Preds[k] = final[b.Preds[k]]
		}
		for k := range b.Succs {
			b.Succs[k] = final[b.Succs[k]]
		}
		blocks[b.Index] = b
	}
	f.Blocks = blocks
	if f.Recover >= 0 {
		f.Recover = final[f.Recover]
	}
	maxReg := Reg(-1)
	for r := range st.regTypes {
		maxReg = max(maxReg, r)
	}
	for r, tok := range st.regUses {
		if _, ok := st.regTypes[r]; !ok {
			p.fail(tok, "register "+r.String()+" is used but never defined")
		}
	}
	f.SetNumRegs(int(maxReg) + 1)
	for r, t := range st.regTypes {
		f.SetType(r, t)
	}
	for _, fx := range st.fieldFix {
		p.resolveField(f, fx)
	}
}

func (p *parser) resolveField(f *Func, fx fieldFixup) {
	st := structOf(f, fx.in)
	if st == nil {
		p.fail(fx.name, fx.in.Op.String()+" operand is not a struct"+map[bool]string{true: " pointer", false: ""}[fx.in.Op == OpFieldAddr])
	}
	if fx.name.kind == tInt {
		i, err := strconv.Atoi(fx.name.text)
		if err != nil || i >= st.NumFields() {
			p.fail(fx.name, "field index out of range")
		}
		fx.in.Field = int32(i)
		return
	}
	for i := 0; i < st.NumFields(); i++ {
		if st.Field(i).Name() == fx.name.text {
			fx.in.Field = int32(i)
			return
		}
	}
	p.fail(fx.name, "no field "+fx.name.text)
}
