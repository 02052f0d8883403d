package rfc9591

import (
	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/hash2curve"
	"github.com/kestrel-crypto/secp256k1/internal/door"
	"github.com/kestrel-crypto/secp256k1/internal/group"
	"github.com/kestrel-crypto/secp256k1/internal/scalar"
	ksha256 "github.com/kestrel-crypto/secp256k1/internal/sha256"
)

// ContextString is the ciphersuite's context string, the prefix of every
// domain separation tag.
const ContextString = "FROST-secp256k1-SHA256-v1"

// ElementSize is the length of an encoded group element (SerializeElement):
// a compressed SEC 1 point.
const ElementSize = 33

// The domain separation tags of H1, H2 and H3 (hash_to_field), and the
// labels of H4 and H5 (SHA-256).
var (
	dstRho   = []byte(ContextString + "rho")
	dstChal  = []byte(ContextString + "chal")
	dstNonce = []byte(ContextString + "nonce")
)

const (
	labelMsg = ContextString + "msg"
	labelCom = ContextString + "com"
)

// hashToScalar sets s = hash_to_field(msg, 1) with the DST dst (H1, H2,
// H3). Constant time in msg.
func hashToScalar(s *scalar.Scalar, dst []byte, msg []byte) {
	h, err := hash2curve.HashToScalar(msg, dst)
	if err != nil {
		panic("rfc9591: internal error: " + err.Error()) // the DSTs are not empty
	}
	*s = door.Scalar(h)
	*h = secp256k1.Scalar{}
}

// h1 is the binding factor hash; h2 the challenge hash.
func h1(s *scalar.Scalar, msg []byte) { hashToScalar(s, dstRho, msg) }
func h2(s *scalar.Scalar, msg []byte) { hashToScalar(s, dstChal, msg) }

// h3 sets s = H3(random ‖ SerializeScalar(secret)), RFC 9591's
// nonce_generate with the 32 random bytes given. Constant time.
func h3(s *scalar.Scalar, random *[32]byte, secret *scalar.Scalar) {
	var in [64]byte
	copy(in[:32], random[:])
	secret.PutBytes((*[32]byte)(in[32:]))
	hashToScalar(s, dstNonce, in[:])
	clear(in[:])
}

// shaLabel writes SHA-256(label ‖ msg) into out: H4 and H5 with their
// labels.
func shaLabel(out *[32]byte, label string, msg []byte) {
	d := ksha256.New()
	d.WriteString(label)
	d.Write(msg)
	d.Sum(out)
}

func h4(out *[32]byte, msg []byte) { shaLabel(out, labelMsg, msg) }
func h5(out *[32]byte, msg []byte) { shaLabel(out, labelCom, msg) }

// decodeElement sets p to DeserializeElement(b): b must be the 33-byte
// compressed encoding of a point (never the identity). It returns false
// otherwise, p unchanged. Variable time.
func decodeElement(p *group.Jacobian, b []byte) bool {
	return len(b) == ElementSize && p.SetCompressed((*[33]byte)(b))
}

// decodeScalar sets s = DeserializeScalar(b) (32 bytes, value < n) and
// reports whether b was one.
func decodeScalar(s *scalar.Scalar, b []byte) bool {
	if len(b) != ScalarSize {
		return false
	}
	_, err := s.SetCanonicalBytes((*[32]byte)(b))
	return err == nil
}
