package subset

import "testing"

// lineByte is a byte type of its own: CountOf at lineByte is not
// compiled, and runs the Go original through the wrapper.
type lineByte byte

// TestGenericFallback checks the generic wrappers at type arguments
// that are not compiled (they run the Go original) and at those that
// are, through the package's own callers.
func TestGenericFallback(t *testing.T) {
	if got := CountOf([]lineByte("a\nb\n\nc"), '\n'); got != 3 {
		t.Errorf("CountOf at lineByte = %d, want 3", got)
	}
	if got := Lines([]byte("a\nb\n\nc")); got != 4 {
		t.Errorf("Lines = %d, want 4", got)
	}
	if got := MaxOf([]int{3, -7, 12, 5}); got != 12 {
		t.Errorf("MaxOf at int = %d, want 12", got)
	}
	if got := Largest([]int64{-3, -7, -1, -5}); got != -1 {
		t.Errorf("Largest = %d, want -1", got)
	}
	xs := []int32{5, -2, 9, 0, 5, -8}
	SortSmall(xs)
	for i, want := range []int32{-8, -2, 0, 5, 5, 9} {
		if xs[i] != want {
			t.Fatalf("SortSmall gave %v", xs)
		}
	}
	fs := []string{"pear", "apple", "fig"}
	InsertionSort(fs, 0, 3)
	if fs[0] != "apple" || fs[1] != "fig" || fs[2] != "pear" {
		t.Errorf("InsertionSort at string gave %v", fs)
	}
	if got := IndexByteOf([]byte("hello"), 'l'); got != 2 {
		t.Errorf("IndexByteOf at []byte = %d, want 2", got)
	}
	dst := make([]float64, 2)
	if n := Widen(dst, []int16{3, -4, 5}, 0.5); n != 2 || dst[0] != 1.5 || dst[1] != -2 {
		t.Errorf("Widen at [int16,float64] = %d, %v; want 2, [1.5 -2]", n, dst)
	}
}
