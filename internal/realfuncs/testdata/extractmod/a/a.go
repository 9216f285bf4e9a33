package a

import "example.com/m/b"

// Sum adds b's table.
func Sum(n int) uint32 {
	var s uint32
	for i := 0; i < n; i++ {
		s += b.Table[i%len(b.Table)] + b.K
	}
	return s
}
