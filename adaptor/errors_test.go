package adaptor_test

import (
	"bytes"
	"errors"
	"testing"

	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/adaptor"
	"github.com/kestrel-crypto/secp256k1/ecdsa"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref/testkey"
)

// nBytes is the group order n, big-endian.
var nBytes = testref.Bytes32(testref.N)

// notOnCurveX is an x coordinate (5) with no point: 5³ + 7 = 132 is not a
// square mod p.
var notOnCurveX = append(make([]byte, 31), 5)

// TestBadInputs feeds each parser and function bad values: wrong lengths,
// encodings that are not points, values not less than n, zero values. Each
// returns its named error (or false), never a panic.
func TestBadInputs(t *testing.T) {
	r := testref.Rand(t)
	k, tk := testkey.Random(t, r), testkey.Random(t, r)
	T := tk.PublicKey()
	msg := []byte("bad inputs")
	pre, err := adaptor.SchnorrPreSign(k, msg, T, nil)
	if err != nil {
		t.Fatal(err)
	}
	good := pre.Bytes()
	mod := func(f func(b []byte) []byte) []byte { return f(append([]byte{}, good...)) }
	for name, b := range map[string][]byte{
		"nil":            nil,
		"short":          good[:64],
		"long":           append(good, 0),
		"prefix 04":      mod(func(b []byte) []byte { b[0] = 4; return b }),
		"prefix 00":      mod(func(b []byte) []byte { b[0] = 0; return b }),
		"x not on curve": mod(func(b []byte) []byte { copy(b[1:33], notOnCurveX); return b }),
		"x = p":          mod(func(b []byte) []byte { copy(b[1:33], testref.Bytes32(testref.P)); return b }),
		"s = n":          mod(func(b []byte) []byte { copy(b[33:], nBytes); return b }),
		"s = 2²⁵⁶ − 1":   mod(func(b []byte) []byte { copy(b[33:], bytes.Repeat([]byte{0xff}, 32)); return b }),
	} {
		if _, err := adaptor.ParseSchnorrPreSignature(b); !errors.Is(err, adaptor.ErrPreSignature) {
			t.Errorf("ParseSchnorrPreSignature(%s): %v, want ErrPreSignature", name, err)
		}
	}
	for _, parity := range []int{-1, 2} {
		if _, err := adaptor.NewSchnorrPreSignature(pre.Bytes64(), parity); !errors.Is(err, adaptor.ErrPreSignature) {
			t.Errorf("NewSchnorrPreSignature with parity %d: %v", parity, err)
		}
	}
	if _, err := adaptor.NewSchnorrPreSignature(pre.Bytes64()[:63], 0); !errors.Is(err, adaptor.ErrPreSignature) {
		t.Errorf("NewSchnorrPreSignature of 63 bytes: %v", err)
	}
	sig, _ := pre.Adapt(tk)
	for name, s := range map[string][]byte{
		"nil":      nil,
		"63 bytes": sig[:63],
		"other R":  append(bytes.Repeat([]byte{1}, 32), sig[32:]...),
		"s = n":    append(append([]byte{}, sig[:32]...), nBytes...),
	} {
		if _, err := pre.Extract(s); !errors.Is(err, adaptor.ErrSignature) {
			t.Errorf("Extract(%s): %v, want ErrSignature", name, err)
		}
	}
	if _, err := pre.Extract(pre.Bytes64()); !errors.Is(err, adaptor.ErrZeroSecret) {
		t.Errorf("Extract of the pre-signature itself: %v, want ErrZeroSecret", err)
	}
	if _, err := adaptor.SchnorrPreSign(k, msg, T, make([]byte, 31)); !errors.Is(err, adaptor.ErrAuxRand) {
		t.Errorf("SchnorrPreSign with 31 bytes of aux: %v", err)
	}

	// ECDSA.
	y := testkey.Random(t, r)
	hash := make([]byte, 32)
	a, err := adaptor.ECDSAEncrypt(k, hash, y.PublicKey(), nil)
	if err != nil {
		t.Fatal(err)
	}
	ag := a.Bytes()
	amod := func(f func(b []byte) []byte) []byte { return f(append([]byte{}, ag...)) }
	for name, b := range map[string][]byte{
		"nil":             nil,
		"161 bytes":       ag[:161],
		"163 bytes":       append(ag, 0),
		"R prefix 04":     amod(func(b []byte) []byte { b[0] = 4; return b }),
		"R' prefix 00":    amod(func(b []byte) []byte { b[33] = 0; return b }),
		"R not on curve":  amod(func(b []byte) []byte { copy(b[1:33], notOnCurveX); return b }),
		"R' not on curve": amod(func(b []byte) []byte { copy(b[34:66], notOnCurveX); return b }),
		"s' = 0":          amod(func(b []byte) []byte { clear(b[66:98]); return b }),
		"s' = n":          amod(func(b []byte) []byte { copy(b[66:98], nBytes); return b }),
		"s = n":           amod(func(b []byte) []byte { copy(b[130:], nBytes); return b }),
	} {
		if _, err := adaptor.ParseECDSASignature(b); !errors.Is(err, adaptor.ErrECDSASignature) {
			t.Errorf("ParseECDSASignature(%s): %v, want ErrECDSASignature", name, err)
		}
	}
	// e ≥ n is reduced, as in zkp: e = n parses as e = 0.
	if p, err := adaptor.ParseECDSASignature(amod(func(b []byte) []byte { copy(b[98:130], nBytes); return b })); err != nil || !bytes.Equal(p.Bytes()[98:130], make([]byte, 32)) {
		t.Errorf("e = n: %v, want it parsed as 0", err)
	}
	if _, err := adaptor.ECDSAEncrypt(k, hash[:31], y.PublicKey(), nil); !errors.Is(err, adaptor.ErrHash) {
		t.Errorf("ECDSAEncrypt with a 31-byte hash: %v", err)
	}
	if _, err := adaptor.ECDSAEncrypt(k, hash, y.PublicKey(), make([]byte, 33)); !errors.Is(err, adaptor.ErrAuxRand) {
		t.Errorf("ECDSAEncrypt with 33 bytes of aux: %v", err)
	}
	if _, err := a.Recover(nil, y.PublicKey()); !errors.Is(err, adaptor.ErrRecover) {
		t.Errorf("Recover(nil): %v", err)
	}
	if _, err := a.Recover(ecdsa.NewSignature(new(secp256k1.Scalar).SetUint64(1), new(secp256k1.Scalar)), y.PublicKey()); !errors.Is(err, adaptor.ErrRecover) {
		t.Errorf("Recover of another r: %v", err)
	}
	sig0, _ := a.Decrypt(y)
	if _, err := a.Recover(ecdsa.NewSignature(sig0.R(), new(secp256k1.Scalar)), y.PublicKey()); !errors.Is(err, adaptor.ErrRecover) {
		t.Errorf("Recover of s = 0: %v", err)
	}
}

// TestZeroValues checks the zero-value rule: the zero (and nil)
// pre-signature, adaptor signature, key and public key give errors
// wrapping secp256k1.ErrUninitialized, false from the verifiers, and
// panics naming the type from the methods without an error result.
func TestZeroValues(t *testing.T) {
	r := testref.Rand(t)
	k, tk := testkey.Random(t, r), testkey.Random(t, r)
	T := tk.PublicKey()
	msg := make([]byte, 32)
	pre, _ := adaptor.SchnorrPreSign(k, msg, T, nil)
	a, _ := adaptor.ECDSAEncrypt(k, msg, T, nil)
	zk, zp := new(secp256k1.PrivateKey), new(secp256k1.PublicKey)
	var nilPre *adaptor.SchnorrPreSignature
	var nilA *adaptor.ECDSASignature
	errs := map[string]error{}
	_, errs["SchnorrPreSign zero key"] = adaptor.SchnorrPreSign(zk, msg, T, nil)
	_, errs["SchnorrPreSign zero T"] = adaptor.SchnorrPreSign(k, msg, zp, nil)
	_, errs["SchnorrPreSign nil T"] = adaptor.SchnorrPreSign(k, msg, nil, nil)
	_, errs["Adapt zero t"] = pre.Adapt(zk)
	_, errs["Adapt nil t"] = pre.Adapt(nil)
	_, errs["Adapt zero pre"] = new(adaptor.SchnorrPreSignature).Adapt(tk)
	_, errs["Adapt nil pre"] = nilPre.Adapt(tk)
	_, errs["Extract zero pre"] = new(adaptor.SchnorrPreSignature).Extract(make([]byte, 64))
	_, errs["ECDSAEncrypt zero key"] = adaptor.ECDSAEncrypt(zk, msg, T, nil)
	_, errs["ECDSAEncrypt zero Y"] = adaptor.ECDSAEncrypt(k, msg, zp, nil)
	_, errs["Decrypt zero y"] = a.Decrypt(zk)
	_, errs["Decrypt zero sig"] = new(adaptor.ECDSASignature).Decrypt(tk)
	_, errs["Decrypt nil sig"] = nilA.Decrypt(tk)
	_, errs["Recover zero Y"] = a.Recover(ecdsa.NewSignature(new(secp256k1.Scalar).SetUint64(1), new(secp256k1.Scalar).SetUint64(1)), zp)
	_, errs["Recover zero sig"] = new(adaptor.ECDSASignature).Recover(ecdsa.NewSignature(new(secp256k1.Scalar).SetUint64(1), new(secp256k1.Scalar).SetUint64(1)), T)
	for name, err := range errs {
		if !errors.Is(err, secp256k1.ErrUninitialized) {
			t.Errorf("%s: %v, want ErrUninitialized", name, err)
		}
	}
	pub := k.PublicKey()
	if adaptor.SchnorrPreVerify(pub, msg, T, new(adaptor.SchnorrPreSignature)) || adaptor.SchnorrPreVerify(pub, msg, T, nil) ||
		adaptor.SchnorrPreVerify(zp, msg, T, pre) || adaptor.SchnorrPreVerify(pub, msg, zp, pre) || adaptor.SchnorrPreVerify(nil, msg, T, pre) {
		t.Error("SchnorrPreVerify reports a zero value valid")
	}
	if adaptor.ECDSAVerify(pub, msg, T, new(adaptor.ECDSASignature)) || adaptor.ECDSAVerify(pub, msg, T, nil) ||
		adaptor.ECDSAVerify(zp, msg, T, a) || adaptor.ECDSAVerify(pub, msg, zp, a) {
		t.Error("ECDSAVerify reports a zero value valid")
	}
	zpre := new(adaptor.SchnorrPreSignature)
	za := new(adaptor.ECDSASignature)
	testref.ExpectPanic(t, "SchnorrPreSignature.Bytes", "SchnorrPreSignature", func() { zpre.Bytes() })
	testref.ExpectPanic(t, "SchnorrPreSignature.Bytes64", "SchnorrPreSignature", func() { zpre.Bytes64() })
	testref.ExpectPanic(t, "SchnorrPreSignature.NonceParity", "SchnorrPreSignature", func() { zpre.NonceParity() })
	testref.ExpectPanic(t, "SchnorrPreSignature.R", "SchnorrPreSignature", func() { zpre.R() })
	testref.ExpectPanic(t, "SchnorrPreSignature.Equal", "SchnorrPreSignature", func() { pre.Equal(zpre) })
	testref.ExpectPanic(t, "ECDSASignature.Bytes", "ECDSASignature", func() { za.Bytes() })
	testref.ExpectPanic(t, "ECDSASignature.Equal", "ECDSASignature", func() { a.Equal(za) })
}
