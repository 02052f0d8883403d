package silentpayments

import (
	"errors"
	"fmt"

	"github.com/kestrel-crypto/secp256k1"
)

// KMax is BIP-352's limit K_max on the number of outputs to one scan key in
// one transaction: a sender fails above it and a receiver stops scanning at
// k = KMax, which bounds the cost of adversarial transactions.
const KMax = 2323

// ErrTooManyRecipients is returned by CreateOutputs when more than KMax
// recipients share a scan key.
var ErrTooManyRecipients = errors.New("silentpayments: more than K_max outputs for one scan key")

// InputKey is the private key of a sender's input that counts for shared
// secret derivation (see InputPublicKey for which inputs do). The zero
// value, whose PrivateKey is nil, is not one: CreateOutputs returns an error
// wrapping secp256k1.ErrUninitialized for it, as for a zero PrivateKey.
type InputKey struct {
	PrivateKey *secp256k1.PrivateKey
	// Taproot marks the key of a P2TR output (the tweaked output key). Its
	// negation is used if its public key has an odd y, to match the
	// receiver's x-only view of the input.
	Taproot bool
}

// CreateOutputs returns the taproot output keys (x-only, 32 bytes each) that
// pay recipients, in the order of recipients: out[i] pays recipients[i].
// outpoints are the outpoints of all the transaction's inputs (outpoint_L is
// the smallest of them, eligible or not); keys are the private keys of its
// eligible inputs.
//
// Recipients with the same scan key form a group that shares one ECDH; the
// group's k counter runs in the order the recipients appear, so a
// recipient listed twice gets two outputs. Every output must appear in the
// transaction. It returns ErrNoInputs, ErrNoOutpoints, an error wrapping
// secp256k1.ErrUninitialized for a recipient or input key that is nil or
// has a nil or zero key (before any computation), ErrInputKeySum if the
// keys sum to zero, ErrTooManyRecipients if a group exceeds KMax, and
// ErrHashScalar in the negligible case of an invalid hash.
//
// Constant time in the private keys: the sum a, the ECDH input_hash·a·B_scan
// and the tweaks t_k use constant-time scalar and point arithmetic.
func CreateOutputs(recipients []*Address, outpoints []Outpoint, keys []InputKey) ([][32]byte, error) {
	if len(keys) == 0 {
		return nil, ErrNoInputs
	}
	for i := range keys {
		if !validPrivateKey(keys[i].PrivateKey) {
			return nil, uninitialized(fmt.Sprintf("input key %d", i))
		}
	}
	for i, a := range recipients {
		if !a.valid() {
			return nil, uninitialized(fmt.Sprintf("recipient %d (nil, or a nil or zero key)", i))
		}
	}
	outpointL, ok := smallestOutpoint(outpoints)
	if !ok {
		return nil, ErrNoOutpoints
	}
	groups, err := groupRecipients(recipients)
	if err != nil {
		return nil, err
	}

	var a secp256k1.Scalar
	sumInputKeys(&a, keys)
	defer func() { a = secp256k1.Scalar{} }()
	if a.IsZero() == 1 {
		return nil, ErrInputKeySum
	}
	var A secp256k1.Point
	A.ScalarBaseMult(&a)
	sumA, _ := secp256k1.NewPublicKey(&A) // a ≠ 0
	var ah secp256k1.Scalar
	if err := inputHash(&ah, &outpointL, sumA); err != nil {
		return nil, err
	}
	ah.Multiply(&ah, &a) // input_hash·a
	defer func() { ah = secp256k1.Scalar{} }()

	out := make([][32]byte, len(recipients))
	var ecdh secp256k1.Point
	for _, g := range groups {
		ecdh.ScalarMult(&ah, recipients[g[0]].Scan.Point())
		if err := groupOutputs(out, recipients, g, &ecdh); err != nil {
			return nil, err
		}
	}
	ecdh = secp256k1.Point{}
	return out, nil
}

// groupOutputs sets out[i] for the recipients i of the group g, which share
// a scan key and the (secret) shared secret ecdh: the k-th of them gets
// x(B_m + t_k·G) with t_k = hash_BIP0352/SharedSecret(ser_P(ecdh) ‖ ser_32(k)).
// ecdh is not the identity. Constant time in ecdh and the t_k.
func groupOutputs(out [][32]byte, recipients []*Address, g []int, ecdh *secp256k1.Point) error {
	var ser [33]byte
	copy(ser[:], ecdh.BytesCompressed())
	defer clear(ser[:])
	for k, i := range g {
		t := hashSharedSecret(&ser, uint32(k))
		var tk secp256k1.Scalar
		if _, err := tk.SetCanonicalBytes(t[:]); err != nil || tk.IsZero() == 1 {
			return ErrHashScalar
		}
		P, err := recipients[i].Spend.TweakAdd(t[:])
		clear(t[:])
		if err != nil {
			// B_m = −t_k·G: only the receiver could arrange it.
			return ErrHashScalar
		}
		copy(out[i][:], P.BytesCompressed()[1:])
	}
	return nil
}

// sumInputKeys sets a = Σ aᵢ, with each taproot key negated if its point
// has odd y (BIP-352 "Creating outputs"), in constant time.
func sumInputKeys(a *secp256k1.Scalar, keys []InputKey) {
	var neg secp256k1.Scalar
	a.Set(new(secp256k1.Scalar))
	for _, in := range keys {
		s := in.PrivateKey.Scalar()
		if in.Taproot {
			odd := int(in.PrivateKey.PublicKey().BytesCompressed()[0] & 1)
			neg.Negate(s)
			s.Select(&neg, s, odd)
		}
		a.Add(a, s)
		*s = secp256k1.Scalar{}
	}
	neg = secp256k1.Scalar{}
}

// groupRecipients groups the indices of recipients by scan key, groups in
// the order of their first member, members in order.
func groupRecipients(recipients []*Address) ([][]int, error) {
	var groups [][]int
	index := make(map[[33]byte]int)
	for i := range recipients {
		key := [33]byte(recipients[i].Scan.BytesCompressed())
		g, ok := index[key]
		if !ok {
			g = len(groups)
			index[key] = g
			groups = append(groups, nil)
		}
		if len(groups[g]) == KMax {
			return nil, ErrTooManyRecipients
		}
		groups[g] = append(groups[g], i)
	}
	return groups, nil
}
