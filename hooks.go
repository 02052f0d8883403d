package secp256k1

import (
	"github.com/kestrel-crypto/secp256k1/internal/field"
	"github.com/kestrel-crypto/secp256k1/internal/group"
	"github.com/kestrel-crypto/secp256k1/internal/hook"
)

// The engines that the protocol packages reach through internal/hook.
func init() {
	hook.XOnlyScalarMult = func(xP field.Element, k [32]byte) (x field.Element) {
		var s Scalar
		if _, err := s.SetCanonicalBytes(k[:]); err != nil {
			panic("secp256k1: hook.XOnlyScalarMult: scalar not canonical")
		}
		xOnlyScalarMult(&x, &xP, &s)
		s = Scalar{}
		return x
	}
	hook.ScalarBaseMult = func(k [32]byte) (v group.Jacobian) {
		var s Scalar
		if _, err := s.SetCanonicalBytes(k[:]); err != nil {
			panic("secp256k1: hook.ScalarBaseMult: scalar not canonical")
		}
		combMult(&v, &s, loadCombState())
		s = Scalar{}
		return v
	}
}
