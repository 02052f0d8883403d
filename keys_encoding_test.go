package secp256k1

import (
	"bytes"
	"crypto"
	"crypto/ed25519"
	"encoding"
	"encoding/hex"
	"encoding/json"
	"errors"
	"math/big"
	"math/rand"
	"strings"
	"testing"

	"github.com/kestrel-crypto/secp256k1/internal/testkit/race"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref"
)

// The encodings are checked against the byte encodings they are defined by
// (BytesCompressed, Bytes) and those against math/big elsewhere.
var (
	_ encoding.BinaryMarshaler   = PublicKey{}
	_ encoding.BinaryAppender    = PublicKey{}
	_ encoding.TextMarshaler     = PublicKey{}
	_ encoding.TextAppender      = PublicKey{}
	_ encoding.BinaryUnmarshaler = (*PublicKey)(nil)
	_ encoding.TextUnmarshaler   = (*PublicKey)(nil)
	_ encoding.BinaryMarshaler   = Scalar{}
	_ encoding.TextMarshaler     = Scalar{}
	_ encoding.BinaryUnmarshaler = (*Scalar)(nil)
	_ encoding.TextUnmarshaler   = (*Scalar)(nil)
	_ encoding.BinaryMarshaler   = Point{}
	_ encoding.TextMarshaler     = Point{}
	_ encoding.BinaryUnmarshaler = (*Point)(nil)
	_ encoding.TextUnmarshaler   = (*Point)(nil)

	// The method set of the standard library's private keys.
	_ interface {
		Public() crypto.PublicKey
		Equal(crypto.PrivateKey) bool
	} = (*PrivateKey)(nil)
	_ interface{ Equal(crypto.PublicKey) bool } = (*PublicKey)(nil)
)

// randomKey returns a private key drawn from r.
func randomKey(t testing.TB, r *rand.Rand) *PrivateKey {
	t.Helper()
	for {
		if k, err := NewPrivateKey(randomScalar(r).FillBytes(make([]byte, 32))); err == nil {
			return k
		}
	}
}

// publicValues is a struct of every public value type, by value and by
// pointer, as a user's JSON message would hold them.
type publicValues struct {
	Pub    PublicKey
	PubPtr *PublicKey
	S      Scalar
	SPtr   *Scalar
	P      Point
	PPtr   *Point
}

func TestJSONRoundTrip(t *testing.T) {
	r, count := pointTestRand(t, 50)
	for i := range count {
		k := randomKey(t, r)
		pub := k.PublicKey()
		s := new(Scalar)
		if _, err := s.SetReducedBytes(k.Bytes()); err != nil {
			t.Fatal(err)
		}
		s.Negate(s)
		pt := new(Point).ScalarBaseMult(s)
		if i == 0 {
			pt = NewIdentityPoint()
			s = NewScalar()
		}
		in := publicValues{Pub: *pub, PubPtr: pub, S: *s, SPtr: s, P: *pt, PPtr: pt}
		// By value (fields not addressable) and by pointer.
		for _, v := range []any{in, &in} {
			data, err := json.Marshal(v)
			if err != nil {
				t.Fatalf("json.Marshal: %v", err)
			}
			pubHex := hex.EncodeToString(pub.BytesCompressed())
			want := `{"Pub":"` + pubHex + `","PubPtr":"` + pubHex +
				`","S":"` + hex.EncodeToString(s.Bytes()) + `","SPtr":"` + hex.EncodeToString(s.Bytes()) +
				`","P":"` + hex.EncodeToString(pt.BytesCompressed()) + `","PPtr":"` + hex.EncodeToString(pt.BytesCompressed()) + `"}`
			if string(data) != want {
				t.Fatalf("json.Marshal = %s\nwant %s", data, want)
			}
			var out publicValues
			if err := json.Unmarshal(data, &out); err != nil {
				t.Fatalf("json.Unmarshal(%s): %v", data, err)
			}
			if !out.Pub.Equal(pub) || !out.PubPtr.Equal(pub) || out.S.Equal(s) != 1 || out.SPtr.Equal(s) != 1 ||
				out.P.Equal(pt) != 1 || out.PPtr.Equal(pt) != 1 {
				t.Fatalf("json round trip of %s differs", data)
			}
		}
	}
}

func TestBinaryTextEncodings(t *testing.T) {
	r, count := pointTestRand(t, 50)
	for range count {
		k := randomKey(t, r)
		pub := k.PublicKey()
		b, err := pub.MarshalBinary()
		if err != nil || !bytes.Equal(b, pub.BytesCompressed()) {
			t.Fatalf("PublicKey.MarshalBinary = %x, %v", b, err)
		}
		txt, err := pub.MarshalText()
		if err != nil || string(txt) != hex.EncodeToString(b) || pub.String() != string(txt) {
			t.Fatalf("PublicKey.MarshalText = %s, %v", txt, err)
		}
		if got, _ := pub.AppendText([]byte("k=")); string(got) != "k="+string(txt) {
			t.Fatalf("PublicKey.AppendText = %s", got)
		}
		// Every encoding ParsePublicKey accepts, in upper-case hex too.
		for _, enc := range [][]byte{b, pub.BytesUncompressed()} {
			var q PublicKey
			if err := q.UnmarshalBinary(enc); err != nil || !q.Equal(pub) {
				t.Fatalf("UnmarshalBinary(%x): %v", enc, err)
			}
			var q2 PublicKey
			if err := q2.UnmarshalText([]byte(strings.ToUpper(hex.EncodeToString(enc)))); err != nil || !q2.Equal(pub) {
				t.Fatalf("UnmarshalText(%X): %v", enc, err)
			}
		}

		s := k.Scalar()
		if b, err := s.MarshalBinary(); err != nil || !bytes.Equal(b, s.Bytes()) {
			t.Fatalf("Scalar.MarshalBinary = %x, %v", b, err)
		}
		p := pub.Point()
		if b, err := p.MarshalBinary(); err != nil || !bytes.Equal(b, p.BytesCompressed()) {
			t.Fatalf("Point.MarshalBinary = %x, %v", b, err)
		}
		if p.String() != pub.String() {
			t.Fatalf("Point.String = %s, PublicKey.String = %s", p, pub)
		}
	}
	if b, err := NewIdentityPoint().MarshalText(); err != nil || string(b) != "00" {
		t.Errorf("identity MarshalText = %s, %v", b, err)
	}
}

// TestEncodingErrors checks that the zero values are refused with
// ErrUninitialized and malformed input with the decoder's named error,
// leaving the receiver unchanged.
func TestEncodingErrors(t *testing.T) {
	var zpub PublicKey
	var zpt Point
	for name, f := range map[string]func() ([]byte, error){
		"PublicKey.MarshalBinary": zpub.MarshalBinary,
		"PublicKey.MarshalText":   zpub.MarshalText,
		"Point.MarshalBinary":     zpt.MarshalBinary,
		"Point.MarshalText":       zpt.MarshalText,
		"json PublicKey":          func() ([]byte, error) { return json.Marshal(struct{ K PublicKey }{}) },
		"json *PublicKey":         func() ([]byte, error) { return json.Marshal(new(PublicKey)) },
		"json Point":              func() ([]byte, error) { return json.Marshal(struct{ P Point }{}) },
	} {
		if b, err := f(); !errors.Is(err, ErrUninitialized) || b != nil {
			t.Errorf("%s of the zero value = %q, %v; want ErrUninitialized", name, b, err)
		}
	}
	if zpub.String() != "<uninitialized>" || zpt.String() != "<uninitialized>" {
		t.Errorf("String of zero values = %q, %q", zpub.String(), zpt.String())
	}

	k := randomKey(t, testref.Rand(t))
	pub := k.PublicKey()
	c := hex.EncodeToString(pub.BytesCompressed())
	n := hex.EncodeToString(testref.N.FillBytes(make([]byte, 32)))
	offCurve := "02" + strings.Repeat("0", 63) + "5" // x = 5: 5³ + 7 = 132 is not a square mod p
	for _, tc := range []struct {
		text string
		want error
	}{
		{"", ErrPointEncoding},
		{"zz" + c[2:], ErrPointEncoding},
		{c[:65], ErrPointEncoding}, // odd length
		{c[:64], ErrPointEncoding},
		{c + "00", ErrPointEncoding},
		{strings.Repeat("04", 200), ErrPointEncoding},
		{"00", ErrPointEncoding}, // the identity is not a key
		{offCurve, ErrPointNotOnCurve},
		{`"` + c + `"`, ErrPointEncoding},
	} {
		q := *pub
		if err := q.UnmarshalText([]byte(tc.text)); !errors.Is(err, tc.want) || !q.Equal(pub) {
			t.Errorf("PublicKey.UnmarshalText(%q) = %v, want %v and the receiver unchanged", tc.text, err, tc.want)
		}
	}
	if err := json.Unmarshal([]byte(`{"K":"02zz"}`), new(struct{ K PublicKey })); !errors.Is(err, ErrPointEncoding) {
		t.Errorf("json with bad hex: %v", err)
	}
	if err := json.Unmarshal([]byte(`{"K":5}`), new(struct{ K PublicKey })); err == nil {
		t.Error("json number accepted as a public key")
	}
	for _, tc := range []struct {
		text string
		want error
	}{
		{"", ErrScalarLength},
		{"0g" + n[2:], ErrScalarLength},
		{n[:62], ErrScalarLength},
		{n + "00", ErrScalarLength},
		{n, ErrScalarOverflow},
		{strings.Repeat("f", 64), ErrScalarOverflow},
	} {
		s := *k.Scalar()
		if err := s.UnmarshalText([]byte(tc.text)); !errors.Is(err, tc.want) || s.Equal(k.Scalar()) != 1 {
			t.Errorf("Scalar.UnmarshalText(%q) = %v, want %v and the receiver unchanged", tc.text, err, tc.want)
		}
	}
	var pt Point
	pt.Set(pub.Point())
	if err := pt.UnmarshalText([]byte(offCurve)); !errors.Is(err, ErrPointNotOnCurve) || pt.Equal(pub.Point()) != 1 {
		t.Errorf("Point.UnmarshalText(off curve) = %v", err)
	}
	if err := pt.UnmarshalText([]byte("00")); err != nil || pt.IsIdentity() != 1 {
		t.Errorf("Point.UnmarshalText(00) = %v", err)
	}
}

// TestStdlibKeyConventions checks Equal and Public against the standard
// library's conventions: Equal takes any crypto key type and says false for
// another type, Public gives the *PublicKey.
func TestStdlibKeyConventions(t *testing.T) {
	r := testref.Rand(t)
	// randomKey draws edge scalars often: draw j until it differs from k.
	k, j := randomKey(t, r), randomKey(t, r)
	for bytes.Equal(j.Bytes(), k.Bytes()) {
		j = randomKey(t, r)
	}
	k2, _ := NewPrivateKey(k.Bytes())
	pub, ok := k.Public().(*PublicKey)
	if !ok || !pub.Equal(k.PublicKey()) {
		t.Fatalf("Public() = %T", k.Public())
	}
	edPub, edPriv, _ := ed25519.GenerateKey(nil)
	for _, tc := range []struct {
		name string
		got  bool
		want bool
	}{
		{"k == k2", k.Equal(k2), true},
		{"k == j", k.Equal(j), false},
		{"k == ed25519", k.Equal(edPriv), false},
		{"k == nil", k.Equal(nil), false},
		{"k == *PublicKey", k.Equal(pub), false},
		{"pub == k2.Public()", pub.Equal(k2.Public()), true},
		{"pub == j's", pub.Equal(j.PublicKey()), false},
		{"pub == ed25519", pub.Equal(edPub), false},
		{"pub == nil", pub.Equal(nil), false},
		{"pub == PublicKey value", pub.Equal(*pub), false}, // as crypto/ecdsa: pointers only
		{"pub == *PrivateKey", pub.Equal(k), false},
	} {
		if tc.got != tc.want {
			t.Errorf("%s: %v, want %v", tc.name, tc.got, tc.want)
		}
	}
	testref.ExpectPanic(t, "Equal(zero PrivateKey)", "PrivateKey", func() { k.Equal(new(PrivateKey)) })
	testref.ExpectPanic(t, "Equal(zero PublicKey)", "PublicKey", func() { pub.Equal(new(PublicKey)) })
	testref.ExpectPanic(t, "Public of a zero key", "PrivateKey", func() { new(PrivateKey).Public() })
}

// TestEncodingAllocations checks that encoding a public key allocates only
// its result.
func TestEncodingAllocations(t *testing.T) {
	race.SkipAllocs(t)
	k := randomKey(t, testref.Rand(t))
	pub := k.PublicKey()
	s := k.Scalar()
	buf := make([]byte, 0, 128)
	for name, f := range map[string]func(){
		"PublicKey.MarshalBinary": func() { pub.MarshalBinary() },
		"PublicKey.MarshalText":   func() { pub.MarshalText() },
		"Scalar.MarshalText":      func() { s.MarshalText() },
	} {
		if n := testing.AllocsPerRun(100, f); n > 1 {
			t.Errorf("%s: %v allocations, want ≤ 1", name, n)
		}
	}
	for name, f := range map[string]func(){
		"PublicKey.AppendBinary": func() { pub.AppendBinary(buf[:0]) },
		"PublicKey.AppendText":   func() { pub.AppendText(buf[:0]) },
		"PublicKey.UnmarshalText": func() {
			var q PublicKey
			q.UnmarshalText([]byte("0279be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798"))
		},
	} {
		if n := testing.AllocsPerRun(100, f); n != 0 {
			t.Errorf("%s: %v allocations, want 0", name, n)
		}
	}
}

// FuzzUnmarshalText checks the text decoders: no panic, and a value they
// accept re-encodes to the canonical form of the same value.
func FuzzUnmarshalText(f *testing.F) {
	f.Add([]byte("0279be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798"))
	f.Add([]byte("00"))
	f.Add([]byte(strings.Repeat("f", 64)))
	f.Add([]byte(hex.EncodeToString(big.NewInt(1).FillBytes(make([]byte, 32)))))
	f.Fuzz(func(t *testing.T, text []byte) {
		var pub PublicKey
		if err := pub.UnmarshalText(text); err == nil {
			b, _ := hex.DecodeString(string(text))
			q, err := ParsePublicKey(b)
			if err != nil || !q.Equal(&pub) {
				t.Fatalf("UnmarshalText(%q) accepted what ParsePublicKey does not: %v", text, err)
			}
			var back PublicKey
			txt, _ := pub.MarshalText()
			if back.UnmarshalText(txt) != nil || !back.Equal(&pub) {
				t.Fatalf("round trip of %q", text)
			}
		} else if pub.Validate() == nil {
			t.Fatal("a failed UnmarshalText changed the receiver")
		}
		var s Scalar
		if err := s.UnmarshalText(text); err == nil {
			if txt, _ := s.MarshalText(); !strings.EqualFold(string(txt), string(text)) {
				t.Fatalf("Scalar round trip %q → %q", text, txt)
			}
		}
		var p Point
		if err := p.UnmarshalText(text); err == nil {
			var back Point
			txt, _ := p.MarshalText()
			if back.UnmarshalText(txt) != nil || back.Equal(&p) != 1 {
				t.Fatalf("Point round trip of %q", text)
			}
		}
	})
}
