package ecdsasign

import (
	"testing"

	"github.com/kestrel-crypto/secp256k1/internal/ecmult"
	"github.com/kestrel-crypto/secp256k1/internal/group"
	"github.com/kestrel-crypto/secp256k1/internal/scalar"
	ksha256 "github.com/kestrel-crypto/secp256k1/internal/sha256"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref"
)

// TestCommit checks Sign with a Commit against its definition, with the
// engine's own operations: the opening is NoncePoint's, the tweak is
// testref's tagged hash of it and the data, and the
// signature's nonce point R = opening + Tweak(opening)·G has r = x(R) mod n
// and R = ±((e + r·d)/s)·G. (Sign without a Commit is checked byte for
// byte against libsecp256k1's vectors by package ecdsa, and with one
// against secp256k1-zkp's by package s2c.)
func TestCommit(t *testing.T) {
	tag := ksha256.NewTag("ecdsasign test")
	rng := testref.PCG(t)
	for range 50 {
		var d scalar.Scalar
		for {
			if _, err := d.SetCanonicalBytes((*[32]byte)(testref.RandomBytes(rng, 32))); err == nil && d.IsZero() == 0 {
				break
			}
		}
		msg, data, ndata := [32]byte(testref.RandomBytes(rng, 32)), [32]byte(testref.RandomBytes(rng, 32)), testref.RandomBytes(rng, 32)
		c := Commit{Tag: &tag, Data: &data}
		var r, s scalar.Scalar
		if _, ok := Sign(&r, &s, &d, &msg, ndata, &c); !ok {
			t.Fatal("Sign failed")
		}
		var R0 group.Affine
		if !NoncePoint(&R0, &d, &msg, ndata) || R0.Equal(&c.Opening) == 0 {
			t.Fatal("the opening is not NoncePoint's")
		}
		tw, ok := Tweak(&tag, &R0, &data)
		if !ok {
			t.Fatal("tweak ≥ n")
		}
		// The tweak is hash_tag(cbytes(R₀) ‖ data), by testref's tagged hash.
		var R0c [33]byte
		R0.PutCompressed(&R0c)
		var twb [32]byte
		tw.PutBytes(&twb)
		if want := testref.TaggedHash("ecdsasign test", R0c[:], data[:]); twb != want {
			t.Fatalf("Tweak %x, want %x", twb, want)
		}
		var Rj, tG group.Jacobian
		ecmult.ScalarBaseMult(&tG, &tw)
		Rj.AddAffine(&tG, &R0)
		var R group.Affine
		R.SetJacobian(&Rj)
		var xb [32]byte
		R.X.PutBytes(&xb)
		var x scalar.Scalar
		x.SetReducedBytes(&xb)
		if x.Equal(&r) == 0 {
			t.Fatal("r is not x(opening + t·G) mod n")
		}
		// R = ±((e + r·d)/s)·G (the sign from the low-S rule).
		var e, u, kinv, k scalar.Scalar
		e.SetReducedBytes(&msg)
		u.Multiply(&r, &d)
		u.Add(&u, &e)
		kinv.Invert(&s)
		k.Multiply(&u, &kinv)
		var kG group.Jacobian
		ecmult.ScalarBaseMult(&kG, &k)
		var L, negL group.Affine
		L.SetJacobian(&kG)
		negL.Negate(&L)
		if L.Equal(&R)|negL.Equal(&R) == 0 {
			t.Fatal("((e + r·d)/s)·G is not ±R")
		}
	}
}
