// This file records in the generated test the source each function was
// compiled from, so that an original edited without running vssa
// compile again fails go test instead of leaving amd64 computing the
// old function (the test's copy of the original is as old as the
// assembly, so the comparison alone cannot see it).

package native

import (
	"bytes"
	"crypto/sha256"
	"fmt"
	"go/ast"
	"go/token"
	"os"
	"path/filepath"
	"strings"
)

// sourceSum returns the base name of decl's file and the SHA-256 of
// decl's text, its doc comment included (its //vssa:range lines shape
// the test). The generated test computes the same from the file as it
// is (writeSources).
func sourceSum(fset *token.FileSet, decl *ast.FuncDecl) (file, sum string, err error) {
	start := decl.Pos()
	if decl.Doc != nil {
		start = decl.Doc.Pos()
	}
	name := fset.Position(start).Filename
	text, err := os.ReadFile(name)
	if err != nil {
		return "", "", err
	}
	tf := fset.File(start)
	from, to := tf.Offset(start), tf.Offset(decl.End())
	if to > len(text) {
		return "", "", fmt.Errorf("%s changed while vssa compile read it", name)
	}
	return filepath.Base(name), fmt.Sprintf("%x", sha256.Sum256(text[from:to])), nil
}

// sourceImports are the generated test's imports for writeSources and
// writeBenchSupport,
// named so that they cannot collide with the package's identifiers.
const sourceImports = "\tvssaast \"go/ast\"\n\tvssaparser \"go/parser\"\n\tvssatoken \"go/token\"\n\tvssaos \"os\"\n\tvssasha256 \"crypto/sha256\"\n"

// writeSources writes the test that checks the originals are what was
// compiled.
func writeSources(b *bytes.Buffer, n names, fns []*Compiled) {
	s := n.stem
	fmt.Fprintf(b, "// TestVSSASources%[2]s checks that the Go originals are the source the\n// assembly was compiled from: an edited original needs vssa compile again.\nfunc TestVSSASources%[2]s(t *testing.T) {\n\t%[1]sCheckSources(t, [][3]string{\n", s, s[len("vssa"):])
	seen := map[string]bool{}
	for _, c := range fns {
		name := c.Name
		if m := c.Method; m != nil {
			// As declName names it.
			name = m.Recv + "." + m.Name
			if r, ok := strings.CutPrefix(m.Recv, "*"); ok {
				name = "(*" + r + ")." + m.Name
			}
		}
		if c.Generic != nil {
			// Its instantiations share the generic original.
			name = c.Generic.Origin.Name()
			if seen[name] {
				continue
			}
			seen[name] = true
		}
		fmt.Fprintf(b, "\t\t{%q, %q, %q},\n", c.File, name, c.Sum)
	}
	fmt.Fprintf(b, `	})
}

// %[1]sCheckSources checks each {file, function, SHA-256 of its text
// from its doc comment to its end}.
func %[1]sCheckSources(t *testing.T, sources [][3]string) {
	fset := vssatoken.NewFileSet()
	for _, src := range sources {
		file, name, want := src[0], src[1], src[2]
		text, err := vssaos.ReadFile(file)
		if err != nil {
			t.Errorf("%%s: %%v: regenerate with vssa compile", name, err)
			continue
		}
		f, err := vssaparser.ParseFile(fset, file, text, vssaparser.ParseComments)
		if err != nil {
			t.Errorf("%%s: %%v", name, err)
			continue
		}
		got := ""
		for _, d := range f.Decls {
			if fd, ok := d.(*vssaast.FuncDecl); ok && %[1]sDeclName(fd) == name {
				start := fd.Pos()
				if fd.Doc != nil {
					start = fd.Doc.Pos()
				}
				tf := fset.File(start)
				got = fmt.Sprintf("%%x", vssasha256.Sum256(text[tf.Offset(start):tf.Offset(fd.End())]))
			}
		}
		if got != want {
			t.Errorf("%%s in %%s is not the source its assembly was compiled from (edited, moved or removed since): regenerate with vssa compile (go generate)", name, file)
		}
	}
}

// %[1]sDeclName returns F, T.M or (*T).M.
func %[1]sDeclName(fd *vssaast.FuncDecl) string {
	if fd.Recv == nil || len(fd.Recv.List) == 0 {
		return fd.Name.Name
	}
	t := fd.Recv.List[0].Type
	if s, ok := t.(*vssaast.StarExpr); ok {
		if id, ok := s.X.(*vssaast.Ident); ok {
			return "(*" + id.Name + ")." + fd.Name.Name
		}
	}
	if id, ok := t.(*vssaast.Ident); ok {
		return id.Name + "." + fd.Name.Name
	}
	return ""
}

`, s)
}
