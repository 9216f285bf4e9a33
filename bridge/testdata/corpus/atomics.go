// sync/atomic's functions on program variables: every integer type with
// its wrap-around, what each operation returns, unsafe.Pointer
// variables, a nil address, and goroutines that synchronise through
// atomics only (a load must never undo a store another goroutine made).
package main

import (
	"math"
	"runtime"
	"sync"
	"sync/atomic"
	"unsafe"
)

type counter int32 // a named type, passed as *int32 by conversion

func main() {
	var i32 int32 = math.MaxInt32
	println(atomic.AddInt32(&i32, 1), atomic.LoadInt32(&i32))
	println(atomic.SwapInt32(&i32, -5), atomic.CompareAndSwapInt32(&i32, -5, 7), atomic.CompareAndSwapInt32(&i32, -5, 9), i32)
	println(atomic.AndInt32(&i32, 6), atomic.OrInt32(&i32, 8), i32)

	var i64 int64 = math.MinInt64
	println(atomic.AddInt64(&i64, -1), atomic.SwapInt64(&i64, 3), atomic.LoadInt64(&i64))
	var u32 uint32
	println(atomic.AddUint32(&u32, ^uint32(0)), atomic.AndUint32(&u32, 0xf0), atomic.OrUint32(&u32, 1), u32)
	var u64 uint64 = math.MaxUint64 - 1
	println(atomic.AddUint64(&u64, 3), atomic.CompareAndSwapUint64(&u64, 1, math.MaxUint64), u64)
	atomic.StoreUint64(&u64, 1<<63)
	println(atomic.LoadUint64(&u64))
	var up uintptr = 10
	println(atomic.AddUintptr(&up, ^uintptr(1)), atomic.SwapUintptr(&up, 4), atomic.LoadUintptr(&up))

	var c counter = 2
	atomic.AddInt32((*int32)(&c), 40)
	println(int32(c))

	a, b := new(int), new(int)
	*a, *b = 1, 2
	var p unsafe.Pointer
	println(atomic.LoadPointer(&p) == nil, atomic.CompareAndSwapPointer(&p, nil, unsafe.Pointer(a)))
	println(atomic.CompareAndSwapPointer(&p, unsafe.Pointer(b), nil), *(*int)(atomic.SwapPointer(&p, unsafe.Pointer(b))))
	atomic.StorePointer(&p, unsafe.Pointer(a))
	println(*(*int)(atomic.LoadPointer(&p)))

	func() {
		defer func() { println(recover().(error).Error()) }()
		var nilp *int64
		atomic.AddInt64(nilp, 1)
	}()

	// Many goroutines adding: no increment is lost.
	var total int64
	var wg sync.WaitGroup
	for g := 0; g < 8; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for k := 0; k < 1000; k++ {
				atomic.AddInt64(&total, 1)
			}
		}()
	}
	wg.Wait()
	println(atomic.LoadInt64(&total))

	// A handshake through one flag (as fixedbugs/issue11256.go does):
	// each side spins until the other's store is seen. (Yielding in the
	// loops keeps a busy machine from starving the other side while
	// the spinning side uses up a test's step limit.)
	for round := 0; round < 50; round++ {
		var done int32
		go func() {
			for atomic.LoadInt32(&done) == 0 {
				runtime.Gosched()
			}
			atomic.StoreInt32(&done, 2)
		}()
		atomic.StoreInt32(&done, 1)
		for atomic.LoadInt32(&done) == 1 {
			runtime.Gosched()
		}
	}
	println("handshakes done")
}
