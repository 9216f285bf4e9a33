package gvn

import (
	"fmt"
	"slices"
	"testing"
	"time"
)

// call is what BenchmarkInPipeline measured of one function: mem2reg
// with its validator, then gvn with its validator on mem2reg's result
// (instrs instructions).
type call struct {
	instrs                 int
	m2r, m2rVal, pass, val time.Duration
}

func (c *call) add(d *call) {
	c.instrs += d.instrs
	c.m2r, c.m2rVal, c.pass, c.val = c.m2r+d.m2r, c.m2rVal+d.m2rVal, c.pass+d.pass, c.val+d.val
}

// logBySize logs, for functions of each size class, the median of each
// function's own Q ((gvn+validator)/(mem2reg+validator)) and V
// (validator/gvn), and each class's share of gvn's time. A function is
// its own yardstick: the machine's speed, which drifts by tens of
// percent from run to run, cancels out of its ratios, and a median
// over thousands of functions moves by a few percent between runs,
// where sums over a run move by ten or more. So compare two versions
// by these medians, taking turns, rather than by the sums.
func logBySize(b *testing.B, calls []call) {
	b.Helper()
	var all call
	for i := range calls {
		all.add(&calls[i])
	}
	bounds := []int{0, 10, 20, 40, 100, 300, 3000, 1 << 40}
	for i := 0; i+1 < len(bounds); i++ {
		var q, v []float64
		var class call
		for j := range calls {
			c := &calls[j]
			if c.instrs < bounds[i] || c.instrs >= bounds[i+1] || c.m2r+c.m2rVal <= 0 || c.pass <= 0 {
				continue
			}
			class.add(c)
			q = append(q, float64(c.pass+c.val)/float64(c.m2r+c.m2rVal))
			v = append(v, float64(c.val)/float64(c.pass))
		}
		if len(q) == 0 {
			continue
		}
		slices.Sort(q)
		slices.Sort(v)
		size := fmt.Sprintf("%d to %d", bounds[i], bounds[i+1]-1)
		if i+2 == len(bounds) {
			size = fmt.Sprintf("%d or more", bounds[i])
		}
		b.Logf("%14s instructions: %5d functions, %4.1f%% of gvn's time: median Q %.3f, median V %.3f",
			size, len(q), 100*float64(class.pass)/float64(all.pass), q[len(q)/2], v[len(v)/2])
	}
}
