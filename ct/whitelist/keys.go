package whitelist

import (
	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/internal/door"
	"github.com/kestrel-crypto/secp256k1/internal/ecmult"
	"github.com/kestrel-crypto/secp256k1/internal/field"
	"github.com/kestrel-crypto/secp256k1/internal/group"
	"github.com/kestrel-crypto/secp256k1/internal/scalar"
	"github.com/kestrel-crypto/secp256k1/internal/sha256"
)

// hashKey sets t = H(Q), SHA-256 of Q compressed, and returns false if the
// hash is not a nonzero scalar (zkp's secp256k1_whitelist_hash_pubkey;
// "mathematically impossible", it says).
func hashKey(t *scalar.Scalar, q *group.Affine) bool {
	var enc [33]byte
	q.PutCompressed(&enc)
	d := sha256.New()
	d.Write(enc[:])
	var h [32]byte
	d.Sum(&h)
	if _, err := t.SetCanonicalBytes(&h); err != nil {
		return false
	}
	return t.IsZero() == 0
}

// smallRing is the number of keys up to which Verify and ringKeys keep
// their scratch on the stack.
const smallRing = 16

// ringKeys computes the ring's keys onⱼ + H(offⱼ + sub)·(offⱼ + sub) into
// out, in Jacobian form, and the message, as zkp's
// secp256k1_whitelist_compute_keys_and_message. A key at infinity gives
// ok = false. The sums offⱼ + sub are made affine with one inversion (H
// hashes their encodings) and the products run sixteen at a time on
// ecmult.VarTimeMult1G16's lanes. Variable time: the keys are public.
func ringKeys(out []group.Jacobian, msg *[32]byte, online, offline []group.Affine, sub *group.Affine) (ok bool) {
	n := len(online)
	var enc [33]byte
	d := sha256.New()
	sub.PutCompressed(&enc)
	d.Write(enc[:])
	for j := range n {
		offline[j].PutCompressed(&enc)
		d.Write(enc[:])
		online[j].PutCompressed(&enc)
		d.Write(enc[:])
	}
	d.Sum(msg)

	var (
		infBuf     [smallRing]bool
		sumsABuf   [smallRing]group.Affine
		scratchBuf [smallRing]field.Element
	)
	inf, sumsA, scratch := infBuf[:], sumsABuf[:], scratchBuf[:]
	if n > smallRing {
		inf, sumsA, scratch = make([]bool, n), make([]group.Affine, n), make([]field.Element, n)
	}
	// The sums, in out until the products replace them.
	sums := out
	for j := range n {
		sums[j].SetAffine(&offline[j])
		sums[j].VarTimeAddAffine(&sums[j], sub)
		inf[j] = sums[j].IsIdentity() == 1
		if inf[j] {
			sums[j].SetAffine(&group.Generator) // a stand-in, not used
		}
	}
	group.VarTimeBatchSetJacobian(sumsA[:n], sums, scratch[:n])
	useLanes := ecmult.UseLanes()
	for c := 0; c < n; c += ecmult.Lanes2 {
		m := min(ecmult.Lanes2, n-c)
		var a, b [ecmult.Lanes2]scalar.Scalar
		var A [ecmult.Lanes2]group.Affine
		var R [ecmult.Lanes2]group.Jacobian
		var okR [ecmult.Lanes2]bool
		for l := range m {
			A[l] = sumsA[c+l]
			if !hashKey(&a[l], &A[l]) {
				a[l].SetUint64(1) // zkp leaves such a sum untweaked
			}
		}
		if useLanes && m >= 4 {
			ecmult.VarTimeMult1G16(&R, &okR, &a, &A, &b, m)
		} else {
			for l := range m {
				var P group.Jacobian
				P.SetAffine(&A[l])
				R[l], okR[l] = ecmult.VarTimeMult1G(&a[l], &P, nil)
			}
		}
		for l := range m {
			if !okR[l] {
				return false
			}
			out[c+l] = R[l]
		}
	}
	for j := range n {
		// zkp adds on to the tweaked sum; where the sum is at infinity the
		// key is on itself.
		if inf[j] {
			out[j].Identity()
		}
		out[j].VarTimeAddAffine(&out[j], &online[j])
		if out[j].IsIdentity() == 1 {
			return false
		}
	}
	return true
}

// publicKeys converts keys with the door into out (as long as keys), or
// returns ErrKeys.
func publicKeys(out []group.Affine, keys []*secp256k1.PublicKey) error {
	for i, k := range keys {
		a, err := door.PublicKey(k)
		if err != nil {
			return ErrKeys
		}
		out[i] = a
	}
	return nil
}
