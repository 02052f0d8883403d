package rfc9591

import (
	"bytes"
	"testing"
)

// Fuzz targets for every parser: no panic, and a round trip where one
// exists.

func FuzzParseCommitment(f *testing.F) {
	out, _ := TrustedDealerKeygen(2, 2, nil)
	_, c, _ := Commit(out.KeyPackages[0], nil)
	f.Add(c.Bytes())
	f.Add(make([]byte, CommitmentSize))
	f.Fuzz(func(t *testing.T, b []byte) {
		c, err := ParseCommitment(b)
		if err != nil {
			return
		}
		if !bytes.Equal(c.Bytes(), b) {
			t.Fatal("round trip")
		}
		if _, err := c.Identifier(); err != nil {
			t.Fatal(err)
		}
		// A one-entry list of it is valid.
		if _, err := decodeCommitmentList([]Commitment{*c}); err != nil {
			t.Fatal(err)
		}
	})
}

func FuzzParseSignatureShare(f *testing.F) {
	f.Add(make([]byte, 32))
	f.Add(bytes.Repeat([]byte{0xff}, 32))
	f.Fuzz(func(t *testing.T, b []byte) {
		z, err := ParseSignatureShare(b)
		if err != nil {
			return
		}
		if !bytes.Equal(z.Bytes(), b) {
			t.Fatal("round trip")
		}
	})
}

func FuzzParseIdentifier(f *testing.F) {
	id, _ := NewIdentifier(1)
	f.Add(id.Bytes())
	f.Add(make([]byte, 32))
	f.Fuzz(func(t *testing.T, b []byte) {
		id, err := ParseIdentifier(b)
		if err != nil {
			return
		}
		if !bytes.Equal(id.Bytes(), b) || id.Compare(id) != 0 {
			t.Fatal("round trip")
		}
	})
}

func FuzzNewKeyPackage(f *testing.F) {
	out, _ := TrustedDealerKeygen(2, 2, nil)
	kp := out.KeyPackages[0]
	f.Add(kp.Identifier().Bytes(), kp.SecretShare(), kp.GroupPublicKey(), 2)
	f.Fuzz(func(t *testing.T, idb, share, gpk []byte, minSigners int) {
		id, err := ParseIdentifier(idb)
		if err != nil {
			id = Identifier{}
		}
		kp, err := NewKeyPackage(id, share, gpk, minSigners)
		if err != nil {
			return
		}
		if !bytes.Equal(kp.SecretShare(), share) || !bytes.Equal(kp.GroupPublicKey(), gpk) || kp.MinSigners() != minSigners {
			t.Fatal("round trip")
		}
	})
}

// FuzzVerify: Verify never panics and rejects what it does not parse.
func FuzzVerify(f *testing.F) {
	out, _ := TrustedDealerKeygen(2, 2, nil)
	n1, c1, _ := Commit(out.KeyPackages[0], nil)
	n2, c2, _ := Commit(out.KeyPackages[1], nil)
	cs := []Commitment{*c1, *c2}
	msg := []byte("fuzz")
	z1, _ := Sign(n1, out.KeyPackages[0], msg, cs)
	z2, _ := Sign(n2, out.KeyPackages[1], msg, cs)
	sig, _ := Aggregate(cs, msg, out.GroupPublicKey, []SignatureShare{*z1, *z2})
	f.Add(out.GroupPublicKey, msg, sig)
	f.Fuzz(func(t *testing.T, pk, msg, sig []byte) {
		if Verify(pk, msg, sig) && (len(sig) != SignatureSize || len(pk) != ElementSize) {
			t.Fatal("accepted a malformed input")
		}
	})
}

// FuzzCommitmentList: Aggregate and VerifySignatureShare on arbitrary
// lists never panic.
func FuzzCommitmentList(f *testing.F) {
	out, _ := TrustedDealerKeygen(2, 2, nil)
	_, c1, _ := Commit(out.KeyPackages[0], nil)
	_, c2, _ := Commit(out.KeyPackages[1], nil)
	f.Add(append(c1.Bytes(), c2.Bytes()...), []byte("m"))
	f.Fuzz(func(t *testing.T, list, msg []byte) {
		cs := make([]Commitment, len(list)/CommitmentSize)
		for i := range cs {
			cs[i] = Commitment(list[i*CommitmentSize:])
		}
		_, _ = Aggregate(cs, msg, out.GroupPublicKey, make([]SignatureShare, len(cs)))
		id, _ := NewIdentifier(1)
		_ = VerifySignatureShare(id, out.PublicShares[0], new(SignatureShare), cs, out.GroupPublicKey, msg)
	})
}
