// Package nilness reports comparisons with nil whose outcome never
// changes: p != nil where p was already dereferenced, is an allocation,
// or was compared with nil on every path (also through phis and through
// fields loaded twice with nothing written between, which GVN merges),
// p == nil where p is nil on every path; and dereferences of a value a
// comparison found nil (not of a literal nil or a zero-value variable:
// *(*int)(nil) = 0 faults on purpose).
//
// It reports only what check elimination decided and its validator
// accepted (vssair), and only comparisons written in the source. Each
// report names the earlier fact, with its position as related
// information when there is one.
//
// Not yet: nil slices (range over or index of one), nil maps, channels
// and functions used, panic(nil), calls through a nil interface,
// parameters a function always dereferences, facts across packages.
package nilness
