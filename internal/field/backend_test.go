package field

import (
	"flag"
	"fmt"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/backendtest"
	"os"
	"testing"
	"testing/quick"
)

// The field tests run once per backend this machine can execute (the ADX
// assembly and the generic Go code on a BMI2/ADX amd64 CPU; generic alone
// elsewhere and with -tags purego), so every backend is tested everywhere.
//
// Benchmarks, fuzzing and -list run once, with the backend named by
// -field.backend (default: the one the package would choose). To compare
// backends, either run the existing benchmarks twice:
//
//	go test -run '^$' -bench 'Field(Multiply|Square)$' -count 6 -field.backend=generic > old.txt
//	go test -run '^$' -bench 'Field(Multiply|Square)$' -count 6 -field.backend=adx > new.txt
//	benchstat old.txt new.txt
//
// or use BenchmarkBackends, which runs both in one process:
//
//	go test -run '^$' -bench Backends -count 6 > b.txt && benchstat -col /backend b.txt
var backendFlag = flag.String("field.backend", "", "run tests and benchmarks only with this backend (adx or generic)")

func TestMain(m *testing.M) {
	flag.Parse()
	os.Exit(backendtest.Run(m, "field", *backendFlag, backends(), setBackend))
}

// asmTwins pairs each assembly routine with its generic twin, as binary
// operations (unary ones ignore b). It is empty where no assembly is built.
type twin struct {
	name     string
	asm, ref func(v, a, b *Element)
}

// TestAssemblyAgainstGeneric checks each assembly routine against its
// generic twin on Element.Generate's inputs (uniform values and edge cases):
// the results must be congruent mod p (the representations may differ).
func TestAssemblyAgainstGeneric(t *testing.T) {
	if len(asmTwins()) == 0 {
		t.Skip("no assembly backend on this CPU or build")
	}
	cfg := quickConfig(t)
	for _, tw := range asmTwins() {
		t.Run(tw.name, func(t *testing.T) {
			f := func(a, b Element) bool {
				var got, want Element
				tw.asm(&got, &a, &b)
				tw.ref(&want, &a, &b)
				return got.Equal(&want) == 1
			}
			if err := quick.Check(f, cfg); err != nil {
				t.Error(err)
			}
			// Every pair of edge cases, exhaustively.
			for _, x := range edgeLimbs {
				for _, y := range edgeLimbs {
					a, b := Element{l: x}, Element{l: y}
					var got, want Element
					tw.asm(&got, &a, &b)
					tw.ref(&want, &a, &b)
					if got.Equal(&want) != 1 {
						t.Errorf("%s(%x, %x) = %x, want %x", tw.name, a.l, b.l, got.l, want.l)
					}
				}
			}
		})
	}
}

// TestAssemblyAliasing checks that each assembly routine gives the same
// result when its output aliases its inputs.
func TestAssemblyAliasing(t *testing.T) {
	cfg := quickConfig(t)
	for _, tw := range asmTwins() {
		t.Run(tw.name, func(t *testing.T) {
			f := func(a, b Element) bool {
				var want Element
				tw.asm(&want, &a, &b)
				x, y := a, b
				tw.asm(&x, &x, &y) // v = a
				if x != want {
					return false
				}
				x, y = a, b
				tw.asm(&y, &x, &y) // v = b
				if y != want {
					return false
				}
				var w Element
				x = a
				tw.asm(&w, &x, &x) // a = b
				tw.asm(&x, &x, &x) // v = a = b
				return x == w
			}
			if err := quick.Check(f, cfg); err != nil {
				t.Error(err)
			}
		})
	}
}

// fuzzTwin checks one assembly routine against its twin on fuzzed limbs.
func fuzzTwin(f *testing.F, name string) {
	var tw *twin
	for _, x := range asmTwins() {
		if x.name == name {
			tw = &x
		}
	}
	f.Add(uint64(0), uint64(0), uint64(0), uint64(0), uint64(0), uint64(0), uint64(0), uint64(0))
	f.Add(^uint64(0), ^uint64(0), ^uint64(0), ^uint64(0), ^uint64(0), ^uint64(0), ^uint64(0), ^uint64(0))
	f.Add(uint64(p0), uint64(p1), uint64(p2), uint64(p3), uint64(p0+1), uint64(p1), uint64(p2), uint64(p3))
	f.Add(uint64(c), uint64(0), uint64(0), uint64(0), uint64(c-1), uint64(0), uint64(0), uint64(1<<63))
	f.Fuzz(func(t *testing.T, a0, a1, a2, a3, b0, b1, b2, b3 uint64) {
		if tw == nil {
			t.Skip("no assembly backend on this CPU or build")
		}
		a := Element{l: [4]uint64{a0, a1, a2, a3}}
		b := Element{l: [4]uint64{b0, b1, b2, b3}}
		var got, want Element
		tw.asm(&got, &a, &b)
		tw.ref(&want, &a, &b)
		if got.Equal(&want) != 1 {
			t.Fatalf("%s(%x, %x) = %x, want %x", name, a.l, b.l, got.l, want.l)
		}
	})
}

func FuzzMulADX(f *testing.F)     { fuzzTwin(f, "MulADX") }
func FuzzSquareADX(f *testing.F)  { fuzzTwin(f, "SquareADX") }
func FuzzSquareNADX(f *testing.F) { fuzzTwin(f, "SquareNADX") }

// FuzzSquareN2ADX checks both chains of feSquareN2ADX (v = a^(2ⁿ) with b's
// chain beside it, and w = a^(2ⁿ) with b's chain as v).
func FuzzSquareN2ADX(f *testing.F) {
	fuzzTwin(f, "SquareN2ADX/v")
}

func FuzzSquareN2ADXSecond(f *testing.F) {
	fuzzTwin(f, "SquareN2ADX/w")
}

// BenchmarkBackends runs multiply, square and repeated squaring with each
// backend in one process; compare with `benchstat -col /backend`.
func BenchmarkBackends(b *testing.B) {
	x0 := Element{l: [4]uint64{0x0123456789abcdef, 0xfedcba9876543210, 0x1111, 0x7777777777777777}}
	ops := []struct {
		name string
		f    func(x, y *Element)
	}{
		{"Multiply", func(x, y *Element) { x.Multiply(x, y) }},
		{"Square", func(x, _ *Element) { x.Square(x) }},
		{"RepeatedSquare10", func(x, _ *Element) { x.RepeatedSquare(x, 10) }},
		{"Add", func(x, y *Element) { x.Add(x, y) }},
		{"Sqrt", func(x, _ *Element) { x.Sqrt(x) }},
	}
	for _, op := range ops {
		for _, be := range backends() {
			b.Run(fmt.Sprintf("op=%s/backend=%s", op.name, be), func(b *testing.B) {
				defer setBackend(be)()
				x, y := x0, x0
				b.ReportAllocs()
				for b.Loop() {
					op.f(&x, &y)
				}
				sinkElement = x
			})
		}
	}
}

// BenchmarkChains runs multiply and square with no harness between the
// calls: chains=1 is one dependent chain, whose ns/op is the operation's
// latency plus the call (BenchmarkBackends adds an indirect closure call to
// that); chains=4 runs four independent chains per iteration, which the core
// can overlap, so a quarter of its ns/op is the throughput cost of one
// operation. docs/design.md compares the two.
func BenchmarkChains(b *testing.B) {
	x0 := Element{l: [4]uint64{0x0123456789abcdef, 0xfedcba9876543210, 0x1111, 0x7777777777777777}}
	for _, op := range []string{"Multiply", "Square"} {
		for _, chains := range []int{1, 4} {
			for _, be := range backends() {
				b.Run(fmt.Sprintf("op=%s/chains=%d/backend=%s", op, chains, be), func(b *testing.B) {
					defer setBackend(be)()
					var x [4]Element
					for i := range x {
						x[i] = x0
						x[i].l[1] += uint64(i)
					}
					y := x0
					switch {
					case op == "Multiply" && chains == 1:
						for b.Loop() {
							x[0].Multiply(&x[0], &y)
						}
					case op == "Square" && chains == 1:
						for b.Loop() {
							x[0].Square(&x[0])
						}
					case op == "Multiply":
						for b.Loop() {
							x[0].Multiply(&x[0], &y)
							x[1].Multiply(&x[1], &y)
							x[2].Multiply(&x[2], &y)
							x[3].Multiply(&x[3], &y)
						}
					default:
						for b.Loop() {
							x[0].Square(&x[0])
							x[1].Square(&x[1])
							x[2].Square(&x[2])
							x[3].Square(&x[3])
						}
					}
					sinkElement = x[0]
				})
			}
		}
	}
}
