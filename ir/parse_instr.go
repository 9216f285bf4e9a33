// This file parses one instruction of the text format.

package ir

import (
	"fmt"
	"go/types"
)

func (p *parser) instruction() {
	st := p.fn
	b := st.block
	start := p.tok
	in := &Instr{}
	var dsts, args []Reg // set once the line is read
	var dstTypes []types.Type

	// Results: "r1:T, r2:U =".
	if p.tok.kind == tWord && regPattern.MatchString(p.tok.text) {
		for {
			tok := p.expect(tWord, "result register")
			p.expectPunct(":")
			t := p.parseType(st.pkg)
			if len(dsts) == MaxDsts {
				p.fail(tok, fmt.Sprintf("more than %d results", MaxDsts))
			}
			dsts = append(dsts, p.defReg(tok, t))
			dstTypes = append(dstTypes, t)
			if !p.isPunct(",") {
				break
			}
			p.next()
		}
		p.expectPunct("=")
	}

	opTok := p.expect(tWord, "instruction")
	op, ok := opByName[opTok.text]
	if !ok {
		p.fail(opTok, fmt.Sprintf("unknown instruction %q", opTok.text))
	}
	in.Op = op
	if opTok.text == "new" {
		in.Flags |= FlagHeap
	}
	if t := b.Terminator(); t != nil {
		p.fail(opTok, "instruction after the terminator of b"+fmt.Sprint(b.Index))
	}

	switch op {
	case OpConst:
		var t types.Type
		if len(dstTypes) == 1 {
			t = dstTypes[0]
		}
		in.SetConst(p.parseConst(t))
	case OpGlobal, OpFunc:
		sym, _ := p.symbol()
		in.SetSym(sym)
	case OpField, OpFieldAddr:
		args = []Reg{p.useReg()}
		p.expectPunct(",")
		name := p.next()
		if name.kind != tWord && name.kind != tInt {
			p.fail(name, fmt.Sprintf("expected field name or index, found %s", name))
		}
		st.fieldFix = append(st.fieldFix, fieldFixup{in, name})
	case OpSliceCheck:
		switch w := p.expect(tWord, "len or cap"); w.text {
		case "cap":
			in.Flags |= FlagCapBound
		case "len":
		default:
			p.fail(w, fmt.Sprintf("expected len or cap, found %s", w))
		}
		args = p.operands()
	case OpLookup:
		if p.tok.kind == tWord && p.tok.text == "assign" {
			p.next()
			in.Flags |= FlagAssignLookup
		}
		args = p.operands()
	case OpNext:
		switch w := p.expect(tWord, "string or map"); w.text {
		case "string":
			in.Flags |= FlagStringIter
		case "map":
		default:
			p.fail(w, fmt.Sprintf("expected string or map, found %s", w))
		}
		args = p.operands()
	case OpSelect:
		args = p.selectStates(in)
	case OpMakeClosure:
		sym, _ := p.symbol()
		in.SetSym(sym)
		p.expectPunct("(")
		args = p.operandsUntil(")")
	case OpCall, OpGo, OpDefer:
		args = p.call(in)
	case OpJump:
		b.Succs = append(b.Succs, p.label(p.expect(tWord, "block label")))
	case OpGamma, OpEta:
		args = p.gatedOperands(in)
	case OpIf:
		args = []Reg{p.useReg()}
		for i := 0; i < 2; i++ {
			p.expectPunct(",")
			b.Succs = append(b.Succs, p.label(p.expect(tWord, "block label")))
		}
	default:
		args = p.operands()
	}
	p.expectNewline()
	in.SetRegs(dsts, args)

	if !op.ArgArity().ok(len(in.Args())) && !(in.IsCall() || op == OpSelect) {
		p.fail(opTok, fmt.Sprintf("%s takes %s operands, found %d", op, arityString(op.ArgArity()), len(in.Args())))
	}
	if !op.DstArity().ok(len(in.Dsts())) {
		p.fail(start, fmt.Sprintf("%s has %s results, found %d", op, arityString(op.DstArity()), len(in.Dsts())))
	}
	if op.IsMerge() {
		if len(b.Instrs) > 0 {
			p.fail(opTok, op.String()+" after a non-phi instruction")
		}
		b.Phis = append(b.Phis, in)
		return
	}
	b.Instrs = append(b.Instrs, in)
}

func arityString(a Arity) string {
	switch {
	case a.Max < 0:
		return fmt.Sprintf("at least %d", a.Min)
	case a.Min == a.Max:
		return fmt.Sprint(a.Min)
	}
	return fmt.Sprintf("%d to %d", a.Min, a.Max)
}

// operands reads a comma-separated operand list up to the end of line.
func (p *parser) operands() []Reg {
	var rs []Reg
	if p.tok.kind == tNewline || p.tok.kind == tEOF {
		return rs
	}
	for {
		rs = append(rs, p.useReg())
		if !p.isPunct(",") {
			return rs
		}
		p.next()
	}
}

// operandsUntil reads a comma-separated operand list and the closing
// punctuation.
func (p *parser) operandsUntil(close string) []Reg {
	var rs []Reg
	for !p.isPunct(close) {
		if len(rs) > 0 {
			p.expectPunct(",")
		}
		rs = append(rs, p.useReg())
	}
	p.next()
	return rs
}

// selectStates reads "blocking|nonblocking" and the states: "<-ch" to
// receive, "ch<-v" to send, and returns the operands.
func (p *parser) selectStates(in *Instr) (args []Reg) {
	switch w := p.expect(tWord, "blocking or nonblocking"); w.text {
	case "blocking":
		in.Flags |= FlagBlocking
	case "nonblocking":
	default:
		p.fail(w, fmt.Sprintf("expected blocking or nonblocking, found %s", w))
	}
	if p.tok.kind == tNewline || p.tok.kind == tEOF {
		return nil
	}
	var dirs []types.ChanDir
	defer func() { in.SetSelectDirs(dirs) }()
	for {
		if p.isPunct("<-") {
			p.next()
			args = append(args, p.useReg())
			dirs = append(dirs, types.RecvOnly)
		} else {
			ch := p.useReg()
			p.expectPunct("<-")
			args = append(args, ch, p.useReg())
			dirs = append(dirs, types.SendOnly)
		}
		if !p.isPunct(",") {
			return args
		}
		p.next()
	}
}

// call reads "[onto rS] callee(args)" where callee is "@f" (static), a
// register (closure), "rN.M" (invoke) or a built-in's name, and returns
// the operands.
func (p *parser) call(in *Instr) (args []Reg) {
	if p.isWord("onto") {
		if in.Op != OpDefer {
			p.fail(p.tok, "only defer takes onto")
		}
		p.next()
		in.Flags |= FlagDeferStack
		args = append(args, p.useReg())
	}
	switch {
	case p.isPunct("@"):
		in.CallMode = CallStatic
		sym, _ := p.symbol()
		in.SetSym(sym)
	case p.tok.kind == tWord:
		tok := p.next()
		if m := invokePattern.FindStringSubmatch(tok.text); m != nil {
			in.CallMode = CallInvoke
			r := p.regNumber(lexeme{kind: tWord, text: m[1], line: tok.line, col: tok.col, off: tok.off})
			if _, ok := p.fn.regUses[r]; !ok {
				p.fn.regUses[r] = tok
			}
			args = append(args, r)
			in.SetSym(m[2])
		} else if regPattern.MatchString(tok.text) {
			in.CallMode = CallClosure
			r := p.regNumber(tok)
			if _, ok := p.fn.regUses[r]; !ok {
				p.fn.regUses[r] = tok
			}
			args = append(args, r)
		} else {
			in.CallMode = CallBuiltin
			in.SetSym(tok.text)
		}
	default:
		p.failExpected("callee")
	}
	p.expectPunct("(")
	return append(args, p.operandsUntil(")")...)
}
