// Package exits has functions that never return, as their bodies show:
// vssair's facts say so to the packages that call them.
package exits

import "os"

// Fatal exits.
func Fatal(msg string) {
	println(msg)
	os.Exit(1)
}

// Fatalf never returns through Fatal.
func Fatalf(format string, args ...any) {
	Fatal(format)
}

// Maybe returns when ok.
func Maybe(ok bool) {
	if !ok {
		Fatal("not ok")
	}
}
