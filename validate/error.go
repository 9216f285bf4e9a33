// This file defines the validators' one error type and the rules they
// check (rules_test.go gives every rule a rejected case).

package validate

import (
	"fmt"
	"strings"

	"github.com/vssa-go/vssa/ir"
)

// Error is a rejection: which rule a result breaks, and where. Its
// message says the entity, the problem and what was wanted; it does not
// name the pass or the function, which the pass manager's report gives.
type Error struct {
	Validator string // the validator: "normalize", "mem2reg", "ssagen", "outofssa" (not printed)
	Rule      Rule
	Block     int    // -1 if not about one block
	Context   string // the printed instruction, if any
	Msg       string
}

func (e *Error) Error() string {
	var sb strings.Builder
	if e.Block >= 0 {
		fmt.Fprintf(&sb, "b%d: ", e.Block)
	}
	if e.Context != "" {
		fmt.Fprintf(&sb, "%s: ", e.Context)
	}
	fmt.Fprintf(&sb, "%s [%s]", e.Msg, e.Rule)
	return sb.String()
}

// Rule names a property of a correct result.
type Rule string

// The rules, each with the property it names. A rule may be checked by
// several validators.
const (
	// The result is the input but for what the pass may change: the
	// same signature and parameters, blocks, edges and instructions
	// where the pass leaves them (erasing versions to their registers,
	// for SSA construction), and it is a function with an entry.
	RuleStructure Rule = "structure"
	// The hints describe the result: they are there, cover what they
	// must (blocks, added registers) and name things that exist, once.
	RuleHints Rule = "hints"
	// A register keeps its input's type; a version has its register's
	// type, a promoted variable the type its address points to.
	RuleTypes Rule = "types"

	// normalize: edges are consistent (each block's predecessors are the
	// sources of the edges into it), and a kept block's successor is the
	// image of the input's, directly or through an inserted block.
	RuleEdges Rule = "edges"
	// normalize: every block is reachable from the entry.
	RuleReachable Rule = "reachable"
	// normalize and SSA: every edge into a join leaves a block ending in
	// a jump.
	RuleNormalised Rule = "normalised"
	// normalize: the entry is the input's entry.
	RuleEntry Rule = "entry"
	// normalize: only unreachable blocks are removed.
	RuleRemoved Rule = "removed"
	// normalize: the recover block is kept as the recover block, and
	// none appears. gcm: a data node the recover block's side reads is
	// defined after the same instructions of the entry that may panic
	// as in the input.
	RuleRecover Rule = "recover"
	// normalize: an inserted block holds only a jump and has one
	// predecessor.
	RuleInserted Rule = "inserted"

	// outofssa: no phis are left.
	RuleNoPhis Rule = "no-phis"
	// outofssa: the copies inserted before a jump into a join implement
	// its phis' parallel assignment, write only phi results and
	// temporaries, and read temporaries only after writing them.
	RuleMoves Rule = "moves"
	// outofssa: temporaries are new registers with types.
	RuleTemps Rule = "temps"

	// mem2reg: a promoted variable is a local allocation defined once,
	// whose address is only the address of loads and stores, and is
	// never used where only a panic leads.
	RulePromotable Rule = "promotable"
	// SSA construction: phis sit in join blocks.
	RulePhiJoin Rule = "phi-join"
	// SSA construction: a phi has one result and one argument per
	// predecessor.
	RulePhiArity Rule = "phi-arity"
	// SSA construction: phi argument k is the version of its register
	// current at the end of predecessor k.
	RulePhiUse Rule = "phi-use"
	// SSA construction: a register live at a join without a phi has the
	// same current version at the end of every predecessor.
	RulePhiMissing Rule = "phi-missing"
	// SSA construction: every register is defined once.
	RuleUniqueDef Rule = "unique-def"
	// SSA construction: every operand is the current version of its
	// register.
	RuleUse Rule = "use"

	// gvn: the numbering is a post-fixpoint of the congruence rules:
	// every register of a class is related to it by its key, a copy, a
	// phi of its class's registers, or is its one parameter.
	RuleNumbering Rule = "numbering"
	// gvn: a block without a memory version of its own starts with the
	// one every predecessor leaves.
	RuleMemory Rule = "memory"
	// gvn: an operand replaced is replaced by a kept register of its
	// class whose definition strictly dominates the use.
	RuleReplace Rule = "replace"
	// gvn: a removed instruction has no effect, or only may panic and is
	// covered by a kept one with its key that strictly dominates it;
	// checkelim: a removed instruction is a check it knows the fact of.
	RuleRemove Rule = "remove"

	// checkelim: the facts of each block's start are about registers
	// defined there, and hold on every edge into it (none at the entry
	// and recover blocks).
	RuleFacts Rule = "facts"
	// checkelim: a removed check's fact holds where the check was.
	RuleImplied Rule = "implied"
	// checkelim: a comparison said to have one outcome has the facts of
	// that outcome where it stands.
	RuleDecided Rule = "decided"

	// gcm: every block keeps the input's phis, effects (loads, stores,
	// calls, checks, allocations, everything that may panic) and
	// control, in order, and the function its data nodes.
	RuleEffects Rule = "effects"
	// gcm: every data node is defined before its uses: its block
	// dominates theirs, and in one block it comes first (the
	// dependences of the Sea of Nodes graph).
	RulePlace Rule = "place"
	// gcm: an unchecked data node (a division, an address, an index)
	// stays after the effect it followed in the input, its anchor: the
	// check guarding it came before.
	RuleAnchor Rule = "anchor"

	// zce: a removed instruction is a divcheck, and a kept divcheck of
	// the same register strictly dominates it in the input (not through
	// the recover block's edge from the entry).
	RuleCovered Rule = "covered"

	// regalloc: every location an instruction reads holds the value it
	// reads, and every phi's location holds its argument after the
	// parallel move on each edge into its block.
	RuleLocation Rule = "location"

	// gsa: an operand renamed is the result of an eta of the input's
	// operand that strictly precedes the use.
	RuleRename Rule = "rename"
	// gsa: the gates of a gamma or eta are the entries of a row of the
	// predicate matrix, of a block that strictly dominates theirs.
	RuleGates Rule = "gates"
	// gsa: the predicate matrix is coherent (CompCertGSA Def. 5.2).
	RuleCoherence Rule = "coherence"
	// gsa: the gates of a gamma are pairwise exclusive (Def. 5.4).
	RuleExclusive Rule = "exclusive"
)

// AllRules lists the rules.
var AllRules = []Rule{
	RuleStructure, RuleHints, RuleTypes,
	RuleEdges, RuleReachable, RuleNormalised, RuleEntry, RuleRemoved, RuleRecover, RuleInserted,
	RuleNoPhis, RuleMoves, RuleTemps,
	RulePromotable, RulePhiJoin, RulePhiArity, RulePhiUse, RulePhiMissing, RuleUniqueDef, RuleUse,
	RuleNumbering, RuleMemory, RuleReplace, RuleRemove,
	RuleFacts, RuleImplied, RuleDecided,
	RuleEffects, RulePlace, RuleAnchor,
	RuleCovered,
	RuleLocation,
	RuleRename, RuleGates, RuleCoherence, RuleExclusive,
}

// rejecter builds errors for one validator and one function (whose
// instructions it prints).
type rejecter struct {
	validator string
	f         *ir.Func
}

func (r rejecter) at(b *ir.Block, in *ir.Instr, rule Rule, format string, args ...any) *Error {
	e := &Error{Validator: r.validator, Block: -1, Rule: rule, Msg: fmt.Sprintf(format, args...)}
	if b != nil {
		e.Block = b.Index
		if in != nil && r.f != nil {
			e.Context = ir.FormatInstr(r.f, b, in)
		}
	}
	return e
}

func (r rejecter) fn(rule Rule, format string, args ...any) *Error {
	return r.at(nil, nil, rule, format, args...)
}

// missing rejects a nil function (a result is never nil; a pass that
// has nothing to do returns its input) and one without blocks, which
// no well-formed function is and the checks below assume has an entry.
func (r rejecter) missing(before, after *ir.Func) error {
	if before == nil || after == nil {
		return r.fn(RuleStructure, "function is missing, want the input and a result")
	}
	if len(before.Blocks) == 0 || len(after.Blocks) == 0 {
		return r.fn(RuleStructure, "function has no blocks, want an entry block")
	}
	return nil
}
