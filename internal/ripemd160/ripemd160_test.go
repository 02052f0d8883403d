package ripemd160

import (
	"encoding/hex"
	"strings"
	"testing"
)

// The test vectors of the RIPEMD-160 specification (Bosselaers' page, "Test
// vectors for RIPEMD-160"), plus block-boundary lengths checked against the
// one-million-'a' vector's structure.
func TestVectors(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"", "9c1185a5c5e9fc54612808977ee8f548b2258d31"},
		{"a", "0bdc9d2d256b3ee9daae347be6f4dc835a467ffe"},
		{"abc", "8eb208f7e05d987a9b044a8e98c6b087f15a0bfc"},
		{"message digest", "5d0689ef49d2fae572b881b123a85ffa21595f36"},
		{"abcdefghijklmnopqrstuvwxyz", "f71c27109c692c1b56bbdceb5b9d2865b3708dbc"},
		{"abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", "12a053384a9c0c88e405a06c27dcf49ada62eb2b"},
		{"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789", "b0e20b6e3116640286ed3a87a5713079b21f5189"},
		{strings.Repeat("1234567890", 8), "9b752e45573d4b39f4dbd3323cab82bf63326bfb"},
		{strings.Repeat("a", 1000000), "52783243c1697bdbe16d37f97f68f08325dc1528"},
	} {
		got := Sum([]byte(tc.in))
		if hex.EncodeToString(got[:]) != tc.want {
			name := tc.in
			if len(name) > 20 {
				name = name[:20] + "…"
			}
			t.Errorf("Sum(%q) = %x, want %s", name, got, tc.want)
		}
	}
}

// TestHash160 checks HASH160 on a compressed public key and its P2PKH hash
// from BIP-352's vectors (the first input of "Simple send: two inputs").
func TestHash160(t *testing.T) {
	pub, _ := hex.DecodeString("025a1e61f898173040e20616d43e9f496fba90338a39faa1ed98fcbaeee4dd9be5")
	got := Hash160(pub)
	if want := "19c2f3ae0ca3b642bd3e49598b8da89f50c14161"; hex.EncodeToString(got[:]) != want {
		t.Errorf("Hash160 = %x, want %s", got, want)
	}
}

func BenchmarkHash160(b *testing.B) {
	pub := make([]byte, 33)
	b.ReportAllocs()
	for b.Loop() {
		Hash160(pub)
	}
}
