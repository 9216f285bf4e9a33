package a

// A table of 1 << tableBits entries indexed by a hash to tableBits
// bits: gc inlines the hash and proves the index; the analysis reads
// the hash's bound at its constant argument (vssair's result bounds).

const tableBits = 12

type encoder struct {
	table [1 << tableBits]uint32
}

// hashTo hashes u to h bits.
func hashTo(u uint32, h uint8) uint32 {
	return (u * 2654435761) >> (32 - h)
}

// hash64To hashes the low 6 bytes of u to h bits.
func hash64To(u uint64, h uint8) uint32 {
	return uint32(((u << 16) * 227718039650203) >> ((64 - h) & 63))
}

// hashOf calls hashTo with the table's bits.
func hashOf(u uint32) uint32 { return hashTo(u, tableBits) }

// fill has no check left: every index is a hash to tableBits bits.
//
//vssa:bce
func (e *encoder) fill(src []uint32, wide []uint64) {
	for i, u := range src {
		e.table[hashTo(u, tableBits)] = uint32(i)
		e.table[hashOf(u)]++
	}
	for i, u := range wide {
		e.table[hash64To(u, tableBits)] = uint32(i)
	}
}

// fillWide hashes to one bit more than the table has.
//
//vssa:bce
func (e *encoder) fillWide(src []uint32) {
	for i, u := range src {
		e.table[hashTo(u, tableBits+1)] = uint32(i) // want `bounds check left in a loop: the index is not known to be below the length$`
	}
}

// fillBits hashes to bits the loop does not know.
//
//vssa:bce
func (e *encoder) fillBits(src []uint32, bits uint8) {
	for i, u := range src {
		e.table[hashTo(u, bits)] = uint32(i) // want `bounds check left in a loop: the index is not known to be below the length$`
	}
}
