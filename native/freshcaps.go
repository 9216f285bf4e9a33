// This file writes the generated test's comparison of a result of slice
// type. Go specifies a slice's capacity where it comes from a slice
// expression, but leaves it to the implementation where append or make
// allocated the array: gc 1.26 and later may back a local slice's
// appends with an array on the stack and move it to the heap when it is
// returned, at a capacity of its own choosing (runtime.moveSliceNoCap:
// 24 for 17 bytes, where growing by append gives 32). Compiled code
// grows through Go's own append (appends.go), which never backs a slice
// on the stack, so the two capacities may differ on a correct
// translation of `var b []byte; for … { b = append(b, c) }; return b`.
//
// So a result is compared at its exact capacity where it lies in an
// argument's memory (a slice or a pointer passed in), and at its length
// where it lies outside all of them on both sides (an array the call
// allocated). A result outside on one side only is reported: the
// compiled code allocated where the original did not, or the reverse.

package native

import (
	"bytes"
	"fmt"
	"go/types"
	"strings"
)

// isSliceResult reports whether a result of type t is compared by
// writeResultCheck's capacity rule.
func isSliceResult(t types.Type) bool {
	_, ok := t.Underlying().(*types.Slice)
	return ok
}

// writeResultCheck writes the comparison of result i of c's call named
// call: got (the compiled code's result) with want (the Go original's),
// gotArg and wantArg naming the arguments of each side by their number
// ("a%d", "b%d").
func writeResultCheck(b *bytes.Buffer, n names, gens *genSet, c *Compiled, call string, i int, got, want, gotArg, wantArg string) {
	t := c.Sig.Results().At(i).Type()
	if !isSliceResult(t) {
		fmt.Fprintf(b, "\tif !%s(%s, %s) {\n\t\tt.Fatalf(\"%s(%%s): result %d is %%v, the Go original's %%v\", in, %s, %s)\n\t}\n", gens.same(t), got, want, call, i, got, want)
		return
	}
	gens.freshCaps = true
	n.used["unsafe"] = "unsafe"
	s := n.stem
	params := c.Sig.Params()
	var gotSpans, wantSpans []string
	for k := 0; k < params.Len(); k++ {
		var span string
		switch params.At(k).Type().Underlying().(type) {
		case *types.Slice:
			span = s + "SliceSpan"
		case *types.Pointer:
			span = s + "PtrSpan"
		default:
			continue
		}
		gotSpans = append(gotSpans, fmt.Sprintf("%s(%s)", span, fmt.Sprintf(gotArg, k)))
		wantSpans = append(wantSpans, fmt.Sprintf("%s(%s)", span, fmt.Sprintf(wantArg, k)))
	}
	fmt.Fprintf(b, "\tif rc, wc, ok := %sFreshCaps(%s, %s, []%sSpan{%s}, []%sSpan{%s}); !ok {\n", s, got, want, s, strings.Join(gotSpans, ", "), s, strings.Join(wantSpans, ", "))
	fmt.Fprintf(b, "\t\tt.Fatalf(\"%s(%%s): result %d is in the arguments' memory on one side only: %%v (capacity %%d), the Go original's %%v (capacity %%d)\", in, %s, cap(%s), %s, cap(%s))\n", call, i, got, got, want, want)
	fmt.Fprintf(b, "\t} else if !%s(rc, wc) {\n", gens.same(t))
	fmt.Fprintf(b, "\t\tt.Fatalf(\"%s(%%s): result %d is %%v (capacity %%d), the Go original's %%v (capacity %%d)\", in, %s, cap(%s), %s, cap(%s))\n\t}\n", call, i, got, got, want, want)
}

// writeFreshCaps writes the test's support of writeResultCheck.
func writeFreshCaps(b *bytes.Buffer, s string) {
	fmt.Fprintf(b, `// %[1]sSpan is the memory of an argument, [lo, hi).
type %[1]sSpan struct{ lo, hi uintptr }

func %[1]sSliceSpan[S ~[]E, E any](x S) %[1]sSpan {
	var e E
	lo := uintptr(unsafe.Pointer(unsafe.SliceData(x)))
	return %[1]sSpan{lo, lo + uintptr(cap(x))*unsafe.Sizeof(e)}
}

func %[1]sPtrSpan[P ~*E, E any](p P) %[1]sSpan {
	var e E
	lo := uintptr(unsafe.Pointer(p))
	return %[1]sSpan{lo, lo + unsafe.Sizeof(e)}
}

// %[1]sFresh reports whether x has room and its array lies outside
// every one of spans: an array the call allocated.
func %[1]sFresh[S ~[]E, E any](x S, spans []%[1]sSpan) bool {
	if cap(x) == 0 {
		return false
	}
	p := uintptr(unsafe.Pointer(unsafe.SliceData(x)))
	for _, sp := range spans {
		if sp.lo <= p && p < sp.hi {
			return false
		}
	}
	return true
}

// %[1]sFreshCaps returns got and want to compare: cut to their lengths
// where both lie in arrays the calls allocated, whose capacity Go leaves
// to the implementation, as they are otherwise; ok is false where one
// lies in its arguments' memory and the other does not.
func %[1]sFreshCaps[S ~[]E, E any](got, want S, gotSpans, wantSpans []%[1]sSpan) (g, w S, ok bool) {
	gf, wf := %[1]sFresh(got, gotSpans), %[1]sFresh(want, wantSpans)
	if gf != wf {
		return got, want, false
	}
	if gf {
		return got[:len(got):len(got)], want[:len(want):len(want)], true
	}
	return got, want, true
}

`, s)
}
