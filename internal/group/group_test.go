package group

import (
	"fmt"
	"math/big"
	"math/rand"
	"reflect"
	"strings"
	"sync"
	"testing"
	"testing/quick"
	"time"

	"github.com/kestrel-crypto/secp256k1/internal/field"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/race"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref"
)

// The reference: textbook affine arithmetic on y² = x³ + 7 mod p with
// math/big and an explicit identity. Nothing in it calls the code under test;
// the field package is used only to encode and decode elements.

var (
	bigP = testref.BigHex("FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEFFFFFC2F")
	// bigN is the order of G.
	bigN = testref.BigHex("FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEBAAEDCE6AF48A03BBFD25E8CD0364141")
	// bigBeta is a primitive cube root of unity mod p, and bigLambda the
	// cube root of unity mod n with λ·(x, y) = (β·x, y).
	bigBeta   = testref.BigHex("7AE96A2B657C07106E64479EAC3434E99CF0497512F58995C1396C28719501EE")
	bigBeta2  = new(big.Int).Exp(bigBeta, big.NewInt(2), bigP)
	bigLambda = testref.BigHex("5363AD4CC05C30E0A5261C028812645A122E22EA20816678DF02967C1B23BD72")
	// bigSmall is 2²⁵⁶ − p = 2³² + 977: a value v < bigSmall also has the
	// non-canonical representation v + p < 2²⁵⁶.
	bigSmall = new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 256), bigP)
	// bigCbrtExp is (p + 2)/9: since p ≡ 7 (mod 9), a^((p+2)/9) is a cube
	// root of a whenever a is a cube.
	bigCbrtExp = new(big.Int).Div(new(big.Int).Add(bigP, big.NewInt(2)), big.NewInt(9))

	refG = refPoint{
		x: testref.BigHex("79BE667EF9DCBBAC55A06295CE870B07029BFCDB2DCE28D959F2815B16F81798"),
		y: testref.BigHex("483ADA7726A3C4655DA4FBFC0E1108A8FD17B448A68554199C47D08FFB10D4B8"),
	}
	refInf = refPoint{inf: true}
)

// refPoint is an affine point, or the identity if inf is set. x and y are
// in [0, p).
type refPoint struct {
	inf  bool
	x, y *big.Int
}

func (p refPoint) String() string {
	if p.inf {
		return "O"
	}
	return fmt.Sprintf("(%#x, %#x)", p.x, p.y)
}

func modP(x *big.Int) *big.Int { return x.Mod(x, bigP) }

func invP(x *big.Int) *big.Int {
	return new(big.Int).ModInverse(modP(new(big.Int).Set(x)), bigP)
}

// newRef returns the point (x mod p, y mod p).
func newRef(x, y *big.Int) refPoint {
	return refPoint{x: modP(new(big.Int).Set(x)), y: modP(new(big.Int).Set(y))}
}

func refEqual(p, q refPoint) bool {
	if p.inf || q.inf {
		return p.inf == q.inf
	}
	return p.x.Cmp(q.x) == 0 && p.y.Cmp(q.y) == 0
}

// refOnCurve reports whether p is the identity or y² = x³ + 7 mod p.
func refOnCurve(p refPoint) bool {
	if p.inf {
		return true
	}
	lhs := modP(new(big.Int).Mul(p.y, p.y))
	rhs := new(big.Int).Exp(p.x, big.NewInt(3), bigP)
	rhs = modP(rhs.Add(rhs, big.NewInt(7)))
	return lhs.Cmp(rhs) == 0
}

func refNeg(p refPoint) refPoint {
	if p.inf {
		return p
	}
	return newRef(p.x, new(big.Int).Neg(p.y))
}

func refDouble(p refPoint) refPoint {
	if p.inf || p.y.Sign() == 0 {
		return refInf
	}
	// λ = 3x²/(2y), x₃ = λ² − 2x, y₃ = λ(x − x₃) − y.
	l := new(big.Int).Mul(p.x, p.x)
	l.Mul(l, big.NewInt(3))
	l = modP(l.Mul(l, invP(new(big.Int).Lsh(p.y, 1))))
	x3 := new(big.Int).Mul(l, l)
	x3.Sub(x3, new(big.Int).Lsh(p.x, 1))
	modP(x3)
	y3 := new(big.Int).Sub(p.x, x3)
	y3.Mul(y3, l)
	y3.Sub(y3, p.y)
	return newRef(x3, y3)
}

func refAdd(p, q refPoint) refPoint {
	if p.inf {
		return q
	}
	if q.inf {
		return p
	}
	if p.x.Cmp(q.x) == 0 {
		if modP(new(big.Int).Add(p.y, q.y)).Sign() == 0 {
			return refInf
		}
		return refDouble(p)
	}
	// λ = (y₂ − y₁)/(x₂ − x₁), x₃ = λ² − x₁ − x₂, y₃ = λ(x₁ − x₃) − y₁.
	l := new(big.Int).Sub(q.y, p.y)
	l = modP(l.Mul(l, invP(new(big.Int).Sub(q.x, p.x))))
	x3 := new(big.Int).Mul(l, l)
	x3.Sub(x3, p.x)
	x3.Sub(x3, q.x)
	modP(x3)
	y3 := new(big.Int).Sub(p.x, x3)
	y3.Mul(y3, l)
	y3.Sub(y3, p.y)
	return newRef(x3, y3)
}

// refScalarMult returns k·p for k ≥ 0 by left-to-right double-and-add.
func refScalarMult(k *big.Int, p refPoint) refPoint {
	acc := refInf
	for i := k.BitLen() - 1; i >= 0; i-- {
		acc = refDouble(acc)
		if k.Bit(i) == 1 {
			acc = refAdd(acc, p)
		}
	}
	return acc
}

// refGDoublings returns 2ⁱ·G for i < 256.
var refGDoublings = sync.OnceValue(func() []refPoint {
	t := make([]refPoint, 256)
	t[0] = refG
	for i := 1; i < len(t); i++ {
		t[i] = refDouble(t[i-1])
	}
	return t
})

// refBaseMult returns k·G for 0 ≤ k < 2²⁵⁶ as the sum of the 2ⁱ·G for the
// set bits of k: refScalarMult with the doublings precomputed.
func refBaseMult(k *big.Int) refPoint {
	t := refGDoublings()
	acc := refInf
	for i := range k.BitLen() {
		if k.Bit(i) == 1 {
			acc = refAdd(acc, t[i])
		}
	}
	return acc
}

// refEndo returns (β^e·x, y): λ^e·p.
func refEndo(p refPoint, e int) refPoint {
	if p.inf {
		return p
	}
	b := bigBeta
	if e == 2 {
		b = bigBeta2
	}
	return newRef(new(big.Int).Mul(b, p.x), p.y)
}

// refCbrt returns a cube root of a mod p, or nil if a is not a cube.
func refCbrt(a *big.Int) *big.Int {
	r := new(big.Int).Exp(a, bigCbrtExp, bigP)
	if new(big.Int).Exp(r, big.NewInt(3), bigP).Cmp(modP(new(big.Int).Set(a))) != 0 {
		return nil
	}
	return r
}

// Conversions between field.Element and big.Int.

// toBig returns the canonical value of e.
func toBig(e *field.Element) *big.Int { return new(big.Int).SetBytes(e.Bytes()) }

// fromBig returns the canonical element for 0 ≤ x < p.
func fromBig(x *big.Int) field.Element {
	var b [32]byte
	x.FillBytes(b[:])
	var e field.Element
	e.SetBytes(&b)
	return e
}

// limbsOf returns the little-endian limbs of 0 ≤ x < 2²⁵⁶.
func limbsOf(x *big.Int) [4]uint64 {
	var b [32]byte
	x.FillBytes(b[:])
	var l [4]uint64
	for i := range l {
		for j := range 8 {
			l[i] |= uint64(b[31-8*i-j]) << (8 * j)
		}
	}
	return l
}

// randElement returns a representation of x ∈ [0, p): the canonical one, or
// when x < 2³² + 977, half the time the non-canonical x + p.
func randElement(r *rand.Rand, x *big.Int) field.Element {
	if x.Cmp(bigSmall) < 0 && r.Intn(2) == 0 {
		l := limbsOf(new(big.Int).Add(x, bigP))
		var e field.Element
		e.SetLimbs(&l)
		return e
	}
	return fromBig(x)
}

// jacobianWithZ returns p as (x·z², y·z³, z) with canonical coordinates.
func jacobianWithZ(p refPoint, z *big.Int) Jacobian {
	z2 := modP(new(big.Int).Mul(z, z))
	z3 := modP(new(big.Int).Mul(z2, z))
	return Jacobian{
		X: fromBig(modP(new(big.Int).Mul(p.x, z2))),
		Y: fromBig(modP(new(big.Int).Mul(p.y, z3))),
		Z: fromBig(modP(new(big.Int).Set(z))),
	}
}

// jacToRef decodes a Jacobian point with the reference: Z ≡ 0 is the
// identity, otherwise (X/Z², Y/Z³). The result need not be on the curve.
func jacToRef(j *Jacobian) refPoint {
	z := toBig(&j.Z)
	if z.Sign() == 0 {
		return refInf
	}
	zi := invP(z)
	zi2 := modP(new(big.Int).Mul(zi, zi))
	zi3 := modP(new(big.Int).Mul(zi2, zi))
	return newRef(new(big.Int).Mul(toBig(&j.X), zi2), new(big.Int).Mul(toBig(&j.Y), zi3))
}

func affToRef(a *Affine) refPoint { return newRef(toBig(&a.X), toBig(&a.Y)) }

func fmtJac(j *Jacobian) string { return fmt.Sprintf("{X:%x Y:%x Z:%x}", j.X, j.Y, j.Z) }
func fmtAff(a *Affine) string   { return fmt.Sprintf("{X:%x Y:%x}", a.X, a.Y) }

// Generators.

// seededRand returns a rand.Rand with a logged seed.
func seededRand(t testing.TB) *rand.Rand {
	seed := time.Now().UnixNano()
	t.Logf("seed %d", seed)
	return rand.New(rand.NewSource(seed))
}

// randInt returns a uniform integer in [lo, hi).
func randInt(r *rand.Rand, lo, hi *big.Int) *big.Int {
	x := new(big.Int).Rand(r, new(big.Int).Sub(hi, lo))
	return x.Add(x, lo)
}

var (
	bigOne = big.NewInt(1)
	// edgeZ are nonzero Z values that stress the reduction: 1, 2, p − 1,
	// p − 2, (p − 1)/2, 2²⁵⁵, 2²⁵⁶ mod p, 2⁶⁴, 2¹²⁸ − 1.
	edgeZ = []*big.Int{
		big.NewInt(1),
		big.NewInt(2),
		new(big.Int).Sub(bigP, big.NewInt(1)),
		new(big.Int).Sub(bigP, big.NewInt(2)),
		new(big.Int).Rsh(bigP, 1),
		new(big.Int).Lsh(bigOne, 255),
		bigSmall,
		new(big.Int).Lsh(bigOne, 64),
		new(big.Int).Sub(new(big.Int).Lsh(bigOne, 128), bigOne),
	}
)

// randZ returns a random nonzero Z: uniform, an edge value, or small (and so
// possibly non-canonical once encoded by randElement).
func randZ(r *rand.Rand) *big.Int {
	switch r.Intn(6) {
	case 0:
		return new(big.Int).Set(edgeZ[r.Intn(len(edgeZ))])
	case 1:
		return randInt(r, bigOne, bigSmall)
	default:
		return randInt(r, bigOne, bigP)
	}
}

// randJacobian returns a Jacobian representation of p with a random nonzero
// Z: uniform, an edge value, small, or chosen so that X or Y is below
// 2³² + 977; small coordinates are non-canonical half the time. The
// identity gets Z = 0 or p and arbitrary X and Y.
func randJacobian(r *rand.Rand, p refPoint) Jacobian {
	if p.inf {
		return randIdentity(r)
	}
	var z *big.Int
	switch r.Intn(8) {
	case 0:
		// X = x·Z² small: Z = √(X/x) for a small X with X/x a square.
		for p.x.Sign() != 0 && z == nil {
			xs := randInt(r, bigOne, bigSmall)
			z = new(big.Int).ModSqrt(modP(xs.Mul(xs, invP(p.x))), bigP)
		}
	case 1:
		// Y = y·Z³ small: Z = ∛(Y/y) for a small Y with Y/y a cube.
		for z == nil {
			ys := randInt(r, bigOne, bigSmall)
			z = refCbrt(modP(ys.Mul(ys, invP(p.y))))
		}
	}
	if z == nil {
		z = randZ(r)
	}
	z2 := modP(new(big.Int).Mul(z, z))
	z3 := modP(new(big.Int).Mul(z2, z))
	return Jacobian{
		X: randElement(r, modP(z2.Mul(z2, p.x))),
		Y: randElement(r, modP(z3.Mul(z3, p.y))),
		Z: randElement(r, z),
	}
}

// randIdentity returns an identity with Z = 0 or Z = p and arbitrary X, Y.
func randIdentity(r *rand.Rand) Jacobian {
	coord := func() field.Element {
		var e field.Element
		switch r.Intn(4) {
		case 0:
		case 1:
			e.One()
		case 2:
			l := [4]uint64{^uint64(0), ^uint64(0), ^uint64(0), ^uint64(0)}
			e.SetLimbs(&l)
		default:
			l := [4]uint64{r.Uint64(), r.Uint64(), r.Uint64(), r.Uint64()}
			e.SetLimbs(&l)
		}
		return e
	}
	j := Jacobian{X: coord(), Y: coord()}
	if r.Intn(2) == 0 {
		l := field.Modulus()
		j.Z.SetLimbs(&l)
	}
	return j
}

// randAffine returns an Affine representation of p (not the identity).
func randAffine(r *rand.Rand, p refPoint) Affine {
	return Affine{X: randElement(r, p.x), Y: randElement(r, p.y)}
}

// edgePoints are fixed points: G, −G, 2G, −2G, 3G, λG, (n − 1)/2·G.
var edgePoints = func() []refPoint {
	g2 := refDouble(refG)
	return []refPoint{
		refG, refNeg(refG), g2, refNeg(g2), refAdd(g2, refG),
		refEndo(refG, 1), refScalarMult(new(big.Int).Rsh(bigN, 1), refG),
	}
}()

// randMultiple returns k·G for a random k ∈ [1, n).
func randMultiple(r *rand.Rand) refPoint {
	return refBaseMult(randInt(r, bigOne, bigN))
}

// liftX returns a random point with x < max.
func liftX(r *rand.Rand, max *big.Int) refPoint {
	for {
		x := new(big.Int).Rand(r, max)
		rhs := new(big.Int).Exp(x, big.NewInt(3), bigP)
		rhs.Add(rhs, big.NewInt(7))
		if y := new(big.Int).ModSqrt(rhs, bigP); y != nil {
			if r.Intn(2) == 0 {
				y.Sub(bigP, y)
			}
			return newRef(x, y)
		}
	}
}

// liftSmallY returns a random point with y < 2³² + 977.
func liftSmallY(r *rand.Rand) refPoint {
	for {
		y := randInt(r, bigOne, bigSmall)
		rhs := new(big.Int).Mul(y, y)
		if x := refCbrt(modP(rhs.Sub(rhs, big.NewInt(7)))); x != nil {
			return refEndo(newRef(x, y), r.Intn(3))
		}
	}
}

// randPoint returns a random point, not the identity: mostly a random
// multiple of G, sometimes an edge point, a point with a small x or y
// coordinate, or a λ-image.
func randPoint(r *rand.Rand) refPoint {
	switch r.Intn(10) {
	case 0, 1:
		return edgePoints[r.Intn(len(edgePoints))]
	case 2:
		return liftX(r, bigSmall)
	case 3:
		return liftSmallY(r)
	default:
		return randMultiple(r)
	}
}

// testPoint is a point under test: its reference value and its Jacobian and
// Affine representations (Affine is the zero value for the identity).
type testPoint struct {
	ref refPoint
	j   Jacobian
	a   Affine
}

func newTestPoint(r *rand.Rand, p refPoint) testPoint {
	tp := testPoint{ref: p, j: randJacobian(r, p)}
	if !p.inf {
		tp.a = randAffine(r, p)
	}
	return tp
}

func (p testPoint) String() string {
	return fmt.Sprintf("%v as Jacobian %s, Affine %s", p.ref, fmtJac(&p.j), fmtAff(&p.a))
}

func (p testPoint) GoString() string { return p.String() }

// Generate implements quick.Generator: the identity one time in eight,
// otherwise randPoint.
func (testPoint) Generate(r *rand.Rand, _ int) reflect.Value {
	p := refInf
	if r.Intn(8) != 0 {
		p = randPoint(r)
	}
	return reflect.ValueOf(newTestPoint(r, p))
}

// testPair is a pair of points with a special relation named by kind.
type testPair struct {
	kind string
	a, b testPoint
}

func (p testPair) String() string {
	return fmt.Sprintf("%s: a = %v; b = %v", p.kind, p.a, p.b)
}

func (p testPair) GoString() string { return p.String() }

// pairKinds is the number of kinds genPair knows.
const pairKinds = 14

// genPair returns a pair of the given kind in [0, pairKinds).
func genPair(r *rand.Rand, kind int) testPair {
	p := randPoint(r)
	var a, b refPoint
	var name string
	switch kind {
	case 0:
		name, a, b = "O, O", refInf, refInf
	case 1:
		name, a, b = "O, P", refInf, p
	case 2:
		name, a, b = "P, O", p, refInf
	case 3:
		name, a, b = "P, P", p, p
	case 4:
		// The same representation, not only the same point.
		tp := newTestPoint(r, p)
		return testPair{"P, P (same representation)", tp, tp}
	case 5:
		name, a, b = "P, −P", p, refNeg(p)
	case 6:
		// −P with the same Z, Y negated in the field.
		tp := newTestPoint(r, p)
		q := testPoint{ref: refNeg(p), j: tp.j, a: tp.a}
		q.j.Y.Negate(&tp.j.Y)
		q.a.Y.Negate(&tp.a.Y)
		return testPair{"P, −P (same Z)", tp, q}
	case 7:
		name, a, b = "P, (βx, y)", p, refEndo(p, 1)
	case 8:
		name, a, b = "P, (βx, −y)", p, refNeg(refEndo(p, 1))
	case 9:
		name, a, b = "P, (β²x, y)", p, refEndo(p, 2)
	case 10:
		name, a, b = "P, (β²x, −y)", p, refNeg(refEndo(p, 2))
	case 11:
		gs := []refPoint{refG, refNeg(refG), refInf}
		name, a, b = "G, ±G or O", refG, gs[r.Intn(len(gs))]
	default:
		name, a, b = "random", p, randPoint(r)
		if r.Intn(8) == 0 {
			b = refInf
		}
	}
	if r.Intn(2) == 0 && kind != 1 && kind != 2 {
		a, b = b, a
	}
	return testPair{name, newTestPoint(r, a), newTestPoint(r, b)}
}

// Generate implements quick.Generator, with every kind equally likely.
func (testPair) Generate(r *rand.Rand, _ int) reflect.Value {
	return reflect.ValueOf(genPair(r, r.Intn(pairKinds)))
}

// checkPairs calls f on a few pairs of every kind, then on random pairs
// from quick.
func checkPairs(t *testing.T, n int, f func(testPair) bool) {
	t.Helper()
	r := seededRand(t)
	for kind := range pairKinds {
		for range 3 {
			if !f(genPair(r, kind)) {
				return
			}
		}
	}
	if err := quick.Check(f, testref.QuickConfig(t, n)); err != nil {
		t.Error(err)
	}
}

// checkPoints calls f on identities (in several representations) and every
// edge point, then on random points from quick; f draws any further random
// input from r.
func checkPoints(t *testing.T, n int, f func(p testPoint, r *rand.Rand) bool) {
	t.Helper()
	r := seededRand(t)
	for _, p := range append([]refPoint{refInf, refInf, refInf, refInf}, edgePoints...) {
		for range 2 {
			if !f(newTestPoint(r, p), r) {
				return
			}
		}
	}
	g := func(p testPoint, seed int64) bool { return f(p, rand.New(rand.NewSource(seed))) }
	if err := quick.Check(g, testref.QuickConfig(t, n)); err != nil {
		t.Error(err)
	}
}

// randCond returns a random 0/1 condition.
func randCond(r *rand.Rand) int { return r.Intn(2) }

// checkResult reports whether got represents want, with an error naming the
// operation and the inputs.
func checkResult(t *testing.T, op string, got *Jacobian, want refPoint, inputs fmt.Stringer) bool {
	t.Helper()
	if g := jacToRef(got); !refEqual(g, want) {
		t.Errorf("%s on %v:\ngot  %v = %s\nwant %v", op, inputs, g, fmtJac(got), want)
		return false
	}
	return true
}

// Tests of the reference itself.

func TestReference(t *testing.T) {
	if b3 := new(big.Int).Exp(bigBeta, big.NewInt(3), bigP); b3.Cmp(bigOne) != 0 || bigBeta.Cmp(bigOne) == 0 {
		t.Errorf("β = %#x is not a primitive cube root of unity: β³ = %#x", bigBeta, b3)
	}
	if l3 := new(big.Int).Exp(bigLambda, big.NewInt(3), bigN); l3.Cmp(bigOne) != 0 {
		t.Errorf("λ³ = %#x mod n, want 1", l3)
	}
	if !refOnCurve(refG) {
		t.Error("G is not on the curve")
	}
	if p := refScalarMult(bigN, refG); !p.inf {
		t.Errorf("n·G = %v, want O", p)
	}
	if p, want := refScalarMult(new(big.Int).Sub(bigN, bigOne), refG), refNeg(refG); !refEqual(p, want) {
		t.Errorf("(n − 1)·G = %v, want −G = %v", p, want)
	}
	if p, want := refScalarMult(bigLambda, refG), refEndo(refG, 1); !refEqual(p, want) {
		t.Errorf("λ·G = %v, want (βx, y) = %v", p, want)
	}
	// 2G = G + G by the other branch, and (a + b) + c = a + (b + c).
	r := seededRand(t)
	for range 10 {
		a, b, c := randMultiple(r), randMultiple(r), randMultiple(r)
		for _, p := range []refPoint{a, b, c, liftX(r, bigP), liftX(r, bigSmall), liftSmallY(r)} {
			if !refOnCurve(p) {
				t.Errorf("%v is not on the curve", p)
			}
		}
		if l, rr := refAdd(refAdd(a, b), c), refAdd(a, refAdd(b, c)); !refEqual(l, rr) {
			t.Errorf("reference is not associative: (a + b) + c = %v, a + (b + c) = %v", l, rr)
		}
		k := randInt(r, bigOne, bigN)
		if l, rr := refBaseMult(k), refScalarMult(k, refG); !refEqual(l, rr) {
			t.Errorf("refBaseMult(%#x) = %v, refScalarMult = %v", k, l, rr)
		}
		if l, rr := refScalarMult(k, refAdd(a, b)), refAdd(refScalarMult(k, a), refScalarMult(k, b)); !refEqual(l, rr) {
			t.Errorf("k(a + b) = %v, ka + kb = %v", l, rr)
		}
		// A Jacobian representation decodes to its point.
		if j := randJacobian(r, a); !refEqual(jacToRef(&j), a) {
			t.Errorf("jacToRef(%s) = %v, want %v", fmtJac(&j), jacToRef(&j), a)
		}
	}
}

// Tests of the code under test.

func TestGenerator(t *testing.T) {
	if got := affToRef(&Generator); !refEqual(got, refG) {
		t.Errorf("Generator = %v, want %v", got, refG)
	}
	if Generator.IsOnCurve() != 1 {
		t.Error("Generator is not on the curve")
	}
	if b := toBig(&B); b.Cmp(big.NewInt(7)) != 0 {
		t.Errorf("B = %v, want 7", b)
	}
	// n·G = O and (n − 1)·G = −G with the code under test, by double-and-add
	// with each addition; the last step adds −G + G.
	adds := map[string]func(v, p, q *Jacobian) *Jacobian{
		"Add":        (*Jacobian).Add,
		"VarTimeAdd": (*Jacobian).VarTimeAdd,
		"AddAffine": func(v, p, _ *Jacobian) *Jacobian {
			return v.AddAffine(p, &Generator)
		},
		"VarTimeAddAffine": func(v, p, _ *Jacobian) *Jacobian {
			return v.VarTimeAddAffine(p, &Generator)
		},
	}
	var g Jacobian
	g.SetAffine(&Generator)
	for name, add := range adds {
		var acc, prev Jacobian
		for i := bigN.BitLen() - 1; i >= 0; i-- {
			acc.Double(&acc)
			if bigN.Bit(i) == 1 {
				prev = acc
				add(&acc, &acc, &g)
			}
		}
		if acc.IsIdentity() != 1 {
			t.Errorf("%s: n·G = %s, want the identity", name, fmtJac(&acc))
		}
		if got := jacToRef(&prev); !refEqual(got, refNeg(refG)) {
			t.Errorf("%s: (n − 1)·G = %v, want −G", name, got)
		}
	}
}

// TestElementFromHex checks the constants' parser: either case is the same
// element, and a constant of the wrong length, with a non-hex digit or not
// below p panics.
func TestElementFromHex(t *testing.T) {
	const gx = "79BE667EF9DCBBAC55A06295CE870B07029BFCDB2DCE28D959F2815B16F81798"
	if lower := elementFromHex(strings.ToLower(gx)); lower != Generator.X {
		t.Errorf("lower-case x(G) = %v, want %v", toBig(&lower), toBig(&Generator.X))
	}
	for _, bad := range []string{
		"", gx[:62], gx + "00", "g" + gx[1:], " " + gx[1:],
		"FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEFFFFFC2F", // p
	} {
		testref.ExpectPanic(t, fmt.Sprintf("elementFromHex(%q)", bad), "group: bad constant", func() { elementFromHex(bad) })
	}
}

func TestIdentity(t *testing.T) {
	var zero Jacobian
	if zero.IsIdentity() != 1 {
		t.Error("the zero Jacobian is not the identity")
	}
	r := seededRand(t)
	for range 20 {
		j := randJacobian(r, randPoint(r))
		if got := j.Identity(); got != &j || j.IsIdentity() != 1 || j != (Jacobian{}) {
			t.Errorf("Identity() = %s, want the zero value", fmtJac(&j))
		}
		if id := randIdentity(r); id.IsIdentity() != 1 {
			t.Errorf("IsIdentity(%s) = 0, want 1", fmtJac(&id))
		}
		if p := randJacobian(r, randPoint(r)); p.IsIdentity() != 0 {
			t.Errorf("IsIdentity(%s) = 1, want 0", fmtJac(&p))
		}
	}
}

func TestSetAffine(t *testing.T) {
	checkPoints(t, 300, func(p testPoint, r *rand.Rand) bool {
		if p.ref.inf {
			return true
		}
		v := randJacobian(r, randPoint(r))
		if v.SetAffine(&p.a) != &v || v.IsIdentity() != 0 || !refEqual(jacToRef(&v), p.ref) {
			t.Errorf("SetAffine(%s) = %s, want %v", fmtAff(&p.a), fmtJac(&v), p.ref)
			return false
		}
		var w Jacobian
		if w.Set(&v) != &w || w != v {
			t.Errorf("Set(%s) = %s", fmtJac(&v), fmtJac(&w))
			return false
		}
		return true
	})
}

func TestDouble(t *testing.T) {
	checkPoints(t, 500, func(p testPoint, _ *rand.Rand) bool {
		var v Jacobian
		if v.Double(&p.j) != &v {
			t.Error("Double does not return its receiver")
		}
		return checkResult(t, "Double", &v, refDouble(p.ref), p)
	})
}

// binaryOps are the Jacobian + Jacobian additions.
var binaryOps = []struct {
	name string
	f    func(v, p, q *Jacobian) *Jacobian
}{
	{"Add", (*Jacobian).Add},
	{"VarTimeAdd", (*Jacobian).VarTimeAdd},
}

func TestAdd(t *testing.T) {
	for _, op := range binaryOps {
		t.Run(op.name, func(t *testing.T) {
			checkPairs(t, 500, func(pp testPair) bool {
				var v Jacobian
				a, b := pp.a.j, pp.b.j
				if op.f(&v, &a, &b) != &v {
					t.Errorf("%s does not return its receiver", op.name)
				}
				if a != pp.a.j || b != pp.b.j {
					t.Errorf("%s modified its arguments", op.name)
				}
				return checkResult(t, op.name, &v, refAdd(pp.a.ref, pp.b.ref), pp)
			})
		})
	}
}

// affineOps are the Jacobian + Affine additions.
var affineOps = []struct {
	name string
	f    func(v, p *Jacobian, a *Affine) *Jacobian
}{
	{"AddAffine", (*Jacobian).AddAffine},
	{"VarTimeAddAffine", (*Jacobian).VarTimeAddAffine},
}

func TestAddAffine(t *testing.T) {
	for _, op := range affineOps {
		t.Run(op.name, func(t *testing.T) {
			checkPairs(t, 500, func(pp testPair) bool {
				if pp.b.ref.inf {
					return true // an Affine is never the identity
				}
				var v Jacobian
				p, a := pp.a.j, pp.b.a
				if op.f(&v, &p, &a) != &v {
					t.Errorf("%s does not return its receiver", op.name)
				}
				if p != pp.a.j || a != pp.b.a {
					t.Errorf("%s modified its arguments", op.name)
				}
				return checkResult(t, op.name, &v, refAdd(pp.a.ref, pp.b.ref), pp)
			})
		})
	}
}

// TestAddAffineDegenerate checks, for many points, the cases where
// y₁ = −y₂: p = −a and p = (β·x, −y) or (β²·x, −y) for a = (x, y).
func TestAddAffineDegenerate(t *testing.T) {
	r := seededRand(t)
	n := 50
	if testing.Short() {
		n = 5
	}
	for i := range n {
		a := refG
		if i > 0 {
			a = randPoint(r)
		}
		aa := randAffine(r, a)
		for _, p := range []refPoint{refNeg(a), refNeg(refEndo(a, 1)), refNeg(refEndo(a, 2)), a} {
			pj := randJacobian(r, p)
			pair := testPair{"degenerate", testPoint{p, pj, Affine{}}, testPoint{a, Jacobian{}, aa}}
			for _, op := range affineOps {
				var v Jacobian
				op.f(&v, &pj, &aa)
				if !checkResult(t, op.name, &v, refAdd(p, a), pair) {
					return
				}
			}
		}
	}
}

// zinvInput returns (a, zinv) such that the Jacobian point (a.X, a.Y,
// 1/zinv) is p: a.X = x·Z², a.Y = y·Z³ for Z = 1/zinv.
func zinvInput(r *rand.Rand, p refPoint) (Affine, field.Element) {
	zinv := randZ(r)
	z := invP(zinv)
	j := jacobianWithZ(p, z)
	a := Affine{X: randElement(r, toBig(&j.X)), Y: randElement(r, toBig(&j.Y))}
	return a, randElement(r, zinv)
}

func TestVarTimeAddZinv(t *testing.T) {
	r := seededRand(t)
	checkPairs(t, 500, func(pp testPair) bool {
		if pp.b.ref.inf {
			return true
		}
		a, zinv := zinvInput(r, pp.b.ref)
		var v Jacobian
		p, a0, zinv0 := pp.a.j, a, zinv
		if v.VarTimeAddZinv(&p, &a, &zinv) != &v {
			t.Error("VarTimeAddZinv does not return its receiver")
		}
		if p != pp.a.j || a != a0 || zinv != zinv0 {
			t.Error("VarTimeAddZinv modified its arguments")
		}
		in := stringer(func() string {
			return fmt.Sprintf("%v; b as (%s, zinv = %x)", pp, fmtAff(&a), zinv)
		})
		return checkResult(t, "VarTimeAddZinv", &v, refAdd(pp.a.ref, pp.b.ref), in)
	})
}

type stringer func() string

func (s stringer) String() string { return s() }

func TestNegate(t *testing.T) {
	checkPoints(t, 300, func(p testPoint, r *rand.Rand) bool {
		c := randCond(r)
		var v Jacobian
		if v.Negate(&p.j) != &v || !checkResult(t, "Negate", &v, refNeg(p.ref), p) {
			return false
		}
		want := p.ref
		if c == 1 {
			want = refNeg(want)
		}
		if v.CondNegate(&p.j, c) != &v || !checkResult(t, fmt.Sprintf("CondNegate(%d)", c), &v, want, p) {
			return false
		}
		if p.ref.inf {
			return true
		}
		var w Affine
		if w.Negate(&p.a) != &w {
			t.Error("Affine.Negate does not return its receiver")
		}
		if got := affToRef(&w); !refEqual(got, refNeg(p.ref)) {
			t.Errorf("Affine.Negate(%s) = %v, want %v", fmtAff(&p.a), got, refNeg(p.ref))
			return false
		}
		if w.CondNegate(&p.a, c) != &w {
			t.Error("Affine.CondNegate does not return its receiver")
		}
		if got := affToRef(&w); !refEqual(got, want) {
			t.Errorf("Affine.CondNegate(%s, %d) = %v, want %v", fmtAff(&p.a), c, got, want)
			return false
		}
		return true
	})
}

func TestSelect(t *testing.T) {
	f := func(pp testPair) bool {
		var v Jacobian
		if v.Select(&pp.a.j, &pp.b.j, 1) != &v || v != pp.a.j {
			t.Errorf("Select(a, b, 1) = %s on %v", fmtJac(&v), pp)
			return false
		}
		if v.Select(&pp.a.j, &pp.b.j, 0) != &v || v != pp.b.j {
			t.Errorf("Select(a, b, 0) = %s on %v", fmtJac(&v), pp)
			return false
		}
		var w Affine
		if w.Select(&pp.a.a, &pp.b.a, 1) != &w || w != pp.a.a {
			t.Errorf("Affine.Select(a, b, 1) = %s on %v", fmtAff(&w), pp)
			return false
		}
		if w.Select(&pp.a.a, &pp.b.a, 0) != &w || w != pp.b.a {
			t.Errorf("Affine.Select(a, b, 0) = %s on %v", fmtAff(&w), pp)
			return false
		}
		return true
	}
	if err := quick.Check(f, testref.QuickConfig(t, 300)); err != nil {
		t.Error(err)
	}
}

func TestEqual(t *testing.T) {
	// Pairs of every kind, with independent Z (P, P) or identical
	// representations, both orders.
	checkPairs(t, 500, func(pp testPair) bool {
		want := 0
		if refEqual(pp.a.ref, pp.b.ref) {
			want = 1
		}
		if got := pp.a.j.Equal(&pp.b.j); got != want {
			t.Errorf("Equal = %d, want %d, on %v", got, want, pp)
			return false
		}
		if got := pp.b.j.Equal(&pp.a.j); got != want {
			t.Errorf("Equal (swapped) = %d, want %d, on %v", got, want, pp)
			return false
		}
		if pp.a.ref.inf || pp.b.ref.inf {
			return true
		}
		if got := pp.a.a.Equal(&pp.b.a); got != want {
			t.Errorf("Affine.Equal = %d, want %d, on %v", got, want, pp)
			return false
		}
		return true
	})
	// The same point under many Z, and points that share one coordinate.
	r := seededRand(t)
	for range 30 {
		p := randPoint(r)
		a, b := randJacobian(r, p), randJacobian(r, p)
		if a.Equal(&b) != 1 {
			t.Errorf("Equal(%s, %s) = 0 for the same point %v", fmtJac(&a), fmtJac(&b), p)
		}
		aa, ab := randAffine(r, p), randAffine(r, p)
		if aa.Equal(&ab) != 1 {
			t.Errorf("Affine.Equal(%s, %s) = 0 for the same point %v", fmtAff(&aa), fmtAff(&ab), p)
		}
		for _, q := range []refPoint{refNeg(p), refEndo(p, 1), refEndo(p, 2)} {
			qj, qa := randJacobian(r, q), randAffine(r, q)
			if a.Equal(&qj) != 0 {
				t.Errorf("Equal(%v, %v) = 1", p, q)
			}
			if aa.Equal(&qa) != 0 {
				t.Errorf("Affine.Equal(%v, %v) = 1", p, q)
			}
		}
		id1, id2 := randIdentity(r), randIdentity(r)
		if id1.Equal(&id2) != 1 {
			t.Errorf("Equal(%s, %s) = 0 for two identities", fmtJac(&id1), fmtJac(&id2))
		}
		if id1.Equal(&a) != 0 || a.Equal(&id1) != 0 {
			t.Errorf("Equal(%s, %s) = 1 for the identity and a point", fmtJac(&id1), fmtJac(&a))
		}
		// An identity whose X, Y are those of a point is still the identity.
		id := a
		id.Z = field.Element{}
		if id.Equal(&a) != 0 || a.Equal(&id) != 0 || id.Equal(&id1) != 1 {
			t.Errorf("Equal misjudges %s, an identity with a point's X, Y", fmtJac(&id))
		}
	}
}

func TestIsOnCurve(t *testing.T) {
	checkPoints(t, 300, func(p testPoint, r *rand.Rand) bool {
		// On the curve.
		if got := p.j.IsOnCurve(); got != 1 {
			t.Errorf("IsOnCurve(%v) = %d, want 1", p, got)
			return false
		}
		if !p.ref.inf && p.a.IsOnCurve() != 1 {
			t.Errorf("Affine.IsOnCurve(%v) = 0, want 1", p)
			return false
		}
		if p.ref.inf {
			return true
		}
		// Off the curve (almost surely): shift x and y, or take random
		// coordinates; the reference decides.
		dx, dy := int64(r.Intn(4)), int64(r.Intn(4)+1)
		q := newRef(new(big.Int).Add(p.ref.x, big.NewInt(dx)), new(big.Int).Add(p.ref.y, big.NewInt(dy)))
		if r.Intn(4) == 0 {
			q = newRef(randInt(r, bigOne, bigP), randInt(r, bigOne, bigP))
		}
		want := 0
		if refOnCurve(q) {
			want = 1
		}
		qa := randAffine(r, q)
		if got := qa.IsOnCurve(); got != want {
			t.Errorf("Affine.IsOnCurve(%v) = %d, want %d", q, got, want)
			return false
		}
		// Off-curve in Jacobian form: the raw (X, Y, Z) of the shifted point
		// with p's Z.
		qj := jacobianWithZ(q, toBig(&p.j.Z))
		if got := qj.IsOnCurve(); got != want {
			t.Errorf("IsOnCurve(%s) = %d, want %d (%v with Z = %x)", fmtJac(&qj), got, want, q, p.j.Z)
			return false
		}
		// Y += 1 in Jacobian form.
		qj = p.j
		var one field.Element
		qj.Y.Add(&qj.Y, one.One())
		want = 0
		if refOnCurve(jacToRef(&qj)) {
			want = 1
		}
		if got := qj.IsOnCurve(); got != want {
			t.Errorf("IsOnCurve(%s) = %d, want %d", fmtJac(&qj), got, want)
			return false
		}
		return true
	})
	// Fixed off-curve points: (0, 0), (0, 1), (1, 1), (Gx, Gy + 1).
	var zero, one Affine
	one.X.One()
	one.Y.One()
	gy1 := Generator
	gy1.Y.Add(&gy1.Y, new(field.Element).One())
	for _, a := range []Affine{zero, {X: zero.X, Y: one.Y}, one, gy1} {
		if a.IsOnCurve() != 0 {
			t.Errorf("Affine.IsOnCurve(%s) = 1, want 0", fmtAff(&a))
		}
		var j Jacobian
		j.SetAffine(&a)
		if j.IsOnCurve() != 0 {
			t.Errorf("IsOnCurve(%s) = 1, want 0", fmtJac(&j))
		}
	}
}

func TestSetJacobian(t *testing.T) {
	ops := []struct {
		name string
		f    func(v *Affine, p *Jacobian) (*Affine, int)
	}{
		{"SetJacobian", (*Affine).SetJacobian},
		{"VarTimeSetJacobian", (*Affine).VarTimeSetJacobian},
	}
	for _, op := range ops {
		t.Run(op.name, func(t *testing.T) {
			checkPoints(t, 300, func(p testPoint, r *rand.Rand) bool {
				sentinel := randAffine(r, randPoint(r))
				v := sentinel
				pj := p.j
				got, ok := op.f(&v, &pj)
				if got != &v {
					t.Errorf("%s does not return its receiver", op.name)
				}
				if pj != p.j {
					t.Errorf("%s modified its argument", op.name)
				}
				if p.ref.inf {
					if ok != 0 || v != sentinel {
						t.Errorf("%s(%v) = (%s, %d), want (unchanged %s, 0)", op.name, p, fmtAff(&v), ok, fmtAff(&sentinel))
						return false
					}
					return true
				}
				if ok != 1 || !refEqual(affToRef(&v), p.ref) || v.IsOnCurve() != 1 {
					t.Errorf("%s(%v) = (%s, %d), want (%v, 1)", op.name, p, fmtAff(&v), ok, p.ref)
					return false
				}
				return true
			})
		})
	}
}

func TestVarTimeBatchSetJacobian(t *testing.T) {
	r := seededRand(t)
	iters := 100
	if testing.Short() {
		iters = 10
	}
	for range iters {
		n := r.Intn(21)
		refs := make([]refPoint, n)
		in := make([]Jacobian, n)
		for i := range refs {
			refs[i] = randPoint(r)
			in[i] = randJacobian(r, refs[i])
		}
		identity := n > 0 && r.Intn(4) == 0
		if identity {
			in[r.Intn(n)] = randIdentity(r)
		}
		var scratch []field.Element
		switch r.Intn(4) {
		case 0: // none
		case 1:
			scratch = make([]field.Element, max(n-1, 0)) // too short
		default:
			scratch = make([]field.Element, n+r.Intn(3))
			for i := range scratch {
				l := [4]uint64{r.Uint64(), r.Uint64(), r.Uint64(), r.Uint64()}
				scratch[i].SetLimbs(&l)
			}
		}
		out := make([]Affine, n+r.Intn(2))
		inCopy := append([]Jacobian(nil), in...)
		ok := VarTimeBatchSetJacobian(out, in, scratch)
		if !reflect.DeepEqual(in, inCopy) && n > 0 {
			t.Errorf("VarTimeBatchSetJacobian modified its input")
		}
		if identity {
			if ok {
				t.Errorf("VarTimeBatchSetJacobian(%d points with an identity) = true", n)
			}
			continue
		}
		if !ok {
			t.Errorf("VarTimeBatchSetJacobian(%d points) = false", n)
			continue
		}
		for i := range n {
			if got := affToRef(&out[i]); !refEqual(got, refs[i]) {
				t.Errorf("VarTimeBatchSetJacobian: out[%d] of %d (scratch len %d) = %v, want %v from %s",
					i, n, len(scratch), got, refs[i], fmtJac(&in[i]))
			}
		}
	}
	if !VarTimeBatchSetJacobian(nil, nil, nil) {
		t.Error("VarTimeBatchSetJacobian(nil, nil, nil) = false")
	}
	func() {
		defer func() {
			if recover() == nil {
				t.Error("VarTimeBatchSetJacobian with len(out) < len(in) did not panic")
			}
		}()
		in := []Jacobian{randJacobian(r, refG), randJacobian(r, refG)}
		VarTimeBatchSetJacobian(make([]Affine, 1), in, nil)
	}()
}

// TestAliasing checks every operation with every aliasing of its receiver
// and arguments against the same operation on distinct copies.
func TestAliasing(t *testing.T) {
	for _, op := range binaryOps {
		t.Run(op.name, func(t *testing.T) {
			checkPairs(t, 200, func(pp testPair) bool {
				p, q := pp.a.j, pp.b.j
				var want, wantPP, wantQQ Jacobian
				op.f(&want, &p, &q)
				pc, qc := p, q
				op.f(&wantPP, &p, &pc) // p + p with distinct copies
				op.f(&wantQQ, &q, &qc)
				ok := true
				check := func(pattern string, got, want Jacobian, ret *Jacobian, v *Jacobian) {
					if got != want || ret != v {
						t.Errorf("%s with %s: got %s, want %s, on %v", op.name, pattern, fmtJac(&got), fmtJac(&want), pp)
						ok = false
					}
				}
				v := p
				check("v = p", v, want, op.f(&v, &v, &q), &v)
				v = q
				check("v = q", v, want, op.f(&v, &p, &v), &v)
				var w Jacobian
				check("p = q", w, wantPP, op.f(&w, &p, &p), &w)
				v = p
				check("v = p = q", v, wantPP, op.f(&v, &v, &v), &v)
				v = q
				check("v = p = q (second point)", v, wantQQ, op.f(&v, &v, &v), &v)
				return ok
			})
		})
	}
	for _, op := range affineOps {
		t.Run(op.name, func(t *testing.T) {
			checkPairs(t, 200, func(pp testPair) bool {
				if pp.b.ref.inf {
					return true
				}
				var want Jacobian
				op.f(&want, &pp.a.j, &pp.b.a)
				v := pp.a.j
				if op.f(&v, &v, &pp.b.a) != &v || v != want {
					t.Errorf("%s with v = p: got %s, want %s, on %v", op.name, fmtJac(&v), fmtJac(&want), pp)
					return false
				}
				return true
			})
		})
	}
	t.Run("VarTimeAddZinv", func(t *testing.T) {
		r := seededRand(t)
		checkPairs(t, 200, func(pp testPair) bool {
			if pp.b.ref.inf {
				return true
			}
			a, zinv := zinvInput(r, pp.b.ref)
			var want Jacobian
			want.VarTimeAddZinv(&pp.a.j, &a, &zinv)
			ok := true
			check := func(pattern string, got, want Jacobian) {
				if got != want {
					t.Errorf("VarTimeAddZinv with %s: got %s, want %s, on %v", pattern, fmtJac(&got), fmtJac(&want), pp)
					ok = false
				}
			}
			v := pp.a.j
			v.VarTimeAddZinv(&v, &a, &zinv)
			check("v = p", v, want)
			// zinv inside the receiver.
			v = Jacobian{Z: zinv}
			v.VarTimeAddZinv(&pp.a.j, &a, &v.Z)
			check("zinv = &v.Z", v, want)
			v = Jacobian{X: zinv}
			v.VarTimeAddZinv(&pp.a.j, &a, &v.X)
			check("zinv = &v.X", v, want)
			// v = p and zinv = &p.Z: b's Z is then 1/p.Z.
			var want2 Jacobian
			pz := pp.a.j.Z
			want2.VarTimeAddZinv(&pp.a.j, &a, &pz)
			v = pp.a.j
			v.VarTimeAddZinv(&v, &a, &v.Z)
			check("v = p, zinv = &p.Z", v, want2)
			return ok
		})
	})
	t.Run("Unary", func(t *testing.T) {
		checkPoints(t, 200, func(p testPoint, r *rand.Rand) bool {
			c := randCond(r)
			unary := []struct {
				name string
				f    func(v, p *Jacobian) *Jacobian
			}{
				{"Double", (*Jacobian).Double},
				{"Negate", (*Jacobian).Negate},
				{"CondNegate", func(v, p *Jacobian) *Jacobian { return v.CondNegate(p, c) }},
				{"Set", (*Jacobian).Set},
			}
			for _, op := range unary {
				var want Jacobian
				op.f(&want, &p.j)
				v := p.j
				if op.f(&v, &v) != &v || v != want {
					t.Errorf("%s with v = p: got %s, want %s, on %v", op.name, fmtJac(&v), fmtJac(&want), p)
					return false
				}
			}
			if p.j.Equal(&p.j) != 1 {
				t.Errorf("p.Equal(p) = 0 for %v", p)
				return false
			}
			if p.ref.inf {
				return true
			}
			affine := []struct {
				name string
				f    func(v, a *Affine) *Affine
			}{
				{"Affine.Negate", (*Affine).Negate},
				{"Affine.CondNegate", func(v, a *Affine) *Affine { return v.CondNegate(a, c) }},
			}
			for _, op := range affine {
				var want Affine
				op.f(&want, &p.a)
				v := p.a
				if op.f(&v, &v) != &v || v != want {
					t.Errorf("%s with v = a: got %s, want %s, on %v", op.name, fmtAff(&v), fmtAff(&want), p)
					return false
				}
			}
			if p.a.Equal(&p.a) != 1 {
				t.Errorf("a.Equal(a) = 0 for %v", p)
				return false
			}
			return true
		})
	})
	t.Run("Select", func(t *testing.T) {
		f := func(pp testPair, cond bool) bool {
			c := 0
			if cond {
				c = 1
			}
			p, q := pp.a.j, pp.b.j
			var want Jacobian
			want.Select(&p, &q, c)
			v := p
			v.Select(&v, &q, c)
			w := q
			w.Select(&p, &w, c)
			var x Jacobian
			x.Select(&p, &p, c)
			y := p
			y.Select(&y, &y, c)
			if v != want || w != want || x != p || y != p {
				t.Errorf("Select(%d) aliasing: v = a %s, v = b %s, a = b %s, all %s, want %s", c,
					fmtJac(&v), fmtJac(&w), fmtJac(&x), fmtJac(&y), fmtJac(&want))
				return false
			}
			pa, qa := pp.a.a, pp.b.a
			var wantA Affine
			wantA.Select(&pa, &qa, c)
			va := pa
			va.Select(&va, &qa, c)
			wa := qa
			wa.Select(&pa, &wa, c)
			var xa Affine
			xa.Select(&pa, &pa, c)
			ya := pa
			ya.Select(&ya, &ya, c)
			if va != wantA || wa != wantA || xa != pa || ya != pa {
				t.Errorf("Affine.Select(%d) aliasing fails on %v", c, pp)
				return false
			}
			return true
		}
		if err := quick.Check(f, testref.QuickConfig(t, 200)); err != nil {
			t.Error(err)
		}
	})
}

func TestAllocations(t *testing.T) {
	race.SkipAllocs(t)
	r := rand.New(rand.NewSource(1))
	p, q := randJacobian(r, randMultiple(r)), randJacobian(r, randMultiple(r))
	a := randAffine(r, randMultiple(r))
	za, zinv := zinvInput(r, randMultiple(r))
	in := make([]Jacobian, 8)
	for i := range in {
		in[i] = randJacobian(r, randPoint(r))
	}
	out := make([]Affine, len(in))
	scratch := make([]field.Element, len(in))
	var v Jacobian
	var w Affine
	var sink int
	ops := []struct {
		name string
		f    func()
	}{
		{"Double", func() { v.Double(&p) }},
		{"Add", func() { v.Add(&p, &q) }},
		{"VarTimeAdd", func() { v.VarTimeAdd(&p, &q) }},
		{"AddAffine", func() { v.AddAffine(&p, &a) }},
		{"VarTimeAddAffine", func() { v.VarTimeAddAffine(&p, &a) }},
		{"VarTimeAddZinv", func() { v.VarTimeAddZinv(&p, &za, &zinv) }},
		{"SetJacobian", func() { _, sink = w.SetJacobian(&p) }},
		{"VarTimeSetJacobian", func() { _, sink = w.VarTimeSetJacobian(&p) }},
		{"VarTimeBatchSetJacobian", func() { VarTimeBatchSetJacobian(out, in, scratch) }},
		{"Equal", func() { sink = p.Equal(&q) }},
		{"IsOnCurve", func() { sink = p.IsOnCurve() }},
	}
	for _, op := range ops {
		if n := testing.AllocsPerRun(100, op.f); n != 0 {
			t.Errorf("%s allocates %v times per call, want 0", op.name, n)
		}
	}
	_ = sink
}

// Benchmarks, on random points with non-trivial Z.

func benchInputs() (p, q Jacobian, a, za Affine, zinv field.Element) {
	r := rand.New(rand.NewSource(1))
	pt := func() refPoint { return liftX(r, bigP) }
	z := func() *big.Int { return randInt(r, bigOne, bigP) }
	p, q = jacobianWithZ(pt(), z()), jacobianWithZ(pt(), z())
	b := pt()
	a = Affine{X: fromBig(b.x), Y: fromBig(b.y)}
	zi := z()
	j := jacobianWithZ(pt(), invP(zi))
	za, zinv = Affine{X: j.X, Y: j.Y}, fromBig(zi)
	return
}

func BenchmarkDouble(b *testing.B) {
	p, _, _, _, _ := benchInputs()
	b.ReportAllocs()
	for b.Loop() {
		p.Double(&p)
	}
}

func BenchmarkVarTimeAdd(b *testing.B) {
	p, q, _, _, _ := benchInputs()
	b.ReportAllocs()
	for b.Loop() {
		p.VarTimeAdd(&p, &q)
	}
}

func BenchmarkAdd(b *testing.B) {
	p, q, _, _, _ := benchInputs()
	b.ReportAllocs()
	for b.Loop() {
		p.Add(&p, &q)
	}
}

func BenchmarkVarTimeAddAffine(b *testing.B) {
	p, _, a, _, _ := benchInputs()
	b.ReportAllocs()
	for b.Loop() {
		p.VarTimeAddAffine(&p, &a)
	}
}

func BenchmarkAddAffine(b *testing.B) {
	p, _, a, _, _ := benchInputs()
	b.ReportAllocs()
	for b.Loop() {
		p.AddAffine(&p, &a)
	}
}

func BenchmarkVarTimeAddZinv(b *testing.B) {
	p, _, _, za, zinv := benchInputs()
	b.ReportAllocs()
	for b.Loop() {
		p.VarTimeAddZinv(&p, &za, &zinv)
	}
}

func BenchmarkSetJacobian(b *testing.B) {
	p, _, _, _, _ := benchInputs()
	var a Affine
	b.ReportAllocs()
	for b.Loop() {
		a.SetJacobian(&p)
	}
}

func BenchmarkVarTimeSetJacobian(b *testing.B) {
	p, _, _, _, _ := benchInputs()
	var a Affine
	b.ReportAllocs()
	for b.Loop() {
		a.VarTimeSetJacobian(&p)
	}
}

// BenchmarkVarTimeBatchSetJacobian converts 64 points per iteration and
// reports the cost per point.
func BenchmarkVarTimeBatchSetJacobian(b *testing.B) {
	const n = 64
	r := rand.New(rand.NewSource(1))
	in := make([]Jacobian, n)
	for i := range in {
		in[i] = jacobianWithZ(liftX(r, bigP), randInt(r, bigOne, bigP))
	}
	out := make([]Affine, n)
	scratch := make([]field.Element, n)
	b.ReportAllocs()
	for b.Loop() {
		VarTimeBatchSetJacobian(out, in, scratch)
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*n), "ns/point")
}
