package bce

import (
	"go/ast"
	goimporter "go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"reflect"
	"testing"
)

// TestReturns: a call in a loop keeps a fix only if it returns or
// panics whatever it is given: binary.Write calls its writer, which may
// end the program; its byte orders' methods on concrete types do not.
func TestReturns(t *testing.T) {
	const src = `package p

import (
	"encoding/binary"
	"io"
	"math/bits"
)

func f(w io.Writer, b []byte, g func(), o binary.ByteOrder) {
	_ = binary.LittleEndian.Uint16(b)
	_ = bits.Len(uint(len(b)))
	_ = len(b)
	_ = uint(len(b))
	binary.Write(w, binary.LittleEndian, b)
	g()
	_ = o.Uint16(b)
	_, _ = w.Write(b)
}
`
	want := map[string]bool{
		"binary.LittleEndian.Uint16(b)":           true,
		"bits.Len(uint(len(b)))":                  true,
		"len(b)":                                  true,
		"uint(len(b))":                            true,
		"binary.Write(w, binary.LittleEndian, b)": false,
		"g()":         false,
		"o.Uint16(b)": false,
		"w.Write(b)":  false,
	}
	fset := token.NewFileSet()
	file, err := parser.ParseFile(fset, "p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	info := &types.Info{Types: map[ast.Expr]types.TypeAndValue{}, Uses: map[*ast.Ident]types.Object{}}
	conf := types.Config{Importer: goimporter.ForCompiler(fset, "source", nil)}
	if _, err := conf.Check("p", fset, []*ast.File{file}, info); err != nil {
		t.Fatal(err)
	}
	seen := 0
	ast.Inspect(file, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		text := types.ExprString(call)
		if w, ok := want[text]; ok {
			seen++
			if got := returns(info, call); got != w {
				t.Errorf("returns(%s) = %v, want %v", text, got, w)
			}
		}
		return true
	})
	if seen < len(want) {
		t.Errorf("%d of %d calls seen", seen, len(want))
	}
}

// TestHintForms: the form hintFor gives a hint, read off the loop alone
// (whether check elimination confirms it is confirm's to say).
func TestHintForms(t *testing.T) {
	const src = `package p

func slices(b, a []int) (t int) {
	for i := range a {
		t += b[i]
	}
	return t
}

func runes(b []int, str string) (t int) {
	for i := range str {
		t += b[i]
	}
	return t
}

func upTo(b []int, n int) (t int) {
	for i := 0; i < n; i++ {
		t += b[i]
	}
	return t
}

func eight(b []int) (t int) {
	for i := 0; i < 8; i++ {
		t += b[i]
	}
	return t
}

func early(b, a []int) int {
	for i := range a {
		if b[i] == 0 {
			break
		}
	}
	return 0
}
`
	want := map[string]form{"slices": formReslice, "runes": formMessage, "upTo": formMessage, "eight": formIndex, "early": formMessage}
	fset, file, info := checkedFile(t, src)
	for _, d := range file.Decls {
		fd := d.(*ast.FuncDecl)
		ast.Inspect(fd, func(n ast.Node) bool {
			ix, ok := n.(*ast.IndexExpr)
			if !ok || types.ExprString(ix) != "b[i]" {
				return true
			}
			h := hintFor(info, file, fset.File(file.Pos()), []byte(src), ix.Lbrack)
			if h == nil {
				t.Errorf("%s: no hint", fd.Name.Name)
			} else if h.form != want[fd.Name.Name] {
				t.Errorf("%s: form %d (%s), want %d", fd.Name.Name, h.form, h.text(), want[fd.Name.Name])
			}
			return false
		})
	}
}

// TestCandidates: the hints tried for a check, best first, and which
// are gc's alternatives (tried only once gc rejected one before):
// after _ = b[7], b = b[:8], a fix too where b is only indexed; after
// a reslice fix, _ = b[len(a)-1] for the message; after the message
// _ = b[n-1], b = b[:n] for the message.
func TestCandidates(t *testing.T) {
	const src = `package p

func eight(b []int) (t int) {
	for i := 0; i < 8; i++ {
		t += b[i]
	}
	return t
}

func slices(b, a []int) (t int) {
	for i := range a {
		t += b[i]
	}
	return t
}

func upTo(b []int, n int) (t int) {
	for i := 0; i < n; i++ {
		t += b[i]
	}
	return t
}
`
	type cand struct {
		text string
		form form
		alt  bool
	}
	want := map[string][]cand{
		"eight":  {{"_ = b[7]", formIndex, false}, {"b = b[:8]", formReslice, true}},
		"slices": {{"b = b[:len(a)]", formReslice, false}, {"_ = b[len(a)-1]", formMessage, false}},
		"upTo":   {{"_ = b[n-1]", formMessage, false}, {"b = b[:n]", formResliceMessage, true}},
	}
	fset, file, info := checkedFile(t, src)
	for _, d := range file.Decls {
		fd := d.(*ast.FuncDecl)
		ast.Inspect(fd, func(n ast.Node) bool {
			ix, ok := n.(*ast.IndexExpr)
			if !ok {
				return true
			}
			h := hintFor(info, file, fset.File(file.Pos()), []byte(src), ix.Lbrack)
			if h == nil {
				t.Fatalf("%s: no hint", fd.Name.Name)
			}
			var got []cand
			for _, c := range h.candidates() {
				got = append(got, cand{c.text(), c.form, c.alt})
			}
			if !reflect.DeepEqual(got, want[fd.Name.Name]) {
				t.Errorf("%s: candidates %v, want %v", fd.Name.Name, got, want[fd.Name.Name])
			}
			return false
		})
	}
}

// checkedFile parses and type-checks src as package p's only file.
func checkedFile(t *testing.T, src string) (*token.FileSet, *ast.File, *types.Info) {
	t.Helper()
	fset := token.NewFileSet()
	file, err := parser.ParseFile(fset, "p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	info := &types.Info{Types: map[ast.Expr]types.TypeAndValue{}, Uses: map[*ast.Ident]types.Object{}, Defs: map[*ast.Ident]types.Object{}}
	if _, err := (&types.Config{}).Check("p", fset, []*ast.File{file}, info); err != nil {
		t.Fatal(err)
	}
	return fset, file, info
}
