package stdlib

import "reflect"

// Table implements interp.Externs over the generated maps.
type Table struct{}

// Func returns a function or method by its go/ssa name.
func (Table) Func(name string) (reflect.Value, bool) {
	f, ok := funcs[name]
	if !ok {
		return reflect.Value{}, false
	}
	return reflect.ValueOf(f), true
}

// Var returns a pointer to a package-level variable.
func (Table) Var(name string) (reflect.Value, bool) {
	v, ok := vars[name]
	if !ok {
		return reflect.Value{}, false
	}
	return reflect.ValueOf(v), true
}

// Type returns a named type.
func (Table) Type(pkgPath, name string) (reflect.Type, bool) {
	t, ok := types[pkgPath+"."+name]
	return t, ok
}

// methodOf returns the method m of recv's type as a function taking the
// receiver first, for the methods of unexported types (see the
// generator's hiddenType).
func methodOf(recv any, m string) any {
	meth, ok := reflect.TypeOf(recv).MethodByName(m)
	if !ok {
		panic("stdlib: no method " + m + " of " + reflect.TypeOf(recv).String())
	}
	return meth.Func.Interface()
}
