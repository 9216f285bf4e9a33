package son_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/vssa-go/vssa/interp"
	"github.com/vssa-go/vssa/ir"
	"github.com/vssa-go/vssa/ir/son"
)

// small is an SSA function with every kind of node: a guarded
// division (an anchored data node), a value computed in b0 and used in
// b1 and b3, an effect chain with a load after a store, an if with its
// projections, and a join with a phi.
const small = `func @main.f(r0 int, r1 int, r2 *int) int {
b0:
    r3:int = const 1
    r4:bool = lt r0, r3
    r5:int = add r0, r3
    if r4, b1, b2
b1: <- b0
    divcheck r1
    r6:int = div r0, r1
    nilcheck r2
    store r2, r5
    r7:int = load r2
    r8:int = add r6, r7
    jump b3
b2: <- b0
    jump b3
b3: <- b1, b2
    r9:int = phi r8, r3
    r10:int = add r9, r5
    return r10
}
`

func parseSmall(t *testing.T) (*ir.Func, *son.Graph) { return parseGraph(t, small) }

// parseGraph parses a function and builds its graph, which must pass
// Check.
func parseGraph(t *testing.T, src string) (*ir.Func, *son.Graph) {
	_, f, g := parseModuleGraph(t, src)
	return f, g
}

// parseModuleGraph is parseGraph that also returns the module, whose
// other functions the first may call.
func parseModuleGraph(t *testing.T, src string) (*ir.Module, *ir.Func, *son.Graph) {
	t.Helper()
	m, err := ir.Parse("test.vssa", src)
	if err != nil {
		t.Fatal(err)
	}
	f := m.Funcs[0]
	g, err := son.Build(f)
	if err != nil {
		t.Fatal(err)
	}
	if err := son.Check(g); err != nil {
		t.Fatal(err)
	}
	return m, f, g
}

// def returns the node defining register r of the small function.
func def(g *son.Graph, r ir.Reg) son.ID { return g.Def[r] }

func TestSmallKinds(t *testing.T) {
	_, g := parseSmall(t)
	want := map[ir.Reg]son.Kind{0: son.Param, 3: son.Data, 4: son.Data, 5: son.Data, 6: son.Data, 7: son.Effect, 8: son.Data, 9: son.Phi, 10: son.Data}
	for r, k := range want {
		if got := g.Nodes[def(g, r)].Kind; got != k {
			t.Errorf("r%d: %v, want %v", r, got, k)
		}
	}
	// The division is anchored to the divcheck, the effect before it.
	if a := g.Nodes[def(g, 6)].Ctl; a == son.None || g.Nodes[a].Instr.Op != ir.OpDivCheck {
		t.Errorf("div anchored to %v, want the divcheck", a)
	}
	if g.Nodes[def(g, 5)].Ctl != son.None {
		t.Errorf("add has an anchor")
	}
	// b3's region has b1's jump and b2's jump as predecessors; b1's
	// region the then projection of b0's if.
	r1 := g.Nodes[g.Regions[1]]
	if p := g.Nodes[r1.Preds[0]]; p.Kind != son.Proj || p.Index != 0 || p.Ctl != g.Controls[0] {
		t.Errorf("b1 entered from %s, want the then projection of b0's if", g.String(r1.Preds[0]))
	}
}

// TestCheckRejects mutates the graph of the small function and expects
// Check to say what is wrong.
func TestCheckRejects(t *testing.T) {
	tests := []struct {
		name   string
		mutate func(g *son.Graph)
		want   string
	}{
		{"use not dominated", func(g *son.Graph) {
			// store r2, r10: r10 depends on b3's phi, which does not
			// dominate b1.
			st := g.Chains[1][2]
			g.Nodes[st].Args = []son.ID{g.Nodes[st].Args[0], def(g, 10)}
		}, "does not dominate its use"},
		{"effect result used before the effect", func(g *son.Graph) {
			// nilcheck r7: the load comes after it in the chain.
			nc := g.Chains[1][1]
			g.Nodes[nc].Args = []son.ID{def(g, 7)}
		}, "does not dominate its use"},
		{"anchor after the use", func(g *son.Graph) {
			// r5 anchored to b1's load: the store before the load
			// reads it, and so does b3, which b1 does not dominate.
			g.Nodes[def(g, 5)].Ctl = g.Chains[1][3]
		}, "does not dominate"},
		{"data cycle", func(g *son.Graph) {
			n := def(g, 10)
			g.Nodes[n].Args = []son.ID{n, def(g, 5)}
		}, "cycle"},
		{"phi arity", func(g *son.Graph) {
			n := def(g, 9)
			g.Nodes[n].Args = g.Nodes[n].Args[:1]
		}, "one predecessor per argument"},
		{"two regions entered from one jump", func(g *son.Graph) {
			r3 := &g.Nodes[g.Regions[3]]
			r3.Preds = []son.ID{r3.Preds[0], r3.Preds[0]}
		}, "enters"},
		{"chain out of order", func(g *son.Graph) {
			c := g.Chains[1]
			c[1], c[2] = c[2], c[1]
		}, "effect"},
		{"inputs on two branches", func(g *son.Graph) {
			// r8 = add r6, r9: its inputs are then defined in b1 and
			// in b3, neither dominating the other.
			n := def(g, 8)
			g.Nodes[n].Args = []son.ID{def(g, 6), def(g, 9)}
		}, "neither dominating"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, g := parseSmall(t)
			tt.mutate(g)
			err := son.Check(g)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("Check = %v, want an error with %q", err, tt.want)
			}
		})
	}
}

// TestScheduleRejects places data nodes where they may not go.
func TestScheduleRejects(t *testing.T) {
	tests := []struct {
		name string
		r    ir.Reg
		b    int
		want string
	}{
		{"hoisted above its input's region", 10, 1, "not well-formed SSA"},
		{"sunk below a use", 5, 3, "not well-formed SSA"},
		{"sunk to a branch that does not reach its use", 5, 2, "not well-formed SSA"},
		{"faulting division hoisted out of its guard", 6, 0, "anchor"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, g := parseSmall(t)
			place := g.Original()
			place[def(g, tt.r)] = tt.b
			_, err := g.Schedule(place)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("Schedule = %v, want an error with %q", err, tt.want)
			}
		})
	}
	// Schedule early puts each node where its inputs and anchor are
	// all defined: the division after its check in b1, r10 with the
	// phi in b3, r5 in the entry.
	_, g := parseSmall(t)
	early, err := g.Early()
	if err != nil {
		t.Fatal(err)
	}
	if early[def(g, 8)] != 1 || early[def(g, 6)] != 1 || early[def(g, 10)] != 3 || early[def(g, 5)] != 0 {
		t.Errorf("early placement %v", early)
	}
	if _, err := g.Schedule(early); err != nil {
		t.Error(err)
	}
}

// TestMachine checks that the function running the graph evaluates
// data nodes on demand, in every step that needs them, and that it
// behaves as the function does in the interpreter.
func TestMachine(t *testing.T) {
	f, g := parseSmall(t)
	mf, err := g.Machine()
	if err != nil {
		t.Fatal(err)
	}
	// r5 = add r0, r3 is read in b1 (the store) and in b3 (r10): it is
	// evaluated in both steps, and in b0 by no one.
	count := make(map[int]int)
	for _, b := range mf.Blocks {
		for _, in := range b.Instrs {
			if in.Dst() == 5 {
				count[b.Index]++
			}
		}
	}
	if count[0] != 0 || count[1] != 1 || count[3] != 1 {
		t.Errorf("r5 evaluated per block %v, want once in b1 and in b3", count)
	}
	run := func(fn *ir.Func, args ...interp.Value) interp.Outcome {
		m := ir.NewModule()
		m.Add(fn)
		return interp.New(m, interp.Options{}).Call(fn.Name, args...)
	}
	// r2 is nil: b1's nilcheck panics unless its divcheck did.
	for _, in := range [][2]int64{{0, 1}, {0, 0}, {5, 0}, {-7, 2}, {9, 3}} {
		want := run(f, interp.Int(in[0]), interp.Int(in[1]), interp.Value{})
		got := run(mf, interp.Int(in[0]), interp.Int(in[1]), interp.Value{})
		t.Logf("f(%d, %d): %s", in[0], in[1], describeOutcome(want))
		if describeOutcome(got) != describeOutcome(want) {
			t.Errorf("f(%d, %d): graph %s, function %s", in[0], in[1], describeOutcome(got), describeOutcome(want))
		}
	}
}

func describeOutcome(o interp.Outcome) string {
	var ints []int64
	for _, v := range o.Results {
		ints = append(ints, v.Int())
	}
	return fmt.Sprintf("results %v panic %q UB %v error %v", ints, o.Panic, o.UB, o.Err)
}
