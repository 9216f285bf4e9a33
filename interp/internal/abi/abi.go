package abi

// Type stands for a run-time type descriptor: it carries only the type's
// name as Go prints it.
type Type struct{ name string }

// NewType returns a descriptor for the type named name.
func NewType(name string) *Type { return &Type{name} }

// String returns the type's name.
func (t *Type) String() string { return t.name }

// BoundsErrorCode says which index or slice expression failed, as the
// runtime's abi.BoundsErrorCode.
type BoundsErrorCode uint8
