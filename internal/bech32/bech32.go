// Package bech32 implements the bech32 (BIP-173) and bech32m (BIP-350)
// string encodings of Bitcoin addresses: a human-readable part, the
// separator '1', 5-bit data values in a 32-character alphabet and a
// six-character BCH checksum, whose final constant tells the two variants
// apart. Segwit version 0 addresses use bech32, versions 1 and later
// (taproot) and silent payment addresses (BIP-352) bech32m.
//
// The length limit is the caller's: BIP-173 limits addresses to 90
// characters, BIP-352 recommends 1023 for silent payments. The
// witness-version rules of segwit addresses are the caller's too. The
// module takes no dependency outside the standard library, hence this
// small local implementation; it handles public data only.
package bech32

import (
	"errors"
	"strings"
)

// Variant is the checksum variant of a string.
type Variant int

const (
	Bech32  Variant = 1 // BIP-173
	Bech32m Variant = 2 // BIP-350
)

// constant returns the checksum constant of v (BIP-350's M for bech32m).
func (v Variant) constant() uint32 {
	if v == Bech32m {
		return 0x2bc830a3
	}
	return 1
}

const charset = "qpzry9x8gf2tvdw0s3jn54khce6mua7l"

// ErrInvalid is returned for a string that is not valid bech32 or bech32m
// within the length limit.
var ErrInvalid = errors.New("bech32: invalid string")

// polymod is BIP-173's BCH checksum over GF(32).
func polymod(values []byte, chk uint32) uint32 {
	gen := [5]uint32{0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3}
	for _, v := range values {
		b := chk >> 25
		chk = (chk&0x1ffffff)<<5 ^ uint32(v)
		for i := range 5 {
			if (b>>i)&1 == 1 {
				chk ^= gen[i]
			}
		}
	}
	return chk
}

// hrpPolymod feeds BIP-173's expansion of the human-readable part (high
// bits, a zero, low bits) into the checksum.
func hrpPolymod(hrp string) uint32 {
	chk := uint32(1)
	for i := 0; i < len(hrp); i++ {
		chk = polymod([]byte{hrp[i] >> 5}, chk)
	}
	chk = polymod([]byte{0}, chk)
	for i := 0; i < len(hrp); i++ {
		chk = polymod([]byte{hrp[i] & 31}, chk)
	}
	return chk
}

// Checksum returns BIP-173's polymod of hrp's expansion followed by data.
// For the data values of a string, checksum included, it is 1 if the string
// is valid bech32 and BIP-350's constant M if it is valid bech32m. Tests use
// it to build strings with other checksums.
func Checksum(hrp string, data []byte) uint32 {
	return polymod(data, hrpPolymod(hrp))
}

// ValidHRP reports whether hrp is 1–83 characters of printable ASCII
// (33–126) with no upper-case letters.
func ValidHRP(hrp string) bool {
	if len(hrp) < 1 || len(hrp) > 83 {
		return false
	}
	for i := 0; i < len(hrp); i++ {
		c := hrp[i]
		if c < 33 || c > 126 || ('A' <= c && c <= 'Z') {
			return false
		}
	}
	return true
}

// Encode returns the string of hrp (which must satisfy ValidHRP) and the
// 5-bit values data, with the checksum of the variant v.
func Encode(hrp string, data []byte, v Variant) string {
	var sb strings.Builder
	sb.Grow(len(hrp) + 1 + len(data) + 6)
	sb.WriteString(hrp)
	sb.WriteByte('1')
	for _, d := range data {
		sb.WriteByte(charset[d&31])
	}
	chk := polymod([]byte{0, 0, 0, 0, 0, 0}, Checksum(hrp, data)) ^ v.constant()
	for i := range 6 {
		sb.WriteByte(charset[(chk>>(5*(5-i)))&31])
	}
	return sb.String()
}

// Decode splits s into its human-readable part (lower case) and its 5-bit
// data values, checksum removed, and returns the variant its checksum
// matches. It rejects strings longer than maxLen, mixed case, characters
// outside the alphabet, an empty or invalid human-readable part, a data
// part shorter than the checksum, and a checksum of neither variant.
func Decode(s string, maxLen int) (hrp string, data []byte, v Variant, err error) {
	if len(s) > maxLen {
		return "", nil, 0, ErrInvalid
	}
	lower, upper := false, false
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < 33 || c > 126 {
			return "", nil, 0, ErrInvalid
		}
		lower = lower || ('a' <= c && c <= 'z')
		upper = upper || ('A' <= c && c <= 'Z')
	}
	if lower && upper {
		return "", nil, 0, ErrInvalid
	}
	s = strings.ToLower(s)
	sep := strings.LastIndexByte(s, '1')
	if sep < 1 || len(s)-sep-1 < 6 {
		return "", nil, 0, ErrInvalid
	}
	hrp = s[:sep]
	if !ValidHRP(hrp) {
		return "", nil, 0, ErrInvalid
	}
	data = make([]byte, len(s)-sep-1)
	for i := range data {
		d := strings.IndexByte(charset, s[sep+1+i])
		if d < 0 {
			return "", nil, 0, ErrInvalid
		}
		data[i] = byte(d)
	}
	switch Checksum(hrp, data) {
	case Bech32.constant():
		v = Bech32
	case Bech32m.constant():
		v = Bech32m
	default:
		return "", nil, 0, ErrInvalid
	}
	return hrp, data[:len(data)-6], v, nil
}

// ConvertBits regroups a sequence of from-bit values into to-bit values
// (BIP-173's convertbits). With pad, a final partial group is zero-padded;
// without it, leftover bits must number fewer than from and be zero. It
// reports false for a value that does not fit in from bits and for
// leftover bits that break that rule.
func ConvertBits(data []byte, from, to uint, pad bool) ([]byte, bool) {
	var acc uint32
	var nbits uint
	maxv := uint32(1)<<to - 1
	out := make([]byte, 0, (uint(len(data))*from+to-1)/to)
	for _, v := range data {
		if uint32(v)>>from != 0 {
			return nil, false
		}
		acc = acc<<from | uint32(v)
		nbits += from
		for nbits >= to {
			nbits -= to
			out = append(out, byte(acc>>nbits&maxv))
		}
	}
	if pad {
		if nbits > 0 {
			out = append(out, byte(acc<<(to-nbits)&maxv))
		}
	} else if nbits >= from || acc<<(to-nbits)&maxv != 0 {
		return nil, false
	}
	return out, true
}
