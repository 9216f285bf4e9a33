package validate

import (
	"testing"

	"github.com/vssa-go/vssa/ir"
)

// zceIn checks r1 in the entry and again in b1; r2 twice in b1, in b2,
// and in b3, the join of b1 and b2 (on every path, under no one
// check); r1 in the recover block b4, which a panic of the call
// before the entry's check may enter.
const zceIn = `declare @main.g func()
func @main.f(r0 bool, r1 int, r2 int) int recover b4 {
b0:
    call @main.g()
    divcheck r1
    if r0, b1, b2
b1: <- b0
    divcheck r1
    divcheck r2
    r3:int = div r2, r2
    divcheck r2
    jump b3
b2: <- b0
    divcheck r2
    jump b3
b3: <- b1, b2
    divcheck r2
    r4:int = div r1, r2
    return r4
b4:
    divcheck r1
    return r1
}
`

// zceHonest are the removals Definition 4.1 allows: b1's r1 (under
// b0's) and b1's second r2 (under its first).
func zceHonest() []CheckRemoval { return []CheckRemoval{{1, 0}, {1, 3}} }

// zceOf runs the validator on zceIn and the result of removing rs,
// with hints h.
func zceOf(t *testing.T, rs []CheckRemoval, h *ZCEHints) error {
	t.Helper()
	before := parseModuleFunc(t, zceIn)
	return ZCE(before, removeAt(before, rs), h)
}

// removeAt returns f without the instructions rs.
func removeAt(f *ir.Func, rs []CheckRemoval) *ir.Func {
	g := f.ShallowClone()
	gone := map[CheckRemoval]bool{}
	for _, r := range rs {
		gone[r] = true
	}
	for i, b := range g.Blocks {
		var instrs []*ir.Instr
		for k, in := range b.Instrs {
			if !gone[CheckRemoval{i, k}] {
				instrs = append(instrs, in)
			}
		}
		b.Instrs = instrs
	}
	return g
}

func TestZCEAccepts(t *testing.T) {
	for name, rs := range map[string][]CheckRemoval{
		"nothing removed": nil,
		"honest":          zceHonest(),
		"one of the two":  {{1, 3}},
	} {
		if err := zceOf(t, rs, &ZCEHints{Removed: rs}); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
}

func TestZCERejects(t *testing.T) {
	with := func(extra ...CheckRemoval) []CheckRemoval { return append(zceHonest(), extra...) }
	tests := []struct {
		name    string
		removed []CheckRemoval // what the result leaves out
		hints   []CheckRemoval // what the hints say (removed when nil)
		rule    Rule
	}{
		{"a check no check dominates", with(CheckRemoval{2, 0}), nil, RuleCovered},
		{"a check at a join, checked on every path to it", with(CheckRemoval{3, 0}), nil, RuleCovered},
		{"a check whose cover is removed too", with(CheckRemoval{1, 1}), nil, RuleCovered},
		{"the recover block's check, under the entry's", with(CheckRemoval{4, 0}), nil, RuleCovered},
		{"a check the entry's follows", []CheckRemoval{{0, 1}}, nil, RuleCovered},
		{"a division, not a check", with(CheckRemoval{1, 2}), nil, RuleCovered},
		{"a removal the hints do not list", with(CheckRemoval{2, 0}), zceHonest(), RuleStructure},
		{"a removal the result does not make", zceHonest(), with(CheckRemoval{2, 0}), RuleStructure},
		{"removed twice", zceHonest(), with(CheckRemoval{1, 0}), RuleHints},
		{"a removal out of range", zceHonest(), with(CheckRemoval{1, 9}), RuleHints},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := tt.hints
			if h == nil {
				h = tt.removed
			}
			wantRule(t, zceOf(t, tt.removed, &ZCEHints{Removed: h}), tt.rule)
		})
	}
	wantRule(t, zceOf(t, nil, nil), RuleHints)
}

// Checks of copies of one register are checks of it; of a copy of
// another, not.
const zceCopies = `func @main.f(r0 bool, r1 int, r2 int) int {
b0:
    r3:int = copy r1
    r4:int = copy r3
    divcheck r4
    if r0, b1, b2
b1: <- b0
    r5:int = copy r1
    divcheck r5
    r6:int = copy r2
    divcheck r6
    return r5
b2: <- b0
    return r3
}
`

func TestZCECopies(t *testing.T) {
	before := parseModuleFunc(t, zceCopies)
	ok := []CheckRemoval{{1, 1}}
	if err := ZCE(before, removeAt(before, ok), &ZCEHints{Removed: ok}); err != nil {
		t.Errorf("a check of a copy under one of another copy: %v", err)
	}
	bad := []CheckRemoval{{1, 3}}
	wantRule(t, ZCE(before, removeAt(before, bad), &ZCEHints{Removed: bad}), RuleCovered)
}
