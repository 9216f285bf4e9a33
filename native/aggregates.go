// This file holds structs and arrays by value: small ones are their
// scalar components in registers (utf8's acceptRange, a point), each at
// its offset, as go vet's asmdecl names them (p_lo, a_0).

package native

import (
	"fmt"
	"go/types"
	"slices"

	"github.com/vssa-go/vssa/ir"
)

// maxAggregate is the most components a struct or array value may
// have in registers. 16 takes uuid.Parse's [16]byte result (a UUID, 16
// byte components) and a [2]string or a 16-word state; a larger value
// (sha256's [32]byte sum) is refused: held a component at a time, it
// would be a load and a store per byte, where a pointer to it costs one.
const maxAggregate = 16

// aggregate returns the components of struct or array type u, each
// field's or element's at its offset, or false if it has too many.
func (l *lowerer) aggregate(u types.Type) ([]component, bool) {
	var out []component
	add := func(t types.Type, off int64, suffix string) {
		for _, c := range l.components(t) {
			c.off += off
			c.suffix = suffix + c.suffix
			out = append(out, c)
		}
	}
	switch u := u.(type) {
	case *types.Struct:
		fields := make([]*types.Var, u.NumFields())
		for i := range fields {
			fields[i] = u.Field(i)
		}
		offs := gcSizes.Offsetsof(fields)
		for i, f := range fields {
			add(f.Type(), offs[i], "_"+f.Name())
		}
	case *types.Array:
		if u.Len() > maxAggregate {
			return nil, false
		}
		size := gcSizes.Sizeof(u.Elem())
		for i := int64(0); i < u.Len(); i++ {
			add(u.Elem(), i*size, fmt.Sprintf("_%d", i))
		}
	}
	return out, len(out) <= maxAggregate
}

// fieldRange returns the positions, among the components of struct type
// t, of field k's.
func (l *lowerer) fieldRange(t types.Type, k int) [2]int {
	st, ok := t.Underlying().(*types.Struct)
	if !ok {
		l.fail("a field of a value of type %s", t)
	}
	start := 0
	for i := 0; i < k; i++ {
		start += len(l.components(st.Field(i).Type()))
	}
	return [2]int{start, start + len(l.components(st.Field(k).Type()))}
}

// part returns components r[0]…r[1]-1 of register x.
func (l *lowerer) part(x ir.Reg, r [2]int) []Value {
	vs := l.values(x)
	if r[1] > len(vs) {
		l.fail("internal error: a part beyond a value's components")
	}
	return vs[r[0]:r[1]]
}

// refuseLargeCompare refuses, at the comparison and in its terms, a
// load of an array or a struct too large to be a value of compiled code
// (more than maxAggregate words) that a comparison reads: crc64's
// update compares two [256]uint64 tables, *tab == slicing8TableECMA[0].
func (l *lowerer) refuseLargeCompare(dst ir.Reg) {
	t := l.f.TypeOf(dst)
	switch u := t.Underlying().(type) {
	case *types.Array, *types.Struct:
		if _, ok := l.aggregate(u); ok {
			return
		}
	default:
		return
	}
	for _, b := range l.f.Blocks {
		for _, in := range b.Instrs {
			if (in.Op == ir.OpEq || in.Op == ir.OpNe) && slices.Contains(in.Args(), dst) {
				l.pos = in.Pos
				l.fail("a comparison of values of type %s, too large for compiled code to hold (at most %d components): compare their elements in a loop, or keep the comparison in a Go caller", types.TypeString(t, func(p *types.Package) string { return p.Name() }), maxAggregate)
			}
		}
	}
}
