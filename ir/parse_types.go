// This file parses Go types and constant values of the text format.

package ir

import (
	"go/constant"
	"go/token"
	"go/types"
	"math"
	"math/big"
	"strconv"
	"strings"
)

// typeScope resolves type names while parsing.
type typeScope struct {
	pkgs  map[string]*types.Package
	named map[string]*types.Named // "path.Name" → declared type
}

func (s *typeScope) pkg(path string) *types.Package {
	if p, ok := s.pkgs[path]; ok {
		return p
	}
	name := path
	if i := strings.LastIndexByte(name, '/'); i >= 0 {
		name = name[i+1:]
	}
	p := types.NewPackage(path, name)
	s.pkgs[path] = p
	return p
}

// splitQualified splits "a/b.c.Name" into ("a/b.c", "Name").
func splitQualified(s string) (path, name string, ok bool) {
	i := strings.LastIndexByte(s, '.')
	if i <= 0 || i == len(s)-1 {
		return "", "", false
	}
	return s[:i], s[i+1:], true
}

var universeTypes = map[string]types.Type{
	"iter":           IterType,
	"deferstack":     DeferStackType,
	"unsafe.Pointer": types.Typ[types.UnsafePointer],
	"any":            types.NewInterfaceType(nil, nil).Complete(),
	"error":          types.Universe.Lookup("error").Type(),
	"comparable":     types.Universe.Lookup("comparable").Type(),
}

func init() {
	for _, b := range types.Typ {
		if b.Kind() != types.Invalid && b.Kind() != types.UnsafePointer && !strings.HasPrefix(b.Name(), "untyped") {
			universeTypes[b.Name()] = b
		}
	}
	universeTypes["byte"] = types.Universe.Lookup("byte").Type()
	universeTypes["rune"] = types.Universe.Lookup("rune").Type()
}

// parseType parses a Go type. pkg is the package for unexported struct
// field and interface method names.
func (p *parser) parseType(pkg *types.Package) types.Type {
	p.depth++
	defer func() { p.depth-- }()
	if p.depth > maxNesting {
		p.fail(p.tok, "type nested too deeply")
	}
	tok := p.next()
	switch {
	case tok.kind == tPunct && tok.text == "*":
		return types.NewPointer(p.parseType(pkg))
	case tok.kind == tPunct && tok.text == "(":
		t := p.parseType(pkg)
		p.expectPunct(")")
		return t
	case tok.kind == tPunct && tok.text == "[":
		if p.isPunct("]") {
			p.next()
			return types.NewSlice(p.parseType(pkg))
		}
		n := p.expect(tInt, "array length")
		length, err := strconv.ParseInt(n.text, 10, 64)
		if err != nil {
			p.fail(n, "array length out of range")
		}
		p.expectPunct("]")
		return types.NewArray(p.parseType(pkg), length)
	case tok.kind == tPunct && tok.text == "<-":
		if w := p.next(); w.kind != tWord || w.text != "chan" {
			p.fail(w, "expected chan after <-")
		}
		return types.NewChan(types.RecvOnly, p.parseType(pkg))
	case tok.kind != tWord:
		p.fail(tok, "expected type")
	}
	switch tok.text {
	case "map":
		p.expectPunct("[")
		k := p.parseType(pkg)
		p.expectPunct("]")
		return types.NewMap(k, p.parseType(pkg))
	case "chan":
		if p.isPunct("<-") {
			p.next()
			return types.NewChan(types.SendOnly, p.parseType(pkg))
		}
		return types.NewChan(types.SendRecv, p.parseType(pkg))
	case "func":
		return p.parseSignature(pkg)
	case "struct":
		return p.parseStruct(pkg)
	case "interface":
		return p.parseInterface(pkg)
	case "untyped":
		w := p.expect(tWord, "untyped kind")
		for _, b := range types.Typ {
			if b.Name() == "untyped "+w.text {
				return b
			}
		}
		p.fail(w, "unknown untyped kind")
	}
	if t, ok := universeTypes[tok.text]; ok {
		return t
	}
	return p.namedType(tok)
}

// namedType resolves a qualified type name, with type arguments if any.
func (p *parser) namedType(tok lexeme) types.Type {
	name := tok.text
	if p.isPunct("[") && p.tok.off == tok.off+len(tok.text) {
		// An instance: main.List[int]. The text format has no generic
		// types, so the instance is a named type whose name includes its
		// type arguments.
		p.next()
		var sb strings.Builder
		sb.WriteString(name + "[")
		for i := 0; ; i++ {
			if i > 0 {
				sb.WriteString(", ")
			}
			sb.WriteString(TypeString(p.parseType(nil)))
			if p.isPunct("]") {
				p.next()
				break
			}
			p.expectPunct(",")
		}
		sb.WriteString("]")
		name = sb.String()
	}
	if t, ok := p.scope.named[name]; ok {
		return t
	}
	p.fail(tok, "undeclared type "+name)
	return nil
}

// parseSignature parses "(params) results" after "func".
func (p *parser) parseSignature(pkg *types.Package) *types.Signature {
	p.expectPunct("(")
	var params []*types.Var
	variadic := false
	for !p.isPunct(")") {
		if len(params) > 0 {
			p.expectPunct(",")
		}
		if variadic {
			p.fail(p.tok, "variadic parameter must be last")
		}
		var t types.Type
		if p.isPunct("...") {
			p.next()
			variadic = true
			t = types.NewSlice(p.parseType(pkg))
		} else {
			t = p.parseType(pkg)
		}
		params = append(params, types.NewParam(token.NoPos, nil, "", t))
	}
	p.next()
	results := p.parseResults(pkg)
	return types.NewSignatureType(nil, nil, nil, types.NewTuple(params...), types.NewTuple(results...), variadic)
}

// parseResults parses nothing, one type, or a parenthesised list.
func (p *parser) parseResults(pkg *types.Package) []*types.Var {
	var results []*types.Var
	switch {
	case p.isPunct("("):
		p.next()
		for !p.isPunct(")") {
			if len(results) > 0 {
				p.expectPunct(",")
			}
			results = append(results, types.NewParam(token.NoPos, nil, "", p.parseType(pkg)))
		}
		p.next()
	case p.startsType():
		results = append(results, types.NewParam(token.NoPos, nil, "", p.parseType(pkg)))
	}
	return results
}

// startsType reports whether the current lexeme can begin a type in a
// result position.
func (p *parser) startsType() bool {
	switch p.tok.kind {
	case tWord:
		switch p.tok.text {
		case "free", "recover", "wrapper":
			return false
		}
		return true
	case tPunct:
		switch p.tok.text {
		case "*", "[", "<-":
			return true
		}
	}
	return false
}

func (p *parser) parseStruct(pkg *types.Package) *types.Struct {
	p.expectPunct("{")
	var fields []*types.Var
	var tags []string
	seen := map[string]bool{}
	for !p.isPunct("}") {
		if len(fields) > 0 {
			p.expectPunct(";")
		}
		start := p.tok
		var name string
		embedded := false
		// A field is "name Type" or an embedded "Type"/"*Type".
		if start.kind == tWord && !p.peekEndsField() {
			name = start.text
			if !token.IsIdentifier(name) {
				p.fail(start, "malformed field name")
			}
			p.next()
		} else {
			embedded = true
		}
		t := p.parseType(pkg)
		if embedded {
			base := t
			if ptr, ok := base.(*types.Pointer); ok {
				base = ptr.Elem()
			}
			n, ok := base.(*types.Named)
			if !ok {
				if b, ok := base.(*types.Basic); ok {
					name = b.Name()
				} else {
					p.fail(start, "embedded field must be a type name")
				}
			} else {
				name = n.Obj().Name()
				if i := strings.IndexByte(name, '['); i >= 0 {
					name = name[:i]
				}
			}
		}
		if name != "_" && seen[name] {
			p.fail(start, "duplicate field "+name)
		}
		seen[name] = true
		tag := ""
		if p.tok.kind == tString {
			tag = p.next().text
		}
		fields = append(fields, types.NewField(token.NoPos, p.fieldPkg(name, pkg), name, t, embedded))
		tags = append(tags, tag)
	}
	p.next()
	return types.NewStruct(fields, tags)
}

// peekEndsField reports whether the word at the current lexeme is a whole
// (embedded) field, i.e. is followed by ";", "}" or a tag.
func (p *parser) peekEndsField() bool {
	n := p.peek()
	return n.kind == tString || (n.kind == tPunct && (n.text == ";" || n.text == "}"))
}

// fieldPkg returns the package of a field or method name: its own for an
// unexported name, none for an exported one.
func (p *parser) fieldPkg(name string, pkg *types.Package) *types.Package {
	if token.IsExported(name) {
		return nil
	}
	if pkg == nil {
		pkg = p.scope.pkg("main")
	}
	return pkg
}

func (p *parser) parseInterface(pkg *types.Package) *types.Interface {
	p.expectPunct("{")
	var methods []*types.Func
	seen := map[string]bool{}
	for !p.isPunct("}") {
		if len(methods) > 0 {
			p.expectPunct(";")
		}
		name := p.expect(tWord, "method name")
		if !token.IsIdentifier(name.text) {
			p.fail(name, "malformed method name")
		}
		if seen[name.text] {
			p.fail(name, "duplicate method "+name.text)
		}
		seen[name.text] = true
		sig := p.parseSignature(pkg)
		methods = append(methods, types.NewFunc(token.NoPos, p.fieldPkg(name.text, pkg), name.text, sig))
	}
	p.next()
	return types.NewInterfaceType(methods, nil).Complete()
}

// parseConst parses a constant value for a register of type t; nil means
// the zero value.
func (p *parser) parseConst(t types.Type) constant.Value {
	tok := p.next()
	neg := false
	if tok.kind == tPunct && tok.text == "-" {
		neg = true
		tok = p.next()
	}
	var v constant.Value
	switch tok.kind {
	case tWord:
		if neg {
			p.fail(tok, "expected number after -")
		}
		switch tok.text {
		case "nil", "zero":
			return nil
		case "true":
			return constant.MakeBool(true)
		case "false":
			return constant.MakeBool(false)
		case "complex":
			p.expectPunct("(")
			re := p.parseFloat(t)
			p.expectPunct(",")
			im := p.parseFloat(t)
			p.expectPunct(")")
			return constant.BinaryOp(re, token.ADD, constant.MakeImag(im))
		}
		p.fail(tok, "expected constant")
	case tString:
		if neg {
			p.fail(tok, "expected number after -")
		}
		return constant.MakeString(tok.text)
	case tInt:
		i, ok := new(big.Int).SetString(tok.text, 10)
		if !ok {
			p.fail(tok, "malformed integer")
		}
		if i.BitLen() > 512 {
			p.fail(tok, "integer constant too large")
		}
		v = constant.Make(i)
	case tFloat:
		v = p.floatValue(tok, t)
	default:
		p.fail(tok, "expected constant")
	}
	if neg {
		v = constant.UnaryOp(token.SUB, v, 0)
	}
	return v
}

func (p *parser) parseFloat(t types.Type) constant.Value {
	tok := p.next()
	neg := false
	if tok.kind == tPunct && tok.text == "-" {
		neg = true
		tok = p.next()
	}
	if tok.kind != tFloat && tok.kind != tInt {
		p.fail(tok, "expected number")
	}
	v := p.floatValue(tok, t)
	if neg {
		v = constant.UnaryOp(token.SUB, v, 0)
	}
	return v
}

// floatValue rounds a literal to the float type of t (float64 unless t
// is float32 or complex64), as typed Go constants are.
func (p *parser) floatValue(tok lexeme, t types.Type) constant.Value {
	bits := 64
	if b, ok := underlyingBasic(t); ok && (b.Kind() == types.Float32 || b.Kind() == types.Complex64) {
		bits = 32
	}
	x, err := strconv.ParseFloat(tok.text, bits)
	if err != nil || math.IsInf(x, 0) {
		p.fail(tok, "malformed or out of range float")
	}
	return constant.MakeFloat64(x)
}
