// Package gcm is Click's global code motion ("Global Code Motion /
// Global Value Numbering", PLDI 1995) on the Sea of Nodes form of a
// function (ir/son): every data node goes to the block of least loop
// depth between the earliest block its inputs allow (schedule early)
// and the dominator-tree lowest common ancestor of its uses (schedule
// late), the latest such block on a tie, and the graph is scheduled
// back into a function.
//
// Only data nodes move: they are pure and cannot panic, so evaluating
// one on a path where it did not run changes nothing; an unchecked one
// (a division, an address) has an anchor, the effect before it, and
// schedule early never puts it above its anchor's block, so it may sink
// but never leaves its guard. Effects, checks and control stay in
// place and in order. In a function with a recover block, nothing
// moves between the entry and the blocks the recover block reaches
// (recover.go): a recovered panic enters them from the middle of the
// entry. Validated by validate.GCM, which rebuilds both graphs and
// accepts only a legal schedule of the same graph.
//
// For code compiled to registers (vssa compile), Bounded hoists only
// what the loops left have registers for, and sinks nothing within its
// loop (pressure.go); the validator is the same.
package gcm
