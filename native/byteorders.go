// This file lets a small leaf of another package that reads or writes
// through encoding/binary's LittleEndian or BigEndian be inlined
// (foreign.go): klauspost/compress's le.Load64[I](b, i) is
// binary.LittleEndian.Uint64(b[i:]), and zstd's matchLen called it
// through a trampoline twice a round (0.41x gc), where gc inlines it to
// one load. In the compiled code the call is the one load or store that
// byteOrder (intrinsics.go) makes of it, and the receiver, a variable
// of size zero, is nothing to hold: neither is a name the compiled
// package must reach.

package native

import (
	"go/ast"
	"strings"
)

// byteOrderGlobal reports whether sym is encoding/binary's LittleEndian
// or BigEndian, the receivers of its byte order methods.
func byteOrderGlobal(sym string) bool {
	return sym == "encoding/binary.LittleEndian" || sym == "encoding/binary.BigEndian"
}

// byteOrderMethod reports whether sym is a method byteOrder lowers to
// one load or store: UintN or PutUintN of 16, 32 or 64 bits.
func byteOrderMethod(sym string) bool {
	for _, recv := range []string{"(encoding/binary.littleEndian).", "(encoding/binary.bigEndian)."} {
		if m, ok := strings.CutPrefix(sym, recv); ok {
			switch strings.TrimPrefix(m, "Put") {
			case "Uint16", "Uint32", "Uint64":
				return true
			}
		}
	}
	return false
}

// byteOrderSyntax reports whether fun, a call's function read without
// types, looks like binary.LittleEndian.Uint64 (X.LittleEndian.M or
// X.BigEndian.M with M one byteOrderMethod takes): a leaf calling it may
// be inlined, which foreignInlinable decides with the types.
func byteOrderSyntax(fun ast.Expr) bool {
	sel, ok := fun.(*ast.SelectorExpr)
	if !ok {
		return false
	}
	recv, ok := sel.X.(*ast.SelectorExpr)
	if !ok || recv.Sel.Name != "LittleEndian" && recv.Sel.Name != "BigEndian" {
		return false
	}
	return byteOrderMethod("(encoding/binary.littleEndian)." + sel.Sel.Name)
}
