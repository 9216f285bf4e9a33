package native

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/vssa-go/vssa/validate"
)

const kernelsDir = "../testdata/kernels"

// generatedDirs are the packages whose files vssa compile writes, each
// with the prefix its go:generate line gives: the kernels (written in
// the backend's first subset) and subset (the constructs added since).
var generatedDirs = map[string]string{kernelsDir: "kernels", "../testdata/subset": "subset"}

// generatedFuncs returns the functions the go:generate line of the
// package in dir compiles.
func generatedFuncs(t *testing.T, dir string) []string {
	doc, err := os.ReadFile(filepath.Join(dir, "doc.go"))
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(string(doc), "\n") {
		if rest, ok := strings.CutPrefix(line, "//go:generate go run github.com/vssa-go/vssa/cmd/vssa compile "); ok {
			rest, _ = strings.CutPrefix(rest, "-inlinable ")
			if rest, ok := strings.CutPrefix(rest, "-o "+generatedDirs[dir]+" . "); ok {
				return strings.Fields(rest)
			}
		}
	}
	t.Fatalf("no go:generate line in %s/doc.go", dir)
	return nil
}

// kernelFuncs returns the functions the kernels' go:generate line
// compiles.
func kernelFuncs(t *testing.T) []string { return generatedFuncs(t, kernelsDir) }

// TestKernels compiles the kernel suite and the subset package, checks
// that their files are what vssa compile writes (go generate there
// updates them), and runs go vet (asmdecl) and the generated
// equivalence tests on them.
func TestKernels(t *testing.T) {
	if n := len(kernelFuncs(t)); n < 20 {
		t.Errorf("%d kernels, want at least 20", n)
	}
	for dir, prefix := range generatedDirs {
		t.Run(filepath.Base(dir), func(t *testing.T) { checkGenerated(t, dir, prefix) })
	}
}

func checkGenerated(t *testing.T, dir, prefix string) {
	out, err := Compile(Request{Dir: dir, Prefix: prefix, Funcs: generatedFuncs(t, dir), Inlinable: true})
	if err != nil {
		t.Fatal(err)
	}
	for _, path := range out.Order {
		old, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(old, out.Files[path]) {
			t.Errorf("%s is not what vssa compile writes now: run go generate in %s", path, dir)
		}
	}
	if t.Failed() {
		return
	}
	if testing.Short() {
		t.Skip("-short: not building and running the generated tests")
	}
	for _, args := range [][]string{{"vet", "."}, {"test", "-count=1", "."}} {
		cmd := exec.Command("go", args...)
		cmd.Dir = dir
		if b, err := cmd.CombinedOutput(); err != nil {
			t.Errorf("go %s in %s: %v\n%s", strings.Join(args, " "), dir, err, b)
		}
	}
}

// TestAllocatorBugRejected makes the allocation of a kernel wrong in
// four ways an allocator could get it wrong and checks that the
// validator stops each: nothing is emitted.
func TestAllocatorBugRejected(t *testing.T) {
	mutations := map[string]func(f *validate.MachFunc){
		"an operand read from another register": func(f *validate.MachFunc) {
			for bi := range f.Blocks {
				for i := range f.Blocks[bi].Instrs {
					in := &f.Blocks[bi].Instrs[i]
					if len(in.Uses) > 1 && in.Uses[0].L != in.Uses[1].L {
						in.Uses[0].L = in.Uses[1].L
						return
					}
				}
			}
		},
		"a spill dropped": func(f *validate.MachFunc) {
			for bi := range f.Blocks {
				b := &f.Blocks[bi]
				for i, in := range b.Instrs {
					if in.Ref >= 0 && len(in.Defs) == 1 {
						// The value is defined somewhere nobody reads.
						b.Instrs[i].Defs[0].L = 40
						return
					}
				}
			}
		},
		// An allocator bug found by a review: the register of the
		// first integer value defined swapped with R11 everywhere, a
		// consistent renaming the dataflow alone accepts, though the
		// emitted code uses R11 as its scratch register.
		"a value in the scratch register": func(f *validate.MachFunc) {
			for _, in := range f.Blocks[0].Instrs {
				if in.Ref >= 0 && len(in.Defs) == 1 && in.Defs[0].L < locX0 {
					swapLocs(f, in.Defs[0].L, locR11)
					return
				}
			}
		},
		"a phi's edge move dropped": func(f *validate.MachFunc) {
			for bi := range f.Blocks {
				b := &f.Blocks[bi]
				for k := range b.EdgeMoves {
					if len(b.EdgeMoves[k]) > 0 {
						b.EdgeMoves[k] = b.EdgeMoves[k][1:]
						return
					}
				}
			}
		},
	}
	// MatMul alone, of the kernels' file.
	checkUncompiled = false
	defer func() { checkUncompiled = true }()
	for name, mutate := range mutations {
		corruptAllocation = mutate
		// MatMul has phis with moves on their edges, and two-operand
		// instructions.
		_, err := Compile(Request{Dir: kernelsDir, Prefix: "kernels", Funcs: []string{"MatMul"}, Inlinable: true})
		corruptAllocation = nil
		if err == nil || !strings.Contains(err.Error(), "register allocation rejected") {
			t.Errorf("%s: got %v, want the allocation rejected", name, err)
		}
	}
}

// swapLocs exchanges locations a and b wherever f puts a value.
func swapLocs(f *validate.MachFunc, a, b validate.Loc) {
	sw := func(l *validate.Loc) {
		switch *l {
		case a:
			*l = b
		case b:
			*l = a
		}
	}
	for bi := range f.Blocks {
		blk := &f.Blocks[bi]
		for i := range blk.Phis {
			sw(&blk.Phis[i].Dst.L)
		}
		for i := range blk.Instrs {
			in := &blk.Instrs[i]
			for k := range in.Uses {
				sw(&in.Uses[k].L)
			}
			for k := range in.Defs {
				sw(&in.Defs[k].L)
			}
			if in.Ref < 0 {
				sw(&in.Move.Src)
				sw(&in.Move.Dst)
			}
		}
		for _, ms := range blk.EdgeMoves {
			for k := range ms {
				sw(&ms[k].Src)
				sw(&ms[k].Dst)
			}
		}
	}
}

func init() {
	// Every compilation in the tests checks the SSA form after each
	// transform.
	verifyTransforms = true
}
