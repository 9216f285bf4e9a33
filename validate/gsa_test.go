package validate

import (
	"strings"
	"testing"

	"github.com/vssa-go/vssa/ir"
	"github.com/vssa-go/vssa/ir/pred"
)

// gsaIn is a loop whose body joins an if-else.
const gsaIn = `func @main.f(r0 int, r1 bool) int {
b0:
    r2:int = const 0
    r3:int = const 1
    jump b1
b1: <- b0, b5
    r4:int = phi r2, r9
    r5:bool = lt r4, r0
    if r5, b2, b6
b2: <- b1
    if r1, b3, b4
b3: <- b2
    r6:int = add r4, r3
    jump b5
b4: <- b2
    r7:int = add r4, r3
    r8:int = add r7, r3
    jump b5
b5: <- b3, b4
    r9:int = phi r6, r8
    jump b1
b6: <- b1
    r10:int = add r4, r3
    return r10
}
`

// gsaOut is its GSA form, written by hand after CompCertGSA's rules.
const gsaOut = `func @main.f(r0 int, r1 bool) int {
b0:
    r2:int = const 0
    r3:int = const 1
    jump b1
b1: <- b0, b5
    r4:int = mu r2, r9
    r5:bool = lt r4, r0
    if r5, b2, b6
b2: <- b1
    if r1, b3, b4
b3: <- b2
    r6:int = add r4, r3
    jump b5
b4: <- b2
    r7:int = add r4, r3
    r8:int = add r7, r3
    jump b5
b5: <- b3, b4
    r9:int = gamma [r1] r6, [!r1] r8
    jump b1
b6: <- b1
    r11:int = eta [!r5] r4
    r10:int = add r11, r3
    return r10
}
`

// gsaHints are gsaOut's matrix: the row of b2 (the γ's immediate
// dominator) and of b1 (the loop header, for the η).
func gsaHints() *GSAHints {
	return &GSAHints{
		Rows: []GSARow{
			{Dom: 2, P: map[int]pred.Pred{3: pred.Literal(1, false), 4: pred.Literal(1, true)}},
			{Dom: 1, P: map[int]pred.Pred{6: pred.Literal(5, true)}},
		},
		Row: map[ir.Reg]int{9: 0, 11: 1},
	}
}

func gsaOf(t *testing.T, in, out string, h *GSAHints) error {
	t.Helper()
	f, g := parse(t, in), parse(t, out)
	if err := ir.Check(f, ir.SSA); err != nil {
		t.Fatal(err)
	}
	// The result is not checked: the validator must reject on its own
	// what the IR checker would too.
	return GSA(f, g, h)
}

func TestGSAAccepts(t *testing.T) {
	if err := gsaOf(t, gsaIn, gsaOut, gsaHints()); err != nil {
		t.Fatal(err)
	}
	// The input unchanged is a GSA function without gated instructions.
	if err := gsaOf(t, gsaIn, gsaIn, nil); err != nil {
		t.Fatal(err)
	}
	// The η at the exiting block instead of the exit: the header's value
	// there is the one that leaves, and the row of b0 gives it true.
	h0 := gsaHints()
	h0.Rows = append(h0.Rows, GSARow{Dom: 0})
	h0.Row[11] = 2
	out := strings.Replace(gsaOut, "    r11:int = eta [!r5] r4\n", "", 1)
	out = strings.Replace(out, "    r5:bool = lt r4, r0\n", "    r11:int = eta [true] r4\n    r5:bool = lt r4, r0\n", 1)
	if err := gsaOf(t, gsaIn, out, h0); err != nil {
		t.Fatal(err)
	}
	// A weaker η gate (true, an entry left out) is still right: where
	// the η runs, true is 1.
	h := gsaHints()
	delete(h.Rows[1].P, 6)
	if err := gsaOf(t, gsaIn, strings.Replace(gsaOut, "eta [!r5]", "eta [true]", 1), h); err != nil {
		t.Fatal(err)
	}
}

func TestGSARejects(t *testing.T) {
	t.Run("gates swapped between gamma arguments", func(t *testing.T) {
		wantRule(t, gsaOf(t, gsaIn, strings.Replace(gsaOut, "gamma [r1] r6, [!r1] r8", "gamma [!r1] r6, [r1] r8", 1), gsaHints()), RuleGates)
	})
	t.Run("gates swapped, matrix too", func(t *testing.T) {
		h := gsaHints()
		h.Rows[0].P = map[int]pred.Pred{3: pred.Literal(1, true), 4: pred.Literal(1, false)}
		wantRule(t, gsaOf(t, gsaIn, strings.Replace(gsaOut, "gamma [r1] r6, [!r1] r8", "gamma [!r1] r6, [r1] r8", 1), h), RuleCoherence)
	})
	t.Run("gamma gate weakened", func(t *testing.T) {
		h := gsaHints()
		delete(h.Rows[0].P, 3)
		wantRule(t, gsaOf(t, gsaIn, strings.Replace(gsaOut, "gamma [r1] r6", "gamma [true] r6", 1), h), RuleExclusive)
	})
	t.Run("gamma gate weakened to a non-syntactic overlap", func(t *testing.T) {
		h := gsaHints()
		h.Rows[0].P[3] = pred.Or(pred.Literal(1, false), pred.Literal(5, false))
		wantRule(t, gsaOf(t, gsaIn, strings.Replace(gsaOut, "gamma [r1] r6", "gamma [r1 | r5] r6", 1), h), RuleExclusive)
	})
	t.Run("mu arguments swapped", func(t *testing.T) {
		wantRule(t, gsaOf(t, gsaIn, strings.Replace(gsaOut, "mu r2, r9", "mu r9, r2", 1), gsaHints()), RuleRename)
	})
	t.Run("eta moved off the exit", func(t *testing.T) {
		out := strings.Replace(gsaOut, "    r11:int = eta [!r5] r4\n", "", 1)
		out = strings.Replace(out, "b2: <- b1\n", "b2: <- b1\n    r11:int = eta [!r5] r4\n", 1)
		wantRule(t, gsaOf(t, gsaIn, out, gsaHints()), RuleRename)
	})
	t.Run("eta moved off the exit, gate true", func(t *testing.T) {
		// b2 does not dominate b6: the η's value is the one of the
		// last iteration's start, not the exit's.
		out := strings.Replace(gsaOut, "    r11:int = eta [!r5] r4\n", "", 1)
		out = strings.Replace(out, "b2: <- b1\n", "b2: <- b1\n    r11:int = eta [true] r4\n", 1)
		h := gsaHints()
		delete(h.Rows[1].P, 6)
		wantRule(t, gsaOf(t, gsaIn, out, h), RuleRename)
	})
	t.Run("eta gate not its row's entry", func(t *testing.T) {
		wantRule(t, gsaOf(t, gsaIn, strings.Replace(gsaOut, "eta [!r5]", "eta [r5]", 1), gsaHints()), RuleGates)
	})
	t.Run("entry names a register its block defines", func(t *testing.T) {
		h := gsaHints()
		h.Rows = append(h.Rows, GSARow{Dom: 0, P: map[int]pred.Pred{1: pred.Literal(5, false)}})
		wantRule(t, gsaOf(t, gsaIn, gsaOut, h), RuleCoherence)
	})
	t.Run("row of a block that does not dominate", func(t *testing.T) {
		h := gsaHints()
		h.Rows[0].Dom = 3
		wantRule(t, gsaOf(t, gsaIn, gsaOut, h), RuleGates)
	})
	t.Run("instruction changed", func(t *testing.T) {
		wantRule(t, gsaOf(t, gsaIn, strings.Replace(gsaOut, "add r7, r3", "add r7, r7", 1), gsaHints()), RuleRename)
	})
}

// TestGSAQueriesSettled checks that the honest case is settled without a
// solver, and that an overlap no syntactic rule refutes goes to it.
func TestGSAQueriesSettled(t *testing.T) {
	syn0, ref0, open0 := GSAQueries()
	if err := gsaOf(t, gsaIn, gsaOut, gsaHints()); err != nil {
		t.Fatal(err)
	}
	syn1, ref1, open1 := GSAQueries()
	if syn1 == syn0 || ref1 != ref0 || open1 != open0 {
		t.Errorf("honest case: %d syntactic, %d refuted, %d open; want only syntactic", syn1-syn0, ref1-ref0, open1-open0)
	}
}

func TestGSADestruct(t *testing.T) {
	destructed := strings.NewReplacer("mu r2, r9", "phi r2, r9", "gamma [r1] r6, [!r1] r8", "phi r6, r8", "eta [!r5] r4", "copy r4").Replace(gsaOut)
	of := func(in, out string, h *GSAHints) error {
		f, g := parse(t, in), parse(t, out)
		if err := ir.Check(f, ir.GSA); err != nil {
			t.Fatal(err)
		}
		return GSADestruct(f, g, h)
	}
	if err := of(gsaOut, destructed, gsaHints()); err != nil {
		t.Fatal(err)
	}
	t.Run("wrong phi argument order", func(t *testing.T) {
		wantRule(t, of(gsaOut, strings.Replace(destructed, "phi r6, r8", "phi r8, r6", 1), gsaHints()), RuleStructure)
	})
	t.Run("gamma whose gates are not the edges'", func(t *testing.T) {
		// Gates swapped in the input: the phi with arguments in order
		// would take the other value than the γ.
		in := strings.Replace(gsaOut, "gamma [r1] r6, [!r1] r8", "gamma [!r1] r6, [r1] r8", 1)
		wantRule(t, of(in, destructed, gsaHints()), RuleGates)
	})
	t.Run("eta dropped", func(t *testing.T) {
		wantRule(t, of(gsaOut, strings.Replace(destructed, "copy r4", "copy r3", 1), gsaHints()), RuleStructure)
	})
}
