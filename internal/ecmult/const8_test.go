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

// const8StateFor returns the blinding state for ρ: R = ρ·G and
// C = −2¹²⁵·ρ·G, from the reference, R with a random Z.
func const8StateFor(rho *big.Int, r *rand.Rand) *const8State {
	c := new(big.Int).Lsh(rho, const8Doublings)
	c.Neg(c).Mod(c, testref.N)
	return &const8State{
		r: *jacobianFromRef(testref.ScalarMult(rho, testref.G), r),
		c: *jacobianFromRef(testref.ScalarMult(c, testref.G), nil),
	}
}

// checkScalarMult8 checks every lane of v against the math/big reference
// and against the single ScalarMult.
func checkScalarMult8(t *testing.T, what string, v []group.Jacobian, k []scalar.Scalar, p []testref.Point, P []group.Jacobian) {
	t.Helper()
	for j := range v {
		kb := bigFromScalar(&k[j])
		checkPoint(t, fmt.Sprintf("%s: lane %d (%x·%x)", what, j, kb, testref.Compressed(p[j])), &v[j], testref.ScalarMult(kb, p[j]))
		var single group.Jacobian
		ScalarMult(&single, &k[j], &P[j])
		if v[j].Equal(&single) != 1 {
			t.Fatalf("%s: lane %d differs from ScalarMult", what, j)
		}
	}
}

// TestScalarMult8 checks every lane of ScalarMult8 and ScalarMult16
// against the math/big reference and the single ScalarMult, for the edge
// scalars (0, 1, n − 1, GLV edges…) and random ones, on the special points
// of the Strauss tests (the identity, G, −G, λ·G…) and random points, with
// Z = 1 and Z ≠ 1, and with v aliasing p.
func TestScalarMult8(t *testing.T) {
	forEachBackend(t, func(t *testing.T) {
		r, n := testRand(t, 80)
		points := straussTestSpecialPoints(r)
		var ks []*scalar.Scalar
		for _, k := range edgeScalars {
			ks = append(ks, scalarFromBig(k))
		}
		for range n {
			ks = append(ks, scalarFromBig(randomScalar(r)))
			points = append(points, testref.ScalarMult(randomScalar(r), testref.G))
		}
		for _, lanes := range []int{field8.Lanes, Lanes2} {
			for i := 0; i < len(ks); i += lanes {
				k := make([]scalar.Scalar, lanes)
				var p []testref.Point
				P := make([]group.Jacobian, lanes)
				for j := range P {
					k[j] = *ks[(i+j)%len(ks)]
					p = append(p, points[(i+3*j)%len(points)])
					var rr *rand.Rand
					if j%2 == 1 {
						rr = r
					}
					P[j] = *jacobianFromRef(p[j], rr)
				}
				mult := func(v, P []group.Jacobian) {
					if lanes == Lanes2 {
						ScalarMult16((*[Lanes2]group.Jacobian)(v), (*[Lanes2]scalar.Scalar)(k), (*[Lanes2]group.Jacobian)(P))
					} else {
						ScalarMult8((*[field8.Lanes]group.Jacobian)(v), (*[field8.Lanes]scalar.Scalar)(k), (*[field8.Lanes]group.Jacobian)(P))
					}
				}
				what := fmt.Sprintf("ScalarMult%d", lanes)
				v := make([]group.Jacobian, lanes)
				mult(v, P)
				checkScalarMult8(t, what, v, k, p, P)
				in := append([]group.Jacobian(nil), P...)
				mult(P, P)
				checkScalarMult8(t, what+" in place", P, k, p, in)
			}
		}
	})
}

// TestScalarMult8Exceptional forces the lanes' incomplete additions into
// their exceptional cases and checks that the lanes that meet one end with
// Z = 0 and that the results are still right: with ρ = 0 (R the identity)
// every lane adds to the identity or stays there (k = 0); with R = 2⁻¹²⁵·P, the last
// addition of k = 1 is P + P (the doubling case) and that of k = −1 is
// −P + P, while k = 0 is not exceptional (the complete addition of C gives
// the identity).
func TestScalarMult8Exceptional(t *testing.T) {
	forEachBackend(t, func(t *testing.T) {
		r := testref.Rand(t)
		check := func(what string, st *const8State, k *[field8.Lanes]scalar.Scalar, p []testref.Point, exceptional []int) {
			t.Helper()
			var P [field8.Lanes]group.Jacobian
			for j := range P {
				P[j] = *jacobianFromRef(p[j], r)
			}
			var raw [field8.Lanes]group.Jacobian
			constLanes8(&raw, k, &P, st)
			isExc := make(map[int]bool)
			for _, j := range exceptional {
				isExc[j] = true
			}
			for j := range raw {
				if got := raw[j].Z.IsZero() == 1; got != isExc[j] {
					t.Fatalf("%s: lane %d has Z = 0: %v, want %v", what, j, got, isExc[j])
				}
			}
			var v [field8.Lanes]group.Jacobian
			constMult8(&v, k, &P, st)
			checkScalarMult8(t, what, v[:], k[:], p, P[:])

			// The same lanes as either group of constLanes16, the other
			// group holding the lanes reversed.
			var k16 [Lanes2]scalar.Scalar
			var P16 [Lanes2]group.Jacobian
			for j := range field8.Lanes {
				k16[j], P16[j] = k[j], P[j]
				k16[Lanes2-1-j], P16[Lanes2-1-j] = k[j], P[j]
			}
			var raw16 [Lanes2]group.Jacobian
			constLanes16(&raw16, &k16, &P16, st)
			for j := range raw16 {
				src := j
				if j >= field8.Lanes {
					src = Lanes2 - 1 - j
				}
				if got := raw16[j].Z.IsZero() == 1; got != isExc[src] {
					t.Fatalf("%s: constLanes16 lane %d has Z = 0: %v, want %v", what, j, got, isExc[src])
				}
				if raw16[j].Equal(&raw[src]) != 1 {
					t.Fatalf("%s: constLanes16 lane %d differs from constLanes8 lane %d", what, j, src)
				}
			}
			constRedo(raw16[:], k16[:], P16[:], 0, st)
			for j := range raw16 {
				src := j
				if j >= field8.Lanes {
					src = Lanes2 - 1 - j
				}
				if raw16[j].Equal(&v[src]) != 1 {
					t.Fatalf("%s: constLanes16 and constRedo, lane %d differs from constMult8 lane %d", what, j, src)
				}
			}
		}

		// Uniform scalars (randomScalar's edge scalars, ±1 among them,
		// would be exceptional with R = 2⁻¹²⁵·P too).
		var k [field8.Lanes]scalar.Scalar
		p := make([]testref.Point, field8.Lanes)
		for j := range k {
			b := make([]byte, 32)
			r.Read(b)
			k[j] = *scalarFromBig(new(big.Int).SetBytes(b))
			p[j] = testref.ScalarMult(randomScalar(r), testref.G)
		}
		k[3] = scalar.Scalar{}
		check("ρ = 0", const8StateFor(new(big.Int), r), &k, p, []int{0, 1, 2, 3, 4, 5, 6, 7})

		// R = 2⁻¹²⁵·P: P = x·G with R = ρ·G, x = 2¹²⁵·ρ, for ρ ≠ 0 (with
		// ρ = 0, an edge of randomScalar, R and P are the identity and every
		// lane is exceptional).
		rho := strauss8RandomKey(r)
		x := new(big.Int).Lsh(rho, const8Doublings)
		x.Mod(x, testref.N)
		for j := range p {
			p[j] = testref.ScalarMult(x, testref.G)
		}
		k[2].SetUint64(1)
		k[6].Negate(&k[2])
		k[3] = scalar.Scalar{}
		check("R = 2⁻¹²⁵·P", const8StateFor(rho, r), &k, p, []int{2, 6})
	})
}

// TestConst8Refresh checks that the blinding state of ScalarMult8 changes
// after const8RefreshInterval calls, and that a fresh state has
// C = −2¹²⁵·R.
func TestConst8Refresh(t *testing.T) {
	before := loadConst8State(1)
	for range const8RefreshInterval / 2 {
		loadConst8State(2)
	}
	st := const8Current.Load()
	if st == before {
		t.Fatal("no refresh after const8RefreshInterval calls")
	}
	sum := st.r
	for range const8Doublings {
		sum.Double(&sum)
	}
	sum.Add(&sum, &st.c)
	if sum.IsIdentity() != 1 || st.r.IsIdentity() == 1 {
		t.Fatal("C ≠ −2¹²⁵·R, or R is the identity")
	}
}
