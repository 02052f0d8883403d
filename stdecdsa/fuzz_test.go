//lint:file-ignore SA1019 these tests exercise crypto/elliptic's and crypto/ecdsa's deprecated API for custom curves, the package's subject

package stdecdsa_test

import (
	"crypto/ecdsa"
	"errors"
	"math/big"
	"testing"

	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref"
	"github.com/kestrel-crypto/secp256k1/stdecdsa"
)

// signedBig returns the integer with magnitude b, negated if neg.
func signedBig(b []byte, neg bool) *big.Int {
	x := new(big.Int).SetBytes(b)
	if neg {
		x.Neg(x)
	}
	return x
}

// fromECDSAErrors are the errors that the conversions may return.
var fromECDSAErrors = []error{
	stdecdsa.ErrIncompleteKey, stdecdsa.ErrCurve, stdecdsa.ErrKeyMismatch,
	secp256k1.ErrPrivateKey, secp256k1.ErrPointEncoding, secp256k1.ErrPointNotOnCurve, secp256k1.ErrIdentity,
}

func checkNamedError(t *testing.T, err error) {
	t.Helper()
	for _, e := range fromECDSAErrors {
		if errors.Is(err, e) {
			return
		}
	}
	t.Fatalf("unnamed error %v", err)
}

// FuzzFromECDSAPublicKey checks FromECDSAPublicKey on any coordinates,
// against the reference: it accepts exactly the points of the curve with
// coordinates in [0, p), agrees with IsOnCurve, and round-trips.
func FuzzFromECDSAPublicKey(f *testing.F) {
	g := testref.Uncompressed(testref.G)
	f.Add(g[1:33], g[33:], false, false)
	f.Add(g[1:33], g[33:], false, true)
	f.Add([]byte{}, []byte{}, false, false)
	f.Add(testref.Bytes32(testref.P), g[33:], false, false)
	f.Add(append([]byte{1}, g[1:33]...), g[33:], false, false)
	f.Fuzz(func(t *testing.T, xb, yb []byte, negX, negY bool) {
		x, y := signedBig(xb, negX), signedBig(yb, negY)
		p, err := stdecdsa.FromECDSAPublicKey(&ecdsa.PublicKey{Curve: stdecdsa.S256(), X: x, Y: y})
		inRange := x.Sign() >= 0 && y.Sign() >= 0 && x.Cmp(testref.P) < 0 && y.Cmp(testref.P) < 0
		want := inRange && !(x.Sign() == 0 && y.Sign() == 0) && testref.IsOnCurve(testref.Point{X: x, Y: y})
		if got := stdecdsa.S256().IsOnCurve(x, y); got != want {
			t.Fatalf("IsOnCurve(%x, %x) = %v, want %v", x, y, got, want)
		}
		if !want {
			if err == nil || p != nil {
				t.Fatalf("FromECDSAPublicKey(%x, %x) accepted an invalid point", x, y)
			}
			checkNamedError(t, err)
			return
		}
		if err != nil {
			t.Fatalf("FromECDSAPublicKey(%x, %x): %v", x, y, err)
		}
		back, err := stdecdsa.ToECDSAPublicKey(p)
		if err != nil || back.X.Cmp(x) != 0 || back.Y.Cmp(y) != 0 {
			t.Fatalf("round trip of (%x, %x): (%x, %x), %v", x, y, back.X, back.Y, err)
		}
	})
}

// FuzzFromECDSA checks FromECDSA on any D, with (X, Y) either D·G (when
// mode is even) or fuzzed coordinates: it accepts exactly the keys with
// D in [1, n−1] and (X, Y) = D·G, and round-trips them.
func FuzzFromECDSA(f *testing.F) {
	g := testref.Uncompressed(testref.G)
	for _, d := range testref.ScalarEdges() {
		f.Add(d, false, byte(0), g[1:33], g[33:])
	}
	f.Add([]byte{1}, true, byte(0), g[1:33], g[33:])
	f.Add([]byte{1}, false, byte(1), g[1:33], g[33:])
	f.Add([]byte{2}, false, byte(1), g[1:33], g[33:])
	f.Fuzz(func(t *testing.T, db []byte, negD bool, mode byte, xb, yb []byte) {
		d := signedBig(db, negD)
		dValid := d.Sign() > 0 && d.Cmp(testref.N) < 0
		x, y := new(big.Int).SetBytes(xb), new(big.Int).SetBytes(yb)
		if mode%2 == 0 {
			// The public key of d mod n, as a careless conversion would
			// compute it (go-ethereum's ToECDSAUnsafe does so).
			x, y = stdecdsa.S256().ScalarBaseMult(new(big.Int).Abs(d).Bytes())
		}
		e := &ecdsa.PrivateKey{PublicKey: ecdsa.PublicKey{Curve: stdecdsa.S256(), X: x, Y: y}, D: d}
		k, err := stdecdsa.FromECDSA(e)

		want := dValid
		if want {
			q := testref.ScalarMult(d, testref.G)
			want = x.Cmp(q.X) == 0 && y.Cmp(q.Y) == 0
		}
		if !want {
			if err == nil || k != nil {
				t.Fatalf("FromECDSA(D %x, (%x, %x)) accepted an invalid key", d, x, y)
			}
			checkNamedError(t, err)
			return
		}
		if err != nil {
			t.Fatalf("FromECDSA(D %x): %v", d, err)
		}
		back, err := stdecdsa.ToECDSA(k)
		if err != nil || back.D.Cmp(d) != 0 || back.X.Cmp(x) != 0 || back.Y.Cmp(y) != 0 {
			t.Fatalf("round trip of D %x: %v", d, err)
		}
	})
}

// FuzzScalarMult checks ScalarBaseMult and ScalarMult with scalars of any
// length against the reference's double-and-add on k mod n.
func FuzzScalarMult(f *testing.F) {
	for _, k := range testref.ScalarEdges() {
		f.Add(k, uint16(1))
	}
	f.Add(make([]byte, 64), uint16(3))
	f.Add(append([]byte{1}, testref.Bytes32(testref.N)...), uint16(2))
	f.Fuzz(func(t *testing.T, k []byte, m uint16) {
		if len(k) > 128 {
			return // the reduction mod n is all that a longer input adds
		}
		kb := new(big.Int).SetBytes(k)
		// The point: m·G, m small and nonzero, from the reference.
		p := testref.ScalarMult(big.NewInt(int64(m)+1), testref.G)
		x, y := stdecdsa.S256().ScalarMult(p.X, p.Y, k)
		checkAffine(t, "ScalarMult", x, y, testref.ScalarMult(kb, p))
		x, y = stdecdsa.S256().ScalarBaseMult(k)
		checkAffine(t, "ScalarBaseMult", x, y, testref.ScalarMult(kb, testref.G))
	})
}
