//go:build !(linux && amd64)

package stdlib

import "reflect"

// The table is generated for linux/amd64 only.
var (
	funcs = map[string]any{}
	vars  = map[string]any{}
	types = map[string]reflect.Type{}
)
