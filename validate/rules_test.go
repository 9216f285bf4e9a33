package validate

import (
	"strings"
	"testing"

	"github.com/vssa-go/vssa/ir"
	"github.com/vssa-go/vssa/ir/pred"
)

// ruleCases gives each rule a result its validator rejects with that
// rule, and only for that reason: the mutation of an honest result
// named in the case.
var ruleCases = []struct {
	rule  Rule
	name  string
	check func(t *testing.T) error
}{
	{RuleRename, "gsa: mu arguments swapped", func(t *testing.T) error {
		return gsaOf(t, gsaIn, strings.Replace(gsaOut, "mu r2, r9", "mu r9, r2", 1), gsaHints())
	}},
	{RuleGates, "gsa: gates swapped between gamma arguments", func(t *testing.T) error {
		return gsaOf(t, gsaIn, strings.Replace(gsaOut, "gamma [r1] r6, [!r1] r8", "gamma [!r1] r6, [r1] r8", 1), gsaHints())
	}},
	{RuleCoherence, "gsa: a matrix entry naming a register its block defines", func(t *testing.T) error {
		h := gsaHints()
		h.Rows = append(h.Rows, GSARow{Dom: 0, P: map[int]pred.Pred{1: pred.Literal(5, false)}})
		return gsaOf(t, gsaIn, gsaOut, h)
	}},
	{RuleExclusive, "gsa: a gamma gate weakened to true", func(t *testing.T) error {
		h := gsaHints()
		delete(h.Rows[0].P, 3)
		return gsaOf(t, gsaIn, strings.Replace(gsaOut, "gamma [r1] r6", "gamma [true] r6", 1), h)
	}},
	{RuleEffects, "gcm: a load hoisted above a store", func(t *testing.T) error {
		return gcmOf(t, gcmLoop, strings.Replace(gcmLoopOut, "    store r3, r9\n    r12:int = load r3\n", "    r12:int = load r3\n    store r3, r9\n", 1))
	}},
	{RulePlace, "gcm: a computation sunk below its use", func(t *testing.T) error {
		return gcmOf(t, gcmLoop, strings.Replace(gcmLoopOut, "    r9:int = add r5, r7\n    store r3, r9\n", "    store r3, r9\n    r9:int = add r5, r7\n", 1))
	}},
	{RuleAnchor, "gcm: a guarded division hoisted out of its loop", func(t *testing.T) error {
		return gcmOf(t, gcmGuarded, strings.Replace(strings.Replace(gcmGuarded, "    r6:int = div r1, r2\n", "", 1), "    jump b1\nb1:", "    r6:int = div r1, r2\n    jump b1\nb1:", 1))
	}},
	{RuleCovered, "zce: a check no check dominates removed", func(t *testing.T) error {
		rs := []CheckRemoval{{2, 0}}
		return zceOf(t, rs, &ZCEHints{Removed: rs})
	}},
	{RuleLocation, "regalloc: an operand read from a location holding another value", func(t *testing.T) error {
		f := loopAfter()
		f.Blocks[2].Instrs[0].Uses[1].L = 1
		return RegAlloc(loopBefore(), f)
	}},
	{RuleStructure, "outofssa: an instruction of the input changed", func(t *testing.T) error {
		return OutOfSSA(parse(t, swapSSA), parse(t, strings.Replace(swapGood, "    return r3\n", "    return r4\n", 1)), &OutOfSSAHints{Temps: []ir.Reg{5}})
	}},
	{RuleNumbering, "gvn: two parameters numbered alike", func(t *testing.T) error {
		h := gvnHints()
		h.Number[1] = 0
		return gvnOf(t, gvnIn, gvnOut, h)
	}},
	{RuleMemory, "gvn: a join after a store in one branch without a version of its own", func(t *testing.T) error {
		h := gvnLoopHints()
		h.MemFresh = nil
		return gvnOf(t, gvnLoop, gvnLoopOut, h)
	}},
	{RuleReplace, "gvn: a use replaced by a register of another class", func(t *testing.T) error {
		return gvnOf(t, gvnIn, strings.Replace(gvnOut, "add r6, r4", "add r6, r2", 1), gvnHints())
	}},
	{RuleRemove, "gvn: a check removed without a cover", func(t *testing.T) error {
		h := gvnHints()
		h.Removed[1].CoverBlock = -1
		return gvnOf(t, gvnIn, gvnOut, h)
	}},
	{RuleFacts, "checkelim: a fact the edge into its block does not give", func(t *testing.T) error {
		h := ceHints()
		h.Entry[5] = append(h.Entry[5], Fact{Kind: FactNonZero, Reg: 1})
		return checkElimOf(t, ceIn, ceOut, h)
	}},
	{RuleImplied, "checkelim: a check removed with no fact", func(t *testing.T) error {
		h := ceHints()
		h.Removed = append(h.Removed, CheckRemoval{0, 2})
		return checkElimOf(t, ceIn, strings.Replace(ceOut, "    nilcheck r0\n", "", 1), h)
	}},
	{RuleDecided, "checkelim: a comparison decided against its facts", func(t *testing.T) error {
		return checkElimOf(t, ceDecide, ceDecide, &CheckElimHints{Entry: make([][]Fact, 3), Decided: []Decision{{0, 6, true}}})
	}},
	{RuleHints, "mem2reg: a variable listed twice", func(t *testing.T) error {
		h := varHints()
		h.Promote.Vars = []ir.Reg{1, 1}
		return mem2RegOf(t, rtlVar, ssaVar, h)
	}},
	{RuleTypes, "mem2reg: a variable's register of another type", func(t *testing.T) error {
		return mem2RegOf(t, rtlVar, strings.Replace(ssaVar, "r4:int = const zero", "r4:int8 = const zero", 1), varHints())
	}},
	{RuleEdges, "normalize: hints that swap two blocks", func(t *testing.T) error {
		return Normalize(parse(t, unnormal), parse(t, normal), &NormalizeHints{Old: []int{0, 1, -1, 2}})
	}},
	{RuleReachable, "normalize: an unreachable block added", func(t *testing.T) error {
		withDead := strings.TrimSuffix(strings.TrimSpace(normal), "}") + "b4:\n    return r1\n}"
		return Normalize(parse(t, unnormal), parse(t, withDead), &NormalizeHints{Old: []int{0, 1, 2, -1, -1}})
	}},
	{RuleNormalised, "normalize: the input as the result", func(t *testing.T) error {
		return Normalize(parse(t, unnormal), parse(t, unnormal), &NormalizeHints{Old: []int{0, 1, 2}})
	}},
	{RuleEntry, "normalize: hints that make b1 the entry", func(t *testing.T) error {
		return Normalize(parse(t, unnormal), parse(t, normal), &NormalizeHints{Old: []int{1, 0, 2, -1}})
	}},
	{RuleRemoved, "normalize: a reachable block dropped", func(t *testing.T) error {
		dropped := `
func @main.f(r0 bool) int {
b0:
    r1:int = const 1
    jump b1
b1: <- b0
    return r1
}`
		return Normalize(parse(t, unnormal), parse(t, dropped), &NormalizeHints{Old: []int{0, 2}})
	}},
	{RuleRecover, "normalize: a recover block added", func(t *testing.T) error {
		plain := "func @main.f(r0 int) int {\nb0:\n    return r0\n}"
		withRecover := "func @main.f(r0 int) int recover b1 {\nb0:\n    return r0\nb1:\n    return r0\n}"
		return Normalize(parse(t, plain), parse(t, withRecover), &NormalizeHints{Old: []int{0, -1}})
	}},
	{RuleInserted, "normalize: an inserted block that computes", func(t *testing.T) error {
		extra := strings.Replace(normal, "b3: <- b0\n    jump b2", "b3: <- b0\n    r1:int = const 2\n    jump b2", 1)
		return Normalize(parse(t, unnormal), parse(t, extra), &NormalizeHints{Old: []int{0, 1, 2, -1}})
	}},
	{RuleNoPhis, "outofssa: the input as the result", func(t *testing.T) error {
		return OutOfSSA(parse(t, swapSSA), parse(t, swapSSA), &OutOfSSAHints{})
	}},
	{RuleMoves, "outofssa: a swap without its temporary", func(t *testing.T) error {
		lost := strings.Replace(swapGood, "    r5:int = copy r4\n    r4:int = copy r3\n    r3:int = copy r5\n", "    r4:int = copy r3\n    r3:int = copy r4\n", 1)
		return OutOfSSA(parse(t, swapSSA), parse(t, lost), &OutOfSSAHints{})
	}},
	{RuleTemps, "outofssa: a register of the input said to be a temporary", func(t *testing.T) error {
		return OutOfSSA(parse(t, swapSSA), parse(t, swapGood), &OutOfSSAHints{Temps: []ir.Reg{5, 2}})
	}},
	{RulePromotable, "mem2reg: a variable loaded where only a panic leads", func(t *testing.T) error {
		return mem2RegOf(t, rtlRecoverVar, ssaRecoverVar, recoverVarHints())
	}},
	{RulePhiJoin, "ssagen: a phi in a block with one predecessor", func(t *testing.T) error {
		h := diamondHints()
		h.Orig = append(h.Orig, 2) // r7
		return ssaGenOf(t, rtlDiamond, strings.Replace(ssaDiamond, "b1: <- b0\n", "b1: <- b0\n    r7:int = phi r4\n", 1), h)
	}},
	{RulePhiArity, "ssagen: a phi with one argument too few", func(t *testing.T) error {
		return ssaGenWith(t, rtlDiamond, dropPhiArg(parse(t, ssaDiamond)), diamondHints())
	}},
	{RulePhiUse, "ssagen: phi arguments swapped", func(t *testing.T) error {
		return ssaGenOf(t, rtlDiamond, strings.Replace(ssaDiamond, "phi r5, r4", "phi r4, r5", 1), diamondHints())
	}},
	{RulePhiMissing, "ssagen: the phi of a live register dropped", func(t *testing.T) error {
		// r2 is live at b3 (through b4); its version differs there by the
		// predecessor, and b3 has no phi for it.
		rtl := strings.Replace(rtlDiamond, "b3: <- b1, b2\n    return r2", "b3: <- b1, b2\n    jump b4\nb4: <- b3\n    return r2", 1)
		ssa := strings.NewReplacer("    r6:int = phi r5, r4\n    return r6", "    jump b4\nb4: <- b3\n    return r4").Replace(ssaDiamond)
		return ssaGenOf(t, rtl, ssa, &SSAHints{Orig: []ir.Reg{2, 2}})
	}},
	{RuleUniqueDef, "ssagen: a version defined twice", func(t *testing.T) error {
		h := &SSAHints{Orig: []ir.Reg{2, ir.NoReg, 2}} // r5 is not used
		return ssaGenOf(t, rtlDiamond, strings.NewReplacer("r5:int = add r4, r3", "r4:int = add r4, r3", "phi r5, r4", "phi r4, r4").Replace(ssaDiamond), h)
	}},
	{RuleUse, "mem2reg: a load of the variable's first version", func(t *testing.T) error {
		return mem2RegOf(t, rtlVar, strings.Replace(ssaVar, "r2:int = copy r5", "r2:int = copy r4", 1), varHints())
	}},
}

// dropPhiArg removes the last argument of the first phi it finds (the
// text format cannot write such a phi).
func dropPhiArg(f *ir.Func) *ir.Func {
	for _, b := range f.Blocks {
		for _, phi := range b.Phis {
			phi.SetArgs(phi.Args()[:len(phi.Args())-1])
			return f
		}
	}
	return f
}

// Every rule has a rejected case, and each case is rejected with its
// rule, with a message that names no pass and no function.
func TestEveryRuleRejects(t *testing.T) {
	covered := map[Rule]bool{}
	for _, tc := range ruleCases {
		covered[tc.rule] = true
		t.Run(string(tc.rule)+": "+tc.name, func(t *testing.T) {
			err := tc.check(t)
			wantRule(t, err, tc.rule)
			if err != nil && strings.Contains(err.Error(), "main.f") {
				t.Errorf("message %q names the function", err)
			}
		})
	}
	for _, r := range AllRules {
		if !covered[r] {
			t.Errorf("rule %s has no rejected case", r)
		}
	}
}
