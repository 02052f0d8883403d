package adaptor

import (
	"math/rand/v2"
	"testing"

	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/dudect"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/dudect/dudectkey"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref"
)

// Statistical timing tests (internal/testkit/dudect, docs/constant-time.md)
// of the functions that handle secrets: SchnorrPreSign and ECDSAEncrypt in
// the signing key (which, with the other inputs fixed, also fixes the
// nonces), Adapt in the adaptor secret t and Decrypt in the decryption key
// y. Each secret is fixed (class 0: the key 1 or a fixed random key)
// against fresh random ones (class 1); the public inputs are fixed. By
// default the tests only log |t|; KESTREL_DUDECT=1e6 runs a million
// measurements per test and fails on max |t| ≥ 4.5. Each first checks,
// untimed, that the classes give different results and the calls succeed
// (dudect.RunChecked).

// dudectInputs returns the fixed public inputs: a message, aux randomness,
// an adaptor point and, made with them by a fixed key, a pre-signature and
// an ECDSA adaptor signature.
func dudectInputs(t *testing.T) (msg, aux []byte, T *secp256k1.PublicKey, pre *SchnorrPreSignature, a *ECDSASignature) {
	rng := rand.New(rand.NewPCG(3, 3))
	msg, aux = make([]byte, 32), make([]byte, 32)
	testref.FillRandom(rng, msg)
	testref.FillRandom(rng, aux)
	T = dudectkey.Random(rng).PublicKey()
	k := dudectkey.Random(rng)
	var err error
	if pre, err = SchnorrPreSign(k, msg, T, aux); err != nil {
		t.Fatal(err)
	}
	if a, err = ECDSAEncrypt(k, msg, T, aux); err != nil {
		t.Fatal(err)
	}
	return msg, aux, T, pre, a
}

// dudectRun times f on each fixed key against random keys; f returns the
// result's bytes (nil on failure) and adds its error to fails.
func dudectRun(t *testing.T, n int, f func(k *secp256k1.PrivateKey) ([]byte, error)) {
	for _, fx := range dudectkey.Fixed() {
		t.Run("key="+fx.Name, func(t *testing.T) {
			var last []byte
			var fails dudect.Failures
			tg := dudectkey.Target(fx.Key, func(k *secp256k1.PrivateKey) {
				var err error
				last, err = f(k)
				fails.Add(err)
			})
			dudect.RunChecked(t, tg, n, func() []byte { return last }, &fails)
		})
	}
}

func TestDudectSchnorrPreSign(t *testing.T) {
	msg, aux, T, _, _ := dudectInputs(t)
	dudectRun(t, 2000, func(k *secp256k1.PrivateKey) ([]byte, error) {
		p, err := SchnorrPreSign(k, msg, T, aux)
		if err != nil {
			return nil, err
		}
		return p.Bytes(), nil
	})
}

func TestDudectECDSAEncrypt(t *testing.T) {
	msg, aux, T, _, _ := dudectInputs(t)
	dudectRun(t, 1000, func(k *secp256k1.PrivateKey) ([]byte, error) {
		a, err := ECDSAEncrypt(k, msg, T, aux)
		if err != nil {
			return nil, err
		}
		return a.Bytes(), nil
	})
}

func TestDudectAdapt(t *testing.T) {
	_, _, _, pre, _ := dudectInputs(t)
	dudectRun(t, 20000, func(k *secp256k1.PrivateKey) ([]byte, error) {
		return pre.Adapt(k)
	})
}

func TestDudectDecrypt(t *testing.T) {
	_, _, _, _, a := dudectInputs(t)
	dudectRun(t, 20000, func(k *secp256k1.PrivateKey) ([]byte, error) {
		sig, err := a.Decrypt(k)
		if err != nil {
			return nil, err
		}
		return sig.Compact(), nil
	})
}
