package ellswift

import (
	"math/big"
	"math/rand"
	"testing"

	"github.com/kestrel-crypto/secp256k1/internal/field"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref"
)

// short scales the random tests' counts under -short to a tenth.
var short = testref.Short{Div: 10}

// edge32 returns a 32-byte encoding that is an edge case (0, 1, p−1, p,
// p+1, 2²⁵⁶−1, small, close to p) half of the time, and uniform otherwise.
func edge32(r *rand.Rand) [32]byte {
	var b [32]byte
	if r.Intn(2) == 0 {
		r.Read(b[:])
		return b
	}
	vals := []*big.Int{
		big.NewInt(0), big.NewInt(1), big.NewInt(2), big.NewInt(7),
		new(big.Int).Sub(refP, big.NewInt(1)), new(big.Int).Set(refP), new(big.Int).Add(refP, big.NewInt(1)),
		new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 256), big.NewInt(1)),
		new(big.Int).Sub(refP, big.NewInt(7)),
	}
	vals[r.Intn(len(vals))].FillBytes(b[:])
	return b
}

func bigOf(b *[32]byte) *big.Int { return rmod(new(big.Int).SetBytes(b[:])) }

func bigOfFE(e *field.Element) *big.Int {
	var b [32]byte
	e.PutBytes(&b)
	return new(big.Int).SetBytes(b[:])
}

func feOfBig(x *big.Int) field.Element {
	var b [32]byte
	rmod(new(big.Int).Set(x)).FillBytes(b[:])
	var e field.Element
	e.SetBytes(&b)
	return e
}

func TestConstants(t *testing.T) {
	// c² = −3, and c is the root that is a square.
	var cc, m3 field.Element
	cc.Square(&sqrtMinus3)
	m3.SetUint64(3)
	m3.Negate(&m3)
	if cc.Equal(&m3) != 1 {
		t.Fatal("c² ≠ −3")
	}
	if sqrtMinus3.VarTimeIsSquare() != 1 {
		t.Fatal("c is not a square")
	}
	if bigOfFE(&sqrtMinus3).Cmp(refC) != 0 {
		t.Fatal("c differs from BIP-324's constant")
	}
	// c1 = (c − 1)/2, c2 = (−c − 1)/2 (libsecp256k1's values).
	for _, k := range []struct {
		e   *field.Element
		hex string
	}{
		{&c1, "851695d49a83f8ef919bb86153cbcb16630fb68aed0a766a3ec693d68e6afa40"},
		{&c2, "7ae96a2b657c07106e64479eac3434e99cf0497512f58995c1396c28719501ee"},
	} {
		if got := feHex(k.e); got != k.hex {
			t.Errorf("constant %s, want %s", got, k.hex)
		}
	}
	var two, chk field.Element
	two.SetUint64(2)
	chk.Multiply(&c1, &two)
	chk.Subtract(&chk, &sqrtMinus3)
	var minus1 field.Element
	minus1.One()
	minus1.Negate(&minus1)
	if chk.Equal(&minus1) != 1 {
		t.Fatal("2·c1 ≠ c − 1")
	}
}

// TestXSwiftECAgainstReference compares the fraction-based XSwiftEC with the
// literal transcript of the BIP on random and edge-case (u, t).
func TestXSwiftECAgainstReference(t *testing.T) {
	r := testref.Rand(t)
	for range short.Count(t, 2000) {
		ub, tb := edge32(r), edge32(r)
		var u, tt, x field.Element
		u.SetBytes(&ub)
		tt.SetBytes(&tb)
		varTimeXSwiftEC(&x, &u, &tt)
		want := refXSwiftEC(bigOf(&ub), bigOf(&tb))
		if bigOfFE(&x).Cmp(want) != 0 {
			t.Fatalf("XSwiftEC(%x, %x) = %s, want %x", ub, tb, feHex(&x), want)
		}
	}
}

// TestXSwiftECRemap exercises u³ + t² + 7 = 0 (t → 2t) for random u against
// the reference, in XSwiftEC and in Decode. (u = 0 cannot combine with it: u' = 1 would need t² = −8,
// which is not a square.)
func TestXSwiftECRemap(t *testing.T) {
	r := testref.Rand(t)
	n := 0
	for n < short.Count(t, 50) {
		var ub [32]byte
		r.Read(ub[:])
		u := bigOf(&ub)
		tv, ok := rsqrt(rmod(new(big.Int).Neg(rg(u))))
		if !ok {
			continue
		}
		n++
		var uf, tf, x field.Element
		uf = feOfBig(u)
		tf = feOfBig(tv)
		varTimeXSwiftEC(&x, &uf, &tf)
		if bigOfFE(&x).Cmp(refXSwiftEC(u, tv)) != 0 {
			t.Fatalf("u = %x: remapped XSwiftEC differs from the reference", u)
		}
		// And Decode, whose root of x₁ depends on the remapped t.
		enc := make([]byte, 64)
		u.FillBytes(enc[:32])
		tv.FillBytes(enc[32:])
		pub, err := Decode(enc)
		if err != nil {
			t.Fatal(err)
		}
		checkDecoded(t, enc, pub)
	}
}

// TestXSwiftECInvAgainstReference compares all 8 cases with the transcript of
// the BIP for random u and x, both x on the curve and arbitrary x, and checks
// that every t found decodes back to a valid x, and that a valid x has 0, 4
// or 8 solutions for a given u.
func TestXSwiftECInvAgainstReference(t *testing.T) {
	r := testref.Rand(t)
	var sols [9]int
	for i := range short.Count(t, 400) {
		ub := edge32(r)
		u := bigOf(&ub)
		if u.Sign() == 0 {
			continue // deviation documented on varTimeXSwiftECInv; see TestXSwiftECInvZeroU
		}
		var x *big.Int
		valid := i%4 != 0
		if valid {
			k := new(big.Int).Rand(r, testref.N)
			k.Add(k, big.NewInt(1))
			x = testref.ScalarMult(k, testref.G).X
		} else {
			var xb [32]byte
			r.Read(xb[:])
			x = bigOf(&xb)
		}
		den := rmod(new(big.Int).Add(new(big.Int).Add(new(big.Int).Mul(u, u), new(big.Int).Mul(u, x)), new(big.Int).Mul(x, x)))
		if den.Sign() == 0 {
			continue
		}
		uf, xf := feOfBig(u), feOfBig(x)
		n := 0
		for c := range 8 {
			var tf field.Element
			ok := varTimeXSwiftECInv(&tf, &xf, &uf, c)
			want := refXSwiftECInv(x, u, c)
			if ok != (want != nil) || ok && bigOfFE(&tf).Cmp(want) != 0 {
				t.Fatalf("XSwiftECInv(x=%x, u=%x, %d) = %v %s, want %v", x, u, c, ok, feHex(&tf), want)
			}
			if ok && valid {
				n++
				var back field.Element
				varTimeXSwiftEC(&back, &uf, &tf)
				if back.Equal(&xf) != 1 {
					t.Fatalf("XSwiftEC(u, XSwiftECInv(x, u, %d)) ≠ x", c)
				}
			}
		}
		if valid {
			sols[n]++
			if n != 0 && n != 4 && n != 8 {
				t.Fatalf("%d solutions for (u, x)", n)
			}
		}
	}
	t.Logf("solutions per valid (u, x): 0: %d, 4: %d, 8: %d", sols[0], sols[4], sols[8])
}

func TestXSwiftECInvZeroU(t *testing.T) {
	var u, x, tt field.Element
	x.SetBytes((*[32]byte)(testref.Hex(t, "79be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798")))
	for c := range 8 {
		if varTimeXSwiftECInv(&tt, &x, &u, c) {
			t.Fatalf("case %d: a solution for u = 0", c)
		}
	}
}

// varTimeXSwiftEC sets x to XSwiftEC(u, t) as one field element, for the
// tests that compare it with the BIP's reference.
func varTimeXSwiftEC(x, u, t *field.Element) *field.Element {
	var n, d field.Element
	varTimeXSwiftECFrac(&n, &d, u, t)
	d.VarTimeInvert(&d)
	return x.Multiply(&n, &d)
}

// TestCandidateProductIdentity checks, on the BIP's own candidate formulas,
// the identity that Decode takes x₁'s root from: g(x₁)·g(x₂) = g(x₃)·K²
// with K = 3c·t·s·u³·g/(g + s)³, s = t², g = u³ + 7, for random and
// edge-case (u, t) and for the remapped t → 2t.
func TestCandidateProductIdentity(t *testing.T) {
	r := testref.Rand(t)
	check := func(u0, t0 *big.Int) {
		cands, u, tt := refXSwiftECCandidates(u0, t0)
		s := rmod(new(big.Int).Mul(tt, tt))
		g := rg(u)
		gs := rmod(new(big.Int).Add(g, s))
		K := new(big.Int).Mul(big.NewInt(3), refC)
		K.Mul(K, tt).Mul(K, s).Mul(K, new(big.Int).Exp(u, big.NewInt(3), refP)).Mul(K, g)
		K = rmod(K.Mul(K, rinv(new(big.Int).Exp(gs, big.NewInt(3), refP))))
		lhs := rmod(new(big.Int).Mul(rg(cands[2]), rg(cands[1])))
		rhs := rmod(new(big.Int).Mul(rg(cands[0]), new(big.Int).Mul(K, K)))
		if lhs.Cmp(rhs) != 0 {
			t.Fatalf("u = %x, t = %x: g(x₁)·g(x₂) ≠ g(x₃)·K²", u0, t0)
		}
	}
	for range short.Count(t, 500) {
		ub, tb := edge32(r), edge32(r)
		check(bigOf(&ub), bigOf(&tb))
	}
	for n := 0; n < short.Count(t, 20); {
		var ub [32]byte
		r.Read(ub[:])
		u := bigOf(&ub)
		if tv, ok := rsqrt(rmod(new(big.Int).Neg(rg(u)))); ok {
			check(u, tv)
			n++
		}
	}
}

// TestEncoderPairing checks the encoder's loop, which takes the first
// tests of two attempts at once, against the attempts taken one by one
// with varTimeXSwiftECInv, on scripts of attempts that mix ones that fail
// before any test (u = 0, and u = x in the x₃ cases, where s = 0) with
// random ones, so that a failing attempt is drawn as the second of a pair
// after every kind of first.
func TestEncoderPairing(t *testing.T) {
	r := testref.Rand(t)
	for range short.Count(t, 300) {
		var xb [32]byte
		r.Read(xb[:])
		if !rliftOK(rmod(bigOf(&xb))) {
			continue // x must be on the curve
		}
		var x field.Element
		x.SetBytes(&xb)
		var script []scriptedAttempt
		for len(script) < 40 {
			a := scriptedAttempt{c: r.Intn(8)}
			switch r.Intn(4) {
			case 0: // u = 0
			case 1: // u = x, so s = 0 in the x₃ cases
				x.PutBytes(&a.u32)
				a.c |= 2
			default:
				r.Read(a.u32[:])
			}
			script = append(script, a)
		}
		// The reference: the first attempt that succeeds, in order.
		var want field.Element
		wantAt := -1
		for i, a := range script {
			var u field.Element
			u.SetBytes(&a.u32)
			if varTimeXSwiftECInv(&want, &x, &u, a.c) {
				wantAt = i
				break
			}
		}
		if wantAt < 0 {
			continue // no attempt succeeds; the loop would go past the script
		}
		// The loop draws one attempt ahead of the one it tests, even past
		// the attempt that succeeds.
		script = append(script, scriptedAttempt{})
		var u32 [32]byte
		var got field.Element
		varTimeXElligatorSwift(&u32, &got, &x, &attempts{script: script})
		if u32 != script[wantAt].u32 || got.Equal(&want) != 1 {
			t.Fatalf("the encoder took u = %x, t = %s; the first attempt to succeed (%d) gives u = %x, t = %s", u32, feHex(&got), wantAt, script[wantAt].u32, feHex(&want))
		}
	}
}
