package ctdoor

import (
	"reflect"
	"testing"

	"github.com/kestrel-crypto/secp256k1/ct"
	"github.com/kestrel-crypto/secp256k1/internal/group"
)

// TestLayout checks that ct.Generator and ct.Commitment have view's fields,
// of the same types at the same offsets.
func TestLayout(t *testing.T) {
	want := reflect.TypeOf(view{})
	for _, typ := range []reflect.Type{reflect.TypeOf(ct.Generator{}), reflect.TypeOf(ct.Commitment{})} {
		if typ.NumField() != want.NumField() {
			t.Fatalf("%v has %d fields, view %d", typ, typ.NumField(), want.NumField())
		}
		for i := range want.NumField() {
			f, w := typ.Field(i), want.Field(i)
			if f.Type != w.Type || f.Offset != w.Offset {
				t.Errorf("%v field %d is %v %v at %d, view's %v %v at %d", typ, i, f.Name, f.Type, f.Offset, w.Name, w.Type, w.Offset)
			}
		}
	}
}

// TestPoints checks the conversions against the encodings: H's point is
// the one its encoding names, and a commitment's point is blind·G + v·H.
func TestPoints(t *testing.T) {
	h, ok := Generator(ct.GeneratorH())
	if !ok {
		t.Fatal("GeneratorH is not valid through the door")
	}
	var x [32]byte
	h.X.PutBytes(&x)
	if enc := ct.GeneratorH().Bytes(); string(enc[1:]) != string(x[:]) {
		t.Fatal("GeneratorH's x differs through the door")
	}
	c, err := ct.Commit(make([]byte, 32), 1, ct.GeneratorH())
	if err != nil {
		t.Fatal(err)
	}
	p, ok := Commitment(c)
	if !ok || p.Equal(&h) != 1 {
		t.Fatal("the commitment 0·G + 1·H is not H through the door")
	}
	if _, ok := Generator(nil); ok {
		t.Error("a nil Generator is valid")
	}
	if _, ok := Generator(new(ct.Generator)); ok {
		t.Error("a zero Generator is valid")
	}
	if _, ok := Commitment(new(ct.Commitment)); ok {
		t.Error("a zero Commitment is valid")
	}
	var _ group.Affine = p
}
