// This file describes types at run time: one rtype per distinct go/types
// type, interned so that type identity is pointer equality.

package interp

import (
	"fmt"
	"go/types"
	"reflect"
	"strconv"
	"strings"
	"sync"

	"golang.org/x/tools/go/types/typeutil"

	"github.com/vssa-go/vssa/ir"
)

// kind is how values of a type are represented (see value.go).
type kind uint8

const (
	kInvalid kind = iota
	kBool
	kInt8
	kInt16
	kInt32
	kInt64
	kUint8
	kUint16
	kUint32
	kUint64
	kFloat32
	kFloat64
	kComplex64
	kComplex128
	kString
	kUnsafePointer
	kPointer
	kSlice
	kArray
	kStruct
	kMap
	kChan
	kFunc
	kInterface
	kIter
	kDeferStack
	kReal // a real Go value of a type outside the program (Value.r holds it)
)

func (k kind) isInt() bool      { return k >= kInt8 && k <= kUint64 }
func (k kind) isSigned() bool   { return k >= kInt8 && k <= kInt64 }
func (k kind) isUnsigned() bool { return k >= kUint8 && k <= kUint64 }
func (k kind) isFloat() bool    { return k == kFloat32 || k == kFloat64 }
func (k kind) isComplex() bool  { return k == kComplex64 || k == kComplex128 }

// rtype is the run-time description of a type.
type rtype struct {
	t      types.Type
	kind   kind
	name   string // as the runtime prints it, e.g. "main.T", "[]int"
	elem   *rtype // pointer, slice, array, chan, map value
	key    *rtype // map key
	fields []*rtype
	blank  []bool  // struct fields named "_" (ignored by ==)
	offs   []int64 // struct field offsets on amd64
	length int64   // array length
	size   int64   // in bytes, for append's growth
	// aggregate is true for arrays and structs: values own a []Value (or,
	// packed, a []byte) that is copied when it moves in or out of memory.
	aggregate bool
	// packed is true for arrays and slices of scalars, which hold them
	// in a []byte (packed.go).
	packed     bool
	comparable bool
	// hasAggregate is true if copying a value needs a deep copy.
	id int // dense id, for map keys of interface type

	real reflect.Type // for kReal: the Go type of the values
}

// oneWord reports whether Go holds values of t in one machine word
// (pointers, maps, channels, functions), so that a racy read of one
// sees a value some write stored (see untorn).
func (t *rtype) oneWord() bool {
	switch t.kind {
	case kPointer, kUnsafePointer, kMap, kChan, kFunc:
		return true
	}
	return false
}

// typeTable interns rtypes.
type typeTable struct {
	mu    sync.Mutex
	m     typeutil.Map
	real  map[reflect.Type]*rtype
	next  int
	ids   []*rtype // by id (ids[0] is nil)
	sizes types.Sizes
	// realStruct returns the Go type of a named struct type that belongs
	// to a real (not interpreted) package, or nil.
	realStruct func(*types.Named) reflect.Type
}

func newTypeTable() *typeTable {
	return &typeTable{sizes: types.SizesFor("gc", "amd64"), real: map[reflect.Type]*rtype{}, ids: []*rtype{nil}}
}

// byID returns the rtype with the given id, or nil.
func (tt *typeTable) byID(id int) *rtype {
	tt.mu.Lock()
	defer tt.mu.Unlock()
	if id <= 0 || id >= len(tt.ids) {
		return nil
	}
	return tt.ids[id]
}

// ofReal returns the rtype of real Go values of type rt.
func (tt *typeTable) ofReal(rt reflect.Type) *rtype {
	tt.mu.Lock()
	defer tt.mu.Unlock()
	if t, ok := tt.real[rt]; ok {
		return t
	}
	name := rt.String()
	tt.next++
	t := &rtype{kind: kReal, name: name, real: rt, id: tt.next, comparable: rt.Comparable(),
		aggregate: rt.Kind() == reflect.Struct || rt.Kind() == reflect.Array, size: int64(rt.Size())}
	tt.real[rt] = t
	tt.ids = append(tt.ids, t)
	return t
}

// of returns the rtype of t.
func (tt *typeTable) of(t types.Type) *rtype {
	tt.mu.Lock()
	defer tt.mu.Unlock()
	return tt.ofLocked(t)
}

func (tt *typeTable) ofLocked(t types.Type) *rtype {
	t = types.Unalias(t)
	if rt, ok := tt.m.At(t).(*rtype); ok {
		return rt
	}
	rt := &rtype{t: t, name: typeName(t)}
	tt.next++
	rt.id = tt.next
	tt.ids = append(tt.ids, rt)
	tt.m.Set(t, rt) // before recursing: types may be recursive
	switch u := t.Underlying().(type) {
	case *types.Basic:
		rt.kind = basicKind(u)
	case *types.Pointer:
		rt.kind = kPointer
		rt.elem = tt.ofLocked(u.Elem())
	case *types.Slice:
		rt.kind = kSlice
		rt.elem = tt.ofLocked(u.Elem())
		rt.packed = packedElem(rt.elem)
	case *types.Array:
		rt.kind = kArray
		rt.elem = tt.ofLocked(u.Elem())
		rt.length = u.Len()
		rt.aggregate = true
		rt.packed = packedElem(rt.elem)
	case *types.Struct:
		rt.kind = kStruct
		rt.aggregate = true
		var vars []*types.Var
		for i := 0; i < u.NumFields(); i++ {
			rt.fields = append(rt.fields, tt.ofLocked(u.Field(i).Type()))
			rt.blank = append(rt.blank, u.Field(i).Name() == "_")
			vars = append(vars, u.Field(i))
		}
		rt.offs = tt.offsetsof(vars)
	case *types.Map:
		rt.kind = kMap
		rt.key = tt.ofLocked(u.Key())
		rt.elem = tt.ofLocked(u.Elem())
	case *types.Chan:
		rt.kind = kChan
		rt.elem = tt.ofLocked(u.Elem())
	case *types.Signature:
		rt.kind = kFunc
	case *types.Interface:
		rt.kind = kInterface
	}
	switch t {
	case ir.IterType:
		rt.kind = kIter
	case ir.DeferStackType:
		rt.kind = kDeferStack
	}
	if n, ok := t.(*types.Named); ok && rt.kind == kStruct && tt.realStruct != nil {
		if real := tt.realStruct(n); real != nil {
			rt.kind, rt.real, rt.fields, rt.blank = kReal, real, nil, nil
		}
	}
	rt.comparable = types.Comparable(t)
	rt.size = tt.sizeof(t)
	return rt
}

func basicKind(b *types.Basic) kind {
	switch b.Kind() {
	case types.Bool, types.UntypedBool:
		return kBool
	case types.Int8:
		return kInt8
	case types.Int16:
		return kInt16
	case types.Int32, types.UntypedRune:
		return kInt32
	case types.Int, types.Int64, types.UntypedInt:
		return kInt64
	case types.Uint8:
		return kUint8
	case types.Uint16:
		return kUint16
	case types.Uint32:
		return kUint32
	case types.Uint, types.Uint64, types.Uintptr:
		return kUint64
	case types.Float32:
		return kFloat32
	case types.Float64, types.UntypedFloat:
		return kFloat64
	case types.Complex64:
		return kComplex64
	case types.Complex128, types.UntypedComplex:
		return kComplex128
	case types.String, types.UntypedString:
		return kString
	case types.UnsafePointer:
		return kUnsafePointer
	case types.UntypedNil:
		return kPointer
	}
	return kInvalid
}

// typeName returns the name of t as the Go runtime and reflect print it:
// named types qualified by their package name, "interface {}",
// "struct { a int }", "main.G[int,string]".
func typeName(t types.Type) string {
	var sb strings.Builder
	writeTypeName(&sb, t)
	return sb.String()
}

func writeTypeName(sb *strings.Builder, t types.Type) {
	switch t := types.Unalias(t).(type) {
	case *types.Basic:
		switch t.Kind() {
		case types.UnsafePointer:
			sb.WriteString("unsafe.Pointer")
		case types.Byte:
			sb.WriteString("uint8")
		case types.Rune:
			sb.WriteString("int32")
		default:
			sb.WriteString(t.Name())
		}
	case *types.Named:
		if t == ir.IterType || t == ir.DeferStackType {
			sb.WriteString(t.Obj().Name())
			return
		}
		if pkg := t.Obj().Pkg(); pkg != nil {
			sb.WriteString(pkg.Name() + ".")
		}
		sb.WriteString(t.Obj().Name())
		if targs := t.TypeArgs(); targs.Len() > 0 {
			sb.WriteByte('[')
			for i := 0; i < targs.Len(); i++ {
				if i > 0 {
					sb.WriteByte(',')
				}
				writeTypeName(sb, targs.At(i))
			}
			sb.WriteByte(']')
		}
	case *types.Pointer:
		sb.WriteByte('*')
		writeTypeName(sb, t.Elem())
	case *types.Slice:
		sb.WriteString("[]")
		writeTypeName(sb, t.Elem())
	case *types.Array:
		fmt.Fprintf(sb, "[%d]", t.Len())
		writeTypeName(sb, t.Elem())
	case *types.Map:
		sb.WriteString("map[")
		writeTypeName(sb, t.Key())
		sb.WriteByte(']')
		writeTypeName(sb, t.Elem())
	case *types.Chan:
		switch t.Dir() {
		case types.SendOnly:
			sb.WriteString("chan<- ")
		case types.RecvOnly:
			sb.WriteString("<-chan ")
		default:
			sb.WriteString("chan ")
			if c, ok := types.Unalias(t.Elem()).(*types.Chan); ok && c.Dir() == types.RecvOnly {
				sb.WriteByte('(')
				writeTypeName(sb, t.Elem())
				sb.WriteByte(')')
				return
			}
		}
		writeTypeName(sb, t.Elem())
	case *types.Signature:
		sb.WriteString("func")
		writeSigName(sb, t)
	case *types.Struct:
		if t.NumFields() == 0 {
			sb.WriteString("struct {}")
			return
		}
		sb.WriteString("struct { ")
		for i := 0; i < t.NumFields(); i++ {
			if i > 0 {
				sb.WriteString("; ")
			}
			f := t.Field(i)
			if !f.Embedded() {
				sb.WriteString(f.Name() + " ")
			}
			writeTypeName(sb, f.Type())
			if tag := t.Tag(i); tag != "" {
				sb.WriteString(" " + strconv.Quote(tag))
			}
		}
		sb.WriteString(" }")
	case *types.Interface:
		if t.NumMethods() == 0 {
			sb.WriteString("interface {}")
			return
		}
		sb.WriteString("interface { ")
		for i := 0; i < t.NumMethods(); i++ {
			if i > 0 {
				sb.WriteString("; ")
			}
			m := t.Method(i)
			sb.WriteString(m.Name())
			writeSigName(sb, m.Type().(*types.Signature))
		}
		sb.WriteString(" }")
	default:
		sb.WriteString(t.String())
	}
}

func writeSigName(sb *strings.Builder, sig *types.Signature) {
	sb.WriteByte('(')
	for i := 0; i < sig.Params().Len(); i++ {
		if i > 0 {
			sb.WriteString(", ")
		}
		pt := sig.Params().At(i).Type()
		if sig.Variadic() && i == sig.Params().Len()-1 {
			sb.WriteString("...")
			pt = pt.(*types.Slice).Elem()
		}
		writeTypeName(sb, pt)
	}
	sb.WriteByte(')')
	res := sig.Results()
	switch res.Len() {
	case 0:
	case 1:
		sb.WriteByte(' ')
		writeTypeName(sb, res.At(0).Type())
	default:
		sb.WriteString(" (")
		for i := 0; i < res.Len(); i++ {
			if i > 0 {
				sb.WriteString(", ")
			}
			writeTypeName(sb, res.At(i).Type())
		}
		sb.WriteByte(')')
	}
}

// sizeof returns the size of t on amd64 (for append's growth), or 0 for
// types that have no size (the IR's opaque types, untyped nil).
func (tt *typeTable) sizeof(t types.Type) (size int64) {
	defer func() {
		if recover() != nil {
			size = 0
		}
	}()
	if t == ir.IterType || t == ir.DeferStackType {
		return 0
	}
	return tt.sizes.Sizeof(t)
}

// offsetsof returns the offsets of struct fields on amd64 (nil for the
// IR's opaque types, which have no layout).
func (tt *typeTable) offsetsof(fields []*types.Var) (offs []int64) {
	defer func() {
		if recover() != nil {
			offs = nil
		}
	}()
	return tt.sizes.Offsetsof(fields)
}

// alignof returns the alignment of t on amd64.
func (tt *typeTable) alignof(t *rtype) int64 {
	if t.t == nil || t.kind == kIter || t.kind == kDeferStack {
		return 1
	}
	return tt.sizes.Alignof(t.t)
}
