package hexenc

import (
	"bytes"
	"errors"
	"testing"
)

func TestDecodeInto(t *testing.T) {
	errKind := errors.New("kind")
	dst := make([]byte, 2)
	if err := DecodeInto(dst, []byte("0aFf"), errKind); err != nil || !bytes.Equal(dst, []byte{0x0a, 0xff}) {
		t.Fatalf("DecodeInto(0aFf) = %x, %v", dst, err)
	}
	for _, bad := range []string{"", "0a", "0aff00", "0g00", "0a f"} {
		if err := DecodeInto(make([]byte, 2), []byte(bad), errKind); !errors.Is(err, errKind) {
			t.Errorf("DecodeInto(%q) = %v, want an error wrapping errKind", bad, err)
		}
	}
}
