package ecmult

import (
	"math/bits"

	"github.com/kestrel-crypto/secp256k1/internal/field"
	"github.com/kestrel-crypto/secp256k1/internal/group"
	"github.com/kestrel-crypto/secp256k1/internal/scalar"
)

// pMinusN is p − n = 0x14551231950B75FC4402DA1722FC9BAEE (129 bits), as
// little-endian limbs: an x coordinate in [n, p) reduces to x − n below it.
var pMinusN = [4]uint64{0x402DA1722FC9BAEE, 0x4551231950B75FC4, 1, 0}

// VarTimeXEqualsScalar reports whether v is not the identity and its affine
// x coordinate, reduced mod n, equals r: the final check of ECDSA
// verification. It is not constant time: use it only with public inputs.
//
// It needs no inversion: with v = (X, Y, Z), x = X/Z², so x ≡ r (mod n) with
// x < p < 2n means x = r or x = r + n, the second possible only if
// r + n < p; each is tested as r·Z² = X in the field. libsecp256k1's
// secp256k1_gej_eq_x_var and the r + n < p branch of
// secp256k1_ecdsa_sig_verify.
func VarTimeXEqualsScalar(v *group.Jacobian, r *scalar.Scalar) bool {
	if v.IsIdentity() == 1 {
		return false
	}
	l := r.Limbs()
	var zz, rx field.Element
	zz.Square(&v.Z)
	rx.SetLimbs(&l) // r < n < p
	rx.Multiply(&rx, &zz)
	if rx.Equal(&v.X) == 1 {
		return true
	}
	// r < p − n?
	_, b := bits.Sub64(l[0], pMinusN[0], 0)
	_, b = bits.Sub64(l[1], pMinusN[1], b)
	_, b = bits.Sub64(l[2], pMinusN[2], b)
	_, b = bits.Sub64(l[3], pMinusN[3], b)
	if b == 0 {
		return false
	}
	// r + n < p < 2²⁵⁶: no carry out.
	var c uint64
	l[0], c = bits.Add64(l[0], scalar.N[0], 0)
	l[1], c = bits.Add64(l[1], scalar.N[1], c)
	l[2], c = bits.Add64(l[2], scalar.N[2], c)
	l[3], _ = bits.Add64(l[3], scalar.N[3], c)
	rx.SetLimbs(&l)
	rx.Multiply(&rx, &zz)
	return rx.Equal(&v.X) == 1
}
