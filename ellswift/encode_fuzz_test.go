package ellswift

import (
	"bytes"
	"errors"
	"math/big"
	"testing"

	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref"
)

// FuzzEncode encodes the public key that key parses to (or the public key of
// key, if it is a valid private key) with the randomness rnd, and creates the
// encoding of the private key with auxRand rnd. It checks the error contract
// (ErrRandomness exactly for an rnd that is not 32 bytes; a nil auxRand
// draws from crypto/rand), that Decode returns the key, determinism, and the
// encodings against the math/big transcript of libsecp256k1's generator
// (reference_test.go). It also checks BIP324Hash, which takes inputs of any
// length, against a tagged hash computed with crypto/sha256.
func FuzzEncode(f *testing.F) {
	validKey := bytes.Repeat([]byte{0x42}, 32)
	keys := append(testref.ScalarEdges(), []byte{0}, validKey,
		testref.Compressed(testref.G), testref.Uncompressed(testref.G))
	rnds := [][]byte{nil, {}, make([]byte, 31), make([]byte, 32), make([]byte, 33), bytes.Repeat([]byte{0xff}, 32), validKey}
	for _, k := range keys {
		for _, r := range rnds {
			f.Add(k, r)
		}
	}
	f.Fuzz(func(t *testing.T, key, rnd []byte) {
		// BIP324Hash is the tagged hash of ellA ‖ ellB ‖ x for any lengths.
		if got, want := BIP324Hash(rnd, key, rnd), testref.TaggedHash("bip324_ellswift_xonly_ecdh", key, rnd, rnd); !bytes.Equal(got, want[:]) {
			t.Fatalf("BIP324Hash(%x, %x, %x) = %x, want %x", rnd, key, rnd, got, want)
		}

		if pub, err := secp256k1.ParsePublicKey(key); err == nil {
			fuzzEncodePublicKey(t, pub, rnd)
		}
		k, err := secp256k1.NewPrivateKey(key)
		if err != nil {
			return
		}
		pub := k.PublicKey()
		fuzzEncodePublicKey(t, pub, rnd)

		enc, err := Create(k, rnd)
		switch {
		case rnd == nil:
			// crypto/rand: a valid encoding of pub, and another one next time.
			if err != nil || len(enc) != 64 {
				t.Fatalf("Create(%x, nil) = %x, %v", key, enc, err)
			}
			if got, err := Decode(enc); err != nil || !bytes.Equal(got.BytesCompressed(), pub.BytesCompressed()) {
				t.Fatalf("Decode(Create(%x, nil)) = %v, %v", key, got, err)
			}
			if again, _ := Create(k, nil); bytes.Equal(enc, again) {
				t.Fatalf("Create(%x, nil) gave %x twice", key, enc)
			}
		case len(rnd) != 32:
			if enc != nil || !errors.Is(err, ErrRandomness) {
				t.Fatalf("Create with %d bytes of auxRand = %x, %v", len(rnd), enc, err)
			}
		default:
			if err != nil || len(enc) != 64 {
				t.Fatalf("Create(%x, %x) = %x, %v", key, rnd, enc, err)
			}
			if got, err := Decode(enc); err != nil || !bytes.Equal(got.BytesCompressed(), pub.BytesCompressed()) {
				t.Fatalf("Decode(Create(%x, %x)) = %v, %v", key, rnd, got, err)
			}
			if again, _ := Create(k, rnd); !bytes.Equal(enc, again) {
				t.Fatalf("Create(%x, %x) is not deterministic", key, rnd)
			}
			c := pub.BytesCompressed()
			key64 := append(bytes.Clone(key), make([]byte, 32)...)
			want := refElligatorSwift("secp256k1_ellswift_create", key64, rnd, new(big.Int).SetBytes(c[1:]), uint(c[0]&1))
			if !bytes.Equal(enc, want) {
				t.Fatalf("Create(%x, %x) = %x, want %x (reference generator)", key, rnd, enc, want)
			}
		}
	})
}

// fuzzEncodePublicKey checks Encode(pub, rnd) for FuzzEncode.
func fuzzEncodePublicKey(t *testing.T, pub *secp256k1.PublicKey, rnd []byte) {
	t.Helper()
	c := pub.BytesCompressed()
	enc, err := Encode(pub, rnd)
	if len(rnd) != 32 {
		if enc != nil || !errors.Is(err, ErrRandomness) {
			t.Fatalf("Encode with %d bytes of rnd = %x, %v", len(rnd), enc, err)
		}
		return
	}
	if err != nil || len(enc) != 64 {
		t.Fatalf("Encode(%x, %x) = %x, %v", c, rnd, enc, err)
	}
	got, err := Decode(enc)
	if err != nil || !bytes.Equal(got.BytesCompressed(), c) {
		t.Fatalf("Decode(Encode(%x, %x)) = %v, %v", c, rnd, got, err)
	}
	checkDecoded(t, enc, got)
	if again, _ := Encode(pub, rnd); !bytes.Equal(enc, again) {
		t.Fatalf("Encode(%x, %x) is not deterministic", c, rnd)
	}
	key64 := append(bytes.Clone(c), make([]byte, 31)...)
	want := refElligatorSwift("secp256k1_ellswift_encode", key64, rnd, new(big.Int).SetBytes(c[1:]), uint(c[0]&1))
	if !bytes.Equal(enc, want) {
		t.Fatalf("Encode(%x, %x) = %x, want %x (reference generator)", c, rnd, enc, want)
	}
}
