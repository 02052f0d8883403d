package auxrand

import (
	"bytes"
	"testing"
)

func TestRead(t *testing.T) {
	var aux [32]byte
	in := bytes.Repeat([]byte{7}, 32)
	if !Read(&aux, in) || !bytes.Equal(aux[:], in) {
		t.Fatal("32 bytes are not copied")
	}
	var a, b [32]byte
	if !Read(&a, nil) || !Read(&b, nil) || a == b || a == [32]byte{} {
		t.Fatal("nil does not give fresh random bytes")
	}
	for _, n := range []int{0, 31, 33} {
		if Read(&aux, make([]byte, n)) {
			t.Errorf("%d bytes accepted", n)
		}
	}
}
