package dleq

import (
	"bytes"
	"errors"
	"fmt"
	"math/big"
	"strings"
	"testing"

	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref/testkey"
)

// refPoint converts a public key to the math/big reference.
func refPoint(P *secp256k1.PublicKey) testref.Point {
	u := P.BytesUncompressed()
	return testref.Point{X: new(big.Int).SetBytes(u[1:33]), Y: new(big.Int).SetBytes(u[33:])}
}

// refVerify is BIP-374 VerifyProof in math/big (internal/testkit/testref),
// sharing nothing with the package but the inputs.
func refVerify(G, A, B, C *secp256k1.PublicKey, proof, msg []byte) bool {
	e := new(big.Int).SetBytes(proof[:32])
	s := new(big.Int).SetBytes(proof[32:])
	if s.Cmp(testref.N) >= 0 {
		return false
	}
	negE := new(big.Int).Sub(testref.N, new(big.Int).Mod(e, testref.N))
	g, a, b, c := refPoint(G), refPoint(A), refPoint(B), refPoint(C)
	R1 := testref.Add(testref.ScalarMult(s, g), testref.ScalarMult(negE, a))
	R2 := testref.Add(testref.ScalarMult(s, b), testref.ScalarMult(negE, c))
	if R1.Inf || R2.Inf {
		return false
	}
	h := testref.TaggedHash("BIP0374/challenge", testref.Compressed(a), testref.Compressed(b),
		testref.Compressed(c), testref.Compressed(g), testref.Compressed(R1), testref.Compressed(R2), msg)
	return new(big.Int).SetBytes(h[:]).Cmp(e) == 0
}

// TestProveAgainstReference proves with random keys, with and without a
// message and with the curve's and another generator, and checks each proof
// with the math/big verifier, C = a·B in math/big, and that tampering with
// any input makes both verifiers reject.
func TestProveAgainstReference(t *testing.T) {
	rng := testref.PCG(t)
	n := testref.Short{Div: 4, Min: 4}.Count(t, 16)
	for i := range n {
		a := testkey.Random(t, rng)
		B := testkey.Random(t, rng).PublicKey()
		G := generatorKey
		if i%2 == 1 {
			G = testkey.Random(t, rng).PublicKey()
		}
		var msg []byte
		if i%4 >= 2 {
			msg = make([]byte, 32)
			for j := range msg {
				msg[j] = byte(rng.Uint32())
			}
		}
		aux := make([]byte, 32)
		aux[0] = byte(i)
		C, proof, err := ProveWithGenerator(G, a, B, aux, msg)
		if err != nil {
			t.Fatal(err)
		}
		A := mul(t, a, G)
		refC := testref.ScalarMult(new(big.Int).SetBytes(a.Bytes()), refPoint(B))
		if !testref.Equal(refC, refPoint(C)) {
			t.Fatalf("case %d: C ≠ a·B (math/big)", i)
		}
		pb := proof.Bytes()
		if !refVerify(G, A, B, C, pb, msg) {
			t.Fatalf("case %d: the math/big verifier rejects the proof", i)
		}
		if err := VerifyWithGenerator(G, A, B, C, proof, msg); err != nil {
			t.Fatalf("case %d: %v", i, err)
		}
		// Tampering: a flipped bit of e or s, swapped points, another
		// message, another generator.
		for _, bit := range []int{0, 255, 256, 511} {
			bad := bytes.Clone(pb)
			bad[bit/8] ^= 1 << (bit % 8)
			q, err := ParseProof(bad)
			if err != nil {
				continue // pushed e or s to ≥ n
			}
			if VerifyWithGenerator(G, A, B, C, q, msg) == nil || refVerify(G, A, B, C, bad, msg) {
				t.Fatalf("case %d: proof with bit %d flipped accepted", i, bit)
			}
		}
		if VerifyWithGenerator(G, C, B, A, proof, msg) == nil || VerifyWithGenerator(G, A, C, B, proof, msg) == nil {
			t.Fatalf("case %d: swapped points accepted", i)
		}
		other := make([]byte, 32)
		other[31] = 1
		if VerifyWithGenerator(G, A, B, C, proof, other) == nil {
			t.Fatalf("case %d: another message accepted", i)
		}
		if VerifyWithGenerator(B, A, B, C, proof, msg) == nil {
			t.Fatalf("case %d: another generator accepted", i)
		}
		// A wrong share C' = C + G, as a cheating signer would send.
		Cw, _ := secp256k1.NewPublicKey(new(secp256k1.Point).Add(C.Point(), secp256k1.NewGeneratorPoint()))
		if err := VerifyWithGenerator(G, A, B, Cw, proof, msg); !errors.Is(err, ErrInvalidProof) {
			t.Fatalf("case %d: wrong share: %v", i, err)
		}
	}
}

// TestProveDeterministic checks that the same inputs give the same proof,
// that the message and aux randomness enter the nonce, and that nil aux
// randomness draws fresh randomness.
func TestProveDeterministic(t *testing.T) {
	rng := testref.PCG(t)
	a := testkey.Random(t, rng)
	B := testkey.Random(t, rng).PublicKey()
	aux := make([]byte, 32)
	_, p1, _ := Prove(a, B, aux, nil)
	_, p2, _ := Prove(a, B, aux, []byte{})
	if !p1.Equal(p2) {
		t.Error("nil and empty messages give different proofs")
	}
	aux2 := bytes.Clone(aux)
	aux2[5] = 1
	_, p3, _ := Prove(a, B, aux2, nil)
	_, p4, _ := Prove(a, B, aux, make([]byte, 32))
	_, p5, _ := Prove(a, B, nil, nil)
	_, p6, _ := Prove(a, B, nil, nil)
	for i, p := range []*Proof{p3, p4, p5, p6} {
		if p.Equal(p1) || (i == 3 && p.Equal(p5)) {
			t.Errorf("proof %d repeats another", i+3)
		}
	}
}

// TestNamedErrors checks every bad input for a named error and no panic.
func TestNamedErrors(t *testing.T) {
	rng := testref.PCG(t)
	a := testkey.Random(t, rng)
	B := testkey.Random(t, rng).PublicKey()
	C, proof, err := Prove(a, B, make([]byte, 32), nil)
	if err != nil {
		t.Fatal(err)
	}
	A := a.PublicKey()
	zeroKey, zeroPub := new(secp256k1.PrivateKey), new(secp256k1.PublicKey)
	check := func(name string, err, want error) {
		t.Helper()
		if !errors.Is(err, want) {
			t.Errorf("%s: got %v, want %v", name, err, want)
		}
	}
	_, _, err = Prove(zeroKey, B, nil, nil)
	check("zero secret", err, secp256k1.ErrUninitialized)
	_, _, err = Prove(nil, B, nil, nil)
	check("nil secret", err, secp256k1.ErrUninitialized)
	_, _, err = Prove(a, zeroPub, nil, nil)
	check("zero B", err, secp256k1.ErrUninitialized)
	_, _, err = Prove(a, nil, nil, nil)
	check("nil B", err, secp256k1.ErrUninitialized)
	_, _, err = ProveWithGenerator(zeroPub, a, B, nil, nil)
	check("zero G", err, secp256k1.ErrUninitialized)
	_, _, err = Prove(a, B, make([]byte, 31), nil)
	check("aux 31 bytes", err, ErrAuxRand)
	_, _, err = Prove(a, B, nil, make([]byte, 33))
	check("message 33 bytes", err, ErrMessage)

	check("verify nil proof", Verify(A, B, C, nil, nil), ErrInvalidProof)
	check("verify zero proof", Verify(A, B, C, new(Proof), nil), ErrInvalidProof)
	check("verify zero A", Verify(zeroPub, B, C, proof, nil), ErrInvalidProof)
	check("verify nil C", Verify(A, B, nil, proof, nil), ErrInvalidProof)
	check("verify zero G", VerifyWithGenerator(zeroPub, A, B, C, proof, nil), ErrInvalidProof)
	check("verify message 1 byte", Verify(A, B, C, proof, []byte{1}), ErrMessage)

	for _, n := range []int{0, 63, 65} {
		_, err := ParseProof(make([]byte, n))
		check("length", err, ErrProofLength)
	}
	nBytes := testref.Bytes32(testref.N)
	ok := proof.Bytes()
	for _, half := range []int{0, 32} {
		for _, v := range [][]byte{nBytes, bytes.Repeat([]byte{0xff}, 32)} {
			b := bytes.Clone(ok)
			copy(b[half:], v)
			_, err := ParseProof(b)
			check("scalar ≥ n", err, ErrProofScalar)
			var p Proof
			p.e.SetUint64(7)
			if p.UnmarshalBinary(b) == nil || p.e.Equal(new(Proof).e.SetUint64(7)) != 1 {
				t.Error("UnmarshalBinary accepted a scalar ≥ n or changed its receiver")
			}
		}
	}
	nMinus1 := testref.Bytes32(new(big.Int).Sub(testref.N, big.NewInt(1)))
	q, err := ParseProof(append(bytes.Clone(nMinus1), nMinus1...))
	if err != nil || !bytes.Equal(q.Bytes(), append(nMinus1, nMinus1...)) {
		t.Errorf("n − 1: %v", err)
	}
}

// TestProofEncoding round-trips a proof through Bytes, ParseProof and the
// binary marshalers.
func TestProofEncoding(t *testing.T) {
	rng := testref.PCG(t)
	_, proof, err := Prove(testkey.Random(t, rng), testkey.Random(t, rng).PublicKey(), nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := proof.MarshalBinary()
	var p Proof
	if err := p.UnmarshalBinary(b); err != nil || !p.Equal(proof) || !bytes.Equal(p.Bytes(), b) {
		t.Fatalf("round trip: %v", err)
	}
	q, err := ParseProof(b)
	if err != nil || !q.Equal(proof) {
		t.Fatal(err)
	}
}

// TestNilProofMethods calls every method of *Proof on a nil *Proof: the
// ones with an error result return an error wrapping
// secp256k1.ErrUninitialized that names the type, Bytes panics with a
// message naming it, and Equal compares nil as documented.
func TestNilProofMethods(t *testing.T) {
	var p *Proof
	const name = "dleq: use of a nil *Proof"
	func() {
		defer func() {
			if r := recover(); fmt.Sprint(r) != name {
				t.Errorf("Bytes on a nil *Proof: panic %v, want %q", r, name)
			}
		}()
		p.Bytes()
	}()
	named := func(method string, err error) {
		t.Helper()
		if !errors.Is(err, secp256k1.ErrUninitialized) || !strings.HasPrefix(fmt.Sprint(err), name) {
			t.Errorf("%s on a nil *Proof: %v, want an error naming the type", method, err)
		}
	}
	b, err := p.MarshalBinary()
	named("MarshalBinary", err)
	if b != nil {
		t.Errorf("MarshalBinary on a nil *Proof: %x", b)
	}
	rng := testref.PCG(t)
	_, proof, err := Prove(testkey.Random(t, rng), testkey.Random(t, rng).PublicKey(), nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	named("UnmarshalBinary (a valid proof)", p.UnmarshalBinary(proof.Bytes()))
	named("UnmarshalBinary (nil)", p.UnmarshalBinary(nil))
	if !p.Equal(nil) || p.Equal(proof) || proof.Equal(p) {
		t.Error("Equal: two nil proofs are equal, a nil and a non-nil one are not")
	}
	// The zero Proof is not nil: it encodes as 64 zero bytes.
	if b, err := new(Proof).MarshalBinary(); err != nil || !bytes.Equal(b, make([]byte, ProofSize)) {
		t.Errorf("MarshalBinary of the zero Proof: %x, %v", b, err)
	}
}
