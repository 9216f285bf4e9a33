// run

// sort.Sort, Stable, IsSorted, Reverse and container/heap on program
// types and on sort.IntSlice over a program slice: the methods run on
// the program's own values, so the data sorted is the program's.

package main

import (
	"container/heap"
	"fmt"
	"sort"
)

type byLen []string

func (s byLen) Len() int           { return len(s) }
func (s byLen) Less(i, j int) bool { return len(s[i]) < len(s[j]) }
func (s byLen) Swap(i, j int)      { s[i], s[j] = s[j], s[i] }

type intHeap []int

func (h intHeap) Len() int           { return len(h) }
func (h intHeap) Less(i, j int) bool { return h[i] < h[j] }
func (h intHeap) Swap(i, j int)      { h[i], h[j] = h[j], h[i] }
func (h *intHeap) Push(x any)        { *h = append(*h, x.(int)) }
func (h *intHeap) Pop() any {
	old := *h
	n := len(old)
	x := old[n-1]
	*h = old[:n-1]
	return x
}

func main() {
	s := []int{3, 1, 2}
	sort.Sort(sort.IntSlice(s))
	fmt.Println(s)
	sort.Sort(sort.Reverse(sort.IntSlice(s)))
	fmt.Println(s)
	w := []string{"ccc", "a", "bb", "dd", "e"}
	sort.Stable(byLen(w))
	fmt.Println(w, sort.IsSorted(byLen(w)))
	sort.Sort(sort.Reverse(byLen(w)))
	fmt.Println(w)
	h := &intHeap{5, 2, 8}
	heap.Init(h)
	heap.Push(h, 3)
	for h.Len() > 0 {
		fmt.Print(heap.Pop(h), " ")
	}
	fmt.Println()
	priorities()
}

type item struct {
	name  string
	prio  int
	index int
}

type queue []*item

func (q queue) Len() int           { return len(q) }
func (q queue) Less(i, j int) bool { return q[i].prio > q[j].prio }
func (q queue) Swap(i, j int) {
	q[i], q[j] = q[j], q[i]
	q[i].index, q[j].index = i, j
}
func (q *queue) Push(x any) {
	it := x.(*item)
	it.index = len(*q)
	*q = append(*q, it)
}
func (q *queue) Pop() any {
	old := *q
	it := old[len(old)-1]
	*q = old[:len(old)-1]
	it.index = -1
	return it
}

func priorities() {
	q := queue{}
	items := map[string]*item{}
	for i, n := range []string{"a", "b", "c", "d"} {
		items[n] = &item{name: n, prio: i * 3 % 5}
		heap.Push(&q, items[n])
	}
	items["a"].prio = 9
	heap.Fix(&q, items["a"].index)
	removed := heap.Remove(&q, items["c"].index).(*item)
	fmt.Println("removed", removed.name, removed.index)
	for q.Len() > 0 {
		it := heap.Pop(&q).(*item)
		fmt.Print(it.name, ":", it.prio, " ")
	}
	fmt.Println()
}
