package ellswift

import (
	"bytes"
	"crypto/sha256"
	"errors"
	"testing"

	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/ecdh"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref"
)

// addDecodeSeeds adds the BIP-324 decoding vectors to a fuzz corpus.
func addDecodeSeeds(f *testing.F) {
	for _, r := range loadCSV(f, "ellswift_decode_test_vectors.csv", "ellswift", 76) {
		f.Add(testref.Hex(f, r[0]))
	}
}

// FuzzDecode checks that Decode never panics, errors exactly for lengths
// other than 64, and always returns a valid key (its encoding re-parses)
// whose x is the math/big transcript's XSwiftEC(u, t) and whose y has the
// parity of t.
func FuzzDecode(f *testing.F) {
	addDecodeSeeds(f)
	f.Add([]byte{})
	f.Add(make([]byte, 63))
	f.Add(bytes.Repeat([]byte{0xff}, 64))
	f.Fuzz(func(t *testing.T, enc []byte) {
		pub, err := Decode(enc)
		if len(enc) != 64 {
			if !errors.Is(err, ErrEncodingLength) || pub != nil {
				t.Fatalf("Decode of %d bytes: %v", len(enc), err)
			}
			return
		}
		if err != nil {
			t.Fatalf("Decode(%x): %v", enc, err)
		}
		checkDecoded(t, enc, pub)
	})
}

// FuzzXDH feeds XDH an arbitrary peer encoding (any length) with a key taken
// from the input. It checks the error contract, the secret against package
// ecdh on the decoded peer key, and that two parties with keys derived from
// the input agree.
func FuzzXDH(f *testing.F) {
	seedKey := bytes.Repeat([]byte{0x42}, 32)
	for _, r := range loadCSV(f, "packet_encoding_test_vectors.csv", "in_idx", 7) {
		k, theirs := testref.Hex(f, r[1]), testref.Hex(f, r[3])
		f.Add(theirs, k, []byte(nil), r[4] == "1")
	}
	f.Add(make([]byte, 64), seedKey, []byte("aux"), true)
	f.Add(make([]byte, 65), seedKey, []byte(nil), false)
	f.Add([]byte{}, []byte{}, []byte{}, false)
	f.Fuzz(func(t *testing.T, peer, keyBytes, aux []byte, initiating bool) {
		k, err := secp256k1.NewPrivateKey(keyBytes)
		if err != nil {
			h := sha256.Sum256(keyBytes)
			if k, err = secp256k1.NewPrivateKey(h[:]); err != nil {
				return
			}
		}
		a := sha256.Sum256(aux)
		ours, err := Create(k, a[:])
		if err != nil {
			t.Fatal(err)
		}
		ellA, ellB := peer, ours
		if initiating {
			ellA, ellB = ours, peer
		}
		s, err := XDH(ellA, ellB, k, initiating)
		if len(peer) != 64 {
			if !errors.Is(err, ErrEncodingLength) || s != nil {
				t.Fatalf("XDH with a %d-byte peer encoding: %v", len(peer), err)
			}
			return
		}
		if err != nil {
			t.Fatal(err)
		}
		peerPub, err := Decode(peer)
		if err != nil {
			t.Fatal(err)
		}
		if want := BIP324Hash(ecdh.SharedX(k, peerPub), ellA, ellB); !bytes.Equal(s, want) {
			t.Fatalf("XDH = %x, want %x", s, want)
		}

		// A second party with a key derived from the input: both agree.
		h := sha256.Sum256(append(bytes.Clone(peer), keyBytes...))
		k2, err := secp256k1.NewPrivateKey(h[:])
		if err != nil {
			return
		}
		theirs, _ := Create(k2, h[:])
		ellA, ellB = theirs, ours
		if initiating {
			ellA, ellB = ours, theirs
		}
		s1, err1 := XDH(ellA, ellB, k, initiating)
		s2, err2 := XDH(ellA, ellB, k2, !initiating)
		if err1 != nil || err2 != nil || !bytes.Equal(s1, s2) {
			t.Fatalf("the parties disagree (%v, %v)", err1, err2)
		}
	})
}
