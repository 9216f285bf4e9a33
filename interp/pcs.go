// This file gives interpreted code program counters, for runtime.Caller,
// Callers and FuncForPC, laid out as the gc toolchain's are in the ways
// programs rely on.

package interp

import (
	"go/token"
	"reflect"
	"sync"
	"weak"
)

// In Go, a function's code is a range of pcs starting at its entry, and
// the pc runtime.Caller and Callers give for a frame is the return
// address of its call site. Programs rely on that layout: a call site
// gives the same pc every time (testing.T.Helper keeps the pcs of
// helpers in a map), pc-1 is still in the call (runtime.CallersFrames
// and FuncForPC(pc-1) idioms), FuncForPC gives one *runtime.Func per
// function, whatever pc of it is asked about, and a pc is in one
// function only.
//
// So each function the program asks about gets pcRange pcs, from
// pcBase on in the order asked, its entry the first; each of its call
// sites gets a pc inside that range, pcStride apart, in the order asked,
// and a pc names the site nearest to it. (The pcs before the first
// site's name the function's own position.)
const (
	pcBase   = 1 << 44 // far from the real pcs and pointers of the process
	pcRange  = 1 << 16 // pcs per function
	pcStride = 16      // pcs per call site
	maxSites = pcRange/pcStride - 1
)

// pcTable hands out the pcs. It is shared by all goroutines.
type pcTable struct {
	mu    sync.Mutex
	funcs []*fakeFunc // by range: the function of pcs pcBase+i*pcRange…
	index map[*function]*fakeFunc

	// made maps the real funcs that stand for interpreted functions in
	// real code (reflect.MakeFunc's) to those functions, so that
	// reflect.Value.Pointer gives their entry, as the idiom
	// FuncForPC(reflect.ValueOf(f).Pointer()) needs. The keys are weak:
	// a real func the program dropped is collected, and its key then
	// equals no weak pointer made later, even at the same address.
	made      map[weak.Pointer[byte]]*function
	madePurge int // len(made) at which to drop the keys of collected funcs
}

// fakeFunc stands for a *runtime.Func: one per function, so that the
// program can compare them.
type fakeFunc struct {
	fn    *function
	entry uint64
	sites []token.Pos          // the call sites' positions, by pc order
	pcOf  map[token.Pos]uint64 // call site position → its pc
}

// funcOf returns the fakeFunc of fn, making it if needed.
func (t *pcTable) funcOf(fn *function) *fakeFunc {
	if f := t.index[fn]; f != nil {
		return f
	}
	if t.index == nil {
		t.index = map[*function]*fakeFunc{}
	}
	f := &fakeFunc{fn: fn, entry: pcBase + uint64(len(t.funcs))*pcRange, pcOf: map[token.Pos]uint64{}}
	t.funcs = append(t.funcs, f)
	t.index[fn] = f
	return f
}

// site returns the pc of the call site of fn at pos.
func (t *pcTable) site(fn *function, pos token.Pos) uint64 {
	t.mu.Lock()
	defer t.mu.Unlock()
	f := t.funcOf(fn)
	if pc, ok := f.pcOf[pos]; ok {
		return pc
	}
	k := len(f.sites)
	if k == maxSites {
		// A function with this many sites asked about is unheard of:
		// the rest share the last pc, so their lines are wrong, but
		// every pc stays in its function.
		k--
	} else {
		f.sites = append(f.sites, pos)
	}
	pc := f.entry + uint64(k+1)*pcStride
	f.pcOf[pos] = pc
	return pc
}

// entry returns the entry pc of fn.
func (t *pcTable) entry(fn *function) uint64 {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.funcOf(fn).entry
}

// lookup returns the function pc is in (nil if none) and the position
// it names.
func (t *pcTable) lookup(pc uint64) (*fakeFunc, token.Pos) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if pc < pcBase {
		return nil, token.NoPos
	}
	i := (pc - pcBase) / pcRange
	if i >= uint64(len(t.funcs)) {
		return nil, token.NoPos
	}
	f := t.funcs[i]
	k := int((pc-f.entry+pcStride/2)/pcStride) - 1 // the nearest site
	switch {
	case k < 0 || len(f.sites) == 0:
		if f.fn.ir == nil {
			return f, token.NoPos
		}
		return f, f.fn.ir.Pos
	case k >= len(f.sites):
		k = len(f.sites) - 1
	}
	return f, f.sites[k]
}

// madeFunc records that the real func rf (from reflect.MakeFunc) stands
// for fn.
func (t *pcTable) madeFunc(rf reflect.Value, fn *function) {
	key := weak.Make(funcWord(rf))
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.made == nil {
		t.made = map[weak.Pointer[byte]]*function{}
	}
	if len(t.made) >= t.madePurge {
		for k := range t.made {
			if k.Value() == nil {
				delete(t.made, k)
			}
		}
		t.madePurge = max(2*len(t.made), 64)
	}
	t.made[key] = fn
}

// madeFor returns the interpreted function the real func v stands for,
// or nil if v is not one madeFunc recorded.
func (t *pcTable) madeFor(v reflect.Value) *function {
	// Only reflect.MakeFunc's funcs are worth looking up, and only
	// their words surely point into the heap, as weak.Make needs (a
	// top-level function's points to static data).
	if v.Kind() != reflect.Func || v.IsNil() || v.Pointer() != makeFuncCode {
		return nil
	}
	key := weak.Make(funcWord(v))
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.made[key]
}

// makeFuncCode is the code pointer reflect.Value.Pointer gives for all
// of reflect.MakeFunc's funcs.
var makeFuncCode = reflect.MakeFunc(reflect.TypeFor[func()](), func([]reflect.Value) []reflect.Value { return nil }).Pointer()

// funcWord returns the word a func value is: a pointer to the closure
// the runtime allocated for it (for reflect.MakeFunc's, one per call),
// which identifies it where reflect.Value.Pointer gives the code
// pointer shared by all of MakeFunc's funcs.
func funcWord(v reflect.Value) *byte {
	p := reflect.New(v.Type())
	p.Elem().Set(v)
	return *(**byte)(p.UnsafePointer())
}
