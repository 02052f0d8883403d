package rangeproof

import (
	"bytes"
	"math/rand/v2"
	"testing"

	"github.com/kestrel-crypto/secp256k1/internal/ecmult"
	"github.com/kestrel-crypto/secp256k1/internal/field"
	"github.com/kestrel-crypto/secp256k1/internal/group"
	"github.com/kestrel-crypto/secp256k1/internal/scalar"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref"
)

// testH is zkp's secp256k1_generator_h.
var testH = func() group.Affine {
	var xb, yb [32]byte
	copy(xb[:], testref.MustHex("50929b74c1a04954b78b4b6035e97a5e078a5a0f28ec96d547bfee9ace803ac0"))
	copy(yb[:], testref.MustHex("31d3c6863973926e049e637cb1b5f40a36dac28af1766968c30c2313f3a38904"))
	var a group.Affine
	a.X.SetBytes(&xb)
	a.Y.SetBytes(&yb)
	return a
}()

func commitPoint(blind *[32]byte, value uint64, gen *group.Affine) group.Affine {
	var b, v scalar.Scalar
	b.SetCanonicalBytes(blind)
	v.SetUint64(value)
	var g, bG, vH group.Jacobian
	g.SetAffine(gen)
	ecmult.ScalarBaseMult(&bG, &b)
	ecmult.ScalarMult(&vH, &v, &g)
	bG.Add(&bG, &vH)
	var a group.Affine
	a.SetJacobian(&bG)
	return a
}

var _ = field.Element{}

func TestInternalRoundTrip(t *testing.T) {
	seed := rand.Uint64()
	t.Logf("seed %d", seed)
	rng := rand.New(rand.NewPCG(seed, 2))
	for it := range 60 {
		var blind, nonce [32]byte
		for i := range blind {
			blind[i] = byte(rng.Uint32())
			nonce[i] = byte(rng.Uint32())
		}
		blind[0] &= 0x7f
		value := rng.Uint64() >> rng.IntN(64)
		minValue := uint64(0)
		if rng.IntN(2) == 0 {
			minValue = value >> rng.IntN(8)
		}
		exp := rng.IntN(20) - 1
		minBits := rng.IntN(65)
		if it%3 == 0 {
			minBits = 64
		}
		C := commitPoint(&blind, value, &testH)
		msg := make([]byte, rng.IntN(100))
		for i := range msg {
			msg[i] = byte(rng.Uint32())
		}
		extra := []byte("extra")
		proof, err := signPoints(value, minValue, exp, minBits, &nonce, msg, extra, &C, &blind, &testH)
		if err != nil {
			if err == ErrMessageLength || err == ErrParameters {
				continue
			}
			t.Fatalf("sign(%d, %d, %d, %d): %v", value, minValue, exp, minBits, err)
		}
		var p parsed
		if err := verifyPoints(&p, proof, &C, &testH, extra); err != nil {
			t.Fatalf("verify(%d, %d, %d, %d): %v", value, minValue, exp, minBits, err)
		}
		if p.h.MinValue > value || p.h.MaxValue < value {
			t.Fatalf("range [%d, %d] misses %d", p.h.MinValue, p.h.MaxValue, value)
		}
		var rw rewound
		if err := rewindPoints(&rw, &p, proof, &nonce, &C, &testH, extra); err != nil {
			t.Fatalf("rewind(%d, %d, %d, %d): %v", value, minValue, exp, minBits, err)
		}
		var bl scalar.Scalar
		bl.SetCanonicalBytes(&blind)
		if rw.value != value || rw.blind.Equal(&bl) != 1 || !bytes.HasPrefix(rw.message[:rw.msgLen], msg) {
			t.Fatalf("rewind(%d, %d, %d, %d) = %d, message %x", value, minValue, exp, minBits, rw.value, rw.message[:rw.msgLen])
		}
		proof[len(proof)-1] ^= 1
		if err := verifyPoints(&p, proof, &C, &testH, extra); err == nil {
			t.Fatal("changed proof verifies")
		}
	}
}
