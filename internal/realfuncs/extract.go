// This file copies named functions, and the package-level declarations
// they need, out of a real package into a package laid out as vssa
// compile expects.

package realfuncs

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/build"
	"go/format"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
)

// HotFile and DepsFile are the files Extract writes: the named
// functions, built where vssa compile's assembly is not, and what they
// need, built everywhere.
const (
	HotFile  = "hot.go"
	DepsFile = "deps.go"
)

// buildTags select the portable versions of files: std and most modules
// keep their pure-Go code behind purego, snappy and gonum behind noasm.
var buildTags = []string{"purego", "noasm"}

// importDir lists the files of the package in dir that amd64 builds
// with buildTags.
func importDir(dir string) (*build.Package, error) {
	ctx := build.Default
	ctx.GOARCH = "amd64"
	ctx.BuildTags = buildTags
	return ctx.ImportDir(dir, 0)
}

// A source is a loaded, type-checked package.
type source struct {
	dir   string
	fset  *token.FileSet
	files []*ast.File
	text  map[string][]byte // file name -> contents
	pkg   *types.Package
	info  *types.Info
	// decls maps each package-level object, and each method, to the
	// declaration that defines it.
	decls map[types.Object]ast.Node
	// module is the path of the module the package is in, whose
	// other packages are copied (copyNeeded); "" for std.
	module string
}

// load parses the Go files of dir that amd64 builds with buildTags and
// type-checks them, importing other packages from export data (the go
// command builds it): packages outside std are not found.
func load(dir string) (*source, error) {
	bp, err := importDir(dir)
	if err != nil {
		return nil, err
	}
	s := &source{dir: dir, fset: token.NewFileSet(), text: map[string][]byte{}, decls: map[types.Object]ast.Node{}}
	for _, name := range bp.GoFiles {
		path := filepath.Join(dir, name)
		b, err := os.ReadFile(path)
		if err != nil {
			return nil, err
		}
		f, err := parser.ParseFile(s.fset, path, b, parser.ParseComments|parser.SkipObjectResolution)
		if err != nil {
			return nil, err
		}
		s.text[path] = b
		s.files = append(s.files, f)
	}
	s.info = &types.Info{Defs: map[*ast.Ident]types.Object{}, Uses: map[*ast.Ident]types.Object{}}
	var firstErr error
	// Packages outside std have no export data here: they are empty,
	// and the errors that follow are left to the code that uses them,
	// which the extracted package then refuses (file).
	faked := false
	gc := importer.ForCompiler(s.fset, "gc", nil)
	imp := importerFunc(func(path string) (*types.Package, error) {
		if !std(path) {
			faked = true
			p := types.NewPackage(path, filepath.Base(path))
			p.MarkComplete()
			return p, nil
		}
		return gc.Import(path)
	})
	conf := types.Config{Importer: imp, Error: func(err error) {
		if firstErr == nil {
			firstErr = err
		}
	}}
	s.pkg, _ = conf.Check(bp.ImportPath, s.fset, s.files, s.info)
	if firstErr != nil && !faked {
		return nil, fmt.Errorf("type-checking %s: %v", dir, firstErr)
	}
	for _, f := range s.files {
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *ast.FuncDecl:
				s.decls[s.info.Defs[d.Name]] = d
			case *ast.GenDecl:
				for _, spec := range d.Specs {
					switch spec := spec.(type) {
					case *ast.TypeSpec:
						s.decls[s.info.Defs[spec.Name]] = spec
					case *ast.ValueSpec:
						// A const group is copied whole: iota and
						// omitted values tie its specs together.
						var n ast.Node = spec
						if d.Tok == token.CONST && d.Lparen.IsValid() {
							n = d
						}
						for _, id := range spec.Names {
							if obj := s.info.Defs[id]; obj != nil {
								s.decls[obj] = n
							}
						}
					}
				}
			}
		}
	}
	return s, nil
}

type importerFunc func(path string) (*types.Package, error)

func (f importerFunc) Import(path string) (*types.Package, error) { return f(path) }

// funcDecl finds function name, or method "T.M" or "(*T).M"; a generic
// function named with type arguments, F[int], is F.
func (s *source) funcDecl(name string) (*ast.FuncDecl, error) {
	if base, _, ok := strings.Cut(name, "["); ok && !strings.HasPrefix(name, "(") {
		name = base
	}
	recv, method, isMethod := strings.Cut(strings.NewReplacer("(", "", ")", "", "*", "").Replace(name), ".")
	for obj, n := range s.decls {
		fd, ok := n.(*ast.FuncDecl)
		if !ok {
			continue
		}
		if !isMethod && fd.Recv == nil && fd.Name.Name == name {
			return fd, nil
		}
		if isMethod && fd.Recv != nil && fd.Name.Name == method {
			if named := receiverNamed(obj); named != nil && named.Obj().Name() == recv {
				return fd, nil
			}
		}
	}
	return nil, fmt.Errorf("no function %s in %s", name, s.dir)
}

func receiverNamed(obj types.Object) *types.Named {
	t := obj.Type().(*types.Signature).Recv().Type()
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	n, _ := t.(*types.Named)
	return n
}

// A Target describes the module Extract writes.
type Target struct {
	Dir       string // an empty directory
	Path      string // the module path
	GoVersion string // the go.mod's go line ("1.26")
	GOROOT    string // where internal packages of std are copied from

	// The module of the package extracted (set by Extract): its
	// other packages the code imports are copied too (copyNeeded).
	srcModule, srcModuleDir string
}

// Extract writes, in module t, the functions names of the package in dir
// (HotFile) and every declaration of that package they need,
// transitively (DepsFile), each as written. The internal packages of std
// they import cannot be imported from another module: they are copied
// whole into the module's own internal directory, and only the import
// paths change.
func Extract(dir string, names []string, t Target) error {
	s, err := load(dir)
	if err != nil {
		return err
	}
	t.srcModule, t.srcModuleDir = findModule(dir)
	s.module = t.srcModule
	var hot []ast.Node
	for _, name := range names {
		fd, err := s.funcDecl(name)
		if err != nil {
			return err
		}
		hot = append(hot, fd)
	}
	deps, err := s.closure(hot)
	if err != nil {
		return err
	}
	internals := map[string]map[string]bool{}
	hotSrc, err := s.file(hot, "//go:build !amd64 || purego\n\n", t.Path, internals)
	if err != nil {
		return err
	}
	depSrc, err := s.file(deps, "", t.Path, internals)
	if err != nil {
		return err
	}
	gomod := fmt.Sprintf("module %s\n\ngo %s\n", t.Path, t.GoVersion)
	for name, b := range map[string][]byte{HotFile: hotSrc, DepsFile: depSrc, "go.mod": []byte(gomod)} {
		if err := os.WriteFile(filepath.Join(t.Dir, name), b, 0o644); err != nil {
			return err
		}
	}
	return copyInternals(internals, t, map[string]bool{})
}

// copyInternals copies each internal package of std that internals
// lists, with the names the code uses of it.
func copyInternals(internals map[string]map[string]bool, t Target, done map[string]bool) error {
	paths := make([]string, 0, len(internals))
	for path := range internals {
		paths = append(paths, path)
	}
	sort.Strings(paths)
	for _, path := range paths {
		var err error
		if std(path) {
			err = copyInternal(path, internals[path], t, done)
		} else if !done[path] {
			// A package of the extracted one's module: its files may
			// need other modules (blake3's consts, cpuid), so only what
			// the code uses is copied.
			done[path] = true
			dir := filepath.Join(t.srcModuleDir, strings.TrimPrefix(path, t.srcModule+"/"))
			err = copyNeeded(path, dir, internals[path], t, done)
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// ownModule reports whether path is another package of s's module.
func (s *source) ownModule(path string) bool {
	return s.module != "" && strings.HasPrefix(path, s.module+"/")
}

// findModule returns the path and directory of the module dir is in,
// from the nearest go.mod above it; "" for std's (module std) or none.
func findModule(dir string) (path, root string) {
	for d := dir; ; d = filepath.Dir(d) {
		if b, err := os.ReadFile(filepath.Join(d, "go.mod")); err == nil {
			for _, line := range strings.Split(string(b), "\n") {
				if f := strings.Fields(line); len(f) == 2 && f[0] == "module" {
					if f[1] == "std" || f[1] == "cmd" {
						return "", ""
					}
					return strings.Trim(f[1], "\""), d
				}
			}
			return "", ""
		}
		if filepath.Dir(d) == d {
			return "", ""
		}
	}
}

// internalDir is where the copy of std's internal package path goes in
// a module: under the module's own internal directory, so that its root
// package may import it.
func internalDir(path string) string {
	if !std(path) {
		// Another package of a module's own (copyInternals).
		return "internal/mod_" + strings.NewReplacer("/", "_", ".", "_").Replace(path)
	}
	return "internal/std_" + strings.ReplaceAll(path, "/", "_")
}

// intrinsicOnly lists the internal packages of std whose functions gc
// replaces by instructions, keyed by the package's own path, and whose Go
// bodies do something else: a copy under another path would be compiled
// as written, so both gc's side and vssa's would run the wrong function
// (crypto/subtle's ConstantTimeCompare then panicked on equal lengths,
// and its benchmark timed only the unequal-length early return).
var intrinsicOnly = map[string]string{
	"crypto/internal/constanttime": `has functions whose Go bodies panic ("must be intrinsicified")`,
}

// copyInternal copies the files of std package path that amd64 builds
// with buildTags into module t, and the internal packages they import,
// changing only the import paths of those.
func copyInternal(path string, used map[string]bool, t Target, done map[string]bool) error {
	if done[path] {
		return nil
	}
	done[path] = true
	bp, err := importDir(filepath.Join(t.GOROOT, "src", path))
	if err != nil {
		return err
	}
	if why, ok := intrinsicOnly[path]; ok {
		return fmt.Errorf("unsupported: %s, which the code imports, %s: copied, it is not the function gc builds", path, why)
	}
	if asm, err := hasAssembly(path, t.GOROOT, map[string]bool{}); err != nil {
		return err
	} else if asm {
		return copyNeeded(path, bp.Dir, used, t, done)
	}
	dst := filepath.Join(t.Dir, internalDir(path))
	if err := os.MkdirAll(dst, 0o755); err != nil {
		return err
	}
	fset := token.NewFileSet()
	for _, name := range bp.GoFiles {
		b, err := os.ReadFile(filepath.Join(bp.Dir, name))
		if err != nil {
			return err
		}
		f, err := parser.ParseFile(fset, name, b, parser.ImportsOnly)
		if err != nil {
			return err
		}
		// Replace import paths from the end, so that offsets hold.
		for i := len(f.Imports) - 1; i >= 0; i-- {
			spec := f.Imports[i]
			ip, _ := strconv.Unquote(spec.Path.Value)
			if !isInternal(ip) {
				continue
			}
			if err := copyInternal(ip, nil, t, done); err != nil {
				return err
			}
			lo, hi := fset.Position(spec.Path.Pos()).Offset, fset.Position(spec.Path.End()).Offset
			b = append(append(append([]byte(nil), b[:lo]...), strconv.Quote(t.Path+"/"+internalDir(ip))...), b[hi:]...)
		}
		if err := os.WriteFile(filepath.Join(dst, name), b, 0o644); err != nil {
			return err
		}
	}
	return nil
}

// closure returns the declarations that roots need, transitively,
// without roots themselves, in source order. A type's methods come with
// it when they are called, or when an interface the code names (error
// included) has a method of their name: a conversion to that interface
// may need them.
func (s *source) closure(roots []ast.Node) ([]ast.Node, error) {
	in := map[ast.Node]bool{}
	for _, r := range roots {
		in[r] = true
	}
	var deps []ast.Node
	ifaceMethods := map[string]bool{}
	types_ := map[*types.TypeName]bool{}
	add := func(d ast.Node, work *[]ast.Node) {
		if !in[d] {
			in[d] = true
			deps = append(deps, d)
			*work = append(*work, d)
		}
	}
	work := append([]ast.Node(nil), roots...)
	for len(work) > 0 {
		for len(work) > 0 {
			n := work[len(work)-1]
			work = work[:len(work)-1]
			var err error
			ast.Inspect(n, func(x ast.Node) bool {
				id, ok := x.(*ast.Ident)
				if !ok || err != nil {
					return err == nil
				}
				obj := s.info.Uses[id]
				if tn, ok := obj.(*types.TypeName); ok {
					if it, ok := tn.Type().Underlying().(*types.Interface); ok {
						for i := 0; i < it.NumMethods(); i++ {
							ifaceMethods[it.Method(i).Name()] = true
						}
					}
				}
				if obj == nil || obj.Pkg() != s.pkg {
					return true
				}
				d, ok := s.decls[obj]
				if !ok {
					// A local, a field, a label: declared in what is copied.
					return true
				}
				if fd, ok := d.(*ast.FuncDecl); ok && fd.Body == nil {
					err = fmt.Errorf("%s needs %s, which has no Go body (assembly or linkname)", s.pkg.Path(), obj.Name())
					return false
				}
				if tn, ok := obj.(*types.TypeName); ok {
					types_[tn] = true
				}
				add(d, &work)
				return true
			})
			if err != nil {
				return nil, err
			}
		}
		for tn := range types_ {
			named, ok := tn.Type().(*types.Named)
			if !ok {
				continue
			}
			for i := 0; i < named.NumMethods(); i++ {
				m := named.Method(i)
				if d, ok := s.decls[m]; ok && ifaceMethods[m.Name()] {
					add(d, &work)
				}
			}
		}
	}
	sort.Slice(deps, func(i, j int) bool { return deps[i].Pos() < deps[j].Pos() })
	return deps, nil
}

// file returns a Go file of package s.pkg beginning with header and
// holding decls as written, with the imports they use.
func (s *source) file(decls []ast.Node, header, modPath string, internals map[string]map[string]bool) ([]byte, error) {
	imports := map[string]string{} // local name -> path
	var body bytes.Buffer
	for _, d := range decls {
		ast.Inspect(d, func(x ast.Node) bool {
			if id, ok := x.(*ast.Ident); ok {
				if pn, ok := s.info.Uses[id].(*types.PkgName); ok {
					imports[pn.Name()] = pn.Imported().Path()
				}
			}
			// What the code uses of an internal package: all that a
			// package with assembly gets of it (copyNeeded).
			if sel, ok := x.(*ast.SelectorExpr); ok {
				if id, ok := sel.X.(*ast.Ident); ok {
					if pn, ok := s.info.Uses[id].(*types.PkgName); ok && (isInternal(pn.Imported().Path()) || s.ownModule(pn.Imported().Path())) {
						path := pn.Imported().Path()
						if internals[path] == nil {
							internals[path] = map[string]bool{}
						}
						internals[path][sel.Sel.Name] = true
					}
				}
			}
			return true
		})
		body.WriteString("\n")
		body.WriteString(s.declText(d))
		body.WriteString("\n")
	}
	var b bytes.Buffer
	fmt.Fprintf(&b, "%s// Copied by internal/realfuncs from %s.\n\npackage %s\n\n", header, s.dir, s.pkg.Name())
	var locals []string
	for local := range imports {
		locals = append(locals, local)
	}
	sort.Strings(locals)
	for _, local := range locals {
		path := imports[local]
		if !std(path) && !s.ownModule(path) {
			return nil, fmt.Errorf("unsupported: the code imports %s, which is not in the standard library", path)
		}
		if isInternal(path) || s.ownModule(path) {
			if internals[path] == nil {
				internals[path] = map[string]bool{}
			}
			path = modPath + "/" + internalDir(path)
		}
		fmt.Fprintf(&b, "import %s %q\n", local, path)
	}
	b.Write(body.Bytes())
	src, err := format.Source(b.Bytes())
	if err != nil {
		return nil, fmt.Errorf("formatting the extracted code: %v\n%s", err, b.Bytes())
	}
	return src, nil
}

// declText returns the text of d as written, with its doc comment but
// without //go:linkname lines, which only the package's own build
// allows; a var or type spec taken out of a group gets its keyword.
func (s *source) declText(d ast.Node) string {
	start := d.Pos()
	var doc *ast.CommentGroup
	keyword := ""
	switch d := d.(type) {
	case *ast.FuncDecl:
		doc = d.Doc
	case *ast.GenDecl:
		doc = d.Doc
	case *ast.TypeSpec:
		doc, keyword = d.Doc, "type "
	case *ast.ValueSpec:
		doc, keyword = d.Doc, "var "
	}
	if keyword != "" {
		// A spec alone in an unparenthesised declaration: take the
		// declaration's doc comment and keyword instead.
		if gd := s.enclosingGenDecl(d); gd != nil && !gd.Lparen.IsValid() {
			doc, keyword, start = gd.Doc, "", gd.Pos()
		}
	}
	if doc != nil {
		start = doc.Pos()
	}
	pos, end := s.fset.Position(start), s.fset.Position(d.End())
	text := string(s.text[pos.Filename][pos.Offset:end.Offset])
	var lines []string
	for _, l := range strings.Split(text, "\n") {
		if !strings.HasPrefix(strings.TrimSpace(l), "//go:linkname") {
			lines = append(lines, l)
		}
	}
	text = strings.Join(lines, "\n")
	if keyword != "" {
		// The doc comment of a spec stays above the keyword.
		if doc != nil {
			dl := s.fset.Position(doc.End()).Offset - pos.Offset
			return text[:dl] + "\n" + keyword + strings.TrimLeft(text[dl:], " \t\n")
		}
		return keyword + text
	}
	return text
}

func (s *source) enclosingGenDecl(spec ast.Node) *ast.GenDecl {
	for _, f := range s.files {
		for _, d := range f.Decls {
			if gd, ok := d.(*ast.GenDecl); ok && gd.Pos() <= spec.Pos() && spec.End() <= gd.End() {
				return gd
			}
		}
	}
	return nil
}

// std reports whether path is a standard library package (no dot in its
// first element).
func std(path string) bool {
	first, _, _ := strings.Cut(path, "/")
	return !strings.Contains(first, ".")
}

func isInternal(path string) bool {
	return path == "internal" || strings.HasPrefix(path, "internal/") || strings.Contains(path, "/internal/") || strings.HasSuffix(path, "/internal")
}

// copyNeeded copies, of std's internal package path in dir, which has
// assembly (internal/bytealg, internal/cpu), only the declarations that
// the names used need, transitively, as Extract copies the function's
// own package: its assembly refers to the runtime's own symbols and
// cannot be built elsewhere, and code that needs it is refused (closure:
// a function without a Go body). strings.LastIndexByte needs only
// bytealg's LastIndexByteString, written in Go for every GOARCH.
func copyNeeded(path, dir string, used map[string]bool, t Target, done map[string]bool) error {
	if len(used) == 0 {
		// Imported by a package copied whole, which may use any of it.
		return fmt.Errorf("unsupported: %s, which the code imports, has assembly", path)
	}
	s, err := load(dir)
	if err != nil {
		return err
	}
	s.module = t.srcModule
	var roots []ast.Node
	names := make([]string, 0, len(used))
	for name := range used {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		d, ok := s.decls[s.pkg.Scope().Lookup(name)]
		if !ok {
			return fmt.Errorf("unsupported: %s.%s, which the code uses, is not declared in Go", path, name)
		}
		if fd, ok := d.(*ast.FuncDecl); ok && fd.Body == nil {
			return fmt.Errorf("unsupported: %s.%s, which the code uses, has no Go body (assembly or linkname)", path, name)
		}
		if !slices.Contains(roots, d) { // a const group declares several
			roots = append(roots, d)
		}
	}
	deps, err := s.closure(roots)
	if err != nil {
		return fmt.Errorf("unsupported: %v", err)
	}
	decls := append(roots, deps...)
	if v := initialisedVar(s, decls); v != "" {
		// Its init function (cpu's, from CPUID) is not copied: the
		// copy would hold the zero value.
		return fmt.Errorf("unsupported: %s.%s, which the code needs, may be set by the package's init function", path, v)
	}
	sort.Slice(decls, func(i, j int) bool { return decls[i].Pos() < decls[j].Pos() })
	internals := map[string]map[string]bool{}
	src, err := s.file(decls, "", t.Path, internals)
	if err != nil {
		return err
	}
	dst := filepath.Join(t.Dir, internalDir(path))
	if err := os.MkdirAll(dst, 0o755); err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(dst, "extracted.go"), src, 0o644); err != nil {
		return err
	}
	return copyInternals(internals, t, done)
}

// hasAssembly reports whether std package path, or an internal package
// it imports, transitively, has assembly: it cannot be copied whole.
func hasAssembly(path, goroot string, seen map[string]bool) (bool, error) {
	if seen[path] {
		return false, nil
	}
	seen[path] = true
	bp, err := importDir(filepath.Join(goroot, "src", path))
	if err != nil {
		return false, err
	}
	if len(bp.SFiles) > 0 {
		return true, nil
	}
	for _, ip := range bp.Imports {
		if !isInternal(ip) {
			continue
		}
		if asm, err := hasAssembly(ip, goroot, seen); asm || err != nil {
			return asm, err
		}
	}
	return false, nil
}

// initialisedVar returns the name of a variable among decls if s's
// package has an init function (which may set it), or "".
func initialisedVar(s *source, decls []ast.Node) string {
	hasInit := false
	for _, f := range s.files {
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Recv == nil && fd.Name.Name == "init" {
				hasInit = true
			}
		}
	}
	if !hasInit {
		return ""
	}
	for _, d := range decls {
		var specs []ast.Spec
		switch d := d.(type) {
		case *ast.ValueSpec:
			specs = []ast.Spec{d}
		case *ast.GenDecl:
			specs = d.Specs
		}
		for _, sp := range specs {
			vs, ok := sp.(*ast.ValueSpec)
			if !ok {
				continue
			}
			for _, id := range vs.Names {
				if _, ok := s.info.Defs[id].(*types.Var); ok {
					return id.Name
				}
			}
		}
	}
	return ""
}
