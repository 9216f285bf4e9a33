// This file is the small API for building argument values and reading
// results outside the package (tests, differential testing of passes).

package interp

import "math"

// Int returns an integer value (for any integer type: pass the value
// already converted to the type, e.g. int64(int8(x))).
func Int(i int64) Value { return mkInt(i) }

// Uint returns an unsigned integer value (already truncated to its type).
func Uint(u uint64) Value { return mkUint(u) }

// Bool returns a boolean value.
func Bool(b bool) Value { return mkBool(b) }

// Float returns a float64 value, or a float32 one if f is exactly a
// float32.
func Float(f float64) Value { return mkFloat(f) }

// String returns a string value.
func String(s string) Value { return mkString(s) }

// Int returns v as an integer (sign-extended for signed types).
func (v Value) Int() int64 { return int64(v.n) }

// Uint returns v as an unsigned integer.
func (v Value) Uint() uint64 { return v.n }

// Bool returns v as a boolean.
func (v Value) Bool() bool { return v.n != 0 }

// Float returns v as a float64.
func (v Value) Float() float64 { return math.Float64frombits(v.n) }

// String returns v as a string.
func (v Value) String() string { return v.str() }
