package mem2reg

import (
	"slices"
	"testing"

	"github.com/vssa-go/vssa/ir"
)

// promotableSrc has a promotable alloc, one whose address escapes to a
// call, one loaded through twice, one stored through a field address
// (not promotable), a heap one, and a variable defined twice.
const promotableSrc = `
type main.P struct{a int; b int}
declare @main.use func(*int)
func @main.f(r0 int, r1 bool) int {
b0:
    r2:*int = alloc
    r3:*int = alloc
    r4:*main.P = alloc
    r5:*int = new
    store r2, r0
    store r3, r0
    call @main.use(r3)
    r6:*int = fieldaddr r4, b
    store r6, r0
    store r5, r0
    r7:int = load r2
    r8:int = load r5
    r7:int = add r7, r8
    if r1, b1, b2
b1: <- b0
    r9:int = load r2
    jump b3
b2: <- b0
    r9:int = load r3
    jump b3
b3: <- b1, b2
    return r9
}
`

// The allocations promotion finds from the full check's counts are the
// ones it finds by reading the function, with the same accesses and
// registers defined twice.
func TestPromotableFromCounts(t *testing.T) {
	m, err := ir.Parse("", promotableSrc)
	if err != nil {
		t.Fatal(err)
	}
	f := m.Func("main.f")
	if err := ir.Check(f, ir.RTL); err != nil {
		t.Fatal(err)
	}
	if f.Counts().Accesses == nil {
		t.Fatal("the full check left no accesses")
	}
	read := f.ShallowClone() // no counts: Counts counts again, without accesses
	if read.Counts().Accesses != nil {
		t.Fatal("counts made by Counts have accesses")
	}
	allocs, accesses, multi := promotableAllocs(f, new(buffers))
	wantAllocs, wantAccesses, wantMulti := promotableAllocs(read, new(buffers))
	if !slices.Equal(allocs, wantAllocs) || !slices.Equal(accesses, wantAccesses) || !slices.Equal(multi, wantMulti) {
		t.Errorf("from counts: %v %v %v; read: %v %v %v", allocs, accesses, multi, wantAllocs, wantAccesses, wantMulti)
	}
	if !slices.Equal(allocs, []ir.Reg{2, 5}) || !slices.Equal(multi, []ir.Reg{7, 9}) {
		t.Errorf("promotable %v (want r2, r5), defined twice %v (want r7, r9)", allocs, multi)
	}
}
