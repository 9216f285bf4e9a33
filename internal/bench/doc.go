// Package bench measures vssa's middle-end against x/tools' own lifting
// on the same packages, in one process and one run.
//
// Times are CPU time attributed by the profiler to the function doing
// the work (x/tools' lift; vssa's normalize, builders, validators, IR
// checker and pass manager), so that background garbage collection,
// which depends on everything else in the heap, is left out of every
// figure alike; allocation assists are in. vssa is measured on the
// functions x/tools also lifts (by name); x/tools' figures cover all of
// its functions, and the report says what share of its instructions
// the common ones hold.
//
// Measured, each in a loop repeated inside its profile (the builders, the
// pass manager and x/tools' lifted build in one profile, taking turns
// repetition by repetition, so that the ratios of the targets compare
// figures measured in the same conditions: measured a minute apart,
// x/tools' lift moved between 90 and 115 ms from run to run):
//   - normalize and its validator, and the IR checker on its results;
//   - each SSA builder (promotion, of which copying the input and
//     finding the promotable allocations, then SSA construction proper)
//     and its validator, the two builders taking turns function by
//     function, each starting right after the IR checker read its input
//     (its full check, as the pass manager's input has had); each build
//     and its validation also timed together by the thread's CPU time
//     (Linux), a figure without the profile's sampling error (a clock
//     read between them, a system call, slowed the validator);
//   - the pass manager running normalize and mem2reg on each function of
//     the bridge, fully checked right before (as vssa check does, and
//     measured apart), with where its time goes;
//   - gvn and its validator on each accepted result of mem2reg (Cytron),
//     right after it, with where the pass's time goes, and checkelim
//     and its validator on each of gvn's;
//   - yardsticks: one read of every instruction's operands, and the CFG
//     analyses the builders read from the IR checker's cache.
//
// Each measured call gets a copy of its input whose register types have
// their room free (fresh): repetitions of a pass on one input would
// otherwise find the room claimed by the previous result, and copy the
// types, which the pass manager, running each function once, does not.
//
// Report prints the median run, then the targets' lines:
//
//	mem2reg+validate / lift = X.XXx, validate / build = Y%
//	pipeline / lift = Z.ZZx
//
// All three come from the profiles (the call-by-call times carry the
// clock reads' own disturbance, some 10% more): X and Z each the median
// of its ratio over the runs, Y, the least sampled figure, from the
// samples of every run. x/tools' lift is profiled over 20 builds: over
// 5 it measured 116-160 ms on std from run to run, over 20 111-119.
package bench
