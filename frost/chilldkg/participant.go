package chilldkg

import (
	"bytes"
	"crypto/subtle"
	"slices"

	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/frost"
	"github.com/kestrel-crypto/secp256k1/internal/bip340"
	"github.com/kestrel-crypto/secp256k1/internal/door"
	"github.com/kestrel-crypto/secp256k1/internal/ecmult"
	"github.com/kestrel-crypto/secp256k1/internal/frostcore"
	"github.com/kestrel-crypto/secp256k1/internal/group"
	"github.com/kestrel-crypto/secp256k1/internal/scalar"
	"github.com/kestrel-crypto/secp256k1/schnorr"
)

// DKGOutput is the output of a successful session. SecShare is the
// participant's secret share (nil for the coordinator); ThreshPubkey is the
// 33-byte compressed threshold public key, Taproot-safe (its script path is
// unspendable); PubShares are the 33-byte public shares of all participants,
// in the order of the host public keys. They are BIP-445 key material: pass
// them to frost.NewSignersContext with identifiers 0..n−1.
type DKGOutput struct {
	SecShare     *frost.SecretShare
	ThreshPubkey []byte
	PubShares    [][]byte
}

// ParticipantState1 is a participant's state between ParticipantStep1 and
// ParticipantStep2. It holds no secret (the host secret key is passed to
// each step) and may be used by one ParticipantStep2 call only; its zero
// value is invalid (ErrState).
type ParticipantState1 struct {
	params   SessionParams
	ctx      []byte // enc_context: t ‖ hostpubkeys
	idx      int
	com0     [33]byte
	pubnonce [33]byte
	selfEnc  [32]byte // the share this participant encrypted to itself
	valid    bool
}

// ParticipantState2 is a participant's state between ParticipantStep2 and
// ParticipantFinalize. It holds the participant's secret share until a
// ParticipantFinalize that succeeds hands it over to the DKGOutput, which
// then owns it: Erase wipes a share that the state still holds and never
// the returned output's, so that defer st.Erase() is safe whatever
// ParticipantFinalize returns. It may be used by one ParticipantFinalize
// call only; its zero value is invalid (ErrState).
type ParticipantState2 struct {
	params  SessionParams
	eqInput []byte
	out     DKGOutput
	valid   bool
}

// Erase wipes the secret share that s still holds (none after a
// ParticipantFinalize that succeeded); s is then invalid.
func (s *ParticipantState2) Erase() {
	if s.out.SecShare != nil {
		s.out.SecShare.Zero()
	}
	s.valid = false
}

// decryptShare sets secshare to encShare minus the pads of the n senders
// with public nonces pubnonces to participant idx (host key h, public key
// pkb), writing the pads into pads. It returns −1, or the first sender whose
// public nonce is invalid (secshare and pads then wiped). Constant time in h
// and the pads.
func decryptShare(secshare *scalar.Scalar, pads []scalar.Scalar, h *HostSecretKey, idx int, pkb []byte, pubnonces [][]byte, encShare *scalar.Scalar, ctx []byte) int {
	secshare.Set(encShare)
	for j := range pubnonces {
		if j == idx {
			selfPad(&pads[j], h, pubnonces[j], idx, ctx)
		} else {
			pn, err := secp256k1.ParsePublicKey(pubnonces[j])
			if err != nil || len(pubnonces[j]) != 33 {
				clear(pads)
				*secshare = scalar.Scalar{}
				return j
			}
			ecdhPad(&pads[j], &h.k, pn, pubnonces[j], pkb, idx, ctx)
		}
		secshare.Subtract(secshare, &pads[j])
	}
	return -1
}

// finishShare returns the secret share secshare + tweak as a frost share,
// wiping secshare, or an error for a zero share.
func finishShare(secshare, tweak *scalar.Scalar) (*frost.SecretShare, error) {
	secshare.Add(secshare, tweak)
	var sb [32]byte
	secshare.PutBytes(&sb)
	*secshare = scalar.Scalar{}
	share, err := frost.ParseSecretShare(sb[:])
	clear(sb[:])
	return share, err
}

// investigation is what ParticipantInvestigate needs from ParticipantStep2.
type investigation struct {
	st        *ParticipantState1
	encShare  scalar.Scalar   // enc_secshare[idx] of cmsg1
	pads      []scalar.Scalar // pads[j]: the pad of participant j's share to this one (secret)
	sumComsAt group.Jacobian  // the untweaked public share Σ (idx+1)^k·sum_coms[k]
}

// hostIndex returns the position of h's public key in p (valid), or
// ErrHostSeckey.
func hostIndex(h *HostSecretKey, p *SessionParams) (int, []byte, error) {
	pk, err := h.PublicKey()
	if err != nil {
		return 0, nil, err
	}
	for i, q := range p.HostPubkeys {
		if bytes.Equal(q, pk) {
			return i, pk, nil
		}
	}
	return 0, nil, ErrHostSeckey
}

func cloneParams(p *SessionParams) SessionParams {
	q := SessionParams{T: p.T, HostPubkeys: make([][]byte, len(p.HostPubkeys))}
	for i, pk := range p.HostPubkeys {
		q.HostPubkeys[i] = slices.Clone(pk)
	}
	return q
}

// ParticipantStep1 is a participant's first step: it returns the state for
// ParticipantStep2 and the first message pmsg1 to send to the coordinator
// (33t + 32n + 97 bytes). random must be 32 fresh random bytes, never
// reused. Errors: ErrHostSeckey (h is not a key or not one of
// params.HostPubkeys), ErrLength (random is not 32 bytes), the session
// parameter errors of SessionParams.Validate, ErrRandomness (random is all
// zeros). Constant time in h and random.
func ParticipantStep1(h *HostSecretKey, params *SessionParams, random []byte) (*ParticipantState1, []byte, error) {
	if h == nil || !h.valid {
		return nil, nil, ErrHostSeckey
	}
	if len(random) != 32 {
		return nil, nil, ErrLength
	}
	if err := params.Validate(); err != nil {
		return nil, nil, err
	}
	idx, _, err := hostIndex(h, params)
	if err != nil {
		return nil, nil, err
	}
	if subtle.ConstantTimeCompare(random, make([]byte, 32)) == 1 { // random is secret
		return nil, nil, ErrRandomness
	}
	t, n := params.T, len(params.HostPubkeys)
	st := &ParticipantState1{params: cloneParams(params), idx: idx, valid: true}
	st.ctx = st.params.encContext()

	// SimplPedPop: the polynomial, its commitment and the proof of possession.
	seed := tagEncpedpopSeed.Sum(h.b[:], random, st.ctx)
	coeffs := make([]scalar.Scalar, t)
	for k := range coeffs {
		reduced(&coeffs[k], tagVSSCoeffs.Sum(seed[:], u32(k)))
	}
	com := frostcore.Commit(make([]group.Jacobian, t), coeffs)
	msg := make([]byte, 0, 33*t+97+32*n)
	for k := range com {
		msg = putPoint(msg, &com[k])
	}
	copy(st.com0[:], msg[:33])
	var pop [64]byte
	aux := tagPopAux.Sum(seed[:])
	var popKey bip340.Key
	popKey.Set(&coeffs[0])
	signed := popTags.Sign(&pop, &popKey, u32(idx), &aux)
	popKey.Zero()
	if !signed {
		clear(seed[:])
		clear(coeffs)
		return nil, nil, ErrRandomness // a zero secret or nonce: probability 2⁻²⁵⁶
	}
	msg = append(msg, pop[:]...)

	// EncPedPop: the nonce pair and the encrypted shares.
	var secnonce scalar.Scalar
	reduced(&secnonce, tagSecnonce.Sum(seed[:]))
	clear(seed[:])
	var R group.Jacobian
	ecmult.ScalarBaseMult(&R, &secnonce)
	msg = putPoint(msg, &R)
	copy(st.pubnonce[:], msg[33*t+64:])
	snk, err := door.NewPrivateKey(&secnonce)
	secnonce = scalar.Scalar{}
	if err != nil {
		clear(coeffs)
		return nil, nil, ErrRandomness // a zero nonce: probability 2⁻²⁵⁶
	}
	defer snk.Zero()
	var x, share, pad scalar.Scalar
	for j := range n {
		x.SetUint64(uint64(j) + 1)
		frostcore.EvaluatePolynomial(&share, coeffs, &x)
		if j == idx {
			selfPad(&pad, h, st.pubnonce[:], j, st.ctx)
		} else {
			pk, err := secp256k1.ParsePublicKey(params.HostPubkeys[j])
			if err != nil { // checked by Validate
				return nil, nil, &InvalidHostPubkeyError{ParticipantID: j}
			}
			ecdhPad(&pad, snk, pk, st.pubnonce[:], params.HostPubkeys[j], j, st.ctx)
		}
		share.Add(&share, &pad)
		msg = putScalar(msg, &share)
	}
	copy(st.selfEnc[:], msg[33*t+97+32*idx:])
	clear(coeffs)
	share, pad = scalar.Scalar{}, scalar.Scalar{}
	return st, msg, nil
}

// cmsg1 is the coordinator's first message, parsed: raw fields, sliced from
// the message.
type cmsg1 struct {
	comsToSecrets [][]byte // n × 33
	sumNonconst   []group.Jacobian
	pops          [][]byte // n × 64
	pubnonces     [][]byte // n × 33
	encShares     []scalar.Scalar
}

func cmsg1Len(t, n int) uint64 { return 162*uint64(n) + 33*uint64(t-1) }

// parseCmsg1 parses b as a cmsg1 for (t, n): ErrLength, or a
// *FaultyCoordinatorError for a commitment sum or encrypted share that no
// honest coordinator sends.
func parseCmsg1(b []byte, t, n int) (*cmsg1, error) {
	if uint64(len(b)) != cmsg1Len(t, n) {
		return nil, ErrLength
	}
	m := &cmsg1{sumNonconst: make([]group.Jacobian, t-1), encShares: make([]scalar.Scalar, n)}
	take := func(k int) []byte { r := b[:k:k]; b = b[k:]; return r }
	for range n {
		m.comsToSecrets = append(m.comsToSecrets, take(33))
	}
	for k := range t - 1 {
		if !parsePoint(&m.sumNonconst[k], take(33)) {
			return nil, &FaultyCoordinatorError{Reason: "invalid sum of commitments"}
		}
	}
	for range n {
		m.pops = append(m.pops, take(64))
	}
	for range n {
		m.pubnonces = append(m.pubnonces, take(33))
	}
	for j := range n {
		if !parseScalar(&m.encShares[j], take(32)) {
			return nil, &FaultyCoordinatorError{Reason: "invalid encrypted secret share"}
		}
	}
	return m, nil
}

// eqInput returns CertEq's transcript: t ‖ sum_coms ‖ hostpubkeys ‖
// pubnonces ‖ enc_secshares.
func eqInput(p *SessionParams, sumComs []group.Jacobian, pubnonces [][]byte, encShares []scalar.Scalar) []byte {
	n := len(p.HostPubkeys)
	b := make([]byte, 0, 4+33*len(sumComs)+98*n)
	b = append(b, u32(p.T)...)
	for k := range sumComs {
		b = putPoint(b, &sumComs[k])
	}
	for _, pk := range p.HostPubkeys {
		b = append(b, pk...)
	}
	for _, pn := range pubnonces {
		b = append(b, pn...)
	}
	for j := range encShares {
		b = putScalar(b, &encShares[j])
	}
	return b
}

// ParticipantStep2 is a participant's second step: it decrypts and checks its
// secret share against the coordinator's first message cmsg1 (162n + 33(t−1)
// bytes) and returns the state for ParticipantFinalize and the second message
// pmsg2 (64 bytes, the CertEq signature) for the coordinator. auxRand is 32
// bytes of BIP-340 auxiliary randomness (fresh is best). st is consumed.
//
// Errors: ErrState, ErrLength (auxRand or cmsg1), ErrHostSeckey (h is not
// the key of ParticipantStep1), *FaultyCoordinatorError,
// *FaultyParticipantOrCoordinatorError naming the suspect, and
// *UnknownFaultyParticipantOrCoordinatorError if the share does not match
// the commitments (then see ParticipantInvestigate).
//
// After sending pmsg2 the participant must keep h even if the session seems
// to fail: another participant may deem it successful and later present the
// recovery data (ParticipantRecover).
func ParticipantStep2(h *HostSecretKey, st *ParticipantState1, cmsg []byte, auxRand []byte) (*ParticipantState2, []byte, error) {
	if len(auxRand) != 32 {
		return nil, nil, ErrLength
	}
	if st == nil || !st.valid {
		return nil, nil, ErrState
	}
	if h == nil || !h.valid {
		return nil, nil, ErrHostSeckey
	}
	idx, pkb, err := hostIndex(h, &st.params)
	if err != nil || idx != st.idx {
		return nil, nil, ErrHostSeckey
	}
	t, n := st.params.T, len(st.params.HostPubkeys)
	m, err := parseCmsg1(cmsg, t, n)
	if err != nil {
		return nil, nil, err
	}
	st.valid = false

	// EncPedPop: decrypt the sum of the shares sent to this participant.
	if !bytes.Equal(m.pubnonces[idx], st.pubnonce[:]) {
		return nil, nil, &FaultyCoordinatorError{Reason: "wrong public nonce of this participant"}
	}
	inv := &investigation{st: st, encShare: m.encShares[idx], pads: make([]scalar.Scalar, n)}
	var secshare scalar.Scalar
	if j := decryptShare(&secshare, inv.pads, h, idx, pkb, m.pubnonces, &m.encShares[idx], st.ctx); j >= 0 {
		return nil, nil, &FaultyParticipantOrCoordinatorError{ParticipantID: j, Reason: "invalid public nonce"}
	}

	// SimplPedPop: the commitments to the secrets and their proofs of
	// possession, then the share against the joint commitment.
	if !bytes.Equal(m.comsToSecrets[idx], st.com0[:]) {
		clear(inv.pads)
		return nil, nil, &FaultyCoordinatorError{Reason: "wrong commitment to this participant's secret"}
	}
	sumComs := make([]group.Jacobian, t)
	sumComs[0].Identity()
	var c group.Jacobian
	for j := range n {
		if !parsePoint(&c, m.comsToSecrets[j]) {
			clear(inv.pads)
			return nil, nil, &FaultyCoordinatorError{Reason: "invalid commitment encoding"}
		}
		if c.IsIdentity() == 1 {
			clear(inv.pads)
			return nil, nil, &FaultyParticipantOrCoordinatorError{ParticipantID: j, Reason: "invalid commitment"}
		}
		// Not this participant's own proof: it made it, and it is not part
		// of the equality input, so a coordinator that altered it could
		// only make this participant blame itself (the draft's reference
		// skips it too).
		if j != idx && !verifyPop(&c, j, (*[64]byte)(m.pops[j])) {
			clear(inv.pads)
			return nil, nil, &FaultyParticipantOrCoordinatorError{ParticipantID: j, Reason: "invalid proof of possession"}
		}
		sumComs[0].VarTimeAdd(&sumComs[0], &c)
	}
	copy(sumComs[1:], m.sumNonconst)
	var x scalar.Scalar
	x.SetUint64(uint64(idx) + 1)
	if !frostcore.VarTimeVerifyShare(&secshare, &x, sumComs) {
		frostcore.VarTimeEvaluateCommitment(&inv.sumComsAt, sumComs, &x)
		secshare = scalar.Scalar{}
		return nil, nil, &UnknownFaultyParticipantOrCoordinatorError{inv: inv}
	}
	clear(inv.pads)

	tweak, threshPK, pubshares, ok := keyOutputs(sumComs, n)
	if !ok {
		secshare = scalar.Scalar{}
		return nil, nil, &FaultyCoordinatorError{Reason: "threshold public key is infinity"}
	}
	share, err := finishShare(&secshare, &tweak)
	if err != nil { // a zero share: probability 2⁻²⁵⁶
		return nil, nil, &FaultyCoordinatorError{Reason: "secret share is zero"}
	}
	st2 := &ParticipantState2{params: st.params, valid: true}
	st2.eqInput = eqInput(&st.params, sumComs, m.pubnonces, m.encShares)
	st2.out = DKGOutput{SecShare: share, ThreshPubkey: threshPK, PubShares: pubshares}
	sig, err := schnorr.Sign(&h.k, certeqMessage(idx, st2.eqInput), auxRand)
	if err != nil {
		share.Zero()
		return nil, nil, err
	}
	return st2, sig, nil
}

// verifyCert reports the first participant whose signature in cert (64n
// bytes) on eqInput is invalid, or −1 if all are valid.
func verifyCert(p *SessionParams, eqInput, cert []byte) int {
	for j, pkb := range p.HostPubkeys {
		pk, err := secp256k1.ParsePublicKey(pkb)
		if err != nil || !schnorr.Verify(pk, certeqMessage(j, eqInput), cert[64*j:64*j+64]) {
			return j
		}
	}
	return -1
}

// ParticipantFinalize is a participant's last step: it verifies the success
// certificate cmsg2 (64n bytes) from the coordinator and returns the DKG
// output, which owns the secret share (st.Erase does not reach it), and
// the recovery data. st is consumed. Errors: ErrState, ErrLength,
// *FaultyCoordinatorError (an invalid signature in the certificate: the
// coordinator verified them all).
//
// If it returns an error the session may still have succeeded for others:
// the participant must not discard its host secret key, and recovers the
// output from recovery data presented later (ParticipantRecover).
func ParticipantFinalize(st *ParticipantState2, cmsg2 []byte) (*DKGOutput, []byte, error) {
	if st == nil || !st.valid {
		return nil, nil, ErrState
	}
	n := len(st.params.HostPubkeys)
	if uint64(len(cmsg2)) != 64*uint64(n) {
		return nil, nil, ErrLength
	}
	if verifyCert(&st.params, st.eqInput, cmsg2) >= 0 {
		return nil, nil, &FaultyCoordinatorError{Reason: "invalid signature in the certificate"}
	}
	st.valid = false
	out := st.out
	// The output owns the share: a later st.Erase must not wipe it.
	st.out.SecShare = nil
	return &out, append(slices.Clone(st.eqInput), cmsg2...), nil
}

// ParticipantInvestigate finds a suspect after ParticipantStep2 returned
// e, from the coordinator's investigation message cinv for this participant
// (65n bytes, CoordinatorInvestigate). It never returns nil: it returns
// *FaultyParticipantOrCoordinatorError naming the participant whose share is
// invalid, or *FaultyCoordinatorError if cinv contradicts the coordinator's
// earlier message, or ErrLength, or ErrState for an erased e. It erases e.
func ParticipantInvestigate(e *UnknownFaultyParticipantOrCoordinatorError, cinv []byte) error {
	if e == nil || e.inv == nil {
		return ErrState
	}
	inv := e.inv
	n := len(inv.st.params.HostPubkeys)
	if uint64(len(cinv)) != 65*uint64(n) {
		return ErrLength
	}
	defer e.Erase()
	idx := inv.st.idx
	enc := make([]scalar.Scalar, n)
	pub := make([]group.Jacobian, n)
	for j := range n {
		if !parseScalar(&enc[j], cinv[32*j:32*j+32]) || !parsePoint(&pub[j], cinv[32*n+33*j:32*n+33*j+33]) {
			return &FaultyCoordinatorError{Reason: "invalid investigation message"}
		}
	}
	var own scalar.Scalar
	if !parseScalar(&own, inv.st.selfEnc[:]) || enc[idx].Equal(&own) == 0 {
		return &FaultyCoordinatorError{Reason: "wrong encrypted share from this participant to itself"}
	}
	var sum scalar.Scalar
	var psum group.Jacobian
	psum.Identity()
	for j := range n {
		sum.Add(&sum, &enc[j])
		psum.VarTimeAdd(&psum, &pub[j])
	}
	if sum.Equal(&inv.encShare) == 0 {
		return &FaultyCoordinatorError{Reason: "encrypted partial shares do not sum to the encrypted share"}
	}
	if psum.Equal(&inv.sumComsAt) == 0 {
		return &FaultyCoordinatorError{Reason: "partial public shares do not sum to the public share"}
	}
	var x scalar.Scalar
	x.SetUint64(uint64(idx) + 1)
	var s scalar.Scalar
	for j := range n {
		s.Subtract(&enc[j], &inv.pads[j])
		if !frostcore.VarTimeVerifyShare(&s, &x, pub[j:j+1]) {
			s = scalar.Scalar{}
			if j == idx {
				// This participant's share to itself is right (checked
				// above): the coordinator altered its partial public share.
				return &FaultyCoordinatorError{Reason: "wrong partial public share from this participant to itself"}
			}
			return &FaultyParticipantOrCoordinatorError{ParticipantID: j, Reason: "invalid partial secret share"}
		}
	}
	s = scalar.Scalar{}
	return &FaultyCoordinatorError{Reason: "investigation found no invalid share"}
}
