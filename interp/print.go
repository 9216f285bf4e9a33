// This file formats values as the built-ins print and println do, and
// prints a crashing panic as the Go runtime does.

package interp

import (
	"fmt"
	"go/types"
	"io"
	"math"
	"reflect"
	"strconv"
	"strings"
	"unsafe"
)

func (it *Interp) print(newline bool, ts []*rtype, args []Value) {
	var sb strings.Builder
	for i, v := range args {
		if newline && i > 0 {
			sb.WriteByte(' ')
		}
		it.writeValue(&sb, ts[i], v)
	}
	if newline {
		sb.WriteByte('\n')
	}
	it.printMu.Lock()
	io.WriteString(it.stderr, sb.String())
	it.printMu.Unlock()
}

// writeValue writes v as print does.
func (it *Interp) writeValue(sb *strings.Builder, t *rtype, v Value) {
	var buf [64]byte
	switch k := t.kind; {
	case k == kBool:
		sb.WriteString(strconv.FormatBool(v.bool()))
	case k.isSigned():
		sb.Write(strconv.AppendInt(buf[:0], int64(v.n), 10))
	case k.isUnsigned():
		sb.Write(strconv.AppendUint(buf[:0], v.n, 10))
	case k == kFloat64:
		sb.Write(strconv.AppendFloat(buf[:0], v.float(), 'g', -1, 64))
	case k == kFloat32:
		sb.Write(strconv.AppendFloat(buf[:0], v.float(), 'g', -1, 32))
	case k == kComplex128:
		sb.WriteString(strconv.FormatComplex(v.complex(), 'g', -1, 128))
	case k == kComplex64:
		sb.WriteString(strconv.FormatComplex(v.complex(), 'g', -1, 64))
	case k == kString:
		sb.WriteString(v.str())
	case k == kSlice:
		n, c := lenCap(t, v)
		fmt.Fprintf(sb, "[%d/%d]%s", n, c, hexAddr(uintptr(it.printedAddr(t, v))))
	case k == kInterface:
		if i := v.iface(); i != nil {
			fmt.Fprintf(sb, "(%s,%s)", hexAddr(uintptr(unsafe.Pointer(i.t))), hexAddr(uintptr(unsafe.Pointer(i))))
		} else {
			sb.WriteString("(0x0,0x0)")
		}
	default:
		sb.WriteString(hexAddr(uintptr(it.printedAddr(t, v))))
	}
}

// printedAddr is the address print shows for v, of a reference type t
// (pointer, slice, map, channel, func): the one a uintptr conversion
// and fmt's %p give, a func's entry.
func (it *Interp) printedAddr(t *rtype, v Value) uint64 {
	if v.r == nil {
		return 0
	}
	if t.kind == kFunc {
		return it.funcEntry(rval{t: t, cell: &v})
	}
	p := it.pointerOf(t, v)
	if _, ok := p.r.(*Value); ok && it.typeOfPointee(p.n) == nil && t.kind == kPointer {
		p.n = withType(p.n, t.elem)
	}
	return it.addressOf(p)
}

func hexAddr(a uintptr) string { return "0x" + strconv.FormatUint(uint64(a), 16) }

// printPanics writes the chain of panics ending with p, as the runtime's
// preprintpanics and printpanics do.
func (it *Interp) printPanics(w io.Writer, p *goPanic) {
	type entry struct {
		p          *goPanic
		text       string // the value converted by Error or String, if it has one
		converted  bool
		repanicked bool
	}
	// Newest first, as the runtime walks the chain.
	var chain []*entry
	for q := p; q != nil; q = q.link {
		chain = append(chain, &entry{p: q})
	}
	for i := 0; i < len(chain); i++ {
		e := chain[i]
		if i+1 < len(chain) && sameValue(chain[i+1].p.val, e.p.val) {
			chain[i+1].repanicked = true
			continue
		}
		var fatal string
		e.text, e.converted, fatal = it.panicText(e.p.val)
		if fatal != "" {
			// As the runtime's preprintpanics: a throw, no panic lines.
			io.WriteString(w, "fatal error: "+fatal+"\n")
			return
		}
	}
	var sb strings.Builder
	var print func(i int)
	print = func(i int) {
		e := chain[i]
		if i+1 < len(chain) {
			print(i + 1)
			if chain[i+1].repanicked {
				return
			}
			if !chain[i+1].p.goexit {
				sb.WriteByte('\t')
			}
		}
		if e.p.goexit {
			return
		}
		sb.WriteString("panic: ")
		if e.converted {
			writeIndented(&sb, e.text)
		} else {
			it.writePanicValue(&sb, e.p.val)
		}
		if e.p.recovered && e.repanicked {
			sb.WriteString(" [recovered, repanicked]")
		} else if e.p.recovered {
			sb.WriteString(" [recovered]")
		}
		sb.WriteByte('\n')
	}
	print(0)
	io.WriteString(w, sb.String())
}

// sameValue reports whether two panic values are the same interface
// value as the runtime compares them: the same words, a type and a data
// pointer. That is the same interface value, or two holding a constant
// (one static copy per constant, see staticIface), or two holding the
// same value of a scalar the runtime does not allocate for: a one-byte
// value, or one of two to eight bytes whose bits are below 256 (gc's
// convT16/32/64 point at its table staticuint64s), a zero-size one, or
// the empty string.
func sameValue(a, b Value) bool {
	if a.r == b.r {
		return true
	}
	x, y := a.iface(), b.iface()
	if x == nil || y == nil || x.t != y.t {
		return false
	}
	t := x.t
	if t.kind == kReal {
		// A real pointer is the data word itself (panic(nil)'s two
		// *runtime.PanicNilError are one: new of a zero-size type).
		a, b := x.v.r.(reflect.Value), y.v.r.(reflect.Value)
		return a.Kind() == reflect.Pointer && b.Kind() == reflect.Pointer && a.Pointer() == b.Pointer()
	}
	if t.size == 0 && t.kind != kInterface {
		return true
	}
	var bits uint64
	switch {
	case t.kind.isInt() || t.kind == kBool:
		if x.v.n != y.v.n {
			return false
		}
		bits = x.v.n
	case t.kind == kFloat64:
		if x.v.n != y.v.n {
			return false
		}
		bits = x.v.n
	case t.kind == kFloat32:
		if x.v.n != y.v.n {
			return false
		}
		bits = uint64(math.Float32bits(float32(x.v.float())))
	case t.kind == kString:
		return x.v.str() == "" && y.v.str() == "" // (convTstring: a pointer to zeroVal)
	default:
		return false
	}
	switch t.size {
	case 1:
		return true
	case 2, 4, 8:
		return bits&(1<<(8*t.size)-1) < 256
	}
	return false
}

// panicText converts a panic value with an Error or String method. If
// the method panics, fatal is the runtime's "panic while printing panic
// value" message.
func (it *Interp) panicText(v Value) (text string, ok bool, fatal string) {
	defer func() {
		r := recover()
		if r == nil {
			return
		}
		p, isPanic := r.(*goPanic)
		if !isPanic {
			panic(r)
		}
		fatal = "panic while printing panic value"
		if i := p.val.iface(); i != nil && i.t.kind == kString && i.t.t == types.Typ[types.String] {
			fatal += ": " + i.v.str()
		} else if i != nil {
			fatal += ": type " + i.t.name
		}
	}()
	i := v.iface()
	if i == nil {
		return "", false, ""
	}
	if i.t.kind == kReal {
		switch x := i.v.r.(reflect.Value).Interface().(type) {
		case error:
			return x.Error(), true, ""
		case fmt.Stringer:
			return x.String(), true, ""
		}
		return "", false, ""
	}
	for _, name := range []string{"Error", "String"} {
		fn := it.method(i.t, name)
		if fn == nil {
			continue
		}
		sig := fn.sig
		if sig.Params().Len() != 1 || sig.Results().Len() != 1 || !isString(sig.Results().At(0).Type()) {
			continue
		}
		res := it.call(&goroutine{}, fn, nil, []Value{i.v}, nil)
		return res[0].str(), true, ""
	}
	return "", false, ""
}

func isString(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Kind() == types.String
}

// writePanicValue is the runtime's printpanicval.
func (it *Interp) writePanicValue(sb *strings.Builder, v Value) {
	i := v.iface()
	if i == nil {
		sb.WriteString("nil")
		return
	}
	t := i.t
	if _, basic := t.t.(*types.Basic); basic {
		if t.kind == kString {
			writeIndented(sb, i.v.str())
		} else {
			it.writeValue(sb, t, i.v)
		}
		return
	}
	switch {
	case t.kind == kString:
		sb.WriteString(t.name + `("`)
		writeIndented(sb, i.v.str())
		sb.WriteString(`")`)
	case t.kind == kBool || t.kind.isInt() || t.kind.isFloat():
		sb.WriteString(t.name + "(")
		it.writeValue(sb, t, i.v)
		sb.WriteString(")")
	case t.kind.isComplex():
		sb.WriteString(t.name)
		it.writeValue(sb, t, i.v)
	default:
		fmt.Fprintf(sb, "(%s) %s", t.name, hexAddr(uintptr(unsafe.Pointer(i))))
	}
}

// writeIndented writes s with a tab after each newline.
func writeIndented(sb *strings.Builder, s string) {
	sb.WriteString(strings.ReplaceAll(s, "\n", "\n\t"))
}

// staticIface returns the interface value holding constant v of type t:
// one per constant in the program, as gc converts a constant to an
// interface with a pointer to one read-only copy of it, which the
// runtime's panic printing can tell (sameValue).
func (it *Interp) staticIface(t *rtype, v Value) Value {
	switch v.r.(type) {
	case nil, string, complex128:
	default:
		return Value{} // an aggregate's zero value: made at each conversion
	}
	key := staticKey{t, v.n, v.r}
	if x, ok := it.staticIfaces.Load(key); ok {
		return x.(Value)
	}
	x, _ := it.staticIfaces.LoadOrStore(key, Value{r: &iface{t: t, v: v}})
	return x.(Value)
}

type staticKey struct {
	t *rtype
	n uint64
	r any // a constant's: nil, a string or a complex128
}
