//go:build unix

// This file measures gsa's cost against mem2reg's, each with its
// validator, on the standard library (VSSA_GSA_COST=1, long), and its
// growth on generated worst cases (always, small sizes).

package gsa

import (
	"fmt"
	"os"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/vssa-go/vssa/bridge"
	"github.com/vssa-go/vssa/ir"
	"github.com/vssa-go/vssa/passes/loopnorm"
	"github.com/vssa-go/vssa/passes/mem2reg"
	"github.com/vssa-go/vssa/passes/normalize"
	"github.com/vssa-go/vssa/validate"
)

// counts tallies the merge instructions of GSA results.
type counts struct{ phis, gammas, mus, etas int }

func (c *counts) add(f *ir.Func) {
	for _, b := range f.Blocks {
		for _, in := range b.Phis {
			switch in.Op {
			case ir.OpPhi:
				c.phis++
			case ir.OpGamma:
				c.gammas++
			case ir.OpMu:
				c.mus++
			}
		}
		for _, in := range b.Instrs {
			if in.Op == ir.OpEta {
				c.etas++
			}
		}
	}
}

func TestCostOnStd(t *testing.T) {
	if os.Getenv("VSSA_GSA_COST") != "1" {
		t.Skip("set VSSA_GSA_COST=1 to measure gsa against mem2reg on std")
	}
	prog, err := bridge.Load(bridge.Config{}, "std")
	if err != nil {
		t.Fatal(err)
	}
	for _, withLoops := range []bool{false, true} {
		var m2r, gsa time.Duration
		var worst time.Duration
		var worstName string
		var n, rejected int
		var c counts
		syn0, ref0, open0 := validate.GSAQueries()
		for _, f := range prog.Module.Funcs {
			if ir.Check(f, ir.RTL) != nil {
				continue
			}
			nf, nh, err := normalize.Run(f)
			if err != nil || validate.Normalize(f, nf, nh) != nil {
				continue
			}
			if withLoops {
				lf, lh, err := loopnorm.Run(nf)
				if err != nil || validate.Normalize(nf, lf, lh) != nil {
					rejected++
					continue
				}
				nf = lf
			}
			t0 := cpuNow()
			s, sh, err := mem2reg.Run(nf)
			if err != nil || validate.Mem2Reg(nf, s, sh) != nil {
				continue
			}
			t1 := cpuNow()
			if ir.Check(s, ir.SSA) != nil {
				continue
			}
			t2 := cpuNow()
			g, gh, err := Run(s)
			ok := err == nil && validate.GSA(s, g, gh) == nil
			t3 := cpuNow()
			if !ok {
				rejected++
				continue
			}
			n++
			m2r += t1 - t0
			gsa += t3 - t2
			if d := t3 - t2; d > worst {
				worst, worstName = d, f.Name
			}
			c.add(g)
		}
		syn1, ref1, open1 := validate.GSAQueries()
		total := c.phis + c.gammas + c.mus
		t.Logf("loopnorm=%v: %d functions (%d not accepted); mem2reg+validate %v, gsa+validate %v (%.2fx); slowest gsa+validate %v (%s)",
			withLoops, n, rejected, m2r.Round(time.Millisecond), gsa.Round(time.Millisecond), float64(gsa)/float64(m2r), worst.Round(time.Microsecond), worstName)
		t.Logf("  of %d phis: %d gammas (%.1f%%), %d mus (%.1f%%), %d kept (%.1f%%); %d etas; validator questions: %d syntactic, %d refuted by SAT, %d open",
			total, c.gammas, pct(c.gammas, total), c.mus, pct(c.mus, total), c.phis, pct(c.phis, total), c.etas, syn1-syn0, ref1-ref0, open1-open0)
	}
}

// cpuNow is the process's CPU time (user and system): on a loaded
// machine wall time says little.
func cpuNow() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

func pct(a, b int) float64 { return 100 * float64(a) / float64(max(b, 1)) }

// ifChain is n sequential ifs, each setting x in one arm: n diamonds,
// whose joins' rows are all the entry block's.
func ifChain(n int) string {
	var sb strings.Builder
	sb.WriteString("func @main.f(r0 int, r1 int) int {\nb0:\n    r2:int = const 1\n    jump b1\n")
	x := 1 // register of x's current version
	reg := 3
	blk := 1
	for i := 0; i < n; i++ {
		c, v, phi := reg, reg+1, reg+2
		reg += 3
		fmt.Fprintf(&sb, "b%d: <- b%d\n    r%d:bool = lt r0, r%d\n    if r%d, b%d, b%d\n", blk, blk-1, c, x, c, blk+1, blk+2)
		if i == 0 {
			sb.Reset()
			sb.WriteString("func @main.f(r0 int, r1 int) int {\nb0:\n    r2:int = const 1\n    jump b1\n")
			fmt.Fprintf(&sb, "b1: <- b0\n    r%d:bool = lt r0, r%d\n    if r%d, b%d, b%d\n", c, x, c, blk+1, blk+2)
		}
		fmt.Fprintf(&sb, "b%d: <- b%d\n    r%d:int = add r%d, r2\n    jump b%d\n", blk+1, blk, v, x, blk+3)
		fmt.Fprintf(&sb, "b%d: <- b%d\n    jump b%d\n", blk+2, blk, blk+3)
		fmt.Fprintf(&sb, "b%d: <- b%d, b%d\n    r%d:int = phi r%d, r%d\n", blk+3, blk+1, blk+2, phi, v, x)
		x = phi
		blk += 3
		if i < n-1 {
			fmt.Fprintf(&sb, "    jump b%d\n", blk+1)
			blk++
		}
	}
	fmt.Fprintf(&sb, "    return r%d\n}\n", x)
	return sb.String()
}

// TestWorstCases runs gsa and its validator on if-chains of growing
// length and checks that the time stays far from quadratic blow-up:
// each doubling at most 8x (a linear pass doubles; the rows are per
// join, over the blocks between the join and its dominator).
func TestWorstCases(t *testing.T) {
	var prev time.Duration
	for _, n := range []int{100, 200, 400, 800} {
		f, err := ir.ParseFunc(ifChain(n))
		if err != nil {
			t.Fatal(err)
		}
		if err := ir.Check(f, ir.SSA); err != nil {
			t.Fatal(err)
		}
		t0 := cpuNow()
		g, h, err := Run(f)
		if err != nil {
			t.Fatal(err)
		}
		if err := validate.GSA(f, g, h); err != nil {
			t.Fatal(err)
		}
		d := cpuNow() - t0
		var c counts
		c.add(g)
		t.Logf("if-chain of %d: gsa+validate %v, %d gammas, %d phis kept", n, d, c.gammas, c.phis)
		if c.gammas != n {
			t.Errorf("if-chain of %d: %d gammas, want %d", n, c.gammas, n)
		}
		if prev > 20*time.Millisecond && d > 8*prev {
			t.Errorf("if-chain of %d took %v, %v for half the length", n, d, prev)
		}
		prev = d
	}
}

// switchChain is a switch of n cases on r0 as Go compiles it: a chain of
// equality tests, each case's block jumping to one join whose phi has n+1
// arguments. Gates grow with the chain; past MaxGate the join keeps its
// phi.
func switchChain(n int) string {
	var sb strings.Builder
	sb.WriteString("func @main.f(r0 int) int {\n")
	// Blocks: test i is b(2i), case i is b(2i+1); default b(2n); join b(2n+1).
	join := 2*n + 1
	for i := 0; i < n; i++ {
		if i == 0 {
			sb.WriteString("b0:\n")
		} else {
			fmt.Fprintf(&sb, "b%d: <- b%d\n", 2*i, 2*(i-1))
		}
		k, c := 1+3*i, 2+3*i
		fmt.Fprintf(&sb, "    r%d:int = const %d\n    r%d:bool = eq r0, r%d\n    if r%d, b%d, b%d\n", k, i, c, k, c, 2*i+1, 2*i+2)
		fmt.Fprintf(&sb, "b%d: <- b%d\n    jump b%d\n", 2*i+1, 2*i, join)
	}
	fmt.Fprintf(&sb, "b%d: <- b%d\n    jump b%d\n", 2*n, 2*(n-1), join)
	fmt.Fprintf(&sb, "b%d: <-", join)
	var args []string
	for i := 0; i < n; i++ {
		if i > 0 {
			sb.WriteString(",")
		}
		fmt.Fprintf(&sb, " b%d", 2*i+1)
		args = append(args, fmt.Sprintf("r%d", 1+3*i))
	}
	fmt.Fprintf(&sb, ", b%d\n    r%d:int = phi %s, r0\n    return r%d\n}\n", 2*n, 3*n+1, strings.Join(args, ", "), 3*n+1)
	return sb.String()
}

// TestWorstCaseSwitch: a switch small enough for MaxGate gets a γ, a
// larger one keeps its phi, and the cost stays bounded as it grows.
func TestWorstCaseSwitch(t *testing.T) {
	for _, n := range []int{8, 100, 400, 1600} {
		f, err := ir.ParseFunc(switchChain(n))
		if err != nil {
			t.Fatal(err)
		}
		if err := ir.Check(f, ir.SSA); err != nil {
			t.Fatal(err)
		}
		t0 := cpuNow()
		g, h, err := Run(f)
		if err != nil {
			t.Fatal(err)
		}
		if err := validate.GSA(f, g, h); err != nil {
			t.Fatal(err)
		}
		d := cpuNow() - t0
		var c counts
		c.add(g)
		t.Logf("switch of %d cases: gsa+validate %v, %d gammas, %d phis kept", n, d, c.gammas, c.phis)
		if wantGamma := n < MaxGate/2; (c.gammas == 1) != wantGamma {
			t.Errorf("switch of %d cases: %d gammas, want a gamma: %v", n, c.gammas, wantGamma)
		}
		if d > 2*time.Second {
			t.Errorf("switch of %d cases took %v", n, d)
		}
	}
}
