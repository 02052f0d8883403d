//go:build !purego

package safegcd

import (
	"math/big"
	"math/rand"
	"testing"

	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref"
)

// The assembly against its generic twins, function by function, on random
// and edge inputs within each function's contract. (The inversion and Jacobi
// tests, run once per backend, cover the assembly in use; the
// kestrel_debug build compares every call with the twin.)

// bigToSigned62 returns v in n limbs, limbs 0..n−2 in [0, 2⁶²) and limb n−1
// signed, or false if v does not fit.
func bigToSigned62(v *big.Int, n int) (signed62, bool) {
	var s signed62
	x := new(big.Int).Set(v)
	mask := big.NewInt(mask62)
	for i := range n - 1 {
		s[i] = new(big.Int).And(x, mask).Int64()
		x.Rsh(x, 62) // rounds down, also for negative x
	}
	if !x.IsInt64() {
		return s, false
	}
	s[n-1] = x.Int64()
	return s, true
}

// randBelow returns a uniform value in [lo, hi) or, one time in four, one of
// the ends or a value next to them.
func randBelow(r *rand.Rand, lo, hi *big.Int) *big.Int {
	span := new(big.Int).Sub(hi, lo)
	switch r.Intn(8) {
	case 0:
		return new(big.Int).Set(lo)
	case 1:
		return new(big.Int).Sub(hi, big.NewInt(1))
	}
	return new(big.Int).Add(lo, new(big.Int).Rand(r, span))
}

// randWord returns a uniform 64-bit word or, one time in four, a word with
// few bits or few zero bits.
func randWord(r *rand.Rand) uint64 {
	w := r.Uint64()
	switch r.Intn(8) {
	case 0:
		return w >> (r.Intn(64))
	case 1:
		return ^(w >> r.Intn(64))
	}
	return w
}

// randTrans returns the transition matrix of a batch of divsteps on random
// words, from the constant-time or the variable-time divsteps.
func randTrans(r *rand.Rand, f0, g0 uint64) trans {
	if r.Intn(2) == 0 {
		_, t := divsteps59Generic(int64(r.Intn(1065))-532, f0|1, g0)
		return t
	}
	_, t := divsteps60Tab(2*int64(r.Intn(601))-601, f0|1, g0)
	return t
}

func asmCount(t *testing.T) int {
	if len(backends()) < 2 {
		t.Skip("no assembly in this build")
	}
	return testref.Short{Div: 20}.Count(t, 20000)
}

// TestDivsteps59Asm compares divsteps59Asm with divsteps59Generic on random
// and edge words and ζ in [−532, 532] (so that |ζ| ≤ 591 after, which the
// kestrel_debug build asserts).
func TestDivsteps59Asm(t *testing.T) {
	n := asmCount(t)
	r := testref.Rand(t)
	edges := []uint64{1, 3, 1<<63 + 1, ^uint64(0), 0, 2, 1 << 63, 0x5555555555555555}
	for i := range n {
		f0, g0 := randWord(r)|1, randWord(r)
		zeta := int64(r.Intn(1065)) - 532
		if i < len(edges)*len(edges) {
			f0, g0 = edges[i%len(edges)]|1, edges[i/len(edges)]
		}
		wz, wt := divsteps59Generic(zeta, f0, g0)
		var gt trans
		gz := divsteps59Asm(zeta, f0, g0, &gt)
		if gz != wz || gt != wt {
			t.Fatalf("divsteps59(%d, %#x, %#x) = %d, %v; generic %d, %v", zeta, f0, g0, gz, gt, wz, wt)
		}
	}
}

// batchResult is what one variable-time batch leaves: η, jac (Jacobi
// symbol only), the matrix t (inversion only) and the updated f and g.
type batchResult struct {
	eta  int64
	jac  uint64
	t    trans
	f, g signed62
}

// runBatch runs one batch of the Jacobi symbol (pos) or of the inversion on
// limbs limbs of f and g, by the assembly or by the generic twin (the Go
// divsteps and the Go update).
func runBatch(pos, asm bool, limbs int, f, g signed62, eta int64, jac uint64) batchResult {
	res := batchResult{f: f, g: g}
	if !asm {
		defer setBackend("generic")()
	}
	switch {
	case pos && asm:
		res.eta, res.jac = posdivstepsUpdateAsm(limbs, &res.f, &res.g, eta, jac)
	case pos:
		res.eta, res.jac = posdivstepsUpdateGeneric(limbs, &res.f, &res.g, eta, jac)
	case asm:
		res.eta = divstepsUpdateAsm(limbs, &res.f, &res.g, eta, &res.t)
	default:
		res.eta = divstepsUpdateGeneric(limbs, &res.f, &res.g, eta, &res.t)
	}
	return res
}

// testBatchAsm compares divstepsUpdateAsm (pos false) or
// posdivstepsUpdateAsm with its generic twin along the inversions or
// Jacobi symbols of random and edge inputs below each test modulus, the
// limb count shrinking as VarTimeInvert or VarTimeJacobi shrinks it; at
// each batch also with a random odd η in [−601, 599] and a random jac.
func testBatchAsm(t *testing.T, pos bool) {
	n := asmCount(t)
	r := testref.Rand(t)
	check := func(limbs int, f, g signed62, eta int64, jac uint64) batchResult {
		want := runBatch(pos, false, limbs, f, g, eta, jac)
		got := runBatch(pos, true, limbs, f, g, eta, jac)
		if got != want {
			t.Fatalf("batch on %d limbs of %v, %v, η = %d, jac = %#x: %+v; generic %+v", limbs, f, g, eta, jac, got, want)
		}
		return want
	}
	for _, tm := range testModuli {
		for range n / 50 / len(testModuli) {
			x := bigToWords(randBelow(r, big.NewInt(1), tm.big))
			f, g := tm.m.f, fromWords(x)
			eta, jac, limbs := int64(-1), uint64(0), 5
			for range 40 {
				check(limbs, f, g, 2*int64(r.Intn(601))-601, r.Uint64()) // odd, as the table needs
				res := check(limbs, f, g, eta, jac)
				f, g, eta, jac = res.f, res.g, res.eta, res.jac
				if pos {
					if f == g {
						break
					}
					if limbs > 1 && f[limbs-1]|g[limbs-1] == 0 {
						limbs--
					}
					continue
				}
				if g == (signed62{}) {
					break
				}
				if fn, gn := f[limbs-1], g[limbs-1]; limbs > 1 && fn == fn>>63 && gn == gn>>63 {
					f[limbs-2] |= fn << 62
					g[limbs-2] |= gn << 62
					limbs--
				}
			}
		}
	}
}

func TestDivstepsUpdateAsm(t *testing.T)    { testBatchAsm(t, false) }
func TestPosdivstepsUpdateAsm(t *testing.T) { testBatchAsm(t, true) }

// TestPosdivstepsUpdate2Asm compares posdivstepsUpdate2Asm with its twin
// posdivstepsUpdate2Generic (two generic batches), on random pairs of the states that Jacobi symbols of
// random inputs pass through (every limb count from 5 to 1, so pairs of
// unequal counts, and chains that end their batch at different turns),
// each also with a random η and jac.
func TestPosdivstepsUpdate2Asm(t *testing.T) {
	n := asmCount(t)
	r := testref.Rand(t)
	var states []jacobiChain
	for _, tm := range testModuli {
		for range n / 50 / len(testModuli) {
			x := bigToWords(randBelow(r, big.NewInt(1), tm.big))
			c := tm.m.newJacobiChain(x, jacobiBatches)
			for range 40 {
				rc := c
				rc.eta, rc.jac = int64(r.Intn(1201))-600, r.Uint64()
				states = append(states, c, rc)
				c.eta, c.jac = posdivstepsUpdateGeneric(c.n, &c.f, &c.g, c.eta, c.jac)
				if c.f == c.g {
					break
				}
				if c.n > 1 && c.f[c.n-1]|c.g[c.n-1] == 0 {
					c.n--
				}
			}
		}
	}
	for range len(states) {
		a, b := states[r.Intn(len(states))], states[r.Intn(len(states))]
		wa, wb := a, b
		posdivstepsUpdate2Generic(&wa, &wb)
		ga, gb := a, b
		ga.eta, ga.jac, gb.eta, gb.jac = posdivstepsUpdate2Asm(ga.n, &ga.f, &ga.g, ga.eta, ga.jac, gb.n, &gb.f, &gb.g, gb.eta, gb.jac)
		if ga != wa || gb != wb {
			t.Fatalf("pair of batches on %+v and %+v: %+v, %+v; generic %+v, %+v", a, b, ga, gb, wa, wb)
		}
	}
}

// TestUpdateDEAsm compares updateDEAsm with updateDEGeneric for every test
// modulus, on d and e in (−2M, M) (ends included) and matrices from both
// kinds of divsteps.
func TestUpdateDEAsm(t *testing.T) {
	n := asmCount(t)
	r := testref.Rand(t)
	for _, tm := range testModuli {
		lo := new(big.Int).Neg(new(big.Int).Lsh(tm.big, 1))
		lo.Add(lo, big.NewInt(1))
		// checkDE (kestrel_debug) asks for d₄ > −2⁹, a little more than
		// d > −2M for M close to 2²⁵⁶.
		if floor := big.NewInt(-511); lo.Cmp(floor.Lsh(floor, 248)) < 0 {
			lo = floor
		}
		for range n / len(testModuli) {
			d, _ := bigToSigned62(randBelow(r, lo, tm.big), 5)
			e, _ := bigToSigned62(randBelow(r, lo, tm.big), 5)
			tr := randTrans(r, randWord(r), randWord(r))
			wd, we := d, e
			tm.m.updateDEGeneric(&wd, &we, &tr)
			gd, ge := d, e
			updateDEAsm(tm.m, &gd, &ge, &tr, tm.m.nonzero)
			if gd != wd || ge != we {
				t.Fatalf("updateDE mod %s of %v, %v by %v = %v, %v; generic %v, %v", tm.name, d, e, tr, gd, ge, wd, we)
			}
		}
	}
}

// TestUpdateFGAsm compares updateFGAsm with updateFGGeneric (n = 5) and
// updateFGVarGeneric (every n) on f and g in [−2⁶²⁽ⁿ⁻¹⁾·2⁶², 2⁶²⁽ⁿ⁻¹⁾·2⁶²)
// with the matrix of divsteps on their low words, which divides exactly.
// The limbs above n must be left alone.
func TestUpdateFGAsm(t *testing.T) {
	count := asmCount(t)
	r := testref.Rand(t)
	for i := range count {
		n := 1 + i%5
		hi := new(big.Int).Lsh(big.NewInt(1), uint(62*n))
		if n == 5 {
			hi = new(big.Int).Lsh(big.NewInt(1), 256) // updateFG: [−M, M] for some M < 2²⁵⁶
		}
		lo := new(big.Int).Neg(hi)
		fb := randBelow(r, lo, hi)
		fb.SetBit(fb, 0, 1)
		f, _ := bigToSigned62(fb, n)
		g, _ := bigToSigned62(randBelow(r, lo, hi), n)
		for j := n; j < 5; j++ {
			f[j], g[j] = int64(r.Uint64()), int64(r.Uint64()) // must survive
		}
		tr := randTrans(r, low64(&f), low64(&g))
		if n == 1 {
			tr = randTrans(r, uint64(f[0]), uint64(g[0]))
		}
		wf, wg := f, g
		if n == 5 && r.Intn(2) == 0 {
			updateFGGeneric(&wf, &wg, &tr)
		} else {
			updateFGVarGeneric(n, &wf, &wg, &tr)
		}
		gf, gg := f, g
		updateFGAsm(n, &gf, &gg, &tr)
		if gf != wf || gg != wg {
			t.Fatalf("updateFG(%d) of %v, %v by %v = %v, %v; generic %v, %v", n, f, g, tr, gf, gg, wf, wg)
		}
	}
}
