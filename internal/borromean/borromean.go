// Package borromean is the Borromean ring signature of Maxwell and Poelstra
// ("Borromean Ring Signatures", 2015) as secp256k1-zkp computes it
// (src/modules/rangeproof/borromean_impl.h): several rings of public keys
// that share one challenge e₀, with one s value per key. The rangeproof
// signs one ring per digit; a surjection proof signs one ring.
//
// For ring i with keys P_{i,0}, …, P_{i,n−1} and a 32-byte message hash m:
//
//	e_{i,0}   = H(e₀ ‖ m ‖ i ‖ 0)
//	R_{i,j}   = s_{i,j}·G + e_{i,j}·P_{i,j}
//	e_{i,j+1} = H(R_{i,j} ‖ m ‖ i ‖ j+1)                 (j < n−1)
//	e₀        = SHA-256(R_{0,n₀−1} ‖ R_{1,n₁−1} ‖ … ‖ m)
//
// where H(x ‖ m ‖ i ‖ j) is SHA-256 of x, m and the big-endian 32-bit i and
// j (Hash), points are in compressed SEC 1 form, and a hash becomes a scalar
// only if it is below the group order (otherwise signing and verifying
// fail, as in zkp).
//
// The keys of all rings are one flat slice, ring after ring; sizes[i] is the
// size of ring i. Sign is constant time in the secret indices, keys and
// nonces (see Sign); VarTimeVerify is for public proofs.
package borromean

import (
	"encoding/binary"

	"github.com/kestrel-crypto/secp256k1/internal/ecmult"
	"github.com/kestrel-crypto/secp256k1/internal/field"
	"github.com/kestrel-crypto/secp256k1/internal/group"
	"github.com/kestrel-crypto/secp256k1/internal/scalar"
	"github.com/kestrel-crypto/secp256k1/internal/sha256"
)

// Hash sets out = SHA-256(e ‖ m ‖ be32(ring) ‖ be32(pos)), zkp's
// secp256k1_borromean_hash.
func Hash(out *[32]byte, e, m []byte, ring, pos int) {
	var idx [8]byte
	binary.BigEndian.PutUint32(idx[:4], uint32(ring))
	binary.BigEndian.PutUint32(idx[4:], uint32(pos))
	d := sha256.New()
	d.Write(e)
	d.Write(m)
	d.Write(idx[:])
	d.Sum(out)
}

// challenge sets e to the scalar of the hash h and returns 1, or returns 0
// (with e set to h mod n) if h is not below the group order. The branch is
// on an event of probability below 2⁻¹²⁷, which ends the computation.
func challenge(e *scalar.Scalar, h *[32]byte) int {
	if _, err := e.SetCanonicalBytes(h); err != nil {
		e.SetReducedBytes(h)
		return 0
	}
	return 1
}

// chunk is the number of rings processed together: the lanes of
// ecmult.VarTimeMult1G16 and ecmult.ScalarMult16.
const chunk = 16

// Shape checks that sizes describe rings over n keys and s values: every
// size at least 1 and their sum n. It returns false otherwise.
func Shape(sizes []int, n int) bool {
	if len(sizes) == 0 {
		return false
	}
	total := 0
	for _, sz := range sizes {
		if sz < 1 || sz > n-total {
			return false
		}
		total += sz
	}
	return total == n
}

// affineBatch converts in to out with one constant-time inversion.
func affineBatch(out []group.Affine, in []group.Jacobian) {
	var scratch [chunk]field.Element
	group.BatchSetJacobian(out, in, scratch[:len(in)])
}

// VarTimeVerify reports whether (e0, s) is a Borromean signature of the
// message hash m for the rings over pubs given by sizes (zkp's
// secp256k1_borromean_verify). len(s) must equal len(pubs) and the sizes
// must add up to it (Shape); no key may be the identity (the caller checks
// that when it makes them affine). If ev is not nil, ev[j] receives the
// challenge e of key j, which rewinding a rangeproof needs; it must be as
// long as pubs. It runs in variable time on public inputs and does not
// allocate.
//
// zkp computes each R with one ecmult; here the rings advance together, up
// to sixteen at a time on ecmult.VarTimeMult1G16's lanes, and each step's R
// values share one inversion.
func VarTimeVerify(e0 *[32]byte, s []scalar.Scalar, pubs []group.Affine, sizes []int, m []byte, ev []scalar.Scalar) bool {
	if len(s) != len(pubs) || !Shape(sizes, len(pubs)) || (ev != nil && len(ev) < len(pubs)) {
		return false
	}
	final := sha256.New()
	off := 0
	for c := 0; c < len(sizes); c += chunk {
		rings := sizes[c:min(c+chunk, len(sizes))]
		var last [chunk][33]byte
		if !verifyChunk(&last, e0, s[off:], pubs[off:], rings, c, m, ev, off) {
			return false
		}
		for i := range rings {
			final.Write(last[i][:])
			off += rings[i]
		}
	}
	final.Write(m)
	var got [32]byte
	final.Sum(&got)
	return got == *e0
}

// verifyChunk runs the rings sizes (at most chunk of them, the first being
// ring number first, with keys and s values from the start of pubs and s)
// and leaves each ring's last R, compressed, in last.
func verifyChunk(last *[chunk][33]byte, e0 *[32]byte, s []scalar.Scalar, pubs []group.Affine, sizes []int, first int, m []byte, ev []scalar.Scalar, evOff int) bool {
	var (
		e     [chunk]scalar.Scalar // each ring's current challenge
		start [chunk]int           // each ring's first key
		h     [32]byte
	)
	maxSize, off := 0, 0
	for i, sz := range sizes {
		Hash(&h, e0[:], m, first+i, 0)
		if challenge(&e[i], &h) == 0 {
			return false
		}
		start[i] = off
		off += sz
		maxSize = max(maxSize, sz)
	}
	var (
		a, b  [ecmult.Lanes2]scalar.Scalar
		A     [ecmult.Lanes2]group.Affine
		R     [ecmult.Lanes2]group.Jacobian
		ok    [ecmult.Lanes2]bool
		ring  [chunk]int
		aff   [chunk]group.Affine
		enc   [33]byte
		useLn = ecmult.UseLanes()
	)
	for j := 0; j < maxSize; j++ {
		// The lanes: the rings with a key j.
		n := 0
		for i, sz := range sizes {
			if j >= sz {
				continue
			}
			k := start[i] + j
			if s[k].IsZero() == 1 || e[i].IsZero() == 1 {
				return false
			}
			if ev != nil {
				ev[evOff+k] = e[i]
			}
			a[n], A[n], b[n] = e[i], pubs[k], s[k]
			ring[n] = i
			n++
		}
		if useLn && n >= 4 {
			ecmult.VarTimeMult1G16(&R, &ok, &a, &A, &b, n)
		} else {
			for l := range n {
				var P group.Jacobian
				P.SetAffine(&A[l])
				R[l], ok[l] = ecmult.VarTimeMult1G(&a[l], &P, &b[l])
			}
		}
		for l := range n {
			if !ok[l] || R[l].IsIdentity() == 1 {
				return false
			}
		}
		var scratch [chunk]field.Element
		if !group.VarTimeBatchSetJacobian(aff[:n], R[:n], scratch[:n]) {
			return false
		}
		for l := range n {
			i := ring[l]
			if j == sizes[i]-1 {
				aff[l].PutCompressed(&last[i])
				continue
			}
			aff[l].PutCompressed(&enc)
			Hash(&h, enc[:], m, first+i, j+1)
			if challenge(&e[i], &h) == 0 {
				return false
			}
		}
	}
	return true
}
