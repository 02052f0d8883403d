package musig2

import (
	"errors"
	"math/big"
	"math/rand"
	"slices"
	"testing"

	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/adaptor"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref/testkey"
	"github.com/kestrel-crypto/secp256k1/schnorr"
)

// runAdaptorSession runs an adaptor session of the signers over ka with
// the adaptor point T: nonces, Sign, PartialSigVerify of every partial
// signature, PreSigAgg. It returns the session and the pre-signature.
func runAdaptorSession(t *testing.T, r *rand.Rand, signers []*signer, ka *KeyAggContext, msg []byte, T *secp256k1.PublicKey) (*SessionContext, *adaptor.SchnorrPreSignature) {
	t.Helper()
	pubnonces, aggNonce := genNonces(t, r, signers, ka, msg)
	session, err := ka.NewAdaptorSessionContext(aggNonce, msg, T)
	if err != nil {
		t.Fatal(err)
	}
	psigs := signAll(t, signers, session, pubnonces)
	if _, err := PartialSigAgg(psigs, session); !errors.Is(err, ErrAdaptorSession) {
		t.Errorf("PartialSigAgg of an adaptor session: %v, want ErrAdaptorSession", err)
	}
	b, err := PreSigAgg(psigs, session)
	if err != nil {
		t.Fatal(err)
	}
	pre, err := adaptor.ParseSchnorrPreSignature(b)
	if err != nil {
		t.Fatalf("PreSigAgg's %x does not parse: %v", b, err)
	}
	return session, pre
}

// TestAdaptorSessions runs adaptor sessions of 1 to 4 signers with every
// tweak kind: the pre-signature pre-verifies under the x-only aggregate key
// and T and not under another T; it is not itself a valid signature;
// adapted with t it verifies with schnorr.Verify, and not with another t;
// Extract returns t.
func TestAdaptorSessions(t *testing.T) {
	r := testref.Rand(t)
	for i := range short.Count(t, 24) {
		u := 1 + i%4
		signers := newSigners(t, r, u, false)
		ka, err := KeyAgg(pubkeysOf(signers))
		if err != nil {
			t.Fatal(err)
		}
		if ka, err = tweakKinds[i%len(tweakKinds)].apply(ka, r); err != nil {
			t.Fatal(err)
		}
		tk := testkey.Random(t, r)
		T := tk.PublicKey()
		msg := randomBytes(r, r.Intn(70))
		session, pre := runAdaptorSession(t, r, signers, ka, msg, T)
		if got := session.NonceParity(); got != pre.NonceParity() {
			t.Fatalf("session parity %d, pre-signature %d", got, pre.NonceParity())
		}
		if !session.Adaptor().Equal(T) {
			t.Fatal("Adaptor is not T")
		}
		if !adaptor.SchnorrPreVerify(ka.PublicKey(), msg, T, pre) {
			t.Fatalf("u=%d %s: the pre-signature does not pre-verify", u, tweakKinds[i%len(tweakKinds)].name)
		}
		other := testkey.Random(t, r)
		if adaptor.SchnorrPreVerify(ka.PublicKey(), msg, other.PublicKey(), pre) {
			t.Fatal("the pre-signature pre-verifies under another adaptor point")
		}
		if schnorr.Verify(ka.PublicKey(), msg, pre.Bytes64()) {
			t.Fatal("the pre-signature is a valid signature")
		}
		sig, err := pre.Adapt(tk)
		if err != nil {
			t.Fatal(err)
		}
		if !schnorr.Verify(ka.PublicKey(), msg, sig) {
			t.Fatal("the adapted signature does not verify")
		}
		if bad, _ := pre.Adapt(other); schnorr.Verify(ka.PublicKey(), msg, bad) {
			t.Fatal("adapted with the wrong secret, the signature verifies")
		}
		got, err := pre.Extract(sig)
		if err != nil || !got.Equal(tk) {
			t.Fatalf("Extract: %v, equal %v", err, err == nil && got.Equal(tk))
		}
	}
}

// TestAdaptorSessionValues recomputes an adaptor session's nonce
// coefficient, final nonce and challenge with math/big and testref's
// tagged hash, following secp256k1-zkp's rule that R₁ + T replaces R₁
// before anything is hashed (testdata notes, specs zkp-musig-adaptor): b
// hashes cbytes_ext(R₁ + T). It also checks that the plain session of the
// same nonces differs, and a session whose R₁ + T is infinity (T = −R₁).
func TestAdaptorSessionValues(t *testing.T) {
	r := testref.Rand(t)
	signers := newSigners(t, r, 2, false)
	ka, err := KeyAgg(pubkeysOf(signers))
	if err != nil {
		t.Fatal(err)
	}
	msg := randomBytes(r, 32)
	var pubnonces []PubNonce
	for _, s := range signers {
		_, pn, err := NonceGen(s.pk, nil)
		if err != nil {
			t.Fatal(err)
		}
		pubnonces = append(pubnonces, *pn)
	}
	aggNonce, err := NonceAgg(pubnonces)
	if err != nil {
		t.Fatal(err)
	}
	R1, ok1 := refDecompress(aggNonce[:33])
	R2, ok2 := refDecompress(aggNonce[33:])
	if !ok1 || !ok2 {
		t.Fatal("aggregate nonce does not decompress")
	}
	negR1, err := secp256k1.ParsePublicKey(testref.Compressed(testref.Neg(R1)))
	if err != nil {
		t.Fatal(err)
	}
	for _, T := range []*secp256k1.PublicKey{testkey.Random(t, r).PublicKey(), negR1} {
		session, err := ka.NewAdaptorSessionContext(aggNonce, msg, T)
		if err != nil {
			t.Fatal(err)
		}
		Tref, _ := refDecompress(T.BytesCompressed())
		R1T := testref.Add(R1, Tref)
		enc := make([]byte, 33) // cbytes_ext: 33 zero bytes for infinity
		if !R1T.Inf {
			enc = testref.Compressed(R1T)
		}
		h := testref.TaggedHash("MuSig/noncecoef", enc, aggNonce[33:], ka.XOnlyPublicKey(), msg)
		b := new(big.Int).Mod(new(big.Int).SetBytes(h[:]), testref.N)
		R := testref.Add(R1T, testref.ScalarMult(b, R2))
		if R.Inf {
			R = testref.G
		}
		v := session.GetSessionValues()
		if got := new(big.Int).SetBytes(v.B.Bytes()); got.Cmp(b) != 0 {
			t.Errorf("b = %x, want %x", got, b)
		}
		if got, want := v.R.BytesCompressed(), testref.Compressed(R); string(got) != string(want) {
			t.Errorf("R = %x, want %x", got, want)
		}
		wantParity := int(R.Y.Bit(0))
		if session.NonceParity() != wantParity {
			t.Errorf("NonceParity %d, want %d", session.NonceParity(), wantParity)
		}
		rx := testref.Bytes32(R.X)
		he := testref.TaggedHash("BIP0340/challenge", rx, ka.XOnlyPublicKey(), msg)
		e := new(big.Int).Mod(new(big.Int).SetBytes(he[:]), testref.N)
		if got := new(big.Int).SetBytes(v.E.Bytes()); got.Cmp(e) != 0 {
			t.Errorf("e = %x, want %x", got, e)
		}
	}
	plain, err := ka.NewSessionContext(aggNonce, msg)
	if err != nil {
		t.Fatal(err)
	}
	if plain.Adaptor() != nil {
		t.Error("a plain session has an adaptor point")
	}
	if _, err := PreSigAgg([]PartialSig{{}, {}}, plain); !errors.Is(err, ErrNotAdaptorSession) {
		t.Errorf("PreSigAgg of a plain session: %v, want ErrNotAdaptorSession", err)
	}
	if _, err := ka.NewAdaptorSessionContext(aggNonce, msg, new(secp256k1.PublicKey)); !errors.Is(err, secp256k1.ErrUninitialized) {
		t.Errorf("zero adaptor point: %v, want ErrUninitialized", err)
	}
	if _, err := NewAdaptorSessionContext(aggNonce, ka.PublicKeys(), nil, nil, msg, nil); !errors.Is(err, secp256k1.ErrUninitialized) {
		t.Errorf("nil adaptor point: %v, want ErrUninitialized", err)
	}
}

// refDecompress decodes a compressed point with math/big.
func refDecompress(b []byte) (testref.Point, bool) {
	if len(b) != 33 || b[0]&^1 != 2 {
		return testref.Point{}, false
	}
	return testref.Lift(new(big.Int).SetBytes(b[1:]), uint(b[0]&1))
}

// TestAdaptorSessionStateful runs Session with SessionOptions.Adaptor for
// two and three signers: every session verifies the same pre-signature,
// FinalSig refuses, and the adapted signature verifies; a plain session's
// PreSignature refuses.
func TestAdaptorSessionStateful(t *testing.T) {
	r := testref.Rand(t)
	for u := 2; u <= 3; u++ {
		s := newSessionSetup(t, r, u, u)
		tk := testkey.Random(t, r)
		msg := randomBytes(r, 32)
		sessions := s.start(t, func(int) *SessionOptions { return &SessionOptions{Msg: msg, Adaptor: tk.PublicKey()} })
		exchangeNonces(t, sessions)
		psigs := make([]*PartialSig, u)
		for i, ss := range sessions {
			if _, err := ss.PreSignature(); !errors.Is(err, ErrPartialSigsMissing) {
				t.Errorf("PreSignature before signing: %v", err)
			}
			var err error
			if psigs[i], err = ss.Sign(msg); err != nil {
				t.Fatal(err)
			}
		}
		var pre *adaptor.SchnorrPreSignature
		for _, ss := range sessions {
			for j, o := range sessions {
				if o != ss {
					if _, err := ss.RegisterPartialSig(o.Index(), psigs[j]); err != nil {
						t.Fatal(err)
					}
				}
			}
			if _, err := ss.FinalSig(); !errors.Is(err, ErrAdaptorSession) {
				t.Errorf("FinalSig of an adaptor session: %v", err)
			}
			b, err := ss.PreSignature()
			if err != nil {
				t.Fatal(err)
			}
			p, err := adaptor.ParseSchnorrPreSignature(b)
			if err != nil {
				t.Fatal(err)
			}
			if pre != nil && !p.Equal(pre) {
				t.Fatal("the sessions' pre-signatures differ")
			}
			pre = p
		}
		sig, err := pre.Adapt(tk)
		if err != nil || !schnorr.Verify(s.ka.PublicKey(), msg, sig) {
			t.Fatalf("adapted signature: %v", err)
		}
	}
	s := newSessionSetup(t, r, 2, 0)
	sessions := s.start(t, func(int) *SessionOptions { return nil })
	if _, err := sessions[0].PreSignature(); !errors.Is(err, ErrNotAdaptorSession) {
		t.Errorf("PreSignature of a plain session: %v", err)
	}
	if _, err := NewSession(s.keys[0], s.ka, &SessionOptions{Adaptor: new(secp256k1.PublicKey)}); !errors.Is(err, secp256k1.ErrUninitialized) {
		t.Errorf("NewSession with a zero adaptor point: %v", err)
	}
}

// TestAdaptorExtractNeedsVerifiedPartialSigs checks PreSigAgg's "otherwise
// a signer can shift s' so that Extract returns a value of its choosing":
// a signer that adds δ to its partial signature (which PartialSigVerify
// rejects) makes the pre-signature fail SchnorrPreVerify, and extraction
// from the honestly adapted signature returns t − δ or t + δ, not t.
func TestAdaptorExtractNeedsVerifiedPartialSigs(t *testing.T) {
	r := testref.Rand(t)
	signers := newSigners(t, r, 2, false)
	ka, err := KeyAgg(pubkeysOf(signers))
	if err != nil {
		t.Fatal(err)
	}
	tk := testkey.Random(t, r)
	msg := []byte("shifted")
	session, pre := runAdaptorSession(t, r, signers, ka, msg, tk.PublicKey())
	sig, err := pre.Adapt(tk)
	if err != nil {
		t.Fatal(err)
	}
	// The cheater's pre-signature: s' + δ.
	var delta, sp secp256k1.Scalar
	delta.SetUint64(1)
	sp.SetCanonicalBytes(pre.Bytes64()[32:])
	sp.Add(&sp, &delta)
	shifted, err := adaptor.NewSchnorrPreSignature(append(pre.Bytes64()[:32], sp.Bytes()...), session.NonceParity())
	if err != nil {
		t.Fatal(err)
	}
	if adaptor.SchnorrPreVerify(ka.PublicKey(), msg, tk.PublicKey(), shifted) {
		t.Fatal("a shifted pre-signature pre-verifies")
	}
	got, err := shifted.Extract(sig)
	if err != nil {
		t.Fatal(err)
	}
	if got.Equal(tk) {
		t.Fatal("extraction from a shifted pre-signature returns t")
	}
}

// TestAdaptorPreVerifyMatchesAdaptor checks the sessions' own
// pre-signature check (varTimePreVerify, on internal/bip340) against
// package adaptor's SchnorrPreVerify: both accept PreSigAgg's result, and
// both refuse it with any byte changed or under another adaptor point.
func TestAdaptorPreVerifyMatchesAdaptor(t *testing.T) {
	r := testref.Rand(t)
	for i := range short.Count(t, 8) {
		signers := newSigners(t, r, 1+i%3, false)
		ka, err := KeyAgg(pubkeysOf(signers))
		if err != nil {
			t.Fatal(err)
		}
		if ka, err = tweakKinds[i%len(tweakKinds)].apply(ka, r); err != nil {
			t.Fatal(err)
		}
		msg := []byte("pre-verify")
		T := testkey.Random(t, r).PublicKey()
		session, pre := runAdaptorSession(t, r, signers, ka, msg, T)
		b := pre.Bytes()
		if !session.varTimePreVerify(b) || !adaptor.SchnorrPreVerify(ka.PublicKey(), msg, T, pre) {
			t.Fatal("PreSigAgg's pre-signature refused")
		}
		for j := range 3 {
			bad := slices.Clone(b)
			bad[[]int{0, 1 + r.Intn(32), 33 + r.Intn(32)}[j]] ^= 1 << r.Intn(8)
			p, err := adaptor.ParseSchnorrPreSignature(bad)
			if session.varTimePreVerify(bad) || (err == nil && adaptor.SchnorrPreVerify(ka.PublicKey(), msg, T, p)) {
				t.Fatalf("a pre-signature with byte %d changed accepted", j)
			}
		}
		other, err := ka.NewAdaptorSessionContext(&session.aggNonce, msg, testkey.Random(t, r).PublicKey())
		if err != nil {
			t.Fatal(err)
		}
		if other.varTimePreVerify(b) {
			t.Fatal("the pre-signature verifies for another adaptor point")
		}
	}
}
