package fixcorpus

import (
	"slices"
	"testing"
)

func TestMatchLen(t *testing.T) {
	if n := MatchLen([]byte{1, 2}, []byte{3}); n != 0 {
		t.Errorf("MatchLen: %d, want 0", n)
	}
	if n := MatchLen(nil, nil); n != 0 {
		t.Errorf("MatchLen(nil, nil): %d, want 0", n)
	}
	if n := MatchLen([]byte{1, 2}, []byte{1, 2, 3}); n != 2 {
		t.Errorf("MatchLen: %d, want 2", n)
	}
}

func TestSum(t *testing.T) {
	if s := Sum(nil, 0); s != 0 {
		t.Errorf("Sum(nil, 0): %d", s)
	}
	if s := Sum([]uint32{1, 2, 3}, 2); s != 3 {
		t.Errorf("Sum: %d, want 3", s)
	}
}

func TestCopyTo(t *testing.T) {
	dst := []int{9, 9, 9}
	CopyTo(dst, []int{1})
	if !slices.Equal(dst, []int{1, 9, 9}) {
		t.Errorf("CopyTo: %v", dst)
	}
	CopyTo(nil, nil)
}

func TestAddInto(t *testing.T) {
	if s := AddInto([]int{1, 1, 1}, []int{1}); !slices.Equal(s, []int{2, 1, 1}) {
		t.Errorf("AddInto: %v", s)
	}
	if s := AddInto([]int{5}, nil); len(s) != 1 {
		t.Errorf("AddInto with nothing to add: %v", s)
	}
}

func TestFold8(t *testing.T) {
	if x := Fold8([]uint64{1, 2, 4, 8, 16, 32, 64, 128, 256}); x != 255 {
		t.Errorf("Fold8: %d", x)
	}
}

func TestDot(t *testing.T) {
	if d := Dot([]int{1, 2, 3}, []int{4, 5}); d != 14 {
		t.Errorf("Dot: %d", d)
	}
	if d := Dot(nil, nil); d != 0 {
		t.Errorf("Dot(nil, nil): %d", d)
	}
}

func TestFirstZero(t *testing.T) {
	if i := FirstZero([]byte{0}, 5); i != 0 {
		t.Errorf("FirstZero: %d", i)
	}
	if i := FirstZero(nil, 0); i != -1 {
		t.Errorf("FirstZero(nil, 0): %d", i)
	}
}

func TestScale(t *testing.T) {
	s := []int{1, 2}
	Scale(s, []bool{true, false, false}, 3)
	if !slices.Equal(s, []int{3, 2}) {
		t.Errorf("Scale: %v", s)
	}
}
