package chilldkg

import (
	"bytes"
	"errors"
	randv2 "math/rand/v2"
	"testing"
)

// Fuzz targets for every parser of the package: the session parameters, the
// first and second messages of the participants (pmsg1, pmsg2) and of the
// coordinator (cmsg1, cmsg2), the investigation message and the recovery
// data. Each is fed to the step that parses it, within an honest 2-of-3
// session: no panic, only the package's named errors, and a differential
// check against the honest message where acceptance implies equality.

func fuzzSession(tb testing.TB) *session {
	return runDKG(tb, randv2.New(randv2.NewPCG(1, 2)), 2, 3)
}

// named reports whether err is one of the package's errors.
func named(err error) bool {
	for _, e := range []error{ErrLength, ErrHostSeckey, ErrSessionParams, ErrRandomness, ErrRecoveryData, ErrState, ErrProtocol} {
		if errors.Is(err, e) {
			return true
		}
	}
	return false
}

func mutate(b []byte, seeds ...[]byte) [][]byte {
	out := [][]byte{b, nil, b[:len(b)-1], append(append([]byte(nil), b...), 0)}
	for i := 0; i < len(b); i += 37 {
		c := append([]byte(nil), b...)
		c[i] ^= 0x55
		out = append(out, c)
	}
	return append(out, seeds...)
}

func FuzzParamsHash(f *testing.F) {
	s := fuzzSession(f)
	f.Add(uint32(2), bytes.Join(s.params.HostPubkeys, nil))
	f.Add(uint32(0), bytes.Join(s.params.HostPubkeys, nil))
	f.Add(uint32(2), append(bytes.Join(s.params.HostPubkeys, nil), s.params.HostPubkeys[0]...))
	f.Add(uint32(1), make([]byte, 33))
	f.Fuzz(func(t *testing.T, th uint32, keys []byte) {
		p := &SessionParams{T: int(th)}
		for len(keys) >= 33 {
			p.HostPubkeys = append(p.HostPubkeys, keys[:33])
			keys = keys[33:]
		}
		if len(keys) > 0 {
			p.HostPubkeys = append(p.HostPubkeys, keys)
		}
		_, err := ParamsHash(p)
		if err != nil && !errors.Is(err, ErrSessionParams) {
			t.Fatalf("unnamed error %v", err)
		}
		if err == nil && (p.T < 1 || p.T > len(p.HostPubkeys)) {
			t.Fatalf("accepted t = %d for n = %d", p.T, len(p.HostPubkeys))
		}
	})
}

func FuzzCoordinatorStep1(f *testing.F) {
	s := fuzzSession(f)
	for _, m := range mutate(s.pmsgs1[1]) {
		f.Add(m)
	}
	f.Fuzz(func(t *testing.T, m []byte) {
		pm := [][]byte{s.pmsgs1[0], m, s.pmsgs1[2]}
		_, cmsg1, err := CoordinatorStep1(pm, s.params)
		if err != nil {
			var fp *FaultyParticipantError
			if !errors.As(err, &fp) || fp.ParticipantID != 1 {
				t.Fatalf("error %v does not blame participant 1", err)
			}
			return
		}
		if bytes.Equal(m, s.pmsgs1[1]) != bytes.Equal(cmsg1, s.cmsg1) {
			t.Fatal("cmsg1 differs from the honest one exactly when pmsg1 does not")
		}
		if _, err := CoordinatorInvestigate(pm, s.params); err != nil {
			t.Fatalf("investigate: %v", err)
		}
	})
}

func FuzzParticipantStep2(f *testing.F) {
	s := fuzzSession(f)
	for _, m := range mutate(s.cmsg1) {
		f.Add(m)
	}
	st0, _, err := ParticipantStep1(s.hosts[0], s.params, s.randoms[0])
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, m []byte) {
		st := *st0 // a fresh copy: ParticipantStep2 consumes its state
		_, _, err := ParticipantStep2(s.hosts[0], &st, m, make([]byte, 32))
		if err != nil && !named(err) {
			t.Fatalf("unnamed error %v", err)
		}
		if err == nil && len(m) != len(s.cmsg1) {
			t.Fatal("accepted a cmsg1 of the wrong length")
		}
		if bytes.Equal(m, s.cmsg1) && err != nil {
			t.Fatalf("honest cmsg1 refused: %v", err)
		}
	})
}

func FuzzCoordinatorFinalize(f *testing.F) {
	s := fuzzSession(f)
	for _, m := range mutate(s.pmsgs2[2]) {
		f.Add(m)
	}
	f.Fuzz(func(t *testing.T, m []byte) {
		cst, _, err := CoordinatorStep1(s.pmsgs1, s.params)
		if err != nil {
			t.Fatal(err)
		}
		_, _, _, err = CoordinatorFinalize(cst, [][]byte{s.pmsgs2[0], s.pmsgs2[1], m})
		var fp *FaultyParticipantError
		if err != nil && (!errors.As(err, &fp) || fp.ParticipantID != 2) {
			t.Fatalf("error %v does not blame participant 2", err)
		}
		if (err == nil) != bytes.Equal(m, s.pmsgs2[2]) {
			t.Fatalf("accepted %v for a signature equal to the honest one: %v", err == nil, bytes.Equal(m, s.pmsgs2[2]))
		}
	})
}

func FuzzParticipantFinalize(f *testing.F) {
	s := fuzzSession(f)
	for _, m := range mutate(s.cmsg2) {
		f.Add(m)
	}
	f.Fuzz(func(t *testing.T, m []byte) {
		st2, _, err := replay(t, s, 1, s.cmsg1)
		if err != nil {
			t.Fatal(err)
		}
		_, _, err = ParticipantFinalize(st2, m)
		if err != nil && !errors.Is(err, ErrLength) && !errors.As(err, new(*FaultyCoordinatorError)) {
			t.Fatalf("error %v", err)
		}
		if (err == nil) != bytes.Equal(m, s.cmsg2) {
			t.Fatalf("accepted %v for a certificate equal to the honest one: %v", err == nil, bytes.Equal(m, s.cmsg2))
		}
	})
}

func FuzzParticipantInvestigate(f *testing.F) {
	s := fuzzSession(f)
	// Participant 1 receives a wrong share from participant 2.
	pm := [][]byte{s.pmsgs1[0], s.pmsgs1[1], append([]byte(nil), s.pmsgs1[2]...)}
	pm[2][33*2+97+32+31] ^= 1
	_, cmsg1, err := CoordinatorStep1(pm, s.params)
	if err != nil {
		f.Fatal(err)
	}
	cinvs, err := CoordinatorInvestigate(pm, s.params)
	if err != nil {
		f.Fatal(err)
	}
	for _, m := range mutate(cinvs[1], cinvs[0]) {
		f.Add(m)
	}
	f.Fuzz(func(t *testing.T, m []byte) {
		_, _, err := replay(t, s, 1, cmsg1)
		var u *UnknownFaultyParticipantOrCoordinatorError
		if !errors.As(err, &u) {
			t.Fatalf("step2: %v", err)
		}
		err = ParticipantInvestigate(u, m)
		var fp *FaultyParticipantOrCoordinatorError
		switch {
		case err == nil:
			t.Fatal("investigation returned nil")
		case bytes.Equal(m, cinvs[1]):
			if !errors.As(err, &fp) || fp.ParticipantID != 2 {
				t.Fatalf("honest cinv: %v", err)
			}
		case !named(err):
			t.Fatalf("unnamed error %v", err)
		}
	})
}

func FuzzRecover(f *testing.F) {
	s := fuzzSession(f)
	for _, m := range mutate(s.rd) {
		f.Add(m)
	}
	f.Fuzz(func(t *testing.T, rd []byte) {
		out, p, err := CoordinatorRecover(rd)
		if err != nil && !errors.Is(err, ErrRecoveryData) {
			t.Fatalf("coordinator: unnamed error %v", err)
		}
		if (err == nil) != bytes.Equal(rd, s.rd) {
			t.Fatalf("coordinator accepted %v for recovery data equal to the honest: %v", err == nil, bytes.Equal(rd, s.rd))
		}
		if err == nil && (!bytes.Equal(out.ThreshPubkey, s.cout.ThreshPubkey) || p.T != 2) {
			t.Fatal("coordinator recovered another output")
		}
		pout, _, perr := ParticipantRecover(s.hosts[2], rd)
		if (perr == nil) != (err == nil) || (perr != nil && !named(perr)) {
			t.Fatalf("participant: %v, coordinator: %v", perr, err)
		}
		if perr == nil && !bytes.Equal(pout.SecShare.Bytes(), s.outs[2].SecShare.Bytes()) {
			t.Fatal("participant recovered another share")
		}
	})
}
