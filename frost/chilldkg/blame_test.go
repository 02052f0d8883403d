package chilldkg

import (
	"errors"
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
