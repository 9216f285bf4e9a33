// This file writes the Go helpers that the slice checks left in the
// assembly call to panic: each performs the failing slice expression on
// a stand-in of the bound's length or capacity (no memory behind it is
// read), so that the panic is the runtime's own, its message and type
// gc's.

package native

import (
	"fmt"
	"strings"
)

// sliceHelper returns the name of the helper of slice-check failure
// code, whose failing operand is signed or not.
func (h Helpers) sliceHelper(code int64, signed bool) string {
	if signed {
		return fmt.Sprintf("%s%d", h.PanicSlice, code)
	}
	return fmt.Sprintf("%sU%d", h.PanicSlice, code)
}

// sliceHelpersGo returns the Go source of the slice-check helpers.
func sliceHelpersGo(h Helpers) string {
	// The expression each code's helper evaluates, with x the failing
	// operand and y the bound it exceeds; STRING(y) is a string of length
	// y with nothing behind it (a slice expression reads no byte).
	exprs := [numSliceCodes]string{
		sliceAlen:  "_ = STRING(y)[:x]",
		sliceAcap:  "_ = make([]struct{}, y)[:x]",
		sliceB:     "_ = make([]struct{}, y)[x:y]",
		slice3Acap: "_ = make([]struct{}, y)[:x:x]",
		slice3B:    "_ = make([]struct{}, y)[:x:y]",
		slice3C:    "_ = make([]struct{}, y)[x:y:y]",
	}
	var b strings.Builder
	for code, e := range exprs {
		for _, signed := range []bool{true, false} {
			t := "int"
			if !signed {
				t = "uint"
			}
			fmt.Fprintf(&b, "func %s(x %s, y int) { %s }\n\n", h.sliceHelper(int64(code), signed), t, strings.ReplaceAll(e, "STRING", h.PanicSlice+"String"))
		}
	}
	fmt.Fprintf(&b, `// %[1]sString returns a string of length n whose bytes are never
// read: the stand-in a failing slice expression is evaluated on.
func %[1]sString(n int) string {
	var s string
	(*[2]int)(unsafe.Pointer(&s))[1] = n
	return s
}
`, h.PanicSlice)
	return b.String()
}
