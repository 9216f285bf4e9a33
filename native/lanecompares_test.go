package native

import (
	"strings"
	"testing"
)

// laneSrc counts elements above or below a constant: utf16.Encode's
// v >= surrSelf on runes, signed 2- and 1-byte lanes, unsigned bytes,
// a comparison that always holds (int8 >= -128) and unsigned 2-byte
// lanes, which SSE2 cannot order.
const laneSrc = `func Ge32(s []int32) int {
	n := 0
	for _, v := range s {
		if v >= 0x10000 {
			n++
		}
	}
	return n
}

func Lt16(s []int16) int {
	n := 0
	for i := 0; i < len(s); i++ {
		if s[i] < -5 {
			n++
		}
	}
	return n
}

func Le8(s []int8) int {
	n := 0
	for _, v := range s {
		if v <= 3 {
			n++
		}
	}
	return n
}

func Gt8u(s []byte) int {
	n := 0
	for _, v := range s {
		if v > 'z' {
			n++
		}
	}
	return n
}

func Always(s []int8) int {
	n := 0
	for _, v := range s {
		if v >= -128 {
			n++
		}
	}
	return n
}

func U16(s []uint16) int {
	n := 0
	for _, v := range s {
		if v > 5 {
			n++
		}
	}
	return n
}
`

// laneTest compares each with its Go original on every length 0..40
// and 100, the elements drawn from all values and from around the
// constants.
const laneTest = `package p

import (
	"math/rand/v2"
	"testing"
)

func TestLaneCompares(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	near := []int64{0x10000, -5, 3, 'z', -128, 127, 5, 0, -1}
	for n := 0; n <= 100; n++ {
		if n > 40 && n != 100 {
			continue
		}
		for k := 0; k < 30; k++ {
			w := make([]int64, n)
			for i := range w {
				if k%2 == 0 {
					w[i] = int64(r.Uint64())
				} else {
					w[i] = near[r.IntN(len(near))] + int64(r.IntN(3)) - 1
				}
			}
			s32, s16, s8, u8, u16 := make([]int32, n), make([]int16, n), make([]int8, n), make([]byte, n), make([]uint16, n)
			for i, v := range w {
				s32[i], s16[i], s8[i], u8[i], u16[i] = int32(v), int16(v), int8(v), byte(v), uint16(v)
			}
			for _, c := range []struct {
				name      string
				got, want int
			}{
				{"Ge32", Ge32(s32), refGe32(s32)},
				{"Lt16", Lt16(s16), refLt16(s16)},
				{"Le8", Le8(s8), refLe8(s8)},
				{"Gt8u", Gt8u(u8), refGt8u(u8)},
				{"Always", Always(s8), refAlways(s8)},
				{"U16", U16(u16), refU16(u16)},
			} {
				if c.got != c.want {
					t.Fatalf("%s on %v = %d, want %d", c.name, w, c.got, c.want)
				}
			}
		}
	}
}
`

// TestLaneCompareCounts checks that a loop counting elements above or
// below a constant gets the SSE2 count loop (lanecompares.go): signed
// lanes by PCMPGT, unsigned bytes by PMAXUB; unsigned 2-byte lanes and a
// comparison that always holds do not; and runs them all against their
// originals (laneTest).
func TestLaneCompareCounts(t *testing.T) {
	funcs := []string{"Ge32", "Lt16", "Le8", "Gt8u", "Always", "U16"}
	dir, out, texts := genPkg(t, laneSrc, map[string]string{"ref_test.go": "package p\n\n" + strings.NewReplacer("func ", "func ref").Replace(laneSrc),
		"lanes_test.go": laneTest}, funcs)
	want := map[string]string{"Ge32": "PCMPGTL", "Lt16": "PCMPGTW", "Le8": "PCMPGTB", "Gt8u": "PMAXUB", "Always": "", "U16": ""}
	for _, name := range funcs {
		text := texts[name]
		has := strings.Contains(text, "PMOVMSKB")
		switch {
		case want[name] == "" && has:
			t.Errorf("%s has a vector loop:\n%s", name, text)
		case want[name] != "" && (!has || !strings.Contains(text, want[name])):
			t.Errorf("%s has no vector count with %s:\n%s", name, want[name], text)
		}
	}
	runGenPkg(t, dir, out, "TestLaneCompares")
}
