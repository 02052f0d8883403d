package rangeproof

import (
	"testing"

	"github.com/kestrel-crypto/secp256k1/ct"
)

func benchProof(b *testing.B, v uint64, minBits int) (*ct.Commitment, []byte, []byte, []byte) {
	blind, nonce, _ := fixture(b)
	c, err := ct.Commit(blind, v, ct.GeneratorH())
	if err != nil {
		b.Fatal(err)
	}
	p, err := Sign(v, 0, 0, minBits, nonce, nil, nil, c, blind, ct.GeneratorH())
	if err != nil {
		b.Fatal(err)
	}
	return c, blind, nonce, p
}

func BenchmarkSign64(b *testing.B) {
	c, blind, nonce, _ := benchProof(b, 0x0123456789abcdef, 64)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Sign(0x0123456789abcdef, 0, 0, 64, nonce, nil, nil, c, blind, ct.GeneratorH()); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkVerify64(b *testing.B) {
	c, _, _, p := benchProof(b, 0x0123456789abcdef, 64)
	b.ReportAllocs()
	for b.Loop() {
		if _, _, err := Verify(p, c, nil, ct.GeneratorH()); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkRewind64(b *testing.B) {
	c, _, nonce, p := benchProof(b, 0x0123456789abcdef, 64)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Rewind(p, nonce, c, nil, ct.GeneratorH()); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkVerify32(b *testing.B) {
	c, _, _, p := benchProof(b, 0, 32)
	b.ReportAllocs()
	for b.Loop() {
		if _, _, err := Verify(p, c, nil, ct.GeneratorH()); err != nil {
			b.Fatal(err)
		}
	}
}
