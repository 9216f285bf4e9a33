package validate

import (
	"slices"
	"testing"
)

// ceContracts calls @main.get, whose contract (when assumed) says it
// does not return for a nil r0 and @main.mk, whose result is never nil;
// go and defer of them, and a call of @main.other, promise nothing.
const ceContracts = `
func @main.f(r0 *int, r1 *int, r2 *int) int {
b0:
    r3:*int = const nil
    r4:int = call @main.get(r0)
    r5:bool = eq r0, r3
    r6:*int = call @main.mk()
    r7:bool = eq r6, r3
    go @main.get(r1)
    r8:bool = eq r1, r3
    r9:int = call @main.other(r2)
    r10:bool = eq r2, r3
    r11:int = call @main.get(r3)
    return r4
}`

var mainContracts = Contracts{
	"main.get": {NonNilParams: []int{0}},
	"main.mk":  {NonNilResults: []int{0}},
}

// TestCheckElimContracts: a static call's contract gives its
// parameters' nonnil facts after it returns and its results' nonnil
// facts, only when assumed, and only for calls (not go, not other
// functions).
func TestCheckElimContracts(t *testing.T) {
	check := func(cs Contracts, ds ...Decision) error {
		return CheckElimAssuming(parse(t, ceContracts), parse(t, ceContracts), &CheckElimHints{Entry: make([][]Fact, 1), Decided: ds}, cs)
	}
	honest := []Decision{{0, 2, false}, {0, 4, false}}
	if err := check(mainContracts, honest...); err != nil {
		t.Fatalf("decisions by contracts rejected: %v", err)
	}
	for _, c := range []struct {
		why string
		cs  Contracts
		ds  []Decision
	}{
		{"get's parameter without its contract", nil, []Decision{{0, 2, false}}},
		{"mk's result without its contract", Contracts{"main.get": mainContracts["main.get"]}, []Decision{{0, 4, false}}},
		{"a parameter of a go statement's callee", mainContracts, []Decision{{0, 6, false}}},
		{"a function without a contract", mainContracts, []Decision{{0, 8, false}}},
	} {
		if e, ok := check(c.cs, c.ds...).(*Error); !ok || e.Rule != RuleDecided {
			t.Errorf("%s: got %v, want a rejection by rule %s", c.why, e, RuleDecided)
		}
	}
}

// panicsForNil does not return for a nil r0.
const panicsForNil = `
func @main.f(r0 *int) *int {
b0:
    r1:*int = const nil
    r2:bool = eq r0, r1
    if r2, b1, b2
b1: <- b0
    panic r1
b2: <- b0
    return r0
}`

// TestDeriveContract: a parameter dereferenced, or checked by a branch
// that does not return, on the way to every return, and a result never
// nil at every return, are the contract; a path that returns without
// leaves them out, and so does a fact the certificate does not carry
// (a certificate claiming one that does not hold is rejected); a
// function that never returns promises nothing.
func TestDeriveContract(t *testing.T) {
	for _, c := range []struct {
		src, why        string
		entry           [][]Fact // the certificate's facts at block starts
		params, results []int
		none            bool
	}{
		{why: "a dereference and a new variable", src: `
func @main.f(r0 *int, r1 *int) *int {
b0:
    r2:int = load r0
    r3:*int = new
    return r3
}`, params: []int{0}, results: []int{0}},
		{why: "a panic for nil, carried to the return's block", src: panicsForNil, entry: [][]Fact{nil, nil, {{Kind: FactNonNil, Reg: 0}}}, params: []int{0}, results: []int{0}},
		{why: "the fact not carried by the certificate", src: panicsForNil, entry: [][]Fact{nil, nil, nil}},
		{why: "one return without", src: `
func @main.f(r0 *int, r1 bool) *int {
b0:
    if r1, b1, b2
b1: <- b0
    r2:int = load r0
    return r0
b2: <- b0
    return r0
}`, entry: [][]Fact{nil, nil, nil}},
		{why: "never returns", src: `
func @main.f(r0 *int) *int {
b0:
    r1:int = load r0
    r2:any = const nil
    panic r2
}`, none: true},
	} {
		f := parse(t, c.src)
		entry := c.entry
		if entry == nil {
			entry = make([][]Fact, len(f.Blocks))
		}
		h := &CheckElimHints{Entry: entry}
		if err := CheckElim(f, parse(t, c.src), h); err != nil {
			t.Errorf("%s: certificate rejected: %v", c.why, err)
			continue
		}
		con := DeriveContract(f, h, nil)
		switch {
		case c.none && con != nil:
			t.Errorf("%s: contract %+v, want none", c.why, con)
		case !c.none && (con == nil || !slices.Equal(con.NonNilParams, c.params) || !slices.Equal(con.NonNilResults, c.results)):
			t.Errorf("%s: contract %+v, want params %v results %v", c.why, con, c.params, c.results)
		}
	}
	// The certificate cannot claim the fact where it does not hold.
	f := parse(t, `
func @main.f(r0 *int) *int {
b0:
    r1:*int = const nil
    r2:bool = eq r0, r1
    if r2, b1, b2
b1: <- b0
    return r0
b2: <- b0
    return r0
}`)
	lie := &CheckElimHints{Entry: [][]Fact{nil, {{Kind: FactNonNil, Reg: 0}}, {{Kind: FactNonNil, Reg: 0}}}}
	if err := CheckElim(f, f, lie); err == nil {
		t.Errorf("a certificate claiming r0 nonnil on its nil edge was accepted")
	}
}
