// This file words the refusals of constructs that reach lowering as an
// instruction preparing them rather than as themselves: a defer (go/ssa
// gives its function a recover block, checked first) and a call whose
// arguments are prepared by what compiled code cannot do (its variadic
// arguments escape, and are converted to interfaces, before the call). Each is refused at the
// construct's own position, in the user's terms, with what to do
// instead.

package native

import (
	"fmt"
	"go/types"
	"strings"

	"github.com/vssa-go/vssa/ir"
)

// refuseDefer refuses f's defer (f has a recover block).
func (l *lowerer) refuseDefer() {
	for _, b := range l.f.Blocks {
		for _, in := range b.Instrs {
			if in.Op == ir.OpDefer {
				l.pos = in.Pos
				l.fail("defer: compiled code runs no deferred calls; make the call at each return instead, or keep the function in Go")
			}
		}
	}
	l.fail("recover")
}

// refuseConstruct refuses in, which lowering does not support: as the
// panic or the call its result goes to, if it prepares one, else as
// what.
func (l *lowerer) refuseConstruct(in *ir.Instr, what string) {
	// A function value is no argument compiled code would allocate:
	// refused as itself.
	if user := l.blame(in); user != nil && in.Op != ir.OpFunc {
		l.pos = user.Pos
		l.fail("%s", l.callRefusal(user))
	}
	if !in.Pos.IsValid() {
		// A package-level variable has no position of its own: its
		// first use's.
		if u := l.firstUser(in); u != nil {
			l.pos = u.Pos
		}
	}
	l.fail("%s", what)
}

// firstUser returns the first instruction with a position that uses a
// result of in, or nil.
func (l *lowerer) firstUser(in *ir.Instr) *ir.Instr {
	for _, b := range l.f.Blocks {
		for _, u := range b.Instrs {
			if !u.Pos.IsValid() {
				continue
			}
			for _, a := range u.Args() {
				for _, d := range in.Dsts() {
					if a == d {
						return u
					}
				}
			}
		}
	}
	return nil
}

// blame returns the panic, or the call lowering refuses, that in's
// results reach through the instructions using them, or nil.
func (l *lowerer) blame(in *ir.Instr) *ir.Instr {
	users := map[ir.Reg][]*ir.Instr{}
	for _, b := range l.f.Blocks {
		for _, u := range b.Instrs {
			for _, a := range u.Args() {
				users[a] = append(users[a], u)
			}
		}
	}
	seen := map[*ir.Instr]bool{in: true}
	work := []*ir.Instr{in}
	for len(work) > 0 {
		x := work[0]
		work = work[1:]
		for _, d := range x.Dsts() {
			for _, u := range users[d] {
				if seen[u] {
					continue
				}
				seen[u] = true
				if u.Op == ir.OpCall && u.Callee() == d {
					// The function value or interface called, not an
					// argument: the construct is in itself.
					continue
				}
				if u.Op == ir.OpCall && !l.callable(u) {
					return u
				}
				work = append(work, u)
			}
		}
	}
	return nil
}

// callable reports whether call is of a function compiled with this
// one, or may be one gc treats as an instruction (intrinsics.go).
func (l *lowerer) callable(call *ir.Instr) bool {
	if call.CallMode != ir.CallStatic {
		return false
	}
	if _, ok := l.unit.Callees[call.Sym()]; ok {
		return true
	}
	pkg, _ := splitSym(call.Sym())
	return intrinsicPackage(pkg)
}

// intrinsicPackage reports whether calls of the package's functions may
// be instructions (intrinsics.go), so that no call of them is inlined
// or goes through a trampoline before lowering has seen it.
func intrinsicPackage(path string) bool {
	return path == "math/bits" || path == "math" || path == "encoding/binary"
}

// callRefusal says why call, of a function not compiled with this one,
// is refused, and what the user can do.
func (l *lowerer) callRefusal(call *ir.Instr) string {
	switch call.CallMode {
	case ir.CallBuiltin:
		if call.Sym() == "append" {
			return "append: compiled code allocates nothing, and append may grow the slice; write into a slice passed in with room (s[n] = x) and return how much was written"
		}
		return "the built-in " + call.Sym()
	case ir.CallClosure:
		return "a call of a function value whose arguments compiled code would have to allocate (a variadic call's slice, values converted to interfaces): keep the call in a Go caller"
	case ir.CallInvoke:
		return "a call of the method " + call.Sym() + " through an interface, whose arguments compiled code would have to allocate (a variadic call's slice, values converted to interfaces): keep the call in a Go caller"
	}
	sym := call.Sym()
	pkg, name := splitSym(sym)
	own, _ := splitSym(l.f.Name)
	switch {
	case pkg != own:
		name = pkg[strings.LastIndex(pkg, "/")+1:] + "." + name
	case strings.Contains(name, "["):
		return "a call of the generic function " + name + " with arguments compiled code would have to allocate or cannot pass (compiled code calls generic functions at basic type arguments): keep the call in a Go caller"
	}
	// Compiled code calls other functions through trampolines
	// (trampolines.go): what is refused is in its arguments.
	return "a call of " + name + " whose arguments compiled code would have to allocate (a variadic call's slice, values converted to interfaces): keep the call in a Go caller"
}

// splitSym splits an IR function name, "example.com/p.F",
// "(*example.com/p.T).M" or "example.com/p.F[int]", into its package
// path and its name in the package ("F", "(*T).M", "F[int]": as vssa
// compile's command line names it).
func splitSym(sym string) (pkg, name string) {
	s := sym
	if strings.HasPrefix(s, "(") {
		end := strings.Index(s, ")")
		if end < 0 {
			return "", sym
		}
		recv := strings.TrimPrefix(s[1:end], "*")
		star := strings.HasPrefix(s[1:end], "*")
		i := strings.LastIndex(strings.Split(recv, "[")[0], ".")
		pkg, typ := recv[:max(i, 0)], recv[i+1:]
		if star {
			return pkg, "(*" + typ + ")" + s[end+1:]
		}
		return pkg, typ + s[end+1:] // T.M
	}
	base := strings.Split(s, "[")[0]
	i := strings.LastIndex(base, ".")
	if i < 0 {
		return "", s
	}
	return s[:i], s[i+1:]
}

// typeRefusal refuses what (a value) of type t, with what to use
// instead.
func typeRefusal(what string, t types.Type) string {
	s := what + " of type " + types.TypeString(t, func(p *types.Package) string { return p.Name() })
	switch u := t.Underlying().(type) {
	case *types.Struct:
		return s + fmt.Sprintf(": a struct by value is supported up to %d components (fields, or their fields' and elements'); pass a pointer to a larger one instead", maxAggregate)
	case *types.Array:
		return s + fmt.Sprintf(": an array by value is supported up to %d components (elements, or their fields and elements); pass a pointer to a larger one instead", maxAggregate)
	case *types.Interface:
		return s + ": keep interface values (any, error) in a Go caller; return a bool or an integer code instead of an error"
	case *types.Map:
		return s + ": use a slice or an array indexed by the key"
	case *types.Chan:
		return s + ": keep channel operations in a Go caller"
	case *types.Basic:
		if u.Info()&types.IsComplex != 0 {
			return s + ": use two floats"
		}
	}
	return s
}
