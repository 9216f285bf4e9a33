// Generics, instantiated; range over functions (defer inside the body).
package main

type number interface{ ~int | ~float64 }

func sum[T number](xs []T) T {
	var s T
	for _, x := range xs {
		s += x
	}
	return s
}

type stack[T any] struct{ items []T }

func (s *stack[T]) push(x T) { s.items = append(s.items, x) }
func (s *stack[T]) pop() (T, bool) {
	var zero T
	if len(s.items) == 0 {
		return zero, false
	}
	x := s.items[len(s.items)-1]
	s.items = s.items[:len(s.items)-1]
	return x, true
}

func count(n int) func(func(int) bool) {
	return func(yield func(int) bool) {
		for i := 0; i < n; i++ {
			if !yield(i) {
				return
			}
		}
	}
}

func ranged() (total int) {
	for i := range count(10) {
		defer func() { total += i }()
		if i == 3 {
			break
		}
	}
	return 0
}

func main() {
	println(sum([]int{1, 2, 3}), sum([]float64{0.5, 0.25}))
	var s stack[string]
	s.push("a")
	s.push("b")
	x, ok := s.pop()
	println(x, ok, len(s.items))
	println(ranged())
}
