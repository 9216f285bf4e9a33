// This file is the generators.

package cfggen

import (
	"fmt"
	"slices"
	"strings"
)

// IfChain is n sequential ifs, each adding 1 to x in one arm: n
// diamonds, whose joins' rows are all the entry block's.
func IfChain(n int) string {
	var sb strings.Builder
	sb.WriteString("func @main.f(r0 int, r1 int) int {\nb0:\n    r2:int = const 1\n    jump b1\n")
	x := 1 // register of x's current version
	reg := 3
	blk := 1
	for i := 0; i < n; i++ {
		c, v, phi := reg, reg+1, reg+2
		reg += 3
		fmt.Fprintf(&sb, "b%d: <- b%d\n    r%d:bool = lt r0, r%d\n    if r%d, b%d, b%d\n", blk, blk-1, c, x, c, blk+1, blk+2)
		fmt.Fprintf(&sb, "b%d: <- b%d\n    r%d:int = add r%d, r2\n    jump b%d\n", blk+1, blk, v, x, blk+3)
		fmt.Fprintf(&sb, "b%d: <- b%d\n    jump b%d\n", blk+2, blk, blk+3)
		fmt.Fprintf(&sb, "b%d: <- b%d, b%d\n    r%d:int = phi r%d, r%d\n", blk+3, blk+1, blk+2, phi, v, x)
		x = phi
		blk += 3
		if i < n-1 {
			fmt.Fprintf(&sb, "    jump b%d\n", blk+1)
			blk++
		}
	}
	fmt.Fprintf(&sb, "    return r%d\n}\n", x)
	return sb.String()
}

// Switch is a switch of n cases on r0 as Go compiles it: a chain of
// equality tests, each case's block jumping to one join whose phi has
// n+1 arguments.
func Switch(n int) string {
	var sb strings.Builder
	sb.WriteString("func @main.f(r0 int) int {\n")
	// Blocks: test i is b(2i), case i is b(2i+1); default b(2n); join b(2n+1).
	join := 2*n + 1
	for i := 0; i < n; i++ {
		if i == 0 {
			sb.WriteString("b0:\n")
		} else {
			fmt.Fprintf(&sb, "b%d: <- b%d\n", 2*i, 2*(i-1))
		}
		k, c := 1+3*i, 2+3*i
		fmt.Fprintf(&sb, "    r%d:int = const %d\n    r%d:bool = eq r0, r%d\n    if r%d, b%d, b%d\n", k, i, c, k, c, 2*i+1, 2*i+2)
		fmt.Fprintf(&sb, "b%d: <- b%d\n    jump b%d\n", 2*i+1, 2*i, join)
	}
	fmt.Fprintf(&sb, "b%d: <- b%d\n    jump b%d\n", 2*n, 2*(n-1), join)
	fmt.Fprintf(&sb, "b%d: <-", join)
	var args []string
	for i := 0; i < n; i++ {
		if i > 0 {
			sb.WriteString(",")
		}
		fmt.Fprintf(&sb, " b%d", 2*i+1)
		args = append(args, fmt.Sprintf("r%d", 1+3*i))
	}
	fmt.Fprintf(&sb, ", b%d\n    r%d:int = phi %s, r0\n    return r%d\n}\n", 2*n, 3*n+1, strings.Join(args, ", "), 3*n+1)
	return sb.String()
}

// Loops is depth nested counted loops (i_k from 0 while i_k < n), each
// with exits tests (i_k == j) leaving all the loops at once for one
// block that returns the counter of the loop it came from: a join of
// depth*exits+1 edges, each from a loop exit, after loops of one entry
// and one latch each (the shape loopnorm gives).
func Loops(depth, exits int) string {
	blocks := map[int]string{}
	nb := 0
	newBlock := func() int { nb++; return nb - 1 }
	reg := 3 // r0: n, r1: 0, r2: 1
	newReg := func() int { reg++; return reg - 1 }

	b0 := newBlock()
	type loop struct{ pre, header, latch, exit, cont int }
	ls := make([]loop, depth)
	var outPreds, outArgs []string
	// Allocate the blocks first, in the order they are written.
	for k := range ls {
		ls[k].header = newBlock()
	}
	type exitBlocks struct{ test, leave []int }
	eb := make([]exitBlocks, depth)
	for k := range ls {
		for range exits {
			eb[k].test = append(eb[k].test, newBlock())
			eb[k].leave = append(eb[k].leave, newBlock())
		}
		ls[k].cont = newBlock()
		ls[k].latch = newBlock()
		ls[k].exit = newBlock()
	}
	out := newBlock()
	ctr := make([]int, depth)
	next := make([]int, depth)
	for k := range ls {
		ctr[k], next[k] = newReg(), newReg()
		if k == 0 {
			ls[k].pre = b0
		} else {
			ls[k].pre = ls[k-1].cont
		}
	}
	blocks[b0] = fmt.Sprintf("b%d:\n    r1:int = const 0\n    r2:int = const 1\n    jump b%d\n", b0, ls[0].header)
	for k, l := range ls {
		c := newReg()
		first := ls[k].cont
		if exits > 0 {
			first = eb[k].test[0]
		}
		blocks[l.header] = fmt.Sprintf("b%d: <- b%d, b%d\n    r%d:int = phi r1, r%d\n    r%d:bool = lt r%d, r0\n    if r%d, b%d, b%d\n",
			l.header, l.pre, l.latch, ctr[k], next[k], c, ctr[k], c, first, l.exit)
		for j := range exits {
			from := l.header
			if j > 0 {
				from = eb[k].test[j-1]
			}
			no := l.cont
			if j < exits-1 {
				no = eb[k].test[j+1]
			}
			kc, t := newReg(), newReg()
			blocks[eb[k].test[j]] = fmt.Sprintf("b%d: <- b%d\n    r%d:int = const %d\n    r%d:bool = eq r%d, r%d\n    if r%d, b%d, b%d\n",
				eb[k].test[j], from, kc, j+1, t, ctr[k], kc, t, eb[k].leave[j], no)
			blocks[eb[k].leave[j]] = fmt.Sprintf("b%d: <- b%d\n    jump b%d\n", eb[k].leave[j], eb[k].test[j], out)
			outPreds = append(outPreds, fmt.Sprintf("b%d", eb[k].leave[j]))
			outArgs = append(outArgs, fmt.Sprintf("r%d", ctr[k]))
		}
		contFrom := l.header
		if exits > 0 {
			contFrom = eb[k].test[exits-1]
		}
		then := l.latch // the innermost loop's body goes round
		if k < depth-1 {
			then = ls[k+1].header
		}
		blocks[l.cont] = fmt.Sprintf("b%d: <- b%d\n    jump b%d\n", l.cont, contFrom, then)
		latchFrom := l.cont
		if k < depth-1 {
			latchFrom = ls[k+1].exit
		}
		blocks[l.latch] = fmt.Sprintf("b%d: <- b%d\n    r%d:int = add r%d, r2\n    jump b%d\n", l.latch, latchFrom, next[k], ctr[k], l.header)
		leaveTo := out
		if k > 0 {
			leaveTo = ls[k-1].latch
		}
		blocks[l.exit] = fmt.Sprintf("b%d: <- b%d\n    jump b%d\n", l.exit, l.header, leaveTo)
	}
	outPreds = append(outPreds, fmt.Sprintf("b%d", ls[0].exit))
	outArgs = append(outArgs, fmt.Sprintf("r%d", ctr[0]))
	if len(outPreds) == 1 {
		blocks[out] = fmt.Sprintf("b%d: <- %s\n    return %s\n", out, outPreds[0], outArgs[0])
	} else {
		res := newReg()
		blocks[out] = fmt.Sprintf("b%d: <- %s\n    r%d:int = phi %s\n    return r%d\n", out, strings.Join(outPreds, ", "), res, strings.Join(outArgs, ", "), res)
	}
	var sb strings.Builder
	sb.WriteString("func @main.f(r0 int) int {\n")
	keys := make([]int, 0, len(blocks))
	for b := range blocks {
		keys = append(keys, b)
	}
	slices.Sort(keys)
	for _, b := range keys {
		sb.WriteString(blocks[b])
	}
	sb.WriteString("}\n")
	return sb.String()
}
