package secp256k1

import (
	"bytes"
	"errors"
	"testing"
)

// TestErrorDetail checks that the errors for an input of the wrong length
// or with an unknown prefix say what was wrong: each wraps its sentinel
// (errors.Is finds it), starts with the sentinel's message and goes on
// with the detail. A well-formed input of the right length that is still
// rejected (a key of value 0) gets the sentinel itself.
func TestErrorDetail(t *testing.T) {
	k, _ := NewPrivateKey(bytes.Repeat([]byte{7}, 32))
	pub := k.PublicKey()
	comp := pub.BytesCompressed()
	unc := pub.BytesUncompressed()
	with := func(b []byte, prefix byte) []byte {
		return append([]byte{prefix}, b[1:]...)
	}
	tweak := make([]byte, 32)
	cases := []struct {
		name   string
		f      func() error
		want   error
		detail string
	}{
		{"NewPrivateKey 31 bytes", func() error { _, err := NewPrivateKey(make([]byte, 31)); return err }, ErrPrivateKey, "want 32 bytes, got 31"},
		{"NewPrivateKey 33 bytes", func() error { _, err := NewPrivateKey(make([]byte, 33)); return err }, ErrPrivateKey, "want 32 bytes, got 33"},
		{"NewPrivateKey nil", func() error { _, err := NewPrivateKey(nil); return err }, ErrPrivateKey, "want 32 bytes, got 0"},
		{"NewPrivateKey 0", func() error { _, err := NewPrivateKey(make([]byte, 32)); return err }, ErrPrivateKey, ""},
		{"ParsePublicKey 2 bytes", func() error { _, err := ParsePublicKey([]byte{2, 1}); return err }, ErrPointEncoding, "want 33 or 65 bytes, got 2"},
		{"ParsePublicKey 32 bytes", func() error { _, err := ParsePublicKey(comp[1:]); return err }, ErrPointEncoding, "want 33 or 65 bytes, got 32"},
		{"ParsePublicKey 0x00", func() error { _, err := ParsePublicKey([]byte{0}); return err }, ErrPointEncoding, "want 33 or 65 bytes, got 1"},
		{"ParsePublicKey 33 bytes, 0x04", func() error { _, err := ParsePublicKey(with(comp, 4)); return err }, ErrPointEncoding, "prefix 0x04 of 33 bytes, want 0x02 or 0x03"},
		{"ParsePublicKey 65 bytes, 0x02", func() error { _, err := ParsePublicKey(with(unc, 2)); return err }, ErrPointEncoding, "prefix 0x02 of 65 bytes, want 0x04, 0x06 or 0x07"},
		{"PublicKey.UnmarshalBinary 64 bytes", func() error { return new(PublicKey).UnmarshalBinary(unc[1:]) }, ErrPointEncoding, "want 33 or 65 bytes, got 64"},
		{"PublicKey.UnmarshalText 2 bytes", func() error { return new(PublicKey).UnmarshalText([]byte("0201")) }, ErrPointEncoding, "want 33 or 65 bytes, got 2"},
		{"Point.SetBytes 2 bytes", func() error { _, err := new(Point).SetBytes([]byte{0, 0}); return err }, ErrPointEncoding, "want 1, 33 or 65 bytes, got 2"},
		{"Point.SetBytes 0x01", func() error { _, err := new(Point).SetBytes([]byte{1}); return err }, ErrPointEncoding, "1 byte 0x01, want 0x00 (the identity)"},
		{"Point.SetBytes 33 bytes, 0x00", func() error { _, err := new(Point).SetBytes(with(comp, 0)); return err }, ErrPointEncoding, "prefix 0x00 of 33 bytes, want 0x02 or 0x03"},
		{"Point.SetXOnlyBytes 33 bytes", func() error { _, err := new(Point).SetXOnlyBytes(comp); return err }, ErrPointEncoding, "want 32 bytes, got 33"},
		{"Scalar.SetCanonicalBytes 31 bytes", func() error { _, err := new(Scalar).SetCanonicalBytes(make([]byte, 31)); return err }, ErrScalarLength, "want 32 bytes, got 31"},
		{"Scalar.SetReducedBytes 64 bytes", func() error { _, err := new(Scalar).SetReducedBytes(make([]byte, 64)); return err }, ErrScalarLength, "want 32 bytes, got 64"},
		{"Scalar.SetUniformBytes 32 bytes", func() error { _, err := new(Scalar).SetUniformBytes(make([]byte, 32)); return err }, ErrScalarLength, "want 64 bytes, got 32"},
		{"Scalar.UnmarshalText 1 byte", func() error { return new(Scalar).UnmarshalText([]byte("01")) }, ErrScalarLength, "want 32 bytes, got 1"},
		{"PrivateKey.TweakAdd 31 bytes", func() error { _, err := k.TweakAdd(tweak[:31]); return err }, ErrTweak, "want 32 bytes, got 31"},
		{"PrivateKey.TweakMul 0", func() error { _, err := k.TweakMul(tweak); return err }, ErrTweak, ""},
		{"PublicKey.TweakMul 33 bytes", func() error { _, err := pub.TweakMul(append(tweak, 1)); return err }, ErrTweak, "want 32 bytes, got 33"},
	}
	for _, c := range cases {
		err := c.f()
		if !errors.Is(err, c.want) {
			t.Errorf("%s: %v, want %v", c.name, err, c.want)
			continue
		}
		if c.detail == "" {
			if err != c.want {
				t.Errorf("%s: %q, want the sentinel %q itself", c.name, err, c.want)
			}
			continue
		}
		if want := c.want.Error() + ": " + c.detail; err.Error() != want {
			t.Errorf("%s: %q, want %q", c.name, err, want)
		}
	}
}
