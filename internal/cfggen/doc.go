// Package cfggen generates functions in SSA form (as IR text) whose
// control flow is a worst case for passes that work per join or per
// loop: deep chains of ifs, large switches, and nested loops with many
// exits, each of a size given. passes/gsa's tests and vssa bench -gen
// measure how gsa and its validator grow on them.
package cfggen
