package mem2reg

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/vssa-go/vssa/bridge"
	"github.com/vssa-go/vssa/internal/goroot"
	"github.com/vssa-go/vssa/ir/interp"
	"github.com/vssa-go/vssa/ir/interp/stdlib"
	"github.com/vssa-go/vssa/passes/normalize"
	"github.com/vssa-go/vssa/validate"
)

func TestExplore(t *testing.T) {
	tc, _ := goroot.FindToolchain("go")
	dir := filepath.Join(tc.GOROOT, "test")
	files, _ := filepath.Glob("../../bridge/testdata/corpus/*.go")
	for _, f := range files {
		a, _ := filepath.Abs(f)
		explore(t, bridge.Config{}, a)
	}
	for _, name := range goroot.Sample {
		explore(t, bridge.Config{Dir: dir, Env: append(os.Environ(), "GO111MODULE=off", "GOFLAGS=")}, filepath.Join(dir, name))
	}
}

func explore(t *testing.T, cfg bridge.Config, file string) {
	start := time.Now()
	prog, err := bridge.Load(cfg, file)
	if err != nil {
		t.Logf("%s: %v", file, err)
		return
	}
	load := time.Since(start)
	start = time.Now()
	nf, blocks, rej, phis, vars := 0, 0, 0, 0, 0
	for _, f := range prog.Module.Funcs {
		n, nh, err := normalize.Run(f)
		if err != nil || validate.Normalize(f, n, nh) != nil {
			continue
		}
		g, h, err := Run(n)
		if err != nil {
			continue
		}
		if validate.Mem2Reg(n, g, h) != nil {
			rej++
		}
		nf++
		blocks += len(g.Blocks)
		for _, b := range g.Blocks {
			phis += len(b.Phis)
		}
		vars += len(h.Promote.Vars)
	}
	passes := time.Since(start)
	start = time.Now()
	var stdout, stderr bytes.Buffer
	it := interp.New(prog.Module, interp.Options{Stdout: &stdout, Stderr: &stderr, Methods: prog.Method, Externs: stdlib.Table{}, LookupType: prog.LookupType, StepLimit: 5e6,
		Exit: func(int) { panic("exit") }})
	main := prog.Packages[0].Pkg.Path()
	_, exit := prog.Module.Externs["os.Exit"]
	status := -1
	if !exit {
		status = it.RunMain(main+".init", main+".main")
	}
	t.Logf("%-40s load %v funcs %d blocks %d rej %d phis %d vars %d passes %v run %v status %d exit %v out %d", filepath.Base(file), load, nf, blocks, rej, phis, vars, passes, time.Since(start), status, exit, stdout.Len()+stderr.Len())
}
