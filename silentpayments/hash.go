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
	tagInputs       = ksha256.NewTag("BIP0352/Inputs")
	tagSharedSecret = ksha256.NewTag("BIP0352/SharedSecret")
	tagLabel        = ksha256.NewTag("BIP0352/Label")
)

// hashInputs returns hash_BIP0352/Inputs(outpoint_L ‖ ser_P(A)).
func hashInputs(outpoint *[36]byte, sumA *[33]byte) [32]byte {
	return tagInputs.Sum(outpoint[:], sumA[:])
}

// hashSharedSecret returns t_k = hash_BIP0352/SharedSecret(ser_P(ecdh) ‖
// ser_32(k)).
func hashSharedSecret(ecdh *[33]byte, k uint32) [32]byte {
	var kb [4]byte
	binary.BigEndian.PutUint32(kb[:], k)
	return tagSharedSecret.Sum(ecdh[:], kb[:])
}

// hashLabel returns hash_BIP0352/Label(ser_256(b_scan) ‖ ser_32(m)).
func hashLabel(scan *[32]byte, m uint32) [32]byte {
	var mb [4]byte
	binary.BigEndian.PutUint32(mb[:], m)
	return tagLabel.Sum(scan[:], mb[:])
}
