package secp256k1_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/bip322"
	"github.com/kestrel-crypto/secp256k1/btcaddr"
	"github.com/kestrel-crypto/secp256k1/ecdh"
	"github.com/kestrel-crypto/secp256k1/ecdsa"
	"github.com/kestrel-crypto/secp256k1/ellswift"
	"github.com/kestrel-crypto/secp256k1/keyfmt"
	"github.com/kestrel-crypto/secp256k1/schnorr"
)

// FuzzMisuse drives the public API with the values a careless or hostile
// caller can construct without unsafe: nil and zero-value keys beside valid
// ones, bytes of any length, in any combination. The zero-value rule must
// hold for every call (ErrUninitialized; the key types' docs): a function
// with an error result never panics and returns ErrUninitialized when a key
// argument is nil or the zero value; one without an error result panics,
// with a message that says "uninitialized", exactly then.
func FuzzMisuse(f *testing.F) {
	f.Add([]byte{0, 0, 0}, []byte("message"))
	f.Add([]byte{1, 2, 3, 4, 5, 6, 7, 8}, []byte{})
	f.Add([]byte{9, 1, 1, 10, 3, 3, 11, 0, 2}, make([]byte, 64))
	for op := range misuseOps {
		f.Add([]byte{byte(op), 0, 1, byte(op), 2, 3, byte(op), 1, 0}, []byte{byte(op)})
	}
	valid1, _ := secp256k1.NewPrivateKey([]byte("kestrel misuse fuzz: first key.."))
	valid2, _ := secp256k1.NewPrivateKey([]byte("kestrel misuse fuzz: second key."))
	privs := []*secp256k1.PrivateKey{nil, new(secp256k1.PrivateKey), valid1, valid2}
	pubs := []*secp256k1.PublicKey{nil, new(secp256k1.PublicKey), valid1.PublicKey(), valid2.PublicKey()}
	f.Fuzz(func(t *testing.T, prog, data []byte) {
		for i := 0; i+2 < len(prog) && i < 3*16; i += 3 {
			op := misuseOps[int(prog[i])%len(misuseOps)]
			k, p := privs[prog[i+1]%4], pubs[prog[i+2]%4]
			bad := (op.priv && prog[i+1]%4 < 2) || (op.pub && prog[i+2]%4 < 2)
			runMisuse(t, op, bad, func() error { return op.call(k, p, data) })
		}
	})
}

// A misuseOp is one public function: whether it takes a private key, a
// public key, and whether it has an error result.
type misuseOp struct {
	name      string
	priv, pub bool
	hasErr    bool
	call      func(k *secp256k1.PrivateKey, p *secp256k1.PublicKey, data []byte) error
}

// runMisuse calls op and checks the zero-value rule.
func runMisuse(t *testing.T, op misuseOp, bad bool, call func() error) {
	t.Helper()
	var err error
	panicked, msg := func() (p bool, msg string) {
		defer func() {
			if r := recover(); r != nil {
				p, msg = true, fmt.Sprint(r)
			}
		}()
		err = call()
		return false, ""
	}()
	switch {
	case op.hasErr && panicked:
		t.Fatalf("%s (zero key: %v) panicked: %s", op.name, bad, msg)
	case op.hasErr && bad && !errors.Is(err, secp256k1.ErrUninitialized):
		t.Fatalf("%s with a nil or zero key: %v, want ErrUninitialized", op.name, err)
	case op.hasErr && !bad && errors.Is(err, secp256k1.ErrUninitialized):
		t.Fatalf("%s with valid keys: ErrUninitialized", op.name)
	case !op.hasErr && bad && !(panicked && strings.Contains(msg, "uninitialized")):
		t.Fatalf("%s with a nil or zero key: panicked %v (%q), want a panic naming the uninitialized type", op.name, panicked, msg)
	case !op.hasErr && !bad && panicked:
		t.Fatalf("%s with valid keys panicked: %s", op.name, msg)
	}
}

// pad returns data cut or zero-padded to n bytes.
func pad(data []byte, n int) []byte {
	out := make([]byte, n)
	copy(out, data)
	return out
}

var misuseOps = []misuseOp{
	{"PrivateKey.PublicKey", true, false, false, func(k *secp256k1.PrivateKey, _ *secp256k1.PublicKey, _ []byte) error {
		k.PublicKey()
		return nil
	}},
	{"PrivateKey.Bytes", true, false, false, func(k *secp256k1.PrivateKey, _ *secp256k1.PublicKey, _ []byte) error {
		k.Bytes()
		return nil
	}},
	{"PrivateKey.TweakAdd", true, false, true, func(k *secp256k1.PrivateKey, _ *secp256k1.PublicKey, d []byte) error {
		_, err := k.TweakAdd(d)
		return err
	}},
	{"PrivateKey.TweakMul", true, false, true, func(k *secp256k1.PrivateKey, _ *secp256k1.PublicKey, d []byte) error {
		_, err := k.TweakMul(d)
		return err
	}},
	{"PublicKey.TweakAdd", false, true, true, func(_ *secp256k1.PrivateKey, p *secp256k1.PublicKey, d []byte) error {
		_, err := p.TweakAdd(d)
		return err
	}},
	{"PublicKey.TweakMul", false, true, true, func(_ *secp256k1.PrivateKey, p *secp256k1.PublicKey, d []byte) error {
		_, err := p.TweakMul(d)
		return err
	}},
	{"PublicKey.BytesCompressed", false, true, false, func(_ *secp256k1.PrivateKey, p *secp256k1.PublicKey, _ []byte) error {
		p.BytesCompressed()
		return nil
	}},
	{"PublicKey.Negate", false, true, false, func(_ *secp256k1.PrivateKey, p *secp256k1.PublicKey, _ []byte) error {
		p.Negate()
		return nil
	}},
	{"CombinePublicKeys", false, true, true, func(_ *secp256k1.PrivateKey, p *secp256k1.PublicKey, _ []byte) error {
		_, err := secp256k1.CombinePublicKeys(p, p)
		return err
	}},
	{"ecdsa.Sign", true, false, true, func(k *secp256k1.PrivateKey, _ *secp256k1.PublicKey, d []byte) error {
		_, err := ecdsa.Sign(k, d)
		return err
	}},
	{"ecdsa.SignRecoverable", true, false, true, func(k *secp256k1.PrivateKey, _ *secp256k1.PublicKey, d []byte) error {
		_, err := ecdsa.SignRecoverable(k, d)
		return err
	}},
	{"ecdsa.SignCompact", true, false, true, func(k *secp256k1.PrivateKey, _ *secp256k1.PublicKey, d []byte) error {
		_, err := ecdsa.SignCompact(k, d, len(d)%2 == 0)
		return err
	}},
	{"ecdsa.Signer.Sign", true, false, true, func(k *secp256k1.PrivateKey, _ *secp256k1.PublicKey, d []byte) error {
		_, err := (&ecdsa.Signer{Key: k}).Sign(nil, d, nil)
		return err
	}},
	{"ecdsa.Verify", false, false, false, func(_ *secp256k1.PrivateKey, p *secp256k1.PublicKey, d []byte) error {
		sig, err := ecdsa.ParseCompactSignature(pad(d, 64))
		if err != nil {
			sig, _ = ecdsa.ParseCompactSignature(make([]byte, 64))
		}
		if ecdsa.Verify(p, d, sig) && len(d) < 64 {
			return errors.New("a padded fuzz input verified")
		}
		return nil
	}},
	{"schnorr.Sign", true, false, true, func(k *secp256k1.PrivateKey, _ *secp256k1.PublicKey, d []byte) error {
		_, err := schnorr.Sign(k, d, pad(d, 32))
		return err
	}},
	{"schnorr.Verify", false, false, false, func(_ *secp256k1.PrivateKey, p *secp256k1.PublicKey, d []byte) error {
		if schnorr.Verify(p, d, pad(d, 64)) && len(d) < 64 {
			return errors.New("a padded fuzz input verified")
		}
		return nil
	}},
	{"schnorr.BatchVerifier.Add", false, true, true, func(_ *secp256k1.PrivateKey, p *secp256k1.PublicKey, d []byte) error {
		// A signature with r = 1 and s = 1, both in range, so that only the
		// key can make Add fail.
		sig := make([]byte, 64)
		sig[31], sig[63] = 1, 1
		b := schnorr.NewBatchVerifier()
		if err := b.Add(p, d, sig); err != nil {
			return err
		}
		if b.Verify() {
			return errors.New("a batch with an invalid signature verified")
		}
		return nil
	}},
	{"ecdh.SharedSecret", true, true, false, func(k *secp256k1.PrivateKey, p *secp256k1.PublicKey, _ []byte) error {
		ecdh.SharedSecret(k, p)
		return nil
	}},
	{"ellswift.Create", true, false, true, func(k *secp256k1.PrivateKey, _ *secp256k1.PublicKey, d []byte) error {
		_, err := ellswift.Create(k, pad(d, 32))
		return err
	}},
	{"ellswift.Encode", false, true, true, func(_ *secp256k1.PrivateKey, p *secp256k1.PublicKey, d []byte) error {
		_, err := ellswift.Encode(p, pad(d, 32))
		return err
	}},
	{"ellswift.XDH", true, false, true, func(k *secp256k1.PrivateKey, _ *secp256k1.PublicKey, d []byte) error {
		_, err := ellswift.XDH(pad(d, 64), pad(d, 64), k, len(d)%2 == 0)
		return err
	}},
	{"btcaddr.NewP2WPKH", false, true, true, func(_ *secp256k1.PrivateKey, p *secp256k1.PublicKey, _ []byte) error {
		_, err := btcaddr.NewP2WPKH(p, btcaddr.Mainnet)
		return err
	}},
	{"btcaddr.NewP2TRBIP86", false, true, true, func(_ *secp256k1.PrivateKey, p *secp256k1.PublicKey, _ []byte) error {
		_, err := btcaddr.NewP2TRBIP86(p, btcaddr.Mainnet)
		return err
	}},
	{"bip322.Sign", true, false, true, func(k *secp256k1.PrivateKey, _ *secp256k1.PublicKey, d []byte) error {
		_, err := bip322.Sign(k, misuseAddress(k, len(d)), d)
		return err
	}},
	{"bip322.SignLegacy", true, false, true, func(k *secp256k1.PrivateKey, _ *secp256k1.PublicKey, d []byte) error {
		_, err := bip322.SignLegacy(k, misuseAddress(k, len(d)), d)
		return err
	}},
	{"keyfmt.MarshalECPrivateKey", true, false, true, func(k *secp256k1.PrivateKey, _ *secp256k1.PublicKey, _ []byte) error {
		_, err := keyfmt.MarshalECPrivateKey(k)
		return err
	}},
	{"keyfmt.MarshalPKCS8PrivateKey", true, false, true, func(k *secp256k1.PrivateKey, _ *secp256k1.PublicKey, _ []byte) error {
		_, err := keyfmt.MarshalPKCS8PrivateKey(k)
		return err
	}},
	{"keyfmt.MarshalECPrivateKeyPEM", true, false, true, func(k *secp256k1.PrivateKey, _ *secp256k1.PublicKey, _ []byte) error {
		_, err := keyfmt.MarshalECPrivateKeyPEM(k)
		return err
	}},
	{"keyfmt.MarshalPKCS8PrivateKeyPEM", true, false, true, func(k *secp256k1.PrivateKey, _ *secp256k1.PublicKey, _ []byte) error {
		_, err := keyfmt.MarshalPKCS8PrivateKeyPEM(k)
		return err
	}},
	{"keyfmt.MarshalPrivateJWK", true, false, true, func(k *secp256k1.PrivateKey, _ *secp256k1.PublicKey, _ []byte) error {
		_, err := keyfmt.MarshalPrivateJWK(k)
		return err
	}},
	{"keyfmt.MarshalPKIXPublicKey", false, true, true, func(_ *secp256k1.PrivateKey, p *secp256k1.PublicKey, d []byte) error {
		var err error
		if len(d)%2 == 0 {
			_, err = keyfmt.MarshalPKIXPublicKey(p)
		} else {
			_, err = keyfmt.MarshalPKIXPublicKeyCompressed(p)
		}
		return err
	}},
	{"keyfmt.MarshalPublicKeyPEM", false, true, true, func(_ *secp256k1.PrivateKey, p *secp256k1.PublicKey, _ []byte) error {
		_, err := keyfmt.MarshalPublicKeyPEM(p)
		return err
	}},
	{"keyfmt.MarshalPublicJWK", false, true, true, func(_ *secp256k1.PrivateKey, p *secp256k1.PublicKey, _ []byte) error {
		_, err := keyfmt.MarshalPublicJWK(p)
		return err
	}},
}

// misuseAddress returns an address of k of a type chosen by n, or, for a
// nil or zero k, the P2WPKH address of the key 1.
func misuseAddress(k *secp256k1.PrivateKey, n int) *btcaddr.Address {
	if k.Validate() != nil {
		a, _ := btcaddr.Parse("bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4")
		return a
	}
	var a *btcaddr.Address
	switch n % 3 {
	case 0:
		a, _ = btcaddr.NewP2PKH(k.PublicKey(), true, btcaddr.Mainnet)
	case 1:
		a, _ = btcaddr.NewP2WPKH(k.PublicKey(), btcaddr.Mainnet)
	default:
		a, _ = btcaddr.NewP2SHP2WPKH(k.PublicKey(), btcaddr.Mainnet)
	}
	return a
}
