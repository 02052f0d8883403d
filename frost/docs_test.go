package frost

import (
	"errors"
	"testing"

	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref"
	"github.com/kestrel-crypto/secp256k1/schnorr"
)

// Tests of "must", "cannot" and "binds" statements of the doc comments and
// docs/frost.md that no other test checks; each names its statement.

// TestDocNonceMustBeInAggregate checks session.go's "pubnonce must be the
// nonce that went into the session's aggregate nonce" and sign.go's "its
// public nonce must be in the session's aggregate nonce; Sign cannot check
// the latter": a partial signature made with a nonce outside the aggregate
// verifies against that nonce, is blamed on the signer against its nonce in
// the aggregate, and aggregates to a signature that does not verify.
func TestDocNonceMustBeInAggregate(t *testing.T) {
	r := testref.Rand(t)
	s := newSetup(t, r, 3, 2)
	ids := []int{0, 1}
	msg := []byte("nonce in the aggregate")
	session, pubnonces, psigs, _ := s.run(t, ids, nil, msg)
	outSec, outPub, err := NonceGen(nil)
	if err != nil {
		t.Fatal(err)
	}
	psig, err := Sign(outSec, s.out.SecretShares[0], 0, session)
	if err != nil {
		t.Fatalf("Sign cannot see that its nonce is outside the aggregate, yet: %v", err)
	}
	if err := session.PartialSigVerify(psig, outPub, 0); err != nil {
		t.Errorf("against the nonce it was made with: %v, want nil", err)
	}
	err = session.PartialSigVerify(psig, &pubnonces[0], 0)
	var ice *InvalidContributionError
	if !errors.As(err, &ice) || ice.Signer != 0 || ice.Contrib != ContribPartialSig || !errors.Is(err, ErrPartialSigVerify) {
		t.Errorf("against the nonce in the aggregate: %v, want ErrPartialSigVerify blamed on signer 0", err)
	}
	sig, err := PartialSigAgg([]PartialSig{*psig, psigs[1]}, session)
	if err != nil {
		t.Fatal(err)
	}
	if schnorr.Verify(session.TweakContext().PublicKey(), msg, sig) {
		t.Error("a signature with a nonce outside the aggregate verifies")
	}
}

// TestDocDeterministicBindsSignerSet checks docs/frost.md's "its nonce
// binds the signer set and its identifier, so a coordinator replaying the
// session with other signer sets or orders gets other nonces" (and
// BIP-445's sorting: the order alone changes nothing, so a replay in
// another order gets the same partial signature, which reveals nothing
// new).
func TestDocDeterministicBindsSignerSet(t *testing.T) {
	r := testref.Rand(t)
	s := newSetup(t, r, 4, 2)
	msg := []byte("replay")
	_, other, _ := NonceGen(nil)
	agg := AggNonce(*other)
	sign := func(ids []int) (*PubNonce, *PartialSig) {
		t.Helper()
		pub, psig, err := DeterministicSign(s.out.SecretShares[0], 0, &agg, s.signers(t, ids), nil, nil, msg, nil)
		if err != nil {
			t.Fatal(err)
		}
		return pub, psig
	}
	p1, s1 := sign([]int{0, 1})
	p2, s2 := sign([]int{1, 0})
	if *p1 != *p2 || *s1 != *s2 {
		t.Error("reordering the signers changed the deterministic output")
	}
	p3, _ := sign([]int{0, 2})
	p4, _ := sign([]int{0, 1, 2})
	if *p3 == *p1 || *p4 == *p1 || *p3 == *p4 {
		t.Error("another signer set gave the same deterministic nonce")
	}
}

// TestDocBlameDeterministic checks docs/frost.md's "every honest party that
// runs it on the same contributions blames the same signer index": two
// independently built sessions blame the same signer for the same bad
// contribution, with both verifiers.
func TestDocBlameDeterministic(t *testing.T) {
	r := testref.Rand(t)
	s := newSetup(t, r, 5, 3)
	ids := []int{3, 0, 4}
	msg := []byte("identifiable abort")
	session, pubnonces, psigs, _ := s.run(t, ids, nil, msg)
	psigs[2][31] ^= 1
	signers := s.signers(t, ids)
	for i := range psigs {
		err1 := session.PartialSigVerify(&psigs[i], &pubnonces[i], i)
		err2 := PartialSigVerify(&psigs[i], pubnonces, signers, nil, nil, msg, i)
		if (err1 == nil) != (i != 2) || (err2 == nil) != (i != 2) {
			t.Fatalf("signer %d: %v / %v", i, err1, err2)
		}
	}
}
