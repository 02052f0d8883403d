package ecmult

import (
	"github.com/kestrel-crypto/secp256k1/internal/field"
	"github.com/kestrel-crypto/secp256k1/internal/group"
)

// What more than one engine uses: grow for the scratch slices of the
// variable-time engines, invalidSum for their failed result, and
// setGlobalZ, which brings a table of multiples to one common Z for
// Strauss (strauss.go) and the constant-time k·P (const.go).

// grow returns s resized to n, reallocating only if its capacity is short.
func grow[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, n, n+n/4)
	}
	return s[:n]
}

// invalidSum is the point that the variable-time engines return with
// ok = false: (0, 0) with Z = 1, which is not on the curve and not the
// identity, so that even a caller that dropped ok and tested the sum for
// the identity, as batch verification does, would reject it.
var invalidSum = group.Jacobian{Z: *new(field.Element).One()}

// setGlobalZ rescales every entry of pre to the implied Z of the last
// one, given the z-ratios zr[i] = Z(pre[i]) / Z(pre[i − 1]) (zr[0] is not
// used). Walking backwards, s = Z_last / Z_i is a running product of ratios,
// and (x, y) with Z_i becomes (s²·x, s³·y) with Z_last (1S + 4M per entry).
// libsecp256k1's secp256k1_ge_table_set_globalz.
func setGlobalZ(pre []group.Affine, zr []field.Element) {
	n := len(pre)
	if n < 2 {
		return
	}
	_ = zr[n-1]
	var s, s2 field.Element
	s = zr[n-1]
	for i := n - 2; i >= 0; i-- {
		if i != n-2 {
			s.Multiply(&s, &zr[i+1])
		}
		s2.Square(&s)
		pre[i].X.Multiply(&pre[i].X, &s2)
		s2.Multiply(&s2, &s)
		pre[i].Y.Multiply(&pre[i].Y, &s2)
	}
}
