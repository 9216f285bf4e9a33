// Package mutation is the mutation harness of vssa's validators, for
// tests: given a pass (one or more builders of its results, with one
// validator and one hints type), a corpus of Go programs and the kinds
// of mutation the pass's test defines, it
//
//   - translates every function of every program, makes it the pass's
//     input (Suite.Prepare), runs each builder on it, and checks that
//     the validator accepts the honest result and that the program
//     behaves the same with it in place;
//   - applies each kind to each honest result, at up to MaxPerKind of
//     the sites the kind finds (picked at random with a seed fixed by
//     the program, function, builder and kind, and Suite.Seed), and
//     asks about every mutant what the pass manager asks: the
//     validator, then the IR checker (Suite.Test takes 2 sites of a
//     kind, other ones in every run, and MaxPerKind with VSSA_LONG=1;
//     see internal/testlong);
//   - runs the whole program, under the reference interpreter, with
//     every accepted mutant in place of the function, and compares its
//     output and exit status with the original program's; a sample of
//     the rejected mutants is run too, to show that the comparison can
//     see a difference;
//   - reports per kind how many mutants it generated, how many the
//     validator rejected, and how many it accepted and were shown
//     equivalent, and fails when an accepted mutant behaves differently
//     (or the validator panics, or a kind generates nothing).
//
// A kind that keeps behaviour by construction (a renaming, a reordering
// of what runs in parallel) may be accepted; every other kind's mutants
// should be rejected, and are counted as equivalent only when the
// program could not tell them apart.
//
// The interpreter calls the standard library for real, so output that
// fmt writes to os.Stdout is captured from the process's standard
// output: runs take turns, and a suite must not run in parallel with
// other tests that write there.
package mutation
