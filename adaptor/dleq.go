package adaptor

import (
	"crypto/sha256"

	"github.com/kestrel-crypto/secp256k1"
	ksha256 "github.com/kestrel-crypto/secp256k1/internal/sha256"
)

// The discrete-logarithm-equality proof of ECDSA adaptor signatures and the
// nonce function of secp256k1-zkp's ecdsa_adaptor module (dleq_impl.h,
// main_impl.h; notes in testdata/ecdsa-adaptor/README.md). This is zkp's
// own DLEQ with its own tags, not BIP-374's.

var (
	tagDLEQ     = ksha256.NewTag("DLEQ")
	tagECDSANon = ksha256.NewTag("ECDSAadaptor/non")
	tagECDSAAux = ksha256.NewTag("ECDSAadaptor/aux")
	tagVerify   = ksha256.NewTag("KestrelECDSAadaptor/verify") // ECDSAVerify's z, not zkp's
)

// zkpNonce sets k to secp256k1-zkp's default ecdsa_adaptor nonce:
// int(hash_algo(key' ‖ pk33 ‖ msg32)) mod n, with
// key' = key32 ⊕ hash_ECDSAadaptor/aux(aux32). algo is tagECDSANon for the
// signing nonce and tagDLEQ for the proof's. Constant time in key32.
func zkpNonce(k *secp256k1.Scalar, algo *ksha256.Tag, key32, pk33, msg32 []byte, aux32 *[32]byte) {
	var masked [32]byte
	ha := tagECDSAAux.Sum(aux32[:])
	for i := range masked {
		masked[i] = key32[i] ^ ha[i]
	}
	h := algo.Sum(masked[:], pk33, msg32)
	clear(masked[:])
	k.SetReducedBytes(h[:])
	clear(h[:])
}

// dleqChallenge sets e = int(hash_DLEQ(X ‖ Y ‖ Z ‖ A1 ‖ A2)) mod n, every
// point 33-byte compressed.
func dleqChallenge(e *secp256k1.Scalar, X, Y, Z, A1, A2 []byte) {
	h := tagDLEQ.Sum(X, Y, Z, A1, A2)
	e.SetReducedBytes(h[:])
}

// dleqProve sets (e, s) to the proof that X = x·G and Z = x·Y share the
// discrete logarithm x (all three compressed, X and Z computed by the
// caller): a = the DLEQ nonce of x for Y and SHA-256(X ‖ Z), A1 = a·G,
// A2 = a·Y, e = the challenge, s = a + e·x. It reports false if a is zero.
// Constant time in x and a.
func dleqProve(e, s *secp256k1.Scalar, x *secp256k1.Scalar, Y *secp256k1.Point, Xc, Yc, Zc []byte, aux *[32]byte) bool {
	m := sha256.Sum256(append(append(make([]byte, 0, 66), Xc...), Zc...))
	var a secp256k1.Scalar
	xb := x.Bytes()
	zkpNonce(&a, &tagDLEQ, xb, Yc, m[:], aux)
	clear(xb)
	defer func() { a = secp256k1.Scalar{} }()
	if a.IsZero() == 1 {
		return false
	}
	var A1, A2 secp256k1.Point
	A1.ScalarBaseMult(&a)
	A2.ScalarMult(&a, Y)
	dleqChallenge(e, Xc, Yc, Zc, A1.BytesCompressed(), A2.BytesCompressed())
	s.Multiply(e, x)
	s.Add(s, &a)
	return true
}
