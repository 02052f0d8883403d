package ellswift

import (
	"encoding/binary"
	"math/big"

	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref"
)

// This file is a deliberately literal math/big transcript of BIP-324's
// XSwiftEC, XSwiftECInv and XElligatorSwift, and of libsecp256k1's choice of u
// and case as doc.go describes it, written from the texts and sharing nothing
// with the code under test except the field prime.

var (
	refP     = testref.P
	refC, _  = new(big.Int).SetString("a2d2ba93507f1df233770c2a797962cc61f6d15da14ecd47d8d27ae1cd5f852", 16)
	refSqrtE = new(big.Int).Rsh(new(big.Int).Add(testref.P, big.NewInt(1)), 2) // (p+1)/4
)

func rmod(x *big.Int) *big.Int { return x.Mod(x, refP) }

func rinv(x *big.Int) *big.Int { return new(big.Int).ModInverse(x, refP) }

// rsqrt is the BIP's "the square root": a^((p+1)/4), if it squares to a.
func rsqrt(a *big.Int) (*big.Int, bool) {
	r := new(big.Int).Exp(a, refSqrtE, refP)
	chk := rmod(new(big.Int).Mul(r, r))
	return r, chk.Cmp(rmod(new(big.Int).Set(a))) == 0
}

func rliftOK(x *big.Int) bool {
	_, ok := testref.Lift(rmod(new(big.Int).Set(x)), 0)
	return ok
}

func rg(u *big.Int) *big.Int { // u³ + 7
	g := new(big.Int).Exp(u, big.NewInt(3), refP)
	return rmod(g.Add(g, big.NewInt(7)))
}

// refXSwiftEC is BIP-324's XSwiftEC(u, t), for u, t in [0, p).
func refXSwiftEC(u0, t0 *big.Int) *big.Int {
	cands, _, _ := refXSwiftECCandidates(u0, t0)
	for _, x := range cands {
		if rliftOK(x) {
			return x
		}
	}
	panic("refXSwiftEC: no valid candidate")
}

// refXSwiftECCandidates returns BIP-324's candidates x₃, x₂, x₁ of
// XSwiftEC(u, t) in the order the BIP tries them, and u and t after its
// remappings.
func refXSwiftECCandidates(u0, t0 *big.Int) (cands [3]*big.Int, u, t *big.Int) {
	u, t = new(big.Int).Set(u0), new(big.Int).Set(t0)
	if u.Sign() == 0 {
		u.SetInt64(1)
	}
	if t.Sign() == 0 {
		t.SetInt64(1)
	}
	if s := new(big.Int).Add(rg(u), new(big.Int).Mul(t, t)); rmod(s).Sign() == 0 {
		rmod(t.Lsh(t, 1))
	}
	// X = (u³ + 7 − t²)/(2t), Y = (X + t)/(cu).
	X := new(big.Int).Sub(rg(u), new(big.Int).Mul(t, t))
	X = rmod(X.Mul(X, rinv(rmod(new(big.Int).Lsh(t, 1)))))
	Y := new(big.Int).Add(X, t)
	Y = rmod(Y.Mul(Y, rinv(rmod(new(big.Int).Mul(refC, u)))))
	XoverY := rmod(new(big.Int).Mul(X, rinv(Y)))
	half := rinv(big.NewInt(2))
	cands = [3]*big.Int{
		rmod(new(big.Int).Add(u, new(big.Int).Mul(big.NewInt(4), new(big.Int).Mul(Y, Y)))),
		rmod(new(big.Int).Mul(new(big.Int).Sub(new(big.Int).Neg(XoverY), u), half)),
		rmod(new(big.Int).Mul(new(big.Int).Sub(XoverY, u), half)),
	}
	return cands, u, t
}

// refXSwiftECInv is BIP-324's XSwiftECInv(x, u, case); nil is None.
func refXSwiftECInv(x, u *big.Int, c int) *big.Int {
	var s, v *big.Int
	if c&2 == 0 {
		if rliftOK(new(big.Int).Sub(new(big.Int).Neg(x), u)) {
			return nil
		}
		v = new(big.Int).Set(x)
		den := rmod(new(big.Int).Add(new(big.Int).Add(new(big.Int).Mul(u, u), new(big.Int).Mul(u, v)), new(big.Int).Mul(v, v)))
		s = rmod(new(big.Int).Mul(new(big.Int).Neg(rg(u)), rinv(den)))
	} else {
		s = rmod(new(big.Int).Sub(x, u))
		if s.Sign() == 0 {
			return nil
		}
		// r = √(−s(4(u³ + 7) + 3u²s))
		q := new(big.Int).Mul(big.NewInt(4), rg(u))
		q.Add(q, new(big.Int).Mul(big.NewInt(3), new(big.Int).Mul(new(big.Int).Mul(u, u), s)))
		q = rmod(q.Mul(q, new(big.Int).Neg(s)))
		r, ok := rsqrt(q)
		if !ok {
			return nil
		}
		if c&1 == 1 && r.Sign() == 0 {
			return nil
		}
		v = new(big.Int).Sub(new(big.Int).Mul(r, rinv(s)), u)
		v = rmod(v.Mul(v, rinv(big.NewInt(2))))
	}
	w, ok := rsqrt(s)
	if !ok {
		return nil
	}
	half := rinv(big.NewInt(2))
	oneMinusC := rmod(new(big.Int).Mul(new(big.Int).Sub(big.NewInt(1), refC), half)) // (1 − c)/2
	onePlusC := rmod(new(big.Int).Mul(new(big.Int).Add(big.NewInt(1), refC), half))  // (1 + c)/2
	term := func(k *big.Int) *big.Int { return new(big.Int).Add(new(big.Int).Mul(u, k), v) }
	var t *big.Int
	switch c & 5 {
	case 0:
		t = new(big.Int).Neg(new(big.Int).Mul(w, term(oneMinusC)))
	case 1:
		t = new(big.Int).Mul(w, term(onePlusC))
	case 4:
		t = new(big.Int).Mul(w, term(oneMinusC))
	case 5:
		t = new(big.Int).Neg(new(big.Int).Mul(w, term(onePlusC)))
	}
	return rmod(t)
}

// refElligatorSwift is XElligatorSwift(x) with libsecp256k1's generator, then
// the parity fix, written from doc.go's description: a tagged SHA-256 over
// key64 ‖ rnd32 ‖ LE32(cnt); H(0) a pool of nibbles consumed from the end
// (the high nibble of byte 31 first); H(i) the u of attempt i; H(65) a new
// pool.
func refElligatorSwift(tag string, key64, rnd32 []byte, x *big.Int, yOdd uint) []byte {
	H := func(cnt uint32) [32]byte {
		return testref.TaggedHash(tag, key64, rnd32, binary.LittleEndian.AppendUint32(nil, cnt))
	}
	var pool []int
	cnt := uint32(0)
	for {
		if len(pool) == 0 {
			for _, b := range H(cnt) {
				pool = append(pool, int(b&0x0f), int(b>>4))
			}
			cnt++
		}
		c := pool[len(pool)-1] & 7
		pool = pool[:len(pool)-1]
		u32 := H(cnt)
		cnt++
		u := rmod(new(big.Int).SetBytes(u32[:]))
		t := refXSwiftECInv(x, u, c)
		if t == nil {
			continue
		}
		if t.Bit(0) != yOdd {
			t = rmod(new(big.Int).Neg(t))
		}
		return append(u32[:], testref.Bytes32(t)...)
	}
}
