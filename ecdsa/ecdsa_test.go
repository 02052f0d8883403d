package ecdsa

import (
	"bytes"
	"crypto"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"testing"

	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/race"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref/testkey"
)

// short scales the random tests' counts under -short: a twentieth, at
// least 5.
var short = testref.Short{Div: 20, Min: 5}

// TestKnownVectors checks widely published RFC 6979 secp256k1 vectors (the
// python-ecdsa / Trezor set, low-S form), which libsecp256k1 reproduces.
func TestKnownVectors(t *testing.T) {
	one := make([]byte, 32)
	one[31] = 1
	for _, tc := range []struct {
		key, msg, sig string
	}{
		{"01", "Satoshi Nakamoto", "934b1ea10a4b3c1757e2b0c017d0b6143ce3c9a7e6a4a49860d7a6ab210ee3d82442ce9d2b916064108014783e923ec36b49743e2ffa1c4496f01a512aafd9e5"},
		{"01", "All those moments will be lost in time, like tears in rain. Time to die...", "8600dbd41e348fe5c9465ab92d23e3db8b98b873beecd930736488696438cb6b547fe64427496db33bf66019dacbf0039c04199abb0122918601db38a72cfc21"},
	} {
		kb := make([]byte, 32)
		key := testref.Hex(t, tc.key)
		copy(kb[32-len(key):], key)
		k, err := secp256k1.NewPrivateKey(kb)
		if err != nil {
			t.Fatal(err)
		}
		h := sha256.Sum256([]byte(tc.msg))
		sig, err := Sign(k, h[:])
		if err != nil {
			t.Fatal(err)
		}
		if got := hex.EncodeToString(sig.Compact()); got != tc.sig {
			t.Errorf("Sign(%s, %q) = %s, want %s", tc.key, tc.msg, got, tc.sig)
		}
		if !Verify(k.PublicKey(), h[:], sig) {
			t.Errorf("vector does not verify")
		}
	}
}

func TestSignVerify(t *testing.T) {
	r, n := testref.Rand(t), short.Count(t, 300)
	for i := range n {
		k := testkey.Random(t, r)
		pub := k.PublicKey()
		hash := make([]byte, []int{0, 1, 17, 31, 32, 33, 64}[i%7])
		r.Read(hash)
		sig, err := Sign(k, hash)
		if err != nil {
			t.Fatal(err)
		}
		if !sig.IsLowS() {
			t.Fatal("Sign returned a high-S signature")
		}
		if !Verify(pub, hash, sig) {
			t.Fatalf("valid signature rejected (hash %x)", hash)
		}
		// Deterministic.
		sig2, _ := Sign(k, hash)
		if !sig.Equal(sig2) {
			t.Fatal("Sign is not deterministic")
		}
		// Hashes are taken as their leftmost 256 bits / left-padded.
		var h32 [32]byte
		hashToBytes(&h32, hash)
		if sig3, _ := Sign(k, h32[:]); !sig3.Equal(sig) {
			t.Fatal("hash normalisation differs")
		}
		// Encodings round-trip.
		if d, err := ParseDERSignature(sig.DER()); err != nil || !d.Equal(sig) {
			t.Fatalf("DER round trip: %v", err)
		}
		if c, err := ParseCompactSignature(sig.Compact()); err != nil || !c.Equal(sig) {
			t.Fatalf("compact round trip: %v", err)
		}
		if l, err := ParseDERSignatureLax(sig.DER()); err != nil || !l.Equal(sig) {
			t.Fatalf("lax round trip: %v", err)
		}
		// Rejections: other hash, other key, high-S, mutated r or s.
		other := append([]byte{1}, hash...)
		if Verify(pub, other, sig) {
			t.Fatal("signature verified for another hash")
		}
		if Verify(testkey.Random(t, r).PublicKey(), hash, sig) {
			t.Fatal("signature verified for another key")
		}
		high := *sig
		high.s.Negate(&high.s)
		if high.IsLowS() || Verify(pub, hash, &high) {
			t.Fatal("high-S signature verified")
		}
		if !high.Normalize().Equal(sig) {
			t.Fatal("Normalize")
		}
		var one secp256k1.Scalar
		one.SetUint64(1)
		bad := *sig
		bad.r.Add(&bad.r, &one)
		if Verify(pub, hash, &bad) {
			t.Fatal("mutated r verified")
		}
		// Recovery.
		rec, err := SignRecoverable(k, hash)
		if err != nil || !bytes.Equal(rec[:64], sig.Compact()) {
			t.Fatal("SignRecoverable differs from Sign")
		}
		got, err := RecoverPublicKey(hash, rec)
		if err != nil || !got.Equal(pub) {
			t.Fatalf("RecoverPublicKey: %v", err)
		}
	}
}

func TestVerifyRejectsZeroAndOverflow(t *testing.T) {
	r := testref.Rand(t)
	k := testkey.Random(t, r)
	hash := make([]byte, 32)
	sig, _ := Sign(k, hash)
	zeroR, zeroS := *sig, *sig
	zeroR.r = secp256k1.Scalar{}
	zeroS.s = secp256k1.Scalar{}
	if Verify(k.PublicKey(), hash, &zeroR) || Verify(k.PublicKey(), hash, &zeroS) {
		t.Fatal("r = 0 or s = 0 verified")
	}
	n := testref.N.FillBytes(make([]byte, 32))
	for _, c := range [][]byte{append(n, sig.Compact()[32:]...), append(sig.Compact()[:32], n...)} {
		if _, err := ParseCompactSignature(c); !errors.Is(err, ErrCompact) {
			t.Fatalf("compact with a value = n: %v", err)
		}
	}
}

// TestParseCompactSignatureLength checks that a compact signature of the
// wrong length gives ErrCompact wrapped with both lengths, and one of the
// right length with a value ≥ n the sentinel itself.
func TestParseCompactSignatureLength(t *testing.T) {
	for _, n := range []int{0, 63, 65} {
		_, err := ParseCompactSignature(make([]byte, n))
		if want := fmt.Sprintf("%v: want 64 bytes, got %d", ErrCompact, n); !errors.Is(err, ErrCompact) || err.Error() != want {
			t.Errorf("%d bytes: %v, want %q", n, err, want)
		}
	}
	if _, err := ParseCompactSignature(bytes.Repeat([]byte{0xff}, 64)); err != ErrCompact {
		t.Errorf("r = s = 2²⁵⁶ − 1: %v, want ErrCompact", err)
	}
}

func TestSignOptions(t *testing.T) {
	r, n := testref.Rand(t), short.Count(t, 50)
	for range n {
		k := testkey.Random(t, r)
		hash := make([]byte, 32)
		r.Read(hash)
		extra := make([]byte, 32)
		r.Read(extra)
		s1, err := SignWithOptions(k, hash, &SignOptions{ExtraEntropy: extra})
		if err != nil || !Verify(k.PublicKey(), hash, s1) {
			t.Fatal("extra entropy signature invalid")
		}
		if s0, _ := Sign(k, hash); s0.Equal(s1) {
			t.Fatal("extra entropy did not change the nonce")
		}
		low, err := SignWithOptions(k, hash, &SignOptions{LowR: true})
		if err != nil || !Verify(k.PublicKey(), hash, low) || len(low.DER()) > 70 || low.r.Bytes()[0] >= 0x80 {
			t.Fatal("LowR signature")
		}
		// The recoverable signatures with the same options are the same
		// signatures, with the recovery id of their key.
		for _, o := range []*SignOptions{nil, {}, {ExtraEntropy: extra}, {LowR: true}} {
			want, err := SignWithOptions(k, hash, o)
			if err != nil {
				t.Fatal(err)
			}
			rsv, err := SignRecoverableWithOptions(k, hash, o)
			if err != nil || !bytes.Equal(rsv[:64], want.Compact()) {
				t.Fatalf("SignRecoverableWithOptions(%+v) = %x, %v; want r ‖ s = %x", o, rsv, err, want.Compact())
			}
			if pub, err := RecoverPublicKey(hash, rsv); err != nil || !pub.Equal(k.PublicKey()) {
				t.Fatalf("SignRecoverableWithOptions(%+v): recovered %v, %v", o, pub, err)
			}
		}
	}
	k := testkey.Random(t, r)
	for _, o := range []*SignOptions{
		{ExtraEntropy: []byte{}},
		{ExtraEntropy: make([]byte, 31)},
		{ExtraEntropy: make([]byte, 33)},
		{ExtraEntropy: make([]byte, 64)},
		{ExtraEntropy: make([]byte, 32), LowR: true},
	} {
		if sig, err := SignWithOptions(k, nil, o); sig != nil || !errors.Is(err, ErrExtraEntropy) {
			t.Fatalf("options with %d bytes of extra entropy, LowR %v: %v, %v", len(o.ExtraEntropy), o.LowR, sig, err)
		}
		if sig, err := SignRecoverableWithOptions(k, nil, o); sig != nil || !errors.Is(err, ErrExtraEntropy) {
			t.Fatalf("recoverable, options with %d bytes of extra entropy, LowR %v: %x, %v", len(o.ExtraEntropy), o.LowR, sig, err)
		}
	}
}

// TestGrindEntropy checks the extra entropy of the grinding signers against
// the public API: LowR's signature is that of the first attempt i with
// r < 2²⁵⁵, attempt 0 being Sign's and attempt i ≥ 1 SignWithOptions' with
// ExtraEntropy LE32(i) ‖ 0²⁸ (Bitcoin Core's); SignEthereum's is
// SignRecoverable's whenever that has v < 2.
func TestGrindEntropy(t *testing.T) {
	r, n := testref.Rand(t), short.Count(t, 50)
	ground := 0
	for range n {
		k := testkey.Random(t, r)
		hash := make([]byte, 32)
		r.Read(hash)
		want, _ := Sign(k, hash)
		for i := uint32(1); want.r.Bytes()[0] >= 0x80; i++ {
			extra := make([]byte, 32)
			extra[0], extra[1], extra[2], extra[3] = byte(i), byte(i>>8), byte(i>>16), byte(i>>24)
			want, _ = SignWithOptions(k, hash, &SignOptions{ExtraEntropy: extra})
			ground++
		}
		if got, err := SignWithOptions(k, hash, &SignOptions{LowR: true}); err != nil || !got.Equal(want) {
			t.Fatalf("LowR = %x, %v; want %x", got.Compact(), err, want.Compact())
		}
		rec, _ := SignRecoverable(k, hash)
		if eth, err := SignEthereum(k, hash); rec[64] < 2 && (err != nil || !bytes.Equal(eth, rec)) {
			t.Fatalf("SignEthereum = %x, %v; want %x", eth, err, rec)
		}
	}
	t.Logf("%d LowR grinding attempts over %d signatures", ground, n)
}

func TestRecoveryFormats(t *testing.T) {
	r, n := testref.Rand(t), short.Count(t, 50)
	for range n {
		k := testkey.Random(t, r)
		hash := make([]byte, 32)
		r.Read(hash)
		for _, compressed := range []bool{false, true} {
			sig, err := SignCompact(k, hash, compressed)
			if err != nil {
				t.Fatal(err)
			}
			pub, c, err := RecoverCompact(hash, sig)
			if err != nil || c != compressed || !pub.Equal(k.PublicKey()) {
				t.Fatalf("RecoverCompact: %v", err)
			}
		}
		eth, err := SignEthereum(k, hash)
		if err != nil || eth[64] > 1 {
			t.Fatalf("SignEthereum v = %d, %v", eth[64], err)
		}
		for _, v := range []byte{eth[64], eth[64] + 27} {
			e := append(append([]byte{}, eth[:64]...), v)
			if pub, err := RecoverEthereum(hash, e); err != nil || !pub.Equal(k.PublicKey()) {
				t.Fatalf("RecoverEthereum(v=%d): %v", v, err)
			}
		}
		// A wrong recovery id gives another key or an error, never k's.
		bad := append(append([]byte{}, eth[:64]...), eth[64]^1)
		if pub, err := RecoverPublicKey(hash, bad); err == nil && pub.Equal(k.PublicKey()) {
			t.Fatal("wrong recovery id recovered the key")
		}
	}
	for _, bad := range [][]byte{nil, make([]byte, 64), append(make([]byte, 64), 4), make([]byte, 65)} {
		if _, err := RecoverPublicKey(make([]byte, 32), bad); !errors.Is(err, ErrRecover) {
			t.Errorf("RecoverPublicKey(%x) = %v", bad, err)
		}
	}
}

// TestSigner checks Signer against Sign: the DER of Sign's signature, for
// digests of every length the doc allows (the empty and nil digests
// included), whatever opts says.
func TestSigner(t *testing.T) {
	r := testref.Rand(t)
	k := testkey.Random(t, r)
	var s crypto.Signer = NewSigner(k)
	if !s.Public().(*secp256k1.PublicKey).Equal(k.PublicKey()) {
		t.Fatal("Public")
	}
	sum := sha256.Sum256([]byte("crypto.Signer"))
	for _, digest := range [][]byte{nil, {}, {0}, {1}, sum[:20], sum[:], append(sum[:], sum[:]...)} {
		for _, opts := range []crypto.SignerOpts{nil, crypto.SHA256, crypto.SHA512, crypto.Hash(0)} {
			der, err := s.Sign(nil, digest, opts)
			if err != nil {
				t.Fatalf("Sign(%d-byte digest, %v): %v", len(digest), opts, err)
			}
			sig, err := ParseDERSignature(der)
			if err != nil || !Verify(k.PublicKey(), digest, sig) {
				t.Fatalf("Sign(%d-byte digest, %v) does not verify", len(digest), opts)
			}
			if want, _ := Sign(k, digest); !sig.Equal(want) {
				t.Fatalf("Sign(%d-byte digest, %v) differs from the package's Sign", len(digest), opts)
			}
		}
	}
}

// TestRecoverEthereumV checks RecoverEthereum's v for every byte: 0, 1, 27
// and 28 are accepted, 0 and 27 as recovery id 0, 1 and 28 as 1, and every
// other v (2 and 3, 29 and 30, EIP-155's 37 and 38 among them) is
// ErrRecover.
func TestRecoverEthereumV(t *testing.T) {
	r := testref.Rand(t)
	k := testkey.Random(t, r)
	hash := make([]byte, 32)
	r.Read(hash)
	eth, err := SignEthereum(k, hash)
	if err != nil {
		t.Fatal(err)
	}
	keys := map[byte]*secp256k1.PublicKey{} // the key recovered with each recovery id
	for id := range byte(2) {
		rec := append(bytes.Clone(eth[:64]), id)
		pub, err := RecoverPublicKey(hash, rec)
		if err != nil {
			t.Fatal(err)
		}
		keys[id] = pub
	}
	if !keys[eth[64]].Equal(k.PublicKey()) {
		t.Fatal("SignEthereum's v does not recover the key")
	}
	for v := range 256 {
		sig := append(bytes.Clone(eth[:64]), byte(v))
		pub, err := RecoverEthereum(hash, sig)
		switch v {
		case 0, 1, 27, 28:
			if err != nil || !pub.Equal(keys[byte(v%27)]) {
				t.Errorf("v = %d: %v, or not the key of recovery id %d", v, err, v%27)
			}
		default:
			if pub != nil || !errors.Is(err, ErrRecover) {
				t.Errorf("v = %d: %v, %v; want ErrRecover", v, pub, err)
			}
		}
	}
}

func TestAllocations(t *testing.T) {
	race.SkipAllocs(t)
	r := testref.Rand(t)
	k := testkey.Random(t, r)
	pub := k.PublicKey()
	hash := make([]byte, 32)
	sig, _ := Sign(k, hash)
	if n := testing.AllocsPerRun(20, func() { Verify(pub, hash, sig) }); n != 0 {
		t.Errorf("Verify allocates %v times", n)
	}
	// Sign is inlined, and its result, when it does not escape, lives on
	// the caller's stack.
	if n := testing.AllocsPerRun(20, func() { _, _ = Sign(k, hash) }); n != 0 {
		t.Errorf("Sign allocates %v times", n)
	}
	// One allocation each: the result.
	for name, f := range map[string]func(){
		"SignWithOptions(LowR)": func() { _, _ = SignWithOptions(k, hash, &SignOptions{LowR: true}) },
		"SignRecoverable":       func() { _, _ = SignRecoverable(k, hash) },
		"SignEthereum":          func() { _, _ = SignEthereum(k, hash) },
	} {
		if n := testing.AllocsPerRun(20, f); n > 1 {
			t.Errorf("%s allocates %v times", name, n)
		}
	}
}
