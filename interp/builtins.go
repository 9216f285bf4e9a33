// This file implements the built-in functions called through "call
// NAME(...)" (len and cap are instructions of their own).

package interp

import (
	"go/types"
	"math"

	rt "github.com/vssa-go/vssa/interp/internal/runtime"
	"github.com/vssa-go/vssa/ir"
)

func (it *Interp) builtin(g *goroutine, in *inst, args []Value, recoverable *goPanic) []Value {
	ts := in.callTs
	switch in.sym {
	case "append":
		return []Value{it.appendOp(in.t, args[0], args[1])}
	case "copy":
		return []Value{mkInt(int64(copyOp(ts[0], args[0], args[1])))}
	case "delete":
		if m, _ := args[0].r.(*mapObj); m != nil {
			m.delete(it, g, args[1])
		} else {
			it.emptyMapKey(g, ts[1], args[1])
		}
		return nil
	case "clear":
		switch x := args[0].r.(type) {
		case *mapObj:
			clear(x.m)
		case []Value:
			for i := range x {
				storeInto(ts[0].elem, &x[i], zero(ts[0].elem))
			}
		case []byte:
			clear(x)
		}
		return nil
	case "close":
		it.closeChan(g, args[0])
		return nil
	case "complex":
		re, im := args[0].float(), args[1].float()
		if in.t.kind == kComplex64 {
			return []Value{{r: complex128(complex64(complex(float32(re), float32(im))))}}
		}
		return []Value{{r: complex(re, im)}}
	case "real", "imag":
		c := args[0].complex()
		f := real(c)
		if in.sym == "imag" {
			f = imag(c)
		}
		return []Value{mkFloat(f)}
	case "min", "max":
		return []Value{minMax(in.sym == "min", ts[0].kind, args)}
	case "print", "println":
		it.print(in.sym == "println", ts, args)
		return nil
	case "panic":
		// Only "defer panic(v)" calls it so; a plain panic is an
		// instruction.
		it.panicOp(g, args[0])
	case "recover":
		if recoverable == nil || recoverable.recovered {
			return []Value{{}}
		}
		recoverable.recovered = true
		return []Value{recoverable.val}
	case "wrapnilchk":
		if isNil(args[0]) {
			typ := ts[0].elem
			name := typ.name
			short := name
			if n, ok := typ.t.(*types.Named); ok {
				short = n.Obj().Name()
			}
			it.raiseRuntime(g, rt.PlainError("value method "+name+"."+args[2].str()+" called using nil *"+short+" pointer"))
		}
		return []Value{args[0]}
	case "Sizeof":
		// unsafe.Sizeof of a type-parameterised operand, in instantiated code.
		return []Value{mkUint(uint64(ts[0].size))}
	case "Alignof":
		return []Value{mkUint(uint64(it.types.alignof(ts[0])))}
	case "Add":
		return []Value{it.unsafeAdd(args[0], int64(args[1].n))}
	case "Slice":
		return []Value{it.unsafeSlice(g, in, args[0], ts[0].elem, ts[1], args[1])}
	case "String":
		return []Value{it.unsafeString(g, in, args[0], ts[1], args[1])}
	case "StringData", "SliceData":
		return []Value{it.dataPointer(ts[0], args[0])}
	case "panicrangestate":
		if err := rangeStateError(int64(args[0].n)); err != nil {
			it.raiseRuntime(g, err)
		}
	case "ssa:deferstack", "deferstack":
		// Handled in exec, which knows the frame; a stack is never deferred.
	}
	panic(unsupportedf("built-in %s", in.sym))
}

// appendOp implements append(s, x...) where x is a slice (or a string,
// for append([]byte, string...), whose slice is packed).
func (it *Interp) appendOp(st *rtype, s, x Value) Value {
	if st.packed {
		return appendPacked(st, s, x)
	}
	dst, src := s.slice(), x.slice()
	if len(src) == 0 {
		return s
	}
	n := len(dst) + len(src)
	dst = growSlice(dst, n, st.elem)
	out := dst[:n]
	if st.elem.aggregate {
		// Copy through a temporary: src may overlap the destination.
		tmp := make([]Value, len(src))
		for i, v := range src {
			tmp[i] = copyVal(st.elem, v)
		}
		for i, v := range tmp {
			storeInto(st.elem, &out[len(dst)+i], v)
		}
	} else {
		copy(out[len(dst):], src)
	}
	return Value{r: out}
}

// growCap computes the capacity of a grown slice exactly as the Go
// runtime's growslice does, including the rounding to malloc size
// classes, so that cap() after append matches the compiled program.
// growSlice returns s, or if its capacity is less than n, a copy of s
// whose capacity the runtime's growslice would give it, the elements
// past its length zero.
func growSlice(s []Value, n int, elem *rtype) []Value {
	if n <= cap(s) {
		return s
	}
	grown := grow(s, n, elem)
	newCap := cap(grown)
	if elem.aggregate {
		for i := len(s); i < newCap; i++ {
			grown[:newCap][i] = zero(elem)
		}
	}
	return grown
}

// appendPacked is appendOp for a packed slice (x a packed slice of the
// same elements, or a string).
func appendPacked(st *rtype, s, x Value) Value {
	dst := s.bytes()
	src, isBytes := x.r.([]byte)
	var str string
	if !isBytes && x.r != nil {
		str = x.str() // append([]byte, string...)
	}
	if len(src) == 0 && len(str) == 0 {
		return s
	}
	n := len(dst) + len(src) + len(str) // bytes
	out := growPacked(st.elem, dst, n/int(st.elem.size))[:n]
	copy(out[len(dst):], src)
	copy(out[len(dst)+len(src):], str)
	return Value{r: out}
}

// grow returns s, or if its capacity is less than n, a copy of s whose
// capacity the runtime's growslice would give it.
func grow(s []Value, n int, elem *rtype) []Value {
	if n <= cap(s) {
		return s
	}
	grown := make([]Value, len(s), growCap(n, cap(s), elem))
	if !elem.aggregate {
		copy(grown, s)
		return grown
	}
	// An aggregate element is its storage: the new array has copies,
	// as the runtime's growslice copies the old elements' bytes.
	for i, v := range s {
		grown[i] = copyVal(elem, v)
	}
	return grown
}

// growPacked is grow for packed storage b of elements of type elem: n
// counts elements.
func growPacked(elem *rtype, b []byte, n int) []byte {
	s := int(elem.size)
	if n*s <= cap(b) {
		return b
	}
	grown := newPacked(elem, len(b)/s, growCap(n, cap(b)/s, elem))
	copy(grown, b)
	return grown
}

func growCap(newLen, oldCap int, elem *rtype) int {
	newCap := oldCap
	double := newCap + newCap
	if newLen > double {
		newCap = newLen
	} else {
		const threshold = 256
		if oldCap < threshold {
			newCap = double
		} else {
			for {
				newCap += (newCap + 3*threshold) >> 2
				if uint(newCap) >= uint(newLen) {
					break
				}
			}
			if newCap <= 0 {
				newCap = newLen
			}
		}
	}
	size := uint64(elem.size)
	if size == 0 {
		return newLen // the runtime's growslice: no memory, no room to spare
	}
	mem := roundupsize(uint64(newCap)*size, !ir.HasPointers(elem.t))
	return int(mem / size)
}

// Size classes of the Go runtime's allocator (internal/runtime/gc).
var sizeClasses = [...]uint64{0, 8, 16, 24, 32, 48, 64, 80, 96, 112, 128, 144, 160, 176, 192, 208, 224, 240, 256, 288, 320, 352, 384, 416, 448, 480, 512, 576, 640, 704, 768, 896, 1024, 1152, 1280, 1408, 1536, 1792, 2048, 2304, 2688, 3072, 3200, 3456, 4096, 4864, 5376, 6144, 6528, 6784, 6912, 8192, 9472, 9728, 10240, 10880, 12288, 13568, 14336, 16384, 18432, 19072, 20480, 21760, 24576, 27264, 28672, 32768}

// roundupsize is the runtime's: the size mallocgc really allocates for a
// request of size bytes.
func roundupsize(size uint64, noscan bool) uint64 {
	const (
		maxSmallSize           = 32768
		mallocHeaderSize       = 8
		minSizeForMallocHeader = 8 * 64
		pageSize               = 8192
	)
	req := size
	if req <= maxSmallSize-mallocHeaderSize {
		if !noscan && req > minSizeForMallocHeader {
			req += mallocHeaderSize
		}
		for _, c := range sizeClasses[1:] {
			if c >= req {
				return c - (req - size)
			}
		}
	}
	req += pageSize - 1
	if req < size {
		return size
	}
	return req &^ (pageSize - 1)
}

// copyOp implements copy(dst, src) (src a slice or a string).
func copyOp(dt *rtype, dst, src Value) int {
	if dt.packed {
		if b, ok := src.r.([]byte); ok || src.r == nil {
			return copy(dst.bytes(), b) / int(dt.elem.size)
		}
		return copy(dst.bytes(), src.str()) // copy([]byte, string)
	}
	d, s := dst.slice(), src.slice()
	n := min(len(d), len(s))
	if !dt.elem.aggregate {
		return copy(d, s[:n])
	}
	tmp := make([]Value, n)
	for i := range tmp {
		tmp[i] = copyVal(dt.elem, s[i])
	}
	for i := range tmp {
		storeInto(dt.elem, &d[i], tmp[i])
	}
	return n
}

// minMax implements min and max: floats follow Go (NaN wins, -0 < +0).
func minMax(isMin bool, k kind, args []Value) Value {
	best := args[0]
	for _, v := range args[1:] {
		switch {
		case k.isFloat():
			// As the spec: any NaN operand makes the result NaN (math.Min
			// and Max let an infinity win over NaN), and min(-0, +0) is -0.
			a, b := best.float(), v.float()
			switch {
			case math.IsNaN(a):
			case math.IsNaN(b):
				best = v
			case a == b:
				if math.Signbit(b) == isMin {
					best = v
				}
			case (b < a) == isMin:
				best = v
			}
		case k.isSigned():
			if (int64(v.n) < int64(best.n)) == isMin && v.n != best.n {
				best = v
			}
		case k.isUnsigned():
			if (v.n < best.n) == isMin && v.n != best.n {
				best = v
			}
		case k == kString:
			if (v.str() < best.str()) == isMin && v.str() != best.str() {
				best = v
			}
		}
	}
	return best
}

var _ = ir.CallBuiltin

// rangeStateError returns gc's run-time error for a range-over-func
// loop found in state s by the built-in panicrangestate (ir/doc.go), or
// nil if s is not a misuse.
func rangeStateError(s int64) error {
	switch {
	case s == -1:
		return rt.RangePanicError
	case s == -2:
		return rt.RangeExhaustedError
	case s == -3:
		return rt.RangeMissingPanicError
	case s > 0:
		return rt.RangeDoneError
	}
	return nil
}
