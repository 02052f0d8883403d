package silentpayments

import (
	"errors"
	"strings"
)

// Bech32m (BIP-350), as silent payment addresses use it: BIP-173's format
// with the bech32m checksum constant, without BIP-173's 90-character limit
// (BIP-352 recommends 1023) and with the witness-version rules left to the
// caller. This is a small local implementation: the module takes no
// dependency outside the standard library.

const (
	bech32Charset = "qpzry9x8gf2tvdw0s3jn54khce6mua7l"
	// bech32mConst is the checksum constant M of BIP-350.
	bech32mConst = 0x2bc830a3
	// maxAddressLength is the length limit BIP-352 recommends, which keeps
	// bech32's error-detection guarantees meaningful for future versions.
	maxAddressLength = 1023
)

var errBech32 = errors.New("silentpayments: invalid bech32m string")

// bech32Polymod is BIP-173's BCH checksum over GF(32).
func bech32Polymod(values []byte, chk uint32) uint32 {
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

// bech32HRPPolymod feeds BIP-173's expansion of the human-readable part
// (high bits, a zero, low bits) into the checksum.
func bech32HRPPolymod(hrp string) uint32 {
	chk := uint32(1)
	for i := 0; i < len(hrp); i++ {
		chk = bech32Polymod([]byte{hrp[i] >> 5}, chk)
	}
	chk = bech32Polymod([]byte{0}, chk)
	for i := 0; i < len(hrp); i++ {
		chk = bech32Polymod([]byte{hrp[i] & 31}, chk)
	}
	return chk
}

// validHRP reports whether hrp is 1–83 characters of printable ASCII
// (33–126) with no upper-case letters.
func validHRP(hrp string) bool {
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

// bech32mEncode returns the bech32m string of hrp (valid, lower case) and the
// 5-bit values data.
func bech32mEncode(hrp string, data []byte) string {
	var sb strings.Builder
	sb.Grow(len(hrp) + 1 + len(data) + 6)
	sb.WriteString(hrp)
	sb.WriteByte('1')
	for _, v := range data {
		sb.WriteByte(bech32Charset[v])
	}
	chk := bech32Polymod(data, bech32HRPPolymod(hrp))
	chk = bech32Polymod([]byte{0, 0, 0, 0, 0, 0}, chk) ^ bech32mConst
	for i := range 6 {
		sb.WriteByte(bech32Charset[(chk>>(5*(5-i)))&31])
	}
	return sb.String()
}

// bech32mDecode splits a bech32m string into its human-readable part (lower
// case) and its 5-bit data values, checksum removed. It rejects strings
// longer than maxAddressLength, mixed case, characters outside the charset,
// an empty or invalid human-readable part, a data part shorter than the
// checksum, and any checksum other than bech32m's (so bech32 strings fail).
func bech32mDecode(s string) (hrp string, data []byte, err error) {
	if len(s) > maxAddressLength {
		return "", nil, errBech32
	}
	lower, upper := false, false
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < 33 || c > 126 {
			return "", nil, errBech32
		}
		lower = lower || ('a' <= c && c <= 'z')
		upper = upper || ('A' <= c && c <= 'Z')
	}
	if lower && upper {
		return "", nil, errBech32
	}
	s = strings.ToLower(s)
	sep := strings.LastIndexByte(s, '1')
	if sep < 1 || len(s)-sep-1 < 6 {
		return "", nil, errBech32
	}
	hrp = s[:sep]
	if !validHRP(hrp) {
		return "", nil, errBech32
	}
	data = make([]byte, len(s)-sep-1)
	for i := range data {
		d := strings.IndexByte(bech32Charset, s[sep+1+i])
		if d < 0 {
			return "", nil, errBech32
		}
		data[i] = byte(d)
	}
	if bech32Polymod(data, bech32HRPPolymod(hrp)) != bech32mConst {
		return "", nil, errBech32
	}
	return hrp, data[:len(data)-6], nil
}

// convertBits regroups a sequence of from-bit values into to-bit values
// (BIP-173's convertbits). With pad, a final partial group is zero-padded;
// without it, leftover bits must number fewer than from and be zero.
func convertBits(data []byte, from, to uint, pad bool) ([]byte, bool) {
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
