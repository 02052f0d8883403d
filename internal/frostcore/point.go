package frostcore

import (
	"github.com/kestrel-crypto/secp256k1/internal/field"
	"github.com/kestrel-crypto/secp256k1/internal/group"
)

// VarTimePutCompressed writes the 33-byte compressed SEC 1 encoding of p
// (0x02 or 0x03, then x) into out and returns true, or returns false with
// out unchanged if p is the identity, which has no such encoding. Variable
// time: p is public.
func VarTimePutCompressed(out *[33]byte, p *group.Jacobian) bool {
	var a group.Affine
	if _, ok := a.VarTimeSetJacobian(p); ok == 0 {
		return false
	}
	var x field.Element
	x.Normalize(&a.X)
	var y field.Element
	y.Normalize(&a.Y)
	var xb [32]byte
	x.PutBytes(&xb)
	out[0] = 2 | byte(y.IsOdd())
	copy(out[1:], xb[:])
	return true
}

// SetCompressed sets p to the point with the 33-byte compressed SEC 1
// encoding b and returns true, or returns false with p unchanged if b is not
// one (a prefix other than 0x02 or 0x03, an x not less than p, or an x that
// is no point's).
func SetCompressed(p *group.Jacobian, b *[33]byte) bool {
	if b[0] != 2 && b[0] != 3 {
		return false
	}
	var x field.Element
	if _, err := x.SetCanonicalBytes((*[32]byte)(b[1:])); err != nil {
		return false
	}
	var a group.Affine
	if a.LiftX(&x, int(b[0]&1)) == 0 {
		return false
	}
	p.SetAffine(&a)
	return true
}

// VarTimeEqualCompressed reports whether p is the point with the 33-byte
// compressed encoding b, without decoding b: it compares p's affine x
// coordinate and the parity of its y with b, one inversion instead of
// the square root that decoding takes. It is false for the identity and
// for any b that is not a valid encoding (a point p on the curve matches
// only the valid encoding of itself). Variable time: p and b are public.
func VarTimeEqualCompressed(p *group.Jacobian, b *[33]byte) bool {
	if b[0] != 2 && b[0] != 3 {
		return false
	}
	var a group.Affine
	if _, ok := a.VarTimeSetJacobian(p); ok == 0 {
		return false
	}
	var x, y field.Element
	x.Normalize(&a.X)
	y.Normalize(&a.Y)
	var xb [32]byte
	x.PutBytes(&xb)
	return xb == [32]byte(b[1:]) && byte(y.IsOdd()) == b[0]&1
}
