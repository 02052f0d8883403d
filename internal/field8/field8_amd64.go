//go:build !purego

package field8

import "golang.org/x/sys/cpu"

//go:generate sh -c "cd ../_asm && go run ./field8 -out ../field8/field8_amd64.s -stubs ../field8/field8_stubs_amd64.go -pkg field8"

// hasIFMA reports whether the CPU has what the assembly needs: AVX-512
// Foundation and IFMA.
var hasIFMA = cpu.X86.HasAVX512F && cpu.X86.HasAVX512IFMA

// useIFMA selects the assembly. Tests and benchmarks flip it to run both
// paths on one CPU.
var useIFMA = hasIFMA

func mul8(v, a, b *Element8) {
	if useIFMA {
		mul8IFMA(v, a, b)
		return
	}
	mul8Generic(v, a, b)
}

func add8(v, a, b *Element8) {
	if useIFMA {
		add8IFMA(v, a, b)
		return
	}
	add8Generic(v, a, b)
}

func sub8(v, a, b *Element8) {
	if useIFMA {
		sub8IFMA(v, a, b)
		return
	}
	sub8Generic(v, a, b)
}

func squareN8(v, a *Element8, n int) {
	if useIFMA {
		squareN8IFMA(v, a, n)
		return
	}
	squareN8Generic(v, a, n)
}

func squareN2(v, a *[2]Element8, n int) {
	if useIFMA {
		squareN2IFMA(v, a, n)
		return
	}
	squareN2Generic(v, a, n)
}
