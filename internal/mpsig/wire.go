package mpsig

import (
	"crypto/rand"
	"encoding/hex"
	"io"

	"github.com/kestrel-crypto/secp256k1/internal/hexenc"
	"github.com/kestrel-crypto/secp256k1/internal/scalar"
)

// The wire values of the protocols (PubNonce, AggNonce, PartialSig) are
// byte arrays of each package's own; these generic functions are the
// bodies of their parsers and encoding methods.

// Wire is the constraint of the wire types.
type Wire interface {
	~[66]byte | ~[32]byte
}

// ParseNonce returns the public nonce (agg false) or aggregate nonce (agg
// true) b, or bad if b is not 66 bytes of a valid one. Variable time.
func ParseNonce[N ~[66]byte](b []byte, agg bool, bad error) (*N, error) {
	if len(b) != 66 {
		return nil, bad
	}
	a := [66]byte(b)
	var d Nonce
	if (!agg && !d.DecodePubNonce(&a)) || (agg && !d.DecodeAggNonce(&a)) {
		return nil, bad
	}
	n := N(a)
	return &n, nil
}

// ParsePartialSig returns the partial signature b, or bad if b is not 32
// bytes of a value below n.
func ParsePartialSig[P ~[32]byte](b []byte, bad error) (*P, error) {
	if len(b) != 32 {
		return nil, bad
	}
	a := [32]byte(b)
	var s scalar.Scalar
	if !PartialSigValue(&s, &a) {
		return nil, bad
	}
	p := P(a)
	return &p, nil
}

// UnmarshalBinary sets *dst to parse(b), or returns parse's error with
// *dst unchanged.
func UnmarshalBinary[T Wire](dst *T, b []byte, parse func([]byte) (*T, error)) error {
	p, err := parse(b)
	if err != nil {
		return err
	}
	*dst = *p
	return nil
}

// MarshalText returns b in lower-case hex.
func MarshalText(b []byte) ([]byte, error) { return hex.AppendEncode(nil, b), nil }

// UnmarshalText sets *dst to parse of the hex text, or returns an error
// matching bad (or parse's) with *dst unchanged.
func UnmarshalText[T Wire](dst *T, text []byte, bad error, parse func([]byte) (*T, error)) error {
	var b T
	var buf [66]byte
	raw := buf[:len(b)]
	if err := hexenc.DecodeInto(raw, text, bad); err != nil {
		return err
	}
	return UnmarshalBinary(dst, raw, parse)
}

// ReadRand fills rnd from r, or from crypto/rand's reader if r is nil
// (which never fails: crypto/rand crashes the program instead). It returns
// r's error.
func ReadRand(rnd *[32]byte, r io.Reader) error {
	if r == nil {
		rand.Read(rnd[:])
		return nil
	}
	_, err := io.ReadFull(r, rnd[:])
	return err
}

// NonceAggregate is the protocols' NonceAgg: the aggregate nonce of
// pubnonces, or none (an empty list) or blame(i) for the first invalid
// nonce in the BIPs' order. Variable time.
func NonceAggregate[N, A ~[66]byte](pubnonces []N, none error, blame func(i int) error) (*A, error) {
	if len(pubnonces) == 0 {
		return nil, none
	}
	var agg [66]byte
	if i := NonceAgg(&agg, pubnonces, nil); i >= 0 {
		return nil, blame(i)
	}
	a := A(agg)
	return &a, nil
}
