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
	sig := Sig{E0: e0, S: s, Pubs: pubs, Sizes: sizes, M: m, EV: ev}
	if !sig.valid() {
		return false
	}
	sigs := [1]Sig{sig}
	final := sha256.New()
	off := 0
	for c := 0; c < len(sizes); c += chunk {
		var refs [chunk]ringRef
		n := 0
		for i := c; i < min(c+chunk, len(sizes)); i++ {
			refs[n] = ringRef{ring: i, start: off, size: sizes[i]}
			off += sizes[i]
			n++
		}
		var last [chunk][33]byte
		if !verifyRings(&last, refs[:n], sigs[:], nil) {
			return false
		}
		for l := range n {
			final.Write(last[l][:])
		}
	}
	final.Write(m)
	var got [32]byte
	final.Sum(&got)
	return got == *e0
}

// VarTimeVerifyRing is VarTimeVerify for one ring (sizes {len(pubs)},
// ev nil) with its keys in Jacobian form, so that a caller whose keys come
// out of a multiplication need not make them affine first: one ring runs
// one a·A + b·G at a time (no lanes), which takes a Jacobian A anyway. No
// key may be the identity. Variable time; it does not allocate.
func VarTimeVerifyRing(e0 *[32]byte, s []scalar.Scalar, pubs []group.Jacobian, m []byte) bool {
	n := len(pubs)
	if e0 == nil || n == 0 || len(s) != n {
		return false
	}
	var (
		h   [32]byte
		e   scalar.Scalar
		aff group.Affine
		enc [33]byte
	)
	Hash(&h, e0[:], m, 0, 0)
	if challenge(&e, &h) == 0 {
		return false
	}
	for j := range n {
		if s[j].IsZero() == 1 || e.IsZero() == 1 {
			return false
		}
		R, ok := ecmult.VarTimeMult1G(&e, &pubs[j], &s[j])
		if !ok || R.IsIdentity() == 1 {
			return false
		}
		aff.VarTimeSetJacobian(&R)
		aff.PutCompressed(&enc)
		if j == n-1 {
			break
		}
		Hash(&h, enc[:], m, 0, j+1)
		if challenge(&e, &h) == 0 {
			return false
		}
	}
	final := sha256.New()
	final.Write(enc[:])
	final.Write(m)
	var got [32]byte
	final.Sum(&got)
	return got == *e0
}

// Sig is one signature for VarTimeVerifyMany, with VarTimeVerify's
// arguments.
type Sig struct {
	E0    *[32]byte
	S     []scalar.Scalar
	Pubs  []group.Affine
	Sizes []int
	M     []byte
	EV    []scalar.Scalar // nil, or receives the challenges
}

// valid reports whether the lengths of sig fit together.
func (sig *Sig) valid() bool {
	return sig.E0 != nil && len(sig.S) == len(sig.Pubs) && Shape(sig.Sizes, len(sig.Pubs)) &&
		(sig.EV == nil || len(sig.EV) >= len(sig.Pubs))
}

// VarTimeVerifyMany sets ok[i] to VarTimeVerify of sigs[i], for
// len(ok) = len(sigs): the rings of all the signatures advance together on
// the lanes, sixteen at a time, so that signatures of few rings fill them.
// The rings go to the lanes in order, signature after signature, so that
// each signature's final hash takes its rings' last R values as they come
// out. Variable time; it does not allocate.
func VarTimeVerifyMany(sigs []Sig, ok []bool) {
	for i := range sigs {
		ok[i] = sigs[i].valid()
	}
	q := manyQueue{sigs: sigs, ok: ok}
	for i := range sigs {
		if !ok[i] {
			continue
		}
		off := 0
		for r, sz := range sigs[i].Sizes {
			q.add(ringRef{sig: i, ring: r, start: off, size: sz})
			off += sz
		}
	}
	q.flush()
}

// manyQueue is VarTimeVerifyMany's rings waiting for the lanes, and the
// final hash of the signature whose rings are under way.
type manyQueue struct {
	sigs  []Sig
	ok    []bool
	refs  [chunk]ringRef
	n     int
	final sha256.Digest
}

// add queues rf, and runs the queue once it holds chunk rings.
func (q *manyQueue) add(rf ringRef) {
	q.refs[q.n] = rf
	q.n++
	if q.n == chunk {
		q.flush()
	}
}

// flush runs the queued rings, marks the signatures of those that fail,
// and feeds the last R values to the final hashes in ring order, finishing
// the hash of a signature at its last ring.
func (q *manyQueue) flush() {
	var (
		last   [chunk][33]byte
		failed [chunk]bool
	)
	verifyRings(&last, q.refs[:q.n], q.sigs, failed[:q.n])
	for l, rf := range q.refs[:q.n] {
		if failed[l] {
			q.ok[rf.sig] = false
		}
	}
	for l, rf := range q.refs[:q.n] {
		sig := &q.sigs[rf.sig]
		if !q.ok[rf.sig] {
			continue
		}
		if rf.ring == 0 {
			q.final = sha256.New()
		}
		q.final.Write(last[l][:])
		if rf.ring == len(sig.Sizes)-1 {
			q.final.Write(sig.M)
			var got [32]byte
			q.final.Sum(&got)
			q.ok[rf.sig] = got == *sig.E0
		}
	}
	q.n = 0
}

// ringRef is one ring of one signature: its signature's index in sigs, its
// number in the signature, its first key and its size.
type ringRef struct {
	sig, ring, start, size int
}

// verifyRings runs the rings refs (at most chunk of them) of sigs and
// leaves each ring's last R, compressed, in last. A ring that fails is
// marked in failed if failed is not nil; otherwise verifyRings returns
// false at the first failure.
func verifyRings(last *[chunk][33]byte, refs []ringRef, sigs []Sig, failed []bool) bool {
	var (
		e    [chunk]scalar.Scalar // each ring's current challenge
		dead [chunk]bool
		h    [32]byte
	)
	fail := func(l int) bool {
		if failed == nil {
			return false
		}
		failed[l], dead[l] = true, true
		return true
	}
	maxSize := 0
	for l, rf := range refs {
		sig := &sigs[rf.sig]
		Hash(&h, sig.E0[:], sig.M, rf.ring, 0)
		if challenge(&e[l], &h) == 0 && !fail(l) {
			return false
		}
		maxSize = max(maxSize, rf.size)
	}
	var (
		a, b  [ecmult.Lanes2]scalar.Scalar
		A     [ecmult.Lanes2]group.Affine
		R     [ecmult.Lanes2]group.Jacobian
		ok    [ecmult.Lanes2]bool
		lane  [chunk]int
		aff   [chunk]group.Affine
		enc   [33]byte
		useLn = ecmult.UseLanes()
	)
	for j := 0; j < maxSize; j++ {
		// The lanes: the rings with a key j.
		n := 0
		for l, rf := range refs {
			if j >= rf.size || dead[l] {
				continue
			}
			sig := &sigs[rf.sig]
			k := rf.start + j
			if sig.S[k].IsZero() == 1 || e[l].IsZero() == 1 {
				if !fail(l) {
					return false
				}
				continue
			}
			if sig.EV != nil {
				sig.EV[k] = e[l]
			}
			a[n], A[n], b[n] = e[l], sig.Pubs[k], sig.S[k]
			lane[n] = l
			n++
		}
		if useLn && n >= 4 {
			ecmult.VarTimeMult1G16(&R, &ok, &a, &A, &b, n)
		} else {
			for q := range n {
				var P group.Jacobian
				P.SetAffine(&A[q])
				R[q], ok[q] = ecmult.VarTimeMult1G(&a[q], &P, &b[q])
			}
		}
		// A lane whose R is the identity fails; the others share the
		// inversion.
		m := 0
		for q := range n {
			if !ok[q] || R[q].IsIdentity() == 1 {
				if !fail(lane[q]) {
					return false
				}
				continue
			}
			R[m], lane[m] = R[q], lane[q]
			m++
		}
		var scratch [chunk]field.Element
		group.VarTimeBatchSetJacobian(aff[:m], R[:m], scratch[:m])
		for q := range m {
			l := lane[q]
			rf := refs[l]
			if j == rf.size-1 {
				aff[q].PutCompressed(&last[l])
				continue
			}
			aff[q].PutCompressed(&enc)
			Hash(&h, enc[:], sigs[rf.sig].M, rf.ring, j+1)
			if challenge(&e[l], &h) == 0 && !fail(l) {
				return false
			}
		}
	}
	return true
}
