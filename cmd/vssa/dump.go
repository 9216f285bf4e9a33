package main

import (
	"flag"
	"fmt"
	"go/types"
	"io"
	"slices"
	"sort"
	"strings"

	"github.com/vssa-go/vssa/bridge"
	"github.com/vssa-go/vssa/ir"
)

func init() {
	var passes string
	var positions bool
	register(&command{
		name:  "dump",
		usage: "[-passes=LIST] [-pos] PKG|FILE.go [FUNC]",
		short: "print the IR of a package's functions",
		long: `Dump loads a package (or one .go file), translates it to vssa's IR,
optionally runs passes, and prints its functions in the IR text format:
all of them, or only FUNC, given by its full name ("main.f",
"(*main.T).M", "main.f$1"; "main." names the main package of .go files
too) or by a suffix of it after a dot or a slash ("f", "T).M", "gen.f").
An instance of a generic function is named as go/ssa names it
("gen.First[int]"), and by the generic function's name too; go/ssa
builds the instances that translated code uses. When FUNC is not
found, or names several functions, the candidates are listed.
The output is one module that vssa ir can parse back: a line declaring
the discipline of the functions (rtl as translated, ssa after mem2reg,
rtl again after outofssa; none if a pass was refused on some functions
and not on others, which is said on stderr), then the declarations it
needs (the named types with their methods, for vssa run of the text:
fmt's String, interface calls), then the functions. Functions the bridge could not translate are listed
on stderr with the construct that stopped them.

Exit status: 0, or 1 if the package does not load or FUNC is not found.`,
		flags: func(fs *flag.FlagSet) {
			fs.StringVar(&passes, "passes", "", "comma-separated passes to run first ("+passNames()+")")
			fs.BoolVar(&positions, "pos", false, "append each instruction's source position as a comment")
		},
		run: func(fs *flag.FlagSet, args []string, stdout, stderr io.Writer) int {
			if len(args) < 1 || len(args) > 2 {
				return badUsage(stderr, "dump", "needs a package or .go file, and at most one function")
			}
			if _, err := passesPipeline(passes); err != nil {
				fmt.Fprintf(stderr, "vssa dump: %v\n", err)
				return exitUsage
			}
			if err := missingGoFile(args[:1]); err != nil {
				fmt.Fprintf(stderr, "vssa dump: %v\n", err)
				return exitFailure
			}
			prog, err := bridge.Load(bridge.Config{}, patternOf(args[0]))
			if err != nil {
				fmt.Fprintf(stderr, "vssa dump: %v\n", err)
				return exitFailure
			}
			noteMethods(prog)
			forms, err := applyPasses(prog, passes, stderr)
			if err != nil {
				fmt.Fprintf(stderr, "vssa dump: %v\n", err)
				return exitFailure
			}
			declareDiscipline(prog.Module, forms, stderr)
			opts := ir.PrintOptions{Positions: positions}
			if len(args) == 2 {
				f := lookupFunc(prog, "dump", args[1], stderr)
				if f == nil {
					return exitFailure
				}
				// One function is in one discipline, whatever the others.
				for d, names := range forms {
					if slices.Contains(names, f.Name) {
						fmt.Fprintf(stdout, "discipline %s\n", strings.ToLower(d.String()))
					}
				}
				fmt.Fprint(stdout, f.Format(opts))
				return exitOK
			}
			prog.Module.Print(stdout, opts)
			names := make([]string, 0, len(prog.Unsupported))
			for name := range prog.Unsupported {
				names = append(names, name)
			}
			sort.Strings(names)
			for _, name := range names {
				fmt.Fprintf(stderr, "vssa dump: %v\n", prog.Unsupported[name])
			}
			return exitOK
		},
	})
}

// lookupFunc returns the function of prog that name names (findFunc),
// or says on stderr, for command cmd, why there is none: it was not
// translated, it is generic without an instance, or which candidates
// name might have meant; then it returns nil.
func lookupFunc(prog *bridge.Program, cmd, name string, stderr io.Writer) *ir.Func {
	f, candidates := findFunc(prog, name)
	if f != nil {
		return f
	}
	if err, ok := prog.Unsupported[name]; ok {
		fmt.Fprintf(stderr, "vssa %s: %v\n", cmd, err)
		return nil
	}
	if g := genericWithoutInstance(prog, name); g != "" {
		// go/ssa gives no access to an instance no function refers to.
		fmt.Fprintf(stderr, "vssa %s: %s is generic, and no instance of it is translated: go/ssa builds the instances that translated code uses (var _ = F[int] uses none)\n", cmd, g)
		return nil
	}
	fmt.Fprintf(stderr, "vssa %s: no function %s", cmd, name)
	if len(candidates) > 0 {
		fmt.Fprintf(stderr, "; candidates:\n\t%s", strings.Join(candidates, "\n\t"))
	}
	fmt.Fprintln(stderr)
	return nil
}

// findFunc finds a function of prog by full name or by a suffix after
// a dot. A main package loaded from files is named
// command-line-arguments, as the go command names it, but "main.f"
// names its f too. Otherwise it returns the candidates: the functions
// of the loaded packages the name matches ambiguously, or else those
// whose name contains its last part (any case), or else all of them if
// they are few.
func findFunc(prog *bridge.Program, name string) (*ir.Func, []string) {
	m := prog.Module
	names := []string{name}
	if rest, ok := strings.CutPrefix(name, "main."); ok {
		for _, p := range prog.Packages {
			if p != nil && p.Pkg.Name() == "main" {
				names = append(names, p.Pkg.Path()+"."+rest)
			}
		}
	}
	for _, n := range names {
		if f := m.Func(n); f != nil {
			return f, nil
		}
	}
	var found []string
	for _, f := range m.Funcs {
		// An instance of a generic function is named by the function
		// too: "First" finds "gen.First[int]".
		generic := withoutTypeArgs(f.Name)
		for _, n := range names {
			if nameSuffix(f.Name, n) || generic != f.Name && (generic == n || nameSuffix(generic, n)) {
				found = append(found, f.Name)
				break
			}
		}
	}
	if len(found) == 1 {
		return m.Func(found[0]), nil
	}
	if len(found) == 0 {
		base := strings.ToLower(name[strings.LastIndex(name, ".")+1:])
		var all []string
		for _, f := range m.Funcs {
			if inLoaded(prog, f.Name) {
				all = append(all, f.Name)
				if strings.Contains(strings.ToLower(f.Name), base) {
					found = append(found, f.Name)
				}
			}
		}
		if len(found) == 0 && len(all) <= maxCandidates {
			found = all
		}
	}
	sort.Strings(found)
	return nil, found
}

// nameSuffix reports whether name ends with suffix after a dot or a
// slash ("f", "T).M", "gen.f" of "example.com/m/gen.f").
func nameSuffix(name, suffix string) bool {
	return strings.HasSuffix(name, "."+suffix) || strings.HasSuffix(name, "/"+suffix)
}

// maxCandidates is the most functions findFunc lists when no name is
// like the one asked for.
const maxCandidates = 30

// inLoaded reports whether the function named name belongs to one of
// the packages the patterns named (its name starts with the package's
// path, a method's after "(" or "(*").
func inLoaded(prog *bridge.Program, name string) bool {
	name = strings.TrimLeft(name, "(*")
	for _, p := range prog.Packages {
		if p != nil && strings.HasPrefix(name, p.Pkg.Path()+".") {
			return true
		}
	}
	return false
}

// declareDiscipline gives m the discipline line of its functions, whose
// names forms lists by discipline, so that vssa ir checks them in it.
// Functions in different disciplines (a pass did not apply to some) get
// no line, which is said on w.
func declareDiscipline(m *ir.Module, forms map[ir.Discipline][]string, w io.Writer) {
	switch len(forms) {
	case 0:
		m.Discipline, m.DisciplineSet = ir.RTL, true
	case 1:
		for d := range forms {
			m.Discipline, m.DisciplineSet = d, true
		}
	default:
		fmt.Fprintf(w, "vssa dump: no discipline line: %d functions are in RTL form (a pass did not apply to them, e.g. %s), %d in SSA form\n", len(forms[ir.RTL]), forms[ir.RTL][0], len(forms[ir.SSA]))
	}
}

// noteMethods has prog translate, or declare, the methods of the named
// types its module refers to, so that the text carries them: a run of
// it finds the String method fmt calls and the methods of interface
// calls, or stops on one it cannot call, as vssa run of the program
// does. The types of the loaded packages have theirs already, not those
// of other packages of a module or instances of generic types. The
// types of the interpreter's standard library table are left out: it
// gives their values to the library as they are, with their real
// methods. A method's signature may bring in more types: until none is
// new.
func noteMethods(prog *bridge.Program) {
	std := stdExterns()
	done := map[string]bool{}
	for more := true; more; {
		more = false
		for _, t := range prog.Module.NamedTypes() {
			key := ir.TypeString(t)
			if done[key] {
				continue
			}
			done[key], more = true, true
			if _, ok := std.Type(t.Obj().Pkg().Path(), t.Obj().Name()); ok || types.IsInterface(t) {
				continue
			}
			prog.Method(t, "")
			prog.Method(types.NewPointer(t), "")
		}
	}
}
