package a

// Generic bodies are analysed with their type parameters: a fact holds
// only if it holds for every type the parameter may be.

func derefGeneric[T any](p *T) T {
	if p == nil {
		return *p // want `nil dereference: the value is nil since the comparison at generic.go:7`
	}
	return *p
}

func boxedNumber[T ~int | ~string](x T) bool {
	return any(x) == nil // want `any\(x\) == nil is always false: any\(x\) holds a value of a type that is no interface`
}

// Not reported: T may be an interface type, and any(x) then nil.
func boxedAny[T any](x T) bool {
	return any(x) == nil
}

type empty interface{}

func boxedEmpty[T empty | ~int](x T) bool {
	return any(x) == nil
}

func zeroPointers[T ~*int | ~chan int]() bool {
	var x, y T
	return x != y // want `x != y is always false`
}

// Not reported: the zero value of an int is no nil.
func zeroMixed[T ~*int | ~int]() bool {
	var x, y T
	return x != y
}

func zeroFunc[F ~func()]() {
	var f F
	f() // want `call of a nil function`
}

type pinger interface{ ping() }

// Not reported: a method of a nil pointer may be called.
func zeroReceiver[T interface {
	pinger
	~*int
}]() {
	var x T
	x.ping()
}

type otherEmpty interface{}

// T's types are all interfaces: any(x) is x itself, nil or not.
func boxedTwice[T empty | otherEmpty](x T) bool {
	if any(x) == nil {
		return false
	}
	return any(x) != nil // want `any\(x\) != nil is always true`
}
