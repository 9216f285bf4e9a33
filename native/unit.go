// This file defines the compilation unit: what the functions compiled
// together share (their package, each other, and the read-only data
// their code refers to).

package native

import (
	"fmt"
	"go/types"
	"strings"
)

// Unit is what the functions compiled together share.
type Unit struct {
	Pkg     *types.Package // the package compiled: its variables are addressed by symbol
	Callees Callees
	Data    *DataSet
}

// DataSet holds the string constants the code refers to, each once, as
// read-only symbols local to the assembly file.
type DataSet struct {
	prefix string // unique in the package: the helpers' stem
	strs   []string
	index  map[string]int
}

// str returns the symbol of the bytes of s (s is not empty).
func (d *DataSet) str(s string) string {
	if d.index == nil {
		d.index = map[string]int{}
	}
	k, ok := d.index[s]
	if !ok {
		k = len(d.strs)
		d.strs = append(d.strs, s)
		d.index[s] = k
	}
	return fmt.Sprintf("%sStr%d<>", d.prefix, k)
}

// asm returns the DATA and GLOBL directives of the set: each string's
// bytes as little-endian words (no escaping of bytes in assembler
// strings to get wrong), read only and free of pointers.
func (d *DataSet) asm() string {
	var sb strings.Builder
	for k, s := range d.strs {
		sym := fmt.Sprintf("%sStr%d<>", d.prefix, k)
		for off := 0; off < len(s); {
			w := 8
			for w > len(s)-off {
				w /= 2
			}
			var v uint64
			for i := w - 1; i >= 0; i-- {
				v = v<<8 | uint64(s[off+i])
			}
			fmt.Fprintf(&sb, "DATA %s+%d(SB)/%d, $0x%x\n", sym, off, w, v)
			off += w
		}
		fmt.Fprintf(&sb, "GLOBL %s(SB), RODATA|NOPTR, $%d\n", sym, len(s))
	}
	return sb.String()
}
