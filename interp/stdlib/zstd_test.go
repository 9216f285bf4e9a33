//go:build linux && amd64

package stdlib

import (
	"bytes"
	"os"
	"os/exec"
	"runtime"
	"strings"
	"testing"
)

// TestGenerated fails when regenerating the table would change it.
func TestGenerated(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: regenerating the table loads the types of 61 std packages (go run ./gen)")
	}
	if !strings.HasPrefix(runtime.Version(), tableRelease+".") {
		t.Skipf("zstd.go is generated with %s (tableRelease), whose standard library it lists; this is %s, whose table differs", tableRelease, runtime.Version())
	}
	out, err := exec.Command("go", "run", "./gen").Output()
	if err != nil {
		t.Fatalf("go run ./gen: %v", err)
	}
	have, err := os.ReadFile("zstd.go")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(out, have) {
		t.Errorf("zstd.go is stale: run go run ./interp/stdlib/gen -o interp/stdlib/zstd.go")
	}
}

func TestLookup(t *testing.T) {
	var tab Table
	if f, ok := tab.Func("fmt.Sprintf"); !ok || f.Type().String() != "func(string, ...interface {}) string" {
		t.Errorf("fmt.Sprintf: %v %v", ok, f)
	}
	if f, ok := tab.Func("(*strings.Builder).WriteString"); !ok || f.Type().NumIn() != 2 {
		t.Errorf("(*strings.Builder).WriteString: %v", ok)
	}
	if v, ok := tab.Var("os.Args"); !ok || v.Type().String() != "*[]string" {
		t.Errorf("os.Args: %v", ok)
	}
	if typ, ok := tab.Type("sync", "Mutex"); !ok || typ.String() != "sync.Mutex" {
		t.Errorf("sync.Mutex: %v", ok)
	}
	if _, ok := tab.Func("slices.Sort"); ok {
		t.Errorf("generic function in the table")
	}
}
