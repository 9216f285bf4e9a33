// This file is the numbering's hash table from keys to numbers.

package gvn

import (
	"go/types"

	"github.com/vssa-go/vssa/ir"
)

// entry is one number of a key, for results of one type: the entries
// of a key are chained, since results of different types may share one
// (conversions of one value to different types), and their types are
// compared apart, since identical types need not be one types.Type.
// The type is that of a register (typ), so that entries hold no
// pointer: the garbage collector neither scans nor write-barriers them,
// and a large function's entries are tens of megabytes.
type entry struct {
	key  key
	typ  ir.Reg // a register of the entry's type
	num  ir.Reg
	next int32 // the key's next entry, or -1
}

// table maps keys to the first entry of their chain, by open addressing
// with linear probing. A Go map would do, but emptying one costs its
// capacity, which a large function would leave to every small one after
// it; a table is emptied in time proportional to what was put in it.
type table struct {
	f       *ir.Func // whose registers' types the entries' are
	entries []entry
	slots   []int32 // entry index + 1, 0 when empty
	used    []int32 // the slots filled

	// The last two distinct types found identical: types.Identical
	// walks its operands, and one function's registers mostly have a
	// few types, so one pair recurs.
	sameT, sameU types.Type
}

// clear empties t.
func (t *table) clear() {
	for _, i := range t.used {
		t.slots[i] = 0
	}
	t.used, t.entries = t.used[:0], t.entries[:0]
	t.sameT, t.sameU = nil, nil // the pool must not keep the types alive
	t.f = nil
}

// size empties t for the registers of f and makes room for n entries
// (each register makes one at most). The slots are kept as small as
// that allows, not as large as the largest function made them: most
// lookups miss the cache otherwise. The entries are made room for at
// once: growing them copies a large function's several times.
func (t *table) size(f *ir.Func, n int) {
	t.clear()
	t.f = f
	if cap(t.entries) < n {
		t.entries = make([]entry, 0, n)
	}
	want := 64
	for want < 2*n {
		want *= 2
	}
	if cap(t.slots) < want {
		t.slots = make([]int32, want)
		return
	}
	t.slots = t.slots[:want] // all zero: clear emptied the used slots
}

// lookup returns the number of an entry of key k and a type identical
// to that of register tr, else adds one for d and returns d.
func (t *table) lookup(k *key, tr, d ir.Reg) ir.Reg {
	if 2*(len(t.used)+1) > len(t.slots) {
		t.grow()
	}
	mask := uint64(len(t.slots) - 1)
	i := k.hash() & mask
	for ; t.slots[i] != 0; i = (i + 1) & mask {
		head := t.slots[i] - 1
		if t.entries[head].key != *k {
			continue
		}
		typ := t.f.TypeOf(tr)
		for e := head; e >= 0; e = t.entries[e].next {
			if t.sameType(t.f.TypeOf(t.entries[e].typ), typ) {
				return t.entries[e].num
			}
		}
		t.entries = append(t.entries, entry{*k, tr, d, head})
		t.slots[i] = int32(len(t.entries))
		return d
	}
	t.entries = append(t.entries, entry{*k, tr, d, -1})
	t.slots[i] = int32(len(t.entries))
	t.used = append(t.used, int32(i))
	return d
}

// sameType reports whether two types are identical, comparing the
// interface values first: most registers of one type share its value.
func (t *table) sameType(x, y types.Type) bool {
	if x == y || x == t.sameT && y == t.sameU {
		return true
	}
	if !types.Identical(x, y) {
		return false
	}
	t.sameT, t.sameU = x, y
	return true
}

// grow doubles the slots and puts the chains' heads back.
func (t *table) grow() {
	heads := make([]int32, 0, len(t.used))
	for _, i := range t.used {
		heads = append(heads, t.slots[i])
	}
	n := max(2*len(t.slots), 64)
	if cap(t.slots) >= n {
		t.slots = t.slots[:n]
		clear(t.slots)
	} else {
		t.slots = make([]int32, n)
	}
	t.used = t.used[:0]
	mask := uint64(n - 1)
	for _, h := range heads {
		i := t.entries[h-1].key.hash() & mask
		for t.slots[i] != 0 {
			i = (i + 1) & mask
		}
		t.slots[i] = h
		t.used = append(t.used, int32(i))
	}
}

// hash mixes every field of k: five words multiplied by odd constants
// (independent, so they run in parallel), then splitmix64's finish, so
// that the low bits (the slot) depend on all of them.
func (k *key) hash() uint64 {
	w := func(lo, hi int32) uint64 { return uint64(uint32(lo)) | uint64(uint32(hi))<<32 }
	h := k.attrs*0x9e3779b97f4a7c15 ^ w(k.field, k.sym)*0xbf58476d1ce4e5b9 ^ w(k.extra, int32(k.args[0]))*0x94d049bb133111eb ^
		w(int32(k.args[1]), int32(k.args[2]))*0xd6e8feb86659fd93 ^ w(int32(k.args[3]), int32(k.args[4]))*0xa0761d6478bd642f
	h = (h ^ h>>30) * 0xbf58476d1ce4e5b9
	h = (h ^ h>>27) * 0x94d049bb133111eb
	return h ^ h>>31
}
