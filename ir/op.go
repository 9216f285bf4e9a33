// This file defines the instruction kinds (Op) and what each may do.

package ir

// Op is the kind of an instruction.
type Op uint8

// The instruction kinds. The table in doc.go gives the operands, the
// results and the effects of each; opInfo below is its machine-readable
// form, and a test keeps the two in agreement.
const (
	OpInvalid Op = iota

	// Values without operands.
	OpConst  // r = const V
	OpGlobal // r = global @g          (address of a package-level variable)
	OpFunc   // r = func @f            (a static function as a value)

	// Moves and phis.
	OpCopy // r = copy x
	OpPhi  // r = phi x0, x1, …        (argument k belongs to predecessor k)

	// Arithmetic, logic and comparison (Go's operators with Go's semantics).
	OpAdd
	OpSub
	OpMul
	OpDiv // integer division is unchecked: divisor 0 is undefined behaviour (see divcheck)
	OpRem // likewise
	OpAnd
	OpOr
	OpXor
	OpAndNot
	OpShl // a signed negative count is undefined behaviour (see shiftcheck)
	OpShr // likewise
	OpEq
	OpNe
	OpLt
	OpLe
	OpGt
	OpGe
	OpNeg   // -x
	OpNot   // !x
	OpCompl // ^x

	// Conversions.
	OpConvert         // numeric, string and unsafe.Pointer conversions
	OpChangeType      // conversion between types with identical underlying types
	OpChangeInterface // interface to interface, no check
	OpMakeInterface   // concrete value to interface
	OpSliceToArrayPtr // unchecked: len(x) < N is undefined behaviour (see lencheck)
	OpTypeAssert      // x.(T); one result panics on failure, two results is the comma-ok form

	// Memory.
	OpAlloc     // r = alloc (local) / r = new (heap): address of a fresh zeroed variable
	OpLoad      // r = load p            unchecked: p must not be nil
	OpStore     // store p, v            unchecked: p must not be nil
	OpFieldAddr // r = fieldaddr p, f    unchecked: p must not be nil
	OpField     // r = field x, f
	OpIndexAddr // r = indexaddr p, i    unchecked: p (slice or *array) non-nil array pointer, 0 <= i < len
	OpIndex     // r = index x, i        unchecked: x (array or string), 0 <= i < len
	OpSlice     // r = slice x, lo, hi, max   unchecked: bounds as slicecheck; *array operand non-nil
	OpLen       // r = len x
	OpCap       // r = cap x

	// Composite values.
	OpMakeSlice   // r = makeslice len, cap (panics on a negative or too large length)
	OpMakeMap     // r = makemap [hint]
	OpMakeChan    // r = makechan size (panics on a negative size)
	OpMakeClosure // r = makeclosure @f(bindings…)
	OpLookup      // r = lookup m, k  (map; two results is the comma-ok form)
	OpMapUpdate   // mapupdate m, k, v (panics on a nil map)

	// Channels and iteration.
	OpSend   // send ch, v
	OpRecv   // r = recv ch  (two results is the comma-ok form)
	OpSelect // index, recvOk, v0, … = select blocking|nonblocking states
	OpRange  // r = range x (x a string or a map) yields an iterator
	OpNext   // ok, k, v = next it

	// Calls.
	OpCall      // results = call callee(args)
	OpGo        // go callee(args)
	OpDefer     // defer callee(args), optionally onto an explicit defer stack
	OpRunDefers // rundefers

	// Explicit run-time checks. Each panics with Go's run-time error when
	// its condition fails and does nothing otherwise.
	OpNilCheck    // nilcheck p
	OpBoundsCheck // boundscheck i, n
	OpSliceCheck  // slicecheck len|cap lo, hi, max, bound
	OpDivCheck    // divcheck d
	OpShiftCheck  // shiftcheck s
	OpLenCheck    // lencheck l, n (slice to array conversion)

	// Terminators.
	OpJump   // jump b
	OpIf     // if c, then, else
	OpReturn // return results…
	OpPanic  // panic x

	// Gated SSA (GSA discipline only; see gsa.go). Gamma and mu sit
	// among a join block's phis, eta among the instructions.
	OpGamma // r = gamma [p0] x0, [p1] x1, …  (x_k chosen where p_k is 1)
	OpMu    // r = mu x0, x1                 (loop header: x0 from the entry, x1 from the latch)
	OpEta   // r = eta [p] x                 (loop exit: x, p must be 1)

	numOps
)

// Effects of an instruction kind.
type Effect uint16

const (
	ReadsMem   Effect = 1 << iota // may read memory
	WritesMem                     // may write memory
	MayPanic                      // may raise a Go panic
	Unchecked                     // has a precondition whose violation is undefined behaviour
	Calls                         // may call arbitrary code
	MayBlock                      // may block the goroutine
	Terminator                    // ends a block; the only one that may
	IsCheck                       // an explicit run-time check
	External                      // produces an external event (a call may too)
)

// Arity says how many operands or results an instruction kind has.
type Arity struct {
	Min, Max int // Max < 0: unbounded
}

func fixed(n int) Arity      { return Arity{n, n} }
func between(a, b int) Arity { return Arity{a, b} }
func atLeast(n int) Arity    { return Arity{n, -1} }

func (a Arity) ok(n int) bool { return n >= a.Min && (a.Max < 0 || n <= a.Max) }

type opInfo struct {
	name   string
	args   Arity
	dsts   Arity
	effect Effect
}

var opInfos = [numOps]opInfo{
	OpInvalid: {"invalid", fixed(0), fixed(0), 0},

	OpConst:  {"const", fixed(0), fixed(1), 0},
	OpGlobal: {"global", fixed(0), fixed(1), 0},
	OpFunc:   {"func", fixed(0), fixed(1), 0},

	OpCopy: {"copy", fixed(1), fixed(1), 0},
	OpPhi:  {"phi", atLeast(0), fixed(1), 0},

	OpAdd:    {"add", fixed(2), fixed(1), 0},
	OpSub:    {"sub", fixed(2), fixed(1), 0},
	OpMul:    {"mul", fixed(2), fixed(1), 0},
	OpDiv:    {"div", fixed(2), fixed(1), Unchecked},
	OpRem:    {"rem", fixed(2), fixed(1), Unchecked},
	OpAnd:    {"and", fixed(2), fixed(1), 0},
	OpOr:     {"or", fixed(2), fixed(1), 0},
	OpXor:    {"xor", fixed(2), fixed(1), 0},
	OpAndNot: {"andnot", fixed(2), fixed(1), 0},
	OpShl:    {"shl", fixed(2), fixed(1), Unchecked},
	OpShr:    {"shr", fixed(2), fixed(1), Unchecked},
	OpEq:     {"eq", fixed(2), fixed(1), MayPanic}, // comparing interfaces holding uncomparable values panics
	OpNe:     {"ne", fixed(2), fixed(1), MayPanic},
	OpLt:     {"lt", fixed(2), fixed(1), 0},
	OpLe:     {"le", fixed(2), fixed(1), 0},
	OpGt:     {"gt", fixed(2), fixed(1), 0},
	OpGe:     {"ge", fixed(2), fixed(1), 0},
	OpNeg:    {"neg", fixed(1), fixed(1), 0},
	OpNot:    {"not", fixed(1), fixed(1), 0},
	OpCompl:  {"compl", fixed(1), fixed(1), 0},

	OpConvert:         {"convert", fixed(1), fixed(1), 0},
	OpChangeType:      {"changetype", fixed(1), fixed(1), 0},
	OpChangeInterface: {"changeiface", fixed(1), fixed(1), 0},
	OpMakeInterface:   {"makeiface", fixed(1), fixed(1), 0},
	OpSliceToArrayPtr: {"slicetoarrayptr", fixed(1), fixed(1), Unchecked},
	OpTypeAssert:      {"typeassert", fixed(1), between(1, 2), MayPanic},

	OpAlloc:     {"alloc", fixed(0), fixed(1), WritesMem},
	OpLoad:      {"load", fixed(1), fixed(1), ReadsMem | Unchecked},
	OpStore:     {"store", fixed(2), fixed(0), WritesMem | Unchecked},
	OpFieldAddr: {"fieldaddr", fixed(1), fixed(1), Unchecked},
	OpField:     {"field", fixed(1), fixed(1), 0},
	OpIndexAddr: {"indexaddr", fixed(2), fixed(1), Unchecked},
	OpIndex:     {"index", fixed(2), fixed(1), Unchecked},
	OpSlice:     {"slice", fixed(4), fixed(1), Unchecked},
	OpLen:       {"len", fixed(1), fixed(1), 0},
	OpCap:       {"cap", fixed(1), fixed(1), 0},

	OpMakeSlice:   {"makeslice", fixed(2), fixed(1), WritesMem | MayPanic},
	OpMakeMap:     {"makemap", fixed(1), fixed(1), WritesMem | MayPanic},
	OpMakeChan:    {"makechan", fixed(1), fixed(1), WritesMem | MayPanic},
	OpMakeClosure: {"makeclosure", atLeast(0), fixed(1), WritesMem},
	OpLookup:      {"lookup", fixed(2), between(1, 2), ReadsMem | MayPanic},
	OpMapUpdate:   {"mapupdate", fixed(3), fixed(0), ReadsMem | WritesMem | MayPanic},

	OpSend:   {"send", fixed(2), fixed(0), ReadsMem | WritesMem | MayPanic | MayBlock},
	OpRecv:   {"recv", fixed(1), between(1, 2), ReadsMem | WritesMem | MayPanic | MayBlock},
	OpSelect: {"select", atLeast(0), atLeast(2), ReadsMem | WritesMem | MayPanic | MayBlock},
	OpRange:  {"range", fixed(1), fixed(1), ReadsMem | WritesMem},
	OpNext:   {"next", fixed(1), fixed(3), ReadsMem | WritesMem},

	OpCall:      {"call", atLeast(0), atLeast(0), ReadsMem | WritesMem | MayPanic | Calls | MayBlock | External},
	OpGo:        {"go", atLeast(0), fixed(0), ReadsMem | WritesMem | MayPanic | Calls | External},
	OpDefer:     {"defer", atLeast(1), fixed(0), ReadsMem | WritesMem | MayPanic},
	OpRunDefers: {"rundefers", fixed(0), fixed(0), ReadsMem | WritesMem | MayPanic | Calls | MayBlock | External},

	OpNilCheck:    {"nilcheck", fixed(1), fixed(0), MayPanic | IsCheck},
	OpBoundsCheck: {"boundscheck", fixed(2), fixed(0), MayPanic | IsCheck},
	OpSliceCheck:  {"slicecheck", fixed(4), fixed(0), MayPanic | IsCheck},
	OpDivCheck:    {"divcheck", fixed(1), fixed(0), MayPanic | IsCheck},
	OpShiftCheck:  {"shiftcheck", fixed(1), fixed(0), MayPanic | IsCheck},
	OpLenCheck:    {"lencheck", fixed(2), fixed(0), MayPanic | IsCheck},

	OpJump:   {"jump", fixed(0), fixed(0), Terminator},
	OpIf:     {"if", fixed(1), fixed(0), Terminator},
	OpReturn: {"return", atLeast(0), fixed(0), Terminator},
	OpPanic:  {"panic", fixed(1), fixed(0), Terminator | MayPanic},

	OpGamma: {"gamma", atLeast(0), fixed(1), 0},
	OpMu:    {"mu", fixed(2), fixed(1), 0},
	OpEta:   {"eta", fixed(1), fixed(1), 0},
}

// String returns the name used in the text format.
func (op Op) String() string {
	if op < numOps && opInfos[op].name != "" {
		return opInfos[op].name
	}
	return "op?"
}

// Effects returns what instructions of this kind may do.
func (op Op) Effects() Effect {
	if op < numOps {
		return opInfos[op].effect
	}
	return 0
}

// Has reports whether op may have effect e.
func (op Op) Has(e Effect) bool { return op.Effects()&e != 0 }

// IsTerminator reports whether op ends a block.
func (op Op) IsTerminator() bool { return op.Has(Terminator) }

// ArgArity and DstArity give the number of operands and results an
// instruction of this kind may have.
func (op Op) ArgArity() Arity { return opInfos[op].args }
func (op Op) DstArity() Arity { return opInfos[op].dsts }

// NumSuccs is the number of successors a terminator has (0 for others).
func (op Op) NumSuccs() int {
	switch op {
	case OpJump:
		return 1
	case OpIf:
		return 2
	}
	return 0
}

// opByName maps text-format names back to kinds.
var opByName = func() map[string]Op {
	m := make(map[string]Op, numOps)
	for op := OpInvalid + 1; op < numOps; op++ {
		m[opInfos[op].name] = op
	}
	// The heap form of alloc is spelled "new" in the text format.
	m["new"] = OpAlloc
	return m
}()

// AllOps lists every valid instruction kind, in declaration order.
func AllOps() []Op {
	ops := make([]Op, 0, numOps-1)
	for op := OpInvalid + 1; op < numOps; op++ {
		ops = append(ops, op)
	}
	return ops
}
