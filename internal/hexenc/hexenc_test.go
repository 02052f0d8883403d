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

func TestAppendDecode(t *testing.T) {
	errKind := errors.New("kind")
	var buf [3]byte
	for _, text := range []string{"", "0a", "0aFf", "0aff00"} {
		b, err := AppendDecode(buf[:0], []byte(text), len(buf), errKind)
		if err != nil || len(b) != len(text)/2 || &b[:1][0] != &buf[0] {
			t.Fatalf("AppendDecode(%q) = %x, %v: want %d bytes in dst", text, b, err, len(text)/2)
		}
	}
	if b, _ := AppendDecode(buf[:0], []byte("0aFf"), len(buf), errKind); !bytes.Equal(b, []byte{0x0a, 0xff}) {
		t.Errorf("AppendDecode(0aFf) = %x", b)
	}
	for _, bad := range []string{"0aff0000", "0", "0g", "0a f"} {
		if b, err := AppendDecode(buf[:0], []byte(bad), len(buf), errKind); !errors.Is(err, errKind) || b != nil {
			t.Errorf("AppendDecode(%q) = %x, %v, want an error wrapping errKind", bad, b, err)
		}
	}
}
