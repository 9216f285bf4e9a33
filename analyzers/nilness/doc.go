// Package nilness reports comparisons with nil whose outcome never
// changes: p != nil where p was already dereferenced or called through,
// is an allocation or a made slice, map or channel, or was compared with
// nil on every path (also through phis, through fields loaded twice with
// nothing written between, which GVN merges, and through conversions
// and slices that keep nilness: an interface changed to another, s[i:j]
// of a slice), p == nil where p is nil on every path (a comma-ok type
// assertion that failed gives the zero value), a switch's case nil;
// and uses of nil that panic, block or do nothing: dereferences, calls
// through a nil func or interface, type assertions and method values
// of a nil interface, indexing a nil slice or converting it to a
// pointer to a non-empty array, writes to and ranges over a nil map,
// sends and receives on a nil channel, panic(nil), in tests too, as
// x/tools' nilness reports them there (a test's panic(nil)); never for
// a dereference of a nil written as a conversion (*(*int)(nil) = 0
// faults on purpose). A nil argument the program wrote itself is
// reported only outside tests, which pass nil to see what happens.
// Generic bodies are analysed with their type
// parameters: a value of one is nil only if every type it may be has
// nil, and any(x) is never nil only if none of them is an interface.
//
// It reports only what check elimination decided and its validator
// accepted (vssair), and only comparisons written in the source. Each
// report names the earlier fact, with its position as related
// information when there is one.
//
// Not yet: parameters a function always dereferences and other facts
// across packages.
package nilness
