package schnorr

import (
	"bytes"
	"encoding/binary"
	"errors"
	"math/big"
	"testing"

	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref"
)

// Fuzz targets for signing and for the taproot tweaks, checked against
// BIP-340 and BIP-341 written out independently: the tagged hashes with
// crypto/sha256, the scalar arithmetic with math/big, and the base-point
// multiplications with the root package's public API (itself tested against
// internal/testkit/testref).

// refPrivateKey returns int(b) and whether b is a valid private key:
// 32 bytes with 0 < int(b) < n.
func refPrivateKey(b []byte) (*big.Int, bool) {
	d := new(big.Int).SetBytes(b)
	return d, len(b) == 32 && d.Sign() > 0 && d.Cmp(testref.N) < 0
}

// baseMult returns cbytes(k·G) for 0 < k < n, through the root package.
func baseMult(t *testing.T, k *big.Int) []byte {
	t.Helper()
	key, err := secp256k1.NewPrivateKey(testref.Bytes32(k))
	if err != nil {
		t.Fatalf("reference scalar %x: %v", k, err)
	}
	return key.PublicKey().BytesCompressed()
}

// refSign is BIP-340's Sign(sk, m, a) as the BIP writes it, for the secret
// key d0 and 32 bytes of auxiliary randomness a.
func refSign(t *testing.T, d0 *big.Int, msg, aux []byte) []byte {
	t.Helper()
	n := testref.N
	P := baseMult(t, d0)
	d := new(big.Int).Set(d0)
	if P[0] == 3 { // d = n − d′ unless has_even_y(P)
		d.Sub(n, d)
	}
	// t = bytes(d) xor hash_BIP0340/aux(a); rand = hash_BIP0340/nonce(t ‖ bytes(P) ‖ m).
	tb := testref.Bytes32(d)
	ha := testref.TaggedHash("BIP0340/aux", aux)
	for i := range tb {
		tb[i] ^= ha[i]
	}
	rnd := testref.TaggedHash("BIP0340/nonce", tb, P[1:], msg)
	k := new(big.Int).SetBytes(rnd[:])
	k.Mod(k, n)
	if k.Sign() == 0 {
		t.Fatal("reference nonce is zero") // probability 2⁻²⁵⁶
	}
	R := baseMult(t, k)
	if R[0] == 3 { // k = n − k′ unless has_even_y(R)
		k.Sub(n, k)
	}
	eh := testref.TaggedHash("BIP0340/challenge", R[1:], P[1:], msg)
	e := new(big.Int).SetBytes(eh[:])
	s := e.Mul(e, d)
	s.Add(s, k)
	s.Mod(s, n)
	sig := make([]byte, 64)
	copy(sig, R[1:])
	s.FillBytes(sig[32:])
	return sig
}

// flipBit returns a copy of b with bit i (mod 8·len(b)) flipped.
func flipBit(b []byte, i uint64) []byte {
	c := bytes.Clone(b)
	i %= uint64(8 * len(c))
	c[i/8] ^= 1 << (i % 8)
	return c
}

// FuzzSign signs with any key, message and auxiliary randomness. A valid
// key (checked with math/big) and 32 bytes of aux give exactly BIP-340's
// signature, the same from Sign, Keypair.Sign and SignWithOptions; any other
// aux length but nil is rejected. Every signature verifies, has r the x of
// a point (lift_x) and s < n, and stops verifying when one bit of the
// message or of the signature flips.
func FuzzSign(f *testing.F) {
	for _, v := range loadBIP340(f) {
		if len(v.seckey) > 0 {
			f.Add(v.seckey, v.msg, v.aux)
		}
	}
	valid := bytes.Repeat([]byte{7}, 32)
	for _, key := range testref.ScalarEdges() {
		f.Add(key, []byte("msg"), make([]byte, 32)) // invalid keys, and 1 and n − 1
	}
	for _, key := range [][]byte{testref.Bytes32(big.NewInt(1)), testref.Bytes32(new(big.Int).Sub(testref.N, big.NewInt(1))), valid} {
		f.Add(key, []byte{}, make([]byte, 32))
		f.Add(key, make([]byte, 32), bytes.Repeat([]byte{0xff}, 32))
		f.Add(key, bytes.Repeat([]byte{0xab}, 100), []byte(nil))
	}
	for _, aux := range [][]byte{{}, make([]byte, 31), make([]byte, 33), make([]byte, 64)} {
		f.Add(valid, []byte("msg"), aux) // invalid aux lengths
	}
	f.Fuzz(func(t *testing.T, key, msg, aux []byte) {
		k, err := secp256k1.NewPrivateKey(key)
		d, ok := refPrivateKey(key)
		if (err == nil) != ok {
			t.Fatalf("NewPrivateKey(%x) error %v, reference valid %v", key, err, ok)
		}
		if err != nil {
			return
		}
		kp := NewKeypair(k)
		sig, err := Sign(k, msg, aux)
		kpSig, kpErr := kp.Sign(msg, aux)
		optSig, optErr := kp.SignWithOptions(msg, &SignOptions{AuxRand: aux})
		chkSig, chkErr := kp.SignWithOptions(msg, &SignOptions{AuxRand: aux, SelfCheck: true})
		if aux != nil && len(aux) != 32 {
			for _, e := range []error{err, kpErr, optErr, chkErr} {
				if !errors.Is(e, ErrAuxRand) {
					t.Fatalf("%d-byte aux: error %v, want ErrAuxRand", len(aux), e)
				}
			}
			if sig != nil || kpSig != nil || optSig != nil || chkSig != nil {
				t.Fatal("a signature next to ErrAuxRand")
			}
			return
		}
		for _, e := range []error{err, kpErr, optErr, chkErr} {
			if e != nil {
				t.Fatalf("signing failed: %v", e)
			}
		}
		if aux != nil {
			if want := refSign(t, d, msg, aux); !bytes.Equal(sig, want) {
				t.Fatalf("Sign = %x, BIP-340 reference %x", sig, want)
			}
			if !bytes.Equal(kpSig, sig) || !bytes.Equal(optSig, sig) || !bytes.Equal(chkSig, sig) {
				t.Fatalf("Keypair.Sign %x, SignWithOptions %x and %x (self-check) differ from Sign %x", kpSig, optSig, chkSig, sig)
			}
		}

		pub := k.PublicKey()
		xonly, err := ParsePublicKey(SerializePublicKey(pub))
		if err != nil || !bytes.Equal(kp.XOnlyPublicKey(), SerializePublicKey(pub)) {
			t.Fatalf("x-only public key: %v", err)
		}
		for _, s := range [][]byte{sig, kpSig, optSig, chkSig} {
			if !Verify(pub, msg, s) || !Verify(xonly, msg, s) {
				t.Fatalf("signature %x does not verify", s)
			}
		}
		// r is the x of the even-y point lift_x(r) (so r < p), and s < n.
		r := new(big.Int).SetBytes(sig[:32])
		if _, ok := testref.Lift(r, 0); !ok {
			t.Fatalf("r = %x is not the x of a point", sig[:32])
		}
		if R, err := ParsePublicKey(sig[:32]); err != nil || R.BytesCompressed()[0] != 2 {
			t.Fatalf("ParsePublicKey(r): %v", err)
		}
		if s := new(big.Int).SetBytes(sig[32:]); s.Cmp(testref.N) >= 0 {
			t.Fatalf("s = %x ≥ n", sig[32:])
		}

		// One flipped bit, at a position drawn from the signature.
		pos := binary.BigEndian.Uint64(sig[:8])
		if len(msg) > 0 && Verify(pub, flipBit(msg, pos), sig) {
			t.Fatal("signature verifies for a message with a flipped bit")
		}
		if Verify(pub, msg, flipBit(sig, pos)) {
			t.Fatal("signature with a flipped bit verifies")
		}
		if Verify(pub, msg, sig[:63]) || Verify(pub, append(bytes.Clone(msg), 0), sig) {
			t.Fatal("signature verifies truncated or for a longer message")
		}
	})
}

// refCompactSize is Bitcoin's CompactSize encoding of n.
func refCompactSize(n int) []byte {
	switch {
	case n < 0xfd:
		return []byte{byte(n)}
	case n <= 0xffff:
		return binary.LittleEndian.AppendUint16([]byte{0xfd}, uint16(n))
	case uint64(n) <= 0xffffffff: // as uint64: the constant overflows a 32-bit int
		return binary.LittleEndian.AppendUint32([]byte{0xfe}, uint32(n))
	default:
		return binary.LittleEndian.AppendUint64([]byte{0xff}, uint64(n))
	}
}

// FuzzTaproot checks the x-only tweak of a valid key's public key against
// the private-key relation Q = (d + t)·G, with d negated to the even-y
// secret (math/big), including the rejection of t not 32 bytes, t ≥ n and
// Q the identity; XOnlyTweakAddCheck and Keypair.TweakAdd against it; the
// TapTweak against XOnlyTweakAdd by BIP-341's tagged hash (crypto/sha256);
// and TapLeafHash against BIP-341's formula.
func FuzzTaproot(f *testing.F) {
	for _, in := range loadBIP341(f).KeyPathSpending[0].InputSpending {
		var root []byte
		if in.Given.MerkleRoot != nil {
			root = testref.Hex(f, *in.Given.MerkleRoot)
		}
		f.Add(testref.Hex(f, in.Given.InternalPrivkey), testref.Hex(f, in.Intermediary.Tweak), root, []byte{0x51}, byte(TapscriptLeafVersion))
	}
	key := bytes.Repeat([]byte{0x42}, 32)
	k, _ := secp256k1.NewPrivateKey(key)
	dNeg := evenKey(k).Negate().Bytes() // t = n − d: Q is the identity
	nMinus1 := testref.Bytes32(new(big.Int).Sub(testref.N, big.NewInt(1)))
	root := bytes.Repeat([]byte{0x5a}, 32)
	for _, tw := range append(testref.ScalarEdges(), dNeg) {
		f.Add(key, tw, root, []byte{}, byte(TapscriptLeafVersion))
	}
	for _, mr := range [][]byte{nil, make([]byte, 31), make([]byte, 33), make([]byte, 64)} {
		f.Add(key, nMinus1, mr, []byte{0xac}, byte(0xc1))
	}
	f.Add([]byte{}, []byte{}, []byte{}, bytes.Repeat([]byte{0x51}, 0xfd), byte(0xff))
	f.Add(testref.Bytes32(testref.N), make([]byte, 32), root, bytes.Repeat([]byte{0x51}, 0xfc), byte(0))
	f.Fuzz(func(t *testing.T, key, tweak, merkleRoot, script []byte, leafVersion byte) {
		// hash_TapLeaf(v ‖ compact_size(len(s)) ‖ s), BIP-341.
		want := testref.TaggedHash("TapLeaf", []byte{leafVersion}, refCompactSize(len(script)), script)
		if got := TapLeafHash(leafVersion, script); got != want {
			t.Fatalf("TapLeafHash(%#x, %d-byte script) = %x, want %x", leafVersion, len(script), got, want)
		}

		d, ok := refPrivateKey(key)
		if !ok {
			return
		}
		k, err := secp256k1.NewPrivateKey(key)
		if err != nil {
			t.Fatalf("NewPrivateKey(%x): %v", key, err)
		}
		P := k.PublicKey()
		pc := P.BytesCompressed()
		if pc[0] == 3 {
			d.Sub(testref.N, d) // the secret of lift_x(x(P))
		}
		// The reference Q = (d + t)·G, nil if the tweak must be rejected.
		var wantQ []byte
		if tv := new(big.Int).SetBytes(tweak); len(tweak) == 32 && tv.Cmp(testref.N) < 0 {
			if q := tv.Add(tv, d).Mod(tv, testref.N); q.Sign() != 0 {
				wantQ = baseMult(t, q)
			}
		}

		Q, err := XOnlyTweakAdd(P, tweak)
		kp := NewKeypair(k)
		kq, kerr := kp.TweakAdd(tweak)
		if wantQ == nil {
			if !errors.Is(err, ErrTweak) || Q != nil || !errors.Is(kerr, ErrTweak) || kq != nil {
				t.Fatalf("tweak %x: XOnlyTweakAdd error %v, Keypair.TweakAdd error %v; want ErrTweak", tweak, err, kerr)
			}
			for parity := range 2 {
				if XOnlyTweakAddCheck(pc[1:], parity, P, tweak) {
					t.Fatalf("XOnlyTweakAddCheck accepts the rejected tweak %x", tweak)
				}
			}
		} else {
			if err != nil || kerr != nil {
				t.Fatalf("tweak %x: XOnlyTweakAdd error %v, Keypair.TweakAdd error %v", tweak, err, kerr)
			}
			if got := Q.BytesCompressed(); !bytes.Equal(got, wantQ) {
				t.Fatalf("XOnlyTweakAdd = %x, want (d + t)·G = %x", got, wantQ)
			}
			qx, qp := SerializePublicKey(Q), parityOf(Q)
			if !XOnlyTweakAddCheck(qx, qp, P, tweak) || !XOnlyTweakAddCheck(qx, qp, P.Negate(), tweak) {
				t.Fatal("XOnlyTweakAddCheck rejects the tweaked key")
			}
			if XOnlyTweakAddCheck(qx, 1-qp, P, tweak) {
				t.Fatal("XOnlyTweakAddCheck accepts the wrong parity")
			}
			if !bytes.Equal(kq.XOnlyPublicKey(), qx) || kq.Parity() != qp || !kq.PublicKey().Equal(Q) {
				t.Fatal("Keypair.TweakAdd's public key differs from XOnlyTweakAdd")
			}
		}
		if !kp.PublicKey().Equal(P) {
			t.Fatal("Keypair.TweakAdd changed its receiver")
		}

		th, err := TapTweakHash(P, merkleRoot)
		Qt, err2 := TapTweak(P, merkleRoot)
		kt, err3 := kp.TapTweak(merkleRoot)
		if len(merkleRoot) != 0 && len(merkleRoot) != 32 {
			if !errors.Is(err, ErrMerkleRoot) || !errors.Is(err2, ErrMerkleRoot) || !errors.Is(err3, ErrMerkleRoot) || Qt != nil || kt != nil {
				t.Fatalf("%d-byte merkle root: errors %v, %v, %v; want ErrMerkleRoot", len(merkleRoot), err, err2, err3)
			}
			return
		}
		// t = hash_TapTweak(x(P) ‖ merkle root), BIP-341's taproot_tweak_pubkey.
		if want := testref.TaggedHash("TapTweak", pc[1:], merkleRoot); err != nil || th != want {
			t.Fatalf("TapTweakHash = %x, %v; want %x", th, err, want)
		}
		Qx, errx := XOnlyTweakAdd(P, th[:])
		if err2 != nil || err3 != nil || errx != nil {
			t.Fatalf("TapTweak error %v, Keypair.TapTweak error %v, XOnlyTweakAdd error %v", err2, err3, errx)
		}
		if !Qt.Equal(Qx) || !kt.PublicKey().Equal(Qx) {
			t.Fatal("TapTweak or Keypair.TapTweak differs from XOnlyTweakAdd(P, TapTweakHash)")
		}
		// The tweaked key pair signs for the output key (a key-path spend).
		sig, err := kt.Sign(script, make([]byte, 32))
		if err != nil || !Verify(Qt, script, sig) {
			t.Fatalf("key-path signature does not verify: %v", err)
		}
	})
}
