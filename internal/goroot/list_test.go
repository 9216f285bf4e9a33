package goroot

import (
	"regexp"
	"slices"
	"testing"
)

func TestList(t *testing.T) {
	dir := t.TempDir()
	for rel, content := range map[string]string{
		"a.go":                    "// run\n\npackage main\n",
		"b.go":                    "// run",
		"flags.go":                "// run -gcflags=-N\n\npackage main\n",
		"compile.go":              "// compile\n\npackage main\n",
		"late.go":                 "\n// run\n\npackage main\n",
		"ken/k.go":                "// run\n\npackage main\n",
		"fixedbugs/issue1.go":     "// run\n\npackage main\n",
		"other/o.go":              "// run\n\npackage main\n",
		"fixedbugs/x.dir/main.go": "// run\n\npackage main\n",
	} {
		writeFile(t, dir, rel, content)
	}
	got, err := List(dir, nil)
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"a.go", "b.go", "fixedbugs/issue1.go", "ken/k.go"}; !slices.Equal(got, want) {
		t.Errorf("List = %q, want %q", got, want)
	}
	got, err = List(dir, regexp.MustCompile(`^(ken/|a)`))
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"a.go", "ken/k.go"}; !slices.Equal(got, want) {
		t.Errorf("List with filter = %q, want %q", got, want)
	}
}
