package s2c_test

import (
	"bytes"
	"errors"
	"math/big"
	"testing"

	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/ecdsa"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref"
	"github.com/kestrel-crypto/secp256k1/s2c"
)

// short scales the random tests down with -short.
var short = testref.Short{Div: 10, Min: 5}

// randomKey returns a random private key from rng.
func randomKey(t *testing.T, rng testref.Uint64er) *secp256k1.PrivateKey {
	for {
		k, err := secp256k1.NewPrivateKey(testref.RandomBytes(rng, 32))
		if err == nil {
			return k
		}
	}
}

// refCommitment returns, with math/big, the committed nonce point
// R₀ + hash_s2c/ecdsa/point(cbytes(R₀) ‖ data)·G of the opening enc.
func refCommitment(t *testing.T, enc, data []byte) testref.Point {
	t.Helper()
	R0, ok := testref.Lift(new(big.Int).SetBytes(enc[1:]), uint(enc[0]&1))
	if !ok || (enc[0] != 2 && enc[0] != 3) {
		t.Fatalf("opening %x is not a compressed point", enc)
	}
	h := testref.TaggedHash("s2c/ecdsa/point", enc, data)
	tw := new(big.Int).SetBytes(h[:])
	if tw.Cmp(testref.N) >= 0 {
		t.Fatalf("tweak ≥ n")
	}
	return testref.Add(R0, testref.ScalarMult(tw, testref.G))
}

// TestSignMathBig checks Sign's outputs against math/big: the signature's r
// is the x coordinate (mod n) of the opening tweaked by the data, the
// signature is the ECDSA signature of the hash by the key with that nonce
// point (s·R = e·G + r·P up to the sign of s), it is low-S, and the
// opening is SignerCommit's for the host commitment of the data (zkp
// derives both nonces from hash_s2c/ecdsa/data(data)).
func TestSignMathBig(t *testing.T) {
	rng := testref.PCG(t)
	for range short.Count(t, 200) {
		k := randomKey(t, rng)
		hash, data := testref.RandomBytes(rng, 32), testref.RandomBytes(rng, 32)
		sig, op, err := s2c.Sign(k, hash, data)
		if err != nil {
			t.Fatal(err)
		}
		C := refCommitment(t, op.Bytes(), data)
		r := new(big.Int).SetBytes(sig.R().Bytes())
		s := new(big.Int).SetBytes(sig.S().Bytes())
		if new(big.Int).Mod(C.X, testref.N).Cmp(r) != 0 {
			t.Fatalf("r = %x is not x(R₀ + t·G) mod n", r)
		}
		if !sig.IsLowS() {
			t.Fatalf("high S")
		}
		e := new(big.Int).SetBytes(hash)
		e.Mod(e, testref.N)
		d := new(big.Int).SetBytes(k.Bytes())
		rhs := testref.Add(testref.ScalarMult(e, testref.G), testref.ScalarMult(new(big.Int).Mul(r, d), testref.G))
		sC := testref.ScalarMult(s, C)
		if !testref.Equal(sC, rhs) && !testref.Equal(sC, testref.Neg(rhs)) {
			t.Fatalf("s·R ≠ ±(e·G + r·P)")
		}
		hc, err := s2c.HostCommit(data)
		if err != nil {
			t.Fatal(err)
		}
		if want := testref.TaggedHash("s2c/ecdsa/data", data); !bytes.Equal(hc, want[:]) {
			t.Fatalf("HostCommit %x, want %x", hc, want)
		}
		sop, err := s2c.SignerCommit(k, hash, hc)
		if err != nil || !sop.Equal(op) {
			t.Fatalf("SignerCommit(HostCommit(data)) = %v, %v; want Sign's opening", sop, err)
		}
		// Deterministic: the same inputs give the same signature.
		sig2, op2, _ := s2c.Sign(k, hash, data)
		if !sig2.Equal(sig) || !op2.Equal(op) {
			t.Fatalf("Sign is not deterministic")
		}
	}
}

// TestAntiExfilProtocol runs the protocol's steps and checks that
// HostVerify accepts the honest run and rejects each tampered input with
// the named error, as zkp's test_ecdsa_anti_exfil does.
func TestAntiExfilProtocol(t *testing.T) {
	rng := testref.PCG(t)
	for range short.Count(t, 50) {
		k := randomKey(t, rng)
		pub := k.PublicKey()
		hash, rho := testref.RandomBytes(rng, 32), testref.RandomBytes(rng, 32)
		hc, err := s2c.HostCommit(rho)
		if err != nil {
			t.Fatal(err)
		}
		op, err := s2c.SignerCommit(k, hash, hc)
		if err != nil {
			t.Fatal(err)
		}
		sig, err := s2c.AntiExfilSign(k, hash, rho)
		if err != nil {
			t.Fatal(err)
		}
		if err := s2c.HostVerify(sig, pub, hash, rho, op); err != nil {
			t.Fatalf("HostVerify of an honest run: %v", err)
		}
		if !ecdsa.Verify(pub, hash, sig) {
			t.Fatal("the signature does not verify")
		}

		// A signature of another nonce (plain ECDSA: the device ignored ρ).
		plain, _ := ecdsa.Sign(k, hash)
		if err := s2c.HostVerify(plain, pub, hash, rho, op); !errors.Is(err, s2c.ErrCommitment) {
			t.Errorf("plain ECDSA signature: %v, want ErrCommitment", err)
		}
		// Each byte of r changed (zkp's tamper loop).
		c := sig.Compact()
		for i := range 32 {
			c[i]++
			bad, err := ecdsa.ParseCompactSignature(c)
			c[i]--
			if err != nil {
				continue // r ≥ n
			}
			if err := s2c.HostVerify(bad, pub, hash, rho, op); !errors.Is(err, s2c.ErrCommitment) {
				t.Fatalf("r byte %d changed: %v, want ErrCommitment", i, err)
			}
		}
		// s changed: the commitment holds, the signature does not verify.
		c[63] ^= 1
		if bad, err := ecdsa.ParseCompactSignature(c); err == nil {
			if err := s2c.HostVerify(bad, pub, hash, rho, op); !errors.Is(err, s2c.ErrSignature) {
				t.Errorf("s changed: %v, want ErrSignature", err)
			}
		}
		c[63] ^= 1
		// Another ρ, another opening, another hash, another key.
		rho2 := bytes.Clone(rho)
		rho2[0] ^= 1
		if err := s2c.HostVerify(sig, pub, hash, rho2, op); !errors.Is(err, s2c.ErrCommitment) {
			t.Errorf("another ρ: %v, want ErrCommitment", err)
		}
		op2, _ := s2c.SignerCommit(k, hash, rho)
		if err := s2c.HostVerify(sig, pub, hash, rho, op2); !errors.Is(err, s2c.ErrCommitment) {
			t.Errorf("another opening: %v, want ErrCommitment", err)
		}
		hash2 := bytes.Clone(hash)
		hash2[31] ^= 1
		if err := s2c.HostVerify(sig, pub, hash2, rho, op); !errors.Is(err, s2c.ErrSignature) {
			t.Errorf("another hash: %v, want ErrSignature", err)
		}
		if err := s2c.HostVerify(sig, randomKey(t, rng).PublicKey(), hash, rho, op); !errors.Is(err, s2c.ErrSignature) {
			t.Errorf("another key: %v, want ErrSignature", err)
		}
		// A high-S form of the signature commits but does not verify.
		hs, _ := ecdsa.ParseCompactSignature(c)
		var neg secp256k1.Scalar
		high := ecdsa.NewSignature(hs.R(), neg.Negate(hs.S()))
		if err := s2c.VerifyCommit(high, rho, op); err != nil {
			t.Errorf("high-S VerifyCommit: %v", err)
		}
		if err := s2c.HostVerify(high, pub, hash, rho, op); !errors.Is(err, s2c.ErrSignature) {
			t.Errorf("high S: %v, want ErrSignature", err)
		}
	}
}

// TestInvalidInputs checks that zero values, nil and malformed inputs give
// the named errors and no panic.
func TestInvalidInputs(t *testing.T) {
	rng := testref.PCG(t)
	k := randomKey(t, rng)
	pub := k.PublicKey()
	h32, d32 := testref.RandomBytes(rng, 32), testref.RandomBytes(rng, 32)
	sig, op, err := s2c.Sign(k, h32, d32)
	if err != nil {
		t.Fatal(err)
	}
	uninit := secp256k1.ErrUninitialized
	for _, c := range []struct {
		name string
		err  error
		want error
	}{
		{"Sign nil key", second(s2c.Sign(nil, h32, d32)), uninit},
		{"Sign zero key", second(s2c.Sign(new(secp256k1.PrivateKey), h32, d32)), uninit},
		{"Sign short hash", second(s2c.Sign(k, h32[:31], d32)), s2c.ErrHash},
		{"Sign nil hash", second(s2c.Sign(k, nil, d32)), s2c.ErrHash},
		{"Sign long hash", second(s2c.Sign(k, append(h32, 0), d32)), s2c.ErrHash},
		{"Sign short data", second(s2c.Sign(k, h32, d32[:31])), s2c.ErrData},
		{"Sign nil data", second(s2c.Sign(k, h32, nil)), s2c.ErrData},
		{"VerifyCommit nil sig", s2c.VerifyCommit(nil, d32, op), s2c.ErrSignature},
		{"VerifyCommit zero sig", s2c.VerifyCommit(new(ecdsa.Signature), d32, op), s2c.ErrCommitment},
		{"VerifyCommit short data", s2c.VerifyCommit(sig, d32[:5], op), s2c.ErrData},
		{"VerifyCommit nil opening", s2c.VerifyCommit(sig, d32, nil), uninit},
		{"VerifyCommit zero opening", s2c.VerifyCommit(sig, d32, new(s2c.Opening)), uninit},
		{"HostCommit short", second2(s2c.HostCommit(d32[:31])), s2c.ErrData},
		{"HostCommit nil", second2(s2c.HostCommit(nil)), s2c.ErrData},
		{"SignerCommit nil key", second3(s2c.SignerCommit(nil, h32, d32)), uninit},
		{"SignerCommit zero key", second3(s2c.SignerCommit(new(secp256k1.PrivateKey), h32, d32)), uninit},
		{"SignerCommit short hash", second3(s2c.SignerCommit(k, h32[:1], d32)), s2c.ErrHash},
		{"SignerCommit short commitment", second3(s2c.SignerCommit(k, h32, d32[:31])), s2c.ErrData},
		{"AntiExfilSign nil key", second4(s2c.AntiExfilSign(nil, h32, d32)), uninit},
		{"AntiExfilSign short data", second4(s2c.AntiExfilSign(k, h32, nil)), s2c.ErrData},
		{"HostVerify nil sig", s2c.HostVerify(nil, pub, h32, d32, op), s2c.ErrSignature},
		{"HostVerify nil pub", s2c.HostVerify(sig, nil, h32, d32, op), uninit},
		{"HostVerify zero pub", s2c.HostVerify(sig, new(secp256k1.PublicKey), h32, d32, op), uninit},
		{"HostVerify short hash", s2c.HostVerify(sig, pub, h32[:31], d32, op), s2c.ErrHash},
		{"HostVerify short data", s2c.HostVerify(sig, pub, h32, d32[:31], op), s2c.ErrData},
		{"HostVerify nil opening", s2c.HostVerify(sig, pub, h32, d32, nil), uninit},
		{"HostVerify zero opening", s2c.HostVerify(sig, pub, h32, d32, new(s2c.Opening)), uninit},
		{"ParseOpening nil", second3(s2c.ParseOpening(nil)), s2c.ErrOpening},
		{"ParseOpening 32 bytes", second3(s2c.ParseOpening(op.Bytes()[:32])), s2c.ErrOpening},
		{"ParseOpening 65 bytes", second3(s2c.ParseOpening(pub.BytesUncompressed())), s2c.ErrOpening},
		{"ParseOpening prefix 04", second3(s2c.ParseOpening(append([]byte{4}, op.Bytes()[1:]...))), s2c.ErrOpening},
		{"ParseOpening zero", second3(s2c.ParseOpening(make([]byte, 33))), s2c.ErrOpening},
		{"ParseOpening x = p", second3(s2c.ParseOpening(append([]byte{2}, testref.Bytes32(testref.P)...))), s2c.ErrOpening},
	} {
		if !errors.Is(c.err, c.want) {
			t.Errorf("%s: %v, want %v", c.name, c.err, c.want)
		}
	}
	// Bytes and Equal of a zero Opening panic, as documented.
	for name, f := range map[string]func(){
		"Bytes":      func() { new(s2c.Opening).Bytes() },
		"Equal":      func() { op.Equal(new(s2c.Opening)) },
		"Equal(nil)": func() { op.Equal(nil) },
	} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("%s of a zero Opening did not panic", name)
				}
			}()
			f()
		}()
	}
}

func second(_ *ecdsa.Signature, _ *s2c.Opening, err error) error { return err }
func second2(_ []byte, err error) error                          { return err }
func second3(_ *s2c.Opening, err error) error                    { return err }
func second4(_ *ecdsa.Signature, err error) error                { return err }

// TestOpeningRoundTrip checks that ParseOpening accepts exactly the
// compressed points (math/big decompression) and Bytes gives them back.
func TestOpeningRoundTrip(t *testing.T) {
	rng := testref.PCG(t)
	accepted := 0
	for range short.Count(t, 2000) {
		b := testref.RandomBytes(rng, 33)
		b[0] = 2 + b[0]&1
		_, want := testref.Decompress(b)
		o, err := s2c.ParseOpening(b)
		if (err == nil) != want {
			t.Fatalf("ParseOpening(%x): %v, math/big says %v", b, err, want)
		}
		if err == nil {
			accepted++
			if !bytes.Equal(o.Bytes(), b) {
				t.Fatalf("round trip of %x gave %x", b, o.Bytes())
			}
		}
	}
	if accepted == 0 {
		t.Fatal("no random x was a point's")
	}
}
