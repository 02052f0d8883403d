package schnorr

import (
	"bytes"
	"encoding/hex"
	"errors"
	"fmt"
	"math/big"
	"math/rand"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/race"
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
	if err := NewBatchVerifier().Add(nil, nil, make([]byte, 63)); !errors.Is(err, ErrSignatureLength) || !strings.Contains(err.Error(), "got 63 bytes") {
		t.Fatalf("63-byte signature: Add returned %v", err)
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
		if wantErr := batchAddError(sig); !errors.Is(err, wantErr) {
			t.Fatalf("Add error %v, want %v", err, wantErr)
		}
		if err != nil {
			if Verify(pub, msg, sig) {
				t.Fatal("a signature refused by Add verifies")
			}
			if bv.Len() != len(valid)+1 {
				t.Fatalf("Len = %d after %d calls of Add", bv.Len(), len(valid)+1)
			}
			if bv.Verify() {
				t.Fatal("a batch with a refused signature verifies")
			}
			if got, want := bv.Invalid(), []int{len(valid)}; !slices.Equal(got, want) {
				t.Fatalf("Invalid = %v, want %v", got, want)
			}
			return
		}
		if got, want := bv.Verify(), Verify(pub, msg, sig); got != want {
			t.Fatalf("batch %v, single %v", got, want)
		}
	})
}

// batchAddError returns the error that Add must return for sig under a
// valid key.
func batchAddError(sig []byte) error {
	if len(sig) != 64 {
		return ErrSignatureLength
	}
	if new(big.Int).SetBytes(sig[:32]).Cmp(testref.P) >= 0 {
		return ErrSignatureR
	}
	if new(big.Int).SetBytes(sig[32:]).Cmp(testref.N) >= 0 {
		return ErrSignatureS
	}
	return nil
}

// TestBatchVerifierZeroKeyReproducer is the reported attack: an invalid
// signature under a real key, and the same signature under the zero value
// of secp256k1.PublicKey. Add accepted the zero key, whose point (0, 0)
// made the batch's multi-scalar multiplication the identity, and Verify
// returned true. Add now refuses the zero key; the refused entry takes
// position 1 and fails the batch by itself.
func TestBatchVerifierZeroKeyReproducer(t *testing.T) {
	k, _ := secp256k1.NewPrivateKey(bytes.Repeat([]byte{7}, 32))
	msg := []byte("pay 1 BTC")
	sig, err := Sign(k, msg, make([]byte, 32))
	if err != nil {
		t.Fatal(err)
	}
	sig[63] ^= 0xff
	bv := NewBatchVerifier()
	if err := bv.Add(k.PublicKey(), msg, sig); err != nil {
		t.Fatalf("Add with the real key: %v", err)
	}
	if err := bv.Add(new(secp256k1.PublicKey), msg, sig); !errors.Is(err, secp256k1.ErrUninitialized) {
		t.Errorf("Add with the zero key: %v, want ErrUninitialized", err)
	}
	if bv.Len() != 2 {
		t.Errorf("Len = %d after two calls of Add, want 2", bv.Len())
	}
	if bv.Verify() {
		t.Error("Verify = true for a batch with an invalid signature")
	}
	if got := bv.Invalid(); !slices.Equal(got, []int{0, 1}) {
		t.Errorf("Invalid = %v, want [0 1]", got)
	}
	if Verify(k.PublicKey(), msg, sig) {
		t.Error("single Verify = true for the invalid signature")
	}
}

// TestBatchVerifierZeroKeys adds signatures under the zero key at mixed
// positions of batches of 1 to 45 entries (under up to 18 distinct keys, so
// that both engines, Strauss and Pippenger, run): Add refuses each with
// ErrUninitialized, the refused entry takes its position, and the batch
// fails with Invalid naming the refused positions (and the invalid
// signature, which the zero-key entries repeat as in the reproducer).
// After Reset, the same batch without the zero-key entries verifies if
// and only if its signatures are valid.
func TestBatchVerifierZeroKeys(t *testing.T) {
	r := testref.Rand(t)
	all := makeSigned(t, r, 45, 18)
	zero := new(secp256k1.PublicKey)
	for n := 1; n <= len(all); n++ {
		// Zero-key entries before the first entry, in the middle, after the
		// last one and at random positions.
		zeroAt := map[int]bool{0: true, n / 2: true, n: true}
		for range n / 4 {
			zeroAt[r.Intn(n+1)] = true
		}
		bad := r.Intn(n)
		for _, invalid := range []bool{false, true} {
			entries := slices.Clone(all[:n])
			if invalid {
				e := entries[bad]
				entries[bad] = signed{e.pub, e.msg, slices.Clone(e.sig)}
				entries[bad].sig[63] ^= 0xff
			}
			bv := NewBatchVerifier()
			var want []int // the positions of the refused and invalid entries
			for i := 0; i <= n; i++ {
				if zeroAt[i] {
					z := entries[bad]
					want = append(want, bv.Len())
					if err := bv.Add(zero, z.msg, z.sig); !errors.Is(err, secp256k1.ErrUninitialized) {
						t.Fatalf("n=%d: Add with the zero key at %d: %v, want ErrUninitialized", n, i, err)
					}
				}
				if i < n {
					if invalid && i == bad {
						want = append(want, bv.Len())
					}
					if err := bv.Add(entries[i].pub, entries[i].msg, entries[i].sig); err != nil {
						t.Fatalf("n=%d: Add(%d): %v", n, i, err)
					}
				}
			}
			if bv.Verify() {
				t.Fatalf("n=%d, signature %d invalid: %v: Verify = true with zero-key entries", n, bad, invalid)
			}
			if got := bv.Invalid(); !slices.Equal(got, want) {
				t.Fatalf("n=%d, signature %d invalid: %v: Invalid = %v, want %v", n, bad, invalid, got, want)
			}
			bv.Reset()
			for i := range n {
				if err := bv.Add(entries[i].pub, entries[i].msg, entries[i].sig); err != nil {
					t.Fatalf("n=%d: Add(%d): %v", n, i, err)
				}
			}
			if got := bv.Verify(); got == invalid {
				t.Fatalf("n=%d, signature %d invalid: %v: Verify = %v after Reset", n, bad, invalid, got)
			}
		}
	}
}

// max256 is 2²⁵⁶ − 1, the largest 32-byte value.
var max256 = new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 256), big.NewInt(1))

// withRS returns a copy of the 64-byte sig with r (its first 32 bytes) and
// s (its last 32) replaced by the given values, where not nil.
func withRS(sig []byte, r, s *big.Int) []byte {
	b := slices.Clone(sig)
	if r != nil {
		r.FillBytes(b[:32])
	}
	if s != nil {
		s.FillBytes(b[32:])
	}
	return b
}

// TestBatchVerifierAddErrors checks Add's refusals: each named error, in
// its order, and that a refused entry takes its position and fails the
// batch until Reset.
func TestBatchVerifierAddErrors(t *testing.T) {
	k, _ := secp256k1.NewPrivateKey(bytes.Repeat([]byte{7}, 32))
	pub := k.PublicKey()
	msg := []byte("message")
	sig, _ := Sign(k, msg, make([]byte, 32))
	with := func(r, s *big.Int) []byte { return withRS(sig, r, s) }
	zero := new(secp256k1.PublicKey)
	cases := []struct {
		name string
		pub  *secp256k1.PublicKey
		sig  []byte
		want error
	}{
		{"63 bytes", pub, sig[:63], ErrSignatureLength},
		{"65 bytes", pub, append(slices.Clone(sig), 0), ErrSignatureLength},
		{"63 bytes, zero key", zero, sig[:63], ErrSignatureLength},
		{"zero key", zero, sig, secp256k1.ErrUninitialized},
		{"zero key, r = p", zero, with(testref.P, nil), secp256k1.ErrUninitialized},
		{"r = p", pub, with(testref.P, nil), ErrSignatureR},
		{"r = 2²⁵⁶ − 1", pub, with(max256, nil), ErrSignatureR},
		{"r = p, s = n", pub, with(testref.P, testref.N), ErrSignatureR},
		{"s = n", pub, with(nil, testref.N), ErrSignatureS},
		{"s = 2²⁵⁶ − 1", pub, with(nil, max256), ErrSignatureS},
	}
	bv := NewBatchVerifier()
	if err := bv.Add(pub, msg, sig); err != nil {
		t.Fatal(err)
	}
	var refused []int
	for i, c := range cases {
		if err := bv.Add(c.pub, msg, c.sig); !errors.Is(err, c.want) {
			t.Errorf("%s: Add = %v, want %v", c.name, err, c.want)
		}
		if bv.Len() != i+2 {
			t.Fatalf("%s: Len = %d after %d calls of Add", c.name, bv.Len(), i+2)
		}
		refused = append(refused, i+1)
	}
	if bv.Verify() {
		t.Error("a batch with refused signatures verifies")
	}
	if got := bv.Invalid(); !slices.Equal(got, refused) {
		t.Errorf("Invalid = %v, want %v", got, refused)
	}
	bv.Reset()
	if err := bv.Add(pub, msg, sig); err != nil {
		t.Fatal(err)
	}
	if !bv.Verify() {
		t.Error("the batch of the one valid signature fails after Reset")
	}
	// p − 1 is accepted by Add (an x coordinate below p, though not of a
	// point) and rejected by Verify.
	if err := bv.Add(pub, msg, with(new(big.Int).Sub(testref.P, big.NewInt(1)), nil)); err != nil {
		t.Fatalf("r = p − 1: Add = %v", err)
	}
	if bv.Verify() {
		t.Error("r = p − 1 verified")
	}
}

// TestBatchVerifierFailsClosed checks that a batch fails closed: each
// reason that Add or AddTweakCheck refuses an entry for, the refused call
// first, in the middle or last among 0, 1, 2 and 40 valid signatures, on
// one and on two workers. Verify must be false, Invalid must name exactly
// the refused position (every call counts, as Len does), and after Reset
// the valid signatures alone must verify. The message is never refused
// (any length is a message), so no case changes it.
func TestBatchVerifierFailsClosed(t *testing.T) {
	r := testref.Rand(t)
	valid := makeSigned(t, r, 40, 7)
	check := makeTweakChecks(t, r, 1, nil)[0]
	s := valid[0]
	with := func(r, s *big.Int) []byte { return withRS(valid[0].sig, r, s) }
	pBytes := testref.P.FillBytes(make([]byte, 32))
	nBytes := testref.N.FillBytes(make([]byte, 32))
	zero := new(secp256k1.PublicKey)
	addSig := func(pub *secp256k1.PublicKey, sig []byte) func(*BatchVerifier) error {
		return func(bv *BatchVerifier) error { return bv.Add(pub, s.msg, sig) }
	}
	addCheck := func(x []byte, parity int, internal *secp256k1.PublicKey, tweak []byte) func(*BatchVerifier) error {
		return func(bv *BatchVerifier) error { return bv.AddTweakCheck(x, parity, internal, tweak) }
	}
	refusals := []struct {
		name string
		add  func(*BatchVerifier) error
		want error
	}{
		{"sig 63 bytes", addSig(s.pub, s.sig[:63]), ErrSignatureLength},
		{"sig 65 bytes", addSig(s.pub, append(slices.Clone(s.sig), 0)), ErrSignatureLength},
		{"sig nil", addSig(s.pub, nil), ErrSignatureLength},
		{"key nil", addSig(nil, s.sig), secp256k1.ErrUninitialized},
		{"key zero", addSig(zero, s.sig), secp256k1.ErrUninitialized},
		{"r = p", addSig(s.pub, with(testref.P, nil)), ErrSignatureR},
		{"r = 2²⁵⁶ − 1", addSig(s.pub, with(max256, nil)), ErrSignatureR},
		{"s = n", addSig(s.pub, with(nil, testref.N)), ErrSignatureS},
		{"s = 2²⁵⁶ − 1", addSig(s.pub, with(nil, max256)), ErrSignatureS},
		{"tweaked key 31 bytes", addCheck(check.x[:31], check.parity, check.internal, check.tweak), ErrTweakCheck},
		{"tweaked key = p", addCheck(pBytes, check.parity, check.internal, check.tweak), ErrTweakCheck},
		{"parity 2", addCheck(check.x, 2, check.internal, check.tweak), ErrTweakCheck},
		{"parity −1", addCheck(check.x, -1, check.internal, check.tweak), ErrTweakCheck},
		{"internal key nil", addCheck(check.x, check.parity, nil, check.tweak), secp256k1.ErrUninitialized},
		{"internal key zero", addCheck(check.x, check.parity, zero, check.tweak), secp256k1.ErrUninitialized},
		{"tweak 31 bytes", addCheck(check.x, check.parity, check.internal, check.tweak[:31]), ErrTweak},
		{"tweak = n", addCheck(check.x, check.parity, check.internal, nBytes), ErrTweak},
	}
	for _, workers := range []int{1, 2} {
		bv := NewBatchVerifier()
		bv.SetWorkers(workers)
		for _, rf := range refusals {
			for _, n := range []int{0, 1, 2, 40} {
				for _, at := range slices.Compact([]int{0, n / 2, n}) {
					name := fmt.Sprintf("workers %d, %s at %d of %d valid", workers, rf.name, at, n)
					bv.Reset()
					for i := 0; i <= n; i++ {
						if i == at {
							if err := rf.add(bv); !errors.Is(err, rf.want) {
								t.Fatalf("%s: error %v, want %v", name, err, rf.want)
							}
						}
						if i < n {
							if err := bv.Add(valid[i].pub, valid[i].msg, valid[i].sig); err != nil {
								t.Fatalf("%s: Add(%d): %v", name, i, err)
							}
						}
					}
					if bv.Verify() {
						t.Fatalf("%s: Verify = true", name)
					}
					if got := bv.Invalid(); !slices.Equal(got, []int{at}) {
						t.Fatalf("%s: Invalid = %v, want [%d]", name, got, at)
					}
					if bv.Len() != n+1 {
						t.Fatalf("%s: Len = %d, want %d", name, bv.Len(), n+1)
					}
					bv.Reset()
					for i := range n {
						if err := bv.Add(valid[i].pub, valid[i].msg, valid[i].sig); err != nil {
							t.Fatalf("%s: Add(%d) after Reset: %v", name, i, err)
						}
					}
					if !bv.Verify() || bv.Len() != n || len(bv.Invalid()) != 0 {
						t.Fatalf("%s: after Reset, the %d valid signatures: Verify %v, Len %d, Invalid %v",
							name, n, bv.Verify(), bv.Len(), bv.Invalid())
					}
				}
			}
		}
	}
	// Two refusals and a valid tweak check: both refused positions, and
	// the check that follows them, count.
	bv := NewBatchVerifier()
	_ = refusals[0].add(bv)
	for _, v := range valid[:3] {
		_ = bv.Add(v.pub, v.msg, v.sig)
	}
	_ = refusals[len(refusals)-1].add(bv)
	_ = bv.AddTweakCheck(check.x, check.parity, check.internal, check.tweak)
	if bv.Verify() || bv.Len() != 6 || !slices.Equal(bv.Invalid(), []int{0, 4}) {
		t.Fatalf("two refusals: Verify %v, Len %d, Invalid %v; want false, 6, [0 4]", bv.Verify(), bv.Len(), bv.Invalid())
	}
}

// TestBatchVerifierKeepsKeyCopy checks that the batch keeps its own copy of
// each key: wiping the caller's key after Add changes nothing.
func TestBatchVerifierKeepsKeyCopy(t *testing.T) {
	r := testref.Rand(t)
	sigs := makeSigned(t, r, 3, 3)
	bv := NewBatchVerifier()
	for _, s := range sigs {
		pub := *s.pub
		if err := bv.Add(&pub, s.msg, s.sig); err != nil {
			t.Fatal(err)
		}
		pub = secp256k1.PublicKey{}
	}
	if !bv.Verify() || len(bv.Invalid()) != 0 {
		t.Fatal("the batch changed with the caller's keys")
	}
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

// BenchmarkSchnorrsigBatchVerifyWorkers is the batch of 8192 signatures
// with one and with two workers (SetWorkers): only Verify is timed, the
// Adds are not (they do not parallelise).
func BenchmarkSchnorrsigBatchVerifyWorkers(b *testing.B) {
	r := rand.New(rand.NewSource(1))
	const n = 8192
	sigs := makeSigned(b, r, n, n)
	for _, w := range []int{1, 2} {
		b.Run(fmt.Sprintf("workers=%d", w), func(b *testing.B) {
			bv := NewBatchVerifier()
			bv.SetWorkers(w)
			for _, s := range sigs {
				_ = bv.Add(s.pub, s.msg, s.sig)
			}
			for b.Loop() {
				if !bv.Verify() {
					b.Fatal("batch failed")
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*n), "ns/sig")
		})
	}
}

// BenchmarkSchnorrsigBatchRatio reports the batch's time per signature
// (Add and Verify) against one Verify, the figure of the target,
// timing a batch and 256 single verifications alternately in one loop, so
// that a shared machine's drifting load weighs on both alike.
func BenchmarkSchnorrsigBatchRatio(b *testing.B) {
	r := rand.New(rand.NewSource(1))
	for _, n := range []int{256, 1024, 8192} {
		sigs := makeSigned(b, r, n, n)
		b.Run(fmt.Sprintf("N=%d", n), func(b *testing.B) {
			bv := NewBatchVerifier()
			var batch, single time.Duration
			const singles = 256
			for b.Loop() {
				t0 := time.Now()
				bv.Reset()
				for _, s := range sigs {
					_ = bv.Add(s.pub, s.msg, s.sig)
				}
				if !bv.Verify() {
					b.Fatal("batch failed")
				}
				t1 := time.Now()
				for _, s := range sigs[:singles] {
					if !Verify(s.pub, s.msg, s.sig) {
						b.Fatal("verify failed")
					}
				}
				batch += t1.Sub(t0)
				single += time.Since(t1)
			}
			b.ReportMetric(float64(batch)/float64(n)/(float64(single)/singles), "verifies/sig")
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

// TestBatchAllocations checks that a BatchVerifier reused across Reset
// allocates at most 0.1 objects per signature for a batch of 1024 (the
// multi-scalar multiplication's scratch comes from pools).
func TestBatchAllocations(t *testing.T) {
	race.SkipAllocs(t)
	const n = 1024
	pubs := make([]*secp256k1.PublicKey, n)
	msgs := make([][]byte, n)
	sigs := make([][]byte, n)
	for i := range n {
		b := make([]byte, 32)
		b[0], b[1], b[31] = byte(i), byte(i>>8), 1
		k, err := secp256k1.NewPrivateKey(b)
		if err != nil {
			t.Fatal(err)
		}
		pubs[i], msgs[i] = k.PublicKey(), b
		if sigs[i], err = Sign(k, b, nil); err != nil {
			t.Fatal(err)
		}
	}
	bv := NewBatchVerifier()
	run := func() {
		bv.Reset()
		for i := range n {
			if err := bv.Add(pubs[i], msgs[i], sigs[i]); err != nil {
				t.Fatal(err)
			}
		}
		if !bv.Verify() {
			t.Fatal("a valid batch does not verify")
		}
	}
	run()
	if a := testing.AllocsPerRun(3, run); a/n > 0.1 {
		t.Errorf("%.3f allocations per signature (%v per batch of %d), want at most 0.1", a/n, a, n)
	}
}

// TestBatchVerifierWorkers checks that Verify's answer does not depend on
// SetWorkers: valid batches and batches with one bad signature, at sizes on
// both sides of the point where the multi-scalar multiplication splits its
// work, for 1, 2, 3 workers, GOMAXPROCS and out-of-range values.
func TestBatchVerifierWorkers(t *testing.T) {
	r := testref.Rand(t)
	for _, n := range []int{5, 40, 300} {
		sigs := makeSigned(t, r, n, max(1, n/4))
		bad := r.Intn(n)
		for _, w := range []int{1, 2, 3, secp256k1.UseGOMAXPROCS, 0, -7} {
			bv := NewBatchVerifier()
			bv.SetWorkers(w)
			for _, corrupted := range []bool{false, true} {
				bv.Reset()
				for i, s := range sigs {
					if corrupted && i == bad {
						s = corrupt(r, s, sigs)
					}
					if err := bv.Add(s.pub, s.msg, s.sig); err != nil {
						t.Fatal(err)
					}
				}
				if got := bv.Verify(); got == corrupted {
					t.Errorf("n = %d, workers %d, corrupted %v: Verify = %v", n, w, corrupted, got)
				}
			}
		}
	}
}

// tweakCheck is one AddTweakCheck input.
type tweakCheck struct {
	x        []byte
	parity   int
	internal *secp256k1.PublicKey
	tweak    []byte
}

// makeTweakChecks returns n valid tweak checks, their internal keys drawn
// from keys (so that they share points with the signatures' keys) or new.
func makeTweakChecks(t testing.TB, r *rand.Rand, n int, keys []*secp256k1.PublicKey) []tweakCheck {
	out := make([]tweakCheck, n)
	for i := range out {
		internal := testkey.Random(t, r).PublicKey()
		if len(keys) > 0 && r.Intn(2) == 0 {
			internal = keys[r.Intn(len(keys))]
		}
		tweak := make([]byte, 32)
		r.Read(tweak)
		tweak[0] &= 0x7f // < n
		Q, err := XOnlyTweakAdd(internal, tweak)
		if err != nil {
			t.Fatal(err)
		}
		c := Q.BytesCompressed()
		out[i] = tweakCheck{c[1:], int(c[0] & 1), internal, tweak}
	}
	return out
}

// TestBatchTweakChecks checks AddTweakCheck: batches mixing signatures and
// tweak checks verify; each tweak check made false in turn (another
// parity, another tweak, another tweaked key) fails the batch and is the
// one Invalid reports; a batch of one tweak check agrees with
// XOnlyTweakAddCheck; malformed inputs are refused with their errors.
func TestBatchTweakChecks(t *testing.T) {
	r := testref.Rand(t)
	sigs := makeSigned(t, r, 30, 5)
	var keys []*secp256k1.PublicKey
	for _, s := range sigs {
		keys = append(keys, s.pub)
	}
	checks := makeTweakChecks(t, r, 25, keys)
	fill := func(bv *BatchVerifier, bad int, mutate func(*tweakCheck)) []int {
		bv.Reset()
		var order []int // -1 for a signature, else the check's index
		si, ci := 0, 0
		for si < len(sigs) || ci < len(checks) {
			if ci < len(checks) && (si == len(sigs) || r.Intn(2) == 0) {
				c := checks[ci]
				if ci == bad {
					mutate(&c)
				}
				if err := bv.AddTweakCheck(c.x, c.parity, c.internal, c.tweak); err != nil {
					t.Fatal(err)
				}
				order = append(order, ci)
				ci++
			} else {
				s := sigs[si]
				if err := bv.Add(s.pub, s.msg, s.sig); err != nil {
					t.Fatal(err)
				}
				order = append(order, -1)
				si++
			}
		}
		return order
	}
	bv := NewBatchVerifier()
	fill(bv, -1, nil)
	if !bv.Verify() || len(bv.Invalid()) != 0 {
		t.Fatal("a batch of valid signatures and tweak checks failed")
	}
	mutations := map[string]func(*tweakCheck){
		"parity": func(c *tweakCheck) { c.parity ^= 1 },
		"tweak": func(c *tweakCheck) {
			c.tweak = slices.Clone(c.tweak)
			c.tweak[31] ^= 1
		},
		"key": func(c *tweakCheck) {
			// Another check's tweaked key (or its x plus one if equal).
			for _, o := range checks {
				if !bytes.Equal(o.x, c.x) {
					c.x = slices.Clone(o.x)
					return
				}
			}
		},
	}
	for name, m := range mutations {
		for range 3 {
			bad := r.Intn(len(checks))
			order := fill(bv, bad, m)
			if bv.Verify() {
				t.Fatalf("%s: a batch with a false tweak check verifies", name)
			}
			if got, want := bv.Invalid(), []int{slices.Index(order, bad)}; !slices.Equal(got, want) {
				t.Fatalf("%s: Invalid = %v, want %v", name, got, want)
			}
		}
	}
	// One tweak check alone, true and false, as XOnlyTweakAddCheck.
	for _, c := range checks[:5] {
		for _, p := range []int{0, 1} {
			bv.Reset()
			if err := bv.AddTweakCheck(c.x, p, c.internal, c.tweak); err != nil {
				t.Fatal(err)
			}
			if got, want := bv.Verify(), XOnlyTweakAddCheck(c.x, p, c.internal, c.tweak); got != want {
				t.Fatalf("one check, parity %d: Verify = %v, XOnlyTweakAddCheck = %v", p, got, want)
			}
		}
	}
	// Malformed inputs.
	c := checks[0]
	pBytes := bytes.Repeat([]byte{0xff}, 32)
	nBytes, _ := hex.DecodeString("fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141")
	for name, tc := range map[string]struct {
		x        []byte
		parity   int
		internal *secp256k1.PublicKey
		tweak    []byte
		want     error
	}{
		"short key":   {c.x[:31], 0, c.internal, c.tweak, ErrTweakCheck},
		"key ≥ p":     {pBytes, 0, c.internal, c.tweak, ErrTweakCheck},
		"parity 2":    {c.x, 2, c.internal, c.tweak, ErrTweakCheck},
		"zero key":    {c.x, 0, new(secp256k1.PublicKey), c.tweak, secp256k1.ErrUninitialized},
		"short tweak": {c.x, 0, c.internal, c.tweak[:31], ErrTweak},
		"tweak = n":   {c.x, 0, c.internal, nBytes, ErrTweak},
	} {
		bv.Reset()
		if err := bv.AddTweakCheck(tc.x, tc.parity, tc.internal, tc.tweak); !errors.Is(err, tc.want) {
			t.Errorf("%s: %v, want %v", name, err, tc.want)
		}
		if bv.Len() != 1 || bv.Verify() || !slices.Equal(bv.Invalid(), []int{0}) {
			t.Errorf("%s: Len %d, Verify %v, Invalid %v; want 1, false, [0]", name, bv.Len(), bv.Verify(), bv.Invalid())
		}
	}
}

// BenchmarkTweakCheck is BIP-341 tweak checks one by one
// (XOnlyTweakAddCheck) and in a batch of 1024 (AddTweakCheck and Verify),
// per check.
func BenchmarkTweakCheck(b *testing.B) {
	r := rand.New(rand.NewSource(1))
	checks := makeTweakChecks(b, r, 1024, nil)
	b.Run("alone", func(b *testing.B) {
		i := 0
		for b.Loop() {
			c := checks[i%len(checks)]
			if !XOnlyTweakAddCheck(c.x, c.parity, c.internal, c.tweak) {
				b.Fatal("check failed")
			}
			i++
		}
	})
	b.Run("batch=1024", func(b *testing.B) {
		bv := NewBatchVerifier()
		for b.Loop() {
			bv.Reset()
			for _, c := range checks {
				_ = bv.AddTweakCheck(c.x, c.parity, c.internal, c.tweak)
			}
			if !bv.Verify() {
				b.Fatal("batch failed")
			}
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(checks)), "ns/check")
	})
}
