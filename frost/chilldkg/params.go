package chilldkg

import (
	"encoding/binary"

	"github.com/kestrel-crypto/secp256k1"
	ksha256 "github.com/kestrel-crypto/secp256k1/internal/sha256"
)

var tagParamsHash = ksha256.NewTag("BIP DKG/params_hash")

// SessionParams holds the common parameters of a session: the ordered host
// public keys of all participants (33-byte compressed each; a participant's
// identifier is its position) and the threshold T, with
// 1 ≤ T ≤ len(HostPubkeys) ≤ 2³² − 1. Its zero value is invalid
// (ErrThresholdOrCount).
type SessionParams struct {
	HostPubkeys [][]byte
	T           int
}

// Validate checks p as the draft's params_validate does, in its order: the
// threshold and count (ErrThresholdOrCount, also for a nil p), then each
// host public key (*InvalidHostPubkeyError), then duplicates
// (*DuplicateHostPubkeyError).
func (p *SessionParams) Validate() error {
	if p == nil {
		return ErrThresholdOrCount
	}
	n := len(p.HostPubkeys)
	if p.T < 1 || p.T > n || uint64(n) > 1<<32-1 {
		return ErrThresholdOrCount
	}
	for i, pk := range p.HostPubkeys {
		if len(pk) != 33 || (pk[0] != 2 && pk[0] != 3) {
			return &InvalidHostPubkeyError{ParticipantID: i}
		}
		if _, err := secp256k1.ParsePublicKey(pk); err != nil {
			return &InvalidHostPubkeyError{ParticipantID: i}
		}
	}
	seen := make(map[[33]byte]int, n)
	for i, pk := range p.HostPubkeys {
		k := [33]byte(pk)
		if j, ok := seen[k]; ok {
			return &DuplicateHostPubkeyError{ParticipantID1: j, ParticipantID2: i}
		}
		seen[k] = i
	}
	return nil
}

// encContext returns t (4 bytes, big endian) ‖ hostpubkeys, the preimage of
// the parameters hash and EncPedPop's encryption context. p must be valid.
func (p *SessionParams) encContext() []byte {
	b := make([]byte, 4, 4+33*len(p.HostPubkeys))
	binary.BigEndian.PutUint32(b, uint32(p.T))
	for _, pk := range p.HostPubkeys {
		b = append(b, pk...)
	}
	return b
}

// ParamsHash returns the 32-byte hash of p for out-of-band comparison (the
// draft's params_hash), or p's validation error.
func ParamsHash(p *SessionParams) ([32]byte, error) {
	if err := p.Validate(); err != nil {
		return [32]byte{}, err
	}
	return tagParamsHash.Sum(p.encContext()), nil
}
