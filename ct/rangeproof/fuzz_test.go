package rangeproof

import (
	"errors"
	"testing"

	"github.com/kestrel-crypto/secp256k1/ct"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref"
)

// FuzzVerify feeds arbitrary bytes to Info, Verify and Rewind: no panic,
// only the named errors, and a proof Verify accepts has the range Info
// reads. The seeds are zkp's vectors (testdata/zkp_vectors.json) with
// their commitments.
func FuzzVerify(f *testing.F) {
	for _, v := range loadVectors(f) {
		f.Add(testref.MustHex(v.Proof), testref.MustHex(v.Commit), []byte(nil))
	}
	f.Fuzz(func(t *testing.T, proof, commitBytes, extra []byte) {
		info, ierr := Info(proof)
		if ierr != nil && !errors.Is(ierr, ErrEncoding) {
			t.Fatalf("Info: %v", ierr)
		}
		commit, err := ct.ParseCommitment(commitBytes)
		if err != nil {
			commit = new(ct.Commitment)
		}
		mn, mx, err := Verify(proof, commit, extra, ct.GeneratorH())
		switch {
		case err == nil:
			if ierr != nil || info.MinValue != mn || info.MaxValue != mx || mn > mx {
				t.Fatalf("Verify's range [%d, %d] is not Info's %+v (%v)", mn, mx, info, ierr)
			}
		case !errors.Is(err, ErrEncoding) && !errors.Is(err, ErrProof) && !errors.Is(err, ErrUninitialized):
			t.Fatalf("Verify: %v", err)
		}
		nonce := make([]byte, 32)
		copy(nonce, commitBytes)
		if _, rerr := Rewind(proof, nonce, commit, extra, ct.GeneratorH()); (rerr == nil || errors.Is(rerr, ErrRewind)) != (err == nil) {
			t.Fatalf("Rewind %v after Verify %v", rerr, err)
		}
	})
}
