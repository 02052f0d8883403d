package schnorr

import (
	"bytes"
	"errors"
	"fmt"
	"math/big"
	"strings"
	"testing"

	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/race"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref/testkey"
)

type bip340Vector struct {
	index                         string
	seckey, pubkey, aux, msg, sig []byte
	valid                         bool
	comment                       string
}

func loadBIP340(t testing.TB) []bip340Vector {
	rows := testref.CSV(t, "../testdata/bip-0340/test-vectors.csv")
	var out []bip340Vector
	for _, r := range rows[1:] {
		out = append(out, bip340Vector{r[0], testref.Hex(t, r[1]), testref.Hex(t, r[2]), testref.Hex(t, r[3]),
			testref.Hex(t, r[4]), testref.Hex(t, r[5]), r[6] == "TRUE", r[7]})
	}
	if len(out) != 19 {
		t.Fatalf("%d vectors, want 19", len(out))
	}
	return out
}

func TestBIP340Vectors(t *testing.T) {
	for _, v := range loadBIP340(t) {
		t.Run(v.index, func(t *testing.T) {
			if len(v.seckey) > 0 {
				k, err := secp256k1.NewPrivateKey(v.seckey)
				if err != nil {
					t.Fatal(err)
				}
				if got := SerializePublicKey(k.PublicKey()); !bytes.Equal(got, v.pubkey) {
					t.Fatalf("public key %x, want %x", got, v.pubkey)
				}
				sig, err := Sign(k, v.msg, v.aux)
				if err != nil {
					t.Fatal(err)
				}
				if !bytes.Equal(sig, v.sig) {
					t.Fatalf("Sign = %x, want %x", sig, v.sig)
				}
			}
			pub, err := ParsePublicKey(v.pubkey)
			if err != nil {
				if v.valid {
					t.Fatalf("ParsePublicKey: %v", err)
				}
				return // "public key not on the curve": rejected at parsing
			}
			if got := Verify(pub, v.msg, v.sig); got != v.valid {
				t.Fatalf("Verify = %v, want %v (%s)", got, v.valid, v.comment)
			}
		})
	}
}

func TestSignVerifyRandom(t *testing.T) {
	r := testref.Rand(t)
	for i := range short.Count(t, 200) {
		k := testkey.Random(t, r)
		msg := make([]byte, []int{0, 1, 17, 32, 100}[i%5])
		r.Read(msg)
		kp := NewKeypair(k)
		sig, err := kp.Sign(msg, nil)
		if err != nil {
			t.Fatal(err)
		}
		if !Verify(k.PublicKey(), msg, sig) {
			t.Fatal("valid signature rejected")
		}
		xonly, _ := ParsePublicKey(kp.XOnlyPublicKey())
		if !Verify(xonly, msg, sig) {
			t.Fatal("valid signature rejected with the x-only key")
		}
		checked, err := kp.SignWithOptions(msg, &SignOptions{AuxRand: make([]byte, 32), SelfCheck: true})
		if err != nil || !Verify(k.PublicKey(), msg, checked) {
			t.Fatalf("SignWithOptions(SelfCheck): %v", err)
		}
		bad := append([]byte{}, sig...)
		bad[r.Intn(64)] ^= 1 << r.Intn(8)
		if Verify(k.PublicKey(), msg, bad) {
			t.Fatal("mutated signature accepted")
		}
		if Verify(k.PublicKey(), append(msg, 0), sig) {
			t.Fatal("signature accepted for another message")
		}
	}
	k, _ := secp256k1.NewPrivateKey(bytes.Repeat([]byte{1}, 32))
	if _, err := Sign(k, nil, make([]byte, 31)); err != ErrAuxRand {
		t.Fatalf("31-byte aux: %v", err)
	}
	if Verify(k.PublicKey(), nil, make([]byte, 63)) {
		t.Fatal("63-byte signature accepted")
	}
}

func TestTaggedHash(t *testing.T) {
	// TaggedHash("BIP0340/challenge", x) by hand.
	got := TaggedHash("BIP0340/challenge", []byte("a"), []byte("bc"))
	if got != testref.TaggedHash("BIP0340/challenge", []byte("abc")) {
		t.Fatal("TaggedHash splits messages differently")
	}
}

func TestAllocations(t *testing.T) {
	race.SkipAllocs(t)
	k, _ := secp256k1.NewPrivateKey(bytes.Repeat([]byte{7}, 32))
	kp := NewKeypair(k)
	msg := []byte("message")
	sig, _ := kp.Sign(msg, make([]byte, 32))
	pub := k.PublicKey()
	if n := testing.AllocsPerRun(20, func() { Verify(pub, msg, sig) }); n != 0 {
		t.Errorf("Verify allocates %v times", n)
	}
	aux := make([]byte, 32)
	if n := testing.AllocsPerRun(20, func() { _, _ = kp.Sign(msg, aux) }); n > 1 {
		t.Errorf("Keypair.Sign allocates %v times", n)
	}
	if n := testing.AllocsPerRun(20, func() { _, _ = Sign(k, msg, aux) }); n > 1 {
		t.Errorf("Sign allocates %v times", n)
	}
}

func FuzzVerify(f *testing.F) {
	for _, v := range loadBIP340(f) {
		f.Add(v.pubkey, v.msg, v.sig)
	}
	f.Fuzz(func(t *testing.T, pub, msg, sig []byte) {
		p, err := ParsePublicKey(pub)
		if err != nil {
			return
		}
		_ = Verify(p, msg, sig)
	})
}

// FuzzParsePublicKey checks ParsePublicKey against BIP-340's lift_x in
// math/big (testref.Lift with an even y): the same keys accepted, as the
// same point, and every other input, of any length, rejected with
// ErrPublicKey.
func FuzzParsePublicKey(f *testing.F) {
	for _, v := range loadBIP340(f) {
		f.Add(v.pubkey)
	}
	f.Add(bytes.Repeat([]byte{0xff}, 32)) // x ≥ p
	f.Add(make([]byte, 32))               // x = 0: 7 is not a square
	f.Add(make([]byte, 33))
	f.Fuzz(func(t *testing.T, b []byte) {
		pub, err := ParsePublicKey(b)
		want, ok := testref.Point{}, false
		if len(b) == 32 {
			want, ok = testref.Lift(new(big.Int).SetBytes(b), 0)
		}
		if !ok {
			if !errors.Is(err, ErrPublicKey) || pub != nil {
				t.Fatalf("ParsePublicKey(%x) = %v, %v; want ErrPublicKey", b, pub, err)
			}
			if detail := fmt.Sprintf("want 32 bytes, got %d", len(b)); (len(b) != 32) != strings.Contains(err.Error(), detail) {
				t.Fatalf("ParsePublicKey(%x): %q; the detail %q belongs to a wrong length only", b, err, detail)
			}
			return
		}
		if err != nil {
			t.Fatalf("ParsePublicKey(%x): %v", b, err)
		}
		if got := pub.BytesCompressed(); !bytes.Equal(got, testref.Compressed(want)) {
			t.Fatalf("ParsePublicKey(%x) = %x, want %x", b, got, testref.Compressed(want))
		}
	})
}

func BenchmarkSchnorrsigSign(b *testing.B) {
	k, _ := secp256k1.NewPrivateKey(bytes.Repeat([]byte{7}, 32))
	kp := NewKeypair(k)
	msg := make([]byte, 32)
	aux := make([]byte, 32)
	b.ReportAllocs()
	for b.Loop() {
		sig, _ := kp.Sign(msg, aux)
		msg[0] ^= sig[63]
	}
}

func BenchmarkSchnorrsigVerify(b *testing.B) {
	k, _ := secp256k1.NewPrivateKey(bytes.Repeat([]byte{7}, 32))
	msg := make([]byte, 32)
	sig, _ := Sign(k, msg, make([]byte, 32))
	xonly := SerializePublicKey(k.PublicKey())
	b.ReportAllocs()
	for b.Loop() {
		pub, err := ParsePublicKey(xonly)
		if err != nil || !Verify(pub, msg, sig) {
			b.Fatal("verify failed")
		}
	}
}
