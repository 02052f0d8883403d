package mpsig

import (
	"encoding/binary"
	"fmt"
	"sync/atomic"

	"github.com/kestrel-crypto/secp256k1/internal/ecmult"
	"github.com/kestrel-crypto/secp256k1/internal/group"
	"github.com/kestrel-crypto/secp256k1/internal/scalar"
	ksha256 "github.com/kestrel-crypto/secp256k1/internal/sha256"
)

// Nonces: the tags of a protocol, the generation of a secret nonce
// (BIP-327's and BIP-445's NonceGen and the deterministic variant), the
// single-use state that holds it until Sign consumes it, and the encodings
// and aggregation of public nonces.

// Tags are a protocol's nonce tags: "MuSig/…" (BIP-327) or "BIP0445/…"
// (BIP-445). Its challenge is BIP-340's, bip340.Standard.Challenge.
type Tags struct {
	Aux, Nonce, NonceCoef, Det ksha256.Tag
}

// NewTags returns the tags prefix + "aux", "nonce", "noncecoef" and
// "deterministic/nonce".
func NewTags(prefix string) *Tags {
	return &Tags{
		Aux:       ksha256.NewTag(prefix + "aux"),
		Nonce:     ksha256.NewTag(prefix + "nonce"),
		NonceCoef: ksha256.NewTag(prefix + "noncecoef"),
		Det:       ksha256.NewTag(prefix + "deterministic/nonce"),
	}
}

// SecNonce is a signer's secret nonce (k₁, k₂), with its public nonce
// (R₁, R₂) for Sign's self-verification. Take consumes it once: the
// protocols' SecNonce types hold a pointer to one, which every copy shares.
// The zero value is a used nonce; NewSecNonce allocates an unused one.
type SecNonce struct {
	// used is set, once, by the call that consumes the nonce. Only that
	// call reads k1 and k2, and it zeroes them.
	used atomic.Bool
	// The scalars sit behind a pointer of their own: fmt dereferences at
	// most one pointer of a value that it cannot format (a protocol
	// SecNonce value's state, under %s), so it shows only their address.
	*Scalars
	// R1 and R2 are k₁·G and k₂·G, the public nonce (the BIPs recompute
	// them from k₁ and k₂ in Sign's self-verification).
	R1, R2 group.Jacobian
}

// Scalars is the secret part of a SecNonce.
type Scalars struct {
	K1, K2 scalar.Scalar // 0 once used
}

// NewSecNonce returns an unused nonce with k₁ = k₂ = 0, allocated together
// with its Scalars. A protocol that keeps more in its state allocates it
// the same way and sets Scalars.
func NewSecNonce() *SecNonce {
	both := new(struct {
		st SecNonce
		k  Scalars
	})
	both.st.Scalars = &both.k
	return &both.st
}

// Used reports whether the nonce has been consumed.
func (n *SecNonce) Used() bool { return n.used.Load() }

// Take consumes the nonce: it returns k₁ and k₂, which the caller must
// zero, zeroes the nonce's own copy, and returns true; or returns false if
// the nonce was consumed already. Of concurrent calls exactly one returns
// true.
func (n *SecNonce) Take() (k1, k2 scalar.Scalar, ok bool) {
	if !n.used.CompareAndSwap(false, true) {
		return k1, k2, false
	}
	k1, k2 = n.K1, n.K2
	n.K1, n.K2 = scalar.Scalar{}, scalar.Scalar{}
	return k1, k2, true
}

// Erase consumes the nonce without signing.
func (n *SecNonce) Erase() {
	if n.used.CompareAndSwap(false, true) {
		n.K1, n.K2 = scalar.Scalar{}, scalar.Scalar{}
	}
}

// Finish checks that k₁ and k₂ are not zero, sets R1 and R2 and writes the
// public nonce cbytes(R₁) ‖ cbytes(R₂) into pub. For a zero k (probability
// 2⁻²⁵⁵) it zeroes both and returns false. Constant time in k₁ and k₂; the
// encoding of the (public) points is not.
func (n *SecNonce) Finish(pub *[66]byte) bool {
	if n.K1.IsZero()|n.K2.IsZero() == 1 {
		n.K1, n.K2 = scalar.Scalar{}, scalar.Scalar{}
		return false
	}
	PublicNonce(pub, &n.R1, &n.R2, &n.K1, &n.K2)
	return true
}

// PublicNonce sets R1 = k1·G and R2 = k2·G and writes cbytes(R1) ‖
// cbytes(R2) into pub; k1 and k2 must not be zero. Constant time in k1 and
// k2; the encoding of the (public) points is not.
func PublicNonce(pub *[66]byte, R1, R2 *group.Jacobian, k1, k2 *scalar.Scalar) {
	ecmult.ScalarBaseMult(R1, k1)
	ecmult.ScalarBaseMult(R2, k2)
	R1.VarTimePutCompressed((*[33]byte)(pub[:33])) // never the identity: k ≠ 0
	R2.VarTimePutCompressed((*[33]byte)(pub[33:]))
}

// Mask sets out = bytes(32, secret) ⊕ hash_aux(rnd): the masked random
// value of NonceGen and the masked key of the deterministic nonce.
// Constant time.
func (t *Tags) Mask(out *[32]byte, secret *scalar.Scalar, rnd *[32]byte) {
	h := t.Aux.Sum(rnd[:])
	secret.PutBytes(out)
	for i := range out {
		out[i] ^= h[i]
	}
	clear(h[:])
}

// NonceGenInput is NonceGen's input besides the random bytes: BIP-327's
// pk, aggpk, m and extra_in, which BIP-445 calls pubshare, thresh_pk_xonly,
// m and extra_in. Msg nil is an absent message; the others are empty when
// absent.
type NonceGenInput struct {
	PK, AggPK, Msg, ExtraIn []byte
}

// NonceGen sets n's k₁ and k₂ from the 32 bytes rnd (rand of the BIPs,
// masked already if a secret key was given; NonceGen zeroes it):
//
//	k_i = int(hash_nonce(rand ‖ bytes(1, len(pk)) ‖ pk ‖ bytes(1, len(aggpk)) ‖
//	          aggpk ‖ m_prefixed ‖ bytes(4, len(extra_in)) ‖ extra_in ‖
//	          bytes(1, i − 1))) mod n,
//
// then finishes n as Finish does. The lengths must fit their prefixes.
// Constant time in rnd and the nonce.
func (t *Tags) NonceGen(n *SecNonce, pub *[66]byte, rnd *[32]byte, in *NonceGenInput) bool {
	for i, k := range []*scalar.Scalar{&n.K1, &n.K2} {
		h := t.Nonce.New()
		h.Write(rnd[:])
		h.Write([]byte{byte(len(in.PK))})
		h.Write(in.PK)
		h.Write([]byte{byte(len(in.AggPK))})
		h.Write(in.AggPK)
		if in.Msg == nil {
			h.Write([]byte{0})
		} else {
			var prefix [9]byte
			prefix[0] = 1
			binary.BigEndian.PutUint64(prefix[1:], uint64(len(in.Msg)))
			h.Write(prefix[:])
			h.Write(in.Msg)
		}
		var l [4]byte
		binary.BigEndian.PutUint32(l[:], uint32(len(in.ExtraIn)))
		h.Write(l[:])
		h.Write(in.ExtraIn)
		h.Write([]byte{byte(i)})
		setHash(k, &h)
	}
	clear(rnd[:])
	return n.Finish(pub)
}

// DetNonce sets n's k₁ and k₂ to the deterministic nonce
//
//	k_i = int(hash_deterministic/nonce(prefix… ‖ bytes(8, len(m)) ‖ m ‖
//	          bytes(1, i − 1))) mod n,
//
// where prefix is what the protocol hashes first (the masked key, the
// other nonces, the key), then finishes n as Finish does. Constant time in
// the prefix and the nonce.
func (t *Tags) DetNonce(n *SecNonce, pub *[66]byte, msg []byte, prefix ...[]byte) bool {
	for i, k := range []*scalar.Scalar{&n.K1, &n.K2} {
		h := t.Det.New()
		for _, p := range prefix {
			h.Write(p)
		}
		var l [8]byte
		binary.BigEndian.PutUint64(l[:], uint64(len(msg)))
		h.Write(l[:])
		h.Write(msg)
		h.Write([]byte{byte(i)})
		setHash(k, &h)
	}
	return n.Finish(pub)
}

// setHash sets k to h's hash mod n and wipes h and the hash.
func setHash(k *scalar.Scalar, h *ksha256.Digest) {
	var out [32]byte
	h.Sum(&out)
	*h = ksha256.Digest{}
	k.SetReducedBytes(&out)
	clear(out[:])
}

// The encodings of the BIPs: cbytes(P), the 33-byte compressed point, and
// cbytes_ext(P), which encodes the identity as 33 zero bytes. A public
// nonce is cbytes(R₁) ‖ cbytes(R₂), an aggregate nonce cbytes_ext(R₁) ‖
// cbytes_ext(R₂).

// SetCPointExt sets P to cpoint_ext(b): the identity for 33 zero bytes,
// else the point with the compressed encoding b. It returns false, P
// unchanged, if b is neither. Variable time: b is public.
func SetCPointExt(P *group.Jacobian, b *[33]byte) bool {
	if *b == [33]byte{} {
		P.Identity()
		return true
	}
	return P.SetCompressed(b)
}

// PutCBytesExt writes cbytes_ext(P) into out. Variable time.
func PutCBytesExt(out *[33]byte, P *group.Jacobian) {
	if !P.VarTimePutCompressed(out) {
		*out = [33]byte{}
	}
}

// Nonce is a public nonce, decoded.
type Nonce struct {
	R1, R2 group.Jacobian
}

// DecodePubNonce sets d to the public nonce b and reports whether both
// halves are compressed points. Variable time.
func (d *Nonce) DecodePubNonce(b *[66]byte) bool {
	return d.R1.SetCompressed((*[33]byte)(b[:33])) && d.R2.SetCompressed((*[33]byte)(b[33:]))
}

// DecodeAggNonce sets d to the aggregate nonce b and reports whether both
// halves are cpoint_ext encodings. Variable time.
func (d *Nonce) DecodeAggNonce(b *[66]byte) bool {
	return SetCPointExt(&d.R1, (*[33]byte)(b[:33])) && SetCPointExt(&d.R2, (*[33]byte)(b[33:]))
}

// NonceAgg writes the aggregate nonce of pubnonces into agg (BIP-327's and
// BIP-445's NonceAgg): R_j = R_{1,j} + … + R_{u,j}, encoded with
// cbytes_ext. It returns −1, or the index of the first invalid public nonce
// in the BIPs' order (every first half before the second halves), with agg
// unspecified. If decoded is not nil, decoded[i] receives the i-th nonce.
// Variable time: the nonces are public.
func NonceAgg[N ~[66]byte](agg *[66]byte, pubnonces []N, decoded []Nonce) int {
	var d Nonce
	for j := range 2 {
		var sum group.Jacobian
		sum.Identity()
		for i := range pubnonces {
			R := &d.R1
			if decoded != nil {
				R = &decoded[i].R1
			}
			if j == 1 {
				R = &d.R2
				if decoded != nil {
					R = &decoded[i].R2
				}
			}
			if !R.SetCompressed((*[33]byte)(pubnonces[i][33*j:])) {
				return i
			}
			sum.VarTimeAdd(&sum, R)
		}
		PutCBytesExt((*[33]byte)(agg[33*j:]), &sum)
	}
	return -1
}

// Redacted is a secret type's fixed texts: its String and GoString.
type Redacted interface {
	String() string
	GoString() string
}

// Format prints r's GoString for %#v and its String for every other verb:
// the Format method of the protocols' SecNonce types, so that no verb
// prints a secret nonce, also in a struct field, slice or map.
func Format(f fmt.State, verb rune, r Redacted) {
	if verb == 'v' && f.Flag('#') {
		fmt.Fprint(f, r.GoString())
		return
	}
	fmt.Fprint(f, r.String())
}
