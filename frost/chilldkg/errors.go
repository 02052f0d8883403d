package chilldkg

import (
	"errors"
	"fmt"
)

// ErrLength is returned for an input of the wrong length: the Python
// reference's "structural" ValueError.
var ErrLength = errors.New("chilldkg: input has the wrong length")

// ErrHostSeckey is returned if a host secret key is not 32 bytes in [1, n-1],
// or does not match the session (the reference's HostSeckeyError).
var ErrHostSeckey = errors.New("chilldkg: invalid host secret key")

// ErrSessionParams is the error that every session-parameters error matches
// with errors.Is (the reference's SessionParamsError).
var ErrSessionParams = errors.New("chilldkg: invalid session parameters")

// ErrThresholdOrCount is returned if 1 ≤ t ≤ n ≤ 2³² − 1 does not hold (the
// reference's ThresholdOrCountError). It matches ErrSessionParams.
var ErrThresholdOrCount = fmt.Errorf("%w: 1 <= t <= n <= 2^32-1 does not hold", ErrSessionParams)

// InvalidHostPubkeyError reports that the host public key of ParticipantID is
// not a valid compressed public key. It matches ErrSessionParams.
type InvalidHostPubkeyError struct {
	ParticipantID int // 0-based position in SessionParams.HostPubkeys
}

func (e *InvalidHostPubkeyError) Error() string {
	return fmt.Sprintf("chilldkg: host public key of participant %d is invalid", e.ParticipantID)
}

// Is reports whether target is ErrSessionParams.
func (e *InvalidHostPubkeyError) Is(target error) bool { return target == ErrSessionParams }

// DuplicateHostPubkeyError reports that participants ParticipantID1 and
// ParticipantID2 (ParticipantID1 < ParticipantID2, the first occurrence and
// the first repeat) have the same host public key. It matches ErrSessionParams.
type DuplicateHostPubkeyError struct {
	ParticipantID1, ParticipantID2 int
}

func (e *DuplicateHostPubkeyError) Error() string {
	return fmt.Sprintf("chilldkg: participants %d and %d have the same host public key", e.ParticipantID1, e.ParticipantID2)
}

// Is reports whether target is ErrSessionParams.
func (e *DuplicateHostPubkeyError) Is(target error) bool { return target == ErrSessionParams }
