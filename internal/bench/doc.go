// Package bench measures the SSA construction of vssa against x/tools'
// own lifting on the same packages, in one process and one run. Times
// are CPU time attributed by the profiler to the function doing the work
// (x/tools' lift, vssa's normalize, builders and validators), so that
// background garbage collection, which depends on everything else in the
// heap, is left out of every figure alike. x/tools' lifting is also
// reported as the issue first defined it, its default-mode build minus
// its NaiveForm build; that difference is about zero (the NaiveForm build
// makes more instructions, which costs about what lifting saves), so it
// is not used for ratios. It also counts the phis each builder produces.
// The vssa bench command prints the result.
package bench
