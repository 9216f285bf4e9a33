// This file reads and prints the method lines of the text format,
// "method (RECV) NAME @FUNC": the method sets of named types (and of
// pointers to them), which the dynamic dispatch of interface calls, fmt
// (a String method) and type assertions to interfaces look at.

package ir

import (
	"fmt"
	"go/types"
)

// methodLine is a method line as read, resolved once the whole text is
// (its function may come later).
type methodLine struct {
	named                   *types.Named
	ptr                     bool // the receiver is *named
	name, fn                string
	typeTok, nameTok, fnTok lexeme
}

// methodLine reads "(RECV) NAME @FUNC", after "method".
func (p *parser) methodLine() {
	p.expectPunct("(")
	ptr := false
	if p.isPunct("*") {
		p.next()
		ptr = true
	}
	typeName, typeTok := p.typeName()
	named, ok := p.scope.named[typeName]
	if !ok {
		p.fail(typeTok, "undeclared type "+typeName)
	}
	p.expectPunct(")")
	nameTok := p.expect(tWord, "method name")
	fnTok := p.tok
	fn, _ := p.symbol()
	p.expectNewline()
	p.methods = append(p.methods, methodLine{named: named, ptr: ptr, name: nameTok.text, fn: fn, typeTok: typeTok, nameTok: nameTok, fnTok: fnTok})
}

// resolveMethods checks the method lines against the module's
// functions, fills Module.Methods and gives the named types their
// methods: those of T with T as receiver, those only *T has with *T, so
// that go/types computes the method sets of T and *T as the lines say.
func (p *parser) resolveMethods() {
	sigs := map[*methodLine]*types.Signature{}
	for i := range p.methods {
		ml := &p.methods[i]
		recv := ml.recv()
		key := TypeString(recv)
		switch ml.named.Underlying().(type) {
		case *types.Interface:
			p.fail(ml.typeTok, TypeString(ml.named)+" is an interface: its methods are in its type")
		case *types.Pointer:
			p.fail(ml.typeTok, TypeString(ml.named)+" is a pointer type: it has no methods")
		}
		if _, dup := p.mod.Methods[key][ml.name]; dup {
			p.fail(ml.nameTok, fmt.Sprintf("method %s of %s declared twice", ml.name, key))
		}
		sig, ok := p.mod.FuncSignature(ml.fn)
		switch {
		case !ok:
			p.fail(ml.fnTok, fmt.Sprintf("method %s of %s: no function %s", ml.name, key, ml.fn))
		case sig.Params().Len() == 0:
			p.fail(ml.fnTok, fmt.Sprintf("method %s of %s: %s has no receiver parameter", ml.name, key, ml.fn))
		case !types.Identical(sig.Params().At(0).Type(), recv):
			p.fail(ml.fnTok, fmt.Sprintf("method %s of %s: %s's first parameter is %s, not %s", ml.name, key, ml.fn, TypeString(sig.Params().At(0).Type()), key))
		}
		if p.mod.Methods[key] == nil {
			p.mod.Methods[key] = map[string]string{}
		}
		p.mod.Methods[key][ml.name] = ml.fn
		sigs[ml] = sig
	}
	for _, ptr := range []bool{false, true} {
		for i := range p.methods {
			ml := &p.methods[i]
			if ml.ptr != ptr || ptr && p.mod.Methods[TypeString(ml.named)][ml.name] != "" {
				continue
			}
			sig := sigs[ml]
			params := make([]*types.Var, sig.Params().Len()-1)
			for j := range params {
				params[j] = sig.Params().At(j + 1)
			}
			pkg := ml.named.Obj().Pkg()
			msig := types.NewSignatureType(types.NewParam(0, pkg, "", ml.recv()), nil, nil, types.NewTuple(params...), sig.Results(), sig.Variadic())
			ml.named.AddMethod(types.NewFunc(0, pkg, ml.name, msig))
		}
	}
}

func (ml *methodLine) recv() types.Type {
	if ml.ptr {
		return types.NewPointer(ml.named)
	}
	return ml.named
}

// methodLines prints the method lines of t and *t whose functions the
// text has (inText): value receiver first, each by method name.
func (p *printer) methodLines(t *types.Named, inText func(fn string) bool) {
	if p.mod == nil {
		return
	}
	for _, recv := range []types.Type{t, types.NewPointer(t)} {
		key := TypeString(recv)
		table := p.mod.Methods[key]
		for _, name := range sortedKeys(table) {
			if fn := table[name]; inText(fn) {
				fmt.Fprintf(&p.sb, "method (%s) %s %s\n", key, name, symbol(fn))
			}
		}
	}
}
