package chilldkg

import (
	"bytes"
	"errors"
	"strings"
	"testing"
)

func unhexList(t *testing.T, ss []string) [][]byte {
	t.Helper()
	out := make([][]byte, len(ss))
	for i, s := range ss {
		out[i] = unhex(t, s)
	}
	return out
}

func pick(pool [][]byte, idx []int) [][]byte {
	out := make([][]byte, len(idx))
	for i, j := range idx {
		out[i] = pool[j]
	}
	return out
}

// hostKey returns the case's host secret key, or the construction error.
func hostKey(t *testing.T, c *vecCase) (*HostSecretKey, error) {
	t.Helper()
	if c.Hostseckey == nil {
		t.Fatalf("tcId %d: no host secret key", c.TcID)
	}
	return NewHostSecretKey(unhex(t, *c.Hostseckey))
}

// step1 runs ParticipantStep1 on the case's inputs and checks its message
// against the case's pmsg1.
func step1(t *testing.T, c *vecCase) (*HostSecretKey, *ParticipantState1) {
	t.Helper()
	h, err := hostKey(t, c)
	if err != nil {
		t.Fatalf("tcId %d: %v", c.TcID, err)
	}
	st, msg, err := ParticipantStep1(h, c.Params.params(t), unhex(t, c.Random))
	if err != nil || !bytes.Equal(msg, unhex(t, c.Pmsg1)) {
		t.Fatalf("tcId %d: step1 %x, %v", c.TcID, msg, err)
	}
	return h, st
}

func checkOutput(t *testing.T, c *vecCase, out *DKGOutput, rd []byte) {
	t.Helper()
	e := c.ExpectedOutput
	if e.RecoveryData != "" && !bytes.Equal(rd, unhex(t, e.RecoveryData)) {
		t.Errorf("tcId %d: recovery data %x", c.TcID, rd)
	}
	d := e.DKGOutput
	if (d.Secshare == nil) != (out.SecShare == nil) {
		t.Errorf("tcId %d: secshare presence", c.TcID)
	} else if d.Secshare != nil && !bytes.Equal(out.SecShare.Bytes(), unhex(t, *d.Secshare)) {
		t.Errorf("tcId %d: secshare %x", c.TcID, out.SecShare.Bytes())
	}
	if !bytes.Equal(out.ThreshPubkey, unhex(t, d.ThreshPk)) {
		t.Errorf("tcId %d: threshPk %x", c.TcID, out.ThreshPubkey)
	}
	want := unhexList(t, d.Pubshares)
	if len(want) != len(out.PubShares) {
		t.Fatalf("tcId %d: %d pubshares", c.TcID, len(out.PubShares))
	}
	for i := range want {
		if !bytes.Equal(out.PubShares[i], want[i]) {
			t.Errorf("tcId %d: pubshare %d %x", c.TcID, i, out.PubShares[i])
		}
	}
}

func TestVectorsParticipantStep1(t *testing.T) {
	valid, invalid := loadVectors(t, "participant_step1_vectors.json")
	run := func(c *vecCase) ([]byte, error) {
		h, err := hostKey(t, c)
		if err != nil {
			return nil, err
		}
		_, msg, err := ParticipantStep1(h, c.Params.params(t), unhex(t, c.Random))
		return msg, err
	}
	for _, c := range valid {
		msg, err := run(&c)
		if err != nil || !bytes.Equal(msg, unhex(t, c.ExpectedPmsg1)) {
			t.Errorf("tcId %d: got %x, %v", c.TcID, msg, err)
		}
	}
	for _, c := range invalid {
		_, err := run(&c)
		checkError(t, &c, err)
	}
}

func TestVectorsCoordinatorStep1(t *testing.T) {
	valid, invalid := loadVectors(t, "coordinator_step1_vectors.json")
	for _, c := range valid {
		_, msg, err := CoordinatorStep1(pick(unhexList(t, c.Pmsg1Pool), c.Pmsg1Indices), c.Params.params(t))
		if err != nil || !bytes.Equal(msg, unhex(t, c.ExpectedCmsg1)) {
			t.Errorf("tcId %d: got %x, %v", c.TcID, msg, err)
		}
	}
	for _, c := range invalid {
		_, _, err := CoordinatorStep1(pick(unhexList(t, c.Pmsg1Pool), c.Pmsg1Indices), c.Params.params(t))
		checkError(t, &c, err)
	}
}

func TestVectorsParticipantStep2(t *testing.T) {
	valid, invalid := loadVectors(t, "participant_step2_vectors.json")
	for _, c := range valid {
		h, st := step1(t, &c)
		_, msg, err := ParticipantStep2(h, st, unhex(t, c.Cmsg1), unhex(t, c.AuxRand))
		if err != nil || !bytes.Equal(msg, unhex(t, c.ExpectedPmsg2)) {
			t.Errorf("tcId %d: got %x, %v", c.TcID, msg, err)
		}
	}
	for _, c := range invalid {
		// The state comes from the group's key; the case may give another.
		g := c
		g.Hostseckey = c.GroupHostseckey
		_, st := step1(t, &g)
		h, err := hostKey(t, &c)
		if err == nil {
			_, _, err = ParticipantStep2(h, st, unhex(t, c.Cmsg1), unhex(t, c.AuxRand))
		}
		checkError(t, &c, err)
	}
}

func TestVectorsParticipantFinalize(t *testing.T) {
	valid, invalid := loadVectors(t, "participant_finalize_vectors.json")
	step2 := func(c *vecCase) *ParticipantState2 {
		h, st := step1(t, c)
		st2, msg, err := ParticipantStep2(h, st, unhex(t, c.Cmsg1), unhex(t, c.AuxRand))
		if err != nil || !bytes.Equal(msg, unhex(t, c.Pmsg2)) {
			t.Fatalf("tcId %d: step2 %x, %v", c.TcID, msg, err)
		}
		return st2
	}
	for _, c := range valid {
		out, rd, err := ParticipantFinalize(step2(&c), unhex(t, c.Cmsg2))
		if err != nil {
			t.Errorf("tcId %d: %v", c.TcID, err)
			continue
		}
		checkOutput(t, &c, out, rd)
	}
	for _, c := range invalid {
		_, _, err := ParticipantFinalize(step2(&c), unhex(t, c.Cmsg2))
		checkError(t, &c, err)
	}
}

func TestVectorsCoordinatorFinalize(t *testing.T) {
	valid, invalid := loadVectors(t, "coordinator_finalize_vectors.json")
	step1 := func(c *vecCase) *CoordinatorState {
		st, msg, err := CoordinatorStep1(unhexList(t, c.Pmsgs1), c.Params.params(t))
		if err != nil || !bytes.Equal(msg, unhex(t, c.Cmsg1)) {
			t.Fatalf("tcId %d: step1 %x, %v", c.TcID, msg, err)
		}
		return st
	}
	for _, c := range valid {
		cmsg2, out, rd, err := CoordinatorFinalize(step1(&c), pick(unhexList(t, c.Pmsg2Pool), c.Pmsg2Indices))
		if err != nil {
			t.Errorf("tcId %d: %v", c.TcID, err)
			continue
		}
		if !bytes.Equal(cmsg2, unhex(t, c.ExpectedOutput.Cmsg2)) {
			t.Errorf("tcId %d: cmsg2 %x", c.TcID, cmsg2)
		}
		checkOutput(t, &c, out, rd)
	}
	for _, c := range invalid {
		_, _, _, err := CoordinatorFinalize(step1(&c), pick(unhexList(t, c.Pmsg2Pool), c.Pmsg2Indices))
		checkError(t, &c, err)
	}
}

func TestVectorsCoordinatorInvestigate(t *testing.T) {
	valid, invalid := loadVectors(t, "coordinator_investigate_vectors.json")
	if len(invalid) != 0 {
		t.Fatalf("%d error cases: the test does not run them", len(invalid))
	}
	for _, c := range valid {
		got, err := CoordinatorInvestigate(unhexList(t, c.Pmsgs1), c.Params.params(t))
		if err != nil || len(got) != len(c.ExpectedCinvMsgs) {
			t.Fatalf("tcId %d: %d messages, %v", c.TcID, len(got), err)
		}
		for i, w := range c.ExpectedCinvMsgs {
			if !bytes.Equal(got[i], unhex(t, w)) {
				t.Errorf("tcId %d: message %d %x", c.TcID, i, got[i])
			}
		}
	}
}

func TestVectorsParticipantInvestigate(t *testing.T) {
	valid, invalid := loadVectors(t, "participant_investigate_vectors.json")
	if len(valid) != 0 {
		t.Fatalf("%d valid cases: the test does not run them", len(valid))
	}
	for _, c := range invalid {
		h, st := step1(t, &c)
		_, _, err := ParticipantStep2(h, st, unhex(t, c.Cmsg1Pool[c.Cmsg1Index]), unhex(t, c.AuxRand))
		var u *UnknownFaultyParticipantOrCoordinatorError
		if !errors.As(err, &u) {
			t.Fatalf("tcId %d: step2 returned %v", c.TcID, err)
		}
		if strings.Contains(u.Error(), "%!") {
			t.Errorf("bad message %q", u.Error())
		}
		err = ParticipantInvestigate(u, unhex(t, c.CinvMsg))
		checkError(t, &c, err)
		if err := ParticipantInvestigate(u, unhex(t, c.CinvMsg)); !errors.Is(err, ErrState) {
			t.Errorf("tcId %d: second investigation: %v", c.TcID, err)
		}
	}
}

func TestVectorsRecover(t *testing.T) {
	valid, invalid := loadVectors(t, "recover_vectors.json")
	run := func(c *vecCase) (*DKGOutput, *SessionParams, error) {
		rd := unhex(t, c.RecoveryData)
		if c.Hostseckey == nil {
			return CoordinatorRecover(rd)
		}
		h, err := hostKey(t, c)
		if err != nil {
			return nil, nil, err
		}
		return ParticipantRecover(h, rd)
	}
	for _, c := range valid {
		out, p, err := run(&c)
		if err != nil {
			t.Errorf("tcId %d: %v", c.TcID, err)
			continue
		}
		checkOutput(t, &c, out, nil)
		want := c.ExpectedOutput.Params.params(t)
		if p.T != want.T || len(p.HostPubkeys) != len(want.HostPubkeys) {
			t.Fatalf("tcId %d: params %+v", c.TcID, p)
		}
		for i := range want.HostPubkeys {
			if !bytes.Equal(p.HostPubkeys[i], want.HostPubkeys[i]) {
				t.Errorf("tcId %d: hostpubkey %d", c.TcID, i)
			}
		}
	}
	for _, c := range invalid {
		_, _, err := run(&c)
		checkError(t, &c, err)
	}
}
