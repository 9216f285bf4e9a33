// Package noret has a function that never returns but does not show it
// (it exits through a func variable, set elsewhere to os.Exit): named
// by -vssair.noreturn, the code after a call to it is not analysed.
package noret

var exit func(code int)

func fatal(msg string) {
	println(msg)
	exit(1)
}

func deref(p *int) int {
	if p == nil {
		fatal("nil p")
	}
	if p != nil { // want `p != nil is always true: p was already compared with nil at noret.go:14`
		return *p
	}
	return 0
}

func unreachable(m map[string]int) {
	if m == nil {
		fatal("nil m")
		m["x"] = 1 // not reported: fatal does not return
	}
}
