package schnorr

import (
	"fmt"
	"math/rand"
	"testing"

	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref/testkey"
)

type signed struct {
	pub      *secp256k1.PublicKey
	msg, sig []byte
}

// makeSigned returns n valid signatures over random messages, under keys
// drawn from a pool of nkeys (so that keys repeat).
func makeSigned(t testing.TB, r *rand.Rand, n, nkeys int) []signed {
	keys := make([]*Keypair, nkeys)
	for i := range keys {
		keys[i] = NewKeypair(testkey.Random(t, r))
	}
	out := make([]signed, n)
	for i := range out {
		kp := keys[r.Intn(nkeys)]
		msg := make([]byte, r.Intn(80))
		r.Read(msg)
		aux := make([]byte, 32)
		r.Read(aux)
		sig, err := kp.Sign(msg, aux)
		if err != nil {
			t.Fatal(err)
		}
		pub := kp.PublicKey()
		if r.Intn(2) == 0 {
			pub, _ = ParsePublicKey(kp.XOnlyPublicKey()) // even-y form of the same key
		}
		out[i] = signed{pub, msg, sig}
	}
	return out
}

// corrupt returns a copy of s with one invalidating change.
func corrupt(r *rand.Rand, s signed, others []signed) signed {
	c := signed{s.pub, append([]byte{}, s.msg...), append([]byte{}, s.sig...)}
	switch r.Intn(4) {
	case 0:
		c.sig[r.Intn(64)] ^= 1 << r.Intn(8)
	case 1:
		c.msg = append(c.msg, 1)
	case 2:
		for _, o := range others { // another key, if the pool has one
			if SerializePublicKey(o.pub)[0] != SerializePublicKey(s.pub)[0] {
				c.pub = o.pub
				break
			}
		}
		c.sig[0] ^= 1
	default:
		copy(c.sig[32:], []byte{0xff, 0xff, 0xff, 0xff}) // s ≥ n or just wrong
	}
	return c
}

func TestBatchVerifier(t *testing.T) {
	r := testref.Rand(t)
	sizes := []int{1, 2, 64, 1000}
	if testing.Short() {
		sizes = []int{1, 2, 17}
	}
	for _, n := range sizes {
		t.Run(fmt.Sprint(n), func(t *testing.T) {
			sigs := makeSigned(t, r, n, max(1, n/3))
			bv := NewBatchVerifier()
			for _, s := range sigs {
				if err := bv.Add(s.pub, s.msg, s.sig); err != nil {
					t.Fatal(err)
				}
			}
			if !bv.Verify() || len(bv.Invalid()) != 0 {
				t.Fatal("a batch of valid signatures failed")
			}
			// Each position bad in turn. Invalid (n single verifications)
			// is checked at every position up to 64 signatures and at a
			// sample of positions above.
			for bad := range n {
				bv.Reset()
				for i, s := range sigs {
					if i == bad {
						s = corrupt(r, s, sigs)
					}
					if err := bv.Add(s.pub, s.msg, s.sig); err != nil {
						t.Fatal(err)
					}
				}
				if bv.Verify() {
					t.Fatalf("batch with signature %d bad verified", bad)
				}
				if n > 64 && bad%97 != 0 && bad != n-1 {
					continue
				}
				if inv := bv.Invalid(); len(inv) != 1 || inv[0] != bad {
					t.Fatalf("Invalid() = %v, want [%d]", inv, bad)
				}
			}
		})
	}
	if NewBatchVerifier().Add(nil, nil, make([]byte, 63)) != ErrSignatureLength {
		t.Fatal("63-byte signature accepted by Add")
	}
	if !NewBatchVerifier().Verify() {
		t.Fatal("empty batch failed")
	}
}

// FuzzBatchVerifier adds fuzzed signatures next to valid ones: the batch
// must never panic and must agree with single verification.
func FuzzBatchVerifier(f *testing.F) {
	r := rand.New(rand.NewSource(1))
	valid := makeSigned(f, r, 3, 2)
	f.Add(valid[0].msg, valid[0].sig, byte(0))
	f.Add([]byte{}, make([]byte, 64), byte(1))
	f.Fuzz(func(t *testing.T, msg, sig []byte, which byte) {
		bv := NewBatchVerifier()
		pub := valid[int(which)%len(valid)].pub
		for _, v := range valid {
			_ = bv.Add(v.pub, v.msg, v.sig)
		}
		err := bv.Add(pub, msg, sig)
		if (err != nil) != (len(sig) != 64) {
			t.Fatalf("Add error %v for a %d-byte signature", err, len(sig))
		}
		if err != nil {
			return
		}
		if got, want := bv.Verify(), Verify(pub, msg, sig); got != want {
			t.Fatalf("batch %v, single %v", got, want)
		}
	})
}

func BenchmarkSchnorrsigBatchVerify(b *testing.B) {
	r := rand.New(rand.NewSource(1))
	for _, n := range []int{1, 8, 64, 256, 1024, 8192} {
		sigs := makeSigned(b, r, n, n)
		b.Run(fmt.Sprintf("N=%d", n), func(b *testing.B) {
			bv := NewBatchVerifier()
			b.ReportAllocs()
			for b.Loop() {
				bv.Reset()
				for _, s := range sigs {
					_ = bv.Add(s.pub, s.msg, s.sig)
				}
				if !bv.Verify() {
					b.Fatal("batch failed")
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*n), "ns/sig")
		})
	}
}

// BenchmarkSchnorrsigVerifyEach verifies the signatures of the batch
// benchmark one by one (keys already parsed): the baseline of batching.
func BenchmarkSchnorrsigVerifyEach(b *testing.B) {
	r := rand.New(rand.NewSource(1))
	sigs := makeSigned(b, r, 64, 64)
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		s := sigs[i%len(sigs)]
		if !Verify(s.pub, s.msg, s.sig) {
			b.Fatal("verify failed")
		}
		i++
	}
}
