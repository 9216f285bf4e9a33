// Map assignments whose read is (flag…) or is not (plain…) part of one
// gc mapassign; see mapassign.go and TestAssignLookups.
package main

var m = map[any]int{}
var ms = map[any][]int{}

func f() int { return 1 }

func flagIncDec(k any)        { m[k]++ }
func flagOpAssign(k any)      { m[k] += 2 }
func flagParen(k any)         { (m[k]) |= 2 }
func flagAppend(k any)        { ms[k] = append(ms[k], f()) }
func flagAppendConst()        { ms[0x1] = append(ms[1], f()) }
func plainDiv(k any)          { m[k] /= 2 }
func plainRem(k any)          { m[k] %= 2 }
func plainReread(k any)       { m[k] = m[k] + 1 }
func plainAppendOther(k any)  { ms[k] = append(ms[f()], 1) }
func plainRead(k any) int     { return m[k] }
func plainCommaOk(k any) bool { _, ok := m[k]; return ok }

func main() {}
