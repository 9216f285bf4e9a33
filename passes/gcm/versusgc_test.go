package gcm_test

import (
	"bufio"
	"flag"
	"fmt"
	"os"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/vssa-go/vssa/bridge"
	"github.com/vssa-go/vssa/ir"
	"github.com/vssa-go/vssa/passes"
	"github.com/vssa-go/vssa/passes/gcm"
	"github.com/vssa-go/vssa/validate"
)

var (
	gcLICM   = flag.String("gcm.gc", "", "TestVersusGC: the output of a build with gc's licm reporting what it hoists (see docs/gcm.md)")
	gcmPkgs  = flag.String("gcm.pkgs", "", "TestVersusGC: the packages of that build, comma-separated")
	gcSample = flag.Int("gcm.sample", 15, "TestVersusGC: how many positions of each side's difference to print")
	gcList   = flag.String("gcm.list", "", "TestVersusGC: write every line gc hoists and gcm does not, with its bucket, to this file")
)

// gcLine is a line of gc's licm report: FILE:LINE:COL: licm hoisted OP FUNC
// (the line a patched licm.go prints under -d=ssa/loop_invariant/debug=1).
var gcLine = regexp.MustCompile(`^(\S+?):(\d+):(\d+): licm hoisted (\S+) (\S+)$`)

// isConst matches gc's amd64 constant ops (MOVQconst, MOVSDconst), not
// those with an immediate operand (ADDQconst).
var isConst = regexp.MustCompile(`^MOV\w*const$`)

// TestVersusGC compares what gcm moves out of loops with what gc's
// loop-invariant code motion (licm, Go 1.27) moves, on the same
// sources, by source position: a position is hoisted by a side if a
// value of that position leaves a loop there. gc's constants are left
// out, and so are vssa's constants and copies. Only with -gcm.gc and
// -gcm.pkgs.
func TestVersusGC(t *testing.T) {
	if *gcLICM == "" || *gcmPkgs == "" {
		t.Skip("needs -gcm.gc=FILE -gcm.pkgs=P,Q (see docs/gcm.md)")
	}
	gcOps, err := readGCReport(*gcLICM)
	if err != nil {
		t.Fatal(err)
	}
	prog, err := bridge.Load(bridge.Config{}, strings.Split(*gcmPkgs, ",")...)
	if err != nil {
		t.Fatal(err)
	}
	pipeline, err := passes.Pipeline("mem2reg,gvn,checkelim")
	if err != nil {
		t.Fatal(err)
	}
	vs := map[string]string{}    // position -> the ops hoisted there
	stays := map[string]string{} // line -> the ops left in loops there
	loopFiles := map[string]bool{}
	seenLines := map[string]bool{} // lines of the instructions of the functions through gcm
	var funcs, failed, trivial int
	for _, f := range prog.Module.Funcs {
		s, reports := (&passes.Manager{Pipeline: pipeline}).Run(f)
		if len(reports) == 0 || reports[0].Outcome != passes.Accepted || ir.Check(s, ir.SSA) != nil {
			continue
		}
		funcs++
		g, h, err := gcm.Run(s)
		if err != nil || validate.GCM(s, g, h) != nil {
			failed++
			continue
		}
		for _, in := range gcm.Hoisted(s, g) {
			if in.Op == ir.OpConst || in.Op == ir.OpCopy {
				// gc has neither: its constants are left out, its
				// copies are gone before licm.
				trivial++
				continue
			}
			if in.Pos.IsValid() {
				vs[posKey(prog.Fset.Position(in.Pos).String())] += in.Op.String() + " "
			}
		}
		// What stays in loops, by line, and why: what vssa has where
		// gc hoisted and gcm did not.
		for in, why := range staysInLoops(g) {
			if in.Pos.IsValid() {
				stays[lineOf(posKey(prog.Fset.Position(in.Pos).String()))] += in.Op.String() + "/" + why + " "
			}
		}
		for _, b := range s.Blocks {
			for _, in := range b.Instrs {
				if in.Pos.IsValid() {
					seenLines[lineOf(posKey(prog.Fset.Position(in.Pos).String()))] = true
				}
			}
		}
		if p := prog.Fset.Position(f.Pos); p.IsValid() {
			loopFiles[fileOf(posKey(p.String()))] = true
		}
	}
	if failed > 0 {
		t.Errorf("%d functions failed or rejected by gcm", failed)
	}
	var sb strings.Builder
	fmt.Fprintf(&sb, "%d functions through mem2reg,gvn,checkelim,gcm; %d constants and copies hoisted, left out\n", funcs, trivial)
	// By position, and by line: go/ssa and gc give one expression
	// different columns (a conversion's parenthesis; a call gc inlined
	// gives its body's values the call's position).
	same := func(p string) string { return p }
	for _, key := range []struct {
		unit string
		by   func(string) string
		line func(string) string // a key's line, as stays has it
	}{{"positions", same, lineOf}, {"lines", lineOf, same}} {
		g, v := rekey(gcOps, key.by), rekey(vs, key.by)
		var both, gcOnly, vsOnly []string
		for p := range g {
			if _, ok := v[p]; ok {
				both = append(both, p)
			} else if loopFiles[fileOf(p)] {
				gcOnly = append(gcOnly, p)
			}
		}
		for p := range v {
			if _, ok := g[p]; !ok {
				vsOnly = append(vsOnly, p)
			}
		}
		sort.Strings(gcOnly)
		sort.Strings(vsOnly)
		fmt.Fprintf(&sb, "%s hoisted: gc licm %d (in the packages' files %d), gcm %d; both %d, gc only %d, gcm only %d\n",
			key.unit, len(g), len(both)+len(gcOnly), len(v), len(both), len(gcOnly), len(vsOnly))
		if key.unit == "lines" {
			sb.WriteString(bucketReport(gcOnly, g, stays, seenLines))
			if *gcList != "" {
				if err := os.WriteFile(*gcList, []byte(bucketList(gcOnly, g, stays, seenLines)), 0o644); err != nil {
					t.Error(err)
				}
			}
		}
		fmt.Fprintf(&sb, "gc only (gc's ops; what vssa leaves in loops on the line):\n")
		for _, p := range sample(gcOnly, *gcSample) {
			fmt.Fprintf(&sb, "\t%s %s; %s\n", p, g[p], stays[key.line(p)])
		}
		fmt.Fprintf(&sb, "gcm only (vssa's ops):\n")
		for _, p := range sample(vsOnly, *gcSample) {
			fmt.Fprintf(&sb, "\t%s %s\n", p, v[p])
		}
	}
	t.Log(sb.String())
}

// rekey merges the entries of m whose keys by gives the same key.
func rekey(m map[string]string, by func(string) string) map[string]string {
	out := map[string]string{}
	for k, v := range m {
		out[by(k)] += v + " "
	}
	return out
}

// lineOf is FILE:LINE of FILE:LINE:COL.
func lineOf(p string) string {
	if i := strings.LastIndex(p, ":"); i >= 0 {
		return p[:i]
	}
	return p
}

// readGCReport returns the positions at which gc's licm report says it
// hoisted a value other than a constant, with the ops hoisted there.
func readGCReport(path string) (map[string]string, error) {
	file, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer file.Close()
	ops := map[string]string{}
	sc := bufio.NewScanner(file)
	for sc.Scan() {
		m := gcLine.FindStringSubmatch(strings.TrimSpace(sc.Text()))
		if m == nil || isConst.MatchString(m[4]) {
			continue
		}
		p := posKey(m[1] + ":" + m[2] + ":" + m[3])
		ops[p] += m[4] + " "
	}
	return ops, sc.Err()
}

// posKey makes a position of either side the same string: the path
// from the GOROOT's src (or the working directory) on.
func posKey(p string) string {
	if i := strings.LastIndex(p, "/src/"); i >= 0 {
		return p[i+len("/src/"):]
	}
	return strings.TrimPrefix(p, "./")
}

func fileOf(p string) string {
	if i := strings.Index(p, ".go:"); i >= 0 {
		return p[:i+3]
	}
	return p
}

// sample returns at most n of xs, spread over them.
func sample(xs []string, n int) []string {
	if len(xs) <= n {
		return xs
	}
	var out []string
	for i := 0; i < n; i++ {
		out = append(out, xs[i*len(xs)/n])
	}
	return out
}
