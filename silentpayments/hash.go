package silentpayments

import (
	"crypto/sha256"
	"encoding/binary"
)

// The BIP-352 tagged hashes, hash_tag(x) = SHA-256(SHA-256(tag) ‖
// SHA-256(tag) ‖ x) as in BIP-340. Each message has a fixed length, so each
// hash is one sha256.Sum256 over a stack buffer that starts with the 64-byte
// tag prefix: no allocation and no hash.Hash state.
var (
	tagInputs       = tagPrefix("BIP0352/Inputs")
	tagSharedSecret = tagPrefix("BIP0352/SharedSecret")
	tagLabel        = tagPrefix("BIP0352/Label")
)

// tagPrefix returns SHA-256(tag) ‖ SHA-256(tag).
func tagPrefix(tag string) [64]byte {
	h := sha256.Sum256([]byte(tag))
	var p [64]byte
	copy(p[:32], h[:])
	copy(p[32:], h[:])
	return p
}

// hashInputs returns hash_BIP0352/Inputs(outpoint_L ‖ ser_P(A)).
func hashInputs(outpoint *[36]byte, sumA *[33]byte) [32]byte {
	var buf [64 + 36 + 33]byte
	copy(buf[:64], tagInputs[:])
	copy(buf[64:100], outpoint[:])
	copy(buf[100:], sumA[:])
	return sha256.Sum256(buf[:])
}

// hashSharedSecret returns t_k = hash_BIP0352/SharedSecret(ser_P(ecdh) ‖
// ser_32(k)).
func hashSharedSecret(ecdh *[33]byte, k uint32) [32]byte {
	var buf [64 + 33 + 4]byte
	copy(buf[:64], tagSharedSecret[:])
	copy(buf[64:97], ecdh[:])
	binary.BigEndian.PutUint32(buf[97:], k)
	t := sha256.Sum256(buf[:])
	clear(buf[64:97])
	return t
}

// hashLabel returns hash_BIP0352/Label(ser_256(b_scan) ‖ ser_32(m)).
func hashLabel(scan *[32]byte, m uint32) [32]byte {
	var buf [64 + 32 + 4]byte
	copy(buf[:64], tagLabel[:])
	copy(buf[64:96], scan[:])
	binary.BigEndian.PutUint32(buf[96:], m)
	t := sha256.Sum256(buf[:])
	clear(buf[64:96])
	return t
}
