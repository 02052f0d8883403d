package group

import (
	"fmt"
	"math/big"
	"math/rand"
	"testing"
)

// randHomogeneous returns a homogeneous representation of p with a random
// nonzero scale λ, (λx : λy : λ), or for the identity (0 : λ : 0); λ is drawn
// like a Jacobian Z (uniform, edge values, small), so coordinates are
// sometimes non-canonical.
func randHomogeneous(r *rand.Rand, p refPoint) Homogeneous {
	l := randZ(r)
	if p.inf {
		return Homogeneous{Y: randElement(r, l)}
	}
	return Homogeneous{
		X: randElement(r, modP(new(big.Int).Mul(p.x, l))),
		Y: randElement(r, modP(new(big.Int).Mul(p.y, l))),
		Z: randElement(r, l),
	}
}

// homToRef decodes a homogeneous point with the reference: Z ≡ 0 is the
// identity (then Y must be nonzero), otherwise (X/Z, Y/Z).
func homToRef(h *Homogeneous) (refPoint, bool) {
	z := toBig(&h.Z)
	if z.Sign() == 0 {
		return refInf, toBig(&h.X).Sign() == 0 && toBig(&h.Y).Sign() != 0
	}
	zi := invP(z)
	return newRef(new(big.Int).Mul(toBig(&h.X), zi), new(big.Int).Mul(toBig(&h.Y), zi)), true
}

func fmtHom(h *Homogeneous) string { return fmt.Sprintf("{X:%x Y:%x Z:%x}", h.X, h.Y, h.Z) }

// checkHom reports whether got is a valid representation of want.
func checkHom(t *testing.T, op string, got *Homogeneous, want refPoint, inputs fmt.Stringer) bool {
	t.Helper()
	g, ok := homToRef(got)
	if !ok || !refEqual(g, want) {
		t.Errorf("%s on %v:\ngot  %v = %s (valid %v)\nwant %v", op, inputs, g, fmtHom(got), ok, want)
		return false
	}
	return true
}

func TestHomogeneousConversions(t *testing.T) {
	checkPoints(t, 500, func(p testPoint, r *rand.Rand) bool {
		var h Homogeneous
		j := p.j
		if h.SetJacobian(&j) != &h || j != p.j {
			t.Error("SetJacobian does not return its receiver or modified its argument")
		}
		if !checkHom(t, "SetJacobian", &h, p.ref, p) {
			return false
		}
		h = randHomogeneous(r, p.ref)
		var v Jacobian
		if v.SetHomogeneous(&h) != &v {
			t.Error("SetHomogeneous does not return its receiver")
		}
		if !checkResult(t, "SetHomogeneous", &v, p.ref, stringer(func() string { return fmtHom(&h) })) {
			return false
		}
		if !p.ref.inf {
			h.SetAffine(&p.a)
			if !checkHom(t, "SetAffine", &h, p.ref, p) {
				return false
			}
		}
		h.Identity()
		return checkHom(t, "Identity", &h, refInf, p) && h.IsIdentity() == 1
	})
}

func TestHomogeneousAdd(t *testing.T) {
	r := seededRand(t)
	checkPairs(t, 500, func(pp testPair) bool {
		a, b := randHomogeneous(r, pp.a.ref), randHomogeneous(r, pp.b.ref)
		a0, b0 := a, b
		var v Homogeneous
		if v.Add(&a, &b) != &v || a != a0 || b != b0 {
			t.Error("Add does not return its receiver or modified its arguments")
		}
		in := stringer(func() string { return fmt.Sprintf("%v as %s + %s", pp, fmtHom(&a), fmtHom(&b)) })
		if !checkHom(t, "Add", &v, refAdd(pp.a.ref, pp.b.ref), in) {
			return false
		}
		if pp.b.ref.inf {
			return true
		}
		aff := pp.b.a
		if v.AddAffine(&a, &aff) != &v || aff != pp.b.a {
			t.Error("AddAffine does not return its receiver or modified its arguments")
		}
		return checkHom(t, "AddAffine", &v, refAdd(pp.a.ref, pp.b.ref), in)
	})
}

func TestHomogeneousDouble(t *testing.T) {
	checkPoints(t, 500, func(p testPoint, r *rand.Rand) bool {
		h := randHomogeneous(r, p.ref)
		h0 := h
		var v Homogeneous
		if v.Double(&h) != &v || h != h0 {
			t.Error("Double does not return its receiver or modified its argument")
		}
		return checkHom(t, "Double", &v, refDouble(p.ref), stringer(func() string { return fmtHom(&h) }))
	})
}

func TestHomogeneousAliasing(t *testing.T) {
	r := seededRand(t)
	for range 20 {
		p, q := randPoint(r), randPoint(r)
		hp, hq := randHomogeneous(r, p), randHomogeneous(r, q)
		aq := randAffine(r, q)
		var want Homogeneous

		want.Add(&hp, &hq)
		v := hp
		v.Add(&v, &hq) // v = v + q
		w := hq
		w.Add(&hp, &w) // w = p + w
		if v != want || w != want {
			t.Fatalf("Add aliasing: %s, %s, want %s", fmtHom(&v), fmtHom(&w), fmtHom(&want))
		}
		want.Add(&hp, &hp)
		v = hp
		v.Add(&v, &v)
		if v != want {
			t.Fatal("Add(v, v) aliasing")
		}
		want.AddAffine(&hp, &aq)
		v = hp
		v.AddAffine(&v, &aq)
		if v != want {
			t.Fatal("AddAffine aliasing")
		}
		want.Double(&hp)
		v = hp
		v.Double(&v)
		if v != want {
			t.Fatal("Double aliasing")
		}
		j := randJacobian(r, p)
		want.SetJacobian(&j)
		v.X = j.X // v and j share nothing, but v's old value must not matter
		v.SetJacobian(&j)
		if v != want {
			t.Fatal("SetJacobian depends on the receiver")
		}
	}
}

func TestHomogeneousAllocations(t *testing.T) {
	r := rand.New(rand.NewSource(1))
	p, q := randHomogeneous(r, randMultiple(r)), randHomogeneous(r, randMultiple(r))
	a := randAffine(r, randMultiple(r))
	j := randJacobian(r, randMultiple(r))
	var v Homogeneous
	var w Jacobian
	for name, f := range map[string]func(){
		"Add":            func() { v.Add(&p, &q) },
		"AddAffine":      func() { v.AddAffine(&p, &a) },
		"Double":         func() { v.Double(&p) },
		"SetJacobian":    func() { v.SetJacobian(&j) },
		"SetHomogeneous": func() { w.SetHomogeneous(&p) },
	} {
		if n := testing.AllocsPerRun(100, f); n != 0 {
			t.Errorf("%s allocates %v times per call, want 0", name, n)
		}
	}
}

func benchHomogeneous() (p, q Homogeneous, a Affine) {
	pj, qj, a, _, _ := benchInputs()
	p.SetJacobian(&pj)
	q.SetJacobian(&qj)
	return p, q, a
}

func BenchmarkHomogeneousAdd(b *testing.B) {
	p, q, _ := benchHomogeneous()
	b.ReportAllocs()
	for b.Loop() {
		p.Add(&p, &q)
	}
}

func BenchmarkHomogeneousAddAffine(b *testing.B) {
	p, _, a := benchHomogeneous()
	b.ReportAllocs()
	for b.Loop() {
		p.AddAffine(&p, &a)
	}
}

func BenchmarkHomogeneousDouble(b *testing.B) {
	p, _, _ := benchHomogeneous()
	b.ReportAllocs()
	for b.Loop() {
		p.Double(&p)
	}
}

func BenchmarkSetHomogeneous(b *testing.B) {
	p, _, _ := benchHomogeneous()
	var v Jacobian
	b.ReportAllocs()
	for b.Loop() {
		v.SetHomogeneous(&p)
	}
}
