package group

import "github.com/kestrel-crypto/secp256k1/internal/field"

// The compressed SEC 1 encoding of points (SEC 1 v2, 2.3.3 and 2.3.4): 0x02
// or 0x03 for an even or odd y, then the 32-byte x coordinate. The
// identity has none.

// PutCompressed writes the compressed encoding of a into out.
func (a *Affine) PutCompressed(out *[33]byte) {
	out[0] = 2 | byte(a.Y.IsOdd())
	a.X.PutBytes((*[32]byte)(out[1:]))
}

// SetCompressed sets v to the point with the 33-byte compressed encoding b
// and returns true, or returns false with v unchanged if b is not one: a
// prefix other than 0x02 or 0x03, an x not less than p, or an x that is no
// point's. Variable time: b is public.
func (v *Affine) SetCompressed(b *[33]byte) bool {
	if b[0] != 2 && b[0] != 3 {
		return false
	}
	var x field.Element
	if _, err := x.SetCanonicalBytes((*[32]byte)(b[1:])); err != nil {
		return false
	}
	var a Affine
	if a.LiftX(&x, int(b[0]&1)) == 0 {
		return false
	}
	*v = a
	return true
}

// VarTimePutCompressed writes the 33-byte compressed encoding of p into out
// and returns true, or returns false with out unchanged if p is the
// identity. Variable time: p is public.
func (p *Jacobian) VarTimePutCompressed(out *[33]byte) bool {
	var a Affine
	if _, ok := a.VarTimeSetJacobian(p); ok == 0 {
		return false
	}
	a.PutCompressed(out)
	return true
}

// SetCompressed is Affine.SetCompressed into Jacobian coordinates (Z = 1).
func (v *Jacobian) SetCompressed(b *[33]byte) bool {
	var a Affine
	if !a.SetCompressed(b) {
		return false
	}
	v.SetAffine(&a)
	return true
}

// VarTimeEqualCompressed reports whether p is the point with the 33-byte
// compressed encoding b, without decoding b: it compares p's affine x and
// the parity of its y with b, one inversion instead of the square root of
// decoding. It is false for the identity and for any b that is not a valid
// encoding (a point on the curve matches only its own encoding). Variable
// time: p and b are public.
func (p *Jacobian) VarTimeEqualCompressed(b *[33]byte) bool {
	if b[0] != 2 && b[0] != 3 {
		return false
	}
	var a Affine
	if _, ok := a.VarTimeSetJacobian(p); ok == 0 {
		return false
	}
	var enc [33]byte
	a.PutCompressed(&enc)
	return enc == *b
}
