package testref

import (
	"bytes"
	"encoding/json"
	"testing"
)

func TestHex(t *testing.T) {
	if got := Hex(t, "00fFa5"); !bytes.Equal(got, []byte{0x00, 0xff, 0xa5}) {
		t.Fatalf("Hex = %x", got)
	}
	if got := Hex(t, ""); len(got) != 0 {
		t.Fatalf("Hex(\"\") = %x", got)
	}
	for _, s := range []string{"0", "zz", "0x00"} {
		rec := &recorder{TB: t}
		Hex(rec, s)
		if len(rec.fatals) != 1 {
			t.Errorf("Hex(%q) failed the test %d times, want once", s, len(rec.fatals))
		}
	}
}

func TestMustHex(t *testing.T) {
	if got := MustHex("00fFa5"); !bytes.Equal(got, []byte{0x00, 0xff, 0xa5}) {
		t.Fatalf("MustHex = %x", got)
	}
	for _, s := range []string{"0", "zz", "0x00"} {
		if ErrorOrPanic(func() error { MustHex(s); return nil }) == nil {
			t.Errorf("MustHex(%q) did not panic", s)
		}
	}
}

func TestBigHex(t *testing.T) {
	if got := BigHex("fFfe"); got.Int64() != 0xfffe {
		t.Fatalf("BigHex = %v", got)
	}
	if got := BigHex("0"); got.Sign() != 0 {
		t.Fatalf("BigHex(0) = %v", got)
	}
	for _, s := range []string{"", "zz", "0x00", "-1"} {
		if ErrorOrPanic(func() error { BigHex(s); return nil }) == nil {
			t.Errorf("BigHex(%q) did not panic", s)
		}
	}
}

func TestHexBytes(t *testing.T) {
	var v struct{ A, B, C HexBytes }
	if err := json.Unmarshal([]byte(`{"A": "00fFa5", "B": "", "C": null}`), &v); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(v.A, []byte{0x00, 0xff, 0xa5}) || v.B == nil || len(v.B) != 0 || v.C != nil {
		t.Fatalf("decoded %#v", v)
	}
	for _, bad := range []string{`"0"`, `"zz"`, `1`, `"0x00"`} {
		var h HexBytes
		if err := json.Unmarshal([]byte(bad), &h); err == nil {
			t.Errorf("%s decoded to %x", bad, h)
		}
	}
}
