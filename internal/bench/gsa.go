// This file measures gsa: with its validator against mem2reg with its
// validator on packages (MeasureGSA), function by function by the
// thread's CPU time, and its growth on generated worst cases (Growth).

package bench

import (
	"fmt"
	"io"
	"runtime"
	"slices"
	"time"

	"github.com/vssa-go/vssa/bridge"
	"github.com/vssa-go/vssa/internal/cfggen"
	"github.com/vssa-go/vssa/ir"
	"github.com/vssa-go/vssa/passes/gsa"
	"github.com/vssa-go/vssa/passes/loopnorm"
	"github.com/vssa-go/vssa/passes/mem2reg"
	"github.com/vssa-go/vssa/passes/normalize"
	"github.com/vssa-go/vssa/validate"
)

// GSAResult is gsa with its validator against mem2reg with its
// validator, on the functions whose results both validators accepted.
type GSAResult struct {
	Loopnorm bool // loopnorm ran before mem2reg
	Funcs    int  // measured
	Declined int  // a pass before gsa declined or its result was rejected
	Rejected int  // gsa's result rejected, or gsa failed
	// CPU time of mem2reg and its validator, and of gsa and its
	// validator, summed over the functions, and the allocations of each.
	Mem2Reg, GSA           time.Duration
	Mem2RegBytes, GSABytes uint64
	Slowest                time.Duration // gsa and its validator on one function
	SlowestName            string
	Over1s                 int // functions whose gsa and validator took more than 1 s
	// Merges of the results: phis made gammas or mus, kept as phis; etas.
	Gammas, Mus, Kept, Etas int
	// How the validator's questions were settled.
	Syntactic, Refuted, Open int64
	Thread                   bool // times are the thread's CPU time (else wall time)
}

// clock returns the thread's CPU time where the system tells it (the
// goroutine locked to its thread), else the wall clock.
func clock() (time.Duration, bool) {
	if d, ok := threadCPU(); ok {
		return d, true
	}
	return time.Duration(time.Now().UnixNano()), false
}

// MeasureGSA loads the packages and measures, on each function the
// bridge translates, mem2reg and its validator, then gsa and its
// validator on mem2reg's accepted result (after normalize, and loopnorm
// with loops, unmeasured).
func MeasureGSA(patterns []string, withLoopnorm bool) (*GSAResult, error) {
	prog, err := bridge.Load(bridge.Config{}, patterns...)
	if err != nil {
		return nil, err
	}
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	r := &GSAResult{Loopnorm: withLoopnorm}
	syn0, ref0, open0 := validate.GSAQueries()
	var ms runtime.MemStats
	allocated := func() uint64 {
		runtime.ReadMemStats(&ms)
		return ms.TotalAlloc
	}
	for _, f := range prog.Module.Funcs {
		in := prepareGSA(f, withLoopnorm)
		if in == nil {
			r.Declined++
			continue
		}
		a0 := allocated()
		t0, thread := clock()
		s, sh, err := mem2reg.Run(in)
		ok := err == nil && validate.Mem2Reg(in, s, sh) == nil
		t1, _ := clock()
		a1 := allocated()
		if !ok || ir.Check(s, ir.SSA) != nil {
			r.Declined++
			continue
		}
		a2 := allocated()
		t2, _ := clock()
		g, gh, err := gsa.Run(s)
		ok = err == nil && validate.GSA(s, g, gh) == nil
		t3, _ := clock()
		a3 := allocated()
		if !ok {
			r.Rejected++
			continue
		}
		r.Thread = thread
		r.Funcs++
		r.Mem2Reg += t1 - t0
		r.GSA += t3 - t2
		r.Mem2RegBytes += a1 - a0
		r.GSABytes += a3 - a2
		if d := t3 - t2; d > r.Slowest {
			r.Slowest, r.SlowestName = d, f.Name
		}
		if t3-t2 > time.Second {
			r.Over1s++
		}
		var c gsa.Counts
		c.Count(g)
		r.Gammas += c.Gammas
		r.Mus += c.Mus
		r.Kept += c.Phis
		r.Etas += c.Etas
	}
	syn1, ref1, open1 := validate.GSAQueries()
	r.Syntactic, r.Refuted, r.Open = syn1-syn0, ref1-ref0, open1-open0
	return r, nil
}

// prepareGSA is mem2reg's input made of f: normalize (and loopnorm),
// each validated, or nil.
func prepareGSA(f *ir.Func, withLoopnorm bool) *ir.Func {
	if ir.Check(f, ir.RTL) != nil {
		return nil
	}
	n, nh, err := normalize.Run(f)
	if err != nil || validate.Normalize(f, n, nh) != nil {
		return nil
	}
	if withLoopnorm {
		l, lh, err := loopnorm.Run(n)
		if err != nil || validate.Normalize(n, l, lh) != nil {
			return nil
		}
		n = l
	}
	if ir.Check(n, ir.RTL) != nil {
		return nil
	}
	return n
}

// ReportGSA writes r, ending with the line
//
//	gsa+validate / mem2reg+validate = Q.QQx, slowest function S, over 1 s: N
func ReportGSA(w io.Writer, r *GSAResult) {
	how := "wall time (no thread CPU clock here)"
	if r.Thread {
		how = "the thread's CPU time"
	}
	loops := ""
	if r.Loopnorm {
		loops = " and loopnorm"
	}
	fmt.Fprintf(w, "gsa with its validator against mem2reg with its validator, by %s, function by function (after normalize%s, unmeasured):\n", how, loops)
	fmt.Fprintf(w, "  %d functions measured, %d declined before gsa, %d rejected or failed in gsa\n", r.Funcs, r.Declined, r.Rejected)
	fmt.Fprintf(w, "  mem2reg+validate %v, %s allocated; gsa+validate %v, %s allocated\n",
		r.Mem2Reg.Round(time.Millisecond), mb(int64(r.Mem2RegBytes)), r.GSA.Round(time.Millisecond), mb(int64(r.GSABytes)))
	total := r.Gammas + r.Mus + r.Kept
	share := func(n int) string { return fmt.Sprintf("%.1f%%", 100*float64(n)/float64(max(total, 1))) }
	fmt.Fprintf(w, "  of %d phis: %d gammas (%s), %d mus (%s), %d kept as phis (%s); %d etas\n",
		total, r.Gammas, share(r.Gammas), r.Mus, share(r.Mus), r.Kept, share(r.Kept), r.Etas)
	fmt.Fprintf(w, "  validator questions: %d settled by syntax, %d by a checked SAT refutation, %d open\n", r.Syntactic, r.Refuted, r.Open)
	fmt.Fprintf(w, "gsa+validate / mem2reg+validate = %s, slowest function %v (%s), over 1 s: %d\n",
		times(r.GSA, r.Mem2Reg), r.Slowest.Round(time.Microsecond), r.SlowestName, r.Over1s)
}

// GrowthRow is gsa with its validator on one generated function.
type GrowthRow struct {
	Family                  string
	Size                    string
	Blocks                  int
	CPU                     time.Duration
	Bytes                   uint64 // allocated
	Gammas, Mus, Kept, Etas int
	Err                     error
}

// growthCases are the generated worst cases, by family, in growing
// sizes (each about double the last).
func growthCases() []struct{ family, size, src string } {
	var cs []struct{ family, size, src string }
	add := func(family, size, src string) {
		cs = append(cs, struct{ family, size, src string }{family, size, src})
	}
	for _, n := range []int{100, 200, 400, 800, 1600, 3200} {
		add("if-chain", fmt.Sprint(n), cfggen.IfChain(n))
	}
	for _, n := range []int{50, 100, 200, 400, 800, 1600, 3200} {
		add("switch", fmt.Sprint(n), cfggen.Switch(n))
	}
	for _, d := range [][2]int{{2, 4}, {4, 8}, {8, 16}, {16, 32}, {32, 64}} {
		add("loops", fmt.Sprintf("%dx%d", d[0], d[1]), cfggen.Loops(d[0], d[1]))
	}
	return cs
}

// Growth runs gsa and its validator on each generated worst case.
func Growth() []GrowthRow {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	var rows []GrowthRow
	var ms runtime.MemStats
	for _, c := range growthCases() {
		row := GrowthRow{Family: c.family, Size: c.size}
		f, err := ir.ParseFunc(c.src)
		if err == nil {
			err = ir.Check(f, ir.SSA)
		}
		if err != nil {
			row.Err = err
			rows = append(rows, row)
			continue
		}
		row.Blocks = len(f.Blocks)
		runtime.GC()
		runtime.ReadMemStats(&ms)
		a0 := ms.TotalAlloc
		t0, _ := clock()
		g, h, err := gsa.Run(f)
		if err == nil {
			err = validate.GSA(f, g, h)
		}
		t1, _ := clock()
		runtime.ReadMemStats(&ms)
		row.CPU, row.Bytes, row.Err = t1-t0, ms.TotalAlloc-a0, err
		if err == nil {
			var m gsa.Counts
			m.Count(g)
			row.Gammas, row.Mus, row.Kept, row.Etas = m.Gammas, m.Mus, m.Phis, m.Etas
		}
		rows = append(rows, row)
	}
	return rows
}

// ReportGrowth writes the rows, with each one's growth over the row
// before it of its family.
func ReportGrowth(w io.Writer, rows []GrowthRow) {
	fmt.Fprintf(w, "gsa with its validator on generated worst cases (internal/cfggen), CPU time and bytes allocated, x: growth over the size before:\n\n")
	fmt.Fprintf(w, "  %-9s %7s %7s %12s %7s %10s %7s  %s\n", "family", "size", "blocks", "gsa+valid.", "x", "allocated", "x", "gammas/mus/etas/phis kept")
	for i, r := range rows {
		if r.Err != nil {
			fmt.Fprintf(w, "  %-9s %7s error: %v\n", r.Family, r.Size, r.Err)
			continue
		}
		gt, gb := "", ""
		if i > 0 && rows[i-1].Family == r.Family && rows[i-1].Err == nil {
			gt = fmt.Sprintf("%.1f", float64(r.CPU)/float64(max(rows[i-1].CPU, 1)))
			gb = fmt.Sprintf("%.1f", float64(r.Bytes)/float64(max(rows[i-1].Bytes, 1)))
		}
		fmt.Fprintf(w, "  %-9s %7s %7d %12v %7s %10s %7s  %d/%d/%d/%d\n", r.Family, r.Size, r.Blocks, r.CPU.Round(10*time.Microsecond), gt,
			fmt.Sprintf("%.1f MB", float64(r.Bytes)/(1<<20)), gb, r.Gammas, r.Mus, r.Etas, r.Kept)
	}
	slowest := slices.MaxFunc(rows, func(a, b GrowthRow) int { return int(a.CPU - b.CPU) })
	fmt.Fprintf(w, "\nslowest generated case: %s %s, %v\n", slowest.Family, slowest.Size, slowest.CPU.Round(time.Millisecond))
}
