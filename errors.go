package secp256k1

import "fmt"

// lengthError returns err, a sentinel that errors.Is still finds, wrapped
// with the lengths wanted (such as "32" or "33 or 65") and given: the
// message of an input of the wrong length. Only error paths call it.
func lengthError(err error, want string, got int) error {
	return fmt.Errorf("%w: want %s bytes, got %d", err, want, got)
}
