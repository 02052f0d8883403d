package musig2

import (
	"math/rand/v2"
	"testing"

	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/internal/door"
	"github.com/kestrel-crypto/secp256k1/internal/scalar"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/dudect"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/dudect/dudectkey"
)

// Statistical timing tests of partial signing (internal/testkit/dudect,
// docs/constant-time.md): the secrets fixed (class 0) against fresh random
// ones (class 1). By default they only log |t|; KESTREL_DUDECT=1e6 runs a
// million measurements per test and fails on max |t| ≥ 4.5.
//
// They time partialSign, which is Sign without its self-verification of the
// partial signature. That verification is variable time on public values,
// the partial signature and the signer's public nonce, which the fixed class
// fixes and the random class varies: timing it would compare public values,
// and does: timed whole, Sign's random class is 1 to 2 µs slower, with |t|
// from 2.4 to 74 in 2,000 measurements and 9.6 in 20,000.
//
// The signer is the first of two; the co-signer's key, the aggregate nonce
// and the message are fixed. The aggregate nonce does not contain the
// signer's nonce, which Sign does not check: the partial signature still
// verifies against the signer's own public nonce.

// dudectSink and dudectErr keep the results alive.
var (
	dudectSink scalar.Scalar
	dudectErr  error
)

// signInput is an input of partialSign: the secrets (the class), then the
// session over the signer's public key and the secret nonce, made afresh
// for every call in both classes. The nonce must be new because
// partialSign consumes it; the session, so that both classes read it from
// memory equally cold: a class-0 session shared by all slots stays in the
// cache and makes the fixed class 0.5 µs faster (|t| of 16 to 27 in 2,000
// measurements).
type signInput struct {
	sk      secp256k1.PrivateKey
	k1, k2  secp256k1.Scalar
	pk      [33]byte
	session *SessionContext
	nonce   *SecNonce
}

// signSetup holds the fixed public inputs of the signing tests.
type signSetup struct {
	coSigner []byte   // the co-signer's public key
	aggNonce AggNonce // of two other nonces
	msg      []byte
}

// newSignSetup returns the fixed public inputs, drawn from a fixed seed.
func newSignSetup(t *testing.T) *signSetup {
	rng := rand.New(rand.NewPCG(2, 2))
	s := &signSetup{coSigner: dudectkey.Random(rng).PublicKey().BytesCompressed(), msg: make([]byte, 32)}
	dudect.RandomBytes(rng, s.msg)
	var nonces [2]PubNonce
	for i := range nonces {
		k1, k2 := dudectScalar(rng), dudectScalar(rng)
		testNonce(&k1, &k2, nil, (*[66]byte)(&nonces[i]))
	}
	agg, err := NonceAgg(nonces[:])
	if err != nil {
		t.Fatal(err)
	}
	s.aggNonce = *agg
	return s
}

// input returns the class input for the key sk and the nonce (k1, k2).
func input(sk *secp256k1.PrivateKey, k1, k2 *secp256k1.Scalar) signInput {
	return signInput{sk: *sk, k1: *k1, k2: *k2, pk: [33]byte(sk.PublicKey().BytesCompressed())}
}

// fresh gives in a new session and a new secret nonce with its values k1
// and k2.
func (s *signSetup) fresh(in *signInput, _ *rand.Rand) {
	var err error
	in.session, err = NewSessionContext(&s.aggNonce, [][]byte{in.pk[:], s.coSigner}, nil, nil, s.msg)
	if err != nil {
		panic(err) // the keys are valid and the aggregate nonce too
	}
	in.nonce = &SecNonce{st: testNonce(&in.k1, &in.k2, &in.pk, new([66]byte))}
}

// dudectScalar returns a random nonzero scalar drawn from rng.
func dudectScalar(rng *rand.Rand) secp256k1.Scalar {
	return *dudectkey.Random(rng).Scalar()
}

// run times partialSign in a subtest: fixed (class 0) against random(rng)
// (class 1), with fresh sessions and nonces.
func (s *signSetup) run(t *testing.T, name string, fixed signInput, random func(*rand.Rand) signInput) {
	t.Run(name, func(t *testing.T) {
		var fails dudect.Failures
		tg := dudect.FixedVsRandomFresh(&fixed, random, s.fresh, func(in *signInput) {
			d, _ := door.PrivateKey(&in.sk)
			_, dudectErr = in.session.partialSign(&dudectSink, in.nonce, &d, nil)
			fails.Add(dudectErr)
		})
		dudect.RunChecked(t, tg, 2000, psigBytes, &fails)
	})
}

// TestDudectSign times partial signing in the key and the nonce together:
// class 0 the key 1 with the nonce (1, 1), or a random key and nonce;
// class 1 a random key and nonce. The public inputs are fixed but for the
// signer's public key, which follows its key, and the session values
// derived from it (its key aggregation coefficient, Q, b and e).
func TestDudectSign(t *testing.T) {
	s := newSignSetup(t)
	var one secp256k1.Scalar
	one.SetUint64(1)
	rng := rand.New(rand.NewPCG(1, 1))
	for _, fx := range []struct {
		name   string
		sk     *secp256k1.PrivateKey
		k1, k2 secp256k1.Scalar
	}{
		{"1", dudectkey.Fixed()[0].Key, one, one},
		{"random", dudectkey.Random(rng), dudectScalar(rng), dudectScalar(rng)},
	} {
		s.run(t, "key,nonce="+fx.name, input(fx.sk, &fx.k1, &fx.k2), func(rng *rand.Rand) signInput {
			k1, k2 := dudectScalar(rng), dudectScalar(rng)
			return input(dudectkey.Random(rng), &k1, &k2)
		})
	}
}

// TestDudectSignNonce times partial signing in the nonce alone, with every
// other input fixed (the key a random one): the nonce fixed to (1, 1) or a
// random value (class 0) against random nonces (class 1).
func TestDudectSignNonce(t *testing.T) {
	s := newSignSetup(t)
	var one secp256k1.Scalar
	one.SetUint64(1)
	rng := rand.New(rand.NewPCG(1, 1))
	sk := dudectkey.Random(rng)
	for _, fx := range []struct {
		name   string
		k1, k2 secp256k1.Scalar
	}{
		{"1", one, one},
		{"random", dudectScalar(rng), dudectScalar(rng)},
	} {
		fixed := input(sk, &fx.k1, &fx.k2)
		s.run(t, "nonce="+fx.name, fixed, func(rng *rand.Rand) signInput {
			in := fixed
			in.k1, in.k2 = dudectScalar(rng), dudectScalar(rng)
			return in
		})
	}
}

// psigBytes returns the last partial signature, or nil if the call failed.
func psigBytes() []byte {
	if dudectErr != nil {
		return nil
	}
	var b [32]byte
	dudectSink.PutBytes(&b)
	return b[:]
}
