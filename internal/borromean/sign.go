package borromean

import (
	"crypto/subtle"

	"github.com/kestrel-crypto/secp256k1/internal/ecmult"
	"github.com/kestrel-crypto/secp256k1/internal/group"
	"github.com/kestrel-crypto/secp256k1/internal/scalar"
	"github.com/kestrel-crypto/secp256k1/internal/sha256"
)

// Sign computes a Borromean signature of the message hash m, as zkp's
// secp256k1_borromean_sign, and returns true; it returns false, as zkp
// does, if a challenge hash is not below the group order, or a nonce or
// an R is zero (each of probability about 2⁻¹²⁸). For ring i, index[i] is
// the position of the key x[i]·G among the ring's keys and k[i] the nonce;
// s holds the forged s values at all other positions, and receives the
// real one at each index[i]. e0 receives the shared challenge.
//
// It is constant time in index, k, x and the values of s: zkp walks each
// ring from its secret index, so the number and order of its
// multiplications tell the index. Here every ring takes the same steps
// whatever its index. Before e₀, the walk visits positions 1 … n−1 of the
// ring in order; at position p it hashes the R of position p−1, or k·G
// when p−1 is the index (a constant-time selection), into e and computes
// s_p·G + e·P_p. Those steps whose position is at most the index compute
// values that are never used, and the ring's last R is again selected
// between the walk's and k·G. After e₀ the walk visits positions
// 0 … n−2 from e₀'s challenge, and keeps (by selection) the challenge that
// reaches the index. Every point multiplied is a key at a public position
// and every multiplication is constant time in its scalar
// (ecmult.ScalarBaseMultMany, ecmult.ScalarMult16, ecmult.ScalarMult), so
// twice zkp's n−1 multiplications per ring pay for the uniformity. R values
// are made affine for hashing with a constant-time batch inversion.
//
// len(k), len(x) and len(index) are the number of rings; len(s) is
// len(pubs), and sizes must satisfy Shape. It does not allocate.
func Sign(e0 *[32]byte, s []scalar.Scalar, pubs []group.Affine, k, x []scalar.Scalar, sizes, index []int, m []byte) bool {
	nr := len(sizes)
	if len(s) != len(pubs) || !Shape(sizes, len(pubs)) || len(k) != nr || len(x) != nr || len(index) != nr {
		return false
	}
	// s·G for every position, used by both walks (the real positions' s
	// is whatever the caller left there; its products are never used).
	var sGBuf [128]group.Jacobian
	sG := sGBuf[:]
	if len(s) > len(sGBuf) {
		sG = make([]group.Jacobian, len(s))
	}
	sG = sG[:len(s)]
	ecmult.ScalarBaseMultMany(sG, s)
	fail := 0
	final := sha256.New()
	off := 0
	for c := 0; c < nr; c += chunk {
		end := min(c+chunk, nr)
		var last [chunk][33]byte
		fail |= signForward(&last, sG[off:], pubs[off:], k[c:end], sizes[c:end], index[c:end], c, m)
		for i := c; i < end; i++ {
			final.Write(last[i-c][:])
			off += sizes[i]
		}
	}
	final.Write(m)
	final.Sum(e0)
	off = 0
	for c := 0; c < nr; c += chunk {
		end := min(c+chunk, nr)
		fail |= signBackward(e0, s[off:], sG[off:], pubs[off:], k[c:end], x[c:end], sizes[c:end], index[c:end], c, m)
		for i := c; i < end; i++ {
			off += sizes[i]
		}
	}
	clear(sG)
	return fail == 0
}

// ringStarts returns the offset of each ring's first key and the largest
// ring size.
func ringStarts(start *[chunk]int, sizes []int) int {
	maxSize, off := 0, 0
	for i, sz := range sizes {
		start[i] = off
		off += sz
		maxSize = max(maxSize, sz)
	}
	return maxSize
}

// signForward is the walk before e₀ for up to chunk rings, the first
// being ring number first: last[i] receives ring i's last R, compressed. It
// returns nonzero on a failure at a step that counts.
func signForward(last *[chunk][33]byte, sG []group.Jacobian, pubs []group.Affine, k []scalar.Scalar, sizes, index []int, first int, m []byte) int {
	var (
		start    [chunk]int
		kG, cur  [chunk]group.Jacobian
		kA, curA [chunk]group.Affine
		el       [chunk]scalar.Scalar
		sGl      [chunk]group.Jacobian
		Pl       [chunk]group.Affine
		Rl       [chunk]group.Jacobian
		ring     [chunk]int
		enc      [33]byte
		h        [32]byte
		fail     int
		kGs      = kG[:len(sizes)]
	)
	maxSize := ringStarts(&start, sizes)
	ecmult.ScalarBaseMultMany(kGs, k)
	for i := range kGs {
		fail |= kGs[i].IsIdentity()
	}
	affineBatch(kA[:len(sizes)], kGs)
	for p := 1; p < maxSize; p++ {
		n := 0
		for i, sz := range sizes {
			if p >= sz {
				continue
			}
			// The R of position p−1: k·G where p−1 is the index.
			atIndex := subtle.ConstantTimeEq(int32(index[i]), int32(p-1))
			curA[i].Select(&kA[i], &curA[i], atIndex)
			curA[i].PutCompressed(&enc)
			Hash(&h, enc[:], m, first+i, p)
			ok := challenge(&el[n], &h)
			counts := ctLess(index[i], p) // the step is real
			fail |= counts & (ok ^ 1 | el[n].IsZero())
			sGl[n] = sG[start[i]+p]
			Pl[n] = pubs[start[i]+p]
			ring[n] = i
			n++
		}
		mulAdd(Rl[:n], sGl[:n], el[:n], Pl[:n])
		for l := range n {
			i := ring[l]
			fail |= ctLess(index[i], p) & Rl[l].IsIdentity()
			cur[i] = Rl[l]
		}
		// Make this step's R values affine together.
		var batchJ [chunk]group.Jacobian
		var batchA [chunk]group.Affine
		for l := range n {
			batchJ[l] = cur[ring[l]]
		}
		affineBatch(batchA[:n], batchJ[:n])
		for l := range n {
			curA[ring[l]] = batchA[l]
		}
	}
	for i, sz := range sizes {
		atIndex := subtle.ConstantTimeEq(int32(index[i]), int32(sz-1))
		if sz == 1 {
			atIndex = 1
		}
		curA[i].Select(&kA[i], &curA[i], atIndex)
		curA[i].PutCompressed(&last[i])
	}
	clear(kA[:])
	clear(kG[:])
	return fail
}

// signBackward is the walk after e₀ for up to chunk rings: it writes each
// ring's real s value at its index, s = k − e·x. It returns nonzero on a
// failure at a step that counts.
func signBackward(e0 *[32]byte, s []scalar.Scalar, sG []group.Jacobian, pubs []group.Affine, k, x []scalar.Scalar, sizes, index []int, first int, m []byte) int {
	var (
		start   [chunk]int
		e, eIdx [chunk]scalar.Scalar
		el      [chunk]scalar.Scalar
		sGl     [chunk]group.Jacobian
		Pl      [chunk]group.Affine
		Rl      [chunk]group.Jacobian
		Ra      [chunk]group.Affine
		ring    [chunk]int
		enc     [33]byte
		h       [32]byte
		fail    int
	)
	maxSize := ringStarts(&start, sizes)
	for i := range sizes {
		Hash(&h, e0[:], m, first+i, 0)
		ok := challenge(&e[i], &h)
		fail |= ok ^ 1 | e[i].IsZero()
		eIdx[i] = e[i]
	}
	for p := 0; p+1 < maxSize; p++ {
		n := 0
		for i, sz := range sizes {
			if p+1 >= sz {
				continue
			}
			sGl[n], el[n], Pl[n] = sG[start[i]+p], e[i], pubs[start[i]+p]
			ring[n] = i
			n++
		}
		mulAdd(Rl[:n], sGl[:n], el[:n], Pl[:n])
		for l := range n {
			fail |= ctLess(p, index[ring[l]]) & Rl[l].IsIdentity()
		}
		affineBatch(Ra[:n], Rl[:n])
		for l := range n {
			i := ring[l]
			Ra[l].PutCompressed(&enc)
			Hash(&h, enc[:], m, first+i, p+1)
			ok := challenge(&e[i], &h)
			counts := ctLess(p, index[i])
			fail |= counts & (ok ^ 1 | e[i].IsZero())
			// The challenge of position p+1 is the one at the index when
			// p+1 is.
			eIdx[i].Select(&e[i], &eIdx[i], subtle.ConstantTimeEq(int32(index[i]), int32(p+1)))
		}
	}
	for i, sz := range sizes {
		var v scalar.Scalar
		v.Multiply(&eIdx[i], &x[i])
		v.Subtract(&k[i], &v)
		fail |= v.IsZero()
		for j := range sz {
			t := &s[start[i]+j]
			t.Select(&v, t, subtle.ConstantTimeEq(int32(index[i]), int32(j)))
		}
	}
	clear(eIdx[:])
	return fail
}

// ctLess returns 1 if a < b and 0 otherwise, for 0 ≤ a, b < 2³¹, in
// constant time.
func ctLess(a, b int) int {
	return int((uint64(a) - uint64(b)) >> 63)
}

// mulAdd sets out[j] = sG[j] + e[j]·P[j], in constant time in e and sG.
// The points P are public: the lane engines build their tables in
// variable time.
func mulAdd(out []group.Jacobian, sG []group.Jacobian, e []scalar.Scalar, P []group.Affine) {
	n := len(out)
	if n == 0 {
		return
	}
	var eP [ecmult.Lanes2]group.Jacobian
	if ecmult.UseLanes() && n >= 4 {
		var ks [ecmult.Lanes2]scalar.Scalar
		var ps [ecmult.Lanes2]group.Jacobian
		for j := range ecmult.Lanes2 {
			if j < n {
				ks[j] = e[j]
				ps[j].SetAffine(&P[j])
			} else {
				ks[j].SetUint64(1)
				ps[j].SetAffine(&group.Generator)
			}
		}
		if n <= ecmult.Lanes {
			ecmult.ScalarMult8((*[ecmult.Lanes]group.Jacobian)(eP[:ecmult.Lanes]),
				(*[ecmult.Lanes]scalar.Scalar)(ks[:ecmult.Lanes]), (*[ecmult.Lanes]group.Jacobian)(ps[:ecmult.Lanes]))
		} else {
			ecmult.ScalarMult16(&eP, &ks, &ps)
		}
		clear(ks[:])
	} else {
		for j := range n {
			var pj group.Jacobian
			pj.SetAffine(&P[j])
			ecmult.ScalarMult(&eP[j], &e[j], &pj)
		}
	}
	for j := range n {
		out[j].Add(&sG[j], &eP[j])
	}
	clear(eP[:])
}
