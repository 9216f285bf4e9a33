package goroot

import (
	"strings"
	"testing"
)

// Standard error of real Go 1.26 programs (linux/amd64), captured once
// from a go-built binary; the panicking programs are in the comments.
var realStderr = []struct {
	name, stderr, want string
}{
	{
		name: "panic", // panic("boom")
		stderr: "panic: boom\n\ngoroutine 1 [running]:\nmain.main()\n" +
			"\t/tmp/gr/p.go:13 +0x1ac\n",
		want: "panic: boom",
	},
	{
		name: "nil dereference", // var p *T; println(p.x)
		stderr: "panic: runtime error: invalid memory address or nil pointer dereference\n" +
			"[signal SIGSEGV: segmentation violation code=0x1 addr=0x0 pc=0x489408]\n\n" +
			"goroutine 1 [running]:\nmain.main()\n\t/tmp/gr/p.go:16 +0x68\n",
		want: "panic: runtime error: invalid memory address or nil pointer dereference",
	},
	{
		name: "deadlock", // c := make(chan int); <-c
		stderr: "fatal error: all goroutines are asleep - deadlock!\n\n" +
			"goroutine 1 [chan receive]:\nmain.main()\n\t/tmp/gr/p.go:19 +0x16f\n",
		want: "fatal error: all goroutines are asleep - deadlock!",
	},
	{
		name: "index out of range, via go run", // s := []int{1}; i := 5; println(s[i])
		stderr: "panic: runtime error: index out of range [5] with length 1\n\n" +
			"goroutine 1 [running]:\nmain.main()\n\t/tmp/gr/p.go:25 +0x1b1\nexit status 2\n",
		want: "panic: runtime error: index out of range [5] with length 1",
	},
	{
		name: "panic during panic", // defer func() { panic("second") }(); panic("first")
		stderr: "panic: first\n\tpanic: second\n\ngoroutine 1 [running]:\nmain.main.func1()\n" +
			"\t/tmp/gr/p.go:27 +0x25\npanic({0x492de0?, 0x4b3c48?})\n" +
			"\t/usr/local/go/src/runtime/panic.go:860 +0x13a\nmain.main()\n\t/tmp/gr/p.go:28 +0x199\n",
		want: "panic: first\n\tpanic: second",
	},
	{
		name: "panic in a goroutine", // go func() { panic("in goroutine") }()
		stderr: "panic: in goroutine\n\ngoroutine 7 [running]:\nmain.main.func2()\n" +
			"\t/tmp/gr/p.go:31 +0x25\ncreated by main.main in goroutine 1\n\t/tmp/gr/p.go:31 +0x116\n",
		want: "panic: in goroutine",
	},
	{
		name:   "output before the panic", // println("x  "); panic("boom")
		stderr: "x  \npanic: boom\n\ngoroutine 1 [running]:\nmain.main()\n\t/tmp/x.go:4 +0x1c\n",
		want:   "x\npanic: boom",
	},
	{
		name:   "goroutine not after an empty line is kept",
		stderr: "goroutine 5 done\nline\ngoroutine 6 done   \n\n\n",
		want:   "goroutine 5 done\nline\ngoroutine 6 done",
	},
	{name: "empty", stderr: "", want: ""},
}

func TestNormalizeStderr(t *testing.T) {
	for _, tt := range realStderr {
		if got := NormalizeStderr([]byte(tt.stderr)); got != tt.want {
			t.Errorf("%s: NormalizeStderr = %q, want %q", tt.name, got, tt.want)
		}
	}
}

func TestCompare(t *testing.T) {
	panicReal := Output{Stderr: []byte(realStderr[0].stderr), ExitCode: 2}
	long := strings.Repeat("x", 300)
	tests := []struct {
		name      string
		want, got Output
		reason    string
	}{
		{"equal", Output{Stdout: []byte("a\nb\n")}, Output{Stdout: []byte("a\nb\n")}, ""},
		{"panic with another dump", panicReal,
			Output{Stderr: []byte("panic: boom\n\ngoroutine 1 [running]:\n\tinterpreter frames\n"), ExitCode: 2}, ""},
		{"stdout line", Output{Stdout: []byte("a\nb\nc\n")}, Output{Stdout: []byte("a\nB\nc\n")},
			`stdout line 2: got "B", want "b"`},
		{"stdout shorter", Output{Stdout: []byte("a\nb\n")}, Output{Stdout: []byte("a\n")},
			`stdout line 2: got EOF, want "b"`},
		{"stdout empty", Output{Stdout: []byte("a\n")}, Output{},
			`stdout line 1: got EOF, want "a"`},
		{"stdout newline only", Output{Stdout: []byte("a\n")}, Output{Stdout: []byte("a")},
			`stdout line 1: got "a", want "a\n"`},
		{"stdout cut", Output{Stdout: []byte(long + "1")}, Output{Stdout: []byte(long + "2")},
			`stdout line 1: got "` + long[:maxQuoted] + `...", want "` + long[:maxQuoted] + `..."`},
		{"stderr", Output{Stderr: []byte("x\n")}, Output{Stderr: []byte("y\n")},
			`stderr line 1: got "y", want "x"`},
		{"stderr trailing space", Output{Stderr: []byte("x\n")}, Output{Stderr: []byte("x  \n\n")}, ""},
		{"exit", Output{ExitCode: 3}, Output{}, "exit status 0, want 3"},
		{"all three", Output{Stdout: []byte("o\n"), Stderr: []byte("e\n"), ExitCode: 1}, Output{ExitCode: -1},
			`stdout line 1: got EOF, want "o"; stderr line 1: got EOF, want "e"; exit status -1, want 1`},
	}
	for _, tt := range tests {
		if got := Compare(tt.want, tt.got); got != tt.reason {
			t.Errorf("%s: Compare = %q\nwant %q", tt.name, got, tt.reason)
		}
	}
}
