package sha256

import (
	"bytes"
	stdsha256 "crypto/sha256"
	"flag"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/backendtest"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/race"
	"math/rand/v2"
	"os"
	"testing"
	"testing/quick"
)

// The tests run once per backend this machine can execute (the SHA-NI
// assembly and the generic Go code on a SHA-NI amd64 CPU; generic alone
// elsewhere and with -tags purego). Benchmarks, fuzzing and -list run once,
// with the backend named by -sha256.backend (default: the package's choice).
var backendFlag = flag.String("sha256.backend", "", "run tests and benchmarks only with this backend (shani or generic)")

func TestMain(m *testing.M) {
	flag.Parse()
	os.Exit(backendtest.Run(m, "sha256", *backendFlag, backends(), setBackend))
}

// sum hashes msg written in pieces split at random points.
func sum(msg []byte, r *rand.Rand) [32]byte {
	d := New()
	for p := msg; len(p) > 0; {
		n := r.IntN(len(p) + 1)
		if r.IntN(4) == 0 {
			n = len(p)
		}
		d.Write(p[:n])
		p = p[n:]
	}
	var out [32]byte
	d.Sum(&out)
	return out
}

func TestEveryLength(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	buf := make([]byte, 200)
	for n := 0; n <= 200; n++ {
		msg := buf[:n]
		for i := range msg {
			msg[i] = byte(r.Uint32())
		}
		for range 4 {
			if got, want := sum(msg, r), stdsha256.Sum256(msg); got != want {
				t.Fatalf("length %d: %x, want %x", n, got, want)
			}
		}
	}
}

func TestRandomLengths(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	iters := 500
	if testing.Short() {
		iters = 100
	}
	for range iters {
		msg := make([]byte, r.IntN(1001))
		for i := range msg {
			msg[i] = byte(r.Uint32())
		}
		if got, want := sum(msg, r), stdsha256.Sum256(msg); got != want {
			t.Fatalf("length %d: %x, want %x", len(msg), got, want)
		}
	}
}

func TestSumKeepsState(t *testing.T) {
	d := New()
	d.Write([]byte("hello "))
	var a, b [32]byte
	d.Sum(&a)
	d.Sum(&b)
	d.Write([]byte("world"))
	var c [32]byte
	d.Sum(&c)
	if a != stdsha256.Sum256([]byte("hello ")) || b != a || c != stdsha256.Sum256([]byte("hello world")) {
		t.Fatal("Sum changed the state")
	}
	d.Reset()
	d.Sum(&a)
	if a != stdsha256.Sum256(nil) {
		t.Fatal("Reset")
	}
}

func TestAllocations(t *testing.T) {
	race.SkipAllocs(t)
	var out [32]byte
	msg := make([]byte, 32)
	long := make([]byte, 300)
	if n := testing.AllocsPerRun(100, func() {
		d := New()
		d.Write(msg)
		d.Sum(&out)
		d.Write(long)
		d.WriteString("tag")
		d.Sum(&out)
	}); n != 0 {
		t.Fatalf("%v allocations", n)
	}
}

// blockBoth runs the generic block function and, where built, the assembly,
// on copies of h, and reports whether they agree.
func blockBoth(h [8]uint32, p []byte) (generic, dispatched [8]uint32) {
	generic, dispatched = h, h
	blockGeneric(&generic, p)
	block(&dispatched, p)
	return
}

func TestBlockAgree(t *testing.T) {
	f := func(h [8]uint32, p []byte) bool {
		g, d := blockBoth(h, p)
		return g == d
	}
	if err := quick.Check(f, &quick.Config{MaxCount: 2000}); err != nil {
		t.Fatal(err)
	}
	// Multi-block inputs, and a trailing partial block that must be ignored.
	r := rand.New(rand.NewPCG(7, 8))
	for n := 0; n < 400; n += 7 {
		var h [8]uint32
		for i := range h {
			h[i] = r.Uint32()
		}
		p := make([]byte, n)
		for i := range p {
			p[i] = byte(r.Uint32())
		}
		if g, d := blockBoth(h, p); g != d {
			t.Fatalf("length %d: %x, want %x", n, d, g)
		}
	}
}

// FuzzBlock checks the assembly block function against the generic one
// (both backends are exercised only where the assembly is built).
func FuzzBlock(f *testing.F) {
	f.Add(make([]byte, 32), make([]byte, 64))
	f.Add([]byte("0123456789abcdef0123456789abcdef"), bytes.Repeat([]byte{0xff}, 129))
	f.Fuzz(func(t *testing.T, hb, p []byte) {
		var h [8]uint32
		for i := range h {
			if 4*i+4 <= len(hb) {
				h[i] = uint32(hb[4*i]) | uint32(hb[4*i+1])<<8 | uint32(hb[4*i+2])<<16 | uint32(hb[4*i+3])<<24
			}
		}
		g := h
		blockGeneric(&g, p)
		for _, b := range backends() {
			restore := setBackend(b)
			d := h
			block(&d, p)
			restore()
			if d != g {
				t.Fatalf("backend %s: %x, want %x", b, d, g)
			}
		}
	})
}

var sink [32]byte

func BenchmarkBlock(b *testing.B) {
	h := iv
	p := make([]byte, BlockSize)
	b.SetBytes(BlockSize)
	for b.Loop() {
		block(&h, p)
	}
}

func BenchmarkChallenge(b *testing.B) {
	var r, p [32]byte
	msg := make([]byte, 32)
	for b.Loop() {
		sink = BIP340Challenge.Sum32x2(&r, &p, msg)
	}
}

func BenchmarkBackends(b *testing.B) {
	for _, name := range backends() {
		b.Run("backend="+name, func(b *testing.B) {
			defer setBackend(name)()
			b.Run("op=block", BenchmarkBlock)
			b.Run("op=challenge", BenchmarkChallenge)
		})
	}
}
