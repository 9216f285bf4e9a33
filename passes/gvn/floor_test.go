package gvn

import (
	"flag"
	"testing"
	"time"

	"github.com/vssa-go/vssa/ir"
	"github.com/vssa-go/vssa/passes/mem2reg"
	"github.com/vssa-go/vssa/validate"
)

// hashOnce is a yardstick, not a pass: the least any value numbering
// that builds a result does, a copy of the function and one table
// lookup per result (its kind, its operands' numbers and its type),
// with nothing for constants, memory, checks, loops, leaders or the
// validator.
func hashOnce(f *ir.Func, t *table) []ir.Reg {
	g := f.ShallowClone()
	num := make([]ir.Reg, f.NumRegs())
	t.size(f, f.NumRegs())
	defer t.clear()
	for _, b := range g.Blocks {
		for _, in := range b.Instrs {
			k := key{static: static{attrs: uint64(in.Op)}}
			for i, a := range in.Args() {
				if i < maxKeyArgs && a != ir.NoReg {
					k.args[i] = num[a]
				}
			}
			for j, d := range in.Dsts() {
				k.extra = int32(j)
				num[d] = t.lookup(&k, d, d)
			}
		}
	}
	return num
}

// BenchmarkFloor measures, function by function of -gvn.bench, each
// repeated warm (so that caches and the pools favour no side), the
// pass, its validator, mem2reg with its validator on the function's
// normalized form, and hashOnce, and reports each per instruction of
// the SSA inputs: how far the pass is from the least a value numbering
// does, and what is left of mem2reg's time (the other side of the
// issue's ratio Q) once that least is paid. Each side's time is summed
// over the functions, the sides taking turns within each function.
func BenchmarkFloor(b *testing.B) {
	in, norm := benchInputs(b)
	instrs := 0
	for _, f := range in {
		f.CFG()
		for _, blk := range f.Blocks {
			instrs += len(blk.Phis) + len(blk.Instrs)
		}
	}
	const reps = 5
	var tab table
	var floor, pass, val, m2r, m2rVal time.Duration
	b.ResetTimer()
	for range b.N {
		for i, f := range in {
			n := norm[i]
			t0 := time.Now()
			for range reps {
				hashOnce(f, &tab)
			}
			t1 := time.Now()
			var g *ir.Func
			var h *validate.GVNHints
			for range reps {
				g, h, _ = Run(f)
			}
			t2 := time.Now()
			for range reps {
				if err := validate.GVN(f, g, h); err != nil {
					b.Fatalf("%s: %v", f.Name, err)
				}
			}
			t3 := time.Now()
			var mg *ir.Func
			var mh *validate.Mem2RegHints
			for range reps {
				mg, mh, _ = mem2reg.Run(n)
			}
			t4 := time.Now()
			for range reps {
				if err := validate.Mem2Reg(n, mg, mh); err != nil {
					b.Fatalf("%s: %v", f.Name, err)
				}
			}
			t5 := time.Now()
			floor, pass, val, m2r, m2rVal = floor+t1.Sub(t0), pass+t2.Sub(t1), val+t3.Sub(t2), m2r+t4.Sub(t3), m2rVal+t5.Sub(t4)
		}
	}
	per := func(d time.Duration) float64 { return float64(d) / float64(b.N*reps*instrs) }
	b.ReportMetric(per(floor), "hashOnce-ns/instr")
	b.ReportMetric(per(pass), "gvn-ns/instr")
	b.ReportMetric(per(val), "gvn-validate-ns/instr")
	b.ReportMetric(per(m2r), "mem2reg-ns/instr")
	b.ReportMetric(per(m2rVal), "mem2reg-validate-ns/instr")
	b.ReportMetric(float64(pass+val)/float64(m2r+m2rVal), "Q")
	b.ReportMetric(float64(floor)/float64(m2r+m2rVal), "hashOnce/mem2reg+validate")
}

// BenchmarkInPipeline measures the pass and its validator as vssa
// bench does, each function once, right after mem2reg, its validator
// and the IR checker ran on it (so caches hold what they hold in a
// pipeline, not a repeated function's working set), with mem2reg and
// its validator timed on the same functions, right after the full
// check of a fresh copy of their input: per instruction, and Q. With
// -gvn.floor it also runs hashOnce in the same conditions, after a
// pipeline of its own (the two pipelines take turns going first), so
// that the least a value numbering does is measured where Q is. With
// -gvn.bysize it logs, by size of function, the medians of each
// function's own Q and V (see logBySize). With -gvn.copyfree the pass
// and its validator take mem2reg's result without its copies
// (withoutCopies, made untimed), sizes still counted on mem2reg's.
func BenchmarkInPipeline(b *testing.B) {
	_, norm := benchInputs(b)
	var tot, floor, again call
	var readFloor time.Duration
	var againRemoved int
	var calls []call
	var tab table
	// pipeline runs mem2reg, its validator and the IR checker on a
	// fresh copy of n, checked first, and then next on the result,
	// timing each part; false if a step refused the function.
	pipeline := func(n *ir.Func, next func(g *ir.Func, c *call)) bool {
		f := n.ShallowClone()
		f.ReserveForPasses()
		if ir.Check(f, ir.RTL) != nil {
			return false
		}
		var c call
		t0 := time.Now()
		g, mh, err := mem2reg.Run(f)
		if err != nil {
			b.Fatal(err)
		}
		t1 := time.Now()
		err = validate.Mem2Reg(f, g, mh)
		t2 := time.Now()
		if err != nil || ir.CheckStructure(g, ir.SSA) != nil {
			return false
		}
		c.m2r, c.m2rVal = t1.Sub(t0), t2.Sub(t1)
		for _, blk := range g.Blocks {
			c.instrs += len(blk.Phis) + len(blk.Instrs)
		}
		next(g, &c)
		return true
	}
	gvn := func(g *ir.Func, c *call) {
		if *copyFree {
			if g = withoutCopies(g); ir.Check(g, ir.SSA) != nil {
				b.Fatalf("%s: withoutCopies made a function the IR checker refuses", g.Name)
			}
		}
		t3 := time.Now()
		out, h, err := Run(g)
		if err != nil {
			b.Fatal(err)
		}
		t4 := time.Now()
		if err := validate.GVN(g, out, h); err != nil {
			b.Fatalf("%s: %v", g.Name, err)
		}
		t5 := time.Now()
		c.pass, c.val = t4.Sub(t3), t5.Sub(t4)
		tot.add(c)
		if *fixpoint {
			again.add(gvnAgain(b, out, c, &againRemoved))
		}
		if *bySize {
			calls = append(calls, *c)
		}
	}
	hash := func(g *ir.Func, _ *call) {
		t0 := time.Now()
		hashOnce(g, &tab)
		floor.pass += time.Since(t0)
	}
	read := func(g *ir.Func, _ *call) {
		t0 := time.Now()
		readSum += readOnce(g)
		readFloor += time.Since(t0)
	}
	b.ResetTimer()
	for range b.N {
		for i, n := range norm {
			if !*withFloor {
				pipeline(n, gvn)
				continue
			}
			// The three pipelines take turns going first.
			order := [3]func(*ir.Func, *call){gvn, hash, read}
			for k := range order {
				if !pipeline(n, order[(i+k)%3]) {
					break
				}
			}
		}
	}
	if *withFloor {
		b.ReportMetric(float64(floor.pass)/float64(tot.instrs), "hashOnce-ns/instr")
		b.ReportMetric(float64(floor.pass)/float64(tot.m2r+tot.m2rVal), "hashOnce/mem2reg+validate")
		b.ReportMetric(float64(readFloor)/float64(tot.instrs), "readOnce-ns/instr")
		b.ReportMetric(float64(readFloor)/float64(tot.m2r+tot.m2rVal), "readOnce/mem2reg+validate")
	}
	if *fixpoint {
		b.ReportMetric(float64(again.pass+again.val)/float64(tot.m2r+tot.m2rVal), "fixpoint-Q")
		b.ReportMetric(float64(again.pass)/float64(again.instrs), "fixpoint-gvn-ns/instr")
		b.ReportMetric(float64(again.val)/float64(again.instrs), "fixpoint-validate-ns/instr")
		b.ReportMetric(float64(again.instrs)/float64(tot.instrs), "fixpoint-instrs/instrs")
		b.ReportMetric(float64(againRemoved)/float64(b.N), "fixpoint-removed")
	}
	per := func(d time.Duration) float64 { return float64(d) / float64(tot.instrs) }
	b.ReportMetric(per(tot.pass), "gvn-ns/instr")
	b.ReportMetric(per(tot.val), "gvn-validate-ns/instr")
	b.ReportMetric(per(tot.m2r), "mem2reg-ns/instr")
	b.ReportMetric(per(tot.m2rVal), "mem2reg-validate-ns/instr")
	b.ReportMetric(float64(tot.pass+tot.val)/float64(tot.m2r+tot.m2rVal), "Q")
	b.ReportMetric(float64(tot.val)/float64(tot.pass), "V")
	if *bySize {
		logBySize(b, calls)
	}
}

var (
	withFloor = flag.Bool("gvn.floor", false, "BenchmarkInPipeline also measures hashOnce")
	bySize    = flag.Bool("gvn.bysize", false, "BenchmarkInPipeline logs medians of each function's Q and V by size")
	copyFree  = flag.Bool("gvn.copyfree", false, "BenchmarkInPipeline numbers mem2reg's results without their copies")
	fixpoint  = flag.Bool("gvn.fixpoint", false, "BenchmarkInPipeline also runs gvn and its validator on gvn's own result")
)

// readSum keeps readOnce's sums.
var readSum int

// gvnAgain times gvn and its validator on out, gvn's result for the
// call c, right after the IR checker read it as the pass manager has
// it do: gvn at its fixed point, where little or nothing is left to
// replace or remove, so what it costs is the numbering of a function
// already numbered, the least gvn does wherever it runs. It adds what
// the second run removed to removed.
func gvnAgain(b *testing.B, out *ir.Func, c *call, removed *int) *call {
	b.Helper()
	if err := ir.Check(out, ir.SSA); err != nil {
		b.Fatalf("%s: gvn's result: %v", out.Name, err)
	}
	again := &call{m2r: c.m2r, m2rVal: c.m2rVal}
	for _, blk := range out.Blocks {
		again.instrs += len(blk.Phis) + len(blk.Instrs)
	}
	t0 := time.Now()
	out2, h, err := Run(out)
	if err != nil {
		b.Fatal(err)
	}
	t1 := time.Now()
	if err := validate.GVN(out, out2, h); err != nil {
		b.Fatalf("%s: gvn on its own result: %v", out.Name, err)
	}
	t2 := time.Now()
	again.pass, again.val = t1.Sub(t0), t2.Sub(t1)
	*removed += len(h.Removed)
	return again
}

// readOnce is a yardstick, not a pass: it reads the kind and operands
// of every instruction once, which every pass that looks at the whole
// function does at least, and returns a sum of them so that the reads
// are not optimised away.
func readOnce(f *ir.Func) int {
	sum := 0
	for _, b := range f.Blocks {
		for _, in := range b.Phis {
			for _, a := range in.Regs() {
				sum += int(a)
			}
		}
		for _, in := range b.Instrs {
			sum += int(in.Op)
			for _, a := range in.Regs() {
				sum += int(a)
			}
		}
	}
	return sum
}
