// This file gives the range over a string (rangestring.go) the decoding
// of a multi-byte rune as IR to splice into the loop, so that no call,
// across which every loop value would be spilled, is left in it. The
// decoder is Go source of its own, built once in a program of its own:
// UTF-8's rules as the runtime's decoderune applies them (the shortest
// form only, no surrogates, nothing above U+10FFFF), an invalid or
// cut-short sequence giving RuneError and a width of 1. The generated equivalence tests and
// fuzzing compare it with Go's own range.

package native

import (
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"sync"

	"golang.org/x/tools/go/ssa"

	"github.com/vssa-go/vssa/bridge"
	"github.com/vssa-go/vssa/ir"
)

// decoderSource decodes the rune at s[i] (a string or a []byte), which
// its caller has checked is in range and at least utf8.RuneSelf. Every
// other index is checked against n, the bytes left, before it is read:
// the bounds checks are removed from its IR (decoders), as they cannot
// fail.
const decoderSource = `package vssadecode

func String(s string, i int) (rune, int) {
	n := len(s) - i
	c0 := s[i]
	if c0 < 0xC2 || c0 > 0xF4 || n < 2 {
		return 0xFFFD, 1
	}
	c1 := s[i+1]
	if c0 < 0xE0 {
		if c1 < 0x80 || c1 > 0xBF {
			return 0xFFFD, 1
		}
		return rune(c0&0x1F)<<6 | rune(c1&0x3F), 2
	}
	lo, hi := byte(0x80), byte(0xBF)
	switch c0 {
	case 0xE0:
		lo = 0xA0
	case 0xED:
		hi = 0x9F
	case 0xF0:
		lo = 0x90
	case 0xF4:
		hi = 0x8F
	}
	if c1 < lo || c1 > hi || n < 3 {
		return 0xFFFD, 1
	}
	c2 := s[i+2]
	if c2 < 0x80 || c2 > 0xBF {
		return 0xFFFD, 1
	}
	if c0 < 0xF0 {
		return rune(c0&0x0F)<<12 | rune(c1&0x3F)<<6 | rune(c2&0x3F), 3
	}
	if n < 4 {
		return 0xFFFD, 1
	}
	c3 := s[i+3]
	if c3 < 0x80 || c3 > 0xBF {
		return 0xFFFD, 1
	}
	return rune(c0&0x07)<<18 | rune(c1&0x3F)<<12 | rune(c2&0x3F)<<6 | rune(c3&0x3F), 4
}
`

// decoders returns the decoder's IR over a string and over a []byte
// (the same source, s's type changed), or nils if it cannot be built.
var decoders = sync.OnceValues(func() (str, bytes *ir.Func) {
	byteSrc := "\nfunc Bytes(s []byte, i int) (rune, int) {" + decoderSource[len("package vssadecode\n\nfunc String(s string, i int) (rune, int) {"):]
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "decode.go", decoderSource+byteSrc, parser.SkipObjectResolution)
	if err != nil {
		return nil, nil
	}
	files := []*ast.File{f}
	info := &types.Info{
		Types: map[ast.Expr]types.TypeAndValue{}, Defs: map[*ast.Ident]types.Object{}, Uses: map[*ast.Ident]types.Object{},
		Implicits: map[ast.Node]types.Object{}, Instances: map[*ast.Ident]types.Instance{}, Scopes: map[ast.Node]*types.Scope{},
		Selections: map[*ast.SelectorExpr]*types.Selection{}, FileVersions: map[*ast.File]string{},
	}
	pkg, err := (&types.Config{}).Check("vssadecode", fset, files, info)
	if err != nil {
		return nil, nil
	}
	prog := ssa.NewProgram(fset, ssa.NaiveForm)
	sp := prog.CreatePackage(pkg, files, info, true)
	prog.Build()
	bp := bridge.FromSSA(prog, []*ssa.Package{sp})
	get := func(name string) *ir.Func {
		g := bp.IRFunc(sp.Func(name))
		if g == nil {
			return nil
		}
		for _, b := range g.Blocks {
			code := b.Instrs[:0]
			for _, in := range b.Instrs {
				if in.Op == ir.OpBoundsCheck {
					continue // cannot fail (decoderSource)
				}
				in.Pos = token.NoPos
				code = append(code, in)
			}
			b.Instrs = code
		}
		return g
	}
	return get("String"), get("Bytes")
})
