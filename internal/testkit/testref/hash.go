package testref

import "crypto/sha256"

// TaggedHash is BIP-340's hash_tag(msg[0] ‖ msg[1] ‖ …) =
// SHA-256(SHA-256(tag) ‖ SHA-256(tag) ‖ msg[0] ‖ …), computed with
// crypto/sha256 only: the reference for the tagged hashes of schnorr,
// musig2 and silentpayments, which use the module's own SHA-256 and
// precomputed midstates.
func TaggedHash(tag string, msg ...[]byte) [32]byte {
	th := sha256.Sum256([]byte(tag))
	h := sha256.New()
	h.Write(th[:])
	h.Write(th[:])
	for _, m := range msg {
		h.Write(m)
	}
	return [32]byte(h.Sum(nil))
}
