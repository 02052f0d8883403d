package secp256k1

import (
	"bytes"
	"errors"
	"math/big"
	"math/rand"
	"testing"

	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref"
)

// randomPrivateKey returns a random key in [1, n−1] (edge values included) as
// a PrivateKey and a big.Int.
func randomPrivateKey(t testing.TB, r *rand.Rand) (*PrivateKey, *big.Int) {
	for {
		kb := randomScalar(r)
		if kb.Sign() == 0 {
			continue
		}
		k, err := NewPrivateKey(testref.Bytes32(kb))
		if err != nil {
			t.Fatalf("NewPrivateKey(%x): %v", kb, err)
		}
		return k, kb
	}
}

// tweakCases returns the tweaks to apply to the key kb: random and edge
// values, including ones ≥ n, the additive and multiplicative inverses of kb,
// and kb itself (for a public key, P + t·G is then a doubling).
func tweakCases(r *rand.Rand, kb *big.Int) []*big.Int {
	n := testref.N
	one := big.NewInt(1)
	all := new(big.Int).Sub(new(big.Int).Lsh(one, 256), one)
	return []*big.Int{
		big.NewInt(0), big.NewInt(1), big.NewInt(2),
		new(big.Int).Sub(n, one), n, new(big.Int).Add(n, one), all,
		new(big.Int).Sub(n, kb),              // k + t = 0
		new(big.Int).ModInverse(kb, n),       // k·t = 1
		new(big.Int).Set(kb),                 // k + t = 2k
		new(big.Int).Sub(all, big.NewInt(1)), // ≥ n
		randomScalar(r),
		new(big.Int).Rand(r, new(big.Int).Lsh(one, 256)), // may be ≥ n
	}
}

// checkPublicKey fails if p is not the reference point want.
func checkPublicKey(t testing.TB, what string, p *PublicKey, want testref.Point) {
	t.Helper()
	if got, w := p.BytesUncompressed(), testref.Uncompressed(want); !bytes.Equal(got, w) {
		t.Fatalf("%s = %x, want %x", what, got, w)
	}
}

func TestPrivateKeyTweakAdd(t *testing.T) {
	r, count := pointTestRand(t, 60)
	n := testref.N
	for range count {
		k, kb := randomPrivateKey(t, r)
		pub := k.PublicKey()
		P := testref.ScalarMult(kb, testref.G)
		for _, tw := range tweakCases(r, kb) {
			tb := testref.Bytes32(tw)
			got, err := k.TweakAdd(tb)
			gotPub, errPub := pub.TweakAdd(tb)
			sum := new(big.Int).Add(kb, tw)
			sum.Mod(sum, n)
			switch {
			case tw.Cmp(n) >= 0:
				if !errors.Is(err, ErrTweak) || got != nil {
					t.Fatalf("k = %x, t = %x ≥ n: TweakAdd = %v, %v", kb, tw, got, err)
				}
				if !errors.Is(errPub, ErrTweak) || gotPub != nil {
					t.Fatalf("P = %x·G, t = %x ≥ n: PublicKey.TweakAdd = %v, %v", kb, tw, gotPub, errPub)
				}
			case sum.Sign() == 0:
				if !errors.Is(err, ErrPrivateKey) || got != nil {
					t.Fatalf("k = %x, t = n − k: TweakAdd = %v, %v", kb, got, err)
				}
				if !errors.Is(errPub, ErrIdentity) || gotPub != nil {
					t.Fatalf("P = %x·G, t = n − k: PublicKey.TweakAdd = %v, %v", kb, gotPub, errPub)
				}
			default:
				if err != nil || !bytes.Equal(got.Bytes(), testref.Bytes32(sum)) {
					t.Fatalf("k = %x, t = %x: TweakAdd = %v, %v, want %x", kb, tw, got, err, sum)
				}
				if errPub != nil {
					t.Fatalf("P = %x·G, t = %x: PublicKey.TweakAdd: %v", kb, tw, errPub)
				}
				want := testref.Add(P, testref.ScalarMult(tw, testref.G))
				checkPublicKey(t, "PublicKey.TweakAdd", gotPub, want)
				checkPublicKey(t, "TweakAdd(k).PublicKey", got.PublicKey(), want)
			}
			if !bytes.Equal(k.Bytes(), testref.Bytes32(kb)) || !pub.Equal(k.PublicKey()) {
				t.Fatal("TweakAdd changed its receiver")
			}
		}
	}
}

func TestPrivateKeyTweakMul(t *testing.T) {
	r, count := pointTestRand(t, 60)
	n := testref.N
	for range count {
		k, kb := randomPrivateKey(t, r)
		pub := k.PublicKey()
		P := testref.ScalarMult(kb, testref.G)
		for _, tw := range tweakCases(r, kb) {
			tb := testref.Bytes32(tw)
			got, err := k.TweakMul(tb)
			gotPub, errPub := pub.TweakMul(tb)
			if tw.Sign() == 0 || tw.Cmp(n) >= 0 {
				if !errors.Is(err, ErrTweak) || got != nil {
					t.Fatalf("k = %x, t = %x: TweakMul = %v, %v", kb, tw, got, err)
				}
				if !errors.Is(errPub, ErrTweak) || gotPub != nil {
					t.Fatalf("P = %x·G, t = %x: PublicKey.TweakMul = %v, %v", kb, tw, gotPub, errPub)
				}
				continue
			}
			prod := new(big.Int).Mul(kb, tw)
			prod.Mod(prod, n)
			if err != nil || !bytes.Equal(got.Bytes(), testref.Bytes32(prod)) {
				t.Fatalf("k = %x, t = %x: TweakMul = %v, %v, want %x", kb, tw, got, err, prod)
			}
			if errPub != nil {
				t.Fatalf("P = %x·G, t = %x: PublicKey.TweakMul: %v", kb, tw, errPub)
			}
			want := testref.ScalarMult(tw, P)
			checkPublicKey(t, "PublicKey.TweakMul", gotPub, want)
			checkPublicKey(t, "TweakMul(k).PublicKey", got.PublicKey(), want)
			if !bytes.Equal(k.Bytes(), testref.Bytes32(kb)) || !pub.Equal(k.PublicKey()) {
				t.Fatal("TweakMul changed its receiver")
			}
		}
	}
}

func TestKeyNegate(t *testing.T) {
	r, count := pointTestRand(t, 100)
	n := testref.N
	for range count {
		k, kb := randomPrivateKey(t, r)
		pub := k.PublicKey()
		neg := k.Negate()
		if want := new(big.Int).Sub(n, kb); !bytes.Equal(neg.Bytes(), testref.Bytes32(want)) {
			t.Fatalf("Negate(%x) = %x, want %x", kb, neg.Bytes(), want)
		}
		want := testref.Neg(testref.ScalarMult(kb, testref.G))
		checkPublicKey(t, "PublicKey.Negate", pub.Negate(), want)
		checkPublicKey(t, "Negate(k).PublicKey", neg.PublicKey(), want)
		if !neg.Negate().Equal(k) || !pub.Negate().Negate().Equal(pub) {
			t.Fatal("double negation is not the identity map")
		}
		if !bytes.Equal(k.Bytes(), testref.Bytes32(kb)) || !pub.Equal(k.PublicKey()) {
			t.Fatal("Negate changed its receiver")
		}
		// The parity flips and the x coordinate stays.
		c, nc := pub.BytesCompressed(), pub.Negate().BytesCompressed()
		if c[0]^nc[0] != 1 || !bytes.Equal(c[1:], nc[1:]) {
			t.Fatalf("Negate: %x → %x", c, nc)
		}
	}
}

func TestTweakLengths(t *testing.T) {
	k, _ := NewPrivateKey(testref.Bytes32(big.NewInt(3)))
	pub := k.PublicKey()
	one := testref.Bytes32(big.NewInt(1))
	for name, tb := range map[string][]byte{
		"nil":      nil,
		"empty":    {},
		"1 byte":   {1},
		"31 bytes": one[1:],
		"33 bytes": append([]byte{0}, one...),
		"64 bytes": append(make([]byte, 32), one...),
	} {
		if got, err := k.TweakAdd(tb); !errors.Is(err, ErrTweak) || got != nil {
			t.Errorf("TweakAdd(%s) = %v, %v", name, got, err)
		}
		if got, err := k.TweakMul(tb); !errors.Is(err, ErrTweak) || got != nil {
			t.Errorf("TweakMul(%s) = %v, %v", name, got, err)
		}
		if got, err := pub.TweakAdd(tb); !errors.Is(err, ErrTweak) || got != nil {
			t.Errorf("PublicKey.TweakAdd(%s) = %v, %v", name, got, err)
		}
		if got, err := pub.TweakMul(tb); !errors.Is(err, ErrTweak) || got != nil {
			t.Errorf("PublicKey.TweakMul(%s) = %v, %v", name, got, err)
		}
	}
}

func TestCombinePublicKeys(t *testing.T) {
	r, count := pointTestRand(t, 60)
	for i := range count {
		var keys []*PublicKey
		var refs []testref.Point
		want := testref.Identity()
		for range 1 + i%6 {
			_, kb := randomPrivateKey(t, r)
			P := testref.ScalarMult(kb, testref.G)
			pub, err := ParsePublicKey(testref.Compressed(P))
			if err != nil {
				t.Fatal(err)
			}
			// Sometimes repeat or cancel the previous key: the sum then
			// needs a doubling or passes through the identity.
			if len(keys) > 0 && r.Intn(4) == 0 {
				pub, P = keys[len(keys)-1], refs[len(refs)-1]
				if r.Intn(2) == 0 {
					pub, P = pub.Negate(), testref.Neg(P)
				}
			}
			keys, refs = append(keys, pub), append(refs, P)
			want = testref.Add(want, P)
		}
		got, err := CombinePublicKeys(keys...)
		if want.Inf {
			if !errors.Is(err, ErrIdentity) || got != nil {
				t.Fatalf("CombinePublicKeys with an identity sum = %v, %v", got, err)
			}
			continue
		}
		if err != nil {
			t.Fatalf("CombinePublicKeys: %v", err)
		}
		checkPublicKey(t, "CombinePublicKeys", got, want)
	}

	k, _ := NewPrivateKey(testref.Bytes32(big.NewInt(5)))
	P := k.PublicKey()
	G := testref.G
	if got, err := CombinePublicKeys(P); err != nil || !got.Equal(P) {
		t.Errorf("CombinePublicKeys(P) = %v, %v", got, err)
	}
	if got, err := CombinePublicKeys(P, P); err != nil {
		t.Errorf("CombinePublicKeys(P, P): %v", err)
	} else {
		checkPublicKey(t, "P + P", got, testref.ScalarMult(big.NewInt(10), G))
	}
	if got, err := CombinePublicKeys(P, P.Negate()); !errors.Is(err, ErrIdentity) || got != nil {
		t.Errorf("CombinePublicKeys(P, −P) = %v, %v", got, err)
	}
	if got, err := CombinePublicKeys(P, P.Negate(), P); err != nil || !got.Equal(P) {
		t.Errorf("CombinePublicKeys(P, −P, P) = %v, %v", got, err)
	}
	if got, err := CombinePublicKeys(); !errors.Is(err, ErrNoPublicKeys) || got != nil {
		t.Errorf("CombinePublicKeys() = %v, %v", got, err)
	}
	if got, err := CombinePublicKeys([]*PublicKey{}...); !errors.Is(err, ErrNoPublicKeys) || got != nil {
		t.Errorf("CombinePublicKeys(empty slice) = %v, %v", got, err)
	}
}

func BenchmarkPublicKeyTweakAdd(b *testing.B) {
	k, _ := NewPrivateKey(testref.BigHex("4f129a337e01c85592ab10fe37648d210bee49735a86d21f603c9728b4c10d5e").Bytes())
	pub := k.PublicKey()
	tweak := testref.BigHex("b86e7be8f39bab32a6f2c0443abbc210f0edac0e2c53d501b36b64437d9c6c70").Bytes()
	b.ReportAllocs()
	for b.Loop() {
		if _, err := pub.TweakAdd(tweak); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkPrivateKeyTweakAdd(b *testing.B) {
	k, _ := NewPrivateKey(testref.BigHex("4f129a337e01c85592ab10fe37648d210bee49735a86d21f603c9728b4c10d5e").Bytes())
	tweak := testref.BigHex("b86e7be8f39bab32a6f2c0443abbc210f0edac0e2c53d501b36b64437d9c6c70").Bytes()
	b.ReportAllocs()
	for b.Loop() {
		if _, err := k.TweakAdd(tweak); err != nil {
			b.Fatal(err)
		}
	}
}
