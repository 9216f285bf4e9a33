// Package bench measures the SSA construction of vssa against x/tools'
// own lifting on the same packages, in one process and one run. Times
// are CPU time attributed by the profiler to the function doing the work
// (x/tools' lift, vssa's normalize, builders and validators), so that
// background garbage collection, which depends on everything else in the
// heap, is left out of every figure alike. x/tools' lifting is also
// reported as the issue first defined it, its default-mode build minus
// its NaiveForm build; that difference is about zero (the NaiveForm build
// makes more instructions, which costs about what lifting saves), so it
// is not used for ratios. Each pass's results are checked by the IR
// checker too, as the pass manager does, and its time is reported on its
// own line: the checker leaves the register counts that the next
// validator reads (ir.Func.Counts), so it is part of what validation
// relies on. The pass manager runs every pass on one function before the
// next, so a pass starts on a function the checker has just read (as
// x/tools lifts a function it has just built); the builders' loop does
// the same, running the checker on each input right before each builder
// (reported apart), counting its registers again as on a new function.
// It also counts the phis each builder produces, and times every builder
// and validator call by its thread's CPU time as well (Linux), a figure
// without the profile's sampling error. From the same profile it splits
// each build into promotion, of which copying the input and finding the
// promotable allocations, and SSA construction proper: x/tools lifts in
// place, while a validated pass leaves its input intact, for the
// validator to compare with and for the pass manager to fall back on,
// so the copy is a cost of validation that x/tools' figure does not
// have. The vssa bench command prints the result.
package bench
