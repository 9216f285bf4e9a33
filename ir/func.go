// This file defines functions, blocks and modules.

package ir

import (
	"go/token"
	"go/types"
	"sort"
	"sync/atomic"
)

// Func is one function: a control-flow graph of basic blocks over virtual
// registers.
//
// Invariants (checked by Check):
//   - Blocks[i].Index == i; Blocks[0] is the entry and has no predecessors.
//   - Every block ends with exactly one terminator, its last instruction.
//   - Succs are given by the terminator (jump: 1, if: then/else, return
//     and panic: none); Preds lists, for each incoming edge, its source,
//     so a block reached twice from the same block lists it twice.
//     Phi argument k belongs to the edge Preds[k].
//   - TypeOf(r) is the type of register r (see regs.go), for the
//     NumRegs registers 0 … NumRegs()-1; Params and FreeVars are
//     registers defined on entry.
//   - Recover, if not -1, is a block entered only after a recovered
//     panic; it has no predecessors and for dominance it counts as a
//     successor of the entry block.
type Func struct {
	Name     string // as go/ssa names it: "main.f", "(*main.T).M", "main.f$1"
	Params   []Reg
	FreeVars []Reg // closure bindings, in makeclosure order
	Results  []types.Type
	Variadic bool // the last parameter is ...T (its register has type []T)
	Blocks   []*Block
	Recover  int
	Pos      token.Pos

	// regs are the registers' types, in an array shared with clones.
	regs regTypes

	// Wrapper marks a synthetic function that only forwards to another
	// (go/ssa's method wrappers, bound-method closures and thunks): like
	// Go's wrappers, it is transparent to recover. Printed "wrapper".
	Wrapper bool

	// Module gives the declarations of the globals and functions the
	// body refers to. It may be nil for a function built in isolation.
	Module *Module

	// counts caches Counts. It makes Func a type not to copy (go vet
	// says so): a copy that is then changed would keep counts of the
	// original. ShallowClone and Clone start without.
	counts atomic.Pointer[RegCounts]

	// verdict caches the checker's acceptance of f (see Verdict); like
	// counts, it is not copied.
	verdict atomic.Pointer[Verdict]

	// sig caches Signature; like counts, it is not copied.
	sig atomic.Pointer[types.Signature]

	// cfg caches CFG: the analyses of the edges it was computed for,
	// which CFG compares with the edges f has before using it. Clones
	// start with their original's (the same edges until a pass changes
	// them).
	cfg atomic.Pointer[CFGInfo]
}

// Block is a basic block.
//
// Printed form (preds after "<-", phis first, then the other
// instructions, the last of which is the terminator):
//
//	b3: <- b1, b2
//	    r7:int = phi r4, r6
//	    jump b4
type Block struct {
	Index  int
	Preds  []int
	Succs  []int
	Phis   []*Instr // only in SSA discipline; one argument per predecessor
	Instrs []*Instr // the last one is the terminator
}

// Terminator returns the last instruction of b, or nil if b is empty or
// does not end with a terminator.
func (b *Block) Terminator() *Instr {
	if n := len(b.Instrs); n > 0 && b.Instrs[n-1].Op.IsTerminator() {
		return b.Instrs[n-1]
	}
	return nil
}

// PredIndex returns the index in succ.Preds of the edge that is b's
// k-th successor edge, succ being b.Succs[k] (b may reach succ by
// several edges, listed in the same order in both lists), or -1 if
// succ does not list it. Phi argument PredIndex(k, succ) of succ is the
// one that edge carries.
func (b *Block) PredIndex(k int, succ *Block) int {
	return PredIndexOf(b.Succs, k, b.Index, succ.Preds)
}

// PredIndexOf returns the index in preds (a block's predecessors) of
// the k-th successor edge of block b, whose successors are succs, or
// -1: the edges from b to one block are listed in the same order on
// both sides. It is Block.PredIndex for code that keeps edges in its
// own blocks (the native backend's and its validator's).
func PredIndexOf(succs []int, k, b int, preds []int) int {
	n := 0 // edges from b to the same block before the k-th
	for _, s := range succs[:k] {
		if s == succs[k] {
			n++
		}
	}
	for j, p := range preds {
		if p == b {
			if n == 0 {
				return j
			}
			n--
		}
	}
	return -1
}

// NewFunc returns an empty function with the given name.
func NewFunc(name string) *Func {
	return &Func{Name: name, Recover: -1}
}

// NewBlock appends an empty block.
func (f *Func) NewBlock() *Block {
	b := &Block{Index: len(f.Blocks)}
	f.Blocks = append(f.Blocks, b)
	return b
}

// AddEdge adds the edge from → to (appending to from.Succs and to.Preds).
func (f *Func) AddEdge(from, to int) {
	f.Blocks[from].Succs = append(f.Blocks[from].Succs, to)
	f.Blocks[to].Preds = append(f.Blocks[to].Preds, from)
}

// Signature returns the Go signature of f (the receiver, if any, is the
// first parameter; free variables are not part of it). The checker asks
// for the signature of the callee of every static call, so it is kept
// with f and made again only when a parameter's or result's type,
// their number or variadicity differs from what it was made of.
func (f *Func) Signature() *types.Signature {
	if sig := f.sig.Load(); sig != nil && f.describedBy(sig) {
		return sig
	}
	params := make([]*types.Var, len(f.Params))
	for i, p := range f.Params {
		params[i] = types.NewParam(token.NoPos, nil, "", f.TypeOf(p))
	}
	results := make([]*types.Var, len(f.Results))
	for i, t := range f.Results {
		results[i] = types.NewParam(token.NoPos, nil, "", t)
	}
	sig := types.NewSignatureType(nil, nil, nil, types.NewTuple(params...), types.NewTuple(results...), f.Variadic)
	f.sig.Store(sig)
	return sig
}

// describedBy reports whether sig is the signature f has now: the same
// type values, in number and order, and variadicity.
func (f *Func) describedBy(sig *types.Signature) bool {
	ps, rs := sig.Params(), sig.Results()
	if sig.Variadic() != f.Variadic || ps.Len() != len(f.Params) || rs.Len() != len(f.Results) {
		return false
	}
	for i, p := range f.Params {
		if !f.HasReg(p) || ps.At(i).Type() != f.TypeOf(p) {
			return false
		}
	}
	for i, t := range f.Results {
		if rs.At(i).Type() != t {
			return false
		}
	}
	return true
}

// Clone returns a deep copy of f that shares only types, the array of
// register types (see regs.go) and the module.
func (f *Func) Clone() *Func {
	g := f.ShallowClone()
	var instrs, regs int
	for _, b := range f.Blocks {
		for _, list := range [2][]*Instr{b.Phis, b.Instrs} {
			instrs += len(list)
			for _, in := range list {
				regs += len(in.Dsts()) + len(in.Args())
			}
		}
	}
	var a Arena
	a.Reserve(instrs, regs)
	for _, b := range g.Blocks {
		for _, list := range [2][]*Instr{b.Phis, b.Instrs} {
			for k, in := range list {
				list[k] = a.New(in)
			}
		}
	}
	return g
}

// ShallowClone returns a copy of f whose blocks, edge lists and
// instruction lists are its own but whose instructions are f's: a pass
// may replace, insert or delete instructions of the copy, but must clone
// an instruction before modifying it (see Instr.Clone and Arena). Passes
// never modify their input, so results can share unchanged instructions
// with it. The copy shares f's register types until one of them changes
// a type (adding registers to the copy leaves f's alone, see regs.go).
// It does not read the instructions (all lists are in slabs).
func (f *Func) ShallowClone() *Func { return f.ShallowCloneExcept(nil) }

// ShallowCloneExcept is ShallowClone but for the blocks b with
// rebuilt[b] (rebuilt may be nil or shorter than the blocks), whose
// phi and instruction lists are left empty, with room for the input's,
// for the caller to fill: a pass that rebuilds most blocks saves
// copying their lists only to overwrite them.
func (f *Func) ShallowCloneExcept(rebuilt []bool) *Func {
	// Few allocations, for the many small functions: the parameters and
	// free variables share one array (each list capped, so that
	// appending to one reallocates it instead of overwriting the other).
	nparams := len(f.Params)
	var params []Reg
	if nparams+len(f.FreeVars) > 0 {
		params = make([]Reg, nparams+len(f.FreeVars))
		copy(params, f.Params)
		copy(params[nparams:], f.FreeVars)
	}
	g := &Func{
		Name:     f.Name,
		Params:   nilIfEmpty(params[:nparams:nparams]),
		FreeVars: nilIfEmpty(params[nparams:]),
		Results:  f.Results[:len(f.Results):len(f.Results)],
		Variadic: f.Variadic,
		Recover:  f.Recover,
		regs:     f.regs.share(),
		Pos:      f.Pos,
		Wrapper:  f.Wrapper,
		Module:   f.Module,
	}
	nedges, ninstrs := 0, 0
	for _, b := range f.Blocks {
		nedges += len(b.Preds) + len(b.Succs)
		ninstrs += len(b.Phis) + len(b.Instrs)
	}
	blocks := make([]Block, len(f.Blocks))
	edges := slab[int]{buf: make([]int, nedges)}
	ptrs := slab[*Instr]{buf: make([]*Instr, ninstrs)}
	g.Blocks = make([]*Block, len(f.Blocks))
	for i, b := range f.Blocks {
		nb := &blocks[i]
		nb.Index = b.Index
		nb.Preds = edges.copyOf(b.Preds)
		nb.Succs = edges.copyOf(b.Succs)
		if i < len(rebuilt) && rebuilt[i] {
			nb.Phis, nb.Instrs = ptrs.room(len(b.Phis)), ptrs.room(len(b.Instrs))
		} else {
			nb.Phis = ptrs.copyOf(b.Phis)
			nb.Instrs = ptrs.copyOf(b.Instrs)
		}
		g.Blocks[i] = nb
	}
	g.cfg.Store(f.cfg.Load())
	return g
}

// nilIfEmpty returns s, or nil if it is empty (as clones had their lists
// when each was copied on its own).
func nilIfEmpty[T any](s []T) []T {
	if len(s) == 0 {
		return nil
	}
	return s
}

// Module is a set of functions with the declarations they refer to.
//
// Printed form: the named types, globals and external functions
// referred to, then the functions:
//
//	type main.T struct{x int}
//	method (main.T) String @"(main.T).String"
//	global @main.count int
//	declare @fmt.Println func(...any) (int, error)
//	func @main.f(r0 int) int {
//	…
//	}
type Module struct {
	Fset    *token.FileSet              // positions of instructions; may be nil
	Globals map[string]types.Type       // package-level variables: name → variable type
	Externs map[string]*types.Signature // functions without a body here
	Funcs   []*Func

	// Methods are the method sets of named types and of pointers to
	// them, for dynamic dispatch: receiver type (as TypeString prints
	// it: "main.T", "*main.T") → method name → the function of the
	// module implementing it (defined or declared). Printed with the
	// receiver's base type, as "method (RECV) NAME @FUNC" lines; Parse
	// also gives the parsed named types these methods (see methods.go).
	Methods map[string]map[string]string

	// Discipline is the discipline of all the module's functions, if
	// DisciplineSet: the text's "discipline rtl|ssa" line, which says
	// how "vssa ir" checks the functions by default.
	Discipline    Discipline
	DisciplineSet bool

	byName map[string]*Func
}

// NewModule returns an empty module.
func NewModule() *Module {
	return &Module{
		Globals: map[string]types.Type{},
		Externs: map[string]*types.Signature{},
		Methods: map[string]map[string]string{},
		byName:  map[string]*Func{},
	}
}

// Add adds f to the module. A function of the same name is replaced.
func (m *Module) Add(f *Func) {
	f.Module = m
	if old, ok := m.byName[f.Name]; ok {
		for i, g := range m.Funcs {
			if g == old {
				m.Funcs[i] = f
			}
		}
	} else {
		m.Funcs = append(m.Funcs, f)
	}
	m.byName[f.Name] = f
}

// Func returns the function named name, or nil.
func (m *Module) Func(name string) *Func { return m.byName[name] }

// FuncSignature returns the signature of the function named name, from
// its body or its declaration, and whether it is known.
func (m *Module) FuncSignature(name string) (*types.Signature, bool) {
	if f := m.byName[name]; f != nil {
		return f.Signature(), true
	}
	sig, ok := m.Externs[name]
	return sig, ok
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

func sortStrings(s []string) { sort.Strings(s) }

// sortNamed orders named types by their printed name.
func sortNamed(ts []*types.Named) {
	sort.Slice(ts, func(i, j int) bool { return TypeString(ts[i]) < TypeString(ts[j]) })
}
