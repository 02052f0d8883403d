package ecdsa

import (
	"encoding/hex"

	"github.com/kestrel-crypto/secp256k1/internal/hexenc"
)

// The encodings of Signature for the standard library's interfaces
// (encoding.BinaryMarshaler, TextMarshaler and their inverses and Append
// forms; encoding/json writes a Signature as a hex string). They use the
// 64-byte compact form r ‖ s, libsecp256k1's fixed-length serialization,
// rather than DER, whose length varies and which is an interchange format
// for Bitcoin scripts and X.509 (use DER and ParseDERSignature for it). The
// Marshal and Append methods have value receivers, so that encoding/json
// finds them for fields of values that are not addressable; the Unmarshal
// methods leave the receiver unchanged on error.

// MarshalBinary returns the 64-byte compact encoding r ‖ s.
func (sig Signature) MarshalBinary() ([]byte, error) {
	return sig.AppendBinary(make([]byte, 0, 64))
}

// AppendBinary appends the 64-byte compact encoding r ‖ s to b.
func (sig Signature) AppendBinary(b []byte) ([]byte, error) {
	var out [64]byte
	return append(b, sig.compact(&out)...), nil
}

// UnmarshalBinary sets sig to the signature of the 64-byte compact encoding
// b, as ParseCompactSignature.
func (sig *Signature) UnmarshalBinary(b []byte) error {
	s, err := ParseCompactSignature(b)
	if err != nil {
		return err
	}
	*sig = *s
	return nil
}

// MarshalText returns the compact encoding r ‖ s in lower-case hex (128
// characters).
func (sig Signature) MarshalText() ([]byte, error) {
	return sig.AppendText(make([]byte, 0, 128))
}

// AppendText appends the compact encoding r ‖ s in lower-case hex to b.
func (sig Signature) AppendText(b []byte) ([]byte, error) {
	var out [64]byte
	return hex.AppendEncode(b, sig.compact(&out)), nil
}

// UnmarshalText sets sig to the signature of the compact encoding in hex in
// text, as ParseCompactSignature. Every error matches ErrCompact.
func (sig *Signature) UnmarshalText(text []byte) error {
	var buf [64]byte
	if err := hexenc.DecodeInto(buf[:], text, ErrCompact); err != nil {
		return err
	}
	return sig.UnmarshalBinary(buf[:])
}

// String returns the compact encoding r ‖ s in lower-case hex.
func (sig Signature) String() string {
	var out [64]byte
	return hex.EncodeToString(sig.compact(&out))
}
