package testref

import (
	"bytes"
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
