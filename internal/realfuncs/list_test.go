package realfuncs

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

func TestReadList(t *testing.T) {
	dir := t.TempDir()
	write := func(text string) string {
		path := filepath.Join(dir, "list.txt")
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	es, err := ReadList(write("# comment\n\nhash/crc64 update refused: a package-level variable\nm.org/x@v1.2.0/sub/dir F,g ok\n"))
	if err != nil {
		t.Fatal(err)
	}
	want := []Entry{
		{Line: 3, Pkg: "hash/crc64", Funcs: []string{"update"}, State: State{"refused", "a package-level variable"}},
		{Line: 4, Pkg: "m.org/x@v1.2.0/sub/dir", Funcs: []string{"F", "g"}, State: State{Kind: "ok"}},
	}
	if !reflect.DeepEqual(es, want) {
		t.Errorf("got %+v, want %+v", es, want)
	}
	if got := es[1].Name(); got != "m.org/x/sub/dir.F+g" {
		t.Errorf("Name() = %q", got)
	}
	// A generic function's type arguments are separated by commas too.
	es, err = ReadList(write("slices Widen[int16,float32],insertionSortOrdered[int],(*T).M ok\n"))
	if err != nil {
		t.Fatal(err)
	}
	if got, want := es[0].Funcs, []string{"Widen[int16,float32]", "insertionSortOrdered[int]", "(*T).M"}; !reflect.DeepEqual(got, want) {
		t.Errorf("generic names: got %q, want %q", got, want)
	}
	es, err = ReadList(write("p F ok; go1.27: refused: x; go1.29: test-fails: y\n"))
	if err != nil {
		t.Fatal(err)
	}
	for v, want := range map[string]string{"go1.26": "ok", "go1.27": "refused: x", "go1.28": "refused: x", "go1.29": "test-fails: y", "go1.30": "test-fails: y"} {
		if got := es[0].Want(v).String(); got != want {
			t.Errorf("Want(%s) = %s, want %s", v, got, want)
		}
	}
	for _, bad := range []string{"p F", "p F okay", "p F refused", "p F ok: note", "p F ok; 1.27: ok", "p F ok; go1.28: ok; go1.27: ok"} {
		if _, err := ReadList(write(bad)); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
}

func TestCheck(t *testing.T) {
	refused := func(msg string) Result { return Result{State: State{"refused", msg}} }
	tests := []struct {
		want State
		got  Result
		err  string // "" for no error
	}{
		{State{Kind: "ok"}, Result{State: State{Kind: "ok"}}, ""},
		{State{Kind: "ok"}, Result{State: State{Kind: "compiled"}}, ""},
		{State{"test-fails", "x"}, Result{State: State{Kind: "compiled"}}, ""},
		{State{"refused", "slicing"}, refused("hot.go:1:2: F: unsupported: slicing (slice)"), ""},
		{State{"refused", "slicing"}, refused("hot.go:1:2: F: unsupported: a call of f"), "recorded as refused: slicing, now refused"},
		{State{"refused", "slicing"}, Result{State: State{Kind: "compiled"}}, "update the list file"},
		{State{"refused", "slicing"}, Result{State: State{Kind: "ok"}}, "update the list file"},
		{State{Kind: "ok"}, refused("slicing"), "recorded as ok, now refused"},
		{State{Kind: "ok"}, Result{State: State{"test-fails", "x"}}, "recorded as ok, now test-fails"},
		{State{"test-fails", "fuzz: hung"}, Result{State: State{Kind: "ok"}}, ""},
		{State{"test-fails", "fuzz: hung"}, Result{State: State{Kind: "ok"}, Fuzzed: true}, "recorded as test-fails: fuzz: hung, now ok"},
		{State{"test-fails", "hangs"}, Result{State: State{Kind: "ok"}}, "recorded as test-fails: hangs, now ok"},
	}
	for _, tt := range tests {
		err := Check(Entry{Pkg: "p", Funcs: []string{"F"}, State: tt.want}, tt.got)
		if (err == nil) != (tt.err == "") || err != nil && !strings.Contains(err.Error(), tt.err) {
			t.Errorf("want %s, got %s: %v, want error containing %q", tt.want, tt.got.State, err, tt.err)
		}
	}
}

// TestAsmName checks the names of the fuzz targets run for a list's
// functions: the generated test names them after the assembly.
func TestAsmName(t *testing.T) {
	for f, want := range map[string]string{"update": "update", "(*Digest).Write": "Digest_Write", "Celsius.F": "Celsius_F", "insertionSortOrdered[int]": "insertionSortOrdered_int", "Index[[]uint16,uint16]": "Index_slice_uint16_uint16"} {
		if got := asmName(f); got != want {
			t.Errorf("asmName(%q) = %q, want %q", f, got, want)
		}
	}
}
