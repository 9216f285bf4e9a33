//go:build amd64 && !purego

package subset

import (
	"bytes"
	"testing"
)

// TestMoveSizes runs the compiled copies on every length up to 80
// (across each of the short paths: 1, 2-3, 4-7, 8-16, 17-32 bytes, and
// REP MOVSB above) and every overlap in both directions, where loading
// after storing any part would differ from memmove, and compares the
// memory with the Go originals'.
func TestMoveSizes(t *testing.T) {
	for n := 0; n <= 80; n++ {
		for k := 0; k <= n; k++ {
			for _, f := range []struct {
				name      string
				vssa, ref func([]byte, int) int
			}{{"MoveUp", MoveUp, vssaSubsetRefMoveUp}, {"MoveDown", MoveDown, vssaSubsetRefMoveDown}} {
				got, want := make([]byte, n+8), make([]byte, n+8)
				for i := range got {
					got[i] = byte(i*7 + 1)
				}
				copy(want, got)
				rg, rw := f.vssa(got[4:4+n], k), f.ref(want[4:4+n], k)
				if rg != rw || !bytes.Equal(got, want) {
					t.Fatalf("%s(len %d, %d) = %d, memory\n%v, want %d,\n%v", f.name, n, k, rg, got, rw, want)
				}
			}
		}
	}
}
