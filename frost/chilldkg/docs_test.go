package chilldkg

import (
	"bytes"
	"errors"
	"testing"

	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/frost"
	"github.com/kestrel-crypto/secp256k1/schnorr"

	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref"
)

// Tests of statements of the doc comments and docs/frost.md that no other
// test checks; each names its statement.

// docs/frost.md: "Never reuse random … the derivations would repeat the
// earlier session's polynomial and nonce … Different parameters give
// different values even if random repeats".
func TestDocRandomReuse(t *testing.T) {
	r := testref.PCG(t)
	s := runDKG(t, r, 2, 3)
	_, again, err := ParticipantStep1(s.hosts[0], s.params, s.randoms[0])
	if err != nil || !bytes.Equal(again, s.pmsgs1[0]) {
		t.Errorf("same random and parameters: pmsg1 differs (%v)", err)
	}
	p := &SessionParams{T: 3, HostPubkeys: s.params.HostPubkeys}
	_, other, err := ParticipantStep1(s.hosts[0], p, s.randoms[0])
	if err != nil || bytes.Equal(other[:33], again[:33]) || bytes.Equal(other[99+64:99+97], again[66+64:66+97]) {
		t.Errorf("other threshold, same random: same commitment or nonce (%v)", err)
	}
}

// ParticipantState2: "Erase wipes it" (the secret share); docs/frost.md: the
// package refuses a reused state.
func TestDocStateErase(t *testing.T) {
	r := testref.PCG(t)
	s := runDKG(t, r, 2, 2)
	st2, _, err := replay(t, s, 1, s.cmsg1)
	if err != nil {
		t.Fatal(err)
	}
	share := st2.out.SecShare
	st2.Erase()
	if _, _, err := ParticipantFinalize(st2, s.cmsg2); !errors.Is(err, ErrState) {
		t.Errorf("erased state: %v", err)
	}
	if err := frost.VerifySecretShare(share, 1, 1, [][]byte{s.cout.ThreshPubkey}, s.cout.ThreshPubkey); !errors.Is(err, secp256k1.ErrUninitialized) {
		t.Errorf("the erased state's share: %v, want ErrUninitialized", err)
	}
	cst, _, err := CoordinatorStep1(s.pmsgs1, s.params)
	if err != nil {
		t.Fatal(err)
	}
	if _, _, _, err := CoordinatorFinalize(cst, s.pmsgs2); err != nil {
		t.Fatal(err)
	}
	if _, _, _, err := CoordinatorFinalize(cst, s.pmsgs2); !errors.Is(err, ErrState) {
		t.Errorf("reused coordinator state: %v", err)
	}
}

// ParticipantState2: "Erase … never the returned output's, so that
// defer st.Erase() is safe": every participant finalizes with a deferred
// Erase, and all of them still sign together.
func TestDocDeferredEraseKeepsOutput(t *testing.T) {
	r := testref.PCG(t)
	s := runDKG(t, r, 2, 3)
	finalize := func(i int) *DKGOutput {
		st2, _, err := replay(t, s, i, s.cmsg1)
		if err != nil {
			t.Fatal(err)
		}
		defer st2.Erase()
		out, _, err := ParticipantFinalize(st2, s.cmsg2)
		if err != nil {
			t.Fatal(err)
		}
		return out
	}
	for i := range s.outs {
		s.outs[i] = finalize(i)
		if _, _, err := frost.NonceGen(&frost.NonceGenOptions{SecretShare: s.outs[i].SecShare}); err != nil {
			t.Fatalf("participant %d: the output's share after Erase: %v", i, err)
		}
	}
	msg := []byte("signed after a deferred Erase")
	sig := frostSign(t, s, []int{0, 1, 2}, msg)
	pk, err := secp256k1.ParsePublicKey(s.cout.ThreshPubkey)
	if err != nil || !schnorr.Verify(pk, msg, sig) {
		t.Fatalf("signature rejected (%v)", err)
	}
}

// docs/frost.md: the coordinator "cannot … make two honest participants
// finish with different keys or transcripts": a cmsg2 built for one
// transcript fails the certificate check of a participant that saw another.
func TestDocCertificateBindsTranscript(t *testing.T) {
	r := testref.PCG(t)
	s := runDKG(t, r, 2, 3)
	// Participant 0 sees a cmsg1 with another encrypted share for participant 2
	// (which it does not check itself), so its transcript differs.
	c := append([]byte(nil), s.cmsg1...)
	c[len(c)-1] ^= 1
	st2, _, err := replay(t, s, 0, c)
	if err != nil {
		t.Fatalf("participant 0 cannot see the change, yet: %v", err)
	}
	var fc *FaultyCoordinatorError
	if _, _, err := ParticipantFinalize(st2, s.cmsg2); !errors.As(err, &fc) {
		t.Errorf("certificate of another transcript: %v", err)
	}
}
