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

// ErrRandomness is returned if the randomness given to ParticipantStep1 is 32
// zero bytes, the sign of a broken random number generator (the reference's
// RandomnessError).
var ErrRandomness = errors.New("chilldkg: randomness is all zeros")

// ErrRecoveryData is returned, wrapped with the reason, for recovery data
// that does not parse, holds invalid session parameters or carries an
// invalid certificate (the reference's RecoveryDataError).
var ErrRecoveryData = errors.New("chilldkg: invalid recovery data")

// ErrState is returned for a session state that is the zero value, or was
// already passed to the next step: a state must never be reused.
var ErrState = errors.New("chilldkg: session state is uninitialized or already used")

// ErrProtocol is the error that every error caused by a received protocol
// message matches with errors.Is (the reference's ProtocolError):
// *FaultyParticipantError, *FaultyParticipantOrCoordinatorError,
// *FaultyCoordinatorError and *UnknownFaultyParticipantOrCoordinatorError.
var ErrProtocol = errors.New("chilldkg: protocol error")

// FaultyParticipantError is returned by the coordinator's functions when the
// message of participant ParticipantID deviates from the protocol. Assuming
// the message was transmitted correctly and the coordinator is honest, that
// participant is faulty. It matches ErrProtocol, and ErrLength too if the
// message had the wrong length.
type FaultyParticipantError struct {
	ParticipantID int
	Reason        string
	length        bool
}

func (e *FaultyParticipantError) Error() string {
	return fmt.Sprintf("chilldkg: participant %d is faulty: %s", e.ParticipantID, e.Reason)
}

// Is reports whether target is ErrProtocol, or ErrLength for a message of
// the wrong length.
func (e *FaultyParticipantError) Is(target error) bool {
	return target == ErrProtocol || (e.length && target == ErrLength)
}

// FaultyParticipantOrCoordinatorError is returned by a participant's
// functions when the contribution of participant ParticipantID, as relayed
// by the coordinator, is invalid: either that participant or the
// coordinator (which may have framed it) is faulty. It matches ErrProtocol.
type FaultyParticipantOrCoordinatorError struct {
	ParticipantID int
	Reason        string
}

func (e *FaultyParticipantOrCoordinatorError) Error() string {
	return fmt.Sprintf("chilldkg: participant %d or the coordinator is faulty: %s", e.ParticipantID, e.Reason)
}

// Is reports whether target is ErrProtocol.
func (e *FaultyParticipantOrCoordinatorError) Is(target error) bool { return target == ErrProtocol }

// FaultyCoordinatorError is returned by a participant's functions when the
// coordinator deviated from the protocol. Assuming messages were transmitted
// correctly and the returning participant is honest, the coordinator is
// faulty. It matches ErrProtocol.
type FaultyCoordinatorError struct {
	Reason string
}

func (e *FaultyCoordinatorError) Error() string {
	return "chilldkg: the coordinator is faulty: " + e.Reason
}

// Is reports whether target is ErrProtocol.
func (e *FaultyCoordinatorError) Is(target error) bool { return target == ErrProtocol }

// UnknownFaultyParticipantOrCoordinatorError is returned by ParticipantStep2
// when the secret share it decrypted does not match the joint commitment:
// some participant sent an invalid encrypted share, or the coordinator is
// faulty, and the message does not say which. ParticipantInvestigate, given
// this error and the coordinator's investigation message, names a suspect.
//
// The error holds the decryption pads of this participant's shares, which
// are secret: it prints none of them, and Erase wipes them (after which
// ParticipantInvestigate returns ErrState). It matches ErrProtocol.
type UnknownFaultyParticipantOrCoordinatorError struct {
	inv *investigation
}

func (e *UnknownFaultyParticipantOrCoordinatorError) Error() string {
	return "chilldkg: another participant or the coordinator is faulty: received an invalid secret share (run ParticipantInvestigate to find a suspect)"
}

// Is reports whether target is ErrProtocol.
func (e *UnknownFaultyParticipantOrCoordinatorError) Is(target error) bool {
	return target == ErrProtocol
}

// Erase wipes the secret investigation data that e holds.
func (e *UnknownFaultyParticipantOrCoordinatorError) Erase() {
	if e.inv != nil {
		clear(e.inv.pads)
		e.inv = nil
	}
}
