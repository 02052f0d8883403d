package testref

import (
	"fmt"
	"math/big"
	"slices"
	"testing"
)

func (r *recorder) Errorf(format string, args ...any) {
	r.fatals = append(r.fatals, fmt.Sprintf(format, args...))
}

func TestSecretTexts(t *testing.T) {
	b := make([]byte, 32)
	for i := range b {
		b[i] = byte(i + 1)
	}
	got := SecretTexts(b)
	x := new(big.Int).SetBytes(b)
	mask := new(big.Int).SetUint64(^uint64(0))
	for i := range 4 {
		w := new(big.Int).And(new(big.Int).Rsh(x, uint(64*i)), mask).Uint64()
		for _, s := range []string{fmt.Sprint(w), fmt.Sprintf("%x", w), fmt.Sprintf("%X", w)} {
			if !slices.Contains(got, s) {
				t.Errorf("limb %d as %q missing from %q", i, s, got)
			}
		}
	}
	if !slices.Contains(got, fmt.Sprintf("%064x", x)) || !slices.Contains(got, fmt.Sprintf("%064X", x)) {
		t.Errorf("hex missing from %q", got)
	}
}

type redacted struct{ secret [4]uint64 }

func (redacted) Format(f fmt.State, verb rune) { fmt.Fprint(f, "REDACTED") }

func TestCheckRedacted(t *testing.T) {
	secret := [4]uint64{0x0123456789abcdef, 2, 3, 4}
	secrets := []string{"123456789abcdef"}
	var rec recorder
	CheckRedacted(&rec, secrets, redacted{secret}, &redacted{secret})
	if len(rec.fatals) != 0 {
		t.Errorf("a redacted value failed: %q", rec.fatals)
	}
	CheckRedacted(&rec, secrets, struct{ s [4]uint64 }{secret})
	if len(rec.fatals) == 0 {
		t.Error("a value that prints its secret passed")
	}
}

func TestExpectPanic(t *testing.T) {
	for _, c := range []struct {
		name string
		f    func()
		ok   bool
	}{
		{"matching panic", func() { panic("pkg: use of an uninitialized Thing") }, true},
		{"other panic", func() { panic("pkg: something else") }, false},
		{"no panic", func() {}, false},
		{"non-string panic", func() { panic(fmt.Errorf("uninitialized Thing")) }, false},
	} {
		var rec recorder
		ExpectPanic(&rec, c.name, "uninitialized Thing", c.f)
		if (len(rec.fatals) == 0) != c.ok {
			t.Errorf("%s: failures %q", c.name, rec.fatals)
		}
	}
}
