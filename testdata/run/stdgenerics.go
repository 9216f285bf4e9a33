// run

// The generic functions of slices, maps and cmp, which vssa interprets
// from their source (the standard library table cannot hold generic
// functions): on basic, named and struct types, with callbacks, through
// iterators, and their panics.

package main

import (
	"cmp"
	"fmt"
	"maps"
	"slices"
	"strings"
)

type person struct {
	name string
	age  int
}

type IDs []int

type Pair[K cmp.Ordered, V any] struct {
	Key K
	Val V
}

func sortedPairs[K cmp.Ordered, V any](m map[K]V) []Pair[K, V] {
	var out []Pair[K, V]
	for _, k := range slices.Sorted(maps.Keys(m)) {
		out = append(out, Pair[K, V]{k, m[k]})
	}
	return out
}

func main() {
	s := []int{5, 2, 8, 1, 9, 3}
	slices.Sort(s)
	fmt.Println(s, slices.Index(s, 8), slices.Contains(s, 4), slices.Max(s), slices.Min(s))
	i, found := slices.BinarySearch(s, 5)
	fmt.Println(i, found, slices.IsSorted(s))
	s = slices.Insert(s, 2, 100, 200)
	fmt.Println(s, len(s))
	slices.Reverse(s)
	fmt.Println(s, slices.Equal(s, []int{1}))

	ps := []person{{"bob", 30}, {"al", 25}, {"cy", 30}, {"di", 20}}
	slices.SortStableFunc(ps, func(a, b person) int { return cmp.Compare(a.age, b.age) })
	fmt.Println(ps)
	slices.SortFunc(ps, func(a, b person) int {
		return cmp.Or(cmp.Compare(b.age, a.age), strings.Compare(a.name, b.name))
	})
	fmt.Println(ps)
	fmt.Println(slices.IndexFunc(ps, func(p person) bool { return p.name == "cy" }),
		slices.ContainsFunc(ps, func(p person) bool { return p.age > 40 }),
		slices.MaxFunc(ps, func(a, b person) int { return strings.Compare(a.name, b.name) }))

	ids := IDs{3, 1, 2}
	slices.Sort(ids)
	c := slices.Clone(ids)
	c[0] = 42
	fmt.Println(ids, c, cmp.Compare("a", "b"), cmp.Less(2.5, 1.0), min(3, 1))

	m := map[string]int{"x": 1, "y": 2, "z": 3}
	fmt.Println(slices.Sorted(maps.Keys(m)), sortedPairs(m))
	m2 := maps.Clone(m)
	m2["w"] = 0
	delete(m2, "x")
	fmt.Println(len(m), len(m2), maps.Equal(m, m2), m["x"])
	maps.DeleteFunc(m2, func(k string, v int) bool { return v >= 2 })
	fmt.Println(m2)
	maps.Insert(m2, maps.All(map[string]int{"q": 9}))
	fmt.Println(m2, maps.Collect(maps.All(map[int]bool{1: true})))
	var nilMap map[string]int
	fmt.Println(maps.Clone(nilMap) == nil)

	words := strings.Fields("the quick brown fox jumps")
	slices.SortFunc(words, func(a, b string) int { return cmp.Compare(len(a), len(b)) })
	fmt.Println(words, slices.Compact([]int{1, 1, 2, 2, 2, 3, 1}))
	fmt.Println(slices.Collect(maps.Values(map[int]int{1: 7})))
	for i, v := range slices.All([]string{"a", "b"}) {
		fmt.Println(i, v)
	}
	for v := range slices.Values(slices.Repeat([]int{4}, 3)) {
		fmt.Print(v, " ")
	}
	fmt.Println()
	for ch := range slices.Chunk([]int{1, 2, 3, 4, 5}, 2) {
		fmt.Print(ch, " ")
	}
	fmt.Println()
	fmt.Println(slices.Delete([]int{1, 2, 3, 4}, 1, 3), slices.Replace([]int{1, 2, 3}, 0, 1, 7, 8))
	g := slices.Grow([]int{1}, 10)
	fmt.Println(len(g), cap(g) >= 11, len(slices.Clip(g)))
	fmt.Println(slices.EqualFunc([]int{1, 2}, []string{"1", "2"}, func(a int, b string) bool { return fmt.Sprint(a) == b }))

	for _, f := range []func(){
		func() { slices.Insert([]int{1, 2, 3}, 10, 1) },
		func() { slices.Delete([]int{1, 2, 3}, 2, 1) },
		func() { slices.Max([]int{}) },
		func() { slices.Chunk([]int{1}, 0) },
	} {
		func() {
			defer func() { fmt.Println("recovered:", recover()) }()
			f()
		}()
	}
}
