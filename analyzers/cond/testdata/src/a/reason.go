package a

// Every report states its reason, also when no one condition gives it.

const (
	bestSpeed       = 1
	bestCompression = 9
)

func fromBestSpeed() int {
	n := 0
	for level := bestSpeed; level <= bestCompression; level++ {
		if level >= 1 { // want `level >= 1 is always true: given the values level takes through the loop`
			n++
		}
	}
	return n
}

func merged(c bool) int {
	x := 1
	if c {
		x = 2
	}
	if x > 0 { // want `x > 0 is always true: given the values x holds where the paths to it meet$`
		return x
	}
	return 0
}
