// Package ecdsa implements ECDSA over secp256k1 as libsecp256k1 does:
// deterministic RFC 6979 nonces (byte-identical to libsecp256k1's default
// nonce function, including its retry loop), low-S signatures,
// verification that rejects high-S signatures, strict DER (BIP-66), the lax
// BER parser for historic Bitcoin signatures, the 64-byte compact encoding,
// and public-key recovery with the Bitcoin "signmessage" and Ethereum
// formats.
//
// Signing is constant time in the private key and the nonce. Verification
// and recovery handle only public values and are variable time.
//
// A hash may have any length: as in SEC 1 §4.1.3 and crypto/ecdsa, its
// leftmost 256 bits are used, and a shorter hash is taken as a big-endian
// integer (left-padded with zeros to 32 bytes). An empty hash is allowed.
//
// A nil key or the zero value of secp256k1.PrivateKey or PublicKey is not a
// key. The signing functions return secp256k1.ErrUninitialized for one
// before any computation; NewSigner and Signer.Public, which have no error
// result, panic; Verify returns false, as every verifier does. Signing loops are bounded: they return ErrRetryLimit
// rather than run on (which a valid key never meets in practice).
package ecdsa

import (
	"errors"
	"fmt"

	"github.com/kestrel-crypto/secp256k1"
)

// Signature is an ECDSA signature (r, s), each in [0, n). Parsed signatures
// may have r or s zero or a high s; Verify rejects those. The zero value is
// the (invalid) signature (0, 0).
type Signature struct {
	r, s secp256k1.Scalar
}

var (
	// ErrDER is returned for a signature that is not strict DER (BIP-66).
	ErrDER = errors.New("ecdsa: invalid DER signature encoding")
	// ErrLaxDER is returned when even the lax BER parser cannot read the input.
	ErrLaxDER = errors.New("ecdsa: unparseable BER signature")
	// ErrCompact is returned for a compact signature that is not 64 bytes or
	// has r or s not less than n.
	ErrCompact = errors.New("ecdsa: invalid compact signature")
	// ErrOverflow is returned when r or s is not less than the group order.
	ErrOverflow = errors.New("ecdsa: signature value not less than the group order")
)

// NewSignature returns the signature (r, s).
func NewSignature(r, s *secp256k1.Scalar) *Signature {
	sig := new(Signature)
	sig.r.Set(r)
	sig.s.Set(s)
	return sig
}

// R returns a copy of r.
func (sig *Signature) R() *secp256k1.Scalar { return new(secp256k1.Scalar).Set(&sig.r) }

// S returns a copy of s.
func (sig *Signature) S() *secp256k1.Scalar { return new(secp256k1.Scalar).Set(&sig.s) }

// Equal reports whether sig and other are the same signature.
func (sig *Signature) Equal(other *Signature) bool {
	return sig.r.Equal(&other.r)&sig.s.Equal(&other.s) == 1
}

// IsLowS reports whether s ≤ (n−1)/2, the form Sign produces and Verify
// requires (BIP-62 rule 5, libsecp256k1's normalized form).
func (sig *Signature) IsLowS() bool {
	return sig.s.IsHigh() == 0
}

// Normalize returns a copy of sig in low-S form: (r, n − s) if s is high.
func (sig *Signature) Normalize() *Signature {
	out := *sig
	var neg secp256k1.Scalar
	neg.Negate(&out.s)
	out.s.Select(&neg, &out.s, out.s.IsHigh())
	return &out
}

// ParseCompactSignature parses the 64-byte encoding r ‖ s, each a big-endian
// value less than n (zero is accepted here and rejected by Verify). It
// returns ErrCompact for a value not less than n, and ErrCompact wrapped
// with both lengths for another length ("want 64 bytes, got 65").
func ParseCompactSignature(b []byte) (*Signature, error) {
	if len(b) != 64 {
		return nil, fmt.Errorf("%w: want 64 bytes, got %d", ErrCompact, len(b))
	}
	sig := new(Signature)
	if _, err := sig.r.SetCanonicalBytes(b[:32]); err != nil {
		return nil, ErrCompact
	}
	if _, err := sig.s.SetCanonicalBytes(b[32:]); err != nil {
		return nil, ErrCompact
	}
	return sig, nil
}

// Compact returns the 64-byte encoding r ‖ s.
func (sig *Signature) Compact() []byte {
	var out [64]byte
	return sig.compact(&out)
}

func (sig *Signature) compact(out *[64]byte) []byte {
	copy(out[:32], sig.r.Bytes())
	copy(out[32:], sig.s.Bytes())
	return out[:]
}

// ParseDERSignature parses a strict DER signature, by BIP-66's rules:
// SEQUENCE { INTEGER r, INTEGER s } with short-form lengths, no trailing
// bytes, integers that are positive, minimally encoded and non-empty. Unlike
// BIP-66 it takes the signature without a sighash byte. r and s must be less
// than n (libsecp256k1 instead parses larger and negative values as 0,
// which never verifies); any s is accepted, high or low.
func ParseDERSignature(b []byte) (*Signature, error) {
	// 0x30 len 0x02 lenR R 0x02 lenS S, with len = total − 2.
	if len(b) < 8 || len(b) > 72 || b[0] != 0x30 || int(b[1]) != len(b)-2 {
		return nil, ErrDER
	}
	r, rest, err := parseDERInteger(b[2:])
	if err != nil {
		return nil, err
	}
	s, rest, err := parseDERInteger(rest)
	if err != nil {
		return nil, err
	}
	if len(rest) != 0 {
		return nil, ErrDER
	}
	sig := new(Signature)
	if err := setFromMinimal(&sig.r, r); err != nil {
		return nil, err
	}
	if err := setFromMinimal(&sig.s, s); err != nil {
		return nil, err
	}
	return sig, nil
}

// parseDERInteger reads 0x02 len bytes from b, checking BIP-66's rules for a
// positive, minimally encoded integer, and returns its content bytes.
func parseDERInteger(b []byte) (val, rest []byte, err error) {
	if len(b) < 2 || b[0] != 0x02 {
		return nil, nil, ErrDER
	}
	n := int(b[1])
	if n == 0 || n >= 0x80 || n > len(b)-2 {
		return nil, nil, ErrDER
	}
	val = b[2 : 2+n]
	if val[0]&0x80 != 0 { // negative
		return nil, nil, ErrDER
	}
	if n > 1 && val[0] == 0 && val[1]&0x80 == 0 { // unnecessary padding
		return nil, nil, ErrDER
	}
	return val, b[2+n:], nil
}

// setFromMinimal sets s to the big-endian value v (at most one leading zero
// byte) and returns ErrOverflow if it is not less than n.
func setFromMinimal(s *secp256k1.Scalar, v []byte) error {
	if len(v) > 0 && v[0] == 0 {
		v = v[1:]
	}
	if len(v) > 32 {
		return ErrOverflow
	}
	var buf [32]byte
	copy(buf[32-len(v):], v)
	if _, err := s.SetCanonicalBytes(buf[:]); err != nil {
		return ErrOverflow
	}
	return nil
}

// DER returns the strict DER encoding of sig.
func (sig *Signature) DER() []byte {
	var out [72]byte
	return sig.der(&out)
}

func (sig *Signature) der(out *[72]byte) []byte {
	var rb, sb [33]byte
	r := minimalInteger(&rb, &sig.r)
	s := minimalInteger(&sb, &sig.s)
	out[0] = 0x30
	out[1] = byte(4 + len(r) + len(s))
	out[2] = 0x02
	out[3] = byte(len(r))
	n := 4 + copy(out[4:], r)
	out[n] = 0x02
	out[n+1] = byte(len(s))
	n += 2 + copy(out[n+2:], s)
	return out[:n]
}

// minimalInteger returns the minimal DER content bytes of x: no leading zero
// bytes except one before a byte with its top bit set; 0 is a single 0x00.
func minimalInteger(buf *[33]byte, x *secp256k1.Scalar) []byte {
	copy(buf[1:], x.Bytes())
	i := 1
	for i < 32 && buf[i] == 0 {
		i++
	}
	if buf[i]&0x80 != 0 {
		i--
	}
	return buf[i:]
}

// ParseDERSignatureLax parses a signature with the semantics of
// libsecp256k1's contrib/lax_der_parsing.c (ecdsa_signature_parse_der_lax),
// for historic Bitcoin signatures that violate DER: it accepts any sequence
// length (and long-form lengths, skipped), ignores the sequence length and
// any bytes after s, reads long-form integer lengths (with leading zero
// bytes, below 2²⁴ as libsecp256k1's parser reads them), ignores the sign
// bit and strips leading zero bytes of r and s. It returns an error only
// where libsecp256k1's parser fails (a missing tag, a length beyond the
// input). Where r or s exceeds 32 bytes or is not less than n, it returns,
// like libsecp256k1, the signature (0, 0), which never verifies.
func ParseDERSignatureLax(b []byte) (*Signature, error) {
	pos := 0
	// Sequence tag and length.
	if pos == len(b) || b[pos] != 0x30 {
		return nil, ErrLaxDER
	}
	pos++
	if pos == len(b) {
		return nil, ErrLaxDER
	}
	lenbyte := int(b[pos])
	pos++
	if lenbyte&0x80 != 0 {
		lenbyte -= 0x80
		if lenbyte > len(b)-pos {
			return nil, ErrLaxDER
		}
		pos += lenbyte
	}
	rpos, rlen, pos, ok := laxInteger(b, pos)
	if !ok {
		return nil, ErrLaxDER
	}
	spos, slen, _, ok := laxInteger(b, pos)
	if !ok {
		return nil, ErrLaxDER
	}
	sig := new(Signature)
	var buf [64]byte
	for rlen > 0 && b[rpos] == 0 {
		rlen--
		rpos++
	}
	overflow := rlen > 32
	if !overflow {
		copy(buf[32-rlen:32], b[rpos:rpos+rlen])
	}
	for slen > 0 && b[spos] == 0 {
		slen--
		spos++
	}
	if slen > 32 {
		overflow = true
	} else {
		copy(buf[64-slen:], b[spos:spos+slen])
	}
	if !overflow {
		if _, err := sig.r.SetCanonicalBytes(buf[:32]); err != nil {
			overflow = true
		} else if _, err := sig.s.SetCanonicalBytes(buf[32:]); err != nil {
			overflow = true
		}
	}
	if overflow {
		return new(Signature), nil
	}
	return sig, nil
}

// laxInteger reads an integer tag and length at b[pos:] as
// ecdsa_signature_parse_der_lax does, returning the content's position and
// length and the position after it.
func laxInteger(b []byte, pos int) (vpos, vlen, next int, ok bool) {
	if pos == len(b) || b[pos] != 0x02 {
		return 0, 0, 0, false
	}
	pos++
	if pos == len(b) {
		return 0, 0, 0, false
	}
	lenbyte := int(b[pos])
	pos++
	if lenbyte&0x80 != 0 {
		lenbyte -= 0x80
		if lenbyte > len(b)-pos {
			return 0, 0, 0, false
		}
		for lenbyte > 0 && b[pos] == 0 {
			pos++
			lenbyte--
		}
		if lenbyte >= 4 {
			return 0, 0, 0, false
		}
		vlen = 0
		for lenbyte > 0 {
			vlen = vlen<<8 + int(b[pos])
			pos++
			lenbyte--
		}
	} else {
		vlen = lenbyte
	}
	if vlen > len(b)-pos {
		return 0, 0, 0, false
	}
	return pos, vlen, pos + vlen, true
}
