package secp256k1

import (
	"bytes"
	"errors"
	"fmt"
	"math/big"
	"strings"
	"testing"

	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref"
)

func TestNewPrivateKey(t *testing.T) {
	n := testref.N
	bad := map[string][]byte{
		"empty":    nil,
		"31 bytes": make([]byte, 31),
		"33 bytes": append([]byte{0}, new(big.Int).Sub(n, big.NewInt(1)).FillBytes(make([]byte, 32))...),
		"zero":     make([]byte, 32),
		"n":        n.FillBytes(make([]byte, 32)),
		"n+1":      new(big.Int).Add(n, big.NewInt(1)).FillBytes(make([]byte, 32)),
		"2^256-1":  bytes.Repeat([]byte{0xff}, 32),
	}
	for name, b := range bad {
		if k, err := NewPrivateKey(b); !errors.Is(err, ErrPrivateKey) || k != nil {
			t.Errorf("NewPrivateKey(%s) = %v, %v", name, k, err)
		}
	}
	r, count := pointTestRand(t, 100)
	good := []*big.Int{big.NewInt(1), big.NewInt(2), new(big.Int).Sub(n, big.NewInt(1))}
	for range count {
		if k := randomScalar(r); k.Sign() != 0 {
			good = append(good, k)
		}
	}
	for _, kb := range good {
		b := kb.FillBytes(make([]byte, 32))
		k, err := NewPrivateKey(b)
		if err != nil {
			t.Fatalf("NewPrivateKey(%x): %v", b, err)
		}
		if !bytes.Equal(k.Bytes(), b) {
			t.Fatalf("Bytes round trip %x", b)
		}
		want := testref.ScalarMult(kb, testref.G)
		pub := k.PublicKey()
		if !bytes.Equal(pub.BytesCompressed(), testref.Compressed(want)) ||
			!bytes.Equal(pub.BytesUncompressed(), testref.Uncompressed(want)) {
			t.Fatalf("PublicKey(%x) = %x, want %x", b, pub.BytesUncompressed(), testref.Uncompressed(want))
		}
		for _, enc := range [][]byte{pub.BytesCompressed(), pub.BytesUncompressed()} {
			q, err := ParsePublicKey(enc)
			if err != nil || !q.Equal(pub) {
				t.Fatalf("ParsePublicKey(%x) = %v", enc, err)
			}
		}
		checkPoint(t, "PublicKey.Point", pub.Point(), want)
		if q, err := NewPublicKey(pub.Point()); err != nil || !q.Equal(pub) {
			t.Fatalf("NewPublicKey: %v", err)
		}
		if k2, err := NewPrivateKeyFromScalar(k.Scalar()); err != nil || !k2.Equal(k) {
			t.Fatalf("NewPrivateKeyFromScalar: %v", err)
		}
	}
	if _, err := NewPrivateKeyFromScalar(new(Scalar)); !errors.Is(err, ErrPrivateKey) {
		t.Errorf("NewPrivateKeyFromScalar(0) = %v", err)
	}
	if _, err := NewPublicKey(NewIdentityPoint()); !errors.Is(err, ErrIdentity) {
		t.Errorf("NewPublicKey(identity) = %v", err)
	}
	one, _ := NewPrivateKey(big.NewInt(1).FillBytes(make([]byte, 32)))
	two, _ := NewPrivateKey(big.NewInt(2).FillBytes(make([]byte, 32)))
	if one.Equal(two) || one.PublicKey().Equal(two.PublicKey()) {
		t.Error("different keys compare equal")
	}
}

func TestGeneratePrivateKey(t *testing.T) {
	seen := map[string]bool{}
	for range 20 {
		k, err := GeneratePrivateKey()
		if err != nil {
			t.Fatal(err)
		}
		if seen[string(k.Bytes())] {
			t.Fatal("GeneratePrivateKey repeated a key")
		}
		seen[string(k.Bytes())] = true
	}
	// Rejection sampling skips 0 and values ≥ n.
	stream := append(bytes.Repeat([]byte{0xff}, 32), make([]byte, 32)...)
	stream = append(stream, big.NewInt(7).FillBytes(make([]byte, 32))...)
	k, err := generatePrivateKey(bytes.NewReader(stream))
	if err != nil || !bytes.Equal(k.Bytes(), big.NewInt(7).FillBytes(make([]byte, 32))) {
		t.Fatalf("generatePrivateKey = %v, %v", k, err)
	}
	if _, err := generatePrivateKey(bytes.NewReader(nil)); err == nil {
		t.Fatal("generatePrivateKey with an empty reader succeeded")
	}
}

func FuzzNewPrivateKey(f *testing.F) {
	f.Add(make([]byte, 32))
	f.Add(testref.N.Bytes())
	f.Add([]byte{1})
	f.Fuzz(func(t *testing.T, b []byte) {
		k, err := NewPrivateKey(b)
		x := new(big.Int).SetBytes(b)
		valid := len(b) == 32 && x.Sign() > 0 && x.Cmp(testref.N) < 0
		if (err == nil) != valid {
			t.Fatalf("NewPrivateKey(%x) error = %v, want valid = %v", b, err, valid)
		}
		if err == nil && !bytes.Equal(k.Bytes(), b) {
			t.Fatalf("NewPrivateKey(%x) round trip", b)
		}
	})
}

func BenchmarkKeygen(b *testing.B) {
	k, _ := NewPrivateKey(testref.BigHex("4f129a337e01c85592ab10fe37648d210bee49735a86d21f603c9728b4c10d5e").Bytes())
	b.ReportAllocs()
	for b.Loop() {
		_ = k.PublicKey().BytesCompressed()
	}
}

// TestNewPublicKeys checks NewPublicKeys against NewPublicKey point by
// point (random points with Z ≠ 1, and the generator), the identity's
// error with its index, and the empty input.
func TestNewPublicKeys(t *testing.T) {
	r := testref.Rand(t)
	for _, n := range []int{0, 1, 2, 17} {
		points := make([]*Point, n)
		for i := range points {
			var b [32]byte
			r.Read(b[:])
			k := new(Scalar)
			k.SetReducedBytes(b[:])
			points[i] = new(Point).ScalarBaseMult(k)
			points[i].Add(points[i], NewGeneratorPoint()) // Z ≠ 1
		}
		keys, err := NewPublicKeys(points)
		if err != nil || len(keys) != n {
			t.Fatalf("n = %d: %d keys, %v", n, len(keys), err)
		}
		for i, p := range points {
			want, err := NewPublicKey(p)
			if err != nil {
				t.Fatal(err)
			}
			if !keys[i].Equal(want) {
				t.Fatalf("n = %d: key %d differs from NewPublicKey", n, i)
			}
		}
		if n > 1 {
			points[n-1] = NewIdentityPoint()
			if _, err := NewPublicKeys(points); !errors.Is(err, ErrIdentity) || !strings.Contains(err.Error(), fmt.Sprint(n-1)) {
				t.Fatalf("identity at %d: %v", n-1, err)
			}
		}
	}
}
