package musig2

import (
	"bytes"
	"testing"

	"github.com/kestrel-crypto/secp256k1/adaptor"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref/testkey"
)

// TestAdaptorSessionContextCopiesT checks that an adaptor SessionContext
// keeps its own copy of T, as it keeps every input: a PublicKey is mutable
// (UnmarshalBinary, assignment), and a caller that reuses its variable for
// the next adaptor point must not change what the session reports.
func TestAdaptorSessionContextCopiesT(t *testing.T) {
	r := testref.Rand(t)
	signers := newSigners(t, r, 2, false)
	ka, err := KeyAgg(pubkeysOf(signers))
	if err != nil {
		t.Fatal(err)
	}
	msg := randomBytes(r, 32)
	_, aggNonce := genNonces(t, r, signers, ka, msg)
	T := testkey.Random(t, r).PublicKey()
	Tc := T.BytesCompressed()
	session, err := ka.NewAdaptorSessionContext(aggNonce, msg, T)
	if err != nil {
		t.Fatal(err)
	}
	if err := T.UnmarshalBinary(testkey.Random(t, r).PublicKey().BytesCompressed()); err != nil {
		t.Fatal(err)
	}
	if got := session.Adaptor().BytesCompressed(); !bytes.Equal(got, Tc) {
		t.Errorf("the session's adaptor point changed with the caller's variable: %x, made for %x", got, Tc)
	}
}

// TestAdaptorSessionOptionsCopiesT checks that a Session keeps its own copy
// of SessionOptions.Adaptor: reusing the caller's variable between
// NewSession and Sign does not make it sign, or pre-verify, for another
// adaptor point than the one it was started with.
func TestAdaptorSessionOptionsCopiesT(t *testing.T) {
	r := testref.Rand(t)
	sk := testkey.Random(t, r)
	ka, err := KeyAgg([][]byte{sk.PublicKey().BytesCompressed()})
	if err != nil {
		t.Fatal(err)
	}
	msg := randomBytes(r, 32)
	T := testkey.Random(t, r).PublicKey()
	T0 := *T
	s, err := NewSession(sk, ka, &SessionOptions{Msg: msg, Adaptor: T})
	if err != nil {
		t.Fatal(err)
	}
	if err := T.UnmarshalBinary(testkey.Random(t, r).PublicKey().BytesCompressed()); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Sign(msg); err != nil {
		t.Fatal(err)
	}
	b, err := s.PreSignature()
	if err != nil {
		t.Fatal(err)
	}
	pre, err := adaptor.ParseSchnorrPreSignature(b)
	if err != nil {
		t.Fatal(err)
	}
	if !adaptor.SchnorrPreVerify(ka.PublicKey(), msg, &T0, pre) {
		t.Errorf("the session was started for adaptor point %x but its pre-signature does not pre-verify under it (it was made for %x, the caller's variable at Sign time)", T0.BytesCompressed(), T.BytesCompressed())
	}
}
