package chilldkg

import (
	"fmt"

	"github.com/kestrel-crypto/secp256k1/internal/frostcore"
	"github.com/kestrel-crypto/secp256k1/internal/group"
	"github.com/kestrel-crypto/secp256k1/internal/scalar"
)

// recoveryData is parsed recovery data: eq_input ‖ cert, with eq_input =
// t (4) ‖ sum_coms (33t) ‖ hostpubkeys (33n) ‖ pubnonces (33n) ‖
// enc_secshares (32n) and cert = n signatures (64n).
type recoveryData struct {
	params    SessionParams
	sumComs   []group.Jacobian
	pubnonces [][]byte
	encShares []scalar.Scalar
}

func recoveryErr(reason string) error { return fmt.Errorf("%w: %s", ErrRecoveryData, reason) }

// parseRecoveryData parses and authenticates rd: its length determines n
// from t, the parameters must be valid and the certificate must hold every
// participant's signature. Errors wrap ErrRecoveryData.
func parseRecoveryData(rd []byte) (*recoveryData, error) {
	if len(rd) < 4 {
		return nil, recoveryErr("too short")
	}
	t := uint64(rd[0])<<24 | uint64(rd[1])<<16 | uint64(rd[2])<<8 | uint64(rd[3])
	rest := uint64(len(rd)) - 4
	if 33*t > rest || (rest-33*t)%162 != 0 {
		return nil, recoveryErr("wrong length")
	}
	n := int((rest - 33*t) / 162)
	r := &recoveryData{params: SessionParams{T: int(t)}, sumComs: make([]group.Jacobian, t), encShares: make([]scalar.Scalar, n)}
	b := rd[4:]
	take := func(k int) []byte { x := b[:k:k]; b = b[k:]; return x }
	for k := range r.sumComs {
		if !parsePoint(&r.sumComs[k], take(33)) {
			return nil, recoveryErr("invalid commitment")
		}
	}
	for range n {
		r.params.HostPubkeys = append(r.params.HostPubkeys, take(33))
	}
	for range n {
		r.pubnonces = append(r.pubnonces, take(33))
	}
	for j := range n {
		if !parseScalar(&r.encShares[j], take(32)) {
			return nil, recoveryErr("invalid encrypted share")
		}
	}
	if err := r.params.Validate(); err != nil {
		return nil, fmt.Errorf("%w: invalid session parameters: %w", ErrRecoveryData, err)
	}
	eq := rd[:len(rd)-64*n]
	if verifyCert(&r.params, eq, b) >= 0 {
		return nil, recoveryErr("invalid certificate")
	}
	r.params = cloneParams(&r.params)
	return r, nil
}

// CoordinatorRecover returns the DKG output (without a secret share) and the
// session parameters of the successful session with recovery data rd.
// Errors wrap ErrRecoveryData.
func CoordinatorRecover(rd []byte) (*DKGOutput, *SessionParams, error) {
	r, err := parseRecoveryData(rd)
	if err != nil {
		return nil, nil, err
	}
	_, threshPK, pubshares, ok := keyOutputs(r.sumComs, len(r.params.HostPubkeys))
	if !ok {
		return nil, nil, recoveryErr("threshold public key is infinity")
	}
	return &DKGOutput{ThreshPubkey: threshPK, PubShares: pubshares}, &r.params, nil
}

// ParticipantRecover returns the DKG output and the session parameters of
// participant h in the successful session with recovery data rd: after a
// failed ParticipantFinalize, or to restore a backup. Errors: ErrHostSeckey
// (h is not a key, or not a participant of the session), errors wrapping
// ErrRecoveryData.
func ParticipantRecover(h *HostSecretKey, rd []byte) (*DKGOutput, *SessionParams, error) {
	if h == nil || !h.valid {
		return nil, nil, ErrHostSeckey
	}
	r, err := parseRecoveryData(rd)
	if err != nil {
		return nil, nil, err
	}
	idx, pkb, err := hostIndex(h, &r.params)
	if err != nil {
		return nil, nil, err
	}
	n := len(r.params.HostPubkeys)
	pads := make([]scalar.Scalar, n)
	defer clear(pads)
	var secshare scalar.Scalar
	if decryptShare(&secshare, pads, h, idx, pkb, r.pubnonces, &r.encShares[idx], r.params.encContext()) >= 0 {
		return nil, nil, recoveryErr("invalid public nonce")
	}
	var x scalar.Scalar
	x.SetUint64(uint64(idx) + 1)
	if !frostcore.VarTimeVerifyShare(&secshare, &x, r.sumComs) {
		secshare = scalar.Scalar{}
		return nil, nil, recoveryErr("secret share does not match the commitment")
	}
	tweak, threshPK, pubshares, ok := keyOutputs(r.sumComs, n)
	if !ok {
		secshare = scalar.Scalar{}
		return nil, nil, recoveryErr("threshold public key is infinity")
	}
	share, err := finishShare(&secshare, &tweak)
	if err != nil {
		return nil, nil, recoveryErr("secret share is zero")
	}
	return &DKGOutput{SecShare: share, ThreshPubkey: threshPK, PubShares: pubshares}, &r.params, nil
}
