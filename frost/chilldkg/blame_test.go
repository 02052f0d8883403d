package chilldkg

import (
	"errors"
	"math/big"
	"testing"

	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref"
)

// rerun runs every participant's second step of s on cmsg1 (replay) and
// returns each one's error.
func rerun(t *testing.T, s *session, cmsg1 []byte) []error {
	t.Helper()
	errs := make([]error, len(s.hosts))
	for i := range s.hosts {
		_, _, errs[i] = replay(t, s, i, cmsg1)
	}
	return errs
}

// A participant that sends a wrong share to another is named by the
// investigation; the others are unaffected.
func TestBlameInvalidShare(t *testing.T) {
	r := testref.PCG(t)
	s := runDKG(t, r, 2, 4)
	const bad, victim = 2, 1
	pm := make([][]byte, len(s.pmsgs1))
	for i := range pm {
		pm[i] = append([]byte(nil), s.pmsgs1[i]...)
	}
	o := 33*2 + 97 + 32*victim
	pm[bad][o+31] ^= 1 // still < n: the top bytes are unchanged
	_, cmsg1, err := CoordinatorStep1(pm, s.params)
	if err != nil {
		t.Fatal(err)
	}
	errs := rerun(t, s, cmsg1)
	for i, err := range errs {
		var u *UnknownFaultyParticipantOrCoordinatorError
		if i != victim {
			if err != nil {
				t.Errorf("participant %d: %v", i, err)
			}
			continue
		}
		if !errors.As(err, &u) {
			t.Fatalf("victim: %v", err)
		}
		cinvs, err := CoordinatorInvestigate(pm, s.params)
		if err != nil {
			t.Fatal(err)
		}
		var f *FaultyParticipantOrCoordinatorError
		if err := ParticipantInvestigate(u, cinvs[victim]); !errors.As(err, &f) || f.ParticipantID != bad {
			t.Fatalf("investigation: %v", err)
		}
	}
}

// Reordered first messages never let a participant succeed: it blames the
// coordinator or a participant.
func TestBlameReordered(t *testing.T) {
	r := testref.PCG(t)
	s := runDKG(t, r, 2, 3)
	pm := [][]byte{s.pmsgs1[1], s.pmsgs1[0], s.pmsgs1[2]}
	_, cmsg1, err := CoordinatorStep1(pm, s.params)
	if err != nil {
		t.Fatal(err)
	}
	errs := rerun(t, s, cmsg1)
	var fc *FaultyCoordinatorError
	if !errors.As(errs[0], &fc) || !errors.As(errs[1], &fc) {
		t.Errorf("swapped participants: %v, %v", errs[0], errs[1])
	}
	var fp *FaultyParticipantOrCoordinatorError
	if !errors.As(errs[2], &fp) || fp.ParticipantID != 0 {
		t.Errorf("participant 2: %v", errs[2])
	}
}

// A wrong certificate signature is blamed on its participant by the
// coordinator and on the coordinator by participants; the recovery data of
// another session is refused.
func TestBlameCertificate(t *testing.T) {
	r := testref.PCG(t)
	s := runDKG(t, r, 3, 5)
	st := &CoordinatorState{}
	if _, _, _, err := CoordinatorFinalize(st, s.pmsgs2); !errors.Is(err, ErrState) {
		t.Errorf("zero state: %v", err)
	}
	cst, _, err := CoordinatorStep1(s.pmsgs1, s.params)
	if err != nil {
		t.Fatal(err)
	}
	p2 := append([][]byte(nil), s.pmsgs2...)
	p2[3], p2[4] = p2[4], p2[3]
	var fp *FaultyParticipantError
	if _, _, _, err := CoordinatorFinalize(cst, p2); !errors.As(err, &fp) || fp.ParticipantID != 3 {
		t.Errorf("swapped signatures: %v", err)
	}
	other := runDKG(t, r, 3, 5)
	if _, _, err := ParticipantRecover(s.hosts[0], other.rd); !errors.Is(err, ErrHostSeckey) {
		t.Errorf("foreign recovery data: %v", err)
	}
	bad := append([]byte(nil), s.rd...)
	bad[len(bad)-1] ^= 1
	if _, _, err := CoordinatorRecover(bad); !errors.Is(err, ErrRecoveryData) {
		t.Errorf("tampered recovery data: %v", err)
	}
}

// Zero values and reuse fail closed.
func TestZeroValuesAndReuse(t *testing.T) {
	r := testref.PCG(t)
	s := runDKG(t, r, 2, 3)
	var h HostSecretKey
	if _, _, err := ParticipantStep1(&h, s.params, make([]byte, 32)); !errors.Is(err, ErrHostSeckey) {
		t.Errorf("zero key: %v", err)
	}
	if _, _, err := ParticipantStep1(s.hosts[0], &SessionParams{}, s.randoms[0]); !errors.Is(err, ErrThresholdOrCount) {
		t.Errorf("zero params: %v", err)
	}
	if _, _, err := ParticipantStep2(s.hosts[0], &ParticipantState1{}, s.cmsg1, make([]byte, 32)); !errors.Is(err, ErrState) {
		t.Errorf("zero state1: %v", err)
	}
	if _, _, err := ParticipantFinalize(&ParticipantState2{}, s.cmsg2); !errors.Is(err, ErrState) {
		t.Errorf("zero state2: %v", err)
	}
	if err := ParticipantInvestigate(&UnknownFaultyParticipantOrCoordinatorError{}, nil); !errors.Is(err, ErrState) {
		t.Errorf("zero investigation: %v", err)
	}
	st, _, err := ParticipantStep1(s.hosts[0], s.params, s.randoms[0])
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := ParticipantStep2(s.hosts[0], st, s.cmsg1, make([]byte, 32)); err != nil {
		t.Fatal(err)
	}
	if _, _, err := ParticipantStep2(s.hosts[0], st, s.cmsg1, make([]byte, 32)); !errors.Is(err, ErrState) {
		t.Errorf("reused state1: %v", err)
	}
}

// liftPoint returns the point of the compressed encoding b.
func liftPoint(t *testing.T, b []byte) testref.Point {
	t.Helper()
	if len(b) != 33 || (b[0] != 2 && b[0] != 3) {
		t.Fatalf("not a compressed point: %x", b)
	}
	P, ok := testref.Lift(new(big.Int).SetBytes(b[1:]), uint(b[0]&1))
	if !ok {
		t.Fatalf("not a point: %x", b)
	}
	return P
}

// TestInvestigateOwnShareBlamesCoordinator: the coordinator answers
// participant 0's investigation with partial pubshares whose sum is right
// but whose entry for participant 0 itself is shifted by G (and entry 1 by
// −G to keep the sum). Only the coordinator can have caused this, and
// FaultyParticipantOrCoordinatorError names "another known participant"
// (chilldkg.md), so ParticipantInvestigate blames the coordinator, as the
// draft's reference does.
func TestInvestigateOwnShareBlamesCoordinator(t *testing.T) {
	r := testref.PCG(t)
	const tt, n = 2, 3
	s := runDKG(t, r, tt, n)
	const bad, victim = 2, 0
	pm := make([][]byte, n)
	for i := range pm {
		pm[i] = append([]byte(nil), s.pmsgs1[i]...)
	}
	o := 33*tt + 97 + 32*victim
	pm[bad][o+31] ^= 1 // participant 2 sends a wrong share to participant 0
	_, cmsg1, err := CoordinatorStep1(pm, s.params)
	if err != nil {
		t.Fatal(err)
	}
	_, _, err = replay(t, s, victim, cmsg1)
	var u *UnknownFaultyParticipantOrCoordinatorError
	if !errors.As(err, &u) {
		t.Fatalf("step 2 of the victim: %v", err)
	}
	cinvs, err := CoordinatorInvestigate(pm, s.params)
	if err != nil {
		t.Fatal(err)
	}
	cinv := append([]byte(nil), cinvs[victim]...)
	// partial_pubshares[0] += G, partial_pubshares[1] −= G: the sum, which
	// the participant checks, is unchanged.
	off := func(j int) int { return 32*n + 33*j }
	p0 := testref.Add(liftPoint(t, cinv[off(0):off(0)+33]), testref.G)
	p1 := testref.Add(liftPoint(t, cinv[off(1):off(1)+33]), testref.Neg(testref.G))
	copy(cinv[off(0):], testref.Compressed(p0))
	copy(cinv[off(1):], testref.Compressed(p1))

	err = ParticipantInvestigate(u, cinv)
	var fp *FaultyParticipantOrCoordinatorError
	if errors.As(err, &fp) && fp.ParticipantID == victim {
		t.Fatalf("ParticipantInvestigate of participant %d blames participant %d (itself) for a partial pubshare the coordinator altered: %v; the reference raises FaultyCoordinatorError", victim, fp.ParticipantID, err)
	}
	var fc *FaultyCoordinatorError
	if !errors.As(err, &fc) {
		t.Fatalf("want FaultyCoordinatorError, got %v", err)
	}
}

// TestStep2SkipsOwnPoP: the coordinator replaces participant 0's own proof
// of possession in cmsg1 (the pops are not part of eq_input, so the session
// is otherwise unaffected). ParticipantStep2 does not check its own proof,
// as the draft's reference does not, and would otherwise blame itself; the
// session completes with the honest output.
func TestStep2SkipsOwnPoP(t *testing.T) {
	r := testref.PCG(t)
	const tt, n = 2, 3
	s := runDKG(t, r, tt, n)
	const idx = 0
	cmsg1 := append([]byte(nil), s.cmsg1...)
	pops := 33*n + 33*(tt-1)
	// Participant 0's pop replaced by participant 1's (a valid signature, on
	// another key and message).
	copy(cmsg1[pops+64*idx:pops+64*idx+64], s.cmsg1[pops+64:pops+128])
	st2, pmsg2, err := replay(t, s, idx, cmsg1)
	var fp *FaultyParticipantOrCoordinatorError
	if errors.As(err, &fp) && fp.ParticipantID == idx {
		t.Fatalf("ParticipantStep2 of participant %d blames itself for its own proof of possession, which only the coordinator can have altered: %v; the reference skips its own pop", idx, err)
	}
	if err != nil {
		t.Fatalf("ParticipantStep2: %v", err)
	}
	// The session is the honest one: the participant's signature completes
	// the certificate and it finalizes with the others' output.
	if len(pmsg2) != 64 {
		t.Fatalf("pmsg2 of %d bytes", len(pmsg2))
	}
	out, _, err := ParticipantFinalize(st2, s.cmsg2)
	if err != nil {
		t.Fatalf("ParticipantFinalize: %v", err)
	}
	if string(out.ThreshPubkey) != string(s.outs[idx].ThreshPubkey) {
		t.Fatal("a different threshold public key")
	}
}
