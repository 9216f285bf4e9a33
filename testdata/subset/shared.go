package subset

import "errors"

const hextable = "0123456789abcdef"

// mixTable is a package-level table the compiled code reads by symbol.
var mixTable [256]uint32

// errShort is returned for inputs too short to hold a pair.
var errShort = errors.New("subset: input too short")

func init() {
	for i := range mixTable {
		mixTable[i] = uint32(i) * 2654435761
	}
}
