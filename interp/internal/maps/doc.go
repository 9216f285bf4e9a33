// Package maps holds the run-time error the Go runtime's map
// implementation (internal/runtime/maps) raises when a lookup or delete
// meets a key of an unhashable dynamic type, under the same package
// and type name so that %T and %#v of a recovered value print as they do
// under gc.
package maps
