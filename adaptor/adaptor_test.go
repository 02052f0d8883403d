package adaptor_test

import (
	"bytes"
	"crypto/sha256"
	"errors"
	"math/big"
	"testing"

	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/adaptor"
	"github.com/kestrel-crypto/secp256k1/ecdsa"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref/testkey"
	"github.com/kestrel-crypto/secp256k1/musig2"
	"github.com/kestrel-crypto/secp256k1/schnorr"
)

// short scales the random tests' counts under -short.
var short = testref.Short{Div: 10, Min: 3}

// bigOf returns the big.Int of a big-endian encoding.
func bigOf(b []byte) *big.Int { return new(big.Int).SetBytes(b) }

// modN returns int(h) mod n.
func modN(h [32]byte) *big.Int { return new(big.Int).Mod(bigOf(h[:]), testref.N) }

// xor32 returns a ⊕ b.
func xor32(a []byte, b [32]byte) []byte {
	out := make([]byte, 32)
	for i := range out {
		out[i] = a[i] ^ b[i]
	}
	return out
}

// refSchnorrPreSign is SchnorrPreSign recomputed from its documentation in
// math/big with testref's tagged hash: the 65-byte pre-signature.
func refSchnorrPreSign(k *secp256k1.PrivateKey, msg []byte, T *secp256k1.PublicKey, aux []byte) []byte {
	d := bigOf(k.Bytes())
	P := testref.ScalarMult(d, testref.G)
	if P.Y.Bit(0) == 1 {
		d.Sub(testref.N, d)
	}
	px := testref.Bytes32(P.X)
	t := xor32(testref.Bytes32(d), testref.TaggedHash("BIP0340/aux", aux))
	k0 := modN(testref.TaggedHash("SchnorrAdaptor/nonce", t, T.BytesCompressed(), px, msg))
	Tp, _ := testref.Lift(bigOf(T.BytesCompressed()[1:]), uint(T.BytesCompressed()[0]&1))
	R := testref.Add(testref.ScalarMult(k0, testref.G), Tp)
	kk := new(big.Int).Set(k0)
	if R.Y.Bit(0) == 1 {
		kk.Sub(testref.N, k0)
	}
	e := modN(testref.TaggedHash("BIP0340/challenge", testref.Bytes32(R.X), px, msg))
	s := new(big.Int).Mul(e, d)
	s.Add(s, kk).Mod(s, testref.N)
	return append(testref.Compressed(R), testref.Bytes32(s)...)
}

// TestSchnorrProperties checks, for random keys, adaptor secrets and
// messages: the pre-signature equals the math/big recomputation;
// it pre-verifies, and not under another adaptor point, key or message; it
// is not a valid signature; Adapt with t gives a signature that
// schnorr.Verify accepts, and with another t one that it rejects; Extract
// returns t; the encodings round-trip.
func TestSchnorrProperties(t *testing.T) {
	r := testref.Rand(t)
	for range short.Count(t, 64) {
		k, tk, other := testkey.Random(t, r), testkey.Random(t, r), testkey.Random(t, r)
		T := tk.PublicKey()
		msg := testref.RandomBytes(r, r.Intn(100))
		aux := testref.RandomBytes(r, 32)
		pre, err := adaptor.SchnorrPreSign(k, msg, T, aux)
		if err != nil {
			t.Fatal(err)
		}
		if got, want := pre.Bytes(), refSchnorrPreSign(k, msg, T, aux); !bytes.Equal(got, want) {
			t.Fatalf("pre-signature %x, math/big %x", got, want)
		}
		pub := k.PublicKey()
		if !adaptor.SchnorrPreVerify(pub, msg, T, pre) {
			t.Fatal("the pre-signature does not pre-verify")
		}
		if !adaptor.SchnorrPreVerify(pub.Negate(), msg, T, pre) {
			t.Fatal("the pre-signature does not pre-verify under the same x-only key")
		}
		if adaptor.SchnorrPreVerify(pub, msg, other.PublicKey(), pre) {
			t.Fatal("the pre-signature pre-verifies under another adaptor point")
		}
		if adaptor.SchnorrPreVerify(pub, msg, T.Negate(), pre) {
			t.Fatal("the pre-signature pre-verifies under −T")
		}
		if adaptor.SchnorrPreVerify(other.PublicKey(), msg, T, pre) {
			t.Fatal("the pre-signature pre-verifies under another key")
		}
		if adaptor.SchnorrPreVerify(pub, append(msg, 0), T, pre) {
			t.Fatal("the pre-signature pre-verifies for another message")
		}
		if schnorr.Verify(pub, msg, pre.Bytes64()) {
			t.Fatal("the pre-signature is a valid signature")
		}
		sig, err := pre.Adapt(tk)
		if err != nil {
			t.Fatal(err)
		}
		if !schnorr.Verify(pub, msg, sig) {
			t.Fatal("the adapted signature does not verify")
		}
		bad, err := pre.Adapt(other)
		if err != nil {
			t.Fatal(err)
		}
		if schnorr.Verify(pub, msg, bad) {
			t.Fatal("adapted with another secret, the signature verifies")
		}
		got, err := pre.Extract(sig)
		if err != nil || !got.Equal(tk) {
			t.Fatalf("Extract: %v", err)
		}
		if got, err := pre.Extract(bad); err != nil || !got.Equal(other) {
			t.Fatalf("Extract from the other adaptation: %v", err)
		}
		// Encodings.
		p2, err := adaptor.ParseSchnorrPreSignature(pre.Bytes())
		if err != nil || !p2.Equal(pre) {
			t.Fatalf("ParseSchnorrPreSignature(Bytes): %v", err)
		}
		p3, err := adaptor.NewSchnorrPreSignature(pre.Bytes64(), pre.NonceParity())
		if err != nil || !p3.Equal(pre) {
			t.Fatalf("NewSchnorrPreSignature(Bytes64, NonceParity): %v", err)
		}
		if p4, err := adaptor.NewSchnorrPreSignature(pre.Bytes64(), 1-pre.NonceParity()); err != nil || adaptor.SchnorrPreVerify(pub, msg, T, p4) {
			t.Fatalf("the pre-signature with the other parity: %v, or it pre-verifies", err)
		}
		if !bytes.Equal(pre.R().BytesCompressed(), pre.Bytes()[:33]) {
			t.Fatal("R is not the encoded nonce")
		}
	}
}

// TestSchnorrPreSignNonce checks SchnorrPreSign's nonce rules: the same
// inputs give the same pre-signature, and another adaptor point or aux
// gives another nonce; the nonce is not schnorr.Sign's for the same key,
// message and auxRand (R − T ≠ the signature's R).
func TestSchnorrPreSignNonce(t *testing.T) {
	r := testref.Rand(t)
	k, tk, t2 := testkey.Random(t, r), testkey.Random(t, r), testkey.Random(t, r)
	msg, aux := testref.RandomBytes(r, 32), testref.RandomBytes(r, 32)
	a, _ := adaptor.SchnorrPreSign(k, msg, tk.PublicKey(), aux)
	b, _ := adaptor.SchnorrPreSign(k, msg, tk.PublicKey(), aux)
	c, _ := adaptor.SchnorrPreSign(k, msg, t2.PublicKey(), aux)
	d, _ := adaptor.SchnorrPreSign(k, msg, tk.PublicKey(), testref.RandomBytes(r, 32))
	e, _ := adaptor.SchnorrPreSign(k, msg, tk.PublicKey(), nil)
	if !a.Equal(b) {
		t.Error("the same inputs give different pre-signatures")
	}
	if a.Equal(c) || a.Equal(d) || a.Equal(e) {
		t.Error("another adaptor point or randomness gives the same pre-signature")
	}
	sig, err := schnorr.Sign(k, msg, aux)
	if err != nil {
		t.Fatal(err)
	}
	R0 := a.R().Subtract(a.R(), tk.PublicKey().Point())
	if bytes.Equal(R0.BytesCompressed()[1:], sig[:32]) {
		t.Error("the pre-signature's nonce is schnorr.Sign's")
	}
}

// keyAggCoeff returns BIP-327's key aggregation coefficient of the only
// key of a one-key list, computed with testref's tagged hash.
func keyAggCoeff(pk []byte) *big.Int {
	L := testref.TaggedHash("KeyAgg list", pk)
	return modN(testref.TaggedHash("KeyAgg coefficient", L[:], pk))
}

// TestOneSignerMuSig2Agrees checks that a MuSig2 adaptor session with one
// signer and SchnorrPreSign follow the same conventions: for the key
// a·d (a the key aggregation coefficient, so that its public key is the
// session's aggregate key Q = a·P), each pre-signature pre-verifies with
// SchnorrPreVerify under Q and T, adapts with t to a signature valid under
// Q, and gives t back by Extract; both have the nonce parity of their R.
func TestOneSignerMuSig2Agrees(t *testing.T) {
	r := testref.Rand(t)
	for range short.Count(t, 16) {
		k, tk := testkey.Random(t, r), testkey.Random(t, r)
		T := tk.PublicKey()
		msg := testref.RandomBytes(r, 32)
		pk := k.PublicKey().BytesCompressed()
		ka, err := musig2.KeyAgg([][]byte{pk})
		if err != nil {
			t.Fatal(err)
		}
		ad := new(big.Int).Mul(keyAggCoeff(pk), bigOf(k.Bytes()))
		ad.Mod(ad, testref.N)
		kq, err := secp256k1.NewPrivateKey(testref.Bytes32(ad))
		if err != nil {
			t.Fatal(err)
		}
		Q := ka.PublicKey()
		if !kq.PublicKey().Equal(Q) {
			t.Fatal("a·d is not the aggregate key's secret")
		}
		secnonce, pubnonce, err := musig2.NonceGen(pk, &musig2.NonceGenOptions{SecretKey: k})
		if err != nil {
			t.Fatal(err)
		}
		aggNonce, err := musig2.NonceAgg([]musig2.PubNonce{*pubnonce})
		if err != nil {
			t.Fatal(err)
		}
		session, err := ka.NewAdaptorSessionContext(aggNonce, msg, T)
		if err != nil {
			t.Fatal(err)
		}
		psig, err := musig2.Sign(secnonce, k, session)
		if err != nil {
			t.Fatal(err)
		}
		mpre, err := musig2.PreSigAgg([]musig2.PartialSig{*psig}, session)
		if err != nil {
			t.Fatal(err)
		}
		spre, err := adaptor.SchnorrPreSign(kq, msg, T, nil)
		if err != nil {
			t.Fatal(err)
		}
		for name, pre := range map[string]*adaptor.SchnorrPreSignature{"musig2": mpre, "single": spre} {
			if !adaptor.SchnorrPreVerify(Q, msg, T, pre) {
				t.Fatalf("%s: does not pre-verify under Q", name)
			}
			if pre.NonceParity() != int(pre.R().BytesCompressed()[0]&1) {
				t.Fatalf("%s: parity is not R's", name)
			}
			sig, err := pre.Adapt(tk)
			if err != nil || !schnorr.Verify(Q, msg, sig) {
				t.Fatalf("%s: adapted signature: %v", name, err)
			}
			if got, err := pre.Extract(sig); err != nil || !got.Equal(tk) {
				t.Fatalf("%s: Extract: %v", name, err)
			}
		}
		if mpre.NonceParity() != session.NonceParity() {
			t.Fatal("the MuSig2 pre-signature's parity is not the session's")
		}
	}
}

// refECDSAEncrypt is ECDSAEncrypt recomputed in math/big from the notes on
// secp256k1-zkp (testdata/ecdsa-adaptor/README.md and the shared spec
// notes): its nonce function, its DLEQ proof and s'.
func refECDSAEncrypt(x *secp256k1.PrivateKey, hash []byte, Y *secp256k1.PublicKey, aux []byte) []byte {
	auxh := testref.TaggedHash("ECDSAadaptor/aux", aux)
	Yc := Y.BytesCompressed()
	Yp, _ := testref.Lift(bigOf(Yc[1:]), uint(Yc[0]&1))
	k := modN(testref.TaggedHash("ECDSAadaptor/non", xor32(x.Bytes(), auxh), Yc, hash))
	Rc := testref.Compressed(testref.ScalarMult(k, Yp))
	Rpc := testref.Compressed(testref.ScalarMult(k, testref.G))
	m := sha256.Sum256(append(append([]byte{}, Rpc...), Rc...))
	a := modN(testref.TaggedHash("DLEQ", xor32(testref.Bytes32(k), auxh), Yc, m[:]))
	return refECDSAAdaptor(x, hash, Yc, k, a, Rpc)
}

// refECDSAAdaptor returns the encoding of the adaptor signature of hash by
// x for the encryption key Yc with the nonce k and the proof nonce a, whose
// R' field and proof challenge carry Rpc: cbytes(k·G) in an honest
// signature.
func refECDSAAdaptor(x *secp256k1.PrivateKey, hash, Yc []byte, k, a *big.Int, Rpc []byte) []byte {
	Yp, _ := testref.Lift(bigOf(Yc[1:]), uint(Yc[0]&1))
	R := testref.ScalarMult(k, Yp)
	Rc := testref.Compressed(R)
	A1 := testref.Compressed(testref.ScalarMult(a, testref.G))
	A2 := testref.Compressed(testref.ScalarMult(a, Yp))
	e := modN(testref.TaggedHash("DLEQ", Rpc, Yc, Rc, A1, A2))
	s := new(big.Int).Mul(e, k)
	s.Add(s, a).Mod(s, testref.N)
	r := new(big.Int).Mod(R.X, testref.N)
	sp := new(big.Int).Mul(r, bigOf(x.Bytes()))
	sp.Add(sp, bigOf(hash)).Mul(sp, new(big.Int).ModInverse(k, testref.N)).Mod(sp, testref.N)
	out := append(Rc, Rpc...)
	out = append(out, testref.Bytes32(sp)...)
	out = append(out, testref.Bytes32(e)...)
	return append(out, testref.Bytes32(s)...)
}

// TestECDSAProperties checks, for random keys: the adaptor signature
// equals the math/big recomputation of zkp's algorithm; it verifies, and
// not under another encryption key, signing key or hash; Decrypt with y
// gives a low-S signature that ecdsa.Verify accepts, and with another key
// one that it rejects; Recover returns y (also from the high-S form), and
// fails under another encryption key; the encoding round-trips.
func TestECDSAProperties(t *testing.T) {
	r := testref.Rand(t)
	for range short.Count(t, 48) {
		x, y, other := testkey.Random(t, r), testkey.Random(t, r), testkey.Random(t, r)
		Y := y.PublicKey()
		hash, aux := testref.RandomBytes(r, 32), testref.RandomBytes(r, 32)
		a, err := adaptor.ECDSAEncrypt(x, hash, Y, aux)
		if err != nil {
			t.Fatal(err)
		}
		if got, want := a.Bytes(), refECDSAEncrypt(x, hash, Y, aux); !bytes.Equal(got, want) {
			t.Fatalf("adaptor signature\n %x\nmath/big\n %x", got, want)
		}
		X := x.PublicKey()
		if !adaptor.ECDSAVerify(X, hash, Y, a) {
			t.Fatal("the adaptor signature does not verify")
		}
		if adaptor.ECDSAVerify(X, hash, other.PublicKey(), a) || adaptor.ECDSAVerify(X, hash, Y.Negate(), a) {
			t.Fatal("the adaptor signature verifies under another encryption key")
		}
		if adaptor.ECDSAVerify(other.PublicKey(), hash, Y, a) {
			t.Fatal("the adaptor signature verifies under another signing key")
		}
		h2 := append([]byte{}, hash...)
		h2[0] ^= 1
		if adaptor.ECDSAVerify(X, h2, Y, a) || adaptor.ECDSAVerify(X, hash[:31], Y, a) {
			t.Fatal("the adaptor signature verifies for another hash")
		}
		sig, err := a.Decrypt(y)
		if err != nil {
			t.Fatal(err)
		}
		if !sig.IsLowS() || !ecdsa.Verify(X, hash, sig) {
			t.Fatal("the decrypted signature is not a valid low-S signature")
		}
		bad, err := a.Decrypt(other)
		if err != nil {
			t.Fatal(err)
		}
		if ecdsa.Verify(X, hash, bad) {
			t.Fatal("decrypted with another key, the signature verifies")
		}
		for _, s := range []*ecdsa.Signature{sig, ecdsa.NewSignature(sig.R(), new(secp256k1.Scalar).Negate(sig.S()))} {
			got, err := a.Recover(s, Y)
			if err != nil || !got.Equal(y) {
				t.Fatalf("Recover: %v", err)
			}
		}
		if _, err := a.Recover(sig, other.PublicKey()); !errors.Is(err, adaptor.ErrRecover) {
			t.Fatalf("Recover under another encryption key: %v", err)
		}
		if _, err := a.Recover(bad, Y); !errors.Is(err, adaptor.ErrRecover) {
			t.Fatalf("Recover from a wrongly decrypted signature: %v", err)
		}
		a2, err := adaptor.ParseECDSASignature(a.Bytes())
		if err != nil || !a2.Equal(a) || !adaptor.ECDSAVerify(X, hash, Y, a2) {
			t.Fatalf("ParseECDSASignature(Bytes): %v", err)
		}
	}
}

// TestECDSAVerifyBindsRPrime checks that ECDSAVerify, as zkp's
// secp256k1_ecdsa_adaptor_verify, rejects a signature whose R' is not
// s'⁻¹·(m·G + r·X), even with a proof that is valid for the R' that would
// be: a signer who knows k can make the proof's challenge hash any R' while
// proving the relation of k·G and R.
func TestECDSAVerifyBindsRPrime(t *testing.T) {
	r := testref.Rand(t)
	for range short.Count(t, 8) {
		x, y := testkey.Random(t, r), testkey.Random(t, r)
		Y := y.PublicKey()
		Yc := Y.BytesCompressed()
		hash := testref.RandomBytes(r, 32)
		k, a := new(big.Int).Rand(r, testref.N), new(big.Int).Rand(r, testref.N)
		fake := testref.Compressed(testref.ScalarMult(big.NewInt(r.Int63()+2), testref.G))
		sig, err := adaptor.ParseECDSASignature(refECDSAAdaptor(x, hash, Yc, k, a, fake))
		if err != nil {
			t.Fatal(err)
		}
		if adaptor.ECDSAVerify(x.PublicKey(), hash, Y, sig) {
			t.Fatal("ECDSAVerify accepts an R' that is not s'⁻¹·(m·G + r·X)")
		}
		// The same construction with the true R' = k·G verifies.
		real := testref.Compressed(testref.ScalarMult(k, testref.G))
		if sig, err = adaptor.ParseECDSASignature(refECDSAAdaptor(x, hash, Yc, k, a, real)); err != nil || !adaptor.ECDSAVerify(x.PublicKey(), hash, Y, sig) {
			t.Fatalf("the honest construction does not verify: %v", err)
		}
	}
}
