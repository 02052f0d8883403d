// Package base58 implements Bitcoin's Base58 and Base58Check encodings
// (the alphabet without 0, O, I and l; a leading '1' per leading zero byte;
// Base58Check appends the first four bytes of SHA-256(SHA-256(payload))),
// which BIP-32 extended keys, WIF private keys and P2PKH/P2SH addresses use.
//
// Only public data passes through here except WIF and xprv strings, whose
// encoding is not constant time (the conversion divides by 58 in a loop
// whose length depends on the leading zero bytes): encode secrets only
// where the caller has chosen to export them. The module takes no
// dependency outside the standard library, hence this small local
// implementation.
package base58

import (
	"crypto/sha256"
	"errors"
)

const alphabet = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"

// MaxLen is the longest string Decode accepts: the conversion is quadratic
// in the length, and every Bitcoin use is far shorter (an extended key is
// 111 characters).
const MaxLen = 256

var (
	// ErrInvalid is returned for a string with a character outside the
	// alphabet or longer than MaxLen.
	ErrInvalid = errors.New("base58: invalid string")
	// ErrChecksum is returned by CheckDecode for a string shorter than the
	// checksum or whose checksum does not match.
	ErrChecksum = errors.New("base58: checksum mismatch")
)

// decodeMap maps a byte to its digit value, or 0xff.
var decodeMap = func() (m [256]byte) {
	for i := range m {
		m[i] = 0xff
	}
	for i := 0; i < len(alphabet); i++ {
		m[alphabet[i]] = byte(i)
	}
	return m
}()

// Encode returns the Base58 encoding of b.
func Encode(b []byte) string {
	zeros := 0
	for zeros < len(b) && b[zeros] == 0 {
		zeros++
	}
	// log(256)/log(58) < 1.37: the digits of b, little-endian.
	digits := make([]byte, 0, len(b)*137/100+1)
	for _, c := range b[zeros:] {
		carry := int(c)
		for i := range digits {
			carry += int(digits[i]) << 8
			digits[i] = byte(carry % 58)
			carry /= 58
		}
		for carry > 0 {
			digits = append(digits, byte(carry%58))
			carry /= 58
		}
	}
	out := make([]byte, zeros+len(digits))
	for i := range zeros {
		out[i] = '1'
	}
	for i, d := range digits {
		out[len(out)-1-i] = alphabet[d]
	}
	return string(out)
}

// Decode returns the bytes that s encodes, or ErrInvalid.
func Decode(s string) ([]byte, error) {
	if len(s) > MaxLen {
		return nil, ErrInvalid
	}
	zeros := 0
	for zeros < len(s) && s[zeros] == '1' {
		zeros++
	}
	// log(58)/log(256) < 0.74: the bytes, little-endian.
	bytes := make([]byte, 0, len(s)*74/100+1)
	for i := zeros; i < len(s); i++ {
		d := decodeMap[s[i]]
		if d == 0xff {
			return nil, ErrInvalid
		}
		carry := int(d)
		for j := range bytes {
			carry += int(bytes[j]) * 58
			bytes[j] = byte(carry)
			carry >>= 8
		}
		for carry > 0 {
			bytes = append(bytes, byte(carry))
			carry >>= 8
		}
	}
	out := make([]byte, zeros+len(bytes))
	for i, c := range bytes {
		out[len(out)-1-i] = c
	}
	return out, nil
}

// checksum returns the first four bytes of SHA-256(SHA-256(b)).
func checksum(b []byte) [4]byte {
	h := sha256.Sum256(b)
	h = sha256.Sum256(h[:])
	return [4]byte(h[:4])
}

// CheckEncode returns the Base58Check encoding of payload (which includes
// any version bytes): Base58 of payload ‖ checksum.
func CheckEncode(payload []byte) string {
	c := checksum(payload)
	buf := make([]byte, 0, len(payload)+4)
	return Encode(append(append(buf, payload...), c[:]...))
}

// CheckDecode returns the payload of a Base58Check string, version bytes
// included, or ErrInvalid or ErrChecksum.
func CheckDecode(s string) ([]byte, error) {
	b, err := Decode(s)
	if err != nil {
		return nil, err
	}
	if len(b) < 4 {
		return nil, ErrChecksum
	}
	payload := b[:len(b)-4]
	if c := checksum(payload); [4]byte(b[len(b)-4:]) != c {
		return nil, ErrChecksum
	}
	return payload, nil
}
