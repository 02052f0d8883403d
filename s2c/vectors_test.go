package s2c_test

import (
	"bytes"
	"testing"

	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/ecdsa"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref"
	"github.com/kestrel-crypto/secp256k1/s2c"
)

// zkpVectors is testdata/ecdsa-s2c/zkp_ecdsa_s2c.json (see its README).
type zkpVectors struct {
	SecKey  testref.HexBytes `json:"seckey"`
	Msg32   testref.HexBytes `json:"msg32"`
	Vectors []struct {
		Data             testref.HexBytes `json:"s2c_data"`
		Opening          testref.HexBytes `json:"s2c_opening"`
		AntiExfilOpening testref.HexBytes `json:"anti_exfil_opening"`
		Signature        testref.HexBytes `json:"signature"`
	} `json:"vectors"`
}

// TestZKPVectors checks secp256k1-zkp's fixed vectors: Sign gives the
// opening of zkp's test and the signature of zkp's build, the signature
// verifies and commits to the data, and SignerCommit, given the data as the
// host commitment, gives zkp's anti-exfil opening.
func TestZKPVectors(t *testing.T) {
	var v zkpVectors
	testref.JSON(t, "../testdata/ecdsa-s2c/zkp_ecdsa_s2c.json", &v)
	if len(v.Vectors) != 2 {
		t.Fatalf("%d vectors, want zkp's 2", len(v.Vectors))
	}
	k, err := secp256k1.NewPrivateKey(v.SecKey)
	if err != nil {
		t.Fatal(err)
	}
	for i, c := range v.Vectors {
		sig, op, err := s2c.Sign(k, v.Msg32, c.Data)
		if err != nil {
			t.Fatalf("vector %d: Sign: %v", i, err)
		}
		if got := op.Bytes(); !bytes.Equal(got, c.Opening) {
			t.Errorf("vector %d: opening %x, want %x", i, got, []byte(c.Opening))
		}
		if got := sig.Compact(); !bytes.Equal(got, c.Signature) {
			t.Errorf("vector %d: signature %x, want %x", i, got, []byte(c.Signature))
		}
		if !ecdsa.Verify(k.PublicKey(), v.Msg32, sig) {
			t.Errorf("vector %d: the signature does not verify", i)
		}
		if err := s2c.VerifyCommit(sig, c.Data, op); err != nil {
			t.Errorf("vector %d: VerifyCommit: %v", i, err)
		}
		aop, err := s2c.SignerCommit(k, v.Msg32, c.AntiExfilOpening[:0:0])
		if err == nil || aop != nil {
			t.Errorf("vector %d: SignerCommit of an empty commitment: %v, %v", i, aop, err)
		}
		aop, err = s2c.SignerCommit(k, v.Msg32, c.Data)
		if err != nil {
			t.Fatalf("vector %d: SignerCommit: %v", i, err)
		}
		if got := aop.Bytes(); !bytes.Equal(got, c.AntiExfilOpening) {
			t.Errorf("vector %d: anti-exfil opening %x, want %x", i, got, []byte(c.AntiExfilOpening))
		}
		// The opening parses back to itself.
		p, err := s2c.ParseOpening(c.Opening)
		if err != nil || !p.Equal(op) {
			t.Errorf("vector %d: ParseOpening: %v", i, err)
		}
	}
}
