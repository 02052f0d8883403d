package whitelist

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"testing"

	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/race"
)

// benchKey is zkp's bench_whitelist key: SHA-256("whitelist" ‖ le32(num)).
func benchKey(tb testing.TB, num uint32) *secp256k1.PrivateKey {
	var b [13]byte
	copy(b[:], "whitelist")
	binary.LittleEndian.PutUint32(b[9:], num)
	h := sha256.Sum256(b[:])
	k, err := secp256k1.NewPrivateKey(h[:])
	if err != nil {
		tb.Fatal(err)
	}
	return k
}

// benchWhitelist is zkp's bench_whitelist setup for n keys: the sub key,
// and online and offline keys from counters; it returns the keys and the
// secret keys of signer 0.
func benchWhitelist(tb testing.TB, n int) (online, offline []*secp256k1.PublicKey, sub *secp256k1.PublicKey, onSK, sumSK *secp256k1.PrivateKey) {
	subSK := benchKey(tb, 0)
	sub = subSK.PublicKey()
	for i := range n {
		on := benchKey(tb, uint32(i+1))
		off := benchKey(tb, uint32(i+1+30))
		online = append(online, on.PublicKey())
		offline = append(offline, off.PublicKey())
		if i == 0 {
			var s secp256k1.Scalar
			s.Add(off.Scalar(), subSK.Scalar())
			sum, err := secp256k1.NewPrivateKeyFromScalar(&s)
			if err != nil {
				tb.Fatal(err)
			}
			onSK, sumSK = on, sum
		}
	}
	return online, offline, sub, onSK, sumSK
}

func TestSignVerify(t *testing.T) {
	for _, n := range []int{1, 2, 10, 30} {
		online, offline, sub, onSK, sumSK := benchWhitelist(t, n)
		sig, err := Sign(online, offline, sub, onSK, sumSK, 0)
		if err != nil {
			t.Fatalf("n=%d: %v", n, err)
		}
		if sig.NumKeys() != n || len(sig.Bytes()) != 1+32*(n+1) {
			t.Fatalf("n=%d: %d keys, %d bytes", n, sig.NumKeys(), len(sig.Bytes()))
		}
		if !Verify(sig, online, offline, sub) {
			t.Fatalf("n=%d: a signature does not verify", n)
		}
		again, err := ParseSignature(sig.Bytes())
		if err != nil || !bytes.Equal(again.Bytes(), sig.Bytes()) || !Verify(again, online, offline, sub) {
			t.Fatalf("n=%d: round trip: %v", n, err)
		}
		if Verify(sig, online, offline, online[0]) {
			t.Fatalf("n=%d: verifies for another sub key", n)
		}
		if n > 1 && Verify(sig, online[1:], offline[1:], sub) {
			t.Fatalf("n=%d: verifies for fewer keys", n)
		}
		b := sig.Bytes()
		b[len(b)-1] ^= 1
		bad, _ := ParseSignature(b)
		if Verify(bad, online, offline, sub) {
			t.Fatalf("n=%d: a changed signature verifies", n)
		}
	}
}

func TestErrors(t *testing.T) {
	online, offline, sub, onSK, sumSK := benchWhitelist(t, 3)
	for _, tc := range []struct {
		name        string
		on, off     []*secp256k1.PublicKey
		sub         *secp256k1.PublicKey
		onSK, sumSK *secp256k1.PrivateKey
		index       int
		want        error
	}{
		{"lengths", online, offline[:2], sub, onSK, sumSK, 0, ErrKeys},
		{"none", nil, nil, sub, onSK, sumSK, 0, ErrKeys},
		{"index", online, offline, sub, onSK, sumSK, 3, ErrKeys},
		{"negative index", online, offline, sub, onSK, sumSK, -1, ErrKeys},
		{"nil sub", online, offline, nil, onSK, sumSK, 0, ErrKeys},
		{"zero key", []*secp256k1.PublicKey{online[0], new(secp256k1.PublicKey), online[2]}, offline, sub, onSK, sumSK, 0, ErrKeys},
		{"nil secret", online, offline, sub, nil, sumSK, 0, ErrKeys},
		{"zero secret", online, offline, sub, onSK, new(secp256k1.PrivateKey), 0, ErrKeys},
		{"wrong signer", online, offline, sub, onSK, sumSK, 1, ErrSignFailed},
	} {
		if sig, err := Sign(tc.on, tc.off, tc.sub, tc.onSK, tc.sumSK, tc.index); !errors.Is(err, tc.want) || sig != nil {
			t.Errorf("%s: Sign: %v; want %v", tc.name, err, tc.want)
		}
	}
	if Verify(nil, online, offline, sub) || Verify(&Signature{}, online, offline, sub) {
		t.Error("a nil or empty signature verifies")
	}
	// zkp's test_whitelist_bad_parse: empty, 32 bytes, and no s value.
	seq := []byte{0, 1, 2, 3, 4, 5, 6, 7}
	e0 := bytes.Repeat(seq, 4)
	for _, b := range [][]byte{nil, {33}, append([]byte{0}, e0[:31]...), append([]byte{1}, e0...)} {
		if _, err := ParseSignature(b); !errors.Is(err, ErrEncoding) {
			t.Errorf("ParseSignature(%x): %v", b, err)
		}
	}
	if sig, err := ParseSignature(append([]byte{0}, e0...)); err != nil || sig.NumKeys() != 0 {
		t.Errorf("ParseSignature of no keys: %v", err)
	}
}

// TestVerifyAllocs checks that Verify does not allocate, for rings of up
// to sixteen keys (one chunk of lanes) and above (17 and 50).
func TestVerifyAllocs(t *testing.T) {
	race.SkipAllocs(t)
	for _, n := range []int{1, 5, 16, 17, 50} {
		online, offline, sub, onSK, sumSK := benchWhitelist(t, n)
		sig, err := Sign(online, offline, sub, onSK, sumSK, 0)
		if err != nil {
			t.Fatal(err)
		}
		allocs := testing.AllocsPerRun(10, func() {
			if !Verify(sig, online, offline, sub) {
				t.Fatalf("n=%d: does not verify", n)
			}
		})
		if allocs != 0 {
			t.Errorf("n=%d: %v allocations", n, allocs)
		}
	}
}
