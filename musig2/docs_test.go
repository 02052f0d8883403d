package musig2

import (
	"errors"
	"math/rand"
	"testing"

	"github.com/kestrel-crypto/secp256k1/internal/group"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref"
	"github.com/kestrel-crypto/secp256k1/schnorr"
)

// Tests of "must" and "never" statements of the doc comments that no other
// test checks; each names its statement.

// docSetup returns u random signers, its random source and their key
// aggregation context.
func docSetup(t *testing.T, u int) (*rand.Rand, []*signer, *KeyAggContext) {
	t.Helper()
	r := testref.Rand(t)
	signers := newSigners(t, r, u, false)
	ka, err := KeyAgg(pubkeysOf(signers))
	if err != nil {
		t.Fatal(err)
	}
	return r, signers, ka
}

// TestDocEverySignerMustTakePart checks doc.go's "It is an n-of-n scheme:
// every signer must take part": the partial signatures of all signers but
// one aggregate to a signature that does not verify.
func TestDocEverySignerMustTakePart(t *testing.T) {
	r, signers, ka := docSetup(t, 3)
	msg := []byte("n-of-n")
	session, _, psigs, _ := runSession(t, r, signers, ka, msg)
	for skip := range psigs {
		var some []PartialSig
		for i := range psigs {
			if i != skip {
				some = append(some, psigs[i])
			}
		}
		sig, err := PartialSigAgg(some, session)
		if err != nil {
			t.Fatal(err)
		}
		if schnorr.Verify(ka.PublicKey(), msg, sig) {
			t.Errorf("the signature without signer %d verifies", skip)
		}
	}
}

// TestDocNonceMustBeInAggregate checks sign.go's "its public nonce must be in
// the session's aggregate nonce" and session.go's "pubnonce must be the nonce
// that went into the session's aggregate nonce", with what their docs say
// neither function can check: a partial signature made with a nonce outside
// the aggregate verifies against that nonce, fails against the signer's
// nonce in the aggregate (blamed on the signer), and aggregates to a
// signature that does not verify; a valid partial signature fails against
// any other nonce.
func TestDocNonceMustBeInAggregate(t *testing.T) {
	r, signers, ka := docSetup(t, 2)
	pubkeys := pubkeysOf(signers)
	msg := []byte("nonce in the aggregate")
	session, pubnonces, psigs, _ := runSession(t, r, signers, ka, msg)
	wantBlame := func(what string, err error) {
		t.Helper()
		var ice *InvalidContributionError
		if !errors.As(err, &ice) || ice.Signer != 0 || ice.Contrib != ContribPartialSig || !errors.Is(err, ErrPartialSigVerify) {
			t.Errorf("%s: %v, want ErrPartialSigVerify blamed on signer 0", what, err)
		}
	}

	// Signer 0 signs with a fresh nonce that is not in the aggregate.
	outSec, outPub, err := NonceGen(signers[0].pk, nil)
	if err != nil {
		t.Fatal(err)
	}
	psig, err := Sign(outSec, signers[0].sk, session)
	if err != nil {
		t.Fatalf("Sign cannot see that its nonce is outside the aggregate, yet: %v", err)
	}
	if err := session.PartialSigVerify(psig, outPub, 0); err != nil {
		t.Errorf("against the nonce it was made with: %v, want nil (undetectable)", err)
	}
	wantBlame("against the signer's nonce in the aggregate", session.PartialSigVerify(psig, &pubnonces[0], 0))
	wantBlame("package PartialSigVerify", PartialSigVerify(psig, pubnonces, pubkeys, nil, nil, msg, 0))
	sig, err := PartialSigAgg([]PartialSig{*psig, psigs[1]}, session)
	if err != nil {
		t.Fatal(err)
	}
	if schnorr.Verify(ka.PublicKey(), msg, sig) {
		t.Error("a signature with a nonce outside the aggregate verifies")
	}

	// A valid partial signature, verified against a nonce that did not go
	// into the aggregate.
	wantBlame("valid signature, another nonce", session.PartialSigVerify(&psigs[0], outPub, 0))
}

// TestDocZeroKeyNeverValid checks keyagg.go's "bytes(33, 0), which is never a
// valid key": cpoint rejects it and KeyAgg blames it as a public key.
func TestDocZeroKeyNeverValid(t *testing.T) {
	var P group.Jacobian
	if P.SetCompressed(new([33]byte)) {
		t.Fatal("cpoint accepted bytes(33, 0)")
	}
	r := testref.Rand(t)
	signers := newSigners(t, r, 1, false)
	_, err := KeyAgg([][]byte{signers[0].pk, make([]byte, 33)})
	var ice *InvalidContributionError
	if !errors.As(err, &ice) || ice.Signer != 1 || ice.Contrib != ContribPubKey || !errors.Is(err, ErrPublicKey) {
		t.Errorf("KeyAgg with bytes(33, 0): %v, want ErrPublicKey blamed on signer 1", err)
	}
}

// TestDocSessionValuesCopies checks session.go's "Every value is a copy,
// so changing one does not affect the session" for Gacc, the ±1 of an
// untweaked and an x-only tweaked context.
func TestDocSessionValuesCopies(t *testing.T) {
	r, signers, ka := docSetup(t, 2)
	for _, tweaked := range []bool{false, true} {
		c := ka
		if tweaked {
			var err error
			if c, err = ka.ApplyBIP86Tweak(); err != nil {
				t.Fatal(err)
			}
		}
		session, _, _, _ := runSession(t, r, signers, c, []byte("shared ±1"))
		want := *session.GetSessionValues().Gacc
		session.GetSessionValues().Gacc.SetUint64(5)
		if got := session.GetSessionValues().Gacc; got.Equal(&want) != 1 {
			t.Errorf("tweaked %v: changing GetSessionValues' Gacc changed the session's", tweaked)
		}
	}
}
