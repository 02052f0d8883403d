package frost

import "github.com/kestrel-crypto/secp256k1/internal/mpsig"

// The wire values (PubNonce, AggNonce, PartialSig) implement
// encoding.BinaryMarshaler and TextMarshaler (lower-case hex), so that
// encoding/json writes them as hex strings rather than arrays of numbers,
// and their Unmarshal methods, which accept only what the Parse functions
// accept and leave the receiver unchanged on error. Marshalling does not
// check the value (a PubNonce from ParsePubNonce or NonceGen is valid).

// MarshalBinary returns the 66-byte encoding.
func (n PubNonce) MarshalBinary() ([]byte, error) { return n[:], nil }

// UnmarshalBinary sets n to the public nonce b, as ParsePubNonce.
func (n *PubNonce) UnmarshalBinary(b []byte) error { return mpsig.UnmarshalBinary(n, b, ParsePubNonce) }

// MarshalText returns the 66-byte encoding in hex.
func (n PubNonce) MarshalText() ([]byte, error) { return mpsig.MarshalText(n[:]) }

// UnmarshalText sets n to the public nonce encoded in hex in text, as
// ParsePubNonce. Every error matches ErrPubNonce.
func (n *PubNonce) UnmarshalText(text []byte) error {
	return mpsig.UnmarshalText(n, text, ErrPubNonce, ParsePubNonce)
}

// MarshalBinary returns the 66-byte encoding.
func (n AggNonce) MarshalBinary() ([]byte, error) { return n[:], nil }

// UnmarshalBinary sets n to the aggregate nonce b, as ParseAggNonce.
func (n *AggNonce) UnmarshalBinary(b []byte) error { return mpsig.UnmarshalBinary(n, b, ParseAggNonce) }

// MarshalText returns the 66-byte encoding in hex.
func (n AggNonce) MarshalText() ([]byte, error) { return mpsig.MarshalText(n[:]) }

// UnmarshalText sets n to the aggregate nonce encoded in hex in text, as
// ParseAggNonce. Every error matches ErrAggNonce.
func (n *AggNonce) UnmarshalText(text []byte) error {
	return mpsig.UnmarshalText(n, text, ErrAggNonce, ParseAggNonce)
}

// MarshalBinary returns the 32-byte encoding.
func (p PartialSig) MarshalBinary() ([]byte, error) { return p[:], nil }

// UnmarshalBinary sets p to the partial signature b, as ParsePartialSig.
func (p *PartialSig) UnmarshalBinary(b []byte) error {
	return mpsig.UnmarshalBinary(p, b, ParsePartialSig)
}

// MarshalText returns the 32-byte encoding in hex.
func (p PartialSig) MarshalText() ([]byte, error) { return mpsig.MarshalText(p[:]) }

// UnmarshalText sets p to the partial signature encoded in hex in text, as
// ParsePartialSig. Every error matches ErrPartialSig.
func (p *PartialSig) UnmarshalText(text []byte) error {
	return mpsig.UnmarshalText(p, text, ErrPartialSig, ParsePartialSig)
}
