package group

import "github.com/kestrel-crypto/secp256k1/internal/field"

// SEC 1's compressed encoding of an affine point, cbytes(P) = (0x02 or
// 0x03 for the parity of y) ‖ x, for the protocols that hash or store
// points in the engine's types. The root package's decoders add the other
// SEC 1 forms and their error values.

// PutCompressed writes cbytes(v) into out.
func (v *Affine) PutCompressed(out *[33]byte) {
	out[0] = 2 | byte(v.Y.IsOdd())
	v.X.PutBytes((*[32]byte)(out[1:]))
}

// SetCompressed sets v to the point with the encoding b and returns 1, or
// returns 0 with v unchanged if b is not one: a prefix other than 0x02 and
// 0x03, an x not below p, or an x that is no point's.
func (v *Affine) SetCompressed(b *[33]byte) int {
	if b[0] != 2 && b[0] != 3 {
		return 0
	}
	var x field.Element
	if _, err := x.SetCanonicalBytes((*[32]byte)(b[1:])); err != nil {
		return 0
	}
	var t Affine
	if t.LiftX(&x, int(b[0]&1)) == 0 {
		return 0
	}
	*v = t
	return 1
}
