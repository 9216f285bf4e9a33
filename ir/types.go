// This file writes Go types in the canonical Go syntax of the text format
// and defines the IR's two opaque types.

package ir

import (
	"fmt"
	"go/types"
	"strconv"
	"strings"
)

// vssaPkg is the fake package of the IR's own opaque types.
var vssaPkg = types.NewPackage("$vssa", "vssa")

func opaqueType(name string) *types.Named {
	return types.NewNamed(types.NewTypeName(0, vssaPkg, name, nil), types.Typ[types.UnsafePointer], nil)
}

var (
	// IterType is the type of the iterator a range instruction yields
	// (go/ssa's rangeIter). Printed "iter".
	IterType = opaqueType("iter")
	// DeferStackType is the type of a function's defer stack (go/ssa's
	// deferStack, from the ssa:deferstack built-in). Printed "deferstack".
	DeferStackType = opaqueType("deferstack")
)

// TypeString returns t in the text format's canonical Go syntax:
// named types qualified by their full package path ("net/http.Header"),
// func types without parameter names, interfaces with their complete
// method set and no embedded types, the empty interface as "any".
// A type the text format cannot express (type parameters, tuples, type
// set constraints) is written as "unsupported<...>", which the parser
// rejects.
func TypeString(t types.Type) string {
	var sb strings.Builder
	writeType(&sb, t)
	return sb.String()
}

func writeType(sb *strings.Builder, t types.Type) {
	switch t := types.Unalias(t).(type) {
	case nil:
		sb.WriteString("unsupported<nil>")
	case *types.Basic:
		switch t.Kind() {
		case types.UnsafePointer:
			sb.WriteString("unsafe.Pointer")
		case types.Invalid:
			sb.WriteString("unsupported<invalid>")
		default:
			sb.WriteString(t.Name())
		}
	case *types.Named:
		writeNamed(sb, t)
	case *types.Pointer:
		sb.WriteByte('*')
		writeType(sb, t.Elem())
	case *types.Slice:
		sb.WriteString("[]")
		writeType(sb, t.Elem())
	case *types.Array:
		fmt.Fprintf(sb, "[%d]", t.Len())
		writeType(sb, t.Elem())
	case *types.Map:
		sb.WriteString("map[")
		writeType(sb, t.Key())
		sb.WriteByte(']')
		writeType(sb, t.Elem())
	case *types.Chan:
		switch t.Dir() {
		case types.SendRecv:
			sb.WriteString("chan ")
			// chan (<-chan T) needs parentheses, or it would read as chan<- chan T.
			if c, ok := types.Unalias(t.Elem()).(*types.Chan); ok && c.Dir() == types.RecvOnly {
				sb.WriteByte('(')
				writeType(sb, t.Elem())
				sb.WriteByte(')')
				return
			}
		case types.SendOnly:
			sb.WriteString("chan<- ")
		case types.RecvOnly:
			sb.WriteString("<-chan ")
		}
		writeType(sb, t.Elem())
	case *types.Signature:
		sb.WriteString("func")
		writeSignature(sb, t)
	case *types.Struct:
		sb.WriteString("struct{")
		for i := 0; i < t.NumFields(); i++ {
			if i > 0 {
				sb.WriteString("; ")
			}
			f := t.Field(i)
			if !f.Embedded() {
				sb.WriteString(f.Name())
				sb.WriteByte(' ')
			}
			writeType(sb, f.Type())
			if tag := t.Tag(i); tag != "" {
				sb.WriteByte(' ')
				sb.WriteString(strconv.Quote(tag))
			}
		}
		sb.WriteByte('}')
	case *types.Interface:
		if !t.IsMethodSet() {
			sb.WriteString("unsupported<constraint>")
			return
		}
		if t.NumMethods() == 0 {
			sb.WriteString("any")
			return
		}
		sb.WriteString("interface{")
		for i := 0; i < t.NumMethods(); i++ {
			if i > 0 {
				sb.WriteString("; ")
			}
			m := t.Method(i)
			sb.WriteString(m.Name())
			writeSignature(sb, m.Type().(*types.Signature))
		}
		sb.WriteByte('}')
	default:
		fmt.Fprintf(sb, "unsupported<%T>", t)
	}
}

func writeNamed(sb *strings.Builder, t *types.Named) {
	obj := t.Obj()
	switch {
	case t == IterType:
		sb.WriteString("iter")
		return
	case t == DeferStackType:
		sb.WriteString("deferstack")
		return
	case obj.Pkg() == nil: // error, comparable
		sb.WriteString(obj.Name())
		return
	}
	sb.WriteString(obj.Pkg().Path())
	sb.WriteByte('.')
	sb.WriteString(obj.Name())
	if targs := t.TypeArgs(); targs.Len() > 0 && !strings.Contains(obj.Name(), "[") {
		sb.WriteByte('[')
		for i := 0; i < targs.Len(); i++ {
			if i > 0 {
				sb.WriteString(", ")
			}
			writeType(sb, targs.At(i))
		}
		sb.WriteByte(']')
	}
}

// writeSignature writes "(params) results" without names or receiver.
func writeSignature(sb *strings.Builder, sig *types.Signature) {
	sb.WriteByte('(')
	params := sig.Params()
	for i := 0; i < params.Len(); i++ {
		if i > 0 {
			sb.WriteString(", ")
		}
		t := params.At(i).Type()
		if sig.Variadic() && i == params.Len()-1 {
			sb.WriteString("...")
			if s, ok := t.Underlying().(*types.Slice); ok {
				t = s.Elem()
			}
		}
		writeType(sb, t)
	}
	sb.WriteByte(')')
	writeResults(sb, sig.Results())
}

func writeResults(sb *strings.Builder, res *types.Tuple) {
	switch res.Len() {
	case 0:
	case 1:
		sb.WriteByte(' ')
		writeType(sb, res.At(0).Type())
	default:
		sb.WriteString(" (")
		for i := 0; i < res.Len(); i++ {
			if i > 0 {
				sb.WriteString(", ")
			}
			writeType(sb, res.At(i).Type())
		}
		sb.WriteByte(')')
	}
}

// namedTypes collects, in first-seen order, the named types t refers to,
// through underlying types of named types too (not through methods).
type namedTypes struct {
	seen  map[string]bool // by printed name: go/types may make several *Named for one instance
	order []*types.Named
}

func (n *namedTypes) add(t types.Type) {
	switch t := types.Unalias(t).(type) {
	case *types.Named:
		if t == IterType || t == DeferStackType || t.Obj().Pkg() == nil {
			return
		}
		if n.seen == nil {
			n.seen = map[string]bool{}
		}
		name := TypeString(t)
		if n.seen[name] {
			return
		}
		n.seen[name] = true
		n.order = append(n.order, t)
		for i := 0; i < t.TypeArgs().Len(); i++ {
			n.add(t.TypeArgs().At(i))
		}
		n.add(t.Underlying())
	case *types.Pointer:
		n.add(t.Elem())
	case *types.Slice:
		n.add(t.Elem())
	case *types.Array:
		n.add(t.Elem())
	case *types.Map:
		n.add(t.Key())
		n.add(t.Elem())
	case *types.Chan:
		n.add(t.Elem())
	case *types.Signature:
		for i := 0; i < t.Params().Len(); i++ {
			n.add(t.Params().At(i).Type())
		}
		for i := 0; i < t.Results().Len(); i++ {
			n.add(t.Results().At(i).Type())
		}
	case *types.Struct:
		for i := 0; i < t.NumFields(); i++ {
			n.add(t.Field(i).Type())
		}
	case *types.Interface:
		for i := 0; i < t.NumMethods(); i++ {
			n.add(t.Method(i).Type())
		}
	}
}

// TypeTerms returns types a type parameter's type set is within: the
// terms of one of the unions (or single types) its constraint embeds,
// directly or through embedded interfaces, each ~T as T's underlying
// type (the type set is within each such list); ok is false if it
// embeds none (any type with the constraint's methods may be one).
// Generic bodies reach the IR only for analysis (bridge.ForAnalysis).
func TypeTerms(tp *types.TypeParam) (terms []types.Type, ok bool) {
	return typeTerms(tp.Constraint().Underlying().(*types.Interface))
}

func typeTerms(iface *types.Interface) (terms []types.Type, ok bool) {
	for i := range iface.NumEmbeddeds() {
		switch e := iface.EmbeddedType(i).(type) {
		case *types.Union:
			for j := range e.Len() {
				t := e.Term(j).Type()
				if e.Term(j).Tilde() {
					t = t.Underlying()
				}
				terms = append(terms, t)
			}
			return terms, true
		default:
			if u, isIface := e.Underlying().(*types.Interface); isIface {
				if terms, ok := typeTerms(u); ok {
					return terms, true
				}
				continue
			}
			return []types.Type{e}, true
		}
	}
	return nil, false
}

// coreUnderlying is t's underlying type, or for a type parameter whose
// type set's types all have one underlying type, that one (its core
// type, as the spec calls it); nil for other type parameters.
func coreUnderlying(t types.Type) types.Type {
	tp, ok := t.(*types.TypeParam)
	if !ok {
		return t.Underlying()
	}
	terms, ok := TypeTerms(tp)
	if !ok || len(terms) == 0 {
		return nil
	}
	u := terms[0].Underlying()
	for _, t := range terms[1:] {
		if !types.Identical(t.Underlying(), u) {
			return nil
		}
	}
	return u
}
