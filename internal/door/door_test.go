package door

import (
	"bytes"
	"errors"
	"reflect"
	"testing"

	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/internal/field"
	"github.com/kestrel-crypto/secp256k1/internal/group"
	"github.com/kestrel-crypto/secp256k1/internal/scalar"
)

// TestLayout checks what the pointer conversions rely on: each public type
// has exactly the fields of its internal form, of the same types, at the
// same offsets.
func TestLayout(t *testing.T) {
	fieldType := reflect.TypeFor[field.Element]()
	for _, c := range []struct {
		public reflect.Type
		want   []reflect.Type // the public type's fields, in order
		inner  reflect.Type   // the internal form
	}{
		{reflect.TypeFor[secp256k1.Scalar](), []reflect.Type{reflect.TypeFor[scalar.Scalar]()}, reflect.TypeFor[scalar.Scalar]()},
		{reflect.TypeFor[secp256k1.PrivateKey](), []reflect.Type{reflect.TypeFor[secp256k1.Scalar]()}, reflect.TypeFor[scalar.Scalar]()},
		{reflect.TypeFor[secp256k1.Point](), []reflect.Type{reflect.TypeFor[group.Jacobian]()}, reflect.TypeFor[group.Jacobian]()},
		{reflect.TypeFor[secp256k1.PublicKey](), []reflect.Type{fieldType, fieldType}, reflect.TypeFor[group.Affine]()},
	} {
		if c.public.NumField() != len(c.want) {
			t.Errorf("%v has %d fields, want %d", c.public, c.public.NumField(), len(c.want))
			continue
		}
		if c.public.Size() != c.inner.Size() {
			t.Errorf("%v is %d bytes, %v %d", c.public, c.public.Size(), c.inner, c.inner.Size())
		}
		for i, w := range c.want {
			f := c.public.Field(i)
			if f.Type != w {
				t.Errorf("%v field %d (%s) is %v, want %v", c.public, i, f.Name, f.Type, w)
			}
			// A multi-field public type mirrors the internal struct field
			// by field.
			if len(c.want) > 1 && f.Offset != c.inner.Field(i).Offset {
				t.Errorf("%v field %s at offset %d, %v's at %d", c.public, f.Name, f.Offset, c.inner, c.inner.Field(i).Offset)
			}
			if len(c.want) == 1 && f.Offset != 0 {
				t.Errorf("%v field %s at offset %d, want 0", c.public, f.Name, f.Offset)
			}
		}
	}
}

// TestRoundTrip checks the conversions against the encodings, on random
// values: what the door reads is what the bytes say, and what it writes
// reads back through the public API.
func TestRoundTrip(t *testing.T) {
	for range 200 {
		k, err := secp256k1.GeneratePrivateKey()
		if err != nil {
			t.Fatal(err)
		}
		// PrivateKey and Scalar.
		s, err := PrivateKey(k)
		if err != nil {
			t.Fatal(err)
		}
		var b [32]byte
		s.PutBytes(&b)
		if !bytes.Equal(b[:], k.Bytes()) {
			t.Fatalf("PrivateKey: %x, want %x", b, k.Bytes())
		}
		if v := Scalar(k.Scalar()); v.Equal(&s) != 1 {
			t.Fatal("Scalar(k.Scalar()) differs from PrivateKey(k)")
		}
		k2, err := NewPrivateKey(&s)
		if err != nil || !k2.Equal(k) {
			t.Fatalf("NewPrivateKey: %v, equal %v", err, err == nil && k2.Equal(k))
		}
		if got := NewScalar(&s).Bytes(); !bytes.Equal(got, k.Bytes()) {
			t.Fatalf("NewScalar: %x, want %x", got, k.Bytes())
		}

		// PublicKey.
		pub := k.PublicKey()
		a, err := PublicKey(pub)
		if err != nil {
			t.Fatal(err)
		}
		var u [65]byte
		u[0] = 4
		a.X.PutBytes((*[32]byte)(u[1:33]))
		a.Y.PutBytes((*[32]byte)(u[33:]))
		if !bytes.Equal(u[:], pub.BytesUncompressed()) {
			t.Fatalf("PublicKey: %x, want %x", u, pub.BytesUncompressed())
		}
		if !NewPublicKey(&a).Equal(pub) {
			t.Fatal("NewPublicKey(PublicKey(pub)) != pub")
		}

		// Point, in Jacobian coordinates with Z ≠ 1.
		P := pub.Point()
		P.Add(P, secp256k1.NewGeneratorPoint())
		j := Point(P)
		var ja group.Affine
		ja.SetJacobian(&j)
		want := P.Bytes()
		if got := NewAffinePoint(&ja).Bytes(); !bytes.Equal(got, want) {
			t.Fatalf("Point: %x, want %x", got, want)
		}
		if got := NewPoint(&j); got.Equal(P) != 1 {
			t.Fatal("NewPoint(Point(P)) != P")
		}
	}
}

func TestZeroValues(t *testing.T) {
	if _, err := PrivateKey(nil); !errors.Is(err, secp256k1.ErrUninitialized) {
		t.Errorf("PrivateKey(nil): %v", err)
	}
	if _, err := PrivateKey(new(secp256k1.PrivateKey)); !errors.Is(err, secp256k1.ErrUninitialized) {
		t.Errorf("PrivateKey(zero): %v", err)
	}
	if _, err := PublicKey(nil); !errors.Is(err, secp256k1.ErrUninitialized) {
		t.Errorf("PublicKey(nil): %v", err)
	}
	if _, err := PublicKey(new(secp256k1.PublicKey)); !errors.Is(err, secp256k1.ErrUninitialized) {
		t.Errorf("PublicKey(zero): %v", err)
	}
	var zero scalar.Scalar
	if _, err := NewPrivateKey(&zero); !errors.Is(err, secp256k1.ErrPrivateKey) {
		t.Errorf("NewPrivateKey(0): %v", err)
	}
	for name, f := range map[string]func(){
		"Point(nil)":          func() { Point(nil) },
		"Point(zero)":         func() { Point(new(secp256k1.Point)) },
		"NewPublicKey(zero)":  func() { NewPublicKey(new(group.Affine)) },
		"MustPublicKey(nil)":  func() { MustPublicKey(nil) },
		"MustPublicKey(zero)": func() { MustPublicKey(new(secp256k1.PublicKey)) },
	} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("%s did not panic", name)
				}
			}()
			f()
		}()
	}

	// The identity survives the trip with the root package's form.
	id := secp256k1.NewIdentityPoint()
	j := Point(id)
	if j.IsIdentity() != 1 {
		t.Fatal("Point(identity) is not the identity")
	}
	var raw group.Jacobian // Z = 0 with other X, Y: still the identity
	raw.X.One()
	raw.Y.One()
	if NewPoint(&raw).Equal(id) != 1 || !bytes.Equal(NewPoint(&raw).Bytes(), []byte{0}) {
		t.Fatal("NewPoint of an identity with X = Y = 1 is not the root's identity")
	}
}
