package frost

import (
	"math/rand/v2"
	"testing"

	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/internal/door"
	"github.com/kestrel-crypto/secp256k1/internal/mpsig"
	"github.com/kestrel-crypto/secp256k1/internal/scalar"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/dudect"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/dudect/dudectkey"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref"
)

// Statistical timing tests of partial signing (internal/testkit/dudect,
// docs/constant-time.md): the secrets fixed (class 0) against fresh random
// ones (class 1). By default they only log |t|; KESTREL_DUDECT=1e6 runs a
// million measurements per test and fails on max |t| ≥ 4.5.
//
// They time SessionContext.sign, Sign's arithmetic after its argument
// checks and after it took the nonce: the secret share and the secret nonce
// go in, the partial signature comes out. Sign's self-verification that
// follows is variable time on public values (the partial signature and the
// public nonce), which the fixed class fixes: timing it would compare
// public values, as musig2's ct_timing_test.go explains. The session (a
// 2-of-3 key, signer index 0) is fixed; sign does not read the share's
// public share.

var (
	dudectSink scalar.Scalar
	dudectErr  error
)

// signInput is the class input: the share and the nonce, and the nonce
// state made afresh for each call (sign zeroes it).
type signInput struct {
	d      secp256k1.Scalar
	k1, k2 secp256k1.Scalar
	share  SecretShare
	nonce  *SecNonce
}

func dudectScalar(rng *rand.Rand) secp256k1.Scalar {
	return *dudectkey.Random(rng).Scalar()
}

func fresh(in *signInput, _ *rand.Rand) {
	in.share = SecretShare{d: door.Scalar(&in.d)}
	st := mpsig.NewSecNonce()
	st.K1, st.K2 = door.Scalar(&in.k1), door.Scalar(&in.k2)
	in.nonce = &SecNonce{st: st}
}

func TestDudectSign(t *testing.T) {
	r := testref.Rand(t)
	s := newSetup(t, r, 3, 2)
	ids := []int{0, 1}
	signers := s.signers(t, ids)
	_, p0, _ := NonceGen(nil)
	_, p1, _ := NonceGen(nil)
	agg, _ := NonceAgg([]PubNonce{*p0, *p1})
	session, err := NewSessionContext(signers, agg, nil, nil, make([]byte, 32))
	if err != nil {
		t.Fatal(err)
	}
	var one secp256k1.Scalar
	one.SetUint64(1)
	rng := rand.New(rand.NewPCG(1, 1))
	for _, fx := range []struct {
		name      string
		d, k1, k2 secp256k1.Scalar
	}{
		{"1", one, one, one},
		{"random", dudectScalar(rng), dudectScalar(rng), dudectScalar(rng)},
	} {
		t.Run("share,nonce="+fx.name, func(t *testing.T) {
			var fails dudect.Failures
			fixed := signInput{d: fx.d, k1: fx.k1, k2: fx.k2}
			tg := dudect.FixedVsRandomFresh(&fixed, func(rng *rand.Rand) signInput {
				return signInput{d: dudectScalar(rng), k1: dudectScalar(rng), k2: dudectScalar(rng)}
			}, fresh, func(in *signInput) {
				dudectErr = session.sign(&dudectSink, in.nonce, &in.share, 0)
				fails.Add(dudectErr)
			})
			dudect.RunChecked(t, tg, 2000, func() []byte {
				if dudectErr != nil {
					return nil
				}
				return scalarBytes(&dudectSink)
			}, &fails)
		})
	}
}
