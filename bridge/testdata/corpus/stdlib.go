// Calls into the standard library: callbacks (closures called back by
// real code), in-place changes written back, real struct types held in
// program variables, errors and Stringers crossing both ways.
package main

import (
	"bytes"
	"errors"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode"
)

type temp float64

func (t temp) String() string { return strconv.FormatFloat(float64(t), 'f', 1, 64) + "C" }

type notFound struct{ key string }

func (e *notFound) Error() string { return e.key + " not found" }

func find(k string) error {
	if k == "" {
		return &notFound{"empty"}
	}
	return nil
}

func main() {
	upper := strings.Map(func(r rune) rune { return unicode.ToUpper(r) }, "héllo")
	fields := strings.FieldsFunc("a1b22c333", unicode.IsDigit)
	println(upper, len(fields), fields[2])

	xs := []int{5, 2, 8, 1}
	sort.Ints(xs)
	println(xs[0], xs[3])
	people := []struct {
		name string
		age  int
	}{{"b", 30}, {"a", 25}, {"c", 20}}
	sort.Slice(people, func(i, j int) bool { return people[i].age < people[j].age })
	println(people[0].name, people[2].name)

	var buf bytes.Buffer
	buf.WriteString("x=")
	fmt.Fprintf(&buf, "%d %v %s", 42, temp(21.5), time.Duration(1500)*time.Millisecond)
	println(buf.String(), buf.Len())

	err := find("")
	var nf *notFound
	println(err.Error(), errors.As(err, &nf), nf.key, find("k") == nil)
	wrapped := fmt.Errorf("wrap: %w", err)
	println(wrapped.Error(), errors.Unwrap(wrapped) == err)
	_, perr := strconv.Atoi("12x")
	var numErr *strconv.NumError
	println(errors.As(perr, &numErr), numErr.Func)

	var mu sync.Mutex
	var wg sync.WaitGroup
	total := 0
	for i := 1; i <= 10; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			mu.Lock()
			total += i
			mu.Unlock()
		}()
	}
	wg.Wait()
	println(total, fmt.Sprint(temp(3)), fmt.Sprintf("%q|%5.2f|%x", "s", 3.14159, 255))
}
