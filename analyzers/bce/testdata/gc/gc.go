// Package gc holds loops whose hints gc judges too (-bce.gc): check
// elimination removes each check with its hint, and gc's check_bce
// keeps some of them.
package gc

// from1 counts from 1, as flate's bulkHash4 does: gc does not relate
// i < end to end-1 < len(dst) and keeps its check under _ = dst[end-1],
// while dst = dst[:end] makes end the length it compares i with. The
// reslice is named instead, in the message: the loop does not read
// dst[0], so it does not keep behaviour.
//
//vssa:bce
func from1(b []byte, dst []uint32) {
	end := len(b) - 3
	for i := 1; i < end; i++ {
		dst[i] = uint32(b[i+3]) // want `bounds check left in a loop: the index is not known to be below the length; dst = dst\[:end\] before the loop removes it \(not offered as a fix: it panics before the loop where dst\[:end\] is out of range, and dst stays shorter after the loop\)$`
	}
}

// from1Later reads dst[9] after the loop, which its length test lets gc
// prove: dst = dst[:end] removes the loop's check in gc too, but adds
// one on dst[9]. Neither hint is kept, and the message names the
// first, with gc's reason.
//
//vssa:bce
func from1Later(b []byte, dst []uint32) uint32 {
	if len(dst) < 10 {
		return 0
	}
	end := len(b) - 3
	for i := 1; i < end; i++ {
		dst[i] = uint32(b[i+3]) // want `bounds check left in a loop: the index is not known to be below the length; _ = dst\[end-1\] before the loop removes it in vssa's view, not in gc's \(not offered as a fix: gc keeps its check with this hint\)$`
	}
	return dst[9]
}

// u8 counts a uint8 to n: s = s[:n] keeps behaviour and check
// elimination confirms it, but gc keeps its check on s[i] with it (nor
// does _ = s[n-1] help gc): the fix is not offered.
//
//vssa:bce
func u8(s []int, n uint8) (t int) {
	for i := uint8(0); i < n; i++ {
		t += s[i] // want `bounds check left in a loop: the index is not known to be below the length; s = s\[:n\] before the loop removes it in vssa's view, not in gc's \(not offered as a fix: gc keeps its check with this hint\)$`
	}
	return
}

// copyTo's reslice is confirmed by gc: the fix stays.
//
//vssa:bce
func copyTo(dst, src []int) {
	for i := range src {
		dst[i] = src[i] // want `dst = dst\[:len\(src\)\] before the loop removes it$`
	}
}

// upTo's _ = s[n-1] is confirmed by gc: it stays in the message.
//
//vssa:bce
func upTo(s []int, n int) (t int) {
	for i := 0; i < n; i++ {
		t += s[i] // want `_ = s\[n-1\] before the loop removes it \(not offered as a fix: it panics before the loop when n > len\(s\), and when n < 1, where the loop does not run\)$`
	}
	return t
}

// eight's _ = s[7] is confirmed by gc, with a uint8 counter too.
//
//vssa:bce
func eight(s []uint64) (x uint64) {
	for i := uint8(0); i < 8; i++ {
		x ^= s[i] // want `_ = s\[7\] before the loop removes it$`
	}
	return x
}
