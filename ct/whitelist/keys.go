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

// ringKeys computes the ring's keys onⱼ + H(offⱼ + sub)·(offⱼ + sub) into
// out, and the message, as zkp's
// secp256k1_whitelist_compute_keys_and_message. A key at infinity gives
// ok = false. The sums offⱼ + sub are made affine with one inversion and
// the products run sixteen at a time on ecmult.VarTimeMult1G16's lanes.
// Variable time: the keys are public.
func ringKeys(out []group.Affine, msg *[32]byte, online, offline []group.Affine, sub *group.Affine) (ok bool) {
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

	sums := make([]group.Jacobian, n)
	inf := make([]bool, n)
	for j := range n {
		sums[j].SetAffine(&offline[j])
		sums[j].VarTimeAddAffine(&sums[j], sub)
		inf[j] = sums[j].IsIdentity() == 1
		if inf[j] {
			sums[j].SetAffine(&group.Generator) // a stand-in, not used
		}
	}
	sumsA := make([]group.Affine, n)
	group.VarTimeBatchSetJacobian(sumsA, sums, make([]field.Element, n))
	res := make([]group.Jacobian, n)
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
				R[l], okR[l] = ecmult.VarTimeMult1G(&a[l], &P, &b[l])
			}
		}
		for l := range m {
			if !okR[l] {
				return false
			}
			res[c+l] = R[l]
		}
	}
	for j := range n {
		// zkp adds on to the tweaked sum; where the sum is at infinity the
		// key is on itself.
		if inf[j] {
			res[j].Identity()
		}
		res[j].VarTimeAddAffine(&res[j], &online[j])
		if res[j].IsIdentity() == 1 {
			return false
		}
	}
	return group.VarTimeBatchSetJacobian(out, res, make([]field.Element, n))
}

// publicKeys converts keys with the door, or returns ErrKeys.
func publicKeys(keys []*secp256k1.PublicKey) ([]group.Affine, error) {
	out := make([]group.Affine, len(keys))
	for i, k := range keys {
		a, err := door.PublicKey(k)
		if err != nil {
			return nil, ErrKeys
		}
		out[i] = a
	}
	return out, nil
}
