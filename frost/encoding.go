package frost

import (
	"encoding/hex"

	"github.com/kestrel-crypto/secp256k1/internal/hexenc"
)

// The wire values (PubNonce, AggNonce, PartialSig) implement
// encoding.BinaryMarshaler and TextMarshaler (lower-case hex), so that
// encoding/json writes them as hex strings rather than arrays of numbers,
// and their Unmarshal methods, which accept only what the Parse functions
// accept and leave the receiver unchanged on error. Marshalling does not
// check the value (a PubNonce from ParsePubNonce or NonceGen is valid).

// MarshalBinary returns the 66-byte encoding.
func (n PubNonce) MarshalBinary() ([]byte, error) { return n[:], nil }

// UnmarshalBinary sets n to the public nonce b, as ParsePubNonce.
func (n *PubNonce) UnmarshalBinary(b []byte) error {
	p, err := ParsePubNonce(b)
	if err != nil {
		return err
	}
	*n = *p
	return nil
}

// MarshalText returns the 66-byte encoding in hex.
func (n PubNonce) MarshalText() ([]byte, error) { return hex.AppendEncode(nil, n[:]), nil }

// UnmarshalText sets n to the public nonce encoded in hex in text, as
// ParsePubNonce. Every error matches ErrPubNonce.
func (n *PubNonce) UnmarshalText(text []byte) error {
	var b [PubNonceSize]byte
	if err := hexenc.DecodeInto(b[:], text, ErrPubNonce); err != nil {
		return err
	}
	return n.UnmarshalBinary(b[:])
}

// MarshalBinary returns the 66-byte encoding.
func (n AggNonce) MarshalBinary() ([]byte, error) { return n[:], nil }

// UnmarshalBinary sets n to the aggregate nonce b, as ParseAggNonce.
func (n *AggNonce) UnmarshalBinary(b []byte) error {
	p, err := ParseAggNonce(b)
	if err != nil {
		return err
	}
	*n = *p
	return nil
}

// MarshalText returns the 66-byte encoding in hex.
func (n AggNonce) MarshalText() ([]byte, error) { return hex.AppendEncode(nil, n[:]), nil }

// UnmarshalText sets n to the aggregate nonce encoded in hex in text, as
// ParseAggNonce. Every error matches ErrAggNonce.
func (n *AggNonce) UnmarshalText(text []byte) error {
	var b [AggNonceSize]byte
	if err := hexenc.DecodeInto(b[:], text, ErrAggNonce); err != nil {
		return err
	}
	return n.UnmarshalBinary(b[:])
}

// MarshalBinary returns the 32-byte encoding.
func (p PartialSig) MarshalBinary() ([]byte, error) { return p[:], nil }

// UnmarshalBinary sets p to the partial signature b, as ParsePartialSig.
func (p *PartialSig) UnmarshalBinary(b []byte) error {
	q, err := ParsePartialSig(b)
	if err != nil {
		return err
	}
	*p = *q
	return nil
}

// MarshalText returns the 32-byte encoding in hex.
func (p PartialSig) MarshalText() ([]byte, error) { return hex.AppendEncode(nil, p[:]), nil }

// UnmarshalText sets p to the partial signature encoded in hex in text, as
// ParsePartialSig. Every error matches ErrPartialSig.
func (p *PartialSig) UnmarshalText(text []byte) error {
	var b [PartialSigSize]byte
	if err := hexenc.DecodeInto(b[:], text, ErrPartialSig); err != nil {
		return err
	}
	return p.UnmarshalBinary(b[:])
}
