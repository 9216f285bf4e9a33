// Package reflectlite holds the panic value of internal/reflectlite's
// Swapper (sort.Slice and its kin on a value that is not a slice), under
// the same package and type name so that %T of a recovered value prints
// as it does under gc.
package reflectlite
