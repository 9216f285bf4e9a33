// This file sorts the lines where gc's licm hoists and gcm does not
// (TestVersusGC) into buckets, by gc's ops and by what vssa leaves in
// loops on the line and why, so that a gc hoist of a value vssa's IR
// does not have is counted with its reason and a real miss shows.

package gcm_test

import (
	"fmt"
	"sort"
	"strings"
	"testing"

	"github.com/vssa-go/vssa/ir"
	"github.com/vssa-go/vssa/ir/graph"
	"github.com/vssa-go/vssa/ir/son"
)

// staysInLoops returns the instructions f, a gcm result, leaves in
// loops, with why: "effect" (not a data node: it is ordered with the
// others), "anchored" (a data node whose check, its anchor, is in its
// loop), "variant" (a data node with an input computed in its loop),
// "invariant" (neither: a node gcm should have moved). Phis and
// terminators are left out.
func staysInLoops(f *ir.Func) map[*ir.Instr]string {
	g, err := son.Build(f)
	if err != nil {
		return nil
	}
	cfg := f.CFG()
	depth := graph.LoopDepths(cfg.Graph, cfg.Dom)
	// where a node's value is computed in f (-1: before the entry).
	where := func(n son.ID) int {
		nd := g.Node(n)
		switch nd.Kind {
		case son.Param:
			return -1
		case son.Data:
			return nd.Home
		}
		return nd.Block
	}
	out := make(map[*ir.Instr]string)
	for i := range g.Nodes {
		nd := g.Node(son.ID(i))
		if nd.Instr == nil || nd.Kind == son.Phi || nd.Kind.IsControl() || depth[nd.Home] == 0 {
			continue
		}
		if nd.Kind != son.Data {
			out[nd.Instr] = "effect"
			continue
		}
		// gcm put the node at the shallowest block between early and
		// late: what left it at this depth is its deepest input.
		in := func(n son.ID) bool { b := where(n); return b >= 0 && depth[b] >= depth[nd.Home] }
		why := "invariant"
		if nd.Ctl != son.None && in(nd.Ctl) {
			why = "anchored"
		} else {
			for _, a := range nd.Args {
				if a != son.None && in(a) {
					why = "variant"
				}
			}
		}
		out[nd.Instr] = why
	}
	return out
}

// bucket is a reason a line is hoisted by gc and not by gcm.
type bucket struct {
	name, why string
	// has reports whether a line is in the bucket, from gc's ops there
	// and vssa's (op/why, as staysInLoops says) left in loops there;
	// seen says whether vssa compiled an instruction of the line at all.
	has func(gcOps, stays []string, seen bool) bool
	// real says that the values are vssa's too: a miss, not a
	// difference of the IRs.
	real bool
}

var buckets = []bucket{
	{"address", "gc's values are all LEAQ (not LEAQ1 to 8, arithmetic): the address of a global or a type descriptor, which vssa has as an operand (of a call, makeslice, an append's growslice, new), not as a value",
		func(g, _ []string, _ bool) bool {
			return all(g, func(op string) bool { return op == "LEAQ" || op == "LEAL" })
		}, false},
	{"not compiled", "no function through vssa's pipeline has an instruction on the line (a function whose pipeline failed, a generic body gc instantiates, or a line that only gc's lowering makes)",
		func(_, _ []string, seen bool) bool { return !seen }, false},
	{"not in a loop", "vssa leaves nothing in a loop on the line: the loop is one gc made by inlining (os's ignoringEINTR retries a closure in a loop; gc inlines the closure there, vssa's closure has no loop), or vssa hoisted only constants there (left out of the count)",
		func(_, s []string, _ bool) bool { return len(s) == 0 }, false},
	{"invariant", "vssa leaves a data node with no input in the loop: gcm should have moved it",
		func(_, s []string, _ bool) bool { return some(s, "/invariant") }, true},
	{"anchored partial", "vssa leaves a shift or division below its check (its anchor) in the loop: the check is in the loop and the count or divisor is not non-negative or non-zero by its definition; vssa's shift by a negative count and division by 0 are undefined, so they may not run before the check; gc's machine shift is total and runs anywhere",
		func(_, s []string, _ bool) bool {
			return some(s, "shl/anchored") || some(s, "shr/anchored") || some(s, "div/anchored") || some(s, "rem/anchored")
		}, true},
	{"anchored address", "vssa leaves an address (indexaddr, fieldaddr, slice) below its anchor in the loop (a check in the loop, or the effect before it where no check before the loop implies its precondition: a slice's bounds, a check checkelim removed): gc hoists the integer part of the address (an index's extension, scaling or offset), a pointer neither hoists (licm skips Go pointers)",
		func(_, s []string, _ bool) bool { return some(s, "/anchored") }, false},
	{"call", "vssa has a call in the loop on the line: gc inlined it and hoists values of its body, which vssa's IR (not inlined) does not have",
		func(_, s []string, _ bool) bool { return some(s, "call/") }, false},
	{"variant", "vssa's values on the line read something computed in the loop (a load, a phi): gc's hoisted value is another (its lowering's, or a load gc's memory SSA forwards)",
		func(_, s []string, _ bool) bool { return some(s, "/variant") }, false},
	{"effect", "vssa has only effects in the loop on the line (loads, stores, checks, allocations): gc hoists a part of their lowering (an index's extension or scaling, an offset)",
		func(_, _ []string, _ bool) bool { return true }, false},
}

func all(xs []string, p func(string) bool) bool {
	for _, x := range xs {
		if !p(x) {
			return false
		}
	}
	return len(xs) > 0
}

func some(xs []string, sub string) bool {
	for _, x := range xs {
		if strings.Contains(x, sub) {
			return true
		}
	}
	return false
}

// bucketOf returns the index of the first bucket line l, hoisted by gc
// only, fits.
func bucketOf(l string, gcOps, stays map[string]string, seen map[string]bool) int {
	g, s := strings.Fields(gcOps[l]), strings.Fields(stays[l])
	for i, b := range buckets {
		if b.has(g, s, seen[l]) {
			return i
		}
	}
	return len(buckets) - 1 // effect takes every line
}

// bucketList is every gc-only line with its bucket, one a line:
// bucket, line, gc's ops there, and what vssa leaves in loops there
// (op/why, sorted), tab-separated, by bucket and line.
func bucketList(gcOnly []string, gcOps, stays map[string]string, seen map[string]bool) string {
	var sb strings.Builder
	sb.WriteString("# bucket\tline\tgc's ops hoisted\tvssa's ops left in loops on the line (op/why)\n")
	rows := make([][]string, len(buckets))
	for _, l := range gcOnly {
		i := bucketOf(l, gcOps, stays, seen)
		rows[i] = append(rows[i], l)
	}
	for i, b := range buckets {
		for _, l := range rows[i] {
			// vssa's ops sorted: they come from a map, in no order.
			left := strings.Fields(stays[l])
			sort.Strings(left)
			fmt.Fprintf(&sb, "%s\t%s\t%s\t%s\n", b.name, l, strings.TrimSpace(gcOps[l]), strings.Join(left, " "))
		}
	}
	return sb.String()
}

// bucketReport puts each gc-only line in the first bucket it fits and
// prints, per bucket, its count, gc's ops by count, and for the real
// ones every line.
func bucketReport(gcOnly []string, gcOps, stays map[string]string, seen map[string]bool) string {
	var sb strings.Builder
	lines := make([][]string, len(buckets))
	for _, l := range gcOnly {
		i := bucketOf(l, gcOps, stays, seen)
		lines[i] = append(lines[i], l)
	}
	fmt.Fprintf(&sb, "gc-only lines by bucket (%d):\n", len(gcOnly))
	for i, b := range buckets {
		ops := map[string]int{}
		for _, l := range lines[i] {
			for _, op := range strings.Fields(gcOps[l]) {
				ops[op]++
			}
		}
		kind := "no counterpart in vssa's IR"
		if b.real {
			kind = "REAL: vssa has the value"
		}
		fmt.Fprintf(&sb, "  %-14s %4d  [%s] %s\n    gc's ops: %s\n", b.name, len(lines[i]), kind, b.why, topOps(ops, 12))
		if b.real || len(lines[i]) <= 3 {
			for _, l := range lines[i] {
				fmt.Fprintf(&sb, "    %s gc: %s; vssa: %s\n", l, gcOps[l], stays[l])
			}
		} else {
			for _, l := range sample(lines[i], 6) {
				fmt.Fprintf(&sb, "    e.g. %s gc: %s; vssa: %s\n", l, gcOps[l], stays[l])
			}
		}
	}
	return sb.String()
}

// topOps prints the n most frequent ops of counts.
func topOps(counts map[string]int, n int) string {
	ops := make([]string, 0, len(counts))
	for op := range counts {
		ops = append(ops, op)
	}
	sort.Slice(ops, func(i, j int) bool {
		if counts[ops[i]] != counts[ops[j]] {
			return counts[ops[i]] > counts[ops[j]]
		}
		return ops[i] < ops[j]
	})
	var parts []string
	for i, op := range ops {
		if i == n {
			parts = append(parts, "…")
			break
		}
		parts = append(parts, fmt.Sprintf("%s %d", op, counts[op]))
	}
	return strings.Join(parts, ", ")
}

// TestStaysInLoops: what gcm leaves in a loop is told apart by why: the
// check (an effect), the division first in its block, anchored to the
// block itself, in the loop (anchored), the sums reading the loop's
// phi (variant); the invariant product leaves.
func TestStaysInLoops(t *testing.T) {
	f, err := ir.ParseFunc(`func @main.f(r0 int, r1 int, r2 int) int {
b0:
    r3:int = const 0
    jump b1
b1: <- b0, b2
    r4:int = phi r3, r9
    r5:bool = lt r4, r0
    divcheck r2
    if r5, b2, b3
b2: <- b1
    r6:int = div r1, r2
    r7:int = mul r1, r2
    r8:int = add r6, r7
    r9:int = add r4, r8
    jump b1
b3: <- b1
    return r4
}`)
	if err != nil {
		t.Fatal(err)
	}
	g := runChecked(t, f)
	if g == nil {
		return
	}
	got := map[string]string{}
	for in, why := range staysInLoops(g) {
		key := in.Op.String()
		if len(in.Dsts()) > 0 {
			key = fmt.Sprintf("r%d %s", in.Dst(), in.Op)
		}
		got[key] = why
	}
	want := map[string]string{"divcheck": "effect", "r6 div": "anchored", "r8 add": "variant", "r9 add": "variant", "r5 lt": "variant"}
	for k, w := range want {
		if got[k] != w {
			t.Errorf("%s: %q, want %q (all: %v)", k, got[k], w, got)
		}
	}
	if _, ok := got["r7 mul"]; ok {
		t.Errorf("r7 = r1 * r2 left in the loop: %v", got)
	}
}

// TestBucketList: every gc-only line is listed once, in the first
// bucket it fits (an address of gc's, a line vssa has no instruction
// on, one where vssa leaves nothing in a loop, an address anchored in
// the loop, a call), grouped by bucket in the buckets' order.
func TestBucketList(t *testing.T) {
	gcOnly := []string{"a.go:1", "a.go:2", "a.go:3", "a.go:4", "a.go:5"}
	gcOps := map[string]string{"a.go:1": "LEAQ ", "a.go:2": "SHLQconst ", "a.go:3": "ADDQconst ", "a.go:4": "NOTL ", "a.go:5": "NEGQ ADDQconst "}
	stays := map[string]string{"a.go:2": "indexaddr/anchored store/effect ", "a.go:5": "call/effect add/variant "}
	seen := map[string]bool{"a.go:1": true, "a.go:2": true, "a.go:3": true, "a.go:5": true}
	want := "# bucket\tline\tgc's ops hoisted\tvssa's ops left in loops on the line (op/why)\n" +
		"address\ta.go:1\tLEAQ\t\n" +
		"not compiled\ta.go:4\tNOTL\t\n" +
		"not in a loop\ta.go:3\tADDQconst\t\n" +
		"anchored address\ta.go:2\tSHLQconst\tindexaddr/anchored store/effect\n" +
		"call\ta.go:5\tNEGQ ADDQconst\tadd/variant call/effect\n"
	if got := bucketList(gcOnly, gcOps, stays, seen); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}
