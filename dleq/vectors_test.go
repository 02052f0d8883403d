package dleq

import (
	"encoding/hex"
	"errors"
	"testing"

	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref"
)

// BIP-374's test_vectors_generate_proof.csv and test_vectors_verify_proof.csv
// (testdata/bip-0374/README.md).

func readCSV(t *testing.T, name string) [][]string {
	t.Helper()
	return testref.CSV(t, "../testdata/bip-0374/"+name)[1:] // without the header
}

// vectorKey parses a compressed point of the vectors, or returns nil for
// "INFINITY" (which no PublicKey is).
func vectorKey(t *testing.T, s string) *secp256k1.PublicKey {
	t.Helper()
	if s == "INFINITY" {
		return nil
	}
	P, err := secp256k1.ParsePublicKey(testref.Hex(t, s))
	if err != nil {
		t.Fatalf("point %s: %v", s, err)
	}
	return P
}

// TestVectorsGenerate runs every generation vector: the valid ones give the
// expected proof byte for byte (and C = a·B, and a proof that verifies);
// the INVALID ones (a = 0, a = n, B at infinity) fail with a named error,
// both where the inputs are parsed and in ProveWithGenerator given the zero
// value in their place.
func TestVectorsGenerate(t *testing.T) {
	valid, invalid := 0, 0
	for _, row := range readCSV(t, "test_vectors_generate_proof.csv") {
		idx, comment := row[0], row[7]
		G := vectorKey(t, row[1])
		aBytes := testref.Hex(t, row[2])
		aux := testref.Hex(t, row[4])
		msg := testref.Hex(t, row[5])
		a, aErr := secp256k1.NewPrivateKey(aBytes)
		B := vectorKey(t, row[3])
		if row[6] == "INVALID" {
			invalid++
			switch {
			case aErr != nil:
				if !errors.Is(aErr, secp256k1.ErrPrivateKey) {
					t.Errorf("%s (%s): secret parsed with %v", idx, comment, aErr)
				}
				a = new(secp256k1.PrivateKey)
			case B == nil:
				B = new(secp256k1.PublicKey)
			default:
				t.Fatalf("%s (%s): no invalid input found", idx, comment)
			}
			_, _, err := ProveWithGenerator(G, a, B, aux, msg)
			if !errors.Is(err, secp256k1.ErrUninitialized) {
				t.Errorf("%s (%s): ProveWithGenerator = %v, want ErrUninitialized", idx, comment, err)
			}
			continue
		}
		valid++
		if aErr != nil || B == nil {
			t.Fatalf("%s (%s): inputs: %v", idx, comment, aErr)
		}
		want := testref.Hex(t, row[6])
		C, proof, err := ProveWithGenerator(G, a, B, aux, msg)
		if err != nil {
			t.Fatalf("%s (%s): %v", idx, comment, err)
		}
		if got := proof.Bytes(); hex.EncodeToString(got) != row[6] {
			t.Errorf("%s (%s): proof\n got %x\nwant %x", idx, comment, got, want)
		}
		if !C.Equal(mul(t, a, B)) {
			t.Errorf("%s (%s): C ≠ a·B", idx, comment)
		}
		A := mul(t, a, G)
		if err := VerifyWithGenerator(G, A, B, C, proof, msg); err != nil {
			t.Errorf("%s (%s): own proof: %v", idx, comment, err)
		}
		// With the curve generator, Prove and ProveWithGenerator agree.
		if G.Equal(generatorKey) {
			_, p2, err := Prove(a, B, aux, msg)
			if err != nil || !p2.Equal(proof) {
				t.Errorf("%s (%s): Prove = %x, %v", idx, comment, p2.Bytes(), err)
			}
		}
	}
	t.Logf("BIP-374 generate vectors: %d valid, %d invalid, all passed", valid, invalid)
	if valid != 8 || invalid != 3 {
		t.Errorf("read %d valid and %d invalid vectors, want 8 and 3", valid, invalid)
	}
}

// TestVectorsVerify runs every verification vector, with the curve
// generator through Verify where G is it.
func TestVectorsVerify(t *testing.T) {
	pass, fail := 0, 0
	for _, row := range readCSV(t, "test_vectors_verify_proof.csv") {
		idx, comment := row[0], row[8]
		G, A, B, C := vectorKey(t, row[1]), vectorKey(t, row[2]), vectorKey(t, row[3]), vectorKey(t, row[4])
		msg := testref.Hex(t, row[6])
		want := row[7] == "TRUE"
		proof, err := ParseProof(testref.Hex(t, row[5]))
		if err != nil {
			t.Fatalf("%s (%s): %v", idx, comment, err)
		}
		err = VerifyWithGenerator(G, A, B, C, proof, msg)
		if want {
			pass++
			if err != nil {
				t.Errorf("%s (%s): %v", idx, comment, err)
			}
		} else {
			fail++
			if !errors.Is(err, ErrInvalidProof) {
				t.Errorf("%s (%s): got %v, want ErrInvalidProof", idx, comment, err)
			}
		}
		if G.Equal(generatorKey) {
			if err2 := Verify(A, B, C, proof, msg); (err2 == nil) != want {
				t.Errorf("%s (%s): Verify = %v", idx, comment, err2)
			}
		}
	}
	t.Logf("BIP-374 verify vectors: %d valid, %d invalid, all passed", pass, fail)
	if pass != 8 || fail != 7 {
		t.Errorf("read %d valid and %d invalid vectors, want 8 and 7", pass, fail)
	}
}

// generatorKey is the curve generator as a public key.
var generatorKey, _ = secp256k1.ParsePublicKey(generatorBytes[:])

// mul returns a·P, through the root package's Point.
func mul(t testing.TB, a *secp256k1.PrivateKey, P *secp256k1.PublicKey) *secp256k1.PublicKey {
	t.Helper()
	Q, err := secp256k1.NewPublicKey(new(secp256k1.Point).ScalarMult(a.Scalar(), P.Point()))
	if err != nil {
		t.Fatal(err)
	}
	return Q
}
