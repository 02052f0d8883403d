package silentpayments

import (
	"encoding/binary"

	ksha256 "github.com/kestrel-crypto/secp256k1/internal/sha256"
)

// The BIP-352 tagged hashes, hash_tag(x) = SHA-256(SHA-256(tag) ‖
// SHA-256(tag) ‖ x) as in BIP-340, continued from each tag's precomputed
// SHA-256 midstate (internal/sha256, SHA-NI on amd64): no allocation and no
// compression of the tag prefix per call.
var (
	tagInputs       = ksha256.NewTagged("BIP0352/Inputs")
	tagSharedSecret = ksha256.NewTagged("BIP0352/SharedSecret")
	tagLabel        = ksha256.NewTagged("BIP0352/Label")
)

// hashInputs returns hash_BIP0352/Inputs(outpoint_L ‖ ser_P(A)).
func hashInputs(outpoint *[36]byte, sumA *[33]byte) [32]byte {
	h := tagInputs
	h.Write(outpoint[:])
	h.Write(sumA[:])
	var out [32]byte
	h.Sum(&out)
	return out
}

// hashSharedSecret returns t_k = hash_BIP0352/SharedSecret(ser_P(ecdh) ‖
// ser_32(k)).
func hashSharedSecret(ecdh *[33]byte, k uint32) [32]byte {
	var buf [33 + 4]byte
	copy(buf[:33], ecdh[:])
	binary.BigEndian.PutUint32(buf[33:], k)
	h := tagSharedSecret
	h.Write(buf[:])
	var out [32]byte
	h.Sum(&out)
	clear(buf[:33])
	h.Reset()
	return out
}

// hashLabel returns hash_BIP0352/Label(ser_256(b_scan) ‖ ser_32(m)).
func hashLabel(scan *[32]byte, m uint32) [32]byte {
	var buf [32 + 4]byte
	copy(buf[:32], scan[:])
	binary.BigEndian.PutUint32(buf[32:], m)
	h := tagLabel
	h.Write(buf[:])
	var out [32]byte
	h.Sum(&out)
	clear(buf[:32])
	h.Reset()
	return out
}
