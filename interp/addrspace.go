// This file gives cells and strings the addresses that uintptr
// conversions show, and takes addresses back (uintptr → unsafe.Pointer).
//
// gc's memory is bytes at addresses; the interpreter's is cells, with
// the elements of arrays and the fields of structs in []Values of their
// own. An address is made for a cell when the program converts a
// pointer to it to a uintptr, and then for the whole object around it
// (a region), so that arithmetic inside the object is gc's:
//
//   - the object of an element (a cell with a position, ptrinfo.go) is
//     the []Value it is in; its first cell, at real address a, gets
//     arrayArea(e) + ⌊a/24⌋·e for elements of e bytes (a Value is 24
//     bytes): a function of real addresses, so that views of one array
//     (s and s[2:]), whichever is seen first, agree;
//   - the object of a cell without a position is the cell, given a
//     fresh range of its type's size;
//   - the arrays and structs inside an object's cells get the
//     addresses at their offsets, recursively, when it is registered.
//
// A cell without a position may still be a field of a larger object
// (fields carry none), and an array may be a field: an object
// registered on its own that later turns out to lie inside another one
// being registered would have two addresses, so that registration stops
// with "unsupported" instead. Objects are kept alive once registered
// (an address may be converted back at any time).
//
// Strings keep the real addresses of their bytes: the interpreter's
// strings are Go strings, whose substrings share bytes as gc's do. So
// do packed arrays and slices (packed.go), whose storage is a []byte,
// unless they lie inside an object of cells: there they have the
// addresses of their offsets in it (byteRegion).
// Objects' addresses lie from 1<<48 up, where no real address is; an
// address that is neither an object's nor a string's is an integer the
// program made up (wildPtr).

package interp

import (
	"sort"
	"sync"
	"unsafe"
)

const (
	valueSize   = int64(unsafe.Sizeof(Value{}))
	objectsBase = 1 << 48 // fresh ranges for single cells
	arraysBase  = 1 << 52 // one area per element size
	spaceLimit  = 1 << 62
	areaSize    = 1 << 43 // ⌊a/24⌋ for every real address a < 1<<47
	zerobase    = objectsBase - 8
)

// A region is a []Value with addresses: the elements of an array
// (elem), the fields of a struct (st), or one cell holding a value of
// type elem (single).
type region struct {
	cells  []Value
	fake   uint64 // address of cells[0]
	elem   *rtype
	st     *rtype
	single bool
	top    bool // an object, not inside one
}

func (r *region) start() uintptr { return uintptr(unsafe.Pointer(unsafe.SliceData(r.cells))) }
func (r *region) end() uintptr   { return r.start() + uintptr(len(r.cells))*uintptr(valueSize) }

// offset returns the offset of cell i in the region.
func (r *region) offset(i int) int64 {
	if r.st != nil {
		return r.st.offs[i]
	}
	return int64(i) * r.elem.size
}

// size returns the region's size in bytes.
func (r *region) size() int64 {
	if r.st != nil {
		return r.st.size
	}
	if r.single {
		return r.elem.size
	}
	return int64(len(r.cells)) * r.elem.size
}

// typeOf returns the type of the value in cell i.
func (r *region) typeOf(i int) *rtype {
	if r.st != nil {
		return r.st.fields[i]
	}
	return r.elem
}

// addrSpace is the interpreter's record of addresses.
type addrSpace struct {
	mu      sync.Mutex
	singles map[*Value]*region // variables of one cell
	conts   []*region          // arrays' and structs' cells, sorted by start (real ranges do not overlap)
	objects []*region          // objects with fresh addresses, in address order
	arrays  []*region          // array objects, sorted by address
	areas   map[int64]uint64   // element size → its area
	next    uint64             // next fresh address
	nextArr uint64             // next area
	strs    []string           // strings whose addresses were taken, sorted by address
	bytes   []*byteRegion      // packed storage with addresses, sorted by start (real ranges do not overlap)
}

// A byteRegion is the storage of a packed array or slice with
// addresses: its real ones (top) or, inside an object of cells, those
// of its offset there.
type byteRegion struct {
	b    []byte
	elem *rtype // the type of the elements, as first seen
	fake uint64 // address of b[0]
	top  bool
}

func (r *byteRegion) start() uintptr { return uintptr(unsafe.Pointer(unsafe.SliceData(r.b))) }
func (r *byteRegion) end() uintptr   { return r.start() + uintptr(len(r.b)) }

func (s *addrSpace) init() {
	if s.areas == nil {
		s.singles, s.areas = map[*Value]*region{}, map[int64]uint64{}
		s.next, s.nextArr = objectsBase, arraysBase
	}
}

// addrOf returns the address of place p.
func (it *Interp) addrOf(p place) uint64 {
	s := &it.space
	s.mu.Lock()
	defer s.mu.Unlock()
	s.init()
	return it.addrOfLocked(p)
}

func (it *Interp) addrOfLocked(p place) uint64 {
	s := &it.space
	if p.b != nil {
		return s.byteAddr(p)
	}
	if r, i := s.find(p.c); r != nil {
		return r.fake + uint64(r.offset(i))
	}
	if p.t.size == 0 {
		if isZerobase(tagOf(p.pos)) {
			return zerobase
		}
		panic(unsupportedf("address of a zero-size variable as an integer (gc's depends on its escape analysis)"))
	}
	switch {
	case inside(p.pos):
		panic(unsupportedf("address of an element of an array of more than %d elements", posLimit-1))
	case p.pos&tagMask == elemTag:
		cells, _, _ := cellsOf(p.c, p.pos)
		s.add(&region{cells: cells, elem: p.t, fake: s.arrayAddr(p.t.size, &cells[0]), top: true})
	case p.pos&tagMask == fieldTag:
		cells, _, st, _ := it.container(p.c, p.pos)
		s.add(&region{cells: cells, st: st, fake: s.fresh(st.size), top: true})
	default:
		// A variable: an array or struct has the address of its first
		// element or field, which knows its place.
		if q, _, ok := p.inner(0); ok && p.t.aggregate {
			return it.addrOfLocked(q)
		}
		r := &region{cells: unsafe.Slice(p.c, 1), elem: p.t, single: true, fake: s.fresh(p.t.size), top: true}
		s.singles[p.c] = r
		s.objects = append(s.objects, r)
	}
	r, i := s.find(p.c)
	return r.fake + uint64(r.offset(i))
}

// find returns the region holding cell c and c's index in it.
func (s *addrSpace) find(c *Value) (*region, int) {
	if r := s.singles[c]; r != nil {
		return r, 0
	}
	a := uintptr(unsafe.Pointer(c))
	k := sort.Search(len(s.conts), func(k int) bool { return s.conts[k].end() > a })
	if k < len(s.conts) && s.conts[k].start() <= a {
		r := s.conts[k]
		return r, int((a - r.start()) / uintptr(valueSize))
	}
	return nil, 0
}

// overlapping returns the index in conts of the first region that ends
// after lo, and of the first that starts at or after hi: those between
// overlap [lo, hi).
func (s *addrSpace) overlapping(lo, hi uintptr) (int, int) {
	i := sort.Search(len(s.conts), func(k int) bool { return s.conts[k].end() > lo })
	j := i
	for j < len(s.conts) && s.conts[j].start() < hi {
		j++
	}
	return i, j
}

// fresh returns a new range of size bytes for an object, 16-aligned,
// with a gap after it so that its end is no other object's start.
func (s *addrSpace) fresh(size int64) uint64 {
	a := s.next
	s.next += (uint64(size) + 16 + 15) &^ 15
	if s.next >= arraysBase {
		panic(unsupportedf("more addresses of variables than the interpreter has room for"))
	}
	return a
}

// arrayAddr returns the address of the array cell at real address c,
// whose elements have e bytes: a function of c (see the file comment).
func (s *addrSpace) arrayAddr(e int64, c *Value) uint64 {
	area, ok := s.areas[e]
	if !ok {
		area = s.nextArr
		if uint64(e) > (spaceLimit-area)/areaSize {
			panic(unsupportedf("addresses of arrays of %d-byte elements", e))
		}
		s.nextArr += uint64(areaSize * e)
		s.areas[e] = area
	}
	return area + uint64(uintptr(unsafe.Pointer(c))/uintptr(valueSize))*uint64(e)
}

// fakeAt returns the address r gives the cell at real address a.
func (r *region) fakeAt(a uintptr) uint64 {
	i := int((a - r.start()) / uintptr(valueSize))
	return r.fake + uint64(r.offset(i))
}

// add registers r, an array's or a struct's cells, and the arrays and
// structs inside them. A region overlapping r must be another view of
// the same array, with the same addresses: the two become one.
func (s *addrSpace) add(r *region) {
	lo, hi := r.start(), r.end()
	i, j := s.overlapping(lo, hi)
	for _, q := range s.conts[i:j] {
		at := max(lo, q.start())
		if r.elem == nil || q.elem == nil || q.elem.size != r.elem.size || q.fakeAt(at) != r.fakeAt(at) {
			panic(errTwoAddresses)
		}
		if q.start() < lo {
			r.cells, r.fake, lo = unsafe.Slice(&q.cells[0], int((hi-q.start())/uintptr(valueSize))), q.fake, q.start()
		}
		if q.end() > hi {
			r.cells, hi = unsafe.Slice(&r.cells[0], int((q.end()-lo)/uintptr(valueSize))), q.end()
		}
		r.top = r.top || q.top
		s.arrays = slicesDelete(s.arrays, q)
	}
	s.conts = append(s.conts[:i], s.conts[j:]...)
	added := s.collect(r, nil)
	s.conts = append(s.conts, added...)
	sort.Slice(s.conts, func(a, b int) bool { return s.conts[a].start() < s.conts[b].start() })
	switch {
	case r.top && r.elem != nil:
		k := sort.Search(len(s.arrays), func(k int) bool { return s.arrays[k].fake > r.fake })
		s.arrays = append(s.arrays, nil)
		copy(s.arrays[k+1:], s.arrays[k:])
		s.arrays[k] = r
	case r.top:
		s.objects = append(s.objects, r) // a fresh address: the highest
	}
}

// collect appends r and the regions of the arrays and structs inside
// its cells, at their offsets, which must not have addresses yet unless
// the same ones.
func (s *addrSpace) collect(r *region, out []*region) []*region {
	out = append(out, r)
	for i := range r.cells {
		t := r.typeOf(i)
		if t.packed {
			s.addInnerBytes(r.cells[i].bytes(), t.elem, r.fake+uint64(r.offset(i)))
			continue
		}
		inner := r.cells[i].slice()
		if !t.aggregate || t.kind == kReal || t.size == 0 || len(inner) == 0 {
			continue
		}
		child := &region{cells: inner, fake: r.fake + uint64(r.offset(i))}
		if t.kind == kArray {
			child.elem = t.elem
		} else {
			child.st = t
		}
		k, l := s.overlapping(child.start(), child.end())
		if k == l {
			out = s.collect(child, out)
			continue
		}
		if q := s.conts[k]; l > k+1 || q.top || q.start() != child.start() || q.fake != child.fake {
			panic(errTwoAddresses)
		}
	}
	return out
}

var errTwoAddresses = &Unsupported{Msg: "address of a variable inside one whose address was taken before as a whole of its own"}

// slicesDelete returns rs without r.
func slicesDelete(rs []*region, r *region) []*region {
	for k, q := range rs {
		if q == r {
			return append(rs[:k], rs[k+1:]...)
		}
	}
	return rs
}

// placeAt returns the place at address a, if some object holds it.
func (s *addrSpace) placeAt(a uint64) (place, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	var r *region
	for _, list := range [2][]*region{s.objects, s.arrays} {
		k := sort.Search(len(list), func(k int) bool { return list[k].fake > a }) - 1
		if k >= 0 && a-list[k].fake < uint64(list[k].size()) {
			r = list[k]
		}
	}
	if r == nil {
		return place{}, false
	}
	off := int64(a - r.fake)
	switch {
	case r.single:
		return place{c: &r.cells[0], t: r.elem}.at(off)
	case r.st != nil:
		// The struct itself, through a cell sharing its fields (as
		// sliceToArrayPtr's do an array's elements).
		return place{c: &Value{r: r.cells}, t: r.st}.at(off)
	}
	i := int(off / r.elem.size)
	return place{c: &r.cells[i], t: r.elem, pos: elemPos(i, len(r.cells))}.at(off % r.elem.size)
}

// stringAddr returns the address of byte off of s, keeping s so that
// the address can be taken back.
func (s *addrSpace) stringAddr(str string, off int) uint64 {
	a := uintptr(unsafe.Pointer(unsafe.StringData(str)))
	if len(str) > 0 {
		s.mu.Lock()
		defer s.mu.Unlock()
		s.addString(str)
	}
	return uint64(a) + uint64(off)
}

// addString records s among the strings, merged with any that shares
// bytes with it (substrings of one string: Go strings share bytes no
// other way), so that one recorded string holds every address seen.
func (s *addrSpace) addString(str string) {
	k := sort.Search(len(s.strs), func(k int) bool { return strEnd(s.strs[k]) > strStart(str) })
	for k < len(s.strs) && strStart(s.strs[k]) < strEnd(str) {
		q := s.strs[k]
		if strStart(q) < strStart(str) {
			q, str = str, q
		}
		// str starts first; q's bytes follow in the same allocation.
		if strEnd(q) > strEnd(str) {
			str = unsafe.String(unsafe.StringData(str), int(strEnd(q)-strStart(str)))
		}
		s.strs = append(s.strs[:k], s.strs[k+1:]...)
	}
	s.strs = append(s.strs, "")
	copy(s.strs[k+1:], s.strs[k:])
	s.strs[k] = str
}

func strStart(s string) uintptr { return uintptr(unsafe.Pointer(unsafe.StringData(s))) }
func strEnd(s string) uintptr   { return strStart(s) + uintptr(len(s)) }

// stringAt returns the string byte at address a points to, or the end
// of a string, if some recorded string holds it.
func (s *addrSpace) stringAt(a uint64) (*strPtr, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	k := sort.Search(len(s.strs), func(k int) bool { return uint64(strEnd(s.strs[k])) > a })
	switch {
	case k < len(s.strs) && uint64(strStart(s.strs[k])) <= a:
	case k > 0 && uint64(strEnd(s.strs[k-1])) == a:
		k--
	default:
		return nil, false
	}
	str := s.strs[k]
	return &strPtr{s: str, off: int(a - uint64(strStart(str)))}, true
}

// knownCell returns the unsafe.Pointer to the cell at real address p
// if a region holds it.
func (s *addrSpace) knownCell(p unsafe.Pointer) (Value, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.init()
	r, i := s.find((*Value)(p))
	if r == nil {
		return Value{}, false
	}
	pl := place{c: &r.cells[i], t: r.typeOf(i)}
	switch {
	case r.st != nil:
		pl.pos = fieldPos(i, r.st)
	case !r.single:
		pl.pos = elemPos(i, len(r.cells))
	}
	return pl.pointer(), true
}

// byteAddr returns the address of the element of packed storage p is
// (p.b != nil): its offset in the byte region holding it, registering
// the storage around it (from the first element of the slice it was
// taken from, or p's element alone) at its real addresses if none does.
func (s *addrSpace) byteAddr(p place) uint64 {
	a := uintptr(unsafe.Pointer(p.b))
	if r := s.findBytes(a); r != nil {
		return r.fake + uint64(a-r.start())
	}
	b, _, ok := bytesAround(p.b, p.pos)
	if !ok {
		b = unsafe.Slice(p.b, p.t.size)
	}
	s.addTopBytes(b, p.t)
	return uint64(a)
}

// findBytes returns the byte region holding real address a, or nil.
func (s *addrSpace) findBytes(a uintptr) *byteRegion {
	k := sort.Search(len(s.bytes), func(k int) bool { return s.bytes[k].end() > a })
	if k < len(s.bytes) && s.bytes[k].start() <= a {
		return s.bytes[k]
	}
	return nil
}

// addTopBytes registers b at its real addresses, merged with the
// regions of other views of the same storage; a part of an object of
// cells, which has other addresses, may not be among them.
func (s *addrSpace) addTopBytes(b []byte, elem *rtype) {
	r := &byteRegion{b: b, elem: elem, fake: uint64(uintptr(unsafe.Pointer(unsafe.SliceData(b)))), top: true}
	i := sort.Search(len(s.bytes), func(k int) bool { return s.bytes[k].end() > r.start() })
	j := i
	for ; j < len(s.bytes) && s.bytes[j].start() < r.end(); j++ {
		q := s.bytes[j]
		if !q.top {
			panic(errTwoAddresses)
		}
		// One storage: the region starting first extends to the end of
		// the other.
		first := r.b
		if q.start() < r.start() {
			first = q.b
		}
		r.b = unsafe.Slice(unsafe.SliceData(first), max(q.end(), r.end())-min(q.start(), r.start()))
		r.fake = uint64(r.start())
	}
	s.bytes = append(s.bytes[:i], append([]*byteRegion{r}, s.bytes[j:]...)...)
}

// addInnerBytes registers packed storage b inside an object of cells,
// at address fake, which it must not have had another of before.
func (s *addrSpace) addInnerBytes(b []byte, elem *rtype, fake uint64) {
	if len(b) == 0 {
		return
	}
	r := &byteRegion{b: b, elem: elem, fake: fake}
	i := sort.Search(len(s.bytes), func(k int) bool { return s.bytes[k].end() > r.start() })
	if i < len(s.bytes) && s.bytes[i].start() < r.end() {
		if q := s.bytes[i]; q.top || q.start() != r.start() || q.fake != r.fake {
			panic(errTwoAddresses)
		}
		return // registered before, as part of the same object
	}
	s.bytes = append(s.bytes, nil)
	copy(s.bytes[i+1:], s.bytes[i:])
	s.bytes[i] = r
}

// byteAt returns the pointer to the byte of packed storage at address
// a, if one registered at its real addresses holds it.
func (s *addrSpace) byteAt(a uint64) (Value, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	r := s.findBytes(uintptr(a))
	if r == nil || !r.top {
		return Value{}, false
	}
	return r.pointerAt(uintptr(a)), true
}

// knownByte returns the unsafe.Pointer to the byte of packed storage at
// real address p if a byte region holds it.
func (s *addrSpace) knownByte(p unsafe.Pointer) (Value, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	r := s.findBytes(uintptr(p))
	if r == nil {
		return Value{}, false
	}
	return r.pointerAt(uintptr(p)), true
}

// pointerAt returns the unsafe.Pointer to r's byte at real address a.
func (r *byteRegion) pointerAt(a uintptr) Value {
	k := int(a - r.start())
	return place{b: &r.b[k], t: r.elem, pos: elemPos(k, len(r.b))}.pointer()
}
