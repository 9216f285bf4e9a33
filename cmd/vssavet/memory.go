package main

import "github.com/vssa-go/vssa/internal/heapgrowth"

// heapGrowth is vssavet's GOGC unless the environment sets GOGC or
// GOMEMLIMIT. go vet runs it once per package, so its live heap is one
// package's syntax, types, SSA and forms: at go's default of 100 the
// collector's marking took a quarter of its CPU on compress's
// module-only run (perf, issue 44). At 200, replayed units of compress
// run 13-15% fewer instructions (callgrind: fse 1.756G to 1.492G, lzw
// 1.350G to 1.179G) and the largest unit, zstd with its tests, peaks at
// 329 MB instead of 246 MB (nilness alone: 224 MB; issue 44 allows 2x).
const heapGrowth = 200

// growHeap sets vssavet's GOGC to heapGrowth unless the user chose how
// the collector runs.
func growHeap() { heapgrowth.Set(heapGrowth) }
