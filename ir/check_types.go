// This file checks that the operand and result types of an instruction
// fit its kind (the "types" rule of the well-formedness checker).

package ir

import (
	"fmt"
	"go/constant"
	"go/token"
	"go/types"
)

const tokenSUB = token.SUB

// instrTypes returns a description of the first type inconsistency of
// in, or "" if there is none. Registers are known to be valid.
func (c *checker) instrTypes(b *Block, in *Instr) string {
	args, dsts := in.Args(), in.Dsts()
	f := c.f
	T := func(r Reg) types.Type { return f.TypeOf(r) }
	arg := func(k int) types.Type { return T(args[k]) }
	dst := func(k int) types.Type { return T(dsts[k]) }
	want := func(k int, what string, ok bool) string {
		if ok {
			return ""
		}
		return fmt.Sprintf("operand %s has type %s, want %s", args[k], TypeString(arg(k)), what)
	}
	wantDst := func(k int, t types.Type) string {
		if types.Identical(dst(k), t) {
			return ""
		}
		return fmt.Sprintf("result %s has type %s, want %s", dsts[k], TypeString(dst(k)), TypeString(t))
	}
	sameAsDst := func(k int) string {
		if types.Identical(arg(k), dst(0)) {
			return ""
		}
		return fmt.Sprintf("operand %s has type %s, want %s like the result", args[k], TypeString(arg(k)), TypeString(dst(0)))
	}
	firstOf := func(msgs ...string) string {
		for _, m := range msgs {
			if m != "" {
				return m
			}
		}
		return ""
	}
	isInt := func(k int) bool { return args[k] == NoReg || hasInfo(arg(k), types.IsInteger) }

	switch in.Op {
	case OpConst:
		return constFits(in.Const(), dst(0))
	case OpGlobal:
		if f.Module == nil {
			return ""
		}
		t, ok := f.Module.Globals[in.Sym()]
		if !ok {
			return fmt.Sprintf("global @%s is not declared", in.Sym())
		}
		return wantDst(0, types.NewPointer(t))
	case OpFunc:
		if f.Module == nil {
			return ""
		}
		sig, ok := f.Module.FuncSignature(in.Sym())
		if !ok {
			return fmt.Sprintf("function @%s is not declared", in.Sym())
		}
		return wantDst(0, sig)
	case OpCopy, OpPhi, OpGamma, OpMu, OpEta:
		for k := range args {
			if m := sameAsDst(k); m != "" {
				return m
			}
		}
	case OpAdd:
		return firstOf(sameAsDst(0), sameAsDst(1), want(0, "a number or string", hasInfo(arg(0), types.IsNumeric|types.IsString)))
	case OpSub, OpMul, OpDiv:
		return firstOf(sameAsDst(0), sameAsDst(1), want(0, "a number", hasInfo(arg(0), types.IsNumeric)))
	case OpRem, OpAnd, OpOr, OpXor, OpAndNot:
		return firstOf(sameAsDst(0), sameAsDst(1), want(0, "an integer", hasInfo(arg(0), types.IsInteger)))
	case OpShl, OpShr:
		return firstOf(sameAsDst(0), want(0, "an integer", hasInfo(arg(0), types.IsInteger)), want(1, "an integer", hasInfo(arg(1), types.IsInteger)))
	case OpEq, OpNe, OpLt, OpLe, OpGt, OpGe:
		// Go compares operands of assignable types (a chan T with a
		// <-chan T); go/ssa converts all others to identical types. An
		// interface and a value of another type never compare here: Go
		// converts the value to the interface first (a nil *T is then
		// no nil interface), which a comparison of the two as they
		// are does not do.
		if !types.Identical(arg(0), arg(1)) && !types.AssignableTo(arg(0), arg(1)) && !types.AssignableTo(arg(1), arg(0)) ||
			types.IsInterface(arg(0)) != types.IsInterface(arg(1)) {
			return fmt.Sprintf("operands have types %s and %s, want identical types", TypeString(arg(0)), TypeString(arg(1)))
		}
		if !hasInfo(dst(0), types.IsBoolean) {
			return fmt.Sprintf("result has type %s, want a boolean", TypeString(dst(0)))
		}
		if in.Op != OpEq && in.Op != OpNe {
			return want(0, "an ordered type", hasInfo(arg(0), types.IsOrdered))
		}
		// Slices, maps and functions compare only with nil; the operands'
		// identical types are all the checker can see.
		return want(0, "a comparable type", types.Comparable(arg(0)) || isNilable(arg(0)))
	case OpNeg:
		return firstOf(sameAsDst(0), want(0, "a number", hasInfo(arg(0), types.IsNumeric)))
	case OpNot:
		return firstOf(sameAsDst(0), want(0, "a boolean", hasInfo(arg(0), types.IsBoolean)))
	case OpCompl:
		return firstOf(sameAsDst(0), want(0, "an integer", hasInfo(arg(0), types.IsInteger)))

	case OpConvert, OpChangeType:
		if !types.ConvertibleTo(arg(0), dst(0)) {
			return fmt.Sprintf("%s cannot be converted to %s", TypeString(arg(0)), TypeString(dst(0)))
		}
		// Go's conversion of a slice to an array or an array pointer
		// panics when the slice is too short; convert never panics (the
		// passes take it for a pure value), so that is slicetoarrayptr
		// after a length check.
		if _, ok := arg(0).Underlying().(*types.Slice); ok && isArrayOrArrayPointer(dst(0)) {
			return fmt.Sprintf("convert from %s to %s, which may panic: want slicetoarrayptr", TypeString(arg(0)), TypeString(dst(0)))
		}
		if in.Op == OpChangeType && !types.Identical(arg(0).Underlying(), dst(0).Underlying()) && !pointersToIdentical(arg(0), dst(0)) && !isChan(arg(0)) {
			return fmt.Sprintf("changetype from %s to %s, want identical underlying types", TypeString(arg(0)), TypeString(dst(0)))
		}
	case OpChangeInterface:
		return firstOf(want(0, "an interface", isInterface(arg(0))), wantIface(dsts[0], dst(0)))
	case OpMakeInterface:
		return firstOf(want(0, "a non-interface type", !isInterface(arg(0))), wantIface(dsts[0], dst(0)))
	case OpSliceToArrayPtr:
		s, ok := arg(0).Underlying().(*types.Slice)
		if !ok {
			return want(0, "a slice", false)
		}
		if p, ok := dst(0).Underlying().(*types.Pointer); ok {
			if a, ok := p.Elem().Underlying().(*types.Array); ok && types.Identical(a.Elem(), s.Elem()) {
				return ""
			}
		}
		return fmt.Sprintf("result has type %s, want a pointer to an array of %s", TypeString(dst(0)), TypeString(s.Elem()))
	case OpTypeAssert:
		if m := want(0, "an interface", isInterface(arg(0))); m != "" {
			return m
		}
		if len(dsts) == 2 {
			return wantBool(dsts[1], dst(1))
		}

	case OpAlloc:
		if _, ok := dst(0).Underlying().(*types.Pointer); !ok {
			return fmt.Sprintf("result has type %s, want a pointer", TypeString(dst(0)))
		}
	case OpLoad:
		p, ok := arg(0).Underlying().(*types.Pointer)
		if !ok {
			return want(0, "a pointer", false)
		}
		return wantDst(0, p.Elem())
	case OpStore:
		p, ok := arg(0).Underlying().(*types.Pointer)
		if !ok {
			return want(0, "a pointer", false)
		}
		return want(1, TypeString(p.Elem()), types.Identical(arg(1), p.Elem()))
	case OpFieldAddr, OpField:
		st := structOf(f, in)
		if st == nil {
			return want(0, map[bool]string{true: "a pointer to a struct", false: "a struct"}[in.Op == OpFieldAddr], false)
		}
		if in.Field < 0 || int(in.Field) >= st.NumFields() {
			return fmt.Sprintf("field index %d out of range, want < %d", in.Field, st.NumFields())
		}
		ft := st.Field(int(in.Field)).Type()
		if in.Op == OpFieldAddr {
			return wantDst(0, types.NewPointer(ft))
		}
		return wantDst(0, ft)
	case OpIndexAddr:
		elem := indexableElem(arg(0), true)
		if elem == nil {
			return want(0, "a slice or a pointer to an array", false)
		}
		return firstOf(want(1, "an integer", isInt(1)), wantDst(0, types.NewPointer(elem)))
	case OpIndex:
		elem := indexableElem(arg(0), false)
		if elem == nil {
			return want(0, "an array or a string", false)
		}
		return firstOf(want(1, "an integer", isInt(1)), wantDst(0, elem))
	case OpSlice:
		for k := 1; k < 4; k++ {
			if m := want(k, "an integer", isInt(k)); m != "" {
				return m
			}
		}
		switch u := arg(0).Underlying().(type) {
		case *types.Slice:
			return wantDst(0, arg(0))
		case *types.Basic:
			if u.Info()&types.IsString == 0 {
				break
			}
			if args[3] != NoReg {
				return "3-index slice of a string"
			}
			return firstOf(want(0, "a string", true), wantString(dsts[0], dst(0)))
		case *types.Pointer:
			if a, ok := u.Elem().Underlying().(*types.Array); ok {
				// The result may be a named slice type (go/ssa gives the
				// expression's type).
				if types.Identical(dst(0).Underlying(), types.NewSlice(a.Elem())) {
					return ""
				}
				return wantDst(0, types.NewSlice(a.Elem()))
			}
		}
		return want(0, "a slice, a string or a pointer to an array", false)
	case OpLen, OpCap:
		ok := false
		switch u := arg(0).Underlying().(type) {
		case *types.Slice, *types.Array, *types.Chan:
			ok = true
		case *types.Map, *types.Basic:
			ok = in.Op == OpLen && (isMap(u) || hasInfo(u, types.IsString))
		case *types.Pointer:
			_, ok = u.Elem().Underlying().(*types.Array)
		}
		return firstOf(want(0, "a type with a "+in.Op.String(), ok), wantDst(0, types.Typ[types.Int]))

	case OpMakeSlice:
		_, ok := dst(0).Underlying().(*types.Slice)
		if !ok {
			return fmt.Sprintf("result has type %s, want a slice", TypeString(dst(0)))
		}
		return firstOf(want(0, "an integer", isInt(0)), want(1, "an integer", isInt(1)))
	case OpMakeMap:
		if !isMap(dst(0)) {
			return fmt.Sprintf("result has type %s, want a map", TypeString(dst(0)))
		}
		return want(0, "an integer", isInt(0))
	case OpMakeChan:
		if !isChan(dst(0)) {
			return fmt.Sprintf("result has type %s, want a channel", TypeString(dst(0)))
		}
		return want(0, "an integer", isInt(0))
	case OpMakeClosure:
		return c.closureTypes(in)
	case OpLookup:
		m, ok := arg(0).Underlying().(*types.Map)
		if !ok {
			return want(0, "a map", false)
		}
		msg := firstOf(want(1, TypeString(m.Key()), types.Identical(arg(1), m.Key())), wantDst(0, m.Elem()))
		if msg == "" && len(dsts) == 2 {
			if in.Has(FlagAssignLookup) {
				return "the read of an assignment has no comma-ok result"
			}
			msg = wantBool(dsts[1], dst(1))
		}
		return msg
	case OpMapUpdate:
		m, ok := arg(0).Underlying().(*types.Map)
		if !ok {
			return want(0, "a map", false)
		}
		return firstOf(want(1, TypeString(m.Key()), types.Identical(arg(1), m.Key())), want(2, TypeString(m.Elem()), types.Identical(arg(2), m.Elem())))

	case OpSend:
		ch, ok := arg(0).Underlying().(*types.Chan)
		if !ok || ch.Dir() == types.RecvOnly {
			return want(0, "a channel one can send on", false)
		}
		return want(1, TypeString(ch.Elem()), types.Identical(arg(1), ch.Elem()))
	case OpRecv:
		ch, ok := arg(0).Underlying().(*types.Chan)
		if !ok || ch.Dir() == types.SendOnly {
			return want(0, "a channel one can receive from", false)
		}
		msg := wantDst(0, ch.Elem())
		if msg == "" && len(dsts) == 2 {
			msg = wantBool(dsts[1], dst(1))
		}
		return msg
	case OpSelect:
		return c.selectTypes(in)
	case OpRange:
		if !isMap(arg(0)) && !hasInfo(arg(0), types.IsString) {
			return want(0, "a string or a map", false)
		}
		return wantDst(0, IterType)
	case OpNext:
		if !types.Identical(arg(0), IterType) {
			return want(0, "iter", false)
		}
		if in.Has(FlagStringIter) {
			return firstOf(wantBool(dsts[0], dst(0)), wantDst(1, types.Typ[types.Int]), wantDst(2, types.Typ[types.Int32]))
		}
		return wantBool(dsts[0], dst(0))

	case OpCall, OpGo, OpDefer:
		return c.callTypes(in)

	case OpNilCheck:
		return want(0, "a pointer, function, interface or unsafe.Pointer", isNilable(arg(0)))
	case OpBoundsCheck, OpSliceCheck, OpDivCheck, OpShiftCheck, OpLenCheck:
		for k := range args {
			if m := want(k, "an integer", isInt(k)); m != "" {
				return m
			}
		}
		// Lengths are ints and a checked count is signed, as the bridge
		// makes them: a uint64 of 2^63 or more would be a valid length
		// or count to the facts (integers are mathematical) and a
		// negative one to the interpreter.
		last := len(args) - 1
		switch in.Op {
		case OpShiftCheck:
			return want(0, "a signed integer (an unsigned count is never negative)", !hasInfo(arg(0), types.IsUnsigned))
		case OpBoundsCheck, OpSliceCheck:
			return want(last, "an int (a length)", isIntKind(arg(last)))
		case OpLenCheck:
			return firstOf(want(0, "an int (a length)", isIntKind(arg(0))), want(1, "an int (a length)", isIntKind(arg(1))))
		}
	case OpIf:
		return want(0, "a boolean", hasInfo(arg(0), types.IsBoolean))
	case OpReturn:
		if len(args) != len(f.Results) {
			return fmt.Sprintf("return has %d operands, want %d results", len(args), len(f.Results))
		}
		for k, t := range f.Results {
			if m := want(k, TypeString(t), types.Identical(arg(k), t)); m != "" {
				return m
			}
		}
	case OpPanic:
		return want(0, "an interface", isInterface(arg(0)))
	}
	return ""
}

// hasInfo reports whether t is a basic type with info, or a type
// parameter whose type set's types all are (Go allows x > y for T in
// int | float64; generic bodies reach the IR for analysis).
func hasInfo(t types.Type, info types.BasicInfo) bool {
	if tp, ok := t.(*types.TypeParam); ok {
		terms, ok := TypeTerms(tp)
		if !ok || len(terms) == 0 {
			return false
		}
		for _, term := range terms {
			if !hasInfo(term, info) {
				return false
			}
		}
		return true
	}
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&info != 0
}

// isInterface reports whether t is an interface type (a type parameter
// is not one, though go/types gives it an interface as underlying type).
func isInterface(t types.Type) bool {
	_, param := t.(*types.TypeParam)
	return !param && types.IsInterface(t)
}

func isMap(t types.Type) bool {
	_, ok := t.Underlying().(*types.Map)
	return ok
}

func isChan(t types.Type) bool {
	_, ok := t.Underlying().(*types.Chan)
	return ok
}

func pointersToIdentical(a, b types.Type) bool {
	pa, ok1 := a.Underlying().(*types.Pointer)
	pb, ok2 := b.Underlying().(*types.Pointer)
	return ok1 && ok2 && types.Identical(pa.Elem().Underlying(), pb.Elem().Underlying())
}

func wantBool(r Reg, t types.Type) string {
	if hasInfo(t, types.IsBoolean) {
		return ""
	}
	return fmt.Sprintf("result %s has type %s, want a boolean", r, TypeString(t))
}

func wantString(r Reg, t types.Type) string {
	if hasInfo(t, types.IsString) {
		return ""
	}
	return fmt.Sprintf("result %s has type %s, want a string", r, TypeString(t))
}

func wantIface(r Reg, t types.Type) string {
	if isInterface(t) {
		return ""
	}
	return fmt.Sprintf("result %s has type %s, want an interface", r, TypeString(t))
}

// indexableElem returns the element type of x for indexaddr (addr: a
// slice or pointer to array) or index (an array or string; a string's
// element is byte), or nil.
func indexableElem(x types.Type, addr bool) types.Type {
	switch u := x.Underlying().(type) {
	case *types.Slice:
		if addr {
			return u.Elem()
		}
	case *types.Pointer:
		if a, ok := u.Elem().Underlying().(*types.Array); ok && addr {
			return a.Elem()
		}
	case *types.Array:
		if !addr {
			return u.Elem()
		}
	case *types.Basic:
		if !addr && u.Info()&types.IsString != 0 {
			return types.Typ[types.Byte]
		}
	}
	return nil
}

// constFits checks a constant value against its type.
func constFits(v constant.Value, t types.Type) string {
	if v == nil {
		return "" // the zero value exists for every type
	}
	b, ok := t.Underlying().(*types.Basic)
	if !ok {
		return fmt.Sprintf("constant %s of non-basic type %s, want nil or zero", v, TypeString(t))
	}
	info := b.Info()
	okKind := false
	switch v.Kind() {
	case constant.Bool:
		okKind = info&types.IsBoolean != 0
	case constant.String:
		okKind = info&types.IsString != 0
	case constant.Int:
		// An unsafe.Pointer constant made from an integer (runtime code).
		okKind = info&types.IsNumeric != 0 || b.Kind() == types.UnsafePointer
		if okKind && info&types.IsInteger != 0 && !intFits(v, b) {
			return fmt.Sprintf("constant %s overflows %s", v.ExactString(), TypeString(t))
		}
	case constant.Float:
		okKind = info&(types.IsFloat|types.IsComplex) != 0
	case constant.Complex:
		okKind = info&types.IsComplex != 0
	}
	if !okKind {
		return fmt.Sprintf("constant %s does not fit type %s", v.ExactString(), TypeString(t))
	}
	return ""
}

// intFits reports whether the integer constant v is a value of b.
func intFits(v constant.Value, b *types.Basic) bool {
	var size uint
	switch b.Kind() {
	case types.Int8, types.Uint8:
		size = 8
	case types.Int16, types.Uint16:
		size = 16
	case types.Int32, types.Uint32, types.UntypedRune:
		size = 32
	case types.Int64, types.Int, types.Uint64, types.Uint, types.Uintptr:
		size = 64
	case types.UntypedInt:
		size = 512
	default:
		return false
	}
	unsigned := b.Info()&types.IsUnsigned != 0
	if i, exact := constant.Int64Val(v); exact && size <= 64 { // the common case, cheaply
		if unsigned {
			return i >= 0 && (size == 64 || uint64(i) < 1<<size)
		}
		return size == 64 || (i >= -(1<<(size-1)) && i < 1<<(size-1))
	}
	if unsigned {
		if constant.Sign(v) < 0 {
			return false
		}
		return constant.BitLen(v) <= int(size)
	}
	if constant.Sign(v) >= 0 {
		return constant.BitLen(v) <= int(size)-1
	}
	// -2^(n-1) is the smallest: |v|-1 must fit in n-1 bits.
	abs := constant.UnaryOp(tokenSUB, v, 0)
	abs = constant.BinaryOp(abs, tokenSUB, constant.MakeInt64(1))
	return constant.BitLen(abs) <= int(size)-1
}

// isArrayOrArrayPointer reports whether t is an array or a pointer to one.
func isArrayOrArrayPointer(t types.Type) bool {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	_, ok := t.Underlying().(*types.Array)
	return ok
}

// isIntKind reports whether t is int or a type defined on it.
func isIntKind(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Kind() == types.Int
}
