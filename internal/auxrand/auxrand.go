// Package auxrand reads the 32 bytes of auxiliary randomness that BIP-340
// style signing (and the proofs built like it) mixes into its nonce: the
// caller's bytes, or fresh ones from crypto/rand when the caller gives
// none.
package auxrand

import "crypto/rand"

// Read sets aux to auxRand if it is 32 bytes, or to 32 bytes from
// crypto/rand if auxRand is nil, and reports whether auxRand was one of
// the two (any other length is the caller's error to name).
func Read(aux *[32]byte, auxRand []byte) bool {
	switch {
	case auxRand == nil:
		rand.Read(aux[:]) // never fails (crypto/rand crashes the program instead)
	case len(auxRand) == 32:
		copy(aux[:], auxRand)
	default:
		return false
	}
	return true
}
