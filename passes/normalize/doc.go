// Package normalize removes unreachable blocks and splits every edge
// into a join block that does not leave a jump, so that the CFG is
// normalised as SSA form requires (CompCertSSA §3.2). Its result is
// checked by validate.Normalize.
package normalize
