package whitelist

import (
	"sync"

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

// scratch is the working space of Verify and Sign for up to MaxKeys key
// pairs (about 90 KB, too much for the stack): the keys, their sums with
// sub and the ring's keys, all public, and Verify's s values. It comes
// from scratchPool, so that neither allocates it per call.
type scratch struct {
	on, off, sums [MaxKeys]group.Affine
	keys          [MaxKeys]group.Jacobian
	s             [MaxKeys]scalar.Scalar
	inf           [MaxKeys]bool
	fe            [MaxKeys]field.Element
}

var scratchPool = sync.Pool{New: func() any { return new(scratch) }}

// ringKeys computes the ring's keys onⱼ + H(offⱼ + sub)·(offⱼ + sub) into
// sc.keys, in Jacobian form, for the n pairs in sc.on and sc.off, and the
// message, as zkp's secp256k1_whitelist_compute_keys_and_message. A key at
// infinity gives ok = false. The sums offⱼ + sub are made affine with one
// inversion (H hashes their encodings) and the products run sixteen at a
// time on ecmult.VarTimeMult1G16's lanes. Variable time: the keys are
// public.
func ringKeys(sc *scratch, n int, msg *[32]byte, sub *group.Affine) (ok bool) {
	online, offline, out := sc.on[:n], sc.off[:n], sc.keys[:n]
	inf, sumsA := sc.inf[:n], sc.sums[:n]
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
	group.VarTimeBatchSetJacobian(sumsA, sums, sc.fe[:n])
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
