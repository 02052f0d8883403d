package mpsig

import (
	"errors"
	"fmt"
	"strings"
)

// Uninitialized is the error for the zero value of a protocol's type: Msg
// names the package and the type, and Err is the root package's
// secp256k1.ErrUninitialized, which the protocol passes in (no package
// under internal/ imports the root).
type Uninitialized struct {
	Msg string
	Err error
}

func (u *Uninitialized) Error() string { return u.Msg }
func (u *Uninitialized) Unwrap() error { return u.Err }

// Must panics with the message of err, if err is not nil: the zero-value
// check of the protocols' methods without an error result.
func Must(err error) {
	if err != nil {
		panic(err.Error())
	}
}

// Check returns zero if n is nil (the zero value of the protocol's
// SecNonce) and used if n has been consumed, and nil otherwise. It reads
// only the state's flag.
func (n *SecNonce) Check(zero, used error) error {
	if n == nil {
		return zero
	}
	if n.Used() {
		return used
	}
	return nil
}

// BlameMessage returns the message of a protocol's InvalidContributionError:
// "pkg: invalid contrib from signer i", or from party (the nonce
// aggregator, the coordinator) for a negative signer, followed by the
// detail of a cause made by fmt.Errorf("%w: detail", sentinel).
func BlameMessage(pkg, contrib string, signer int, party string, cause error) string {
	msg := fmt.Sprintf("%s: invalid %s from signer %d", pkg, contrib, signer)
	if signer < 0 {
		msg = fmt.Sprintf("%s: invalid %s from %s", pkg, contrib, party)
	}
	if s := errors.Unwrap(cause); s != nil {
		if detail, ok := strings.CutPrefix(cause.Error(), s.Error()+": "); ok {
			msg += ": " + detail
		}
	}
	return msg
}
