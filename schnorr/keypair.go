package schnorr

import (
	"fmt"

	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/internal/bip340"
	"github.com/kestrel-crypto/secp256k1/internal/door"
	"github.com/kestrel-crypto/secp256k1/internal/group"
	"github.com/kestrel-crypto/secp256k1/internal/scalar"
)

// Keypair is a private key prepared for BIP-340 signing: the scalar negated
// if needed so that its public key has an even y, and the x-only public key.
// Signing with a Keypair costs one scalar multiplication (for R) instead of
// two. A Keypair does not change once made (TweakAdd and TapTweak return new
// ones), until Zero wipes it.
//
// The zero value is not a key pair; use NewKeypair. Methods given a zero
// Keypair, or one wiped by Zero, return secp256k1.ErrUninitialized or,
// without an error result, panic. Formatting one with fmt prints no secret
// material, and encoding/json refuses it.
type Keypair struct {
	key    bip340.Key   // the secret, with an even-y public key, and that key's x; D = 0 only in the zero value (or after Zero)
	parity int          // 1 if the original key's public key had odd y
	p      group.Affine // the original public key (y may be odd)
}

// NewKeypair returns the key pair of k. It panics if k is the zero value of
// secp256k1.PrivateKey.
func NewKeypair(k *secp256k1.PrivateKey) *Keypair {
	sk, err := door.PrivateKey(k)
	if err != nil {
		panic("schnorr: use of an uninitialized PrivateKey")
	}
	kp := new(Keypair)
	kp.init(&sk)
	sk = scalar.Scalar{}
	return kp
}

// init sets kp to the key pair of the secret sk ≠ 0 (one constant-time
// sk·G).
func (kp *Keypair) init(sk *scalar.Scalar) {
	kp.p = kp.key.Set(sk)
	kp.parity = kp.p.Y.IsOdd()
}

// Validate returns secp256k1.ErrUninitialized if kp is nil, the zero value
// of Keypair or was wiped by Zero, and nil otherwise. Whether a key pair is
// the zero value is not a secret (no valid one is), so Validate and the
// checks of the other methods branch on it.
func (kp *Keypair) Validate() error {
	if kp == nil || kp.key.D.IsZero() == 1 {
		return secp256k1.ErrUninitialized
	}
	return nil
}

// mustValid panics if kp is nil or the zero value: for the methods
// without an error result.
func (kp *Keypair) mustValid() {
	if kp == nil || kp.key.D.IsZero() == 1 {
		panic("schnorr: use of an uninitialized Keypair")
	}
}

// XOnlyPublicKey returns the 32-byte x-only public key. It panics if kp is
// the zero value.
func (kp *Keypair) XOnlyPublicKey() []byte {
	// A wrapper, so that it can be inlined and out, when it does not
	// escape, can live on the caller's stack.
	var out [32]byte
	return kp.xOnlyPublicKey(&out)
}

func (kp *Keypair) xOnlyPublicKey(out *[32]byte) []byte {
	kp.mustValid()
	*out = kp.key.PX
	return out[:]
}

// PublicKey returns the full public key of the original private key (whose y
// may be odd). It panics if kp is the zero value.
func (kp *Keypair) PublicKey() *secp256k1.PublicKey {
	kp.mustValid()
	return door.NewPublicKey(&kp.p)
}

// P returns a copy of the point of the original private key's public key
// (whose y may be odd), PublicKey().Point(). It panics if kp is the zero
// value.
func (kp *Keypair) P() *secp256k1.Point {
	// A wrapper, so that it can be inlined and v, when it does not escape,
	// can live on the caller's stack.
	v := new(secp256k1.Point)
	kp.point(v)
	return v
}

func (kp *Keypair) point(v *secp256k1.Point) {
	kp.mustValid()
	var j group.Jacobian
	j.SetAffine(&kp.p)
	door.SetPoint(v, &j)
}

// PrivateKey returns the secret key of kp's full public key PublicKey(), as
// libsecp256k1's secp256k1_keypair_sec: the key kp was made from, or for a
// key pair made by TweakAdd or TapTweak the tweaked secret key (the
// silent-payments sender needs it for taproot inputs). Its public key may
// have an odd y (Parity); BIP-340 signing uses its negation then. It panics
// if kp is the zero value.
func (kp *Keypair) PrivateKey() *secp256k1.PrivateKey {
	kp.mustValid()
	var d scalar.Scalar
	d.Set(&kp.key.D).CondNegate(kp.parity)
	k, _ := door.NewPrivateKey(&d) // d ≠ 0, as kp.key.D
	d = scalar.Scalar{}
	return k
}

// Parity returns 1 if the original private key's public key has an odd y
// (so the signing key is its negation), and 0 otherwise. It panics if kp is
// the zero value.
func (kp *Keypair) Parity() int {
	kp.mustValid()
	return kp.parity
}

// Zero overwrites kp with the zero value, which is no longer a key pair:
// later uses return secp256k1.ErrUninitialized or panic. It does not reach
// copies of kp made before, nor the private key it was made from.
func (kp *Keypair) Zero() {
	*kp = Keypair{}
}

// String returns a fixed text that holds no secret material.
func (kp Keypair) String() string { return "schnorr.Keypair(REDACTED)" }

// GoString returns a fixed text that holds no secret material, for %#v.
func (kp Keypair) GoString() string { return "schnorr.Keypair{REDACTED}" }

// Format makes every fmt verb (%v, %+v, %s, %x, %d, …) print String's fixed
// text, for a Keypair, a pointer to one, or one in an exported field, slice
// or map. fmt does not call the methods of values in unexported struct
// fields: a type that keeps a Keypair in one implements Format itself.
func (kp Keypair) Format(f fmt.State, verb rune) {
	if verb == 'v' && f.Flag('#') {
		fmt.Fprint(f, kp.GoString())
		return
	}
	fmt.Fprint(f, kp.String())
}

// MarshalJSON returns secp256k1.ErrSecretMarshal: a key pair holds a
// private key, which is not written to JSON by accident.
func (kp Keypair) MarshalJSON() ([]byte, error) {
	return nil, secp256k1.ErrSecretMarshal
}
