package validate

import (
	"strings"
	"testing"

	"github.com/vssa-go/vssa/ir"
)

// gcmLoop is a loop with an invariant product, a guarded division, a
// load after a store to the same pointer and a call.
const gcmLoop = `declare @main.g func()
func @main.f(r0 int, r1 int, r2 int, r3 *int) int {
b0:
    r4:int = const 0
    jump b1
b1: <- b0, b2
    r5:int = phi r4, r10
    r6:bool = lt r5, r0
    if r6, b2, b3
b2: <- b1
    r7:int = mul r1, r2
    r11:int = const 1
    r9:int = add r5, r7
    call @main.g()
    nilcheck r3
    store r3, r9
    r12:int = load r3
    divcheck r2
    r14:int = div r12, r2
    r10:int = add r14, r11
    jump b1
b3: <- b1
    return r5
}
`

// gcmLoopOut is gcm's result: the product and the constant in the
// entry, the rest in place.
const gcmLoopOut = `declare @main.g func()
func @main.f(r0 int, r1 int, r2 int, r3 *int) int {
b0:
    r4:int = const 0
    r7:int = mul r1, r2
    r11:int = const 1
    jump b1
b1: <- b0, b2
    r5:int = phi r4, r10
    r6:bool = lt r5, r0
    if r6, b2, b3
b2: <- b1
    call @main.g()
    nilcheck r3
    r9:int = add r5, r7
    store r3, r9
    r12:int = load r3
    divcheck r2
    r14:int = div r12, r2
    r10:int = add r14, r11
    jump b1
b3: <- b1
    return r5
}
`

func gcmOf(t *testing.T, before, after string) error {
	t.Helper()
	return GCM(parseModuleFunc(t, before), parseModuleFunc(t, after), struct{}{})
}

// parseModuleFunc parses a module's one function (with its
// declarations).
func parseModuleFunc(t *testing.T, src string) *ir.Func {
	t.Helper()
	m, err := ir.Parse("gcm.vssa", src)
	if err != nil {
		t.Fatal(err)
	}
	return m.Funcs[0]
}

func TestGCMAccepts(t *testing.T) {
	for name, after := range map[string]string{"identity": gcmLoop, "hoisted": gcmLoopOut,
		"product sunk to its use": strings.Replace(strings.Replace(gcmLoopOut, "    r7:int = mul r1, r2\n", "", 1), "    r9:int = add r5, r7\n", "    r7:int = mul r1, r2\n    r9:int = add r5, r7\n", 1),
	} {
		if err := gcmOf(t, gcmLoop, after); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
}

// TestGCMRejects gives the validator the four mutations of issue 45 and
// others: each must be rejected by its rule.
func TestGCMRejects(t *testing.T) {
	move := func(src, line, before string) string {
		src = strings.Replace(src, "    "+line+"\n", "", 1)
		return strings.Replace(src, "    "+before+"\n", "    "+line+"\n    "+before+"\n", 1)
	}
	tests := []struct {
		name  string
		after string
		rule  Rule
	}{
		{"load hoisted above the store that may alias it", move(gcmLoopOut, "r12:int = load r3", "store r3, r9"), RuleEffects},
		{"check hoisted above a side effect", move(gcmLoopOut, "nilcheck r3", "call @main.g()"), RuleEffects},
		{"computation sunk below its use", move(gcmLoopOut, "r9:int = add r5, r7", "r12:int = load r3"), RulePlace},
		{"computation hoisted above its input", move(gcmLoopOut, "r9:int = add r5, r7", "jump b1"), RulePlace},
		{"faulting division hoisted out of the loop, above its load", move(gcmLoopOut, "r14:int = div r12, r2", "jump b1"), RulePlace},
		{"faulting division hoisted above its guard", move(gcmLoopOut, "r14:int = div r12, r2", "divcheck r2"), RuleAnchor},
		{"data node changed", strings.Replace(gcmLoopOut, "    r11:int = const 1\n", "    r11:int = const 2\n", 1), RuleEffects},
		{"effect removed", strings.Replace(gcmLoopOut, "    divcheck r2\n", "", 1), RuleEffects},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.after == gcmLoopOut {
				t.Fatal("the mutation changed nothing")
			}
			wantRule(t, gcmOf(t, gcmLoop, tt.after), tt.rule)
		})
	}
}

// A division with operands defined outside the loop, guarded inside:
// hoisting it out with its operands available is what the anchor
// forbids (the dependences alone would allow it).
const gcmGuarded = `func @main.f(r0 int, r1 int, r2 int) int {
b0:
    r3:int = const 0
    jump b1
b1: <- b0, b2
    r4:int = phi r3, r9
    r5:bool = lt r4, r0
    if r5, b2, b3
b2: <- b1
    divcheck r2
    r6:int = div r1, r2
    r9:int = add r4, r6
    jump b1
b3: <- b1
    return r4
}
`

func TestGCMAnchorOutOfLoop(t *testing.T) {
	after := strings.Replace(strings.Replace(gcmGuarded, "    r6:int = div r1, r2\n", "", 1), "    jump b1\nb1:", "    r6:int = div r1, r2\n    jump b1\nb1:", 1)
	if after == gcmGuarded {
		t.Fatal("the mutation changed nothing")
	}
	wantRule(t, gcmOf(t, gcmGuarded, after), RuleAnchor)
}

// gcmConstDiv divides by constants in a loop, below a call: by 10 and
// 0 (integers) and by 0.0 (floats).
const gcmConstDiv = `declare @main.g func()
func @main.f(r0 int, r1 int, r2 float64) int {
b0:
    r3:int = const 0
    r10:int = const 10
    r11:int = const 0
    r12:float64 = const 0
    jump b1
b1: <- b0, b2
    r4:int = phi r3, r9
    r5:bool = lt r4, r0
    if r5, b2, b3
b2: <- b1
    call @main.g()
    r6:int = div r1, r10
    r7:float64 = div r2, r12
    divcheck r11
    r8:int = rem r1, r11
    r9:int = add r4, r6
    jump b1
b3: <- b1
    return r4
}
`

// TestGCMConstantDivisor: a division by a constant other than 0, and a
// floating-point one, have no precondition, so they may leave the loop
// above the call before them; an integer division by 0 may not leave
// its guard, although its operands are all outside the loop.
func TestGCMConstantDivisor(t *testing.T) {
	hoist := func(line string) string {
		src := strings.Replace(gcmConstDiv, "    "+line+"\n", "", 1)
		return strings.Replace(src, "    jump b1\nb1:", "    "+line+"\n    jump b1\nb1:", 1)
	}
	for _, line := range []string{"r6:int = div r1, r10", "r7:float64 = div r2, r12"} {
		if err := gcmOf(t, gcmConstDiv, hoist(line)); err != nil {
			t.Errorf("%s hoisted: %v", line, err)
		}
	}
	wantRule(t, gcmOf(t, gcmConstDiv, hoist("r8:int = rem r1, r11")), RuleAnchor)
}
