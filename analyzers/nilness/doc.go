// Package nilness reports comparisons with nil whose outcome never
// changes: p != nil where p was already dereferenced, is an allocation,
// or was compared with nil on every path (also through phis and through
// fields loaded twice with nothing written between, which GVN merges).
//
// It reports only what check elimination decided and its validator
// accepted (vssair), and only comparisons written in the source. Each
// report names the earlier fact, with its position as related
// information when there is one.
//
// Not yet: values that are always nil (x/tools' nilness reports those:
// "nil dereference", "impossible condition: nil != nil"), parameters a
// function always dereferences, facts across packages.
package nilness
