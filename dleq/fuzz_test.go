package dleq

import (
	"bytes"
	"errors"
	"math/big"
	"testing"

	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref"
)

// fuzzKey returns the private key with encoding b (a valid one).
func fuzzKey(b []byte) *secp256k1.PrivateKey {
	k, err := secp256k1.NewPrivateKey(b)
	if err != nil {
		panic(err)
	}
	return k
}

// FuzzParseProof parses arbitrary bytes as a proof: no panic, a named error
// exactly when the length is not 64 or e or s is not below n (checked in
// math/big), and a byte-exact round trip otherwise.
func FuzzParseProof(f *testing.F) {
	f.Add(make([]byte, 64))
	f.Add(bytes.Repeat([]byte{0xff}, 64))
	f.Add(append(testref.Bytes32(testref.N), make([]byte, 32)...))
	f.Add(append(make([]byte, 32), testref.Bytes32(testref.N)...))
	f.Add(make([]byte, 63))
	f.Fuzz(func(t *testing.T, b []byte) {
		p, err := ParseProof(b)
		var q Proof
		uerr := q.UnmarshalBinary(b)
		if !errors.Is(uerr, err) && (uerr != nil || err != nil) {
			t.Fatalf("ParseProof = %v, UnmarshalBinary = %v", err, uerr)
		}
		if len(b) != 64 {
			if !errors.Is(err, ErrProofLength) {
				t.Fatalf("length %d: %v", len(b), err)
			}
			return
		}
		e := new(big.Int).SetBytes(b[:32])
		s := new(big.Int).SetBytes(b[32:])
		if e.Cmp(testref.N) >= 0 || s.Cmp(testref.N) >= 0 {
			if !errors.Is(err, ErrProofScalar) {
				t.Fatalf("e or s ≥ n: %v", err)
			}
			return
		}
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(p.Bytes(), b) || !q.Equal(p) {
			t.Fatalf("round trip: %x", p.Bytes())
		}
	})
}

// FuzzVerify verifies arbitrary proofs and messages against a fixed valid
// statement: no panic, and acceptance only where the math/big verifier
// accepts too (the seed is the valid proof, which both accept).
func FuzzVerify(f *testing.F) {
	var aKey [32]byte
	aKey[31] = 3
	a := fuzzKey(aKey[:])
	var bKey [32]byte
	bKey[31] = 5
	B := fuzzKey(bKey[:]).PublicKey()
	msg := make([]byte, 32)
	C, proof, err := Prove(a, B, make([]byte, 32), msg)
	if err != nil {
		f.Fatal(err)
	}
	A := a.PublicKey()
	f.Add(proof.Bytes(), msg)
	f.Add(proof.Bytes(), []byte{})
	f.Add(make([]byte, 64), []byte{1})
	f.Fuzz(func(t *testing.T, pb, m []byte) {
		p, err := ParseProof(pb)
		if err != nil {
			return
		}
		err = Verify(A, B, C, p, m)
		if len(m) != 0 && len(m) != 32 {
			if !errors.Is(err, ErrMessage) {
				t.Fatalf("message of %d bytes: %v", len(m), err)
			}
			return
		}
		ref := refVerify(generatorKey, A, B, C, pb, m)
		if (err == nil) != ref {
			t.Fatalf("Verify = %v, math/big = %v", err, ref)
		}
	})
}
