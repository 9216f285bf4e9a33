package validate

import (
	"go/constant"
	"go/token"
	"math/big"
	"testing"
)

// sameConst is exact equality of value and kind, whatever the values'
// representations.
func TestSameConst(t *testing.T) {
	lit := func(s string, tok token.Token) constant.Value { return constant.MakeFromLiteral(s, tok, 0) }
	huge := new(big.Int).Lsh(big.NewInt(1), 100)
	for _, c := range []struct {
		name string
		a, b constant.Value
		want bool
	}{
		{"both zero values", nil, nil, true},
		{"zero value and 0", nil, constant.MakeInt64(0), false},
		{"0 and zero value", constant.MakeInt64(0), nil, false},
		{"int from int64 and from literal", constant.MakeInt64(5), lit("5", token.INT), true},
		{"ints that differ", constant.MakeInt64(5), constant.MakeInt64(6), false},
		{"2^100 twice", constant.Make(huge), lit("1267650600228229401496703205376", token.INT), true},
		{"2^100 and 2^100+1", constant.Make(huge), lit("1267650600228229401496703205377", token.INT), false},
		{"max uint64 and -1", constant.MakeUint64(1<<64 - 1), constant.MakeInt64(-1), false},
		{"1 as int and as float", constant.MakeInt64(1), constant.MakeFloat64(1), false},
		{"0.5 from float64 and from a fraction", constant.MakeFloat64(0.5), constant.BinaryOp(constant.MakeInt64(1), token.QUO, constant.MakeFloat64(2)), true},
		{"0.1 as a literal and as float64", lit("0.1", token.FLOAT), constant.MakeFloat64(0.1), false},
		{"strings equal", constant.MakeString("ab"), constant.BinaryOp(constant.MakeString("a"), token.ADD, constant.MakeString("b")), true},
		{"strings that differ", constant.MakeString("ab"), constant.MakeString("ba"), false},
		{"true twice", constant.MakeBool(true), constant.MakeBool(true), true},
		{"true and false", constant.MakeBool(true), constant.MakeBool(false), false},
		{"complex equal", constant.MakeImag(constant.MakeInt64(2)), lit("2i", token.IMAG), true},
		{"complex that differ", constant.MakeImag(constant.MakeInt64(2)), lit("3i", token.IMAG), false},
		{"unknown twice", constant.MakeUnknown(), constant.MakeUnknown(), true},
		{"unknown and 0", constant.MakeUnknown(), constant.MakeInt64(0), false},
	} {
		if got := sameConst(c.a, c.b); got != c.want {
			t.Errorf("%s: sameConst(%v, %v) = %v, want %v", c.name, c.a, c.b, got, c.want)
		}
	}
}
