package rfc9591

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"os"
	"testing"

	"github.com/kestrel-crypto/secp256k1/internal/scalar"
)

// The RFC 9591 vectors of testdata/rfc9591 (see its README): one signing
// run, every intermediate value checked byte for byte.

type hexBytes []byte

func (h *hexBytes) UnmarshalJSON(b []byte) error {
	var s string
	if err := json.Unmarshal(b, &s); err != nil {
		return err
	}
	v, err := hex.DecodeString(s)
	*h = v
	return err
}

type vectorFile struct {
	Config struct {
		MaxParticipants string `json:"MAX_PARTICIPANTS"`
		NumParticipants string `json:"NUM_PARTICIPANTS"`
		MinParticipants string `json:"MIN_PARTICIPANTS"`
		Name            string `json:"name"`
	} `json:"config"`
	Inputs struct {
		ParticipantList []uint64   `json:"participant_list"`
		GroupSecretKey  hexBytes   `json:"group_secret_key"`
		GroupPublicKey  hexBytes   `json:"group_public_key"`
		Message         hexBytes   `json:"message"`
		Coefficients    []hexBytes `json:"share_polynomial_coefficients"`
		Shares          []struct {
			Identifier uint64   `json:"identifier"`
			Share      hexBytes `json:"participant_share"`
		} `json:"participant_shares"`
	} `json:"inputs"`
	RoundOne struct {
		Outputs []struct {
			Identifier         uint64   `json:"identifier"`
			HidingRandomness   hexBytes `json:"hiding_nonce_randomness"`
			BindingRandomness  hexBytes `json:"binding_nonce_randomness"`
			HidingNonce        hexBytes `json:"hiding_nonce"`
			BindingNonce       hexBytes `json:"binding_nonce"`
			HidingCommitment   hexBytes `json:"hiding_nonce_commitment"`
			BindingCommitment  hexBytes `json:"binding_nonce_commitment"`
			BindingFactorInput hexBytes `json:"binding_factor_input"`
			BindingFactor      hexBytes `json:"binding_factor"`
		} `json:"outputs"`
	} `json:"round_one_outputs"`
	RoundTwo struct {
		Outputs []struct {
			Identifier uint64   `json:"identifier"`
			SigShare   hexBytes `json:"sig_share"`
		} `json:"outputs"`
	} `json:"round_two_outputs"`
	Final struct {
		Sig hexBytes `json:"sig"`
	} `json:"final_output"`
}

func loadVectors(t *testing.T) *vectorFile {
	t.Helper()
	b, err := os.ReadFile("../../testdata/rfc9591/frost-secp256k1-sha256.json")
	if err != nil {
		t.Fatal(err)
	}
	var v vectorFile
	if err := json.Unmarshal(b, &v); err != nil {
		t.Fatal(err)
	}
	return &v
}

func mustScalar(t *testing.T, b []byte) scalar.Scalar {
	t.Helper()
	var s scalar.Scalar
	if !decodeScalar(&s, b) {
		t.Fatalf("bad scalar %x", b)
	}
	return s
}

func TestVectors(t *testing.T) {
	v := loadVectors(t)
	if v.Config.Name != "FROST(secp256k1, SHA-256)" || v.Config.MaxParticipants != "3" || v.Config.MinParticipants != "2" {
		t.Fatalf("unexpected config %+v", v.Config)
	}
	checks := 0
	eq := func(what string, got, want []byte) {
		t.Helper()
		checks++
		if !bytes.Equal(got, want) {
			t.Errorf("%s = %x, want %x", what, got, want)
		}
	}

	// Dealer: coefficients = [secret, a_1, …].
	coeffs := []scalar.Scalar{mustScalar(t, v.Inputs.GroupSecretKey)}
	for _, c := range v.Inputs.Coefficients {
		coeffs = append(coeffs, mustScalar(t, c))
	}
	out, ok := deal(coeffs, 3)
	if !ok {
		t.Fatal("deal failed")
	}
	eq("group public key", out.GroupPublicKey, v.Inputs.GroupPublicKey)
	if len(v.Inputs.Shares) != 3 {
		t.Fatalf("%d shares", len(v.Inputs.Shares))
	}
	kps := map[uint64]*KeyPackage{}
	for _, s := range v.Inputs.Shares {
		kp := out.KeyPackages[s.Identifier-1]
		eq("share", kp.SecretShare(), s.Share)
		id, _ := NewIdentifier(s.Identifier)
		eq("identifier", kp.Identifier().Bytes(), id.Bytes())
		if err := VerifyVSS(kp, out.VSSCommitment); err != nil {
			t.Errorf("VerifyVSS(%d): %v", s.Identifier, err)
		}
		kp2, err := NewKeyPackage(id, s.Share, v.Inputs.GroupPublicKey, 2)
		if err != nil {
			t.Fatal(err)
		}
		eq("public share", kp2.PublicShare(), kp.PublicShare())
		kps[s.Identifier] = kp2
	}

	// Round one.
	if len(v.RoundOne.Outputs) != 2 || len(v.Inputs.ParticipantList) != 2 {
		t.Fatal("unexpected number of signers")
	}
	var commitments []Commitment
	var nonces []*SecretNonces
	for i, r := range v.RoundOne.Outputs {
		if r.Identifier != v.Inputs.ParticipantList[i] {
			t.Fatal("round one outputs out of order")
		}
		n, c, err := commit(kps[r.Identifier], (*[32]byte)(r.HidingRandomness), (*[32]byte)(r.BindingRandomness))
		if err != nil {
			t.Fatal(err)
		}
		var d, e [32]byte
		n.st.d.PutBytes(&d)
		n.st.e.PutBytes(&e)
		eq("hiding nonce", d[:], r.HidingNonce)
		eq("binding nonce", e[:], r.BindingNonce)
		eq("hiding commitment", c[ScalarSize:ScalarSize+ElementSize], r.HidingCommitment)
		eq("binding commitment", c[ScalarSize+ElementSize:], r.BindingCommitment)
		if p, err := ParseCommitment(c.Bytes()); err != nil || *p != *c {
			t.Errorf("ParseCommitment: %v", err)
		}
		commitments = append(commitments, *c)
		nonces = append(nonces, n)
	}

	// Binding factors.
	s, err := newSession((*[33]byte)(v.Inputs.GroupPublicKey), commitments, v.Inputs.Message)
	if err != nil {
		t.Fatal(err)
	}
	for i, r := range v.RoundOne.Outputs {
		input := make([]byte, 0, 129)
		input = append(input, v.Inputs.GroupPublicKey...)
		var h [32]byte
		h4(&h, v.Inputs.Message)
		input = append(input, h[:]...)
		var enc []byte
		for j := range commitments {
			enc = append(enc, commitments[j][:]...)
		}
		h5(&h, enc)
		input = append(input, h[:]...)
		input = append(input, commitments[i][:ScalarSize]...)
		eq("binding factor input", input, r.BindingFactorInput)
		var rho [32]byte
		s.rho[i].PutBytes(&rho)
		eq("binding factor", rho[:], r.BindingFactor)
	}

	// Round two.
	var shares []SignatureShare
	for i, r := range v.RoundTwo.Outputs {
		kp := kps[r.Identifier]
		z, err := Sign(nonces[i], kp, v.Inputs.Message, commitments)
		if err != nil {
			t.Fatal(err)
		}
		eq("sig share", z[:], r.SigShare)
		if err := VerifySignatureShare(kp.Identifier(), kp.PublicShare(), z, commitments, v.Inputs.GroupPublicKey, v.Inputs.Message); err != nil {
			t.Errorf("VerifySignatureShare(%d): %v", r.Identifier, err)
		}
		shares = append(shares, *z)
	}

	// Aggregate and verify.
	sig, err := Aggregate(commitments, v.Inputs.Message, v.Inputs.GroupPublicKey, shares)
	if err != nil {
		t.Fatal(err)
	}
	eq("signature", sig, v.Final.Sig)
	if !Verify(v.Inputs.GroupPublicKey, v.Inputs.Message, v.Final.Sig) {
		t.Error("Verify rejects the vector's signature")
	}
	checks++
	t.Logf("%d values checked", checks)
}
