// Package loopnorm gives every loop one entry edge and one latch, so that
// gsa can turn the header's phis into μs (CompCertGSA §6.2 normalises
// loops for the same reason): the back edges into a header that has
// several are redirected to a new latch block holding only a jump to the
// header, and, likewise, its other edges to a new preheader. It runs on a
// normalised RTL function (no phis yet: mem2reg then places the merges
// in the new blocks), and keeps it normalised: the edges it redirects
// leave jumps, since they entered a join. Its results are checked by
// validate.Normalize, whose inserted blocks hold only a jump.
package loopnorm
