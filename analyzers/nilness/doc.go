// Package nilness reports comparisons with nil whose outcome never
// changes: p != nil where p was already dereferenced, is an allocation,
// or was compared with nil on every path (also through phis and through
// fields loaded twice with nothing written between, which GVN merges),
// p == nil where p is nil on every path; and uses of nil that panic or
// block: dereferences, calls through a nil func or interface, writes to
// a nil map, sends and receives on a nil channel, panic(nil). A nil the
// program wrote itself rather than one a comparison found is reported
// only outside tests, and never for a dereference (*(*int)(nil) = 0
// faults on purpose; tests call nil funcs to see them panic).
//
// It reports only what check elimination decided and its validator
// accepted (vssair), and only comparisons written in the source. Each
// report names the earlier fact, with its position as related
// information when there is one.
//
// Not yet: nil slices (range over, index of, compared with nil), range
// over nil maps and channels, type assertions on nil interfaces,
// parameters a function always dereferences, facts across packages.
package nilness
