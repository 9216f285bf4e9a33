//go:build unix

// This file measures gsa's cost against mem2reg's, each with its
// validator, on the standard library (VSSA_GSA_COST=1, long), and its
// growth on generated worst cases (always, small sizes).

package gsa

import (
	"os"
	"syscall"
	"testing"
	"time"

	"github.com/vssa-go/vssa/bridge"
	"github.com/vssa-go/vssa/internal/cfggen"
	"github.com/vssa-go/vssa/ir"
	"github.com/vssa-go/vssa/passes/loopnorm"
	"github.com/vssa-go/vssa/passes/mem2reg"
	"github.com/vssa-go/vssa/passes/normalize"
	"github.com/vssa-go/vssa/validate"
)

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
		var c Counts
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
			c.Count(g)
		}
		syn1, ref1, open1 := validate.GSAQueries()
		total := c.Phis + c.Gammas + c.Mus
		t.Logf("loopnorm=%v: %d functions (%d not accepted); mem2reg+validate %v, gsa+validate %v (%.2fx); slowest gsa+validate %v (%s)",
			withLoops, n, rejected, m2r.Round(time.Millisecond), gsa.Round(time.Millisecond), float64(gsa)/float64(m2r), worst.Round(time.Microsecond), worstName)
		t.Logf("  of %d phis: %d gammas (%.1f%%), %d mus (%.1f%%), %d kept (%.1f%%); %d etas; validator questions: %d syntactic, %d refuted by SAT, %d open",
			total, c.Gammas, pct(c.Gammas, total), c.Mus, pct(c.Mus, total), c.Phis, pct(c.Phis, total), c.Etas, syn1-syn0, ref1-ref0, open1-open0)
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

// TestWorstCases runs gsa and its validator on if-chains of growing
// length and checks that the time stays far from quadratic blow-up:
// each doubling at most 8x (a linear pass doubles; the rows are per
// join, over the blocks between the join and its dominator).
func TestWorstCases(t *testing.T) {
	var prev time.Duration
	for _, n := range []int{100, 200, 400, 800} {
		f, err := ir.ParseFunc(cfggen.IfChain(n))
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
		var c Counts
		c.Count(g)
		t.Logf("if-chain of %d: gsa+validate %v, %d gammas, %d phis kept", n, d, c.Gammas, c.Phis)
		if c.Gammas != n {
			t.Errorf("if-chain of %d: %d gammas, want %d", n, c.Gammas, n)
		}
		if prev > 20*time.Millisecond && d > 8*prev {
			t.Errorf("if-chain of %d took %v, %v for half the length", n, d, prev)
		}
		prev = d
	}
}

// TestWorstCaseSwitch: a switch small enough for MaxGate gets a γ, a
// larger one keeps its phi, and the cost stays bounded as it grows.
func TestWorstCaseSwitch(t *testing.T) {
	for _, n := range []int{8, 100, 400, 1600} {
		f, err := ir.ParseFunc(cfggen.Switch(n))
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
		var c Counts
		c.Count(g)
		t.Logf("switch of %d cases: gsa+validate %v, %d gammas, %d phis kept", n, d, c.Gammas, c.Phis)
		if wantGamma := n < MaxGate/2; (c.Gammas == 1) != wantGamma {
			t.Errorf("switch of %d cases: %d gammas, want a gamma: %v", n, c.Gammas, wantGamma)
		}
		if d > 2*time.Second {
			t.Errorf("switch of %d cases took %v", n, d)
		}
	}
}
