package rangeproof

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"testing"

	"github.com/kestrel-crypto/secp256k1/ct"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref"
)

// zkpVector is one of secp256k1-zkp's fixed rangeproof vectors
// (testdata/README.md).
type zkpVector struct {
	Name, Source                string
	Proof, Commit, Nonce, Blind string
	RawValue                    uint64 `json:"value"`
	RawMin                      uint64 `json:"min_value"`
	RawMax                      uint64 `json:"max_value"`
	MessageLen                  int    `json:"message_len"`
	Message                     string
	Sign                        *struct {
		Value    uint64 `json:"value"`
		MinValue uint64 `json:"min_value"`
		Exp      int    `json:"exp"`
		MinBits  int    `json:"min_bits"`
		Message  string `json:"message"`
	}
}

func loadVectors(t testing.TB) []zkpVector {
	b, err := os.ReadFile("testdata/zkp_vectors.json")
	if err != nil {
		t.Fatal(err)
	}
	var vs []zkpVector
	if err := json.Unmarshal(b, &vs); err != nil {
		t.Fatal(err)
	}
	return vs
}

// TestZKPVectors verifies and rewinds zkp's fixed proofs, and signs the
// reproducible ones again to the same bytes.
func TestZKPVectors(t *testing.T) {
	for _, v := range loadVectors(t) {
		t.Run(v.Name, func(t *testing.T) {
			proof := testref.Hex(t, v.Proof)
			commit, err := ct.ParseCommitment(testref.Hex(t, v.Commit))
			if err != nil {
				t.Fatal(err)
			}
			H := ct.GeneratorH()
			mn, mx, err := Verify(proof, commit, nil, H)
			if err != nil || mn != v.RawMin || mx != v.RawMax {
				t.Fatalf("Verify = %d, %d, %v; want %d, %d", mn, mx, err, v.RawMin, v.RawMax)
			}
			info, err := Info(proof)
			if err != nil || info.MinValue != v.RawMin || info.MaxValue != v.RawMax {
				t.Fatalf("Info = %+v, %v", info, err)
			}
			rw, err := Rewind(proof, testref.Hex(t, v.Nonce), commit, nil, H)
			if err != nil {
				t.Fatalf("Rewind: %v", err)
			}
			if rw.Value != v.RawValue || !bytes.Equal(rw.Blind, testref.Hex(t, v.Blind)) || rw.MinValue != v.RawMin || rw.MaxValue != v.RawMax {
				t.Fatalf("Rewind = %d, %x, [%d, %d]", rw.Value, rw.Blind, rw.MinValue, rw.MaxValue)
			}
			msg := testref.Hex(t, v.Message)
			if len(rw.Message) < v.MessageLen || !bytes.HasPrefix(rw.Message, msg) || !allZero(rw.Message[len(msg):]) {
				t.Fatalf("Rewind's message (%d bytes) is not the vector's %d bytes and zeros", len(rw.Message), len(msg))
			}
			if v.Sign != nil {
				s := v.Sign
				got, err := Sign(s.Value, s.MinValue, s.Exp, s.MinBits, testref.Hex(t, v.Nonce), testref.Hex(t, s.Message), nil, commit, testref.Hex(t, v.Blind), H)
				if err != nil {
					t.Fatalf("Sign: %v", err)
				}
				if !bytes.Equal(got, proof) {
					t.Fatalf("Sign gives other bytes than zkp's vector")
				}
			}
			// A flipped bit is rejected.
			for _, i := range []int{0, len(proof) / 2, len(proof) - 1} {
				bad := bytes.Clone(proof)
				bad[i] ^= 0x10
				if _, _, err := Verify(bad, commit, nil, H); err == nil {
					t.Errorf("a proof with byte %d changed verifies", i)
				}
			}
			if _, _, err := Verify(proof, commit, []byte{1}, H); !errors.Is(err, ErrProof) {
				t.Errorf("Verify with other extra data: %v", err)
			}
		})
	}
}

func allZero(b []byte) bool {
	for _, c := range b {
		if c != 0 {
			return false
		}
	}
	return true
}
