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

// fix is a fixed-point constant, as jpeg's fdct computes its own.
func fix(x float64) int32 { return int32(x*(1<<13) + 0.5) }

// descale rounds x right by n bits.
func descale(x int32, n uint) int32 { return (x + 1<<(n-1)) >> n }

// Digest is a running FNV-1a hash.
type Digest struct {
	h uint64
	n int
}

// Celsius is a temperature.
type Celsius float64
