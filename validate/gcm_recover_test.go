package validate

import (
	"strings"
	"testing"

	"github.com/vssa-go/vssa/interp"
)

// gcmRecoverHelpers: r recovers, g panics (divides by zero) on 0.
const gcmRecoverHelpers = `
func @main.r() {
b0:
    r0:any = call recover()
    return
}

func @main.g(r0 int) int {
b0:
    divcheck r0
    r1:int = div r0, r0
    return r1
}
`

// gcmRecoverRead is a gcm input whose recover block b2 reads data nodes
// of the entry: r9 (before every instruction that may panic), r4 (after
// the call of g), r5 (a division after its check) and r7 (whose operand
// r6, the call's result, is defined after the call). After a panic
// recovered in g, r4 to r7 read as zero in b2; after one in the divcheck,
// r5 and r7 do. r11 is b2's own; r15, of b1, runs only when the entry
// has run to its end.
const gcmRecoverRead = `
func @main.f(r0 int, r1 int) int recover b2 {
b0:
    r9:int = const 7
    r2:int = const 1
    r3:func() = func @main.r
    defer r3()
    r6:int = call @main.g(r0)
    r4:int = add r0, r2
    divcheck r1
    r5:int = div r0, r1
    r7:int = add r6, r2
    jump b1
b1: <- b0
    r15:int = mul r0, r1
    rundefers
    return r15
b2:
    r11:int = mul r0, r2
    r10:int = add r4, r5
    r12:int = add r10, r7
    r13:int = add r12, r9
    r14:int = add r13, r11
    return r14
}
`

// gcmRecoverMove returns gcmRecoverRead with line moved from its place
// to just after the line after (a label: the start of its block).
func gcmRecoverMove(t *testing.T, line, after string) string {
	t.Helper()
	out := strings.Replace(gcmRecoverRead, "    "+line+"\n", "", 1)
	out = strings.Replace(out, after+"\n", after+"\n    "+line+"\n", 1)
	if out == gcmRecoverRead || strings.Count(out, line) != 1 {
		t.Fatalf("moving %q changed nothing", line)
	}
	return out
}

// TestGCMRecover: the graph lets a data node of the entry that only the
// recover block reads sink into it (the entry dominates it), and one of
// the recover block rise into the entry, but a panic in the middle of
// the entry enters the recover block with the entry's later registers
// reading as zero. Moving r4, r5 or r7 into the recover block makes it
// compute what the input reads as zero (r5 divides by zero: undefined
// behaviour), and r11 into the entry, or r9 past the call within it,
// the reverse: rejected, and each run shows the difference. r9, before
// anything that may panic, is defined on every path into the recover
// block and may sink into it; r15 may rise into the entry (b1 is not
// on the recover block's side): accepted.
func TestGCMRecover(t *testing.T) {
	in := reviewParse(t, gcmRecoverHelpers, gcmRecoverRead)
	args := [][2]int64{{0, 0}, {5, 0}, {5, 1}}
	run := func(t *testing.T, f string) []string {
		var out []string
		for _, a := range args {
			out = append(out, reviewRun(reviewParse(t, gcmRecoverHelpers, f), gcmRecoverHelpers, interp.Int(a[0]), interp.Int(a[1])))
		}
		return out
	}
	want := run(t, gcmRecoverRead)
	if want[0] != "results: 7" || want[1] != "results: 18" || want[2] != "results: 5" {
		t.Fatalf("the input gives %q, want 7 (g panics), 18 (the divcheck panics) and 5", want)
	}
	for _, c := range []struct{ line, after string }{
		{"r4:int = add r0, r2", "b2:"},
		{"r5:int = div r0, r1", "b2:"},
		{"r7:int = add r6, r2", "b2:"},
		{"r11:int = mul r0, r2", "    r7:int = add r6, r2"},
		{"r9:int = const 7", "    r6:int = call @main.g(r0)"},
	} {
		t.Run(c.line, func(t *testing.T) {
			src := gcmRecoverMove(t, c.line, c.after)
			if got := run(t, src); strings.Join(got, ",") == strings.Join(want, ",") {
				t.Fatalf("the move gives the input's %q: the case shows nothing", got)
			}
			wantRule(t, GCM(in, reviewParse(t, gcmRecoverHelpers, src), struct{}{}), RuleRecover)
		})
	}
	for _, c := range []struct{ line, after string }{
		{"r9:int = const 7", "b2:"},
		{"r15:int = mul r0, r1", "    r7:int = add r6, r2"},
	} {
		src := gcmRecoverMove(t, c.line, c.after)
		if got := run(t, src); strings.Join(got, ",") != strings.Join(want, ",") {
			t.Fatalf("%s moved gives %q, the input %q", c.line, got, want)
		}
		if err := GCM(in, reviewParse(t, gcmRecoverHelpers, src), struct{}{}); err != nil {
			t.Errorf("%s moved: %v", c.line, err)
		}
	}
}
