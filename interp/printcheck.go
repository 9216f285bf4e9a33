// This file keeps the standard library's printing functions (fmt's
// Print, Printf and their kin, and log's) exact on program values, or
// stops the program with an Unsupported error where they would not be.
//
// A program value crosses into real code as a stand-in (boundary.go):
// a structurally equal type, without the program type's name or
// methods, or, where an interface is expected and the type has an Error
// or String method, an adapter whose method calls back. fmt prints the
// stand-in as it would print the program's value except where it shows
// a type's name (%T, %#v, the "%!d(main.T=…)" of a verb that does not
// fit, "%!(EXTRA main.T=…)") or looks for methods (an Error or String
// method of a value nested in a slice, map, struct or pointer, which
// the stand-in lacks; a Format method; an adapter printed with a verb
// fmt does not call String for, which would show the adapter itself).
// Before such a call, each operand is checked against the verbs that
// will print it (read from the format by internal/printverbs), and any of those cases is reported instead of printing
// something else than Go. So is an address of the interpreter's memory
// that fmt would print (showsAddress): the stand-in is a copy, with an
// address of its own.
//
// fmt's rules followed here (fmt's documentation and printValue): a
// value reached through an unexported struct field is printed without
// calling its methods; a pointer is followed only at the top level (&{…});
// Error and String are called for the verbs v, s, x, X and q (and w in
// Errorf) without the # flag.

package interp

import (
	"fmt"
	"go/types"
	"strings"

	"github.com/vssa-go/vssa/interp/internal/printverbs"
)

// checkPrint checks the operands of a call of the printing function
// name (args as the IR passes them: the operands in one slice, last)
// and panics with an Unsupported error if fmt would print one of them
// differently from Go.
func (it *Interp) checkPrint(name string, args []Value) {
	format, ok := printverbs.Funcs[name]
	if !ok || len(args) == 0 {
		return
	}
	operands := args[len(args)-1].slice()
	var uses [][]printverbs.Use
	if format < 0 {
		uses = make([][]printverbs.Use, len(operands))
		for i := range uses {
			uses[i] = []printverbs.Use{{Verb: 'v'}}
		}
	} else {
		uses = printverbs.Uses(args[format].str(), len(operands))
	}
	for i, op := range operands {
		for _, u := range uses[i] {
			pc := printCheck{it: it, fn: name, use: u}
			pc.operand(op)
		}
	}
}

// printCheck checks one operand against one verb.
type printCheck struct {
	it  *Interp
	fn  string
	use printverbs.Use
}

func (pc *printCheck) unsupported(format string, args ...any) {
	panic(unsupportedf("%s: %s (the standard library sees a stand-in for program types)", pc.fn, fmt.Sprintf(format, args...)))
}

// operand checks an operand (of static type any).
func (pc *printCheck) operand(v Value) {
	i := v.iface()
	if i == nil {
		return
	}
	if pc.use.Verb == 'T' {
		if pc.it.isProgramType(i.t.t) {
			pc.unsupported("the name of type %s printed", i.t.name)
		}
		return
	}
	if pc.showsAddress(i.t, i.v, 0, false) {
		panic(unsupportedf("%s: the address of a variable printed (the standard library would print its stand-in's, a copy's)", pc.fn))
	}
	pc.value(i.t, i.v, 0, false, true)
}

// showsAddress reports whether fmt would print, for v of dynamic type t
// at depth (reached through an unexported field if readOnly), an
// address in the interpreter's memory: a non-nil pointer or
// unsafe.Pointer printed as a number rather than as &{…} or through a
// method, a func or a channel, or a slice or map under %p. The real fmt
// would print the address of the stand-in that crosses (a copy, made
// anew for each call), which is no address Go could print: the
// interpreted fmt prints the one a uintptr conversion gives
// (addrspace.go), and a func's entry. (A channel is the interpreter's
// own, but the interpreted fmt gives it an address of the interpreter's
// space: printed always by it, it keeps one.) Real values are real
// memory, whose addresses are the same in both.
func (pc *printCheck) showsAddress(t *rtype, v Value, depth int, readOnly bool) bool {
	verb := pc.use.Verb
	if t.kind == kInterface {
		i := v.iface()
		if i == nil {
			return false
		}
		t, v = i.t, i.v
	}
	if t.kind == kReal || !readOnly && pc.callsMethod(t) {
		return false
	}
	switch t.kind {
	case kPointer, kUnsafePointer:
		if v.r == nil {
			return false
		}
		if _, real := v.r.(*realPtr); real {
			return false
		}
		if c := v.cell(); c != nil && t.kind == kPointer && depth == 0 && verb != 'p' {
			switch t.elem.kind {
			case kStruct, kArray, kSlice, kMap:
				return pc.showsAddress(t.elem, *c, 1, readOnly) // printed as &{…}
			}
		}
		return true
	case kFunc, kChan:
		return v.r != nil
	case kSlice, kArray:
		if verb == 'p' && depth == 0 && t.kind == kSlice {
			return v.r != nil
		}
		for _, e := range elems(t, v) {
			if pc.showsAddress(t.elem, e, depth+1, readOnly) {
				return true
			}
		}
	case kMap:
		if verb == 'p' && depth == 0 {
			return v.r != nil
		}
		if m, _ := v.r.(*mapObj); m != nil {
			for _, e := range m.m {
				if pc.showsAddress(t.key, e.k, depth+1, readOnly) || pc.showsAddress(t.elem, e.v, depth+1, readOnly) {
					return true
				}
			}
		}
	case kStruct:
		st, _ := t.t.Underlying().(*types.Struct)
		for k, f := range v.slice() {
			if pc.showsAddress(t.fields[k], f, depth+1, readOnly || st == nil || !st.Field(k).Exported()) {
				return true
			}
		}
	}
	return false
}

// callsMethod reports whether fmt prints a value of type t with pc's
// verb by calling one of its methods (Format; GoString for %#v; Error
// or String for v, s, x, X and q without #, and w in Errorf) instead of
// looking at it.
func (pc *printCheck) callsMethod(t *rtype) bool {
	switch t.kind {
	case kPointer, kUnsafePointer, kFunc, kChan, kSlice, kArray, kMap, kStruct:
	default:
		return false // no address below
	}
	has := pc.it.printMethodsOf(t)
	switch {
	case has&hasFormat != 0:
		return true
	case pc.use.Sharp:
		return pc.use.Verb == 'v' && has&hasGoString != 0
	case strings.ContainsRune("vsxXq", pc.use.Verb) || pc.use.Verb == 'w' && pc.fn == "fmt.Errorf":
		return has&(hasError|hasString) != 0
	}
	return false
}

// The methods of fmt's interfaces a type may have.
const (
	hasFormat = 1 << iota
	hasGoString
	hasError
	hasString
)

// printMethodsOf returns which of fmt's methods type t has, with the
// signatures of fmt's interfaces (cached: a slice of structs looks at
// its type for each element).
func (it *Interp) printMethodsOf(t *rtype) int {
	if has, ok := it.printMethods.Load(t); ok {
		return has.(int)
	}
	has := 0
	if t.t != nil {
		ms := types.NewMethodSet(t.t)
		for _, m := range []struct {
			name   string
			params int // Format's two; the others' none, with a string result
			bit    int
		}{{"Format", 2, hasFormat}, {"GoString", 0, hasGoString}, {"Error", 0, hasError}, {"String", 0, hasString}} {
			sel := ms.Lookup(nil, m.name)
			if sel == nil {
				continue
			}
			sig := sel.Type().(*types.Signature)
			if m.params > 0 && sig.Params().Len() == m.params && sig.Results().Len() == 0 ||
				m.params == 0 && sig.Params().Len() == 0 && sig.Results().Len() == 1 && types.Identical(sig.Results().At(0).Type(), types.Typ[types.String]) {
				has |= m.bit
			}
		}
	}
	it.printMethods.Store(t, has)
	return has
}

// value checks v, of dynamic type t, printed at depth (0: the operand
// itself), reached through an unexported field if readOnly (then fmt
// calls none of its methods), held in an interface if boxed (then an
// Error or String method crosses as an adapter).
func (pc *printCheck) value(t *rtype, v Value, depth int, readOnly, boxed bool) {
	it, verb := pc.it, pc.use.Verb
	if t.kind == kInterface {
		if pc.use.Sharp && it.isProgramType(t.t) {
			pc.unsupported("%%#%c of a value of type %s", verb, t.name)
		}
		i := v.iface()
		if i == nil {
			return
		}
		t, v, boxed = i.t, i.v, true
	}
	if t.kind == kReal || !it.isProgramType(t.t) {
		return // printed as it is (a real value), or without a program type in it
	}
	if pc.use.Sharp {
		pc.unsupported("%%#%c of a value of type %s, whose name Go prints", verb, t.name)
	}
	if !readOnly {
		if it.method(t, "Format") != nil {
			pc.unsupported("value of type %s, whose Format method fmt would call", t.name)
		}
		m := "" // the method fmt would call: Error before String
		if it.method(t, "Error") != nil {
			m = "Error"
		} else if it.method(t, "String") != nil {
			m = "String"
		}
		if verb == 'w' && depth == 0 && (m != "Error" || pc.fn != "fmt.Errorf") {
			pc.unsupported("%%w of a value of type %s, which Go prints with the type's name", t.name)
		}
		if m != "" {
			callsMethod := strings.ContainsRune("vsxXqw", verb)
			switch {
			case callsMethod && boxed && t.kind == kPointer && v.r == nil:
				// fmt prints "<nil>" for a nil pointer whose method
				// panics, which it does not see in the adapter.
				pc.unsupported("%s method of a nil pointer of type %s", m, t.name)
			case callsMethod && boxed:
				return // the adapter's method is fmt's call of the program's
			case callsMethod:
				pc.unsupported("%s method of type %s, inside a value the standard library copies without it", m, t.name)
			case boxed:
				pc.unsupported("%%%c of a value of type %s, which has a %s method", verb, t.name, m)
			}
		}
	}
	named := isNamed(t.t)
	switch t.kind {
	case kSlice, kArray:
		if strings.ContainsRune("sqxX", verb) && t.elem.kind == kUint8 {
			return // printed as bytes, whatever the types' names
		}
		for _, e := range elems(t, v) {
			pc.value(t.elem, e, depth+1, readOnly, false)
		}
	case kMap:
		if m, _ := v.r.(*mapObj); m != nil {
			for _, e := range m.m {
				pc.value(t.key, e.k, depth+1, readOnly, false)
				pc.value(t.elem, e.v, depth+1, readOnly, false)
			}
		}
	case kStruct:
		st := t.t.Underlying().(*types.Struct)
		for k, f := range v.slice() {
			pc.value(t.fields[k], f, depth+1, readOnly || !st.Field(k).Exported(), false)
		}
	case kPointer:
		if p := v.cell(); p != nil && depth == 0 {
			switch t.elem.kind {
			case kStruct, kArray, kSlice, kMap:
				pc.value(t.elem, *p, depth+1, readOnly, false) // printed as &{…}
				return
			}
		}
		fallthrough
	case kChan, kFunc, kUnsafePointer:
		if !strings.ContainsRune("vpbodxX", verb) {
			pc.unsupported("%%%c of a value of type %s, which Go prints with the type's name", verb, t.name)
		}
	default:
		if named && !verbFits(t.kind, verb) {
			pc.unsupported("%%%c of a value of type %s, which Go prints with the type's name", verb, t.name)
		}
	}
}

// verbFits reports whether fmt prints a value of basic kind k with verb
// rather than reporting a bad verb (with the type's name).
func verbFits(k kind, verb rune) bool {
	switch {
	case k == kBool:
		return verb == 't' || verb == 'v'
	case k.isInt():
		return strings.ContainsRune("bcdoOqxXUv", verb)
	case k.isFloat() || k.isComplex():
		return strings.ContainsRune("beEfFgGxXv", verb)
	case k == kString:
		return strings.ContainsRune("vsxXq", verb)
	}
	return false
}

// isNamed reports whether t is a named type (or an instance of a
// generic one).
func isNamed(t types.Type) bool {
	_, ok := types.Unalias(t).(*types.Named)
	return ok
}
