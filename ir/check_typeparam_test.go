package ir

import (
	"go/token"
	"go/types"
	"testing"
)

// TestHasInfoTypeParam: a type parameter has a basic type's property
// when every type of its type set has it (x > y for T in int | float64),
// and not when one lacks it or its set is not a union.
func TestHasInfoTypeParam(t *testing.T) {
	param := func(terms ...types.Type) *types.TypeParam {
		var iface *types.Interface
		if len(terms) == 0 {
			iface = types.NewInterfaceType(nil, nil)
		} else {
			var ts []*types.Term
			for _, x := range terms {
				ts = append(ts, types.NewTerm(false, x))
			}
			iface = types.NewInterfaceType(nil, []types.Type{types.NewUnion(ts)})
		}
		iface.Complete()
		return types.NewTypeParam(types.NewTypeName(token.NoPos, nil, "T", nil), iface)
	}
	ordered := param(types.Typ[types.Int], types.Typ[types.Float64], types.Typ[types.String])
	numeric := param(types.Typ[types.Int], types.Typ[types.Float64])
	mixed := param(types.Typ[types.Int], types.Typ[types.Bool])
	anyT := param()
	for _, c := range []struct {
		t    types.Type
		info types.BasicInfo
		want bool
	}{
		{ordered, types.IsOrdered, true},
		{ordered, types.IsNumeric, false},
		{numeric, types.IsNumeric, true},
		{numeric, types.IsInteger, false},
		{mixed, types.IsOrdered, false},
		{anyT, types.IsOrdered, false},
		{types.Typ[types.Int], types.IsOrdered, true},
	} {
		if got := hasInfo(c.t, c.info); got != c.want {
			t.Errorf("hasInfo(%s, %b) = %v, want %v", c.t.(interface{ String() string }).String(), c.info, got, c.want)
		}
	}
}
