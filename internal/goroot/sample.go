package goroot

// Sample is a fast, representative subset of the GOROOT programs that
// pass (one of each kind of feature: channels and goroutines, defer and
// recover, maps, closures, methods and interfaces, type switches, strings
// and runes, run-time panics, generics, standard library calls), for the
// unit tests; the whole set is "vssa goroot".
var Sample = []string{
	"235.go", "chancap.go", "closedchan.go", "complit.go", "convT2X.go", "ddd.go", "decl.go",
	"defer.go", "deferprint.go", "divide.go", "escape.go", "fixedbugs/issue15975.go",
	"fixedbugs/issue57184.go", "float_lit.go", "func5.go", "indirect.go", "intcvt.go",
	"ken/chan.go", "ken/cplx4.go", "ken/embed.go", "ken/interfun.go", "ken/range.go",
	"ken/rob2.go", "ken/string.go", "map.go", "method5.go", "nilptr2.go", "recover1.go",
	"recover2.go", "recover3.go", "reorder.go", "stringrange.go", "switch.go", "typeswitch.go",
	"utf.go", "zerodivide.go",
}
