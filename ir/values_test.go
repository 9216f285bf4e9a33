package ir

import (
	"go/constant"
	"testing"
)

// valuesFunc has one instruction of each case ValueKind, Commutes and
// CannotPanic tell apart.
const valuesFunc = `
func @main.f(r0 int, r1 string, r2 []byte, r3 map[int]int, r4 chan int, r5 any, r6 *int, r26 int32, r27 unsafe.Pointer, r30 complex128, r32 float64) {
b0:
    r7:int = add r0, r0
    r8:string = add r1, r1
    r9:int = sub r0, r0
    r10:[]byte = convert r1
    r11:string = convert r2
    r12:int = len r3
    r13:int = len r4
    r14:int = len r2
    r15:int = load r6
    r16:bool = eq r5, r5
    r17:bool = eq r0, r0
    r18:int = const zero
    r19:bool = const zero
    r20:*int = const nil
    r21:int = lookup r3, r0
    r22:*int = alloc
    r23:int = call @main.g()
    r24:string = convert r26
    r25:string = convert r1
    r28:uintptr = convert r27
    r29:unsafe.Pointer = convert r28
    r31:complex128 = mul r30, r30
    r33:float64 = mul r32, r32
    r34:complex128 = add r30, r30
    return
}`

func TestValueKind(t *testing.T) {
	f, err := ParseFunc(valuesFunc)
	if err != nil {
		t.Fatal(err)
	}
	want := map[Reg]struct {
		kind        ValueKind
		commutes    bool
		cannotPanic bool
	}{
		7:  {ValuePure, true, true},
		8:  {ValueUnique, false, true}, // a new string each time, and concatenation does not commute
		9:  {ValuePure, false, true},
		10: {ValueUnique, false, true}, // fresh memory each time
		11: {ValueUnique, false, true}, // reads the bytes' memory
		12: {ValueMemory, false, true}, // len of a map changes with the map
		13: {ValueUnique, false, true}, // len of a channel changes under other goroutines
		14: {ValuePure, false, true},
		15: {ValueMemory, false, true},
		16: {ValuePure, true, false}, // comparing interfaces may panic
		17: {ValuePure, true, true},
		18: {ValueConst, false, true},
		21: {ValueMemory, false, false},
		22: {ValueUnique, false, false},
		23: {ValueUnique, false, false},
		24: {ValueUnique, false, true}, // string(rune): a new string each time
		25: {ValuePure, false, true},   // a string as a string: the same bytes
		28: {ValueUnique, false, true}, // an address, which moves with its stack in any call
		29: {ValuePure, false, true},   // an integer as a pointer: the same bits
		31: {ValuePure, false, true},   // a complex product may be fused into a multiply-add, one product rounded
		33: {ValuePure, true, true},
		34: {ValuePure, true, true},
	}
	for _, in := range f.Blocks[0].Instrs {
		w, ok := want[in.Dst()]
		if !ok {
			continue
		}
		if got := f.ValueKind(in); got != w.kind {
			t.Errorf("%s: ValueKind %d, want %d", in.Op, got, w.kind)
		}
		if got := f.Commutes(in); got != w.commutes {
			t.Errorf("r%d %s: Commutes %v, want %v", in.Dst(), in.Op, got, w.commutes)
		}
		if got := f.CannotPanic(in); got != w.cannotPanic {
			t.Errorf("r%d %s: CannotPanic %v, want %v", in.Dst(), in.Op, got, w.cannotPanic)
		}
	}
	consts := map[Reg]constant.Value{18: constant.MakeInt64(0), 19: constant.MakeBool(false), 20: nil}
	for _, in := range f.Blocks[0].Instrs {
		if want, ok := consts[in.Dst()]; ok {
			got := f.ConstValue(in)
			if (got == nil) != (want == nil) || got != nil && got.ExactString() != want.ExactString() {
				t.Errorf("r%d: ConstValue %v, want %v", in.Dst(), got, want)
			}
		}
	}
}

func TestWritesOldMemory(t *testing.T) {
	for op, want := range map[Op]bool{
		OpAlloc: false, OpMakeSlice: false, OpMakeMap: false, OpMakeChan: false, OpMakeClosure: false,
		OpStore: true, OpCall: true, OpMapUpdate: true, OpSend: true, OpRecv: true, OpNext: true,
		OpLoad: false, OpAdd: false, OpNilCheck: false,
	} {
		if got := op.WritesOldMemory(); got != want {
			t.Errorf("%s: WritesOldMemory %v, want %v", op, got, want)
		}
	}
}
