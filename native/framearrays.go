// This file decides which local variables that go/ssa marks as escaping
// stay in compiled code's frame all the same. go/ssa marks a local array
// as escaping as soon as it is sliced (strconv's formatBits writes its
// digits into var a [65]byte and returns append(dst, a[i:]...)), where
// gc, whose escape analysis follows the slice, keeps it on the stack.
// Such a variable stays in the frame (locals.go) when its address and
// every slice or pointer derived from it reach only what reads or writes
// through them during the function: loads and stores through them,
// len, cap, checks, further slicing and indexing, and the built-ins that
// copy what they read and keep no pointer: copy, append's elements
// (append(dst, a[i:]...)) and the conversion to string. A pointer into
// the frame is passed only to Go helpers for the duration of their call,
// in argument slots their pointer maps describe, so a stack that grows
// meanwhile moves it with the frame; one live across a call is kept
// where the frame's pointer map sees it (gcslots.go), so it is moved
// too. Anything else (a return, a store of the address, another call,
// a closure) keeps go/ssa's verdict and is refused.

package native

import (
	"strings"

	"github.com/vssa-go/vssa/ir"
)

// frameLeak returns the use through which the address of alloc, a
// variable go/ssa marks as escaping, leaves what compiled code's frame
// allows, or nil if the variable stays in the frame.
func frameLeak(f *ir.Func, alloc *ir.Instr) *ir.Instr {
	users := map[ir.Reg][]*ir.Instr{}
	for _, b := range f.Blocks {
		for _, in := range append(append([]*ir.Instr(nil), b.Phis...), b.Instrs...) {
			for _, a := range in.Args() {
				users[a] = append(users[a], in)
			}
		}
	}
	derived := map[ir.Reg]bool{}
	work := append([]ir.Reg(nil), alloc.Dsts()...)
	for _, r := range work {
		derived[r] = true
	}
	follow := func(in *ir.Instr) {
		for _, d := range in.Dsts() {
			if !derived[d] {
				derived[d] = true
				work = append(work, d)
			}
		}
	}
	for len(work) > 0 {
		r := work[len(work)-1]
		work = work[:len(work)-1]
		for _, u := range users[r] {
			switch u.Op {
			case ir.OpLoad, ir.OpLen, ir.OpCap, ir.OpIndex,
				ir.OpNilCheck, ir.OpBoundsCheck, ir.OpSliceCheck, ir.OpLenCheck:
				// Reads the address or through it.
			case ir.OpStore:
				if u.Args()[0] != r || u.Args()[1] == r {
					return u // the address itself stored
				}
			case ir.OpIndexAddr, ir.OpFieldAddr, ir.OpSlice, ir.OpSliceToArrayPtr:
				if u.Args()[0] != r {
					return u
				}
				follow(u)
			case ir.OpCopy, ir.OpChangeType, ir.OpPhi, ir.OpMu, ir.OpEta, ir.OpGamma:
				follow(u)
			case ir.OpConvert:
				if !isString(f.TypeOf(u.Dsts()[0])) {
					return u // to unsafe.Pointer
				}
			case ir.OpCall:
				if !copiesOnly(u, r) {
					return u
				}
			default:
				return u
			}
		}
	}
	return nil
}

// frameLeakRefusal words the refusal of a local array whose address
// leaves the frame at leak (frameLeak).
func frameLeakRefusal(leak *ir.Instr) string {
	how := "used where its memory may outlive the call"
	switch {
	case leak.Op == ir.OpReturn:
		how = "returned"
	case leak.Op == ir.OpStore:
		how = "stored in memory"
	case leak.Op == ir.OpCall && leak.CallMode == ir.CallBuiltin && (leak.Sym() == "append" || leak.Sym() == appendElemsBuiltin):
		how = "appended to (append writes into it and returns it)"
	case leak.Op == ir.OpCall && leak.CallMode == ir.CallStatic:
		pkg, name := splitSym(leak.Sym())
		how = "passed to " + pkg[strings.LastIndex(pkg, "/")+1:] + "." + name + ", which may keep it"
	case leak.Op == ir.OpCall:
		how = "passed to a call, which may keep it"
	}
	return "a local array whose address or a slice of it is " + how + ": compiled code keeps a local array in its frame only where its slices are read, written, copied from (copy) or appended from (append(dst, a[i:]...)); pass the memory in as a parameter, or keep the function in Go"
}

// copiesOnly reports whether call, given r, only copies what r points
// to: copy, or append with r among the appended elements' slice.
func copiesOnly(call *ir.Instr, r ir.Reg) bool {
	if call.CallMode != ir.CallBuiltin || call.Callee() == r {
		return false
	}
	args := call.CallArgs()
	switch call.Sym() {
	case "copy":
		return true
	case "append":
		return len(args) == 2 && args[0] != r
	}
	return false
}
