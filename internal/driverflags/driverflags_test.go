package driverflags

import (
	"errors"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
)

func TestCheck(t *testing.T) {
	a := &analysis.Analyzer{Name: "x", Doc: "x"}
	var mode string
	var on bool
	a.Flags.Func("mode", "", func(s string) error {
		if s != "a" && s != "b" {
			return errors.New("want a or b")
		}
		mode = s
		return nil
	})
	a.Flags.BoolVar(&on, "on", false, "")
	for _, c := range []struct {
		args []string
		want string // in the error; "" none
	}{
		{[]string{"-x.mode=a", "./..."}, ""},
		{[]string{"-x.on", "-x.mode", "b", "p"}, ""},
		{[]string{"-json", "--x.mode=c", "p"}, `invalid value "c" for flag -x.mode: want a or b`},
		{[]string{"-x.mode", "c"}, `invalid value "c" for flag -x.mode`},
		{[]string{"-x.mode"}, "flag needs an argument: -x.mode"},
		{[]string{"p", "-x.mode=c"}, ""}, // after the packages: not a flag
	} {
		err := Check([]*analysis.Analyzer{a}, c.args)
		if c.want == "" && err != nil || c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)) {
			t.Errorf("Check(%q) = %v, want %q", c.args, err, c.want)
		}
	}
	if mode != "b" {
		t.Errorf("mode %q after the checks, want the last good value b", mode)
	}
}
