// This file implements the parts of package runtime that describe the
// program itself: call stacks (runtime.Caller, Callers, FuncForPC,
// CallersFrames) over interpreted frames, with names as the gc runtime
// prints them, and finalizers on interpreted memory.

package interp

import (
	"go/token"
	"go/types"
	"runtime"
	"strings"

	"github.com/vssa-go/vssa/interp/internal/linedir"
)

// fakeFrames stands for a *runtime.Frames.
type fakeFrames struct{ pcs []uint64 }

func init() {
	intrinsics["runtime.Caller"] = func(it *Interp, g *goroutine, args []Value) []Value {
		pcs := it.stackPCs(g, g.top)
		skip := args[0].int()
		if skip < 0 || skip >= int64(len(pcs)) {
			return []Value{{}, mkString(""), {}, mkBool(false)}
		}
		fr := it.frameAt(pcs[skip])
		return []Value{mkUint(pcs[skip]), mkString(fr.File), mkInt(int64(fr.Line)), mkBool(true)}
	}
	intrinsics["runtime.Callers"] = func(it *Interp, g *goroutine, args []Value) []Value {
		// skip 0 is Callers itself, 1 its caller.
		all := append([]uint64{runtimeFrames.callers}, it.stackPCs(g, g.top)...)
		pcs, u := args[1].bytes(), it.types.of(types.Typ[types.Uintptr]) // packed
		n := 0
		if skip := args[0].int(); skip < int64(len(all)) {
			for _, pc := range all[max(skip, 0):] {
				if n == len(pcs)/8 {
					break
				}
				setPackedIndex(u, pcs, n, mkUint(pc))
				n++
			}
		}
		return []Value{mkInt(int64(n))}
	}
	intrinsics["runtime.Stack"] = func(it *Interp, g *goroutine, args []Value) []Value {
		// (With all set, gc adds the other goroutines; only this one's
		// is known here.)
		text := it.stackText(g, g.top, false)
		return []Value{mkInt(int64(copy(args[0].bytes(), text)))}
	}
	intrinsics["runtime/debug.Stack"] = func(it *Interp, g *goroutine, args []Value) []Value {
		return []Value{{r: []byte(it.stackText(g, g.top, true))}}
	}
	intrinsics["runtime.FuncForPC"] = func(it *Interp, g *goroutine, args []Value) []Value {
		if args[0].n < pcBase {
			if f := runtime.FuncForPC(uintptr(args[0].n)); f != nil && strings.HasPrefix(f.Name(), "runtime.") {
				return []Value{{r: f}} // a frame of the runtime (stack.go)
			}
			return []Value{{}}
		}
		f, _ := it.pcs.lookup(args[0].n)
		if f == nil {
			return []Value{{}}
		}
		return []Value{{r: f}}
	}
	intrinsics["(*runtime.Func).Name"] = func(it *Interp, g *goroutine, args []Value) []Value {
		switch f := args[0].r.(type) {
		case *fakeFunc:
			return []Value{mkString(runtimeName(f.fn))}
		case *runtime.Func:
			return []Value{mkString(f.Name())}
		}
		return []Value{mkString("")}
	}
	intrinsics["(*runtime.Func).Entry"] = func(it *Interp, g *goroutine, args []Value) []Value {
		switch f := args[0].r.(type) {
		case *fakeFunc:
			return []Value{mkUint(f.entry)}
		case *runtime.Func:
			return []Value{mkUint(uint64(f.Entry()))}
		}
		return []Value{{}}
	}
	intrinsics["(*runtime.Func).FileLine"] = func(it *Interp, g *goroutine, args []Value) []Value {
		// As in Go, the line is pc's, whichever function f is.
		switch f := args[0].r.(type) {
		case *fakeFunc:
			_, pos := it.pcs.lookup(args[1].n)
			file, line := it.fileLine(pos)
			return []Value{mkString(file), mkInt(int64(line))}
		case *runtime.Func:
			file, line := f.FileLine(uintptr(args[1].n))
			return []Value{mkString(file), mkInt(int64(line))}
		}
		return []Value{mkString(""), {}}
	}
	intrinsics["runtime.CallersFrames"] = func(it *Interp, g *goroutine, args []Value) []Value {
		var pcs []uint64
		for _, v := range packedCells(it.types.of(types.Typ[types.Uintptr]), args[0].bytes()) {
			pcs = append(pcs, v.n)
		}
		return []Value{{r: &fakeFrames{pcs}}}
	}
	intrinsics["runtime.SetFinalizer"] = func(it *Interp, g *goroutine, args []Value) []Value {
		it.setFinalizer(g, args[0].iface(), args[1].iface())
		return nil
	}
}

// framesNext implements (*runtime.Frames).Next, whose result is the
// interpreter's runtime.Frame (interpretedStruct), frame of IR type
// frameT: its Func is the function's *runtime.Func as FuncForPC gives
// it, an interpreted function's too (a real Frame cannot hold that).
func (it *Interp) framesNext(frameT types.Type) func(*Interp, *goroutine, []Value) []Value {
	t := it.types.of(frameT)
	st := frameT.Underlying().(*types.Struct)
	field := map[string]int{}
	for i := 0; i < st.NumFields(); i++ {
		field[st.Field(i).Name()] = i
	}
	for _, name := range []string{"PC", "Func", "Function", "File", "Line", "Entry"} {
		if _, ok := field[name]; !ok {
			panic(unsupportedf("runtime.Frame of this Go release (no field %s)", name))
		}
	}
	funcForPC := intrinsics["runtime.FuncForPC"]
	return func(it *Interp, g *goroutine, args []Value) []Value {
		fs := args[0].r.(*fakeFrames)
		v := zero(t)
		if len(fs.pcs) > 0 {
			pc := fs.pcs[0]
			fs.pcs = fs.pcs[1:]
			fr := it.frameAt(pc)
			fields := v.slice()
			fields[field["PC"]] = mkUint(uint64(fr.PC))
			fields[field["Func"]] = funcForPC(it, g, []Value{mkUint(pc)})[0]
			fields[field["Function"]] = mkString(fr.Function)
			fields[field["File"]] = mkString(fr.File)
			fields[field["Line"]] = mkInt(int64(fr.Line))
			fields[field["Entry"]] = mkUint(uint64(fr.Entry))
		}
		return []Value{v, mkBool(len(fs.pcs) > 0)}
	}
}

// pcOf returns the pc of the call site a frame is at.
func (it *Interp) pcOf(fr *frame) uint64 {
	var pos token.Pos
	if fr.pc > 0 && int(fr.pc) <= len(fr.fn.code) {
		pos = fr.fn.code[fr.pc-1].pos
	}
	return it.pcs.site(fr.fn, pos)
}

func (it *Interp) fileLine(pos token.Pos) (string, int) {
	if it.mod.Fset == nil || !pos.IsValid() {
		return "?", 0
	}
	p := it.mod.Fset.Position(pos)
	return linedir.GCFileName(p, it.mod.Fset.PositionFor(pos, false)), p.Line
}

// runtimeName converts a go/ssa function name to the gc runtime's:
// "command-line-arguments.f" → "main.f", "(*p.T).M" → "p.(*T).M",
// "p.f$1$2" → "p.f.func1.2".
func runtimeName(fn *function) string {
	if fn == nil {
		return ""
	}
	name := fn.name
	recv := ""
	if strings.HasPrefix(name, "(") {
		end := strings.Index(name, ")")
		recv, name = name[1:end], name[end+2:]
		ptr := strings.HasPrefix(recv, "*")
		recv = strings.TrimPrefix(recv, "*")
		dot := strings.LastIndex(recv, ".")
		pkg, typ := recv[:dot], recv[dot+1:]
		if ptr {
			typ = "(*" + typ + ")"
		}
		name = pkg + "." + typ + "." + name
	}
	if strings.HasPrefix(name, "command-line-arguments.") {
		name = "main." + strings.TrimPrefix(name, "command-line-arguments.")
	}
	// Closures: $1 → .func1, nested $1$2 → .func1.2.
	if i := strings.Index(name, "$"); i >= 0 {
		parts := strings.Split(name[i+1:], "$")
		name = name[:i] + ".func" + strings.Join(parts, ".")
	}
	return name
}

// setFinalizer attaches a program finalizer to the real memory cell of
// a program pointer: the Go garbage collector decides when the program
// no longer reaches it, as in the compiled program.
func (it *Interp) setFinalizer(g *goroutine, obj, fin *iface) {
	if obj == nil || obj.t.kind != kPointer {
		it.raise(g, it.realIface("runtime.SetFinalizer: first argument is not a pointer"))
	}
	cell, ok := obj.v.r.(*Value)
	if !ok {
		panic(unsupportedf("runtime.SetFinalizer on %s", foreignName(obj.v)))
	}
	defer it.realPanic(g)
	if fin == nil {
		runtime.SetFinalizer(cell, nil)
		return
	}
	sig := fin.t.t.Underlying().(*types.Signature)
	byInterface := sig.Params().Len() == 1 && types.IsInterface(sig.Params().At(0).Type())
	fv, objT, objN := fin.v, obj.t, obj.v.n
	// The finalizer must not capture cell: that would keep it alive.
	runtime.SetFinalizer(cell, func(c *Value) {
		arg := Value{n: objN, r: c}
		if byInterface {
			arg = Value{r: &iface{t: objT, v: arg}}
		}
		fg := &goroutine{}
		defer it.crashOnPanic(fg)
		it.callValue(fg, fv, []Value{arg}, nil)
	})
}
