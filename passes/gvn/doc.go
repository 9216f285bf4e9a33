// Package gvn is global value numbering with common subexpression
// elimination on SSA form: registers that hold equal values wherever
// both are defined get one number, and every use of a register is
// replaced by the number's register whose definition dominates it
// (its leader); what is left without uses and without effects goes.
//
// The numbering is optimistic (Simpson's RPO algorithm: "Value-Driven
// Redundancy Elimination", 1996, after Alpern, Wegman and Zadeck): it
// starts from "every value may equal every other" and iterates over the
// blocks in reverse postorder until nothing changes, so it finds
// congruences that go around loops, which a pessimistic walk of the
// dominator tree misses (Pessimistic numbers that way, for comparison).
// When no edge goes back in that order, every operand is numbered
// before its use and one round is final: then the walk that picks the
// leaders (walk.go) numbers each block as it reaches it, and there are
// no rounds.
// A number is a key (table.go: an open-addressing table of plain-memory
// keys without pointers, the result types compared apart with
// types.Identical; a constant's key holds its type's hash, typehash.go,
// which identical types share, so that one value's constants of many
// types do not all chain on one key, and its value as bits, or for a
// string a hash of it, compared apart when two keys meet): the
// instruction's kind, attributes and result types with its operands'
// numbers; a phi's adds its block; a memory read's
// adds the memory version it sees (memory.go); a const's, and that of
// an integer, boolean or string operation on constants (ir.Fold), is
// the constant. Copies take their operand's number, phis whose
// arguments all have one number take it.
//
// Checks are keyed too: a check dominated by a check of the same key
// (on equally numbered operands) cannot fail and goes, as does an
// instruction that may panic whose leader is the same operation.
//
// On GSA form a gamma's key holds its gates, their atoms read as
// numbers, and leaves its block out where it reads its gates and
// arguments only from before its join: gated value numbering (gated.go).
//
// validate.GVN checks every result from the numbering, the memory
// versions and the removals the pass hands over (validate.GVNHints).
package gvn
