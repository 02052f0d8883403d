package hash2curve

import "github.com/kestrel-crypto/secp256k1"

// MaxScalars is the largest count HashToScalars accepts: 170 scalars of 48
// bytes fit in MaxExpandLength.
const MaxScalars = 170

// HashToScalar returns hash_to_field(msg, 1) (RFC 9380 §5.2) over the
// integers modulo the group order n, with expand_message_xmd over SHA-256
// and L = 48: a 48-byte big-endian integer reduced mod n, whose bias is
// below 2⁻¹²⁸. It is the H1, H2 and H3 of RFC 9591's FROST(secp256k1,
// SHA-256), with dst "FROST-secp256k1-SHA256-v1" followed by "rho", "chal"
// or "nonce". The only error is ErrEmptyDST. It runs in constant time in
// msg.
func HashToScalar(msg, dst []byte) (*secp256k1.Scalar, error) {
	var d dstPrime
	if err := d.setDST(dst); err != nil {
		return nil, err
	}
	var b [elementBytes]byte
	expand(b[:], msg, d.bytes())
	return scalarFromWide(&b), nil
}

// HashToScalars returns hash_to_field(msg, count) over the integers modulo
// n, as HashToScalar (which is the case count = 1). count must be in
// [1, MaxScalars] (ErrLength).
func HashToScalars(msg, dst []byte, count int) ([]*secp256k1.Scalar, error) {
	if count < 1 || count > MaxScalars {
		return nil, ErrLength
	}
	var d dstPrime
	if err := d.setDST(dst); err != nil {
		return nil, err
	}
	b := make([]byte, count*elementBytes)
	expand(b, msg, d.bytes())
	s := make([]*secp256k1.Scalar, count)
	for i := range s {
		s[i] = scalarFromWide((*[elementBytes]byte)(b[i*elementBytes:]))
	}
	clear(b)
	return s, nil
}

// scalarFromWide returns OS2IP(b) mod n for a 48-byte b: the same integer
// as the 64 bytes 0¹⁶ ‖ b, which SetUniformBytes reduces.
func scalarFromWide(b *[elementBytes]byte) *secp256k1.Scalar {
	var wide [64]byte
	copy(wide[16:], b[:])
	s, err := new(secp256k1.Scalar).SetUniformBytes(wide[:])
	if err != nil {
		panic("hash2curve: internal error: " + err.Error())
	}
	clear(wide[:])
	return s
}
