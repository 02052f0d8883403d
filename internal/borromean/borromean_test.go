package borromean

import (
	"math/rand/v2"
	"testing"

	"github.com/kestrel-crypto/secp256k1/internal/ecmult"
	"github.com/kestrel-crypto/secp256k1/internal/group"
	"github.com/kestrel-crypto/secp256k1/internal/scalar"
	"github.com/kestrel-crypto/secp256k1/internal/sha256"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/race"
)

// randScalar returns a nonzero scalar from rng.
func randScalar(rng *rand.Rand) scalar.Scalar {
	var b [64]byte
	for i := range b {
		b[i] = byte(rng.Uint32())
	}
	var s scalar.Scalar
	s.SetUniformBytes(&b)
	return s
}

// instance is a random signing problem: rings of the given sizes, a secret
// index per ring, keys, nonces and forged s values.
type instance struct {
	sizes, index []int
	pubs         []group.Affine
	x, k, s      []scalar.Scalar
	m            [32]byte
}

func newInstance(rng *rand.Rand, sizes []int) *instance {
	in := &instance{sizes: sizes}
	for _, sz := range sizes {
		idx := rng.IntN(sz)
		in.index = append(in.index, idx)
		x := randScalar(rng)
		in.x = append(in.x, x)
		in.k = append(in.k, randScalar(rng))
		for j := range sz {
			var P group.Jacobian
			if j == idx {
				ecmult.ScalarBaseMult(&P, &x)
			} else {
				r := randScalar(rng)
				ecmult.ScalarBaseMult(&P, &r)
			}
			var a group.Affine
			a.SetJacobian(&P)
			in.pubs = append(in.pubs, a)
			s := randScalar(rng)
			if j == idx {
				s = scalar.Scalar{}
			}
			in.s = append(in.s, s)
		}
	}
	for i := range in.m {
		in.m[i] = byte(rng.Uint32())
	}
	return in
}

// refSign is zkp's secp256k1_borromean_sign written directly: from each
// ring's index to its end, e₀, then from each ring's start to its index.
func refSign(in *instance) (e0 [32]byte, s []scalar.Scalar) {
	s = append([]scalar.Scalar(nil), in.s...)
	mult := func(e *scalar.Scalar, pos int) [33]byte {
		var P group.Jacobian
		P.SetAffine(&in.pubs[pos])
		R, _ := ecmult.VarTimeMult1G(e, &P, &s[pos])
		var enc [33]byte
		R.VarTimePutCompressed(&enc)
		return enc
	}
	final := sha256.New()
	off := 0
	for i, sz := range in.sizes {
		var R group.Jacobian
		ecmult.ScalarBaseMult(&R, &in.k[i])
		var enc [33]byte
		R.VarTimePutCompressed(&enc)
		for j := in.index[i] + 1; j < sz; j++ {
			var h [32]byte
			var e scalar.Scalar
			Hash(&h, enc[:], in.m[:], i, j)
			e.SetReducedBytes(&h)
			enc = mult(&e, off+j)
		}
		final.Write(enc[:])
		off += sz
	}
	final.Write(in.m[:])
	final.Sum(&e0)
	off = 0
	for i, sz := range in.sizes {
		var h [32]byte
		var e scalar.Scalar
		Hash(&h, e0[:], in.m[:], i, 0)
		e.SetReducedBytes(&h)
		for j := 0; j < in.index[i]; j++ {
			enc := mult(&e, off+j)
			Hash(&h, enc[:], in.m[:], i, j+1)
			e.SetReducedBytes(&h)
		}
		var v scalar.Scalar
		v.Multiply(&e, &in.x[i])
		s[off+in.index[i]].Subtract(&in.k[i], &v)
		off += sz
	}
	return e0, s
}

func TestSignMatchesReference(t *testing.T) {
	seed := rand.Uint64()
	t.Logf("seed %d", seed)
	rng := rand.New(rand.NewPCG(seed, 1))
	shapes := [][]int{{1}, {2}, {4}, {4, 4, 2}, {3, 1, 5}, {7}}
	big := make([]int, 20) // more rings than one chunk
	for i := range big {
		big[i] = 1 + rng.IntN(4)
	}
	shapes = append(shapes, big)
	for _, sizes := range shapes {
		for range 3 {
			in := newInstance(rng, sizes)
			wantE0, wantS := refSign(in)
			var e0 [32]byte
			s := append([]scalar.Scalar(nil), in.s...)
			if !Sign(&e0, s, in.pubs, in.k, in.x, in.sizes, in.index, in.m[:]) {
				t.Fatalf("sizes %v: Sign failed", sizes)
			}
			if e0 != wantE0 {
				t.Fatalf("sizes %v index %v: e0 differs from the reference", sizes, in.index)
			}
			for j := range s {
				if s[j].Equal(&wantS[j]) != 1 {
					t.Fatalf("sizes %v index %v: s[%d] differs from the reference", sizes, in.index, j)
				}
			}
			ev := make([]scalar.Scalar, len(s))
			if !VarTimeVerify(&e0, s, in.pubs, in.sizes, in.m[:], ev) {
				t.Fatalf("sizes %v: a signature does not verify", sizes)
			}
			// Any changed s, e0 or message fails.
			j := rng.IntN(len(s))
			var one scalar.Scalar
			one.SetUint64(1)
			s[j].Add(&s[j], &one)
			if VarTimeVerify(&e0, s, in.pubs, in.sizes, in.m[:], nil) {
				t.Fatalf("sizes %v: a changed s[%d] verifies", sizes, j)
			}
			s[j].Subtract(&s[j], &one)
			m2 := in.m
			m2[0] ^= 1
			if VarTimeVerify(&e0, s, in.pubs, in.sizes, m2[:], nil) {
				t.Fatalf("sizes %v: another message verifies", sizes)
			}
			e0[5] ^= 0x40
			if VarTimeVerify(&e0, s, in.pubs, in.sizes, in.m[:], nil) {
				t.Fatalf("sizes %v: a changed e0 verifies", sizes)
			}
		}
	}
}

func TestShapeRejects(t *testing.T) {
	for _, c := range []struct {
		sizes []int
		n     int
	}{{nil, 0}, {[]int{0}, 0}, {[]int{2, 2}, 3}, {[]int{2, -1}, 1}, {[]int{1}, 2}} {
		if Shape(c.sizes, c.n) {
			t.Errorf("Shape(%v, %d) = true", c.sizes, c.n)
		}
	}
	if VarTimeVerify(new([32]byte), nil, nil, nil, nil, nil) {
		t.Error("VarTimeVerify of nothing is true")
	}
}

// TestVerifyMany checks VarTimeVerifyMany against VarTimeVerify on a mix of
// valid signatures, changed ones and malformed ones, of varied shapes.
func TestVerifyMany(t *testing.T) {
	seed := rand.Uint64()
	t.Logf("seed %d", seed)
	rng := rand.New(rand.NewPCG(seed, 3))
	var sigs []Sig
	for i := range 23 {
		sizes := make([]int, 1+rng.IntN(12))
		for r := range sizes {
			sizes[r] = 1 + rng.IntN(5)
		}
		in := newInstance(rng, sizes)
		var e0 [32]byte
		s := append([]scalar.Scalar(nil), in.s...)
		if !Sign(&e0, s, in.pubs, in.k, in.x, in.sizes, in.index, in.m[:]) {
			t.Fatal("Sign failed")
		}
		switch i % 4 {
		case 1:
			s[rng.IntN(len(s))].SetUint64(5)
		case 2:
			e0[0] ^= 1
		case 3:
			if i%8 == 3 {
				sizes = append(sizes, 1) // sizes do not add up
			}
		}
		sigs = append(sigs, Sig{E0: &e0, S: s, Pubs: in.pubs, Sizes: sizes, M: in.m[:]})
	}
	ok := make([]bool, len(sigs))
	VarTimeVerifyMany(sigs, ok)
	valid := 0
	for i, sig := range sigs {
		want := VarTimeVerify(sig.E0, sig.S, sig.Pubs, sig.Sizes, sig.M, nil)
		if ok[i] != want {
			t.Errorf("signature %d: VarTimeVerifyMany %v, VarTimeVerify %v", i, ok[i], want)
		}
		if want {
			valid++
		}
	}
	if valid < 6 || valid == len(sigs) {
		t.Errorf("%d of %d signatures valid: the mix is wrong", valid, len(sigs))
	}
	race.SkipAllocs(t)
	if n := testing.AllocsPerRun(5, func() { VarTimeVerifyMany(sigs, ok) }); n != 0 {
		t.Errorf("VarTimeVerifyMany allocates %v times", n)
	}
}

// TestVerifyRing compares VarTimeVerifyRing with VarTimeVerify on
// single-ring signatures, valid and changed, with the keys in Jacobian
// form with Z ≠ 1.
func TestVerifyRing(t *testing.T) {
	seed := rand.Uint64()
	t.Logf("seed %d", seed)
	rng := rand.New(rand.NewPCG(seed, 4))
	valid := 0
	for i := range 40 {
		n := 1 + rng.IntN(9)
		in := newInstance(rng, []int{n})
		var e0 [32]byte
		s := append([]scalar.Scalar(nil), in.s...)
		if !Sign(&e0, s, in.pubs, in.k, in.x, in.sizes, in.index, in.m[:]) {
			t.Fatal("Sign failed")
		}
		pubs := in.pubs
		m := in.m[:]
		switch i % 6 {
		case 1:
			s[rng.IntN(n)].SetUint64(5)
		case 2:
			e0[rng.IntN(32)] ^= 1
		case 3:
			s[rng.IntN(n)] = scalar.Scalar{}
		case 4:
			pubs = append([]group.Affine(nil), pubs...)
			pubs[rng.IntN(n)] = pubs[(rng.IntN(n)+1)%n]
			if n == 1 {
				m = m[1:]
			}
		}
		jac := make([]group.Jacobian, n)
		for j := range jac {
			// pubs[j] + G − G: the same point, with Z ≠ 1.
			var negG group.Affine
			negG.Negate(&group.Generator)
			jac[j].SetAffine(&pubs[j])
			jac[j].VarTimeAddAffine(&jac[j], &group.Generator)
			jac[j].VarTimeAddAffine(&jac[j], &negG)
		}
		want := VarTimeVerify(&e0, s, pubs, []int{n}, m, nil)
		if got := VarTimeVerifyRing(&e0, s, jac, m); got != want {
			t.Errorf("case %d (n = %d): VarTimeVerifyRing %v, VarTimeVerify %v", i, n, got, want)
		}
		if want {
			valid++
		}
	}
	if valid < 10 || valid == 40 {
		t.Errorf("%d of 40 valid: the mix is wrong", valid)
	}
	if VarTimeVerifyRing(nil, nil, nil, nil) || VarTimeVerifyRing(new([32]byte), make([]scalar.Scalar, 2), make([]group.Jacobian, 1), nil) {
		t.Error("VarTimeVerifyRing accepts a malformed ring")
	}
}
