package interp

import (
	"fmt"
	"go/types"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/vssa-go/vssa/ir"
)

func mustParse(t *testing.T, src string) *ir.Module {
	t.Helper()
	m, err := ir.Parse("test", src)
	if err != nil {
		t.Fatal(err)
	}
	d := ir.RTL
	if m.DisciplineSet {
		d = m.Discipline
	}
	for _, f := range m.Funcs {
		if err := ir.Check(f, d); err != nil {
			t.Fatal(err)
		}
	}
	return m
}

// TestUncheckedOperations checks that each unchecked operation run with
// its precondition violated is undefined behaviour, and that the same
// function with its check panics with Go's error instead.
func TestUncheckedOperations(t *testing.T) {
	cases := []struct {
		name, typ, body, panic string
		args                   []Value
	}{
		{"div", "(r0 int, r1 int) int", "divcheck r1\n    r2:int = div r0, r1\n    return r2", "integer divide by zero", []Value{Int(1), Int(0)}},
		{"rem", "(r0 int, r1 int) int", "divcheck r1\n    r2:int = rem r0, r1\n    return r2", "integer divide by zero", []Value{Int(1), Int(0)}},
		{"shl", "(r0 int, r1 int) int", "shiftcheck r1\n    r2:int = shl r0, r1\n    return r2", "negative shift amount", []Value{Int(1), Int(-1)}},
		{"load", "(r0 *int) int", "nilcheck r0\n    r1:int = load r0\n    return r1", "invalid memory address or nil pointer dereference", []Value{{}}},
		{"store", "(r0 *int) int", "nilcheck r0\n    store r0, r1\n    return r1", "invalid memory address or nil pointer dereference", []Value{{}}},
		{"index", "(r0 [2]int, r1 int) int", "r2:int = const 2\n    boundscheck r1, r2\n    r3:int = index r0, r1\n    return r3", "index out of range [2] with length 2", []Value{{r: make([]byte, 16)}, Int(2)}}, // [2]int, packed
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			checked := fmt.Sprintf("func @main.f%s {\nb0:\n    r1:int = const 5\n    %s\n}\n", tc.typ, tc.body)
			if strings.Contains(tc.typ, "(r0 *int)") {
				checked = strings.Replace(checked, "r1:int = const 5", "r1:int = const 5", 1)
			} else {
				checked = strings.Replace(checked, "    r1:int = const 5\n", "", 1)
			}
			// Drop the check line to get the unchecked version.
			lines := strings.Split(checked, "\n")
			var unchecked []string
			for _, l := range lines {
				if !strings.Contains(l, "check ") {
					unchecked = append(unchecked, l)
				}
			}
			out := New(mustParse(t, checked), Options{}).Call("main.f", tc.args...)
			if out.UB != nil || out.Err != nil || !strings.Contains(out.Panic, "panic: runtime error: "+tc.panic) {
				t.Errorf("checked: got %+v, want panic %q", out, tc.panic)
			}
			out = New(mustParse(t, strings.Join(unchecked, "\n")), Options{}).Call("main.f", tc.args...)
			if out.UB == nil {
				t.Errorf("unchecked: got %+v, want undefined behaviour", out)
			}
		})
	}
}

// TestIntegerArithmetic compares every integer operator on every integer
// width with Go's own arithmetic on random and edge-case operands.
func TestIntegerArithmetic(t *testing.T) {
	ops := []string{"add", "sub", "mul", "div", "rem", "and", "or", "xor", "andnot", "shl", "shr", "lt", "le", "eq"}
	typs := []string{"int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64"}
	edges := []int64{0, 1, -1, 2, -2, 7, 63, 64, 127, -128, 255, 32767, -32768, 65535, math.MaxInt32, math.MinInt32, math.MaxUint32, math.MaxInt64, math.MinInt64}
	rng := rand.New(rand.NewPCG(1, 2))
	for _, typ := range typs {
		for _, op := range ops {
			res := typ
			if op == "lt" || op == "le" || op == "eq" {
				res = "bool"
			}
			count := "r1"
			countType := typ
			if op == "shl" || op == "shr" {
				countType = "uint"
			}
			src := fmt.Sprintf("func @main.f(r0 %s, r1 %s) %s {\nb0:\n    r2:%s = %s r0, %s\n    return r2\n}\n", typ, countType, res, res, op, count)
			it := New(mustParse(t, src), Options{})
			for i := 0; i < 300; i++ {
				var a, b int64
				if i < len(edges)*len(edges) {
					a, b = edges[i%len(edges)], edges[i/len(edges)]
				} else {
					a, b = int64(rng.Uint64()), int64(rng.Uint64())
				}
				if op == "shl" || op == "shr" {
					b = int64(uint64(b) % 80)
				}
				av, bv := truncate(typ, a), truncate(typ, b)
				if op == "shl" || op == "shr" {
					bv = uint64(b)
				}
				if (op == "div" || op == "rem") && bv == 0 {
					continue
				}
				want, isBool := reference(typ, op, av, bv)
				out := it.Call("main.f", Value{n: av}, Value{n: bv})
				if out.Err != nil || out.UB != nil || out.Panic != "" {
					t.Fatalf("%s %s: %+v", typ, op, out)
				}
				if got := out.Results[0].n; got != want {
					t.Errorf("%s %s %d, %d: got %d, want %d (bool %v)", op, typ, int64(av), int64(bv), int64(got), int64(want), isBool)
				}
			}
		}
	}
}

// truncate gives the canonical representation of x converted to typ.
func truncate(typ string, x int64) uint64 {
	switch typ {
	case "int8":
		return uint64(int64(int8(x)))
	case "int16":
		return uint64(int64(int16(x)))
	case "int32":
		return uint64(int64(int32(x)))
	case "uint8":
		return uint64(uint8(x))
	case "uint16":
		return uint64(uint16(x))
	case "uint32":
		return uint64(uint32(x))
	}
	return uint64(x)
}

// reference computes op with Go's own operators on the Go type typ.
func reference(typ, op string, a, b uint64) (uint64, bool) {
	switch typ {
	case "int8":
		return refSigned(op, int8(a), int8(b), uint(b))
	case "int16":
		return refSigned(op, int16(a), int16(b), uint(b))
	case "int32":
		return refSigned(op, int32(a), int32(b), uint(b))
	case "int64":
		return refSigned(op, int64(a), int64(b), uint(b))
	case "uint8":
		return refUnsigned(op, uint8(a), uint8(b), uint(b))
	case "uint16":
		return refUnsigned(op, uint16(a), uint16(b), uint(b))
	case "uint32":
		return refUnsigned(op, uint32(a), uint32(b), uint(b))
	}
	return refUnsigned(op, a, b, uint(b))
}

func refSigned[T int8 | int16 | int32 | int64](op string, a, b T, n uint) (uint64, bool) {
	var r T
	switch op {
	case "add":
		r = a + b
	case "sub":
		r = a - b
	case "mul":
		r = a * b
	case "div":
		r = a / b
	case "rem":
		r = a % b
	case "and":
		r = a & b
	case "or":
		r = a | b
	case "xor":
		r = a ^ b
	case "andnot":
		r = a &^ b
	case "shl":
		r = a << n
	case "shr":
		r = a >> n
	case "lt":
		return b2u(a < b), true
	case "le":
		return b2u(a <= b), true
	case "eq":
		return b2u(a == b), true
	}
	return uint64(int64(r)), false
}

func refUnsigned[T uint8 | uint16 | uint32 | uint64](op string, a, b T, n uint) (uint64, bool) {
	var r T
	switch op {
	case "add":
		r = a + b
	case "sub":
		r = a - b
	case "mul":
		r = a * b
	case "div":
		r = a / b
	case "rem":
		r = a % b
	case "and":
		r = a & b
	case "or":
		r = a | b
	case "xor":
		r = a ^ b
	case "andnot":
		r = a &^ b
	case "shl":
		r = a << n
	case "shr":
		r = a >> n
	case "lt":
		return b2u(a < b), true
	case "le":
		return b2u(a <= b), true
	case "eq":
		return b2u(a == b), true
	}
	return uint64(r), false
}

func b2u(b bool) uint64 {
	if b {
		return 1
	}
	return 0
}

// TestFloatConversions compares float to integer conversions (including
// out-of-range and NaN operands, whose result is the platform's) and
// float32 rounding with the compiled conversions.
func TestFloatConversions(t *testing.T) {
	vals := []float64{0, -0.5, 1.5, -1.5, 127.9, 128, -129, 255.5, 256, 1e10, -1e10, 1e20, math.NaN(), math.Inf(1), math.Inf(-1), 0.1, 1.0 / 3}
	for _, to := range []string{"int8", "int32", "int64", "uint8", "uint32", "uint64", "float32"} {
		src := fmt.Sprintf("func @main.f(r0 float64) %s {\nb0:\n    r1:%s = convert r0\n    return r1\n}\n", to, to)
		it := New(mustParse(t, src), Options{})
		for _, v := range vals {
			out := it.Call("main.f", Float(v))
			got := out.Results[0].n
			var want uint64
			switch to {
			case "int8":
				want = uint64(int64(int8(v)))
			case "int32":
				want = uint64(int64(int32(v)))
			case "int64":
				want = uint64(int64(v))
			case "uint8":
				want = uint64(uint8(v))
			case "uint32":
				want = uint64(uint32(v))
			case "uint64":
				want = uint64(v)
			case "float32":
				want = math.Float64bits(float64(float32(v)))
			}
			if got != want {
				t.Errorf("%s(%v): got %#x, want %#x", to, v, got, want)
			}
		}
	}
}

// TestPanicWhilePrinting checks that a panic value whose Error method
// panics is reported as the runtime does, not as an interpreter crash.
func TestPanicWhilePrinting(t *testing.T) {
	src := `
type main.E struct{}
func @"(main.E).Error"(r0 main.E) string {
b0:
    r1:string = const "inside Error"
    r2:any = makeiface r1
    panic r2
}
func @main.main() {
b0:
    r0:main.E = const zero
    r1:error = makeiface r0
    panic r1
}
`
	m := mustParse(t, src)
	var stderr strings.Builder
	it := New(m, Options{Stderr: &stderr, Methods: func(_ types.Type, name string) string {
		if name == "Error" {
			return "(main.E).Error"
		}
		return ""
	}})
	if status := it.RunMain("", "main.main"); status != ExitPanic {
		t.Errorf("status %d, want %d", status, ExitPanic)
	}
	if want := "fatal error: panic while printing panic value: inside Error\n"; !strings.HasPrefix(stderr.String(), want) {
		t.Errorf("stderr %q, want prefix %q", stderr.String(), want)
	}
}

// An exhausted next writes false and the zero key and value: every
// instruction writes all its results (ir/doc.go), which SSA
// construction relies on when the key register was defined before.
func TestNextExhaustedWritesZero(t *testing.T) {
	src := `
func @main.f(r0 string) int {
b0:
    r1:int = const 100
    r2:iter = range r0
    jump b1
b1: <- b0, b2
    r3:bool, r1:int, r4:int32 = next string r2
    if r3, b2, b3
b2: <- b1
    jump b1
b3: <- b1
    return r1
}
`
	for _, s := range []string{"", "ab"} {
		out := New(mustParse(t, src), Options{}).Call("main.f", String(s))
		if out.Err != nil || out.Panic != "" || out.UB != nil || len(out.Results) != 1 || out.Results[0].Int() != 0 {
			t.Errorf("f(%q) = %+v, want 0 (the key of the exhausted next)", s, out)
		}
	}
}

// TestLoadIsNotTorn checks that a load of a one-word value reads the
// pair a racy copy can leave in memory (a non-nil value's type with
// nil's data) as nil, as Go reads a pointer-sized word whole: the
// interpreter crashed on such pointers in fixedbugs/issue13160.go.
func TestLoadIsNotTorn(t *testing.T) {
	it := New(mustParse(t, ""), Options{})
	tt := newTypeTable()
	intPtr := types.NewPointer(types.Typ[types.Int])
	for _, tc := range []struct {
		t    types.Type
		torn Value
	}{
		{intPtr, Value{r: (*Value)(nil)}},
		{intPtr, Value{r: (*realPtr)(nil)}},
		{types.Typ[types.UnsafePointer], Value{r: (*Value)(nil)}},
		{types.NewMap(types.Typ[types.Int], types.Typ[types.Int]), Value{r: (*mapObj)(nil)}},
		{types.NewChan(types.SendRecv, types.Typ[types.Int]), Value{r: (chan Value)(nil)}},
		{types.NewSignatureType(nil, nil, nil, nil, nil, false), Value{r: (*closure)(nil)}},
		{types.NewSignatureType(nil, nil, nil, nil, nil, false), Value{r: (*externFunc)(nil)}},
	} {
		in := &inst{op: ir.OpLoad, t: tt.of(tc.t)}
		cell := tc.torn
		if got := it.load(in, Value{r: &cell}); got != (Value{}) {
			t.Errorf("%s: loaded %#v, want nil", tc.t, got)
		}
		// Values that are whole load as they are.
		x := new(Value)
		cell = Value{r: x}
		if got := it.load(in, Value{r: &cell}); got.r != any(x) {
			t.Errorf("%s: loaded %#v, want the pointer stored", tc.t, got)
		}
	}
	// Multi-word kinds are left as Go leaves them.
	in := &inst{op: ir.OpLoad, t: tt.of(types.NewInterfaceType(nil, nil))}
	cell := Value{r: (*iface)(nil)}
	if got := it.load(in, Value{r: &cell}); got.r == nil {
		t.Errorf("interface: a typed nil *iface was changed to %#v", got)
	}
}

// TestHugeArrayUnsupported checks that an array too large to hold as
// Values is reported as unsupported (fixedbugs/issue29190.go makes one
// of 2^63-1 empty structs), not a crash of the interpreter.
func TestHugeArrayUnsupported(t *testing.T) {
	tt := newTypeTable()
	huge := tt.of(types.NewArray(types.NewStruct(nil, nil), math.MaxInt64))
	defer func() {
		if _, ok := recover().(*Unsupported); !ok {
			t.Errorf("zero of %s did not report it unsupported", huge.name)
		}
	}()
	zero(huge)
}

// TestMakeChanLimits checks make(chan T, n) against the runtime's
// makechan: a Go panic only where the buffer would exceed the
// allocation limit (never for zero-size elements), and "unsupported"
// where only the interpreter's own limit is passed (gc makes both
// channels below).
func TestMakeChanLimits(t *testing.T) {
	for _, tc := range []struct {
		elem string
		n    int64
		want string // "panic", "unsupported" or "ok"
	}{
		{"struct{}", 1 << 28, "unsupported"},
		{"struct{}", 1 << 60, "unsupported"},
		{"byte", 1 << 28, "unsupported"},
		{"[8]byte", 1 << 46, "panic"},
		{"byte", -1, "panic"},
		{"int", 10, "ok"},
	} {
		src := fmt.Sprintf(`
func @main.f(r0 int) int {
b0:
    r1:chan %s = makechan r0
    r2:int = cap r1
    return r2
}`, tc.elem)
		out := New(mustParse(t, src), Options{}).Call("main.f", Int(tc.n))
		got := "ok"
		switch {
		case out.Panic != "":
			got = "panic"
		case out.Err != nil:
			if _, ok := out.Err.(*Unsupported); ok {
				got = "unsupported"
			} else {
				got = out.Err.Error()
			}
		}
		if got != tc.want {
			t.Errorf("make(chan %s, %d): %s (%v %v), want %s", tc.elem, tc.n, got, out.Panic, out.Err, tc.want)
		}
	}
}

// TestOsExit checks that a program's os.Exit ends it through
// Options.Exit with the program's status, running no deferred call and
// nothing after it (vssa run stops its CPU profile in that hook).
func TestOsExit(t *testing.T) {
	src := `
declare @os.Exit func(int)

func @main.main() {
b0:
    r0:int = const 7
    call @os.Exit(r0)
    r1:int = const 1
    call println(r1)
    return
}`
	var stderr strings.Builder
	exited := make(chan int, 1)
	it := New(mustParse(t, src), Options{Stderr: &stderr, Exit: func(status int) { exited <- status }})
	returned := make(chan int, 1)
	go func() { returned <- it.RunMain("", "main.main") }()
	select {
	case status := <-exited:
		if status != 7 {
			t.Errorf("os.Exit(7) exited with status %d", status)
		}
	case status := <-returned:
		t.Fatalf("main returned %d past os.Exit; stderr %q", status, stderr.String())
	}
	if stderr.Len() != 0 {
		t.Errorf("the program ran on past os.Exit: stderr %q", stderr.String())
	}
}
