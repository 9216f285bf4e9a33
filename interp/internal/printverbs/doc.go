// Package printverbs reads the standard library's printing calls as fmt
// does: which functions print (Funcs, with where their format is) and,
// for a format, the verbs each operand is printed with (Uses). The
// interpreter's printing checks (interp/printcheck.go) then decide, per
// operand and verb, whether fmt would print a stand-in for a program
// value exactly as Go prints the value.
//
// It is kept apart from the interpreter because it needs nothing of it:
// it knows fmt's format syntax, not the interpreter's values.
package printverbs
