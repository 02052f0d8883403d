package frost

import (
	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/internal/mpsig"
	"github.com/kestrel-crypto/secp256k1/internal/scalar"
	"github.com/kestrel-crypto/secp256k1/schnorr"
)

// clone returns an unused copy of st.
func clone(st *mpsig.SecNonce) *mpsig.SecNonce {
	c := mpsig.NewSecNonce()
	*c.Scalars = *st.Scalars
	c.R1, c.R2 = st.R1, st.R2
	return c
}

// scalarBytes returns the 32-byte encoding of s.
func scalarBytes(s *scalar.Scalar) []byte {
	var b [32]byte
	s.PutBytes(&b)
	return b[:]
}

// verifyBIP340 is schnorr.Verify.
func verifyBIP340(pub *secp256k1.PublicKey, msg, sig []byte) bool {
	return schnorr.Verify(pub, msg, sig)
}
