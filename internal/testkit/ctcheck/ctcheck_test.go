package ctcheck

import (
	"os/exec"
	"runtime"
	"strings"
	"testing"
)

// goCommand returns the go command, or skips the test where there is none
// or the code is not amd64's.
func goCommand(t *testing.T) string {
	if runtime.GOARCH != "amd64" {
		t.Skip("the rules read amd64 code")
	}
	gocmd, err := exec.LookPath("go")
	if err != nil {
		t.Skip("the go command is not in PATH")
	}
	return gocmd
}

// TestCompiled checks that the rules reject the secret-dependent branches of
// testdata/sample and accept its branch-free and public ones.
func TestCompiled(t *testing.T) {
	gocmd := goCommand(t)
	funcs := []Func{
		{Name: "sample.Select"},
		{Name: "sample.At"},
		{Name: "sample.Sum", Public: []string{"i < len(s)"}},
		{Name: "sample.EarlyExit", Public: []string{"for i := range a"}},
		{Name: "sample.Table"},
		{Name: "sample.Missing"},
	}
	bad, ok, err := Compiled(gocmd, "testdata/sample", funcs)
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]int{}
	for _, b := range bad {
		t.Log(b)
		name, _, _ := strings.Cut(b, ":")
		got[name]++
	}
	for _, fn := range []string{"sample.Select", "sample.At", "sample.Sum"} {
		if got[fn] != 0 {
			t.Errorf("%s was rejected", fn)
		}
	}
	if ok["sample.At"].Checks == 0 || ok["sample.Sum"].Public == 0 {
		t.Errorf("the bounds check of At or the loop of Sum was not seen: %v", ok)
	}
	for _, leak := range []string{"sample.EarlyExit", "sample.Table", "sample.Missing"} {
		if got[leak] == 0 {
			t.Errorf("%s was accepted", leak)
		}
	}
}

// TestGenericNames checks that the code of a generic instantiation whose
// name holds spaces (a struct shape) is read as its own function, not as
// part of the function before it.
func TestGenericNames(t *testing.T) {
	gocmd := goCommand(t)
	funcs, err := disassemble(gocmd, "testdata/sample")
	if err != nil {
		t.Fatal(err)
	}
	seen := 0
	for name, code := range funcs {
		for _, in := range code {
			if !strings.Contains(in.source, "Shaped's branch") {
				continue
			}
			seen++
			if !strings.HasPrefix(name, "sample.Shaped[") {
				t.Fatalf("Shaped's code read as part of %s", name)
			}
		}
	}
	if seen == 0 {
		t.Error("Shaped's branch not found")
	}
}

// TestAssembly checks the assembly rules on a small source.
func TestAssembly(t *testing.T) {
	src := []byte(`
TEXT ·good(SB), NOSPLIT, $0-17
	CMPB adx+16(FP), $0x00 // the flag
	JEQ  generic
	MOVQ a+8(FP), AX
loop:
	ADDQ (AX), DX
	DECQ n+8(FP)
	JNZ  loop
	RET
generic:
	JMP ·goodGeneric+0(SB)

TEXT ·bad(SB), NOSPLIT, $0-16
	MOVQ a+8(FP), AX
	MOVQ (AX), CX
	TESTQ CX, CX
	JZ   zero
	MOVQ 8(AX)(CX*8), DX
zero:
	RET
`)
	bad, jumps := Assembly(src, []string{"good", "bad", "missing"}, []string{"adx", "n"})
	for _, b := range bad {
		t.Log(b)
	}
	if jumps["good"] != 2 {
		t.Errorf("good: %d accepted jumps, want 2", jumps["good"])
	}
	var nBad, nMissing int
	for _, b := range bad {
		switch {
		case strings.HasPrefix(b, "bad:"):
			nBad++
		case strings.Contains(b, "·missing"):
			nMissing++
		default:
			t.Errorf("unexpected violation: %s", b)
		}
	}
	if nBad != 2 || nMissing != 1 {
		t.Errorf("found %d violations in bad (want 2: the jump and the indexed load) and %d missing functions (want 1)", nBad, nMissing)
	}
}
