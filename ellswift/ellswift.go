package ellswift

import (
	"crypto/rand"
	"errors"

	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/internal/door"
	"github.com/kestrel-crypto/secp256k1/internal/ecmult"
	"github.com/kestrel-crypto/secp256k1/internal/field"
	"github.com/kestrel-crypto/secp256k1/internal/group"
	"github.com/kestrel-crypto/secp256k1/internal/scalar"
)

var (
	// ErrEncodingLength is returned for an ElligatorSwift encoding that is
	// not 64 bytes.
	ErrEncodingLength = errors.New("ellswift: encoding must be 64 bytes")
	// ErrRandomness is returned for randomness (rnd or auxRand) that is not
	// 32 bytes.
	ErrRandomness = errors.New("ellswift: randomness must be 32 bytes")
	// ErrHashFunc is returned by XDHWithHash for a nil hash function.
	ErrHashFunc = errors.New("ellswift: nil hash function")
)

// checkPrivateKey returns secp256k1.ErrUninitialized if k is nil or the
// zero value of PrivateKey.
func checkPrivateKey(k *secp256k1.PrivateKey) error {
	if k == nil {
		return secp256k1.ErrUninitialized
	}
	return k.Validate()
}

// Encode returns a 64-byte ElligatorSwift encoding of pub, drawn with the
// 32-byte rnd exactly as libsecp256k1's secp256k1_ellswift_encode draws it.
// It returns secp256k1.ErrUninitialized if pub is nil or the zero value of
// PublicKey (checked first), and ErrRandomness if rnd is not 32 bytes. For
// the encoding to be indistinguishable from random bytes, rnd must be
// uniformly random and secret, and pub's point must be random too (an
// ephemeral key).
//
// Decode(Encode(pub, rnd)) is pub, including the parity of y. Encode runs in
// variable time; pub is public and rnd only enters through SHA-256.
func Encode(pub *secp256k1.PublicKey, rnd []byte) ([]byte, error) {
	// A wrapper, so that it can be inlined and out, when it does not
	// escape, can live on the caller's stack.
	var out [64]byte
	return encodeInto(&out, pub, rnd)
}

// encodeInto is Encode's body, which returns out[:] or, with the error, nil.
func encodeInto(out *[64]byte, pub *secp256k1.PublicKey, rnd []byte) ([]byte, error) {
	if pub == nil {
		return nil, secp256k1.ErrUninitialized
	}
	if err := pub.Validate(); err != nil {
		return nil, err
	}
	if len(rnd) != 32 {
		return nil, ErrRandomness
	}
	encode(out, pub, rnd)
	return out[:], nil
}

func encode(out *[64]byte, pub *secp256k1.PublicKey, rnd []byte) {
	a := door.MustPublicKey(pub)
	// The key field is the 33-byte compressed key and 31 zero bytes.
	var k [64]byte
	a.PutCompressed((*[33]byte)(k[:33]))
	s := newSeed(&tagEncode, &k, rnd)
	varTimeElligatorSwift(out, &a.X, a.Y.IsOdd(), &s)
}

// Decode returns the public key that the 64-byte ElligatorSwift encoding
// enc = u ‖ t decodes to, or ErrEncodingLength if enc is not 64 bytes. Every
// 64-byte string decodes: u and t are taken mod p, x = XSwiftEC(u, t)
// (BIP-324), and y is the square root of x³ + 7 with the parity of t
// (libsecp256k1's secp256k1_ellswift_decode). Decode runs in variable time;
// an encoding is public.
func Decode(enc []byte) (*secp256k1.PublicKey, error) {
	if len(enc) != 64 {
		return nil, ErrEncodingLength
	}
	var u, t, x, y field.Element
	u.SetBytes((*[32]byte)(enc[0:32]))
	t.SetBytes((*[32]byte)(enc[32:64]))
	varTimeXSwiftECPoint(&x, &y, &u, &t, t.IsOdd())
	// XSwiftEC returns a point on the curve for every input (the debug
	// build checks it in NewPublicKey).
	return door.NewPublicKey(&group.Affine{X: x, Y: y}), nil
}

// Create returns a 64-byte ElligatorSwift encoding of k's public key k·G, as
// libsecp256k1's secp256k1_ellswift_create does: the encoder's randomness is
// derived from k and the 32-byte auxRand, so the encoding is deterministic for
// a given (k, auxRand). With auxRand nil, 32 bytes are read from
// crypto/rand; otherwise auxRand must be 32 bytes (ErrRandomness). If k is
// nil or the zero value of PrivateKey, Create returns
// secp256k1.ErrUninitialized before anything else, crypto/rand unread.
//
// Create is constant time in k up to the public key: k·G is computed in
// constant time, and k then only enters the encoder through SHA-256
// (doc.go, "Constant time").
func Create(k *secp256k1.PrivateKey, auxRand []byte) ([]byte, error) {
	if err := checkPrivateKey(k); err != nil {
		return nil, err
	}
	var aux [32]byte
	switch {
	case auxRand == nil:
		if _, err := rand.Read(aux[:]); err != nil {
			return nil, err
		}
	case len(auxRand) != 32:
		return nil, ErrRandomness
	default:
		copy(aux[:], auxRand)
	}
	var out [64]byte
	create(&out, k, &aux)
	return out[:], nil
}

func create(out *[64]byte, k *secp256k1.PrivateKey, aux *[32]byte) {
	createWithSeed(out, k, aux[:])
}

// createWithSeed is create with the randomness rnd of any length: 32 bytes,
// or none for libsecp256k1's NULL auxrnd32 (tests only).
func createWithSeed(out *[64]byte, k *secp256k1.PrivateKey, rnd []byte) {
	sk, err := door.PrivateKey(k)
	if err != nil {
		panic("secp256k1: use of an uninitialized PrivateKey") // checked by Create
	}
	var P group.Jacobian
	ecmult.ScalarBaseMult(&P, &sk)
	var a group.Affine
	a.SetJacobian(&P) // k ≠ 0: never the identity

	// The key field is the 32-byte secret key and 32 zero bytes.
	var key [64]byte
	sk.PutBytes((*[32]byte)(key[:32]))
	sk = scalar.Scalar{}
	s := newSeed(&tagCreate, &key, rnd)
	clear(key[:])
	varTimeElligatorSwift(out, &a.X, a.Y.IsOdd(), &s)
	s = seed{}
}

// XDH returns the BIP-324 shared secret between the parties whose
// ElligatorSwift encodings are ellA (the initiator's) and ellB (the
// responder's), computed with k, the private key of the caller: the
// initiator's if initiating, the responder's otherwise. It is libsecp256k1's
// secp256k1_ellswift_xdh with secp256k1_ellswift_xdh_hash_function_bip324:
//
//	TaggedHash("bip324_ellswift_xonly_ecdh", ellA ‖ ellB ‖ x(k·Decode(peer's)))
//
// where the peer's encoding is ellB if initiating and ellA otherwise. Both
// parties pass the encodings in the same order and obtain the same 32 bytes.
// The errors are secp256k1.ErrUninitialized if k is nil or the zero value of
// PrivateKey (checked first) and ErrEncodingLength. XDH is constant time in
// k (and in the shared point); decoding the peer's encoding is variable time.
func XDH(ellA, ellB []byte, k *secp256k1.PrivateKey, initiating bool) ([]byte, error) {
	if err := checkPrivateKey(k); err != nil {
		return nil, err
	}
	var x [32]byte
	if err := xdh(&x, ellA, ellB, k, initiating); err != nil {
		return nil, err
	}
	h := bip324Hash(&x, ellA, ellB)
	clear(x[:])
	return h[:], nil
}

// XDHWithHash is XDH with a caller's hash of the shared x coordinate (32
// bytes) and the two encodings (64 bytes each), libsecp256k1's
// secp256k1_ellswift_xdh with a custom hashfp. XDHWithHash(ellA, ellB, k,
// initiating, BIP324Hash) is XDH(ellA, ellB, k, initiating), errors
// included: for an uninitialized k it returns secp256k1.ErrUninitialized
// without calling hash, and for a nil hash ErrHashFunc. x32 is erased
// after hash returns, so hash must not keep it.
func XDHWithHash(ellA, ellB []byte, k *secp256k1.PrivateKey, initiating bool, hash func(x32, ellA64, ellB64 []byte) []byte) ([]byte, error) {
	if err := checkPrivateKey(k); err != nil {
		return nil, err
	}
	if hash == nil {
		return nil, ErrHashFunc
	}
	x := new([32]byte)
	if err := xdh(x, ellA, ellB, k, initiating); err != nil {
		return nil, err
	}
	out := hash(x[:], ellA, ellB)
	clear(x[:])
	return out, nil
}

// BIP324Hash returns TaggedHash("bip324_ellswift_xonly_ecdh", ellA64 ‖
// ellB64 ‖ x32), the BIP-324 shared secret (libsecp256k1's
// secp256k1_ellswift_xdh_hash_function_bip324), for use with XDHWithHash.
func BIP324Hash(x32, ellA64, ellB64 []byte) []byte {
	out := tagXDH.Sum(ellA64, ellB64, x32)
	return out[:]
}

// bip324Hash is BIP324Hash for the fixed sizes, without allocating.
func bip324Hash(x *[32]byte, ellA, ellB []byte) [32]byte {
	return tagXDH.Sum(ellA, ellB, x[:])
}

// xdh sets x to the x coordinate of k·Decode(peer's encoding), for a k that
// checkPrivateKey has accepted.
func xdh(x *[32]byte, ellA, ellB []byte, k *secp256k1.PrivateKey, initiating bool) error {
	if len(ellA) != 64 || len(ellB) != 64 {
		return ErrEncodingLength
	}
	theirs := ellA
	if initiating {
		theirs = ellB
	}
	var u, t, pn, pd field.Element
	u.SetBytes((*[32]byte)(theirs[0:32]))
	t.SetBytes((*[32]byte)(theirs[32:64]))
	varTimeXSwiftECFrac(&pn, &pd, &u, &t)
	// x(k·P) from x(P) = pn/pd alone: either lift of x gives the same x,
	// and the x-only engine needs no square root and no inversion of pd.
	// k ∈ [1, n−1] and P ≠ O in a group of prime order: k·P ≠ O.
	sk, err := door.PrivateKey(k) // in [1, n−1]
	if err != nil {
		return err
	}
	var sx field.Element
	ecmult.XOnlyScalarMultFrac(&sx, &pn, &pd, &sk)
	sk = scalar.Scalar{}
	sx.PutBytes(x)
	sx = field.Element{} // the shared x is secret
	return nil
}
