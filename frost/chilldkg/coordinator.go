package chilldkg

import (
	"slices"

	"github.com/kestrel-crypto/secp256k1/internal/frostcore"
	"github.com/kestrel-crypto/secp256k1/internal/group"
	"github.com/kestrel-crypto/secp256k1/internal/scalar"
)

// CoordinatorState is the coordinator's state between CoordinatorStep1 and
// CoordinatorFinalize. It holds public data only and may be used by one
// CoordinatorFinalize call; its zero value is invalid (ErrState).
type CoordinatorState struct {
	params  SessionParams
	sumComs []group.Jacobian
	eqInput []byte
	valid   bool
}

// pmsg1 is a participant's first message, parsed.
type pmsg1 struct {
	com       []group.Jacobian // t points (the identity allowed: participants blame it)
	pop       []byte           // 64
	pubnonce  []byte           // 33, not parsed: participants blame an invalid one
	encShares []scalar.Scalar  // n
}

func pmsg1Len(t, n int) uint64 { return 33*uint64(t) + 32*uint64(n) + 97 }

// parsePmsgs1 checks the count and parses each first message: ErrLength for
// a wrong count, *FaultyParticipantError (matching ErrLength for a wrong
// length) for a malformed message.
func parsePmsgs1(pmsgs [][]byte, p *SessionParams) ([]pmsg1, error) {
	t, n := p.T, len(p.HostPubkeys)
	if len(pmsgs) != n {
		return nil, ErrLength
	}
	ms := make([]pmsg1, n)
	for i, b := range pmsgs {
		if uint64(len(b)) != pmsg1Len(t, n) {
			return nil, &FaultyParticipantError{ParticipantID: i, Reason: "first message of the wrong length", length: true}
		}
		m := &ms[i]
		m.com = make([]group.Jacobian, t)
		for k := range t {
			if !parsePoint(&m.com[k], b[33*k:33*k+33]) {
				return nil, &FaultyParticipantError{ParticipantID: i, Reason: "invalid commitment encoding"}
			}
		}
		m.pop = b[33*t : 33*t+64]
		m.pubnonce = b[33*t+64 : 33*t+97]
		m.encShares = make([]scalar.Scalar, n)
		for j := range n {
			o := 33*t + 97 + 32*j
			if !parseScalar(&m.encShares[j], b[o:o+32]) {
				return nil, &FaultyParticipantError{ParticipantID: i, Reason: "invalid encrypted share encoding"}
			}
		}
	}
	return ms, nil
}

// CoordinatorStep1 is the coordinator's first step: from the n first
// messages of the participants (in the order of params.HostPubkeys) it
// returns its state and the first message cmsg1 to send to every participant
// (162n + 33(t−1) bytes): the commitments to the participants' secrets, the
// sums of their other commitments, the proofs of possession, the public
// nonces and the sums of the encrypted shares for each participant.
//
// Errors: the errors of SessionParams.Validate, ErrLength for a wrong
// number of messages, *FaultyParticipantError naming a participant whose
// message is malformed (it matches ErrLength for a wrong length). The
// coordinator does not verify proofs of possession or public nonces: the
// participants do, and blame the sender.
func CoordinatorStep1(pmsgs [][]byte, params *SessionParams) (*CoordinatorState, []byte, error) {
	if err := params.Validate(); err != nil {
		return nil, nil, err
	}
	ms, err := parsePmsgs1(pmsgs, params)
	if err != nil {
		return nil, nil, err
	}
	t, n := params.T, len(params.HostPubkeys)
	coms := make([][]group.Jacobian, n)
	pubnonces := make([][]byte, n)
	encShares := make([]scalar.Scalar, n)
	out := make([]byte, 0, cmsg1Len(t, n))
	for i := range ms {
		coms[i] = ms[i].com
		pubnonces[i] = ms[i].pubnonce
		out = putPoint(out, &ms[i].com[0])
		for j := range n {
			encShares[j].Add(&encShares[j], &ms[i].encShares[j])
		}
	}
	sumComs := frostcore.VarTimeSumCommitments(make([]group.Jacobian, t), coms)
	for k := 1; k < t; k++ {
		out = putPoint(out, &sumComs[k])
	}
	for i := range ms {
		out = append(out, ms[i].pop...)
	}
	for i := range ms {
		out = append(out, ms[i].pubnonce...)
	}
	for j := range encShares {
		out = putScalar(out, &encShares[j])
	}
	st := &CoordinatorState{params: cloneParams(params), sumComs: sumComs, valid: true}
	st.eqInput = eqInput(&st.params, sumComs, pubnonces, encShares)
	return st, out, nil
}

// CoordinatorFinalize is the coordinator's last step: it verifies the n
// CertEq signatures pmsgs2 (64 bytes each, in participant order) and returns
// the success certificate cmsg2 (64n bytes) to send to every participant,
// the DKG output (without a secret share) and the recovery data. st is
// consumed on success. Errors: ErrState, ErrLength for a wrong count,
// *FaultyParticipantError naming the first participant whose signature is
// malformed (matching ErrLength) or invalid.
func CoordinatorFinalize(st *CoordinatorState, pmsgs2 [][]byte) ([]byte, *DKGOutput, []byte, error) {
	if st == nil || !st.valid {
		return nil, nil, nil, ErrState
	}
	n := len(st.params.HostPubkeys)
	if len(pmsgs2) != n {
		return nil, nil, nil, ErrLength
	}
	cert := make([]byte, 0, 64*n)
	for j, s := range pmsgs2 {
		if len(s) != 64 {
			return nil, nil, nil, &FaultyParticipantError{ParticipantID: j, Reason: "second message of the wrong length", length: true}
		}
		cert = append(cert, s...)
	}
	if j := verifyCert(&st.params, st.eqInput, cert); j >= 0 {
		return nil, nil, nil, &FaultyParticipantError{ParticipantID: j, Reason: "invalid certificate signature"}
	}
	_, threshPK, pubshares, ok := keyOutputs(st.sumComs, n)
	if !ok {
		return nil, nil, nil, &FaultyParticipantError{ParticipantID: 0, Reason: "threshold public key is infinity"}
	}
	st.valid = false
	return cert, &DKGOutput{ThreshPubkey: threshPK, PubShares: pubshares}, append(slices.Clone(st.eqInput), cert...), nil
}

// CoordinatorInvestigate returns, from the participants' first messages, one
// investigation message per participant (65n bytes each): for participant i,
// every participant's encrypted share for i and every participant's
// commitment evaluated at i + 1. They are public. Errors as in
// CoordinatorStep1.
func CoordinatorInvestigate(pmsgs [][]byte, params *SessionParams) ([][]byte, error) {
	if err := params.Validate(); err != nil {
		return nil, err
	}
	ms, err := parsePmsgs1(pmsgs, params)
	if err != nil {
		return nil, err
	}
	n := len(params.HostPubkeys)
	out := make([][]byte, n)
	var x scalar.Scalar
	var ps group.Jacobian
	for i := range n {
		b := make([]byte, 0, 65*n)
		for j := range ms {
			b = putScalar(b, &ms[j].encShares[i])
		}
		x.SetUint64(uint64(i) + 1)
		for j := range ms {
			if !frostcore.VarTimeEvaluateCommitment(&ps, ms[j].com, &x) {
				return nil, &FaultyParticipantError{ParticipantID: j, Reason: "invalid commitment"}
			}
			b = putPoint(b, &ps)
		}
		out[i] = b
	}
	return out, nil
}
