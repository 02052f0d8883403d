//lint:file-ignore SA1019 these tests exercise crypto/elliptic's and crypto/ecdsa's deprecated API for custom curves, the package's subject

package stdecdsa_test

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"errors"
	"math/big"
	"testing"

	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref"
	"github.com/kestrel-crypto/secp256k1/stdecdsa"
)

// gethStyleKey builds an *ecdsa.PrivateKey from 32 bytes as go-ethereum's
// crypto.ToECDSA does: D from the bytes, (X, Y) from the curve's
// ScalarBaseMult.
func gethStyleKey(curve elliptic.Curve, d []byte) *ecdsa.PrivateKey {
	priv := new(ecdsa.PrivateKey)
	priv.PublicKey.Curve = curve
	priv.D = new(big.Int).SetBytes(d)
	priv.PublicKey.X, priv.PublicKey.Y = curve.ScalarBaseMult(d)
	return priv
}

func mustKey(t testing.TB) *secp256k1.PrivateKey {
	t.Helper()
	k, err := secp256k1.GeneratePrivateKey()
	if err != nil {
		t.Fatal(err)
	}
	return k
}

func TestToECDSA(t *testing.T) {
	_, n := curveRand(t, 20)
	for range n {
		k := mustKey(t)
		e, err := stdecdsa.ToECDSA(k)
		if err != nil {
			t.Fatal(err)
		}
		if e.Curve != stdecdsa.S256() {
			t.Fatalf("Curve = %v, want S256()", e.Curve)
		}
		if got := testref.Bytes32(e.D); string(got) != string(k.Bytes()) {
			t.Fatalf("D = %x, want %x", got, k.Bytes())
		}
		// (X, Y) is D·G by the reference, not only by Kestrel.
		checkAffine(t, "(X, Y)", e.X, e.Y, testref.ScalarMult(e.D, testref.G))

		back, err := stdecdsa.FromECDSA(e)
		if err != nil {
			t.Fatal(err)
		}
		if !back.Equal(k) {
			t.Fatal("FromECDSA(ToECDSA(k)) ≠ k")
		}

		pub, err := stdecdsa.ToECDSAPublicKey(k.PublicKey())
		if err != nil {
			t.Fatal(err)
		}
		if !pub.Equal(&e.PublicKey) {
			t.Fatal("ToECDSAPublicKey(k.PublicKey()) ≠ ToECDSA(k).PublicKey")
		}
		p, err := stdecdsa.FromECDSAPublicKey(pub)
		if err != nil {
			t.Fatal(err)
		}
		if !p.Equal(k.PublicKey()) {
			t.Fatal("FromECDSAPublicKey(ToECDSAPublicKey(p)) ≠ p")
		}
	}
}

// TestGethStyleRoundTrip converts a key built as go-ethereum builds them to
// Kestrel and back, and compares every field.
func TestGethStyleRoundTrip(t *testing.T) {
	r, n := curveRand(t, 20)
	for range n {
		d := testref.Bytes32(new(big.Int).Add(new(big.Int).Rand(r, new(big.Int).Sub(bigN, one)), one))
		e := gethStyleKey(stdecdsa.S256(), d)
		k, err := stdecdsa.FromECDSA(e)
		if err != nil {
			t.Fatal(err)
		}
		if string(k.Bytes()) != string(d) {
			t.Fatalf("FromECDSA: key %x, want %x", k.Bytes(), d)
		}
		back, err := stdecdsa.ToECDSA(k)
		if err != nil {
			t.Fatal(err)
		}
		if back.Curve != e.Curve || back.D.Cmp(e.D) != 0 || back.X.Cmp(e.X) != 0 || back.Y.Cmp(e.Y) != 0 {
			t.Fatalf("ToECDSA(FromECDSA(e)) = %+v, want %+v", back, e)
		}
		if !back.Equal(e) {
			t.Fatal("crypto/ecdsa's PrivateKey.Equal: the round trip differs")
		}
		if back.D == e.D || back.X == e.X || back.Y == e.Y {
			t.Fatal("ToECDSA shares a big.Int with the input of FromECDSA")
		}
	}
}

// foreignS256 is another elliptic.Curve type with secp256k1's parameters,
// as go-ethereum's crypto.S256() is (its Params have no Name and are a new
// value at each call). Its arithmetic is S256()'s.
type foreignS256 struct{ elliptic.Curve }

func (foreignS256) Params() *elliptic.CurveParams {
	p := *stdecdsa.S256().Params()
	p.Name = ""
	return &p
}

// alteredCurve has S256()'s parameters with one changed.
type alteredCurve struct {
	elliptic.Curve
	change func(*elliptic.CurveParams)
}

func (c alteredCurve) Params() *elliptic.CurveParams {
	p := *stdecdsa.S256().Params()
	c.change(&p)
	return &p
}

// nilParams is a curve whose Params method returns nil.
type nilParams struct{ elliptic.Curve }

func (nilParams) Params() *elliptic.CurveParams { return nil }

func TestFromECDSACurves(t *testing.T) {
	d := testref.Bytes32(big.NewInt(12345))
	k, _ := secp256k1.NewPrivateKey(d)

	accepted := map[string]elliptic.Curve{
		"S256()":          stdecdsa.S256(),
		"foreign type":    foreignS256{stdecdsa.S256()},
		"S256().Params()": stdecdsa.S256().Params(), // a Curve too; only its Params are read
	}
	for name, c := range accepted {
		e := gethStyleKey(stdecdsa.S256(), d) // coordinates from S256(): the Params curve cannot compute them
		e.Curve = c
		got, err := stdecdsa.FromECDSA(e)
		if err != nil || !got.Equal(k) {
			t.Errorf("FromECDSA with curve %s: %v", name, err)
		}
		if _, err := stdecdsa.FromECDSAPublicKey(&e.PublicKey); err != nil {
			t.Errorf("FromECDSAPublicKey with curve %s: %v", name, err)
		}
	}

	s := stdecdsa.S256()
	rejected := map[string]elliptic.Curve{
		"P-256":         elliptic.P256(),
		"P-256 params":  elliptic.P256().Params(),
		"nil Params":    nilParams{s},
		"other P":       alteredCurve{s, func(p *elliptic.CurveParams) { p.P = new(big.Int).Add(p.P, one) }},
		"other N":       alteredCurve{s, func(p *elliptic.CurveParams) { p.N = new(big.Int).Sub(p.N, one) }},
		"other B":       alteredCurve{s, func(p *elliptic.CurveParams) { p.B = big.NewInt(3) }},
		"other Gx":      alteredCurve{s, func(p *elliptic.CurveParams) { p.Gx = new(big.Int).Add(p.Gx, one) }},
		"other Gy":      alteredCurve{s, func(p *elliptic.CurveParams) { p.Gy = new(big.Int).Sub(bigP, p.Gy) }},
		"nil N":         alteredCurve{s, func(p *elliptic.CurveParams) { p.N = nil }},
		"BitSize 255":   alteredCurve{s, func(p *elliptic.CurveParams) { p.BitSize = 255 }},
		"name only set": alteredCurve{elliptic.P256(), func(p *elliptic.CurveParams) { *p = *elliptic.P256().Params(); p.Name = "secp256k1" }},
	}
	for name, c := range rejected {
		e := gethStyleKey(stdecdsa.S256(), d)
		e.Curve = c
		if _, err := stdecdsa.FromECDSA(e); !errors.Is(err, stdecdsa.ErrCurve) {
			t.Errorf("FromECDSA with curve %s: %v, want ErrCurve", name, err)
		}
		if _, err := stdecdsa.FromECDSAPublicKey(&e.PublicKey); !errors.Is(err, stdecdsa.ErrCurve) {
			t.Errorf("FromECDSAPublicKey with curve %s: %v, want ErrCurve", name, err)
		}
	}

	// A real P-256 key.
	p256, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := stdecdsa.FromECDSA(p256); !errors.Is(err, stdecdsa.ErrCurve) {
		t.Errorf("FromECDSA of a P-256 key: %v, want ErrCurve", err)
	}
}

func TestFromECDSAErrors(t *testing.T) {
	d := testref.Bytes32(big.NewInt(777))
	other := gethStyleKey(stdecdsa.S256(), testref.Bytes32(big.NewInt(778)))
	small := smallPoint(t)
	gx, gy := affine(testref.G)

	type keyCase struct {
		name   string
		change func(e *ecdsa.PrivateKey)
		want   error
	}
	cases := []keyCase{
		{"nil Curve", func(e *ecdsa.PrivateKey) { e.Curve = nil }, stdecdsa.ErrIncompleteKey},
		{"typed nil Curve", func(e *ecdsa.PrivateKey) { e.Curve = (*elliptic.CurveParams)(nil) }, stdecdsa.ErrIncompleteKey},
		{"nil X", func(e *ecdsa.PrivateKey) { e.X = nil }, stdecdsa.ErrIncompleteKey},
		{"nil Y", func(e *ecdsa.PrivateKey) { e.Y = nil }, stdecdsa.ErrIncompleteKey},
		{"nil D", func(e *ecdsa.PrivateKey) { e.D = nil }, stdecdsa.ErrIncompleteKey},
		{"D = 0", func(e *ecdsa.PrivateKey) { e.D = new(big.Int) }, secp256k1.ErrPrivateKey},
		{"D < 0", func(e *ecdsa.PrivateKey) { e.D.Neg(e.D) }, secp256k1.ErrPrivateKey},
		{"D = n", func(e *ecdsa.PrivateKey) { e.D = new(big.Int).Set(bigN) }, secp256k1.ErrPrivateKey},
		{"D = n + 777", func(e *ecdsa.PrivateKey) { e.D.Add(e.D, bigN) }, secp256k1.ErrPrivateKey}, // same key mod n
		{"D of 300 bits", func(e *ecdsa.PrivateKey) { e.D.Lsh(one, 300) }, secp256k1.ErrPrivateKey},
		{"D of another key", func(e *ecdsa.PrivateKey) { e.D.Add(e.D, one) }, stdecdsa.ErrKeyMismatch},
		{"(X, Y) of another key", func(e *ecdsa.PrivateKey) { e.X, e.Y = other.X, other.Y }, stdecdsa.ErrKeyMismatch},
		{"−(X, Y)", func(e *ecdsa.PrivateKey) { e.Y.Sub(bigP, e.Y) }, stdecdsa.ErrKeyMismatch},
		{"Y + 1", func(e *ecdsa.PrivateKey) { e.Y.Add(e.Y, one) }, secp256k1.ErrPointNotOnCurve},
		{"X + p, 256 bits", func(e *ecdsa.PrivateKey) { e.X, e.Y = new(big.Int).Add(small.X, bigP), small.Y }, secp256k1.ErrPointEncoding},
		{"X + p, 257 bits", func(e *ecdsa.PrivateKey) { e.X.Add(e.X, bigP) }, secp256k1.ErrPointEncoding},
		{"X negative", func(e *ecdsa.PrivateKey) { e.X.Neg(e.X) }, secp256k1.ErrPointEncoding},
		{"Y − p", func(e *ecdsa.PrivateKey) { e.Y.Sub(e.Y, bigP) }, secp256k1.ErrPointEncoding},
		{"(0, 0)", func(e *ecdsa.PrivateKey) { e.X, e.Y = new(big.Int), new(big.Int) }, secp256k1.ErrIdentity},
		{"(X, Y) = G", func(e *ecdsa.PrivateKey) { e.X, e.Y = gx, gy }, stdecdsa.ErrKeyMismatch},
	}
	for _, tc := range cases {
		e := gethStyleKey(stdecdsa.S256(), d)
		tc.change(e)
		k, err := stdecdsa.FromECDSA(e)
		if !errors.Is(err, tc.want) || k != nil {
			t.Errorf("FromECDSA(%s) = %v, %v; want nil, %v", tc.name, k, err, tc.want)
		}
		// The public half alone: the same error, except for those about D.
		p, err := stdecdsa.FromECDSAPublicKey(&e.PublicKey)
		switch tc.want {
		case secp256k1.ErrPrivateKey, stdecdsa.ErrKeyMismatch:
			if err != nil {
				t.Errorf("FromECDSAPublicKey(%s): %v, want a key", tc.name, err)
			}
		default:
			if tc.name == "nil D" {
				break
			}
			if !errors.Is(err, tc.want) || p != nil {
				t.Errorf("FromECDSAPublicKey(%s) = %v, %v; want nil, %v", tc.name, p, err, tc.want)
			}
		}
	}

	for name, e := range map[string]*ecdsa.PrivateKey{"nil": nil, "zero value": {}} {
		if _, err := stdecdsa.FromECDSA(e); !errors.Is(err, stdecdsa.ErrIncompleteKey) {
			t.Errorf("FromECDSA(%s): %v, want ErrIncompleteKey", name, err)
		}
	}
	for name, p := range map[string]*ecdsa.PublicKey{"nil": nil, "zero value": {}} {
		if _, err := stdecdsa.FromECDSAPublicKey(p); !errors.Is(err, stdecdsa.ErrIncompleteKey) {
			t.Errorf("FromECDSAPublicKey(%s): %v, want ErrIncompleteKey", name, err)
		}
	}
}

// TestZeroValueKeys checks the zero-value rule: a nil or zero Kestrel key is
// not converted.
func TestZeroValueKeys(t *testing.T) {
	for name, k := range map[string]*secp256k1.PrivateKey{"nil": nil, "zero value": new(secp256k1.PrivateKey)} {
		if e, err := stdecdsa.ToECDSA(k); !errors.Is(err, secp256k1.ErrUninitialized) || e != nil {
			t.Errorf("ToECDSA(%s) = %v, %v; want nil, ErrUninitialized", name, e, err)
		}
	}
	wiped := mustKey(t)
	wiped.Zero()
	if _, err := stdecdsa.ToECDSA(wiped); !errors.Is(err, secp256k1.ErrUninitialized) {
		t.Errorf("ToECDSA(a wiped key): %v, want ErrUninitialized", err)
	}
	for name, p := range map[string]*secp256k1.PublicKey{"nil": nil, "zero value": new(secp256k1.PublicKey)} {
		if e, err := stdecdsa.ToECDSAPublicKey(p); !errors.Is(err, secp256k1.ErrUninitialized) || e != nil {
			t.Errorf("ToECDSAPublicKey(%s) = %v, %v; want nil, ErrUninitialized", name, e, err)
		}
	}
}

// TestFromECDSADoesNotAlias checks that a converted key does not change
// when the crypto/ecdsa key it came from does.
func TestFromECDSADoesNotAlias(t *testing.T) {
	d := testref.Bytes32(big.NewInt(4242))
	e := gethStyleKey(stdecdsa.S256(), d)
	k, err := stdecdsa.FromECDSA(e)
	if err != nil {
		t.Fatal(err)
	}
	p, err := stdecdsa.FromECDSAPublicKey(&e.PublicKey)
	if err != nil {
		t.Fatal(err)
	}
	want := p.BytesUncompressed()
	e.D.SetInt64(1)
	e.X.SetInt64(0)
	e.Y.SetInt64(0)
	if string(k.Bytes()) != string(d) || string(p.BytesUncompressed()) != string(want) {
		t.Fatal("a converted key changed with the crypto/ecdsa key")
	}
}
