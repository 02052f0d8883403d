package ecmult

import (
	"fmt"
	"math/big"
	"math/rand"
	"testing"

	"github.com/kestrel-crypto/secp256k1/internal/field8"
	"github.com/kestrel-crypto/secp256k1/internal/group"
	"github.com/kestrel-crypto/secp256k1/internal/scalar"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref"
)

// forEachBackend runs f once per internal/field8 backend this machine can
// execute (the IFMA assembly where the CPU has it, and the generic twins).
func forEachBackend(t *testing.T, f func(t *testing.T)) {
	for _, be := range field8.Backends() {
		t.Run("backend="+be, func(t *testing.T) {
			defer field8.SetBackend(be)()
			f(t)
		})
	}
}

// combScalarForDigits returns the scalar k whose recoded scalar
// e = k/2 + st.offset has, in every block b and comb offset s whose teeth
// all lie below bit 240, the teeth pattern(b, s) (bit t for tooth t), and
// random bits elsewhere below 240 (so e < n).
func combScalarForDigits(r *rand.Rand, st *combState, pattern func(b, s int) uint64) *scalar.Scalar {
	b := make([]byte, 30)
	r.Read(b)
	e := new(big.Int).SetBytes(b)
	for blk := range combBlocks {
		for s := range combSpacing {
			if ((blk*combTeeth+combTeeth-1)*combSpacing + s) >= 240 {
				continue
			}
			p := pattern(blk, s)
			for t := range combTeeth {
				e.SetBit(e, (blk*combTeeth+t)*combSpacing+s, uint(p>>t&1))
			}
		}
	}
	var k scalar.Scalar
	k.Subtract(scalarFromBig(e), &st.offset)
	return k.Add(&k, &k)
}

// digitScalars returns scalars whose comb digits select the table's first
// and last entries, positive and negated, in every block (top tooth set or
// not, the other teeth all set or all clear), and mixes of them.
func digitScalars(r *rand.Rand, st *combState) []*scalar.Scalar {
	top := uint64(1) << (combTeeth - 1)
	var out []*scalar.Scalar
	for _, p := range []uint64{0, top - 1, top, 2*top - 1} { // entries last−, first−, first+, last+
		out = append(out, combScalarForDigits(r, st, func(b, s int) uint64 { return p }))
	}
	out = append(out, combScalarForDigits(r, st, func(b, s int) uint64 { return []uint64{0, top - 1, top, 2*top - 1}[(b+s)%4] }))
	return out
}

// bigFromScalar returns k as a big.Int.
func bigFromScalar(k *scalar.Scalar) *big.Int {
	var b [32]byte
	k.PutBytes(&b)
	return new(big.Int).SetBytes(b[:])
}

// lanesOf returns the eight scalars of ks starting at i (wrapping around).
func lanesOf(ks []*scalar.Scalar, i int) *[field8.Lanes]scalar.Scalar {
	var k [field8.Lanes]scalar.Scalar
	for j := range k {
		k[j] = *ks[(i+j)%len(ks)]
	}
	return &k
}

// TestScalarBaseMult8 checks every lane of ScalarBaseMult8 against the
// math/big reference and the single ScalarBaseMult, for edge scalars (0, 1,
// n − 1, powers of two, GLV edges…), scalars whose digits hit the table's
// first and last entries in every block, and random ones.
func TestScalarBaseMult8(t *testing.T) {
	forEachBackend(t, func(t *testing.T) {
		r, n := testRand(t, 200)
		st := loadCombState(0)
		ks := digitScalars(r, st)
		for _, k := range edgeScalars {
			ks = append(ks, scalarFromBig(k))
		}
		for range n {
			ks = append(ks, scalarFromBig(randomScalar(r)))
		}
		for i := 0; i < len(ks); i += field8.Lanes {
			k := lanesOf(ks, i)
			var v [field8.Lanes]group.Jacobian
			combMult8(&v, k, st)
			for j := range v {
				kb := bigFromScalar(&k[j])
				checkPoint(t, fmt.Sprintf("lane %d of combMult8(%x)", j, kb), &v[j], testref.ScalarMult(kb, testref.G))
				var single group.Jacobian
				combMult(&single, &k[j], st)
				if k[j].IsZero() == 1 && v[j] != single {
					t.Fatalf("lane %d: 0·G = %v, not the single path's %v", j, v[j], single)
				}
			}
		}
		// Two groups of eight (combLanes16), on the same
		// scalars, the second group shifted by three so that the groups
		// differ.
		for i := 0; i+Lanes2 <= len(ks); i += field8.Lanes {
			var k [Lanes2]scalar.Scalar
			for j := range k {
				k[j] = *ks[i+(j+3*(j/field8.Lanes))%Lanes2]
			}
			var v [Lanes2]group.Jacobian
			combLanes16(&v, &k, st)
			combRedo(v[:], k[:], st)
			for j := range v {
				kb := bigFromScalar(&k[j])
				checkPoint(t, fmt.Sprintf("lane %d of combLanes16(%x)", j, kb), &v[j], testref.ScalarMult(kb, testref.G))
			}
		}
		var k16 [Lanes2]scalar.Scalar
		for j := range k16 {
			k16[j] = *ks[j]
		}
		var v16 [Lanes2]group.Jacobian
		ScalarBaseMult16(&v16, &k16)
		for j := range v16 {
			kb := bigFromScalar(&k16[j])
			checkPoint(t, fmt.Sprintf("lane %d of ScalarBaseMult16(%x)", j, kb), &v16[j], testref.ScalarMult(kb, testref.G))
		}
		// The exported function, with its own state.
		k := lanesOf(ks, 0)
		var v [field8.Lanes]group.Jacobian
		ScalarBaseMult8(&v, k)
		for j := range v {
			kb := bigFromScalar(&k[j])
			checkPoint(t, fmt.Sprintf("lane %d of ScalarBaseMult8(%x)", j, kb), &v[j], testref.ScalarMult(kb, testref.G))
		}
	})
}

// TestScalarBaseMult8Zero checks k = 0: the lanes give Z = 0 (the last
// addition is −P + P), and ScalarBaseMult8 recomputes them on the single
// path, whose identity it returns exactly.
func TestScalarBaseMult8Zero(t *testing.T) {
	forEachBackend(t, func(t *testing.T) {
		r := testref.Rand(t)
		st := loadCombState(0)
		var k [field8.Lanes]scalar.Scalar
		for j := range k {
			if j%3 != 0 {
				k[j] = *scalarFromBig(randomScalar(r))
			}
		}
		var raw, v [field8.Lanes]group.Jacobian
		combLanes8(&raw, &k, st)
		combMult8(&v, &k, st)
		for j := range v {
			var want group.Jacobian
			combMult(&want, &k[j], st)
			if k[j].IsZero() == 1 {
				if raw[j].Z.IsZero() != 1 {
					t.Fatalf("lane %d: k = 0 gave Z ≠ 0 before the recomputation", j)
				}
				if v[j] != want {
					t.Fatalf("lane %d: 0·G = %v, not the single path's %v", j, v[j], want)
				}
				continue
			}
			if v[j].Equal(&want) != 1 {
				t.Fatalf("lane %d wrong next to k = 0 lanes", j)
			}
		}
	})
}

// combStateFor returns the blinding state for q with Q = q·G given (the
// caller's choice of representation): offset = (2^combBits − 1 − 2^(S−1)·q)/2.
func combStateFor(q *scalar.Scalar, Q *group.Jacobian) *combState {
	st := &combState{q: *Q}
	var b scalar.Scalar
	b.Set(q)
	for range combSpacing - 1 {
		b.Add(&b, &b)
	}
	st.offset.Subtract(&combAllOnes, &b)
	st.offset.Multiply(&st.offset, &halfModN)
	return st
}

// TestScalarBaseMult8Exceptional forces the lanes' incomplete additions
// into their exceptional cases and checks that the results are still right:
// with the unblinded state (Q the identity) every lane's first addition
// has an input at infinity; with a state whose Q is an entry of the first
// block, a lane whose first digit selects that entry adds Q + Q (the
// doubling case) and another lane, selecting it negated, adds Q − Q.
func TestScalarBaseMult8Exceptional(t *testing.T) {
	forEachBackend(t, func(t *testing.T) {
		r := testref.Rand(t)
		check := func(what string, st *combState, k *[field8.Lanes]scalar.Scalar, exceptional []int) {
			t.Helper()
			var raw, v [field8.Lanes]group.Jacobian
			combLanes8(&raw, k, st)
			for _, j := range exceptional {
				if raw[j].Z.IsZero() != 1 {
					t.Fatalf("%s: lane %d is not exceptional (Z ≠ 0)", what, j)
				}
			}
			combMult8(&v, k, st)
			for j := range v {
				kb := bigFromScalar(&k[j])
				checkPoint(t, fmt.Sprintf("%s: lane %d (%x)", what, j, kb), &v[j], testref.ScalarMult(kb, testref.G))
			}
			// The same eight scalars in both groups of sixteen lanes.
			var k16 [Lanes2]scalar.Scalar
			copy(k16[:], k[:])
			copy(k16[field8.Lanes:], k[:])
			var raw16 [Lanes2]group.Jacobian
			combLanes16(&raw16, &k16, st)
			for _, j := range exceptional {
				if raw16[j].Z.IsZero() != 1 || raw16[j+field8.Lanes].Z.IsZero() != 1 {
					t.Fatalf("%s: lane %d of sixteen is not exceptional (Z ≠ 0)", what, j)
				}
			}
			combRedo(raw16[:], k16[:], st)
			for j := range raw16 {
				kb := bigFromScalar(&k16[j])
				checkPoint(t, fmt.Sprintf("%s: lane %d of sixteen (%x)", what, j, kb), &raw16[j], testref.ScalarMult(kb, testref.G))
			}
		}

		var k [field8.Lanes]scalar.Scalar
		for j := range k {
			k[j] = *scalarFromBig(randomScalar(r))
		}
		check("unblinded", unblindedCombState(), &k, []int{0, 1, 2, 3, 4, 5, 6, 7})

		// Q = entry m of block 0, whose discrete log is
		// Σ_{t<T−1} ±2^(t·S) + 2^((T−1)·S), + where bit t of m is set.
		m := uint64(r.Intn(combPoints))
		q := new(big.Int)
		for tt := range combTeeth {
			term := new(big.Int).Lsh(big.NewInt(1), uint(tt*combSpacing))
			if tt == combTeeth-1 || m>>tt&1 == 1 {
				q.Add(q, term)
			} else {
				q.Sub(q, term)
			}
		}
		Q := jacobianFromRef(testref.ScalarMult(q, testref.G), r)
		st := combStateFor(scalarFromBig(q), Q)
		top := uint64(1) << (combTeeth - 1)
		first := func(p uint64) *scalar.Scalar { // block 0's first digit is p
			return combScalarForDigits(r, st, func(b, s int) uint64 {
				if b == 0 && s == combSpacing-1 {
					return p
				}
				return uint64(r.Intn(2 * combPoints))
			})
		}
		k[2] = *first(top | m)        // +entry m: Q + Q
		k[5] = *first(^m & (top - 1)) // −entry m: Q − Q
		check("Q = ±entry", st, &k, []int{2, 5})
	})
}

// TestScalarBaseMultMany checks ScalarBaseMultMany against ScalarBaseMult
// for lengths around multiples of eight and sixteen, on both backends (the lanes run
// only where field8 runs its IFMA assembly).
func TestScalarBaseMultMany(t *testing.T) {
	forEachBackend(t, func(t *testing.T) {
		r := testref.Rand(t)
		for _, n := range []int{0, 1, 7, 8, 9, 15, 16, 17, 23, 24, 25, 32, 40} {
			ks := make([]scalar.Scalar, n)
			for i := range ks {
				ks[i] = *scalarFromBig(randomScalar(r))
			}
			v := make([]group.Jacobian, n)
			ScalarBaseMultMany(v, ks)
			for i := range v {
				var want group.Jacobian
				ScalarBaseMult(&want, &ks[i])
				if v[i].Equal(&want) != 1 {
					t.Fatalf("n=%d: point %d differs from ScalarBaseMult", n, i)
				}
			}
		}
	})
}

// TestCombRefreshLanes checks that ScalarBaseMult8 counts eight
// multiplications toward the refresh of the blinding state.
func TestCombRefreshLanes(t *testing.T) {
	before := loadCombState(0)
	for range combRefreshInterval / field8.Lanes {
		loadCombState(field8.Lanes)
	}
	if combCurrent.Load() == before {
		t.Fatal("no refresh after combRefreshInterval multiplications in eights")
	}
}
