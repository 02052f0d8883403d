package ellswift

import (
	"bytes"
	"errors"
	"math/big"
	"math/rand"
	"testing"

	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/ecdh"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/race"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref/testkey"
)

// TestEncodeRoundTrip checks Decode(Encode(pub, rnd)) = pub (with y) for
// random keys, and that Encode draws u and the case exactly as the
// independent transcript of libsecp256k1's generator (reference_test.go).
func TestEncodeRoundTrip(t *testing.T) {
	r := testref.Rand(t)
	for range short.Count(t, 100) {
		pub := testkey.Random(t, r).PublicKey()
		rnd := testref.RandomBytes(r, 32)
		enc, err := Encode(pub, rnd)
		if err != nil || len(enc) != 64 {
			t.Fatalf("Encode: %d bytes, %v", len(enc), err)
		}
		got, err := Decode(enc)
		if err != nil || !got.Equal(pub) {
			t.Fatalf("Decode(Encode(pub)) ≠ pub (%v)", err)
		}
		again, _ := Encode(pub, rnd)
		if !bytes.Equal(enc, again) {
			t.Fatal("Encode is not deterministic in rnd")
		}
		c := pub.BytesCompressed()
		key64 := append(bytes.Clone(c), make([]byte, 31)...)
		want := refElligatorSwift("secp256k1_ellswift_encode", key64, rnd, new(big.Int).SetBytes(c[1:]), uint(c[0]&1))
		if !bytes.Equal(enc, want) {
			t.Fatalf("Encode = %x, want %x (reference generator)", enc, want)
		}
	}
}

// TestCreate checks that Create encodes k·G, is deterministic in (k,
// auxRand), draws as the transcript of libsecp256k1's secp256k1_ellswift_create,
// and works with auxRand nil.
func TestCreate(t *testing.T) {
	r := testref.Rand(t)
	for range short.Count(t, 50) {
		k := testkey.Random(t, r)
		aux := testref.RandomBytes(r, 32)
		enc, err := Create(k, aux)
		if err != nil {
			t.Fatal(err)
		}
		if got, _ := Decode(enc); !got.Equal(k.PublicKey()) {
			t.Fatal("Decode(Create(k)) ≠ k·G")
		}
		if again, _ := Create(k, aux); !bytes.Equal(enc, again) {
			t.Fatal("Create is not deterministic in (k, auxRand)")
		}
		c := k.PublicKey().BytesCompressed()
		key64 := append(k.Bytes(), make([]byte, 32)...)
		want := refElligatorSwift("secp256k1_ellswift_create", key64, aux, new(big.Int).SetBytes(c[1:]), uint(c[0]&1))
		if !bytes.Equal(enc, want) {
			t.Fatalf("Create = %x, want %x (reference generator)", enc, want)
		}
		encNil, err := Create(k, nil)
		if err != nil {
			t.Fatal(err)
		}
		if got, _ := Decode(encNil); !got.Equal(k.PublicKey()) {
			t.Fatal("Decode(Create(k, nil)) ≠ k·G")
		}
	}
}

func TestErrors(t *testing.T) {
	r := testref.Rand(t)
	k := testkey.Random(t, r)
	pub := k.PublicKey()
	for _, n := range []int{0, 31, 33, 64} {
		if _, err := Encode(pub, make([]byte, n)); !errors.Is(err, ErrRandomness) {
			t.Errorf("Encode with %d bytes of rnd: %v", n, err)
		}
		if _, err := Create(k, make([]byte, n)); !errors.Is(err, ErrRandomness) {
			t.Errorf("Create with %d bytes of auxRand: %v", n, err)
		}
	}
	if _, err := Encode(pub, nil); !errors.Is(err, ErrRandomness) {
		t.Errorf("Encode with nil rnd: %v", err)
	}
	good, _ := Create(k, make([]byte, 32))
	for _, n := range []int{0, 1, 32, 63, 65, 128} {
		b := make([]byte, n)
		if _, err := Decode(b); !errors.Is(err, ErrEncodingLength) {
			t.Errorf("Decode of %d bytes: %v", n, err)
		}
		if _, err := XDH(b, good, k, true); !errors.Is(err, ErrEncodingLength) {
			t.Errorf("XDH with a %d-byte ellA: %v", n, err)
		}
		if _, err := XDH(good, b, k, false); !errors.Is(err, ErrEncodingLength) {
			t.Errorf("XDH with a %d-byte ellB: %v", n, err)
		}
		if _, err := XDHWithHash(good, b, k, true, BIP324Hash); !errors.Is(err, ErrEncodingLength) {
			t.Errorf("XDHWithHash with a %d-byte ellB: %v", n, err)
		}
	}
	if _, err := Decode(nil); !errors.Is(err, ErrEncodingLength) {
		t.Errorf("Decode(nil): %v", err)
	}
}

// TestXDH checks that both parties agree, that the secret is BIP324Hash of
// x(kA·kB·G) as computed by package ecdh, and the role of initiating.
func TestXDH(t *testing.T) {
	r := testref.Rand(t)
	for range short.Count(t, 50) {
		kA, kB := testkey.Random(t, r), testkey.Random(t, r)
		ellA, _ := Create(kA, testref.RandomBytes(r, 32))
		ellB, _ := Create(kB, testref.RandomBytes(r, 32))
		sA, err := XDH(ellA, ellB, kA, true)
		if err != nil {
			t.Fatal(err)
		}
		sB, err := XDH(ellA, ellB, kB, false)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(sA, sB) {
			t.Fatal("the initiator and the responder disagree")
		}
		x := ecdh.SharedX(kA, kB.PublicKey())
		if want := BIP324Hash(x, ellA, ellB); !bytes.Equal(sA, want) {
			t.Fatal("XDH ≠ BIP324Hash(x(kA·kB·G), ellA, ellB)")
		}
		// The wrong role decodes our own encoding: k·(k·G), another secret.
		if wrong, _ := XDH(ellA, ellB, kA, false); bytes.Equal(wrong, sA) {
			t.Fatal("initiating is ignored")
		}
		// XDHWithHash hands x to the hash and erases it afterwards.
		var kept []byte
		got, _ := XDHWithHash(ellA, ellB, kA, true, func(x32, a, b []byte) []byte {
			kept = x32
			return bytes.Clone(x32)
		})
		if !bytes.Equal(got, x) {
			t.Fatal("XDHWithHash passed the wrong x")
		}
		if !bytes.Equal(kept, make([]byte, 32)) {
			t.Fatal("XDHWithHash did not erase x")
		}
	}
}

// TestDecodeUniformBytes decodes random 64-byte strings (including edge-case
// halves) and checks the point against the math/big transcript of XSwiftEC.
func TestDecodeUniformBytes(t *testing.T) {
	r := testref.Rand(t)
	for range short.Count(t, 500) {
		ub, tb := edge32(r), edge32(r)
		enc := append(ub[:], tb[:]...)
		pub, err := Decode(enc)
		if err != nil {
			t.Fatal(err)
		}
		checkDecoded(t, enc, pub)
	}
}

// checkDecoded checks that pub is a valid key with x = XSwiftEC(u, t) and the
// parity of t, re-parsing its encoding.
func checkDecoded(t testing.TB, enc []byte, pub *secp256k1.PublicKey) {
	t.Helper()
	c := pub.BytesUncompressed()
	if again, err := secp256k1.ParsePublicKey(c); err != nil || !again.Equal(pub) {
		t.Fatalf("Decode(%x) is not a valid key: %v", enc, err)
	}
	u := rmod(new(big.Int).SetBytes(enc[:32]))
	tt := rmod(new(big.Int).SetBytes(enc[32:]))
	if want := refXSwiftEC(u, tt); new(big.Int).SetBytes(c[1:33]).Cmp(want) != 0 {
		t.Fatalf("Decode(%x): x = %x, want %x", enc, c[1:33], want)
	}
	if uint(c[64]&1) != tt.Bit(0) {
		t.Fatalf("Decode(%x): the parity of y is not that of t", enc)
	}
}

func TestAllocations(t *testing.T) {
	race.SkipAllocs(t)
	r := testref.Rand(t)
	k := testkey.Random(t, r)
	pub := k.PublicKey()
	rnd := testref.RandomBytes(r, 32)
	ellA, _ := Create(k, rnd)
	ellB, _ := Create(testkey.Random(t, r), rnd)
	for _, c := range []struct {
		name string
		max  float64
		f    func()
	}{
		// Encode is inlined, and its result, when it does not escape,
		// lives on the caller's stack.
		{"Encode", 0, func() { Encode(pub, rnd) }},
		// One allocation: the returned slice or key.
		{"Decode", 1, func() { Decode(ellA) }},
		{"Create", 1, func() { Create(k, rnd) }},
		{"XDH", 1, func() { XDH(ellA, ellB, k, true) }},
	} {
		if n := testing.AllocsPerRun(10, c.f); n > c.max {
			t.Errorf("%s allocates %v times, want at most %v", c.name, n, c.max)
		}
	}
}

// The benchmarks are libsecp256k1's bench rows ellswift_encode,
// ellswift_decode, ellswift_keygen and ellswift_ecdh; each iteration feeds the
// previous output back in, so that the inputs vary as in bench_ellswift.

func BenchmarkEllswiftEncode(b *testing.B) {
	r := rand.New(rand.NewSource(1))
	pub := testkey.Random(b, r).PublicKey()
	var enc [64]byte
	r.Read(enc[:])
	b.ReportAllocs()
	for b.Loop() {
		encode(&enc, pub, enc[32:64])
	}
}

// BenchmarkEllswiftDecode decodes 256 random encodings in turn. (Feeding
// a byte of each result back into the first byte of u, as this did, cycles
// through three inputs, two of which decode to x₃.)
func BenchmarkEllswiftDecode(b *testing.B) {
	r := rand.New(rand.NewSource(1))
	encs := make([]byte, 256*64)
	r.Read(encs)
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		enc := encs[(i&255)*64:][:64]
		pub, _ := Decode(enc)
		sinkByte ^= pub.BytesCompressed()[1]
		i++
	}
}

func BenchmarkEllswiftKeygen(b *testing.B) {
	r := rand.New(rand.NewSource(1))
	k := testkey.Random(b, r)
	var enc [64]byte
	r.Read(enc[:])
	b.ReportAllocs()
	for b.Loop() {
		create(&enc, k, (*[32]byte)(enc[32:64]))
	}
}

func BenchmarkEllswiftEcdh(b *testing.B) {
	r := rand.New(rand.NewSource(1))
	k := testkey.Random(b, r)
	ellA, _ := Create(k, testref.RandomBytes(r, 32))
	ellB := make([]byte, 64)
	r.Read(ellB)
	b.ReportAllocs()
	for b.Loop() {
		s, _ := XDH(ellA, ellB, k, true)
		copy(ellB[32:], s)
	}
}

var sinkByte byte
